import { beforeAll, describe, expect, it } from "vitest";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { RateLimitRepository, createDynamo } from "@winnow/storage";
import { createServices } from "@winnow/services";
import { testService, type TestService } from "./helpers.ts";

// A frozen clock in the middle of a minute: the fixed windows cannot roll over during a test.
const NOW = new Date("2031-03-04T05:06:30Z");
let t: TestService;
beforeAll(async () => {
  t = await testService({ now: () => NOW });
});

const admin = (path: string, method = "GET", json?: unknown) =>
  t.app.request(path, {
    method,
    headers: { authorization: `Bearer ${t.adminToken}`, ...(json !== undefined ? { "content-type": "application/json" } : {}) },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });

const freshAccount = async () => {
  const acc = await t.otherAccount();
  const second = (await t.services.accounts.createApiKey(acc.accountId, ["taxonomy:read"])).key;
  return { ...acc, second };
};

describe("counters in DynamoDB", () => {
  it("hold exactly across instances: 60 concurrent requests from two clients, limit 25 → 25 admitted", async () => {
    // Two repositories on two separate SDK clients stand for two Lambda instances.
    const repos = [0, 1].map(() => new RateLimitRepository({ doc: createDynamo({ endpoint: process.env.DYNAMODB_ENDPOINT }).doc, table: t.store.table }));
    const accountId = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => repos[i % 2]!.consume(accountId, "key-1", { perCredential: 25, perAccount: 1000 }, 60, NOW.getTime())),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    const counts = results.filter((r) => r.allowed).map((r) => r.credentialCount).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const refused = results.find((r) => !r.allowed)!;
    expect(refused.credentialCount).toBe(25);
    expect(refused.resetAtMs).toBe(Date.parse("2031-03-04T05:07:00Z"));
  });

  it("refuse on the account total without charging the other credential's counter", async () => {
    const repo = t.services.rateLimits;
    const accountId = crypto.randomUUID();
    const limits = { perCredential: 10, perAccount: 4 };
    for (let i = 0; i < 3; i++) expect((await repo.consume(accountId, "a", limits, 60, NOW.getTime())).allowed).toBe(true);
    expect((await repo.consume(accountId, "b", limits, 60, NOW.getTime())).allowed).toBe(true);
    const refused = await repo.consume(accountId, "b", limits, 60, NOW.getTime());
    expect(refused).toMatchObject({ allowed: false, accountCount: 4, credentialCount: 1 });
    // The next window starts from zero.
    expect((await repo.consume(accountId, "b", limits, 60, NOW.getTime() + 60_000)).accountCount).toBe(1);
  });

  it("reserve several requests at once only when all of them fit", async () => {
    const repo = t.services.rateLimits;
    const accountId = crypto.randomUUID();
    const limits = { perCredential: 20, perAccount: 100 };
    expect((await repo.consume(accountId, "k", limits, 60, NOW.getTime(), 15)).credentialCount).toBe(15);
    expect(await repo.consume(accountId, "k", limits, 60, NOW.getTime(), 6)).toMatchObject({ allowed: false, credentialCount: 15 });
    expect((await repo.consume(accountId, "k", limits, 60, NOW.getTime(), 5)).credentialCount).toBe(20);
    await expect(repo.consume(accountId, "k", limits, 60, NOW.getTime(), 21)).rejects.toThrow(RangeError);
  });

  it("meters of two instances, with reservations, never admit more than the limit under concurrent load", async () => {
    const acc = await t.otherAccount();
    const instances = [0, 1].map(() => createServices(t.store, { adminToken: "x", now: () => NOW, rateLimits: { perCredential: 120, perAccount: 1000 } }).meter);
    const credential = { kind: "api-key" as const, id: "busy-key" };
    const decisions = await Promise.all(Array.from({ length: 300 }, (_, i) => instances[i % 2]!.admit(acc.accountId, credential, NOW.getTime() + (i % 50))));
    const admitted = decisions.filter((d) => d.allowed).length;
    expect(admitted).toBeLessThanOrEqual(120);
    expect(admitted).toBeGreaterThanOrEqual(120 - 2 * Math.ceil(120 / 16));
    const { Item } = await t.store.doc.send(
      new GetCommand({ TableName: t.store.table, Key: { pk: `RATE#${acc.accountId}`, sk: `W#${Math.floor(NOW.getTime() / 60_000) * 60}` } }),
    );
    expect(Item?.["c_busy-key"]).toBeLessThanOrEqual(120);
  });
});

describe("rate limits on v1", () => {
  it("every authenticated response carries RateLimit-Limit/Remaining/Reset, errors included", async () => {
    const { apiKey } = await freshAccount();
    const seen: string[] = [];
    for (const path of ["/v1/titles?limit=1", "/v1/titles/not-a-uuid", "/v1/skills/00000000-0000-4000-8000-000000000000", "/v1/match-insights?job_post_id=none"]) {
      const res = await t.call(path, { key: apiKey });
      expect(res.headers.get("ratelimit-limit")).toBe("600");
      expect(res.headers.get("ratelimit-reset")).toBe("30");
      seen.push(res.headers.get("ratelimit-remaining")!);
    }
    expect(seen).toEqual(["599", "598", "597", "596"]);
  });

  it("429 with Retry-After in the standard error shape once a key's override is reached; other keys keep their own budget", async () => {
    const acc = await freshAccount();
    const put = await admin(`/admin/accounts/${acc.accountId}/rate-limits`, "PUT", { per_credential: 3 });
    expect(put.status).toBe(200);
    expect(((await put.json()) as any).data).toEqual({
      window_seconds: 60,
      per_credential: 3,
      per_account: 1200,
      overridden: true,
      defaults: { per_credential: 600, per_account: 1200 },
    });
    for (let i = 0; i < 3; i++) expect((await t.call("/v1/titles?limit=1", { key: acc.apiKey })).status).toBe(200);
    const refused = await t.call("/v1/titles?limit=1", { key: acc.apiKey });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("ratelimit-limit")).toBe("3");
    expect(await refused.json()).toEqual({ error: 1010, message: expect.stringMatching(/3 requests per minute for this API key/) });
    expect((await t.call("/v1/titles?limit=1", { key: acc.second })).status).toBe(200);
  });

  it("the account limit binds across keys and OAuth clients, and DELETE restores the defaults", async () => {
    const acc = await freshAccount();
    await admin(`/admin/accounts/${acc.accountId}/rate-limits`, "PUT", { per_account: 4 });
    const { record, secret } = await t.services.oauthClients.create(acc.accountId, "c", ["taxonomy:read"]);
    expect((await t.call("/v1/titles?limit=1", { key: acc.apiKey })).status).toBe(200);
    expect((await t.call("/v1/titles?limit=1", { key: acc.second })).status).toBe(200);
    // The token request itself is counted against the client (and the account).
    const tokenRes = await t.app.request("/v1/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials", client_id: record.id, client_secret: secret }),
    });
    expect(tokenRes.status).toBe(200);
    const { access_token } = (await tokenRes.json()) as any;
    const last = await t.call("/v1/titles?limit=1", { key: null, headers: { authorization: `Bearer ${access_token}` } });
    expect(last.status).toBe(200);
    expect(last.headers.get("ratelimit-remaining")).toBe("0");
    const refused = await t.call("/v1/titles?limit=1", { key: acc.apiKey });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as any).message).toMatch(/for this account/);
    const tokenRefused = await t.app.request("/v1/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials", client_id: record.id, client_secret: secret }),
    });
    expect(tokenRefused.status).toBe(429);
    expect(tokenRefused.headers.get("retry-after")).toBe("30");

    const reset = await admin(`/admin/accounts/${acc.accountId}/rate-limits`, "DELETE");
    expect(((await reset.json()) as any).data).toMatchObject({ per_credential: 600, per_account: 1200, overridden: false });
    expect((await t.call("/v1/titles?limit=1", { key: acc.apiKey })).status).toBe(200);
  });

  it("admin: validates overrides and 404s for unknown accounts; unauthenticated calls are not counted", async () => {
    const acc = await freshAccount();
    expect((await admin(`/admin/accounts/${acc.accountId}/rate-limits`, "PUT", { per_credential: 0 })).status).toBe(400);
    expect((await admin(`/admin/accounts/${acc.accountId}/rate-limits`, "PUT", { per_account: 1.5 })).status).toBe(400);
    expect((await admin("/admin/accounts/00000000-0000-4000-8000-00000000dead/rate-limits")).status).toBe(404);
    expect((await admin(`/admin/accounts/${acc.accountId}/rate-limits`, "GET")).status).toBe(200);
    const anonymous = await t.call("/v1/titles?limit=1", { key: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("ratelimit-limit")).toBeNull();
  });
});
