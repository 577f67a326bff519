import { createRootApp } from "./app.ts";
import { createAdminApp } from "./routes/admin.ts";
import { registerDocs } from "./routes/docs.ts";
import { createV1App } from "./routes/v1.ts";
import type { Services } from "@winnow/services";

export { ErrorCode } from "./errors.ts";

/** The whole HTTP surface: /v1 (public API), /admin, /docs, /health. Same app locally and on Lambda. */
export function createApp(services: Services) {
  const v1 = createV1App();
  return createRootApp(services, { v1, admin: createAdminApp(), docs: (app) => registerDocs(app, v1) });
}
