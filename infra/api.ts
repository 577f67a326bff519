import { table } from "./storage";

export const adminToken = new sst.Secret("AdminToken");

// One Lambda serves every route (/v1, /admin, /docs): SST's advice for HTTP APIs, routing happens in Hono.
export const api = new sst.aws.ApiGatewayV2("Api");
api.route("$default", {
  handler: "packages/functions/src/http.handler",
  runtime: "nodejs24.x",
  architecture: "arm64",
  timeout: "29 seconds",
  memory: "1024 MB",
  link: [table, adminToken],
  // Until the Lambda entry reads SST Resource links (deployment issue), configuration comes in as environment.
  environment: { WINNOW_TABLE: table.name, WINNOW_ADMIN_TOKEN: adminToken.value },
  nodejs: { format: "esm", minify: true },
});
