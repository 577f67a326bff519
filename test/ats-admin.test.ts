import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSealer, screeningId } from "@winnow/ats";
import { atsHarness, greenhouseConnectionBody, type AtsHarness } from "./ats-harness.ts";
import type { FakeGreenhouse } from "./fakes/index.ts";

let h: AtsHarness;
beforeAll(async () => {
  h = await atsHarness("greenhouse", { worker: { maxAttempts: 3 } });
  h.startWorker();
});
afterAll(async () => {
  await h?.close();
});

const admin = async (path: string, init: { method?: string; json?: unknown; token?: string | null } = {}) => {
  const headers = new Headers();
  const token = init.token === undefined ? h.adminToken : init.token;
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const res = await h.app.request(path, { method: init.method ?? "GET", headers, ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}) });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as any, text };
};

const newConnection = (over: Record<string, unknown> = {}) => greenhouseConnectionBody(h, "whsec-admin-test-secret", over);

describe("ATS connections (admin API)", () => {
  it("creates, lists, shows, changes and deletes connections without ever returning a secret", async () => {
    const created = await admin("/admin/connections", { method: "POST", json: newConnection({ name: "Acme Greenhouse", job_filter: ["303"] }) });
    expect(created.status).toBe(201);
    const c = created.json.data;
    expect(c).toEqual({
      id: expect.any(String),
      provider: "greenhouse",
      account_id: h.accountId,
      name: "Acme Greenhouse",
      base_url: h.fake.url,
      api_version: "v1",
      webhook_url: `http://localhost/webhooks/greenhouse/${c.id}`,
      write_back: { note_visibility: "private", custom_field: null, tag: null, acting_user_id: "4080" },
      job_filter: ["303"],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const listed = await admin(`/admin/connections?account_id=${h.accountId}`);
    expect(listed.json.data.map((x: any) => x.id)).toEqual(expect.arrayContaining([c.id, h.connectionId]));
    const shown = await admin(`/admin/connections/${c.id}`);
    const changed = await admin(`/admin/connections/${c.id}`, { method: "PATCH", json: { webhook_secret: "whsec-rotated", job_filter: [], write_back: { acting_user_id: "5000", tag: "Winnow" } } });
    expect(changed.json.data).toMatchObject({ job_filter: [], write_back: { acting_user_id: "5000", tag: "Winnow", note_visibility: "private" } });
    for (const r of [created, listed, shown, changed]) {
      expect(r.text).not.toContain(h.fake.apiKey);
      expect(r.text).not.toContain("whsec-");
    }

    // The rotated secret is the one webhooks must be signed with.
    const app = h.fake.apply();
    const old = h.fake.applicationWebhook(app, "whsec-admin-test-secret");
    expect((await h.deliver(old, { connectionId: c.id })).status).toBe(401);
    expect((await h.deliver(h.fake.pingWebhook("whsec-rotated"), { connectionId: c.id })).status).toBe(200);

    expect((await admin(`/admin/connections/${c.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await admin(`/admin/connections/${c.id}`)).json).toEqual({ error: 5001, message: expect.any(String) });
    expect((await h.deliver(h.fake.pingWebhook("whsec-rotated"), { connectionId: c.id })).status).toBe(404);
  });

  it("stores credentials and secret only sealed (AES-256-GCM, bound to the connection)", async () => {
    const { json } = await admin("/admin/connections", { method: "POST", json: newConnection() });
    const { Item } = await h.store.doc.send(new GetCommand({ TableName: h.store.table, Key: { pk: `ATSCONN#${json.data.id}`, sk: "#META" } }));
    const dump = JSON.stringify(Item);
    expect(dump).not.toContain(h.fake.apiKey);
    expect(dump).not.toContain("whsec-admin-test-secret");
    expect(Item!.credentials).toMatch(/^v1\./);
    const sealer = createSealer(h.sealerKey);
    expect(sealer.open(Item!.webhookSecret, `winnow:ats-connection:${json.data.id}:webhookSecret`)).toBe("whsec-admin-test-secret");
    expect(() => sealer.open(Item!.webhookSecret, `winnow:ats-connection:${h.connectionId}:webhookSecret`)).toThrow();
  });

  it("validates input per provider", async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ write_back: { note_visibility: "private" } }, 400, /acting_user_id/],
      [{ provider: "lever", api_version: undefined, write_back: { custom_field: "score" } }, 400, /custom fields/],
      [{ provider: "ashby", api_version: undefined, write_back: { note_visibility: "admin_only" } }, 400, /admin_only/],
      [{ provider: "workday" }, 400, /provider/],
      [{ base_url: "ftp://example.com" }, 400, /base_url/],
      [{ account_id: randomUUID() }, 404, /account/],
      [{ api_version: "v2" }, 400, /api_version/],
      [{ provider: "lever", api_version: "v3" }, 400, /only Greenhouse/],
      // New Greenhouse connections are Harvest v3: an API key alone is refused, with the way out in the message.
      [{ api_version: undefined }, 400, /client_id and client_secret.*api_version to v1/],
      [{ api_version: "v3", credentials: { client_id: "c" } }, 400, /client_id and client_secret/],
      [{ api_version: "v3", credentials: { client_id: "c", client_secret: "s" }, write_back: { acting_user_id: "4080", tag: "x" } }, 400, /tag is not supported on Harvest v3/],
      [{ api_version: "v1", credentials: { client_id: "c", client_secret: "s" } }, 400, /api_key is required/],
    ];
    for (const [over, status, message] of cases) {
      const res = await admin("/admin/connections", { method: "POST", json: newConnection(over) });
      expect({ over, status: res.status }).toEqual({ over, status });
      expect(res.json.message).toMatch(message);
    }
    expect((await admin("/admin/connections", { token: null })).status).toBe(401);
  });
});

describe("Greenhouse Harvest v3 connections (admin API)", () => {
  const v3Connection = (over: Record<string, unknown> = {}) => {
    const { api_version: _v, ...rest } = newConnection({ credentials: { client_id: "gh-client", client_secret: "gh-client-secret-value" }, ...over });
    return rest;
  };

  it("makes v3 the default, keeps the OAuth pair sealed, and switches versions only with matching credentials", async () => {
    const created = await admin("/admin/connections", { method: "POST", json: v3Connection() });
    expect(created.status).toBe(201);
    const id = created.json.data.id;
    expect(created.json.data).toMatchObject({ provider: "greenhouse", api_version: "v3", write_back: { acting_user_id: "4080" } });
    expect(created.text).not.toContain("gh-client-secret-value");
    expect((await h.runtime.connections.getWithSecrets(id))?.credentials).toEqual({ apiKey: "", clientId: "gh-client", clientSecret: "gh-client-secret-value" });

    // Changing write-back settings keeps the version.
    const changed = await admin(`/admin/connections/${id}`, { method: "PATCH", json: { write_back: { acting_user_id: "5000" } } });
    expect(changed.json.data).toMatchObject({ api_version: "v3", write_back: { acting_user_id: "5000" } });
    const noCredentials = await admin(`/admin/connections/${id}`, { method: "PATCH", json: { api_version: "v1" } });
    expect(noCredentials.status).toBe(400);
    expect(noCredentials.json.message).toMatch(/switching to Harvest v1 needs/);
    const wrongShape = await admin(`/admin/connections/${id}`, { method: "PATCH", json: { credentials: { api_key: "k" } } });
    expect(wrongShape.status).toBe(400);
    const back = await admin(`/admin/connections/${id}`, { method: "PATCH", json: { api_version: "v1", credentials: { api_key: h.fake.apiKey } } });
    expect(back.json.data).toMatchObject({ api_version: "v1", write_back: { acting_user_id: "5000" } });
    expect((await h.runtime.connections.getWithSecrets(id))?.credentials).toEqual({ apiKey: h.fake.apiKey });
    // A connection stored before v3 support (no version) reads as v1.
    expect((await admin(`/admin/connections/${h.connectionId}`)).json.data.api_version).toBe("v1");
    expect((await admin("/admin/connections", { method: "POST", json: newConnection({ provider: "ashby", api_version: undefined }) })).json.data.api_version).toBeNull();
  });

  it("screens through v3 once the client credentials are right; wrong ones dead-letter at once without leaking them", async () => {
    const fake = h.fake as FakeGreenhouse;
    const { json } = await admin("/admin/connections", { method: "POST", json: v3Connection({ credentials: { client_id: fake.clientId, client_secret: "wrong-client-secret" } }) });
    const connectionId = json.data.id;
    const app = fake.apply();
    expect((await h.deliver(fake.applicationWebhook(app, "whsec-admin-test-secret"), { connectionId })).json.data.outcome).toBe("accepted");
    const jobId = screeningId(connectionId, app.applicationId);
    const dead = await h.waitForJob(jobId, ["dead"]);
    expect(dead.attempts).toBe(1);
    expect(dead.lastError).toMatch(/refused the OAuth client credentials \(HTTP 401\)/);
    expect(dead.lastError).not.toContain("wrong-client-secret");

    expect((await admin(`/admin/connections/${connectionId}`, { method: "PATCH", json: { credentials: { client_id: fake.clientId, client_secret: fake.clientSecret } } })).status).toBe(200);
    expect((await admin(`/admin/dead-letters/${jobId}/replay`, { method: "POST", json: {} })).status).toBe(202);
    await h.waitForJob(jobId, ["done"]);
    expect(fake.notes(app)).toEqual([expect.objectContaining({ actingUser: "4080" })]);
    expect(fake.calls("createNote").at(-1)!.path).toBe("/v3/notes");
  });
});

describe("dead letters (admin API)", () => {
  it("dead-letters a job the provider refuses for good, shows its error, and replays it once fixed", async () => {
    const { json } = await admin("/admin/connections", { method: "POST", json: newConnection({ credentials: { api_key: "revoked-key" } }) });
    const connectionId = json.data.id;
    const app = h.fake.apply();
    expect((await h.deliver(h.fake.applicationWebhook(app, "whsec-admin-test-secret"), { connectionId })).json.data.outcome).toBe("accepted");
    const jobId = screeningId(connectionId, app.applicationId);
    await h.waitForJob(jobId, ["dead"]);

    const list = await admin(`/admin/dead-letters?connection_id=${connectionId}`);
    expect(list.json.data).toEqual([expect.objectContaining({ job_id: jobId, status: "dead", attempts: 1, last_error: expect.stringContaining("HTTP 401") })]);
    const shown = await admin(`/admin/dead-letters/${jobId}`);
    expect(shown.json.data).toMatchObject({ job_id: jobId, application_id: app.applicationId, errors: [expect.objectContaining({ attempt: 1 })], write_backs: [] });
    expect((await admin(`/admin/dead-letters/${randomUUID()}`)).json.error).toBe(5002);

    expect((await admin(`/admin/connections/${connectionId}`, { method: "PATCH", json: { credentials: { api_key: h.fake.apiKey } } })).status).toBe(200);
    const replayed = await admin(`/admin/dead-letters/${jobId}/replay`, { method: "POST", json: {} });
    expect(replayed.status).toBe(202);
    expect(replayed.json.data).toMatchObject({ status: "queued", attempts: 0 });
    await h.waitForJob(jobId, ["done"]);
    expect(h.fake.notes(app)).toHaveLength(1);
    expect((await admin(`/admin/dead-letters/${jobId}/replay`, { method: "POST", json: {} })).status).toBe(404);
    expect((await admin(`/admin/screening-jobs/${jobId}`)).json.data).toMatchObject({ status: "done", write_backs: [expect.objectContaining({ step: "note", how: "posted" })] });
  });

  it("dead-letters a job after the maximum number of attempts, keeping each error", async () => {
    const app = h.fake.apply();
    h.fake.inject(h.fake.ops.job, ...Array.from({ length: 9 }, () => ({ status: 500 })));
    expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
    const job = await h.waitFor(app, ["dead"]);
    expect(job.attempts).toBe(3);
    expect(job.errors.map((e) => e.attempt)).toEqual([1, 2, 3]);
    expect(job.lastError).toContain("HTTP 500");
    expect(h.fake.notes(app)).toHaveLength(0);
  });
});

describe("ATS commands (CLI)", () => {
  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "packages/cli/src/main.ts", ...args], {
      cwd: new URL("..", import.meta.url).pathname,
      env: { ...process.env, WINNOW_TABLE: h.store.table, WINNOW_ENCRYPTION_KEY: h.sealerKey.toString("base64"), WINNOW_PUBLIC_URL: "https://winnow.example.com" },
    });

  it("creates a connection whose secrets stay out of the output, and lists and shows it", async () => {
    const created = await cli("connections", "create", "--provider", "ashby", "--account", h.accountId, "--api-key", "ashby-cli-key", "--webhook-secret", "ashby-cli-secret", "--tag", "Winnow {score}");
    const c = JSON.parse(created.stdout);
    // The same shape as the admin API's.
    expect(c).toMatchObject({ provider: "ashby", account_id: h.accountId, write_back: { note_visibility: "private", tag: "Winnow {score}" }, webhook_url: `https://winnow.example.com/webhooks/ashby/${c.id}` });
    expect(created.stdout).not.toContain("ashby-cli-key");
    expect(created.stdout).not.toContain("ashby-cli-secret");
    expect((await h.runtime.connections.getWithSecrets(c.id))?.credentials).toEqual({ apiKey: "ashby-cli-key" });

    const shown = await cli("connections", "show", c.id);
    expect(JSON.parse(shown.stdout).id).toBe(c.id);
    const listed = await cli("connections", "list", "--account", h.accountId);
    expect(listed.stdout.trim().split("\n").map((l) => JSON.parse(l).id)).toContain(c.id);
    expect(listed.stdout).not.toContain("ashby-cli-secret");
    await expect(cli("connections", "create", "--provider", "lever", "--account", h.accountId, "--api-key", "k", "--webhook-secret", "s", "--custom-field", "x")).rejects.toThrow(/custom fields/);
  });

  it("creates Greenhouse connections on Harvest v3 by default, with OAuth client credentials", async () => {
    const base = ["connections", "create", "--provider", "greenhouse", "--account", h.accountId, "--webhook-secret", "gh-cli-secret", "--acting-user", "4080"];
    const created = await cli(...base, "--client-id", "gh-cli-client", "--client-secret", "gh-cli-client-secret");
    const c = JSON.parse(created.stdout);
    expect(c).toMatchObject({ provider: "greenhouse", api_version: "v3", write_back: { acting_user_id: "4080" } });
    expect(created.stdout).not.toContain("gh-cli-client-secret");
    expect((await h.runtime.connections.getWithSecrets(c.id))?.credentials).toEqual({ apiKey: "", clientId: "gh-cli-client", clientSecret: "gh-cli-client-secret" });
    await expect(cli(...base, "--api-key", "k")).rejects.toThrow(/--api-version v1/);
    const v1 = JSON.parse((await cli(...base, "--api-version", "v1", "--api-key", "gh-cli-key")).stdout);
    expect(v1).toMatchObject({ api_version: "v1" });
    await expect(cli("connections", "update", v1.id, "--api-version", "v3")).rejects.toThrow(/needs that version's credentials/);
    const switched = JSON.parse((await cli("connections", "update", v1.id, "--api-version", "v3", "--client-id", "a", "--client-secret", "b")).stdout);
    expect(switched).toMatchObject({ api_version: "v3", write_back: { acting_user_id: "4080" } });
  });
});
