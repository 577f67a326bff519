import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { randomUUID } from "node:crypto";
import { screeningId } from "@winnow/ats";
import { skillId } from "@winnow/core/catalogue/ids";
import { createApp } from "@winnow/api";
import { createServices } from "@winnow/services";
import { AccountRepository, SCOPES, createDynamo, ensureTables } from "@winnow/storage";
import { testService, type TestService } from "./helpers.ts";
import { atsHarness, greenhouseConnectionBody, type AtsHarness } from "./ats-harness.ts";
import { ContractChecker, formatFailures, type ContractResult, type OpenApiDocument } from "./openapi-contract/validator.ts";

/*
 * Every response the API sends must match the OpenAPI document that clients generate code from. Each case sends one
 * real request, validates status, Content-Type, required headers and body against the document (objects closed, so
 * an undocumented field fails too), then asserts the status it meant to provoke. The last test of each block asserts
 * that every operation of the document was seen answering both a success and an error.
 */

let t: TestService;
let h: AtsHarness;
let v1: ContractChecker;
let admin: ContractChecker;
const MISSING = "00000000-0000-4000-8000-000000000000";
const JOB = "Senior Python engineer. Requirements: Python, Django, PostgreSQL, AWS, 5+ years of backend experience.";
const RESUME = "Backend engineer with 7 years of Python, Django and PostgreSQL on AWS. Led a team of four.";
const BIG = "x".repeat(21 * 1024 * 1024);

/** Ids that later cases need, filled in by beforeAll hooks and by earlier cases. */
const ids = { title: "", skill: "", match: "", adminMatch: "", job: "", deadJob: "", email: `contract-${randomUUID()}@example.com`, newAccount: "", key: "", ownConnection: "" };

beforeAll(async () => {
  t = await testService();
  h = await atsHarness("greenhouse", { worker: { maxAttempts: 1 } });
  v1 = new ContractChecker((await (await t.app.request("/v1/openapi.json")).json()) as OpenApiDocument, "v1");
  const adminDoc = await h.app.request("/admin/openapi.json", { headers: { authorization: `Bearer ${h.adminToken}` } });
  admin = new ContractChecker((await adminDoc.json()) as OpenApiDocument, "admin");

  const titles = (await (await t.call("/v1/titles?limit=1")).json()) as { data: { id: string }[] };
  ids.title = titles.data[0]!.id;
  ids.skill = skillId("Python");
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const v1call = (path: string, init: Parameters<TestService["call"]>[1] = {}) => t.call(`/v1${path}`, init);

const adminCall = (path: string, init: RequestInit & { json?: unknown; token?: string | null } = {}) => {
  const { json, token, ...rest } = init;
  const headers = new Headers(rest.headers);
  const tok = token === undefined ? h.adminToken : token;
  if (tok) headers.set("authorization", `Bearer ${tok}`);
  if (json !== undefined) headers.set("content-type", "application/json");
  return Promise.resolve(h.app.request(`/admin${path}`, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) }));
};

interface Case {
  op: string;
  status: number;
  send: () => Promise<Response> | Response;
  /** Runs after a passing check, to capture ids later cases need. */
  then?: (body: any) => void;
}

async function run(checker: ContractChecker, c: Case): Promise<void> {
  const res = await c.send();
  const result: ContractResult = await checker.check(c.op, res);
  const failures = formatFailures([result]);
  expect(failures, `${c.op} → ${res.status} broke the OpenAPI document:\n${failures}`).toBe("");
  expect(res.status, `${c.op}: expected ${c.status}, got ${res.status}: ${(await res.clone().text()).slice(0, 300)}`).toBe(c.status);
  if (c.then) c.then(await res.json());
}

/**
 * The coverage checks count what the tests before them saw, so they mean something only when every one of those ran:
 * under a name filter (`-t`) the others are skipped and the check is skipped with them, saying why. A full run (CI) has
 * no skipped test, so there it always asserts.
 */
function skipUnlessWholeSuiteRan(ctx: TestContext): void {
  const skipped = (ctx.task.suite?.tasks ?? []).filter((t) => t !== ctx.task && t.mode !== "run");
  if (skipped.length > 0) ctx.skip(`${skipped.length} test(s) of this suite did not run; run the whole file for the coverage check`);
}

/** Operations not yet seen answering both a success and an error. */
const uncovered = (checker: ContractChecker) =>
  checker.operations().flatMap((op) => {
    const seen = [...(checker.seen.get(op) ?? [])];
    const missing = [seen.some((s) => s < 300) ? "" : "a success", seen.some((s) => s >= 400) ? "" : "an error"].filter(Boolean);
    return missing.length ? [`${op}: no ${missing.join(" and no ")} checked`] : [];
  });

const json = (value: unknown) => ({ method: "POST", json: value });
const raw = (method: string, body: string, contentType: string) => ({ method, body, headers: { "content-type": contentType } });

describe("v1 responses match /v1/openapi.json", () => {
  const basic = () => `Basic ${Buffer.from(`${oauth.id}:${oauth.secret}`).toString("base64")}`;
  const oauth = { id: "", secret: "" };
  const cases: Case[] = [
    { op: "GET /titles", status: 200, send: () => v1call("/titles?limit=2") },
    { op: "GET /titles", status: 400, send: () => v1call("/titles?limit=0") },
    { op: "GET /titles", status: 401, send: () => v1call("/titles", { key: null }) },
    { op: "GET /titles", status: 401, send: () => v1call("/titles", { key: "wnw_notakey" }) },
    { op: "GET /titles/{id}", status: 200, send: () => v1call(`/titles/${ids.title}`) },
    { op: "GET /titles/{id}", status: 400, send: () => v1call("/titles/not-a-uuid") },
    { op: "GET /titles/{id}", status: 404, send: () => v1call(`/titles/${MISSING}`) },
    { op: "POST /titles/normalize", status: 200, send: () => v1call("/titles/normalize", json({ term: "senior python developer" })) },
    { op: "POST /titles/normalize", status: 400, send: () => v1call("/titles/normalize", json({})) },
    { op: "POST /titles/normalize", status: 400, send: () => v1call("/titles/normalize", raw("POST", "{not json", "application/json")) },
    { op: "POST /titles/normalize", status: 422, send: () => v1call("/titles/normalize", json({ term: "qzxv wqkj" })) },
    { op: "POST /titles/normalize", status: 415, send: () => v1call("/titles/normalize", raw("POST", "term=x", "text/plain")) },
    { op: "POST /titles/normalize", status: 413, send: () => v1call("/titles/normalize", raw("POST", JSON.stringify({ term: BIG }), "application/json")) },
    { op: "POST /titles/normalize/inspect", status: 200, send: () => v1call("/titles/normalize/inspect", json({ term: "senior python developer" })) },
    { op: "POST /titles/normalize/inspect", status: 400, send: () => v1call("/titles/normalize/inspect", json({ term: 3 })) },
    { op: "POST /titles/normalize/inspect", status: 415, send: () => v1call("/titles/normalize/inspect", raw("POST", "x", "text/plain")) },
    { op: "GET /skills/{id}", status: 200, send: () => v1call(`/skills/${ids.skill}`) },
    { op: "GET /skills/{id}", status: 400, send: () => v1call("/skills/not-a-uuid") },
    { op: "GET /skills/{id}", status: 404, send: () => v1call(`/skills/${MISSING}`) },
    { op: "POST /skills/related", status: 200, send: () => v1call("/skills/related", json({ ids: [ids.skill] })) },
    { op: "POST /skills/related", status: 400, send: () => v1call("/skills/related", json({ ids: [] })) },
    { op: "POST /skills/related", status: 404, send: () => v1call("/skills/related", json({ ids: [MISSING] })) },
    { op: "POST /skills/related", status: 415, send: () => v1call("/skills/related", raw("POST", "{}", "text/plain")) },
    {
      op: "POST /match-insights",
      status: 201,
      send: () => v1call("/match-insights", json({ job_description: JOB, candidate: { description: RESUME }, job_post_id: "contract-1" })),
      then: (b) => (ids.match = b.data.match_id),
    },
    { op: "POST /match-insights", status: 400, send: () => v1call("/match-insights", json({ candidate: { description: "x" } })) },
    { op: "POST /match-insights", status: 401, send: () => v1call("/match-insights", { ...json({ job_description: JOB, candidate: { description: "x" } }), key: null }) },
    { op: "POST /match-insights", status: 413, send: () => v1call("/match-insights", raw("POST", JSON.stringify({ job_description: BIG }), "application/json")) },
    { op: "POST /match-insights", status: 415, send: () => v1call("/match-insights", raw("POST", "{}", "text/plain")) },
    {
      op: "POST /match-insights",
      status: 422,
      send: () => v1call("/match-insights", json({ job_description: JOB, candidate: { resume_link: Buffer.from("%PDF-1.7\n truncated").toString("base64") } })),
    },
    { op: "GET /match-insights", status: 200, send: () => v1call("/match-insights?job_post_id=contract-1&limit=5") },
    { op: "GET /match-insights", status: 404, send: () => v1call(`/match-insights?job_post_id=never-${randomUUID()}`) },
    { op: "GET /match-insights", status: 400, send: () => v1call("/match-insights?job_post_id=contract-1&limit=-1") },
    { op: "GET /match-insights/{match_id}", status: 200, send: () => v1call(`/match-insights/${ids.match}`) },
    { op: "GET /match-insights/{match_id}", status: 404, send: () => v1call(`/match-insights/${MISSING}`) },
    {
      op: "POST /match-insights/recommend-candidates",
      status: 201,
      send: () => v1call("/match-insights/recommend-candidates", json({ jobDescription: JOB, job_post_id: "contract-2", candidates: [{ description: RESUME }, { description: "Pastry chef." }] })),
    },
    { op: "POST /match-insights/recommend-candidates", status: 400, send: () => v1call("/match-insights/recommend-candidates", json({ job_description: JOB, candidates: [] })) },
    { op: "POST /match-insights/recommend-candidates", status: 415, send: () => v1call("/match-insights/recommend-candidates", raw("POST", "{}", "text/plain")) },
    {
      op: "POST /oauth/token",
      status: 200,
      send: async () => {
        const { record, secret } = await t.services.oauthClients.create(t.accountId, "contract", ["taxonomy:read"]);
        oauth.id = record.id;
        oauth.secret = secret;
        return t.app.request("/v1/oauth/token", { method: "POST", body: "grant_type=client_credentials", headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic() } });
      },
    },
    {
      op: "POST /oauth/token",
      status: 400,
      send: () => t.app.request("/v1/oauth/token", { method: "POST", body: "grant_type=password", headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic() } }),
    },
    { op: "POST /oauth/token", status: 401, send: () => t.app.request("/v1/oauth/token", { method: "POST", body: "grant_type=client_credentials", headers: { "content-type": "application/x-www-form-urlencoded" } }) },
    { op: "POST /oauth/token", status: 413, send: () => t.app.request("/v1/oauth/token", { method: "POST", body: `grant_type=${BIG}`, headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic() } }) },
  ];

  // 403: a key of the same account without the scope each operation needs.
  const scoped: [string, string, RequestInit & { json?: unknown }][] = [
    ["GET /titles", "/titles", {}],
    ["GET /titles/{id}", `/titles/${MISSING}`, {}],
    ["POST /titles/normalize", "/titles/normalize", json({ term: "x" })],
    ["POST /titles/normalize/inspect", "/titles/normalize/inspect", json({ term: "x" })],
    ["GET /skills/{id}", `/skills/${MISSING}`, {}],
    ["POST /skills/related", "/skills/related", json({ ids: [MISSING] })],
    ["POST /match-insights", "/match-insights", json({ job_description: JOB, candidate: { description: "x" } })],
    ["GET /match-insights", "/match-insights?job_post_id=contract-1", {}],
    ["GET /match-insights/{match_id}", `/match-insights/${MISSING}`, {}],
    ["POST /match-insights/recommend-candidates", "/match-insights/recommend-candidates", json({ jobDescription: JOB, candidates: [{ description: "x" }] })],
  ];
  for (const [op, path, init] of scoped) {
    const needsTaxonomy = path.startsWith("/titles") || path.startsWith("/skills");
    cases.push({ op, status: 403, send: async () => v1call(path, { ...init, key: await t.keyWith([needsTaxonomy ? "matches:read" : "taxonomy:read"]) }) });
  }

  for (const c of cases) it(`${c.op} → ${c.status}`, () => run(v1, c));

  it("answers 429 in the documented shape with Retry-After once a credential's limit is spent", async () => {
    // An account of its own, so the spent limit slows no other test.
    const other = await t.otherAccount();
    const put = await t.app.request(`/admin/accounts/${other.accountId}/rate-limits`, {
      method: "PUT",
      headers: { authorization: `Bearer ${t.adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ per_credential: 1 }),
    });
    expect(put.status).toBe(200);
    const key = other.apiKey;
    let last: Response | undefined;
    for (let i = 0; i < 5 && last?.status !== 429; i++) last = await v1call("/titles?limit=1", { key });
    const result = await v1.check("GET /titles", last!);
    expect(formatFailures([result])).toBe("");
    expect(last!.status).toBe(429);
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("covered every operation with a success and an error", (ctx) => {
    skipUnlessWholeSuiteRan(ctx);
    expect(uncovered(v1)).toEqual([]);
  });
});

/** The app over a table no catalogue was ever loaded into: taxonomy and screening answer 503. */
async function catalogueLessApp() {
  const dynamo = createDynamo({ endpoint: process.env.DYNAMODB_ENDPOINT! });
  const table = `test-${randomUUID()}`;
  await ensureTables(dynamo.client, table);
  const store = { doc: dynamo.doc, table };
  const adminToken = `admin-${randomUUID()}`;
  const app = createApp(createServices(store, { adminToken, allowPrivateUrls: true }));
  const accounts = new AccountRepository(store);
  const account = await accounts.create("No catalogue");
  const { key } = await accounts.createApiKey(account.id, SCOPES);
  return { app, key, adminToken, close: () => dynamo.client.destroy() };
}

describe("v1 responses while no catalogue is loaded match /v1/openapi.json", () => {
  const calls: [string, string, RequestInit][] = [
    ["GET /titles", "/v1/titles", {}],
    ["GET /titles/{id}", `/v1/titles/${MISSING}`, {}],
    ["POST /titles/normalize", "/v1/titles/normalize", { method: "POST", body: JSON.stringify({ term: "python developer" }) }],
    ["POST /titles/normalize/inspect", "/v1/titles/normalize/inspect", { method: "POST", body: JSON.stringify({ term: "python developer" }) }],
    ["GET /skills/{id}", `/v1/skills/${MISSING}`, {}],
    ["POST /skills/related", "/v1/skills/related", { method: "POST", body: JSON.stringify({ ids: [MISSING] }) }],
    ["POST /match-insights", "/v1/match-insights", { method: "POST", body: JSON.stringify({ job_description: JOB, candidate: { description: RESUME } }) }],
    ["POST /match-insights/recommend-candidates", "/v1/match-insights/recommend-candidates", { method: "POST", body: JSON.stringify({ jobDescription: JOB, candidates: [{ description: RESUME }] }) }],
  ];
  let empty: Awaited<ReturnType<typeof catalogueLessApp>>;
  beforeAll(async () => {
    empty = await catalogueLessApp();
  });
  afterAll(() => empty?.close());

  for (const [op, path, init] of calls) {
    it(`${op} → 503`, () =>
      run(v1, {
        op,
        status: 503,
        send: async () => {
          const res = await empty.app.request(path, { ...init, headers: { "x-api-key": empty.key, "content-type": "application/json" } });
          expect(res.headers.get("retry-after"), "a catalogue outage tells clients when to retry").toMatch(/^\d+$/);
          return res;
        },
      }));
  }

  it("POST /admin/taxonomy/sync → 202 (its own table, so the background run touches no shared catalogue)", () =>
    run(admin, {
      op: "POST /taxonomy/sync",
      status: 202,
      // Port 9 (discard) refuses at once: the run fails in the background without leaving this machine.
      send: async () => empty.app.request("/admin/taxonomy/sync", { method: "POST", body: JSON.stringify({ base_url: "http://127.0.0.1:9/esco" }), headers: { authorization: `Bearer ${empty.adminToken}`, "content-type": "application/json" } }),
    }));
});

describe("admin responses match /admin/openapi.json", () => {
  const acc = () => `/accounts/${ids.newAccount}`;
  const newConnection = (over: Record<string, unknown> = {}) => greenhouseConnectionBody(h, "whsec-contract-secret", over);


  beforeAll(async () => {
    // A screening that is done, one that is dead-lettered (the provider refuses the key), and a v1 match whose
    // decision record the accountability routes can show.
    h.startWorker();
    const done = h.fake.apply();
    await h.deliver(h.fake.applicationWebhook(done, h.secret));
    ids.job = screeningId(h.connectionId, done.applicationId);
    const refused = await (await adminCall("/connections", { method: "POST", json: newConnection({ credentials: { api_key: "revoked-key" }, webhook_secret: "whsec-refused" }) })).json() as any;
    const dead = h.fake.apply();
    await h.deliver(h.fake.applicationWebhook(dead, "whsec-refused"), { connectionId: refused.data.id });
    ids.deadJob = screeningId(refused.data.id, dead.applicationId);
    await h.waitForJob(ids.job, ["done"]);
    await h.waitForJob(ids.deadJob, ["dead"]);
    const match = await h.app.request("/v1/match-insights", { method: "POST", body: JSON.stringify({ job_description: JOB, candidate: { description: RESUME } }), headers: { "x-api-key": h.apiKey, "content-type": "application/json" } });
    ids.adminMatch = ((await match.json()) as any).data.match_id;
  }, 60_000);

  const cases: Case[] = [
    { op: "POST /accounts", status: 201, send: () => adminCall("/accounts", { method: "POST", json: { name: "Contract Co" } }), then: (b) => (ids.newAccount = b.data.id) },
    { op: "POST /accounts", status: 400, send: () => adminCall("/accounts", { method: "POST", json: {} }) },
    { op: "POST /accounts", status: 401, send: () => adminCall("/accounts", { method: "POST", json: { name: "x" }, token: null }) },
    { op: "POST /accounts", status: 415, send: () => adminCall("/accounts", raw("POST", "{}", "text/plain")) },
    { op: "GET /accounts/{account_id}", status: 200, send: () => adminCall(acc()) },
    { op: "GET /accounts/{account_id}", status: 404, send: () => adminCall(`/accounts/${MISSING}`) },
    { op: "POST /accounts/{account_id}/api-keys", status: 201, send: () => adminCall(`${acc()}/api-keys`, { method: "POST", json: { scopes: ["taxonomy:read"] } }), then: (b) => (ids.key = b.data.id) },
    { op: "POST /accounts/{account_id}/api-keys", status: 400, send: () => adminCall(`${acc()}/api-keys`, { method: "POST", json: { scopes: ["admin"] } }) },
    { op: "POST /accounts/{account_id}/api-keys", status: 404, send: () => adminCall(`/accounts/${MISSING}/api-keys`, { method: "POST", json: {} }) },
    { op: "POST /accounts/{account_id}/api-keys", status: 415, send: () => adminCall(`${acc()}/api-keys`, raw("POST", "{}", "text/plain")) },
    { op: "GET /accounts/{account_id}/api-keys", status: 200, send: () => adminCall(`${acc()}/api-keys`) },
    { op: "GET /accounts/{account_id}/api-keys", status: 404, send: () => adminCall(`/accounts/${MISSING}/api-keys`) },
    { op: "DELETE /accounts/{account_id}/api-keys/{key_id}", status: 200, send: () => adminCall(`${acc()}/api-keys/${ids.key}`, { method: "DELETE" }) },
    { op: "DELETE /accounts/{account_id}/api-keys/{key_id}", status: 404, send: () => adminCall(`${acc()}/api-keys/${MISSING}`, { method: "DELETE" }) },
    { op: "POST /accounts/{account_id}/users", status: 201, send: () => adminCall(`${acc()}/users`, { method: "POST", json: { email: ids.email } }) },
    { op: "POST /accounts/{account_id}/users", status: 409, send: () => adminCall(`/accounts/${h.accountId}/users`, { method: "POST", json: { email: ids.email } }) },
    { op: "POST /accounts/{account_id}/users", status: 400, send: () => adminCall(`${acc()}/users`, { method: "POST", json: { email: "not an email" } }) },
    { op: "POST /accounts/{account_id}/users", status: 404, send: () => adminCall(`/accounts/${MISSING}/users`, { method: "POST", json: { email: "x@example.com" } }) },
    { op: "POST /accounts/{account_id}/users", status: 415, send: () => adminCall(`${acc()}/users`, raw("POST", "{}", "text/plain")) },
    { op: "GET /accounts/{account_id}/users", status: 200, send: () => adminCall(`${acc()}/users`) },
    { op: "GET /accounts/{account_id}/users", status: 404, send: () => adminCall(`/accounts/${MISSING}/users`) },
    { op: "GET /accounts/{account_id}/rate-limits", status: 200, send: () => adminCall(`${acc()}/rate-limits`) },
    { op: "GET /accounts/{account_id}/rate-limits", status: 404, send: () => adminCall(`/accounts/${MISSING}/rate-limits`) },
    { op: "PUT /accounts/{account_id}/rate-limits", status: 200, send: () => adminCall(`${acc()}/rate-limits`, { method: "PUT", json: { per_credential: 50 } }) },
    { op: "PUT /accounts/{account_id}/rate-limits", status: 400, send: () => adminCall(`${acc()}/rate-limits`, { method: "PUT", json: { per_credential: 0 } }) },
    { op: "PUT /accounts/{account_id}/rate-limits", status: 415, send: () => adminCall(`${acc()}/rate-limits`, raw("PUT", "{}", "text/plain")) },
    { op: "DELETE /accounts/{account_id}/rate-limits", status: 200, send: () => adminCall(`${acc()}/rate-limits`, { method: "DELETE" }) },
    { op: "DELETE /accounts/{account_id}/rate-limits", status: 404, send: () => adminCall(`/accounts/${MISSING}/rate-limits`, { method: "DELETE" }) },
    { op: "GET /taxonomy/versions", status: 200, send: () => adminCall("/taxonomy/versions") },
    { op: "GET /taxonomy/versions", status: 401, send: () => adminCall("/taxonomy/versions", { token: "wrong" }) },
    { op: "GET /taxonomy/syncs", status: 200, send: () => adminCall("/taxonomy/syncs?limit=5") },
    { op: "GET /taxonomy/syncs", status: 400, send: () => adminCall("/taxonomy/syncs?limit=101") },
    { op: "POST /taxonomy/sync", status: 400, send: () => adminCall("/taxonomy/sync", { method: "POST", json: { base_url: "ftp://example.com" } }) },
    { op: "POST /taxonomy/sync", status: 415, send: () => adminCall("/taxonomy/sync", raw("POST", "{}", "text/plain")) },
    { op: "POST /connections", status: 201, send: () => adminCall("/connections", { method: "POST", json: newConnection({ name: "Contract" }) }), then: (b) => (ids.ownConnection = b.data.id) },
    { op: "POST /connections", status: 400, send: () => adminCall("/connections", { method: "POST", json: {} }) },
    { op: "POST /connections", status: 404, send: () => adminCall("/connections", { method: "POST", json: newConnection({ account_id: MISSING }) }) },
    { op: "POST /connections", status: 415, send: () => adminCall("/connections", raw("POST", "{}", "text/plain")) },
    { op: "GET /connections", status: 200, send: () => adminCall(`/connections?account_id=${h.accountId}`) },
    { op: "GET /connections", status: 401, send: () => adminCall("/connections", { token: null }) },
    { op: "GET /connections/{connection_id}", status: 200, send: () => adminCall(`/connections/${ids.ownConnection}`) },
    { op: "GET /connections/{connection_id}", status: 404, send: () => adminCall(`/connections/${MISSING}`) },
    { op: "PATCH /connections/{connection_id}", status: 200, send: () => adminCall(`/connections/${ids.ownConnection}`, { method: "PATCH", json: { job_filter: ["303"], write_back: { acting_user_id: "5000", tag: "Winnow" } } }) },
    { op: "PATCH /connections/{connection_id}", status: 400, send: () => adminCall(`/connections/${ids.ownConnection}`, { method: "PATCH", json: { credentials: { nope: 1 } } }) },
    { op: "PATCH /connections/{connection_id}", status: 404, send: () => adminCall(`/connections/${MISSING}`, { method: "PATCH", json: { job_filter: [] } }) },
    { op: "PATCH /connections/{connection_id}", status: 415, send: () => adminCall(`/connections/${ids.ownConnection}`, raw("PATCH", "{}", "text/plain")) },
    { op: "DELETE /connections/{connection_id}", status: 200, send: () => adminCall(`/connections/${ids.ownConnection}`, { method: "DELETE" }) },
    { op: "DELETE /connections/{connection_id}", status: 404, send: () => adminCall(`/connections/${MISSING}`, { method: "DELETE" }) },
    { op: "GET /screening-jobs/{job_id}", status: 200, send: () => adminCall(`/screening-jobs/${ids.job}`) },
    { op: "GET /screening-jobs/{job_id}", status: 404, send: () => adminCall(`/screening-jobs/${MISSING}`) },
    { op: "GET /dead-letters", status: 200, send: () => adminCall("/dead-letters?limit=5") },
    { op: "GET /dead-letters", status: 400, send: () => adminCall("/dead-letters?limit=0") },
    { op: "GET /dead-letters/{job_id}", status: 200, send: () => adminCall(`/dead-letters/${ids.deadJob}`) },
    { op: "GET /dead-letters/{job_id}", status: 404, send: () => adminCall(`/dead-letters/${MISSING}`) },
    { op: "POST /dead-letters/{job_id}/replay", status: 202, send: () => adminCall(`/dead-letters/${ids.deadJob}/replay`, { method: "POST", json: {} }) },
    { op: "POST /dead-letters/{job_id}/replay", status: 404, send: () => adminCall(`/dead-letters/${MISSING}/replay`, { method: "POST", json: {} }) },
    { op: "POST /dead-letters/{job_id}/replay", status: 415, send: () => adminCall(`/dead-letters/${MISSING}/replay`, raw("POST", "{}", "text/plain")) },
    { op: "GET /accounts/{account_id}/decisions", status: 200, send: () => adminCall(`/accounts/${h.accountId}/decisions?limit=5`) },
    { op: "GET /accounts/{account_id}/decisions", status: 400, send: () => adminCall(`/accounts/${h.accountId}/decisions?from=yesterday`) },
    { op: "GET /accounts/{account_id}/decisions", status: 404, send: () => adminCall(`/accounts/${MISSING}/decisions`) },
    { op: "GET /accounts/{account_id}/decisions/{match_id}", status: 200, send: () => adminCall(`/accounts/${h.accountId}/decisions/${ids.adminMatch}`) },
    { op: "GET /accounts/{account_id}/decisions/{match_id}", status: 404, send: () => adminCall(`/accounts/${h.accountId}/decisions/${MISSING}`) },
    {
      op: "GET /accounts/{account_id}/decisions/export",
      status: 200,
      send: async () => {
        const res = await adminCall(`/accounts/${h.accountId}/decisions/export`);
        // The document can only call the body text: hold each line to the DecisionRecord of the JSON routes.
        const lines = (await res.clone().text()).split("\n").filter(Boolean);
        expect(lines.length).toBeGreaterThan(0);
        const problems = lines.flatMap((line, i) => admin.validateAs("GET /accounts/{account_id}/decisions/{match_id}", 200, JSON.parse(line)).map((p) => `line ${i + 1}: ${p}`));
        expect(problems, "export lines are not DecisionRecords").toEqual([]);
        return res;
      },
    },
    { op: "GET /accounts/{account_id}/decisions/export", status: 404, send: () => adminCall(`/accounts/${MISSING}/decisions/export`) },
    { op: "GET /accounts/{account_id}/retention", status: 200, send: () => adminCall(`/accounts/${h.accountId}/retention`) },
    { op: "GET /accounts/{account_id}/retention", status: 404, send: () => adminCall(`/accounts/${MISSING}/retention`) },
    { op: "PUT /accounts/{account_id}/retention", status: 200, send: () => adminCall(`/accounts/${h.accountId}/retention`, { method: "PUT", json: { retention_days: 400 } }) },
    { op: "PUT /accounts/{account_id}/retention", status: 400, send: () => adminCall(`/accounts/${h.accountId}/retention`, { method: "PUT", json: { retention_days: 0 } }) },
    { op: "PUT /accounts/{account_id}/retention", status: 415, send: () => adminCall(`/accounts/${h.accountId}/retention`, raw("PUT", "{}", "text/plain")) },
    { op: "POST /accounts/{account_id}/erasures", status: 200, send: () => adminCall(`/accounts/${h.accountId}/erasures`, { method: "POST", json: { email: "nobody@example.com" } }) },
    { op: "POST /accounts/{account_id}/erasures", status: 400, send: () => adminCall(`/accounts/${h.accountId}/erasures`, { method: "POST", json: {} }) },
    { op: "POST /accounts/{account_id}/erasures", status: 404, send: () => adminCall(`/accounts/${MISSING}/erasures`, { method: "POST", json: { email: "nobody@example.com" } }) },
    { op: "PUT /accounts/{account_id}/demographics", status: 200, send: () => adminCall(`/accounts/${h.accountId}/demographics`, raw("PUT", `match_id,sex,race_ethnicity\n${ids.adminMatch},Female,Asian\n`, "text/csv")) },
    { op: "PUT /accounts/{account_id}/demographics", status: 415, send: () => adminCall(`/accounts/${h.accountId}/demographics`, raw("PUT", "{}", "application/json")) },
    { op: "PUT /accounts/{account_id}/demographics", status: 422, send: () => adminCall(`/accounts/${h.accountId}/demographics`, raw("PUT", "id,gender\n1,2\n", "text/csv")) },
    { op: "PUT /accounts/{account_id}/demographics", status: 413, send: () => adminCall(`/accounts/${h.accountId}/demographics`, raw("PUT", `match_id,sex,race_ethnicity\n${"x,F,Asian\n".repeat(300_000)}`, "text/csv")) },
    { op: "GET /accounts/{account_id}/bias-audit", status: 200, send: () => adminCall(`/accounts/${h.accountId}/bias-audit`) },
    { op: "GET /accounts/{account_id}/bias-audit", status: 200, send: () => adminCall(`/accounts/${h.accountId}/bias-audit?format=html`) },
    { op: "GET /accounts/{account_id}/bias-audit", status: 400, send: () => adminCall(`/accounts/${h.accountId}/bias-audit?from=soon`) },
    { op: "GET /accounts/{account_id}/bias-audit", status: 404, send: () => adminCall(`/accounts/${MISSING}/bias-audit`) },
  ];

  for (const c of cases) it(`${c.op} → ${c.status}`, () => run(admin, c));

  it("answers 401 for every operation without the admin token", async () => {
    const failures: ContractResult[] = [];
    for (const op of admin.operations()) {
      const [method, path] = op.split(" ") as [string, string];
      const url = path.replace(/\{[a-z_]+\}/g, MISSING);
      const res = await adminCall(url, { method, token: null, ...(method === "GET" || method === "DELETE" ? {} : { json: {} }) });
      expect(res.status, op).toBe(401);
      failures.push(await admin.check(op, res));
    }
    expect(formatFailures(failures)).toBe("");
  });

  it("covered every operation with a success and an error", (ctx) => {
    skipUnlessWholeSuiteRan(ctx);
    expect(uncovered(admin)).toEqual([]);
  });
});

describe("the contract checker", () => {
  const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

  it("names the operation, status and schema path of a body that breaks its schema", async () => {
    const real = (await (await v1call(`/titles/${ids.title}`)).json()) as { data: Record<string, unknown> };
    const broken = { ...real, data: { ...real.data, id: 42 } };
    const report = formatFailures([await v1.check("GET /titles/{id}", jsonResponse(200, broken))]);
    expect(report).toContain("GET /titles/{id} → 200");
    expect(report).toContain("/data/id: must be string [schema #/components/schemas/TitleDetail/properties/id/type]");
  });

  it("refuses fields the document never mentions, also through allOf compositions", async () => {
    const real = (await (await v1call(`/titles/${ids.title}`)).json()) as { data: Record<string, unknown> };
    const extra = await v1.check("GET /titles/{id}", jsonResponse(200, { ...real, data: { ...real.data, internal_rank: 3 } }));
    expect(extra.problems).toEqual([expect.stringMatching(/^\/data: must NOT have unevaluated properties 'internal_rank' \[schema #\/components\/schemas\/TitleDetail\/unevaluatedProperties\]$/)]);
    // Invitation = allOf [User, {invite_url, invite_expires_at}]: both members' fields pass, a third does not.
    const invite = await adminCall(`/accounts/${h.accountId}/users`, { method: "POST", json: { email: `closed-${randomUUID()}@example.com` } });
    const body = (await invite.json()) as { data: Record<string, unknown> };
    const op = "POST /accounts/{account_id}/users";
    expect((await admin.check(op, jsonResponse(201, body))).problems).toEqual([]);
    expect((await admin.check(op, jsonResponse(201, { ...body, data: { ...body.data, password_hash: "x" } }))).problems).toEqual([
      expect.stringMatching(/must NOT have unevaluated properties 'password_hash'/),
    ]);
  });

  it("flags an undocumented status, a wrong Content-Type, a missing required field and a missing required header", async () => {
    expect((await v1.check("GET /titles", jsonResponse(418, {}))).problems).toEqual([expect.stringMatching(/status 418 is not documented/)]);
    const asText = new Response("{}", { status: 400, headers: { "content-type": "text/plain" } });
    expect((await v1.check("GET /titles", asText)).problems).toEqual([expect.stringMatching(/Content-Type 'text\/plain' is not one of application\/json/)]);
    expect((await v1.check("GET /titles", jsonResponse(400, { error: 1004 }))).problems).toEqual([expect.stringMatching(/must have required property 'message'/)]);
    const exportOp = "GET /accounts/{account_id}/decisions/export";
    const noDisposition = new Response("", { status: 200, headers: { "content-type": "application/x-ndjson" } });
    expect((await admin.check(exportOp, noDisposition)).problems).toEqual(["required header Content-Disposition is missing"]);
  });
});
