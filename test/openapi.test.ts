import { beforeAll, describe, expect, it } from "vitest";
import { testService, type TestService } from "./helpers.ts";

let t: TestService;
beforeAll(async () => {
  t = await testService();
});

const SPEC_OPERATIONS = [
  "get /skills/{id}",
  "post /skills/related",
  "post /titles/normalize",
  "get /titles",
  "get /titles/{id}",
  "post /match-insights",
  "get /match-insights",
  "get /match-insights/{match_id}",
  "post /match-insights/recommend-candidates",
];

describe("GET /v1/openapi.json", () => {
  it("is an OpenAPI 3.1 document of every spec operation with both security schemes", async () => {
    const res = await t.app.request("/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json() as any;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.info.license.name).toBe("MIT");
    expect(doc.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: "http", scheme: "bearer" }));
    expect(doc.components.securitySchemes.apiKeyAuth).toEqual(expect.objectContaining({ type: "apiKey", in: "header", name: "x-api-key" }));
    expect(doc.servers[0].url).toMatch(/\/v1$/);
    const ops = Object.entries(doc.paths as Record<string, Record<string, { security: unknown }>>).flatMap(([p, m]) =>
      Object.keys(m).map((method) => `${method} ${p}`),
    );
    for (const op of SPEC_OPERATIONS) expect(ops).toContain(op);
    expect(ops).toContain("post /titles/normalize/inspect");
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { security: unknown; responses: Record<string, unknown> }>>)) {
      if (path === "/oauth/token") continue;
      for (const op of Object.values(methods)) {
        expect(op.security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);
        expect(op.responses["401"]).toBeDefined();
        expect(op.responses["429"]).toBeDefined();
      }
    }
    // The token endpoint authenticates OAuth clients itself, and documents both body encodings.
    const token = doc.paths["/oauth/token"].post;
    expect(token.security).toEqual([]);
    expect(Object.keys(token.requestBody.content).sort()).toEqual(["application/json", "application/x-www-form-urlencoded"]);
    expect(token.responses["200"].content["application/json"].schema.$ref).toMatch(/TokenResponse$/);
    // The title detail response documents both the spec's `date` key and `data`.
    const titleSchema = doc.paths["/titles/{id}"].get.responses["200"].content["application/json"].schema;
    expect(Object.keys(titleSchema.properties)).toEqual(expect.arrayContaining(["data", "date"]));
  });
});

describe("GET /docs", () => {
  it("renders a reference page of every operation without external assets", async () => {
    const res = await t.app.request("/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const page = await res.text();
    for (const op of SPEC_OPERATIONS) {
      const [method, path] = op.split(" ");
      expect(page).toContain(`${method!.toUpperCase()}</span> <code>${path}</code>`);
    }
    expect(page).not.toMatch(/<script[^>]+src=/);
    expect(page).toContain("x-api-key");
    expect(page).toContain("1003");
  });
});

describe("unknown routes and methods", () => {
  it("answer 404 in the standard error shape", async () => {
    const res = await t.app.request("/nope");
    expect(res.status).toBe(404);
    expect(await res.json() as any).toEqual({ error: 1007, message: "No route GET /nope" });
  });
});
