import { functionArgs } from "./lambda";
import { screeningQueue } from "./queue";
import { adminToken, encryptionKey, jwtSigningKeys } from "./secrets";
import { api as settings } from "./settings";
import { taxonomySyncFunction } from "./schedule";
import { demographics, table } from "./storage";

// One HTTP API, one Lambda behind the catch-all route and the webhook route: /v1, /admin, /dashboard, /docs and
// /webhooks all route in Hono (SST's advice for HTTP APIs: per-route functions slow deployments down and buy nothing
// here). No CORS at the gateway, as locally: the dashboard is same-origin and API clients are servers.
export const api = new sst.aws.ApiGatewayV2("Api", {
  cors: false,
  accessLog: { retention: "1 month" },
});

const catchAll = api.route(
  "$default",
  functionArgs("api", {
    timeoutSeconds: settings.timeoutSeconds,
    memoryMb: settings.memoryMb,
    link: [table, demographics, screeningQueue, adminToken, encryptionKey, jwtSigningKeys, taxonomySyncFunction],
  }),
);

// By ARN, so SST builds no second function: the route only gives webhook traffic its own key in logs and metrics.
api.route(settings.webhookRoute, catchAll.nodes.function.arn);
