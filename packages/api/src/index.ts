import { createRootApp } from "./app.ts";
import { createAdminApp } from "./routes/admin.ts";
import { registerDocs } from "./routes/docs.ts";
import { createV1App } from "./routes/v1.ts";
import { createDashboardApp } from "./dashboard/index.ts";
import { createWebhookApp } from "./routes/webhooks.ts";
import type { Services } from "@winnow/services";
import type { AtsRuntime } from "@winnow/ats";

export { ErrorCode } from "./errors.ts";

/** The whole HTTP surface: /v1 (public API), /admin, /dashboard, /webhooks, /docs, /health. Same app locally and on Lambda. */
export function createApp(services: Services, options: { ats?: AtsRuntime } = {}) {
  const v1 = createV1App();
  const app = createRootApp(services, { v1, admin: createAdminApp(), docs: (app) => registerDocs(app, v1), webhooks: createWebhookApp(), ats: options.ats });
  app.route("/dashboard", createDashboardApp());
  return app;
}
