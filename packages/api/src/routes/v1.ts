import { requireApiKey, requireRouteScope } from "../auth.ts";
import { jsonBody, newRouter } from "../app.ts";
import { rateLimit } from "../rate-limit.ts";
import { ErrorSchema } from "../schemas.ts";
import { security } from "./common.ts";
import { bodyLimitFor, v1BodyLimit } from "./limits.ts";
import { registerMatches } from "./matches.ts";
import { TOKEN_PATH, registerOAuth } from "./oauth.ts";
import { registerTaxonomy } from "./taxonomy.ts";

export const OPENAPI_INFO = {
  title: "Candidate Screening and Job Taxonomy API",
  version: "1.0.0",
  description:
    "Screen candidates against job descriptions with explainable scores, and read a catalogue of job titles and skills. " +
    "Every endpoint needs a credential: an API key, sent as `x-api-key: <key>` or `Authorization: Bearer <key>`, or an " +
    "OAuth access token from `POST /oauth/token`, sent as `Authorization: Bearer <token>`. Calls are rate limited per " +
    "credential and per account; every response carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`.",
  license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
} as const;

export function createV1App() {
  const v1 = newRouter();
  // Public: the OpenAPI document, and the token endpoint, whose callers authenticate as OAuth clients instead.
  const open = new Set(["/v1/openapi.json", `/v1${TOKEN_PATH}`]);
  const authenticated = (mw: ReturnType<typeof requireApiKey>): typeof mw => (c, next) => (open.has(c.req.path) ? next() : mw(c, next));
  v1.use("*", authenticated(requireApiKey()));
  v1.use("*", authenticated(rateLimit()));
  v1.use("*", authenticated(requireRouteScope("/v1")));
  v1.use("*", authenticated(bodyLimitFor(v1BodyLimit)));
  v1.use("*", authenticated(jsonBody()));
  registerOAuth(v1);
  registerTaxonomy(v1);
  registerMatches(v1);
  documentRateLimits(v1);

  v1.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "`Authorization: Bearer <API key>` or `Authorization: Bearer <access token>` (a JWT from `POST /oauth/token`)",
  });
  v1.openAPIRegistry.registerComponent("securitySchemes", "apiKeyAuth", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "`x-api-key: <API key>`",
  });
  v1.doc31("/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: OPENAPI_INFO,
    servers: [{ url: `${new URL(c.req.url).origin}/v1` }],
    security,
  }));
  return v1;
}

/** Every authenticated operation can answer 429; documented here once instead of in each route. */
function documentRateLimits(v1: ReturnType<typeof newRouter>): void {
  for (const def of v1.openAPIRegistry.definitions) {
    if (def.type !== "route" || def.route.path === TOKEN_PATH) continue;
    def.route = {
      ...def.route,
      responses: {
        ...def.route.responses,
        429: {
          description: "Rate limit reached (standard error shape); retry after the Retry-After seconds",
          headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds until the window resets" } },
          content: { "application/json": { schema: ErrorSchema } },
        },
      },
    };
  }
}
