import { beforeAll, describe, expect, it } from "vitest";
import type { Scope } from "@winnow/storage";
import { testService, type TestService } from "./helpers.ts";

let t: TestService;
beforeAll(async () => {
  t = await testService();
});

const newClient = async (scopes: Scope[] = ["taxonomy:read", "matches:read", "matches:write"], accountId = t.accountId) => {
  const { record, secret } = await t.services.oauthClients.create(accountId, "test client", scopes);
  return { id: record.id, secret };
};

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

const tokenRequest = (body: string | Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.request("/v1/oauth/token", {
    method: "POST",
    headers: { "content-type": typeof body === "string" ? "application/x-www-form-urlencoded" : "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const oauthError = async (res: Response, status: number, error: string) => {
  expect(res.status).toBe(status);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = (await res.json()) as any;
  expect(body).toEqual({ error, error_description: expect.any(String) });
  return body;
};

const bearer = (token: string, path = "/v1/titles?limit=1") => t.call(path, { key: null, headers: { authorization: `Bearer ${token}` } });

describe("POST /v1/oauth/token", () => {
  it("issues a 1 h bearer token for a form request with HTTP Basic client authentication", async () => {
    const client = await newClient();
    const res = await tokenRequest("grant_type=client_credentials", { authorization: basic(client.id, client.secret) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("pragma")).toBe("no-cache");
    expect(res.headers.get("ratelimit-limit")).toBe("600");
    const body = (await res.json()) as any;
    expect(body).toEqual({ access_token: expect.any(String), token_type: "Bearer", expires_in: 3600, scope: "taxonomy:read matches:read matches:write" });
    const titles = await bearer(body.access_token);
    expect(titles.status).toBe(200);
    expect(titles.headers.get("ratelimit-remaining")).toMatch(/^\d+$/);
  });

  it("accepts JSON with the client credentials in the body, and narrows scopes on request", async () => {
    const client = await newClient(["taxonomy:read", "matches:read"]);
    const res = await tokenRequest({ grant_type: "client_credentials", client_id: client.id, client_secret: client.secret, scope: "taxonomy:read" });
    expect(res.status).toBe(200);
    const { access_token, scope } = (await res.json()) as any;
    expect(scope).toBe("taxonomy:read");
    expect((await bearer(access_token)).status).toBe(200);
    const forbidden = await bearer(access_token, "/v1/match-insights?job_post_id=x");
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ status: false, message: 'This access token lacks the scope "matches:read" needed for this operation' });
  });

  it("refuses scopes beyond the client's, and unknown ones (invalid_scope)", async () => {
    const client = await newClient(["taxonomy:read"]);
    await oauthError(await tokenRequest(`grant_type=client_credentials&scope=matches:write`, { authorization: basic(client.id, client.secret) }), 400, "invalid_scope");
    await oauthError(await tokenRequest(`grant_type=client_credentials&scope=admin`, { authorization: basic(client.id, client.secret) }), 400, "invalid_scope");
    await oauthError(await tokenRequest(`grant_type=client_credentials&scope=`, { authorization: basic(client.id, client.secret) }), 400, "invalid_scope");
  });

  it("answers invalid_client (401) for a wrong secret or unknown client, with a Basic challenge when Basic was used", async () => {
    const client = await newClient();
    const wrong = await tokenRequest("grant_type=client_credentials", { authorization: basic(client.id, `${client.secret}x`) });
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic realm="winnow"/);
    await oauthError(wrong, 401, "invalid_client");
    const unknown = await tokenRequest({ grant_type: "client_credentials", client_id: "wnc_doesnotexist", client_secret: client.secret });
    expect(unknown.headers.get("www-authenticate")).toBeNull();
    await oauthError(unknown, 401, "invalid_client");
    await oauthError(await tokenRequest("grant_type=client_credentials"), 401, "invalid_client");
    await oauthError(await tokenRequest("grant_type=client_credentials", { authorization: "Bearer something" }), 401, "invalid_client");
    // An API key is not a client secret.
    await oauthError(await tokenRequest({ grant_type: "client_credentials", client_id: client.id, client_secret: t.apiKey }), 401, "invalid_client");
  });

  it("answers invalid_request / unsupported_grant_type for malformed requests (RFC 6749 §5.2)", async () => {
    const client = await newClient();
    const auth = { authorization: basic(client.id, client.secret) };
    await oauthError(await tokenRequest("scope=taxonomy:read", auth), 400, "invalid_request");
    await oauthError(await tokenRequest("grant_type=password", auth), 400, "unsupported_grant_type");
    await oauthError(await tokenRequest("grant_type=client_credentials&grant_type=client_credentials", auth), 400, "invalid_request");
    await oauthError(await tokenRequest(`grant_type=client_credentials&client_id=${client.id}&client_secret=${client.secret}`, auth), 400, "invalid_request");
    await oauthError(await tokenRequest({ grant_type: "client_credentials", client_id: client.id, client_secret: 5 } as any), 400, "invalid_request");
    const plain = await t.app.request("/v1/oauth/token", { method: "POST", headers: { "content-type": "text/plain", ...auth }, body: "grant_type=client_credentials" });
    await oauthError(plain, 400, "invalid_request");
    const huge = await tokenRequest(`grant_type=client_credentials&pad=${"x".repeat(20_000)}`, auth);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: 1006, message: expect.any(String) });
  });

  it("revoking a client stops its tokens at once and it can get no new ones", async () => {
    const client = await newClient();
    const { access_token } = (await (await tokenRequest("grant_type=client_credentials", { authorization: basic(client.id, client.secret) })).json()) as any;
    expect((await bearer(access_token)).status).toBe(200);
    await t.services.oauthClients.revoke(t.accountId, client.id);
    t.services.clientCache.clear();
    const refused = await bearer(access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(await refused.json()).toEqual({ status: false, message: expect.stringMatching(/revoked/) });
    await oauthError(await tokenRequest("grant_type=client_credentials", { authorization: basic(client.id, client.secret) }), 401, "invalid_client");
  });

  it("a token is only a bearer credential: in x-api-key it is looked up as an API key and refused", async () => {
    const client = await newClient();
    const { access_token } = (await (await tokenRequest("grant_type=client_credentials", { authorization: basic(client.id, client.secret) })).json()) as any;
    expect((await t.call("/v1/titles?limit=1", { key: access_token })).status).toBe(401);
  });
});
