import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { testService, type TestService } from "./helpers.ts";

let t: TestService;
beforeAll(async () => {
  t = await testService();
});

const admin = (path: string, init: RequestInit & { json?: unknown; token?: string | null } = {}) => {
  const { json, token, ...rest } = init;
  const headers = new Headers(rest.headers);
  const tok = token === undefined ? t.adminToken : token;
  if (tok) headers.set("authorization", `Bearer ${tok}`);
  if (json !== undefined) headers.set("content-type", "application/json");
  return Promise.resolve(t.app.request(path, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) }));
};

describe("admin API", () => {
  it("creates an account and a key that works, lists it by prefix, and revokes it", async () => {
    const acc = await admin("/admin/accounts", { method: "POST", json: { name: "Acme Recruiting" } });
    expect(acc.status).toBe(201);
    const account = (await acc.json() as any).data;
    expect(account).toEqual({ id: expect.any(String), name: "Acme Recruiting" });

    const created = await admin(`/admin/accounts/${account.id}/api-keys`, { method: "POST", json: { scopes: ["taxonomy:read"] } });
    expect(created.status).toBe(201);
    const key = (await created.json() as any).data;
    expect(key).toEqual({ id: expect.any(String), key: expect.stringMatching(/^wnw_[0-9A-Za-z]{32}$/), prefix: key.key.slice(0, 10), scopes: ["taxonomy:read"] });

    expect((await t.call("/v1/titles?limit=1", { key: key.key })).status).toBe(200);
    expect((await t.call("/v1/titles?limit=1", { key: null, headers: { authorization: `Bearer ${key.key}` } })).status).toBe(200);
    // Scope enforcement: this key cannot create matches.
    expect((await t.call("/v1/match-insights", { method: "POST", json: { job_description: "x", candidate: { description: "y" } }, key: key.key })).status).toBe(403);

    const list = await (await admin(`/admin/accounts/${account.id}/api-keys`)).json() as any;
    expect(list.data).toEqual([{ id: key.id, prefix: key.prefix, scopes: ["taxonomy:read"], created_at: expect.any(String), revoked_at: null }]);
    expect(JSON.stringify(list)).not.toContain(key.key);

    const revoked = await admin(`/admin/accounts/${account.id}/api-keys/${key.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect((await revoked.json() as any).data.revoked_at).toEqual(expect.any(String));
    const after = await t.call("/v1/titles?limit=1", { key: key.key });
    expect(after.status).toBe(401);
    expect(await after.json() as any).toEqual({ status: false, message: expect.stringMatching(/revoked/) });
  });

  it("stores only the hash and the display prefix of a key", async () => {
    const items: unknown[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await t.store.doc.send(
        new ScanCommand({
          TableName: t.store.table,
          FilterExpression: "accountId = :a OR id = :a",
          ExpressionAttributeValues: { ":a": t.accountId },
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    const dump = JSON.stringify(items);
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(dump).not.toContain(t.apiKey);
    expect(dump).toContain(t.apiKey.slice(0, 10));
  });

  it("creates keys with every scope by default", async () => {
    const acc = (await (await admin("/admin/accounts", { method: "POST", json: { name: "Defaults" } })).json() as any).data;
    const key = (await (await admin(`/admin/accounts/${acc.id}/api-keys`, { method: "POST", json: {} })).json() as any).data;
    expect(key.scopes).toEqual(["taxonomy:read", "matches:read", "matches:write"]);
  });

  it("rejects a missing or wrong admin token, and API keys, with 401", async () => {
    for (const token of [null, "wrong", t.apiKey]) {
      const res = await admin("/admin/accounts", { method: "POST", json: { name: "x" }, token });
      expect(res.status).toBe(401);
      expect(await res.json() as any).toEqual({ status: false, message: expect.any(String) });
    }
  });

  it("validates input and answers 404 for unknown accounts and keys", async () => {
    const bad = await admin("/admin/accounts", { method: "POST", json: { name: "" } });
    expect(bad.status).toBe(400);
    expect((await bad.json() as any).message).toMatch(/name/);
    const scopes = await admin(`/admin/accounts/${t.accountId}/api-keys`, { method: "POST", json: { scopes: ["admin"] } });
    expect(scopes.status).toBe(400);
    expect((await scopes.json() as any).message).toMatch(/scopes/);
    const missing = await admin("/admin/accounts/nope/api-keys", { method: "POST", json: {} });
    expect(missing.status).toBe(404);
    expect((await missing.json() as any).error).toBe(4001);
    const noKey = await admin(`/admin/accounts/${t.accountId}/api-keys/nope`, { method: "DELETE" });
    expect(noKey.status).toBe(404);
    expect((await noKey.json() as any).error).toBe(4002);
  });
});
