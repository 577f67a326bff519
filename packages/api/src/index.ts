import { createRootApp } from "./app.ts";
import { createAdminApp } from "./routes/admin.ts";
import { registerDocs } from "./routes/docs.ts";
import { createV1App } from "./routes/v1.ts";
import { createDashboardApp } from "./dashboard/index.ts";
import { createWebhookApp } from "./routes/webhooks.ts";
import type { Services } from "@winnow/services";
import type { AtsRuntime } from "@winnow/ats";
import type { SyncLauncher } from "./sync-launcher.ts";

export { ErrorCode } from "./errors.ts";
export { REQUEST_ID_MAX_LENGTH } from "./app.ts";
export { inProcessSync, type SyncLauncher, type SyncLaunch, type SyncRequest } from "./sync-launcher.ts";

/** The whole HTTP surface: /v1 (public API), /admin, /dashboard, /webhooks, /docs, /health. Same app locally and on Lambda. */
export function createApp(
  services: Services,
  options: {
    ats?: AtsRuntime;
    launchSync?: SyncLauncher;
    /** Where the runtime buffers whole responses (Lambda behind API Gateway): the most one response can carry. */
    maxResponseBytes?: number;
    /** Where the service is reached from outside (a proxy's address); webhook URLs use it. Else the request's. */
    publicUrl?: string;
  } = {},
) {
  const v1 = createV1App();
  const app = createRootApp(services, {
    v1,
    admin: createAdminApp(),
    docs: (app) => registerDocs(app, v1),
    webhooks: createWebhookApp(),
    ats: options.ats,
    launchSync: options.launchSync,
    maxResponseBytes: options.maxResponseBytes,
    publicUrl: options.publicUrl,
  });
  app.route("/dashboard", createDashboardApp());
  return app;
}
