import { requireApiKey } from "../auth.ts";
import { jsonBody, newRouter } from "../app.ts";
import { security } from "./common.ts";
import { bodyLimitFor, v1BodyLimit } from "./limits.ts";
import { registerMatches } from "./matches.ts";
import { registerTaxonomy } from "./taxonomy.ts";

export const OPENAPI_INFO = {
  title: "Candidate Screening and Job Taxonomy API",
  version: "1.0.0",
  description:
    "Screen candidates against job descriptions with explainable scores, and read a catalogue of job titles and skills. " +
    "Every endpoint needs an API key, sent as `x-api-key: <key>` or `Authorization: Bearer <key>`.",
  license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
} as const;

export function createV1App() {
  const v1 = newRouter();
  v1.use("*", async (c, next) => (c.req.path === "/v1/openapi.json" ? next() : requireApiKey()(c, next)));
  v1.use("*", bodyLimitFor(v1BodyLimit));
  v1.use("*", jsonBody());
  registerTaxonomy(v1);
  registerMatches(v1);

  v1.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "`Authorization: Bearer <API key>`",
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
