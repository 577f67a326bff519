import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { screeningId } from "@winnow/ats";
import { WEBHOOK_BODY_LIMIT } from "@winnow/api/routes/webhooks";
import { atsHarness, type AtsHarness } from "./ats-harness.ts";
import { STACK_FRAME, adminCaller, cli, expectAuthError, expectError, hmacHex, leverDelivery, read, type Answer } from "./review-admin/probe.ts";

// Fresh-eyes review of the admin API, the ATS webhooks and the CLI against README.md and docs/*.md. Tests marked
// `it.fails` assert what the docs promise and do not hold today; each quotes the line it holds the code to.

let h: AtsHarness;
let admin: ReturnType<typeof adminCaller>;
beforeAll(async () => {
  // No worker: accepted deliveries stay queued, which is all the intake probes need.
  h = await atsHarness("greenhouse");
  admin = adminCaller(h);
});
afterAll(async () => {
  await h?.close();
});

/** POSTs raw bytes to a webhook path in-process, so the whole answer (status, headers, text) can be checked. */
async function webhook(path: string, body: string, headers: Record<string, string> = {}, method = "POST"): Promise<Answer> {
  return read(await h.app.request(path, { method, headers: { "content-type": "application/json", ...headers }, ...(method === "GET" ? {} : { body }) }));
}

const greenhouseSigned = (secret: string, body: string, extra: Record<string, string> = {}) => ({ signature: `sha256 ${hmacHex(secret, body)}`, ...extra });
const ashbySigned = (secret: string, body: string) => ({ "ashby-signature": `sha256=${hmacHex(secret, body)}` });

/** A connection of another provider on the harness's account; no worker runs, so its API settings never matter. */
async function connectionOf(provider: "lever" | "ashby", webhookSecret: string): Promise<string> {
  const c = await h.runtime.connections.create({
    provider,
    accountId: h.accountId,
    credentials: { apiKey: "unused" },
    webhookSecret,
    writeBack: { noteVisibility: "private" },
  });
  return c.id;
}

describe("admin API: authentication", () => {
  it("answers 401 with the Bearer challenge of docs/errors.md on every kind of wrong credential", async () => {
    // errors.md: "401 responses also carry `WWW-Authenticate: Bearer realm="winnow"`".
    const cases: { authorization?: string; token?: string | null }[] = [
      { token: null },
      { authorization: `Basic ${Buffer.from(`x:${h.adminToken}`).toString("base64")}` },
      { authorization: `Bearer ${h.adminToken} extra` },
      { authorization: "Bearer" },
      { token: `${h.adminToken}x` },
      { token: h.adminToken.slice(0, -1) },
      { token: h.apiKey },
    ];
    for (const c of cases) {
      const res = await admin("/admin/taxonomy/versions", c);
      expectAuthError(res);
      expect(res.headers.get("www-authenticate"), JSON.stringify(c)).toMatch(/^Bearer realm="winnow"/);
    }
  });

  it("accepts the scheme name in any case (RFC 7235 §2.1: auth-scheme is case-insensitive)", async () => {
    expect((await admin("/admin/taxonomy/versions", { authorization: `bearer ${h.adminToken}` })).status).toBe(200);
    expect((await admin("/admin/taxonomy/versions", { authorization: `BEARER   ${h.adminToken}` })).status).toBe(200);
  });

  it("authenticates before it validates or routes: an anonymous caller learns nothing about bodies or paths", async () => {
    // api-decisions.md: "Authentication happens before validation, so an unauthenticated caller learns nothing about
    // the request's shape."
    const probes: [string, { method?: string; body?: string; headers?: Record<string, string> }][] = [
      ["/admin/accounts", { method: "POST", body: "{not json", headers: { "content-type": "application/json" } }],
      ["/admin/accounts", { method: "POST", body: "name=x", headers: { "content-type": "text/plain" } }],
      ["/admin/accounts", { method: "POST", body: JSON.stringify({ name: "x".repeat(70 * 1024) }), headers: { "content-type": "application/json" } }],
      ["/admin/no-such-route", {}],
      [`/admin/accounts/${randomUUID()}`, {}],
      ["/admin/dead-letters?limit=0", {}],
    ];
    for (const [path, init] of probes) expectAuthError(await admin(path, { ...init, token: null }));
  });

  it("sends Cache-Control: no-store on admin answers, refusals included", async () => {
    // api-decisions.md: "Responses under `/v1` (except the OpenAPI document) and `/admin` carry `Cache-Control: no-store`".
    expect((await admin("/admin/taxonomy/versions")).headers.get("cache-control")).toBe("no-store");
    expect((await admin(`/admin/accounts/${randomUUID()}`)).headers.get("cache-control")).toBe("no-store");
    expect((await admin("/admin/taxonomy/versions", { token: "wrong" })).headers.get("cache-control")).toBe("no-store");
  });
});

describe("admin API: error shapes", () => {
  it("answers unknown paths and wrong methods with 404 ROUTE_NOT_FOUND (1007)", async () => {
    // errors.md: 1007 "No such path or method."
    expectError(await admin("/admin/nope"), 404, 1007);
    expectError(await admin("/admin/accounts", { method: "GET" }), 404, 1007);
    expectError(await admin("/admin/accounts", { method: "PUT", json: { name: "x" } }), 404, 1007);
    expectError(await admin(`/admin/connections/${h.connectionId}`, { method: "PUT", json: {} }), 404, 1007);
  });

  it("answers bodies by the table: 400 1001 malformed JSON, 415 1002 wrong type or Content-Encoding, 413 1006 over 64 KiB, 400 1003 invalid", async () => {
    expectError(await admin("/admin/accounts", { method: "POST", body: "{\"name\":", headers: { "content-type": "application/json" } }), 400, 1001);
    expectError(await admin("/admin/accounts", { method: "POST", body: "{\"name\":\"x\"}", headers: { "content-type": "text/plain" } }), 415, 1002);
    expectError(await admin("/admin/accounts", { method: "POST", body: "{\"name\":\"x\"}" }), 415, 1002);
    expectError(await admin("/admin/accounts", { method: "POST", json: { name: "x" }, headers: { "content-type": "application/json", "content-encoding": "gzip" } }), 415, 1002);
    // limits.md: "body of every other endpoint (and the admin API) | 64 KiB".
    expectError(await admin("/admin/accounts", { method: "POST", json: { name: "x".repeat(65 * 1024) } }), 413, 1006);
    expectError(await admin("/admin/accounts", { method: "POST", json: { name: "x".repeat(201) } }), 400, 1003);
    expectError(await admin("/admin/accounts", { method: "POST", json: [] }), 400, 1003);
    expectError(await admin("/admin/accounts", { method: "POST", json: null }), 400, 1003);
    expectError(await admin(`/admin/accounts/${h.accountId}/api-keys`, { method: "POST", json: { scopes: [] } }), 400, 1003);
  });

  it("answers 404 ACCOUNT_NOT_FOUND (4001) on every per-account route for an unknown account", async () => {
    const id = randomUUID();
    const probes: [string, string, unknown?][] = [
      ["GET", `/admin/accounts/${id}`],
      ["GET", `/admin/accounts/${id}/api-keys`],
      ["POST", `/admin/accounts/${id}/api-keys`, {}],
      ["GET", `/admin/accounts/${id}/users`],
      ["POST", `/admin/accounts/${id}/users`, { email: "probe@example.com" }],
      ["GET", `/admin/accounts/${id}/rate-limits`],
      ["PUT", `/admin/accounts/${id}/rate-limits`, { per_credential: 10, per_account: 20 }],
      ["DELETE", `/admin/accounts/${id}/rate-limits`],
      ["GET", `/admin/accounts/${id}/retention`],
      ["PUT", `/admin/accounts/${id}/retention`, { retention_days: 30 }],
      ["GET", `/admin/accounts/${id}/decisions`],
      ["GET", `/admin/accounts/${id}/decisions/export`],
      ["POST", `/admin/accounts/${id}/erasures`, { email: "probe@example.com" }],
      ["GET", `/admin/accounts/${id}/bias-audit`],
    ];
    for (const [method, path, json] of probes) {
      const res = await admin(path, { method, ...(json !== undefined ? { json } : {}) });
      expect({ method, path, status: res.status, error: res.json?.error }).toEqual({ method, path, status: 404, error: 4001 });
    }
  });

  it("answers 404 (4002) for a key of another account, and leaves that key working", async () => {
    const other = (await admin("/admin/accounts", { method: "POST", json: { name: "Other" } })).json.data;
    const key = (await admin(`/admin/accounts/${other.id}/api-keys`, { method: "POST", json: {} })).json.data;
    expectError(await admin(`/admin/accounts/${h.accountId}/api-keys/${key.id}`, { method: "DELETE" }), 404, 4002);
    expect((await admin(`/admin/accounts/${other.id}/api-keys`)).json.data[0].revoked_at).toBeNull();
  });

  it("never answers 5xx or a stack trace for arbitrary path segments and query strings on admin GET routes", async () => {
    // errors.md, 1000 INTERNAL_ERROR: "no input should ever cause it".
    const segment = fc.oneof(fc.uuid(), fc.string({ maxLength: 80 }), fc.string({ unit: "binary", maxLength: 40 })).map(encodeURIComponent);
    const query = fc.dictionary(fc.constantFrom("limit", "cursor", "connection_id", "account_id", "from", "to", "format", "x"), fc.string({ maxLength: 60 }), { maxKeys: 3 });
    const templates = [
      "/admin/accounts/{s}",
      "/admin/accounts/{s}/api-keys",
      "/admin/accounts/{s}/users",
      "/admin/accounts/{s}/rate-limits",
      "/admin/accounts/{s}/retention",
      "/admin/accounts/{a}/decisions/{s}",
      "/admin/connections/{s}",
      "/admin/screening-jobs/{s}",
      "/admin/dead-letters/{s}",
      "/admin/dead-letters?{q}",
      "/admin/connections?{q}",
      "/admin/taxonomy/syncs?{q}",
      "/admin/accounts/{a}/decisions?{q}",
      "/admin/accounts/{a}/bias-audit?{q}",
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...templates), segment, query, async (template, seg, q) => {
        const path = template.replace("{a}", h.accountId).replace("{s}", seg).replace("{q}", new URLSearchParams(q).toString());
        const res = await admin(path);
        expect(res.status, path).toBeLessThan(500);
        expect(res.json, path).toBeDefined();
        expect(res.text).not.toMatch(STACK_FRAME);
      }),
      { numRuns: 150 },
    );
  });
});

/** A cursor the way admin-connections.ts encodes DynamoDB's last key: base64url JSON of {k: JSON of the key}. */
const deadCursor = (key: Record<string, string>) => Buffer.from(JSON.stringify({ k: JSON.stringify(key) })).toString("base64url");

/** Each admin operation with path parameters, called with every parameter one character over the 64 allowed. */
async function overlongIdAnswers(): Promise<{ operation: string; status: number; error: unknown; documented: string[] }[]> {
  const doc = (await admin("/admin/openapi.json")).json as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  const out = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.includes("{")) continue;
    for (const [method, op] of Object.entries(operations)) {
      const csv = path.endsWith("/demographics");
      const body = method === "get" || method === "delete" ? {} : csv ? { body: "match_id,sex,race_ethnicity\n", headers: { "content-type": "text/csv" } } : { json: {} };
      const res = await admin(`/admin${path.replace(/\{[^}]+\}/g, "a".repeat(65))}`, { method: method.toUpperCase(), ...body });
      out.push({ operation: `${method.toUpperCase()} ${path}`, status: res.status, error: res.json?.error, documented: Object.keys(op.responses) });
    }
  }
  return out;
}

describe("admin API: over-long path ids", () => {
  it("answers an over-long path id with an id error or not-found, never VALIDATION_FAILED (1003), which is for bodies", async () => {
    // errors.md: 1003 "A body field is missing, of the wrong type, out of range or too long; the message names it";
    // 1008 "A path or body id is not UUID-shaped". A 65-character id in any admin path fails the route's zod
    // `max(64)` and answers 400 1003 ("Invalid request: account_id …"); "nope" on the same route answers 404 4001
    // (admin.test.ts), so the answer for a wrong id depends on its length.
    const answers = await overlongIdAnswers();
    expect(answers.length).toBeGreaterThan(15);
    expect(answers.filter((a) => a.error === 1003)).toEqual([]);
  });

  it("documents in /admin/openapi.json every status an over-long path id gets", async () => {
    // The admin OpenAPI document lists 200/401/404 only for 12 operations (GET /accounts/{account_id}, …/api-keys,
    // …/users, …/rate-limits GET and DELETE, …/retention GET, DELETE …/api-keys/{key_id}, GET and DELETE
    // /connections/{connection_id}, GET /screening-jobs/{job_id}, GET /dead-letters/{job_id}, POST
    // /dead-letters/{job_id}/replay) that answer 400 for such an id; replay also answers 400 for a body that is not
    // an object. Either the ids should answer a documented status, or the operations should list 400.
    const answers = await overlongIdAnswers();
    expect(answers.filter((a) => !a.documented.includes(String(a.status)))).toEqual([]);
  });
});

describe("admin API: arbitrary bodies", () => {
  it("never answers 5xx or a stack trace for arbitrary JSON on admin write routes", async () => {
    // A throwaway account and connection: the bodies may change limits, retention, secrets or erase candidates.
    const acc = (await admin("/admin/accounts", { method: "POST", json: { name: "Fuzz" } })).json.data.id as string;
    const conn = await connectionOf("ashby", "fuzz-secret");
    const field = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.constant(null), fc.boolean(), fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }));
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record(
        {
          provider: fc.oneof(fc.constantFrom("greenhouse", "lever", "ashby"), field),
          account_id: fc.oneof(fc.constant(acc), field),
          api_version: fc.oneof(fc.constantFrom("v1", "v3"), field),
          credentials: fc.oneof(fc.record({ api_key: field, client_id: field, client_secret: field }, { requiredKeys: [] }), field),
          webhook_secret: field,
          base_url: fc.oneof(fc.constantFrom("http://127.0.0.1:9", "", "https://x"), field),
          write_back: fc.oneof(fc.record({ note_visibility: field, custom_field: field, tag: field, acting_user_id: field }, { requiredKeys: [] }), field),
          job_filter: field,
          scopes: field,
          email: fc.oneof(fc.emailAddress(), field),
          ats_candidate_id: field,
          retention_days: field,
          per_credential: field,
          per_account: field,
          name: field,
        },
        { requiredKeys: [] },
      ),
    );
    const targets: [string, string][] = [
      ["POST", "/admin/connections"],
      ["PATCH", `/admin/connections/${conn}`],
      ["POST", `/admin/accounts/${acc}/api-keys`],
      ["POST", `/admin/accounts/${acc}/users`],
      ["PUT", `/admin/accounts/${acc}/rate-limits`],
      ["PUT", `/admin/accounts/${acc}/retention`],
      ["POST", `/admin/accounts/${acc}/erasures`],
      ["POST", `/admin/dead-letters/${randomUUID()}/replay`],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, async ([method, path], value) => {
        const res = await admin(path, { method, json: value });
        expect(res.status, `${method} ${path} ${JSON.stringify(value)}`).toBeLessThan(500);
        expect(res.text).not.toMatch(STACK_FRAME);
      }),
      { numRuns: 200 },
    );
  });
});

describe("admin API: query parameters and dates", () => {
  it("refuses limit outside each listing's range with 400 INVALID_QUERY_PARAMETER (1004)", async () => {
    // limits.md: dead-letters 1–200, taxonomy syncs 1–100, decisions 1–1,000.
    for (const path of ["/admin/dead-letters", "/admin/taxonomy/syncs", `/admin/accounts/${h.accountId}/decisions`]) {
      for (const limit of ["0", "-1", "abc", "1.5", "", "1e2", "99999999"]) expectError(await admin(`${path}?limit=${encodeURIComponent(limit)}`), 400, 1004);
    }
    expectError(await admin("/admin/dead-letters?limit=201"), 400, 1004);
    expect((await admin("/admin/dead-letters?limit=200")).status).toBe(200);
    expectError(await admin("/admin/taxonomy/syncs?limit=101"), 400, 1004);
    expect((await admin("/admin/taxonomy/syncs?limit=100")).status).toBe(200);
    expectError(await admin(`/admin/accounts/${h.accountId}/decisions?limit=1001`), 400, 1004);
  });

  it("refuses a cursor that does not decode to a dead-letter key with 400 INVALID_CURSOR (1005)", async () => {
    const foreign = deadCursor({ pk: "ACCOUNT#x", sk: "#META", gsi1pk: "OTHER", gsi1sk: "x" });
    for (const cursor of ["x", "!!!", "e30", foreign, "a".repeat(2000)]) expectError(await admin(`/admin/dead-letters?cursor=${cursor}`), 400, 1005);
  });

  it("answers a well-shaped dead-letter cursor with an empty key value with 400 (1005), not 500", async () => {
    // errors.md 1005: "`cursor` was not produced by the previous page's `Link` header"; 1000: "no input should ever
    // cause it". isDeadCursor (admin-connections.ts) checks key names and gsi1pk only, so "" reaches DynamoDB as
    // ExclusiveStartKey and the ValidationException surfaces as 500 INTERNAL_ERROR.
    for (const key of [
      { pk: "", sk: "#META", gsi1pk: "ATSDEAD", gsi1sk: "x" },
      { pk: "ATSJOB#x", sk: "", gsi1pk: "ATSDEAD", gsi1sk: "x" },
      { pk: "ATSJOB#x", sk: "#META", gsi1pk: "ATSDEAD", gsi1sk: "" },
    ]) {
      expectError(await admin(`/admin/dead-letters?cursor=${deadCursor(key)}`), 400, 1005);
    }
  });

  it("refuses a well-shaped dead-letter cursor that names no screening job instead of answering an empty page", async () => {
    // errors.md 1005: "`cursor` was not produced by the previous page's `Link` header". A cursor naming an account item
    // (pk ACCOUNT#…) passes isDeadCursor and silently answers 200 with no data and no Link, which reads as "no dead
    // letters" — the decision listing refuses such forged cursors (decision-records.test.ts).
    expectError(await admin(`/admin/dead-letters?cursor=${deadCursor({ pk: "ACCOUNT#x", sk: "#META", gsi1pk: "ATSDEAD", gsi1sk: "x" })}`), 400, 1005);
  });

  it("refuses impossible calendar dates in decision and bias-audit ranges with 400 (1004), never 5xx", async () => {
    for (const path of [`/admin/accounts/${h.accountId}/decisions`, `/admin/accounts/${h.accountId}/decisions/export`, `/admin/accounts/${h.accountId}/bias-audit`]) {
      for (const bad of ["2026-02-30", "2026-13-01", "2026-00-10", "2026-01-01T25:00:00Z", "yesterday", "+275760-09-14"]) {
        const res = await admin(`${path}?from=${encodeURIComponent(bad)}`);
        expect({ path, bad, status: res.status, error: res.json?.error }).toEqual({ path, bad, status: 400, error: 1004 });
      }
      const reversed = await admin(`${path}?from=2026-03-01&to=2026-01-01`);
      expect({ path, status: reversed.status, error: reversed.json?.error }).toEqual({ path, status: 400, error: 1004 });
    }
  });

  it("answers 400 INVALID_ID (1008) for a decision's match id that is not UUID-shaped", async () => {
    expectError(await admin(`/admin/accounts/${h.accountId}/decisions/not-a-uuid`), 400, 1008);
    expectError(await admin(`/admin/accounts/${h.accountId}/decisions/${randomUUID()}`), 404, 4004);
  });
});

describe("admin API: idempotency", () => {
  it("revoking a key twice answers 200 both times with the first revocation time", async () => {
    const key = (await admin(`/admin/accounts/${h.accountId}/api-keys`, { method: "POST", json: { scopes: ["taxonomy:read"] } })).json.data;
    const first = await admin(`/admin/accounts/${h.accountId}/api-keys/${key.id}`, { method: "DELETE" });
    expect(first.status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    const second = await admin(`/admin/accounts/${h.accountId}/api-keys/${key.id}`, { method: "DELETE" });
    // A repeat answers like the first: the same record, not a new revocation time.
    expect({ status: second.status, data: second.json.data }).toEqual({ status: 200, data: first.json.data });
  });

  it("deletes a connection once: the second DELETE is 404 (5001), the first one's webhooks then 404 too", async () => {
    const secret = randomBytes(16).toString("hex");
    const id = await connectionOf("ashby", secret);
    expect((await admin(`/admin/connections/${id}`, { method: "DELETE" })).status).toBe(200);
    expectError(await admin(`/admin/connections/${id}`, { method: "DELETE" }), 404, 5001);
    expectError(await admin(`/admin/connections/${id}`, { method: "PATCH", json: { name: "x" } }), 404, 5001);
  });

  it("an empty PATCH changes nothing but the answer is the connection as it is", async () => {
    const before = (await admin(`/admin/connections/${h.connectionId}`)).json.data;
    const patched = await admin(`/admin/connections/${h.connectionId}`, { method: "PATCH", json: {} });
    expect(patched.status).toBe(200);
    expect({ ...patched.json.data, updated_at: null }).toEqual({ ...before, updated_at: null });
  });

  it("setting the same rate limits or retention twice answers the same", async () => {
    const limits = { per_credential: 1234, per_account: 2345 };
    const a = await admin(`/admin/accounts/${h.accountId}/rate-limits`, { method: "PUT", json: limits });
    const b = await admin(`/admin/accounts/${h.accountId}/rate-limits`, { method: "PUT", json: limits });
    expect(a.status).toBe(200);
    expect(b.json.data).toEqual(a.json.data);
    const r1 = await admin(`/admin/accounts/${h.accountId}/retention`, { method: "PUT", json: { retention_days: 400 } });
    const r2 = await admin(`/admin/accounts/${h.accountId}/retention`, { method: "PUT", json: { retention_days: 400 } });
    expect(r1.status).toBe(200);
    expect(r2.json.data).toEqual(r1.json.data);
    expect((await admin(`/admin/accounts/${h.accountId}`)).json.data.retention_days).toBe(400);
    expect((await admin(`/admin/accounts/${h.accountId}/rate-limits`, { method: "DELETE" })).status).toBe(200);
    expect((await admin(`/admin/accounts/${h.accountId}/rate-limits`, { method: "DELETE" })).status).toBe(200);
  });

  it("replays a dead letter once; a second replay is 404 (5002) and the job is queued once", async () => {
    const jobId = await deadJob(h.connectionId, `replay-${randomUUID()}`);
    expect((await admin(`/admin/dead-letters/${jobId}/replay`, { method: "POST", json: {} })).status).toBe(202);
    expectError(await admin(`/admin/dead-letters/${jobId}/replay`, { method: "POST", json: {} }), 404, 5002);
    expect((await admin(`/admin/screening-jobs/${jobId}`)).json.data).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("replays with the documented body `{}` only: no body or another type is a 415, not a crash", async () => {
    const jobId = await deadJob(h.connectionId, `replay-body-${randomUUID()}`);
    expectError(await admin(`/admin/dead-letters/${jobId}/replay`, { method: "POST" }), 415, 1002);
    expectError(await admin(`/admin/dead-letters/${jobId}/replay`, { method: "POST", body: "[]", headers: { "content-type": "application/json" } }), 400, 1003);
    expect((await admin(`/admin/dead-letters/${jobId}`)).json.data.status).toBe("dead");
  });
});

/** A dead letter made directly in the repository: claimed once, then buried with one error. */
async function deadJob(connectionId: string, applicationId: string, at = new Date()): Promise<string> {
  const jobId = screeningId(connectionId, applicationId);
  await h.runtime.jobs.create(
    { jobId, connectionId, accountId: h.accountId, provider: "greenhouse", applicationId, deliveryKey: `probe:${applicationId}`, eventType: "new_candidate_application" },
    "sqs",
    at,
  );
  const token = randomUUID();
  expect(await h.runtime.jobs.claim(jobId, token, 60_000, at)).toBeDefined();
  expect(await h.runtime.jobs.bury(jobId, token, { at: at.toISOString(), attempt: 1, message: "probe: HTTP 401" }, [], at)).toBe(true);
  return jobId;
}

describe("admin API: connection changes", () => {
  it("PATCH base_url \"\" goes back to the public API, and api_version is refused on a non-Greenhouse connection", async () => {
    // admin OpenAPI, AtsConnectionChanges.base_url: "Empty string: back to the public API."
    const created = await admin("/admin/connections", {
      method: "POST",
      json: { provider: "lever", account_id: h.accountId, base_url: "https://sandbox.example.com/v1", credentials: { api_key: "k" }, webhook_secret: "s" },
    });
    const id = created.json.data.id as string;
    expect(created.json.data.base_url).toBe("https://sandbox.example.com/v1");
    const reset = await admin(`/admin/connections/${id}`, { method: "PATCH", json: { base_url: "" } });
    expect(reset.json.data.base_url).toBeNull();
    expect((await admin(`/admin/connections/${id}`)).json.data.base_url).toBeNull();
    const versioned = await admin(`/admin/connections/${id}`, { method: "PATCH", json: { api_version: "v3" } });
    expectError(versioned, 400, 1003);
    expect(versioned.json.message).toMatch(/only Greenhouse/);
    expectError(await admin(`/admin/connections/${id}`, { method: "PATCH", json: { write_back: { custom_field: "score" } } }), 400, 1003);
  });
});

describe("admin API: long and odd values", () => {
  it("answers erasure requests with very long or odd identifiers without a 5xx", async () => {
    const acc = (await admin("/admin/accounts", { method: "POST", json: { name: "Erasure probe" } })).json.data.id as string;
    const bodies = [
      { email: `${"a".repeat(5000)}@example.com` },
      { ats_candidate_id: "x".repeat(5000) },
      { ats_candidate_id: "😀".repeat(600), provider: "lever" },
      { email: "ÄDA@EXAMPLE.COM" },
      { ats_candidate_id: "  " },
    ];
    for (const json of bodies) {
      const res = await admin(`/admin/accounts/${acc}/erasures`, { method: "POST", json });
      expect({ json: JSON.stringify(json).slice(0, 40), status: res.status < 500 }).toEqual({ json: JSON.stringify(json).slice(0, 40), status: true });
      expect(res.json).toBeDefined();
    }
  });

  it("never answers 5xx to an arbitrary bias-audit CSV upload", async () => {
    const acc = (await admin("/admin/accounts", { method: "POST", json: { name: "CSV probe" } })).json.data.id as string;
    const cell = fc.oneof(fc.string({ maxLength: 30 }), fc.uuid(), fc.constantFrom("female", "Male", "Hispanic or Latino", "\"", "\"a,\"\"b\"", "=1+1", "\u0000", "\ufeff"));
    const csv = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.array(fc.array(cell, { maxLength: 5 }), { maxLength: 8 }).map((rows) => ["match_id,sex,race_ethnicity", ...rows.map((r) => r.join(","))].join("\r\n")),
    );
    await fc.assert(
      fc.asyncProperty(csv, async (text) => {
        const res = await admin(`/admin/accounts/${acc}/demographics`, { method: "PUT", body: text, headers: { "content-type": "text/csv" } });
        expect(res.status, text.slice(0, 200)).toBeLessThan(500);
        expect(res.text).not.toMatch(STACK_FRAME);
      }),
      { numRuns: 100 },
    );
  });
});

describe("admin API: concurrent operators", () => {
  it("invites one new email to two accounts at once: exactly one invitation, the other 409 EMAIL_TAKEN (4003)", async () => {
    // errors.md 4003: "the email already belongs to an active user, or to a user of another account (an email signs in
    // to one account)".
    const a = (await admin("/admin/accounts", { method: "POST", json: { name: "Race A" } })).json.data.id as string;
    const b = (await admin("/admin/accounts", { method: "POST", json: { name: "Race B" } })).json.data.id as string;
    const email = `race-${randomUUID()}@example.com`;
    const answers = await Promise.all([a, b, a, b].map((id) => admin(`/admin/accounts/${id}/users`, { method: "POST", json: { email } })));
    const created = answers.filter((r) => r.status === 201);
    const owners = new Set(created.map((r) => r.json.data.account_id ?? r.json.data.accountId));
    expect(owners.size).toBe(1);
    for (const r of answers.filter((x) => x.status !== 201)) expectError(r, 409, 4003);
    const listed = await Promise.all([a, b].map(async (id) => (await admin(`/admin/accounts/${id}/users`)).json.data.filter((u: any) => u.email === email).length));
    expect(listed.reduce((x, y) => x + y, 0)).toBe(1);
  });

  it("replays one dead letter from five operators at once: one 202, four 404 (5002)", async () => {
    const jobId = await deadJob(h.connectionId, `race-replay-${randomUUID()}`);
    const answers = await Promise.all(Array.from({ length: 5 }, () => admin(`/admin/dead-letters/${jobId}/replay`, { method: "POST", json: {} })));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 202)) expectError(r, 404, 5002);
  });

  it("accepts application/json with a charset parameter on admin bodies", async () => {
    const res = await admin("/admin/accounts", { method: "POST", json: { name: "Charset" }, headers: { "content-type": "application/json; charset=utf-8" } });
    expect(res.status).toBe(201);
  });
});

describe("admin API: dead-letter pagination", () => {
  const linkOf = (res: Answer) => /^<([^>]+)>; rel="next"$/.exec(res.headers.get("link") ?? "")?.[1];

  it("pages a connection's dead letters newest first through Link, keeping connection_id, without repeats or gaps", async () => {
    const conn = (await admin("/admin/connections", {
      method: "POST",
      json: { provider: "ashby", account_id: h.accountId, credentials: { api_key: "k" }, webhook_secret: "s" },
    })).json.data.id as string;
    const base = Date.now() - 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await deadJob(conn, `page-${i}-${randomUUID()}`, new Date(base + i * 1000)));
    const seen: string[] = [];
    let next: string | undefined = `/admin/dead-letters?connection_id=${conn}&limit=2`;
    let pages = 0;
    while (next) {
      const url = new URL(next, "http://localhost");
      const res = await admin(url.pathname + url.search);
      expect(res.status).toBe(200);
      expect(url.searchParams.get("connection_id")).toBe(conn);
      seen.push(...res.json.data.map((j: any) => j.job_id));
      next = linkOf(res);
      expect(++pages).toBeLessThan(10);
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it("sends no Link header on a page that holds exactly the remaining dead letters", async () => {
    const conn = (await admin("/admin/connections", {
      method: "POST",
      json: { provider: "ashby", account_id: h.accountId, credentials: { api_key: "k" }, webhook_secret: "s" },
    })).json.data.id as string;
    for (let i = 0; i < 2; i++) await deadJob(conn, `last-${i}-${randomUUID()}`, new Date(Date.now() - 10_000 + i * 1000));
    const res = await admin(`/admin/dead-letters?connection_id=${conn}&limit=2`);
    expect(res.json.data).toHaveLength(2);
    expect(res.headers.get("link")).toBeNull();
  });
});

describe("webhooks: routing and refusals", () => {
  it("answers a GET, a trailing segment and an unknown provider with 404 ROUTE_NOT_FOUND in JSON", async () => {
    expectError(await webhook(`/webhooks/greenhouse/${h.connectionId}`, "", {}, "GET"), 404, 1007);
    expectError(await webhook(`/webhooks/greenhouse/${h.connectionId}/extra`, "{}"), 404, 1007);
    expectError(await webhook(`/webhooks/workday/${h.connectionId}`, "{}"), 404, 1007);
  });

  it("refuses the signature schemes docs/ats.md names as refused, with 401 and the auth error shape", async () => {
    // ats.md: "Other schemes (`sha256=` for Greenhouse, `X-Ashby-Signature`, a Lever signature over the body, base64
    // digests) are refused."
    const gh = JSON.stringify({ action: "ping" });
    const digest = hmacHex(h.secret, gh);
    for (const signature of [`sha256=${digest}`, `sha256 ${Buffer.from(digest, "hex").toString("base64")}`, `sha1 ${digest}`, `sha256 ${digest.slice(0, 63)}`, `sha256  `, digest]) {
      expectAuthError(await webhook(`/webhooks/greenhouse/${h.connectionId}`, gh, { signature }));
    }
    // The scheme name is matched case-insensitively and the digest in either case: these are Greenhouse's bytes.
    expect((await webhook(`/webhooks/greenhouse/${h.connectionId}`, gh, { signature: `SHA256 ${digest.toUpperCase()}` })).json.data.outcome).toBe("ping");

    const ashbySecret = randomBytes(16).toString("hex");
    const ashby = await connectionOf("ashby", ashbySecret);
    const ab = JSON.stringify({ action: "ping" });
    const ad = hmacHex(ashbySecret, ab);
    const refused: Record<string, string>[] = [{ "x-ashby-signature": `sha256=${ad}` }, { "ashby-signature": `sha256 ${ad}` }, { "ashby-signature": ad }, { "ashby-signature": `sha256=${Buffer.from(ad, "hex").toString("base64")}` }];
    for (const headers of refused) {
      expectAuthError(await webhook(`/webhooks/ashby/${ashby}`, ab, headers));
    }
    expect((await webhook(`/webhooks/ashby/${ashby}`, ab, ashbySigned(ashbySecret, ab))).json.data.outcome).toBe("ping");

    const leverSecret = randomBytes(16).toString("hex");
    const lever = await connectionOf("lever", leverSecret);
    const unsigned = { event: "applicationCreated", triggeredAt: Date.now(), token: "t-1", data: { opportunityId: "o-1" } };
    const overBody = JSON.stringify({ ...unsigned, signature: hmacHex(leverSecret, JSON.stringify(unsigned)) });
    expectAuthError(await webhook(`/webhooks/lever/${lever}`, overBody));
    expectAuthError(await webhook(`/webhooks/lever/${lever}`, JSON.stringify(unsigned), { signature: `sha256 ${hmacHex(leverSecret, JSON.stringify(unsigned))}` }));
  });

  it("refuses a signed Lever delivery older than the 30-day replay window with 401, and stores nothing", async () => {
    // ats.md: "deliveries whose signed `triggeredAt` is older than the dedupe retention (30 days) are refused with 401".
    const secret = randomBytes(16).toString("hex");
    const lever = await connectionOf("lever", secret);
    const old = leverDelivery(secret, { token: `old-${randomUUID()}`, triggeredAt: Date.now() - 31 * 24 * 3600 * 1000, data: { opportunityId: `opp-${randomUUID()}` } });
    expectAuthError(await webhook(`/webhooks/lever/${lever}`, old.body));
    const fresh = leverDelivery(secret, { token: `new-${randomUUID()}`, triggeredAt: Date.now() - 29 * 24 * 3600 * 1000, data: { opportunityId: `opp-${randomUUID()}` } });
    expect((await webhook(`/webhooks/lever/${lever}`, fresh.body)).json.data.outcome).toBe("accepted");
  });

  it("treats a replayed Lever token with altered data as a duplicate of the first delivery", async () => {
    // ats.md: "a replay with altered data is a duplicate".
    const secret = randomBytes(16).toString("hex");
    const lever = await connectionOf("lever", secret);
    const token = `tok-${randomUUID()}`;
    const triggeredAt = Date.now();
    const first = await webhook(`/webhooks/lever/${lever}`, leverDelivery(secret, { token, triggeredAt, data: { opportunityId: "opp-a" } }).body);
    expect(first.json.data.outcome).toBe("accepted");
    const forged = await webhook(`/webhooks/lever/${lever}`, leverDelivery(secret, { token, triggeredAt, data: { opportunityId: "opp-b" } }).body);
    expect(forged.json.data).toEqual({ outcome: "duplicate", job_id: first.json.data.job_id });
    expect(await h.runtime.jobs.get(screeningId(lever, "opp-b"))).toBeUndefined();
  });

  it("answers signed bodies that are not usable payloads with 400 (1001 not an object, 1003 no id), never 5xx", async () => {
    const url = `/webhooks/greenhouse/${h.connectionId}`;
    for (const raw of ["", "null", "\"text\"", "42"]) expectError(await webhook(url, raw, greenhouseSigned(h.secret, raw)), 400, 1001);
    for (const payload of [{}, { action: "" }, { action: "new_candidate_application" }, { action: "new_candidate_application", payload: { application: {} } }, { action: "new_candidate_application", payload: { application: { id: 1.5 } } }, { action: "new_candidate_application", payload: { application: { id: { nested: 1 } } } }]) {
      const raw = JSON.stringify(payload);
      expectError(await webhook(url, raw, greenhouseSigned(h.secret, raw)), 400, 1003);
    }
  });

  it("acknowledges unexpected but signed event types with 200 ignored and creates no job", async () => {
    const url = `/webhooks/greenhouse/${h.connectionId}`;
    for (const action of ["candidate_deleted", "new_prospect_application", "application_updated", "x".repeat(5000)]) {
      const raw = JSON.stringify({ action, payload: { application: { id: 991 } } });
      const res = await webhook(url, raw, greenhouseSigned(h.secret, raw));
      expect({ status: res.status, outcome: res.json?.data?.outcome }).toEqual({ status: 200, outcome: "ignored" });
    }
    const prospect = JSON.stringify({ action: "new_candidate_application", payload: { application: { id: 992, prospect: true } } });
    expect((await webhook(url, prospect, greenhouseSigned(h.secret, prospect))).json.data.outcome).toBe("ignored");
    expect(await h.runtime.jobs.get(screeningId(h.connectionId, "991"))).toBeUndefined();
    expect(await h.runtime.jobs.get(screeningId(h.connectionId, "992"))).toBeUndefined();
  });

  it("answers 413 (1006) for a body just over 4 MiB even when it is unsigned, and accepts one just under", async () => {
    const url = `/webhooks/greenhouse/${h.connectionId}`;
    const pad = (n: number) => JSON.stringify({ action: "ping", pad: "x".repeat(n) });
    expect(WEBHOOK_BODY_LIMIT).toBe(4 * 1024 * 1024);
    const over = pad(WEBHOOK_BODY_LIMIT);
    expectError(await webhook(url, over, { signature: "sha256 00" }), 413, 1006);
    const under = pad(WEBHOOK_BODY_LIMIT - 40);
    expect(Buffer.byteLength(under)).toBeLessThanOrEqual(WEBHOOK_BODY_LIMIT);
    expect((await webhook(url, under, greenhouseSigned(h.secret, under))).json.data.outcome).toBe("ping");
  });

  it("accepts the same Greenhouse event id once, and a redelivery under a new id as a duplicate of the same job", async () => {
    const url = `/webhooks/greenhouse/${h.connectionId}`;
    const raw = JSON.stringify({ action: "new_candidate_application", payload: { application: { id: 77_000_001, candidate: { id: 5 }, jobs: [{ id: 303 }] } } });
    const eventId = randomUUID();
    const first = await webhook(url, raw, greenhouseSigned(h.secret, raw, { "greenhouse-event-id": eventId }));
    expect(first.json.data.outcome).toBe("accepted");
    const again = await webhook(url, raw, greenhouseSigned(h.secret, raw, { "greenhouse-event-id": eventId }));
    expect(again.json.data).toEqual({ outcome: "duplicate", job_id: first.json.data.job_id });
    const rerun = await webhook(url, raw, greenhouseSigned(h.secret, raw, { "greenhouse-event-id": randomUUID() }));
    expect(rerun.json.data).toEqual({ outcome: "duplicate", job_id: first.json.data.job_id });
  });

  it("answers a connection id that is not UUID-shaped like an unknown one (404 5001), not 400", async () => {
    // ats.md: "unknown connection, or a connection of another provider | 404 (5001)".
    for (const id of ["x", "%20", "a".repeat(300), `${h.connectionId}0`]) expectError(await webhook(`/webhooks/greenhouse/${id}`, "{}", { signature: "sha256 00" }), 404, 5001);
  });
});

describe("webhooks: delivery keys the provider controls", () => {
  it("answers a signed Lever delivery with a long token without a 5xx", async () => {
    // ats.md answers table: only "storage unavailable | 500"; errors.md 1000: "no input should ever cause it".
    // The Lever delivery key is `token:<token>` unbounded, stored in the sort key `DELIVERY#token:<token>`, whose
    // DynamoDB limit is 1,024 bytes: a signed body with a 2,000-character token makes the conditional put throw.
    // Greenhouse and Ashby keys are bounded at 200 characters (idOf / the event-id check); Lever's is not.
    const secret = randomBytes(16).toString("hex");
    const lever = await connectionOf("lever", secret);
    const delivery = leverDelivery(secret, { token: "t".repeat(2000), triggeredAt: Date.now(), data: { opportunityId: `opp-${randomUUID()}` } });
    const res = await webhook(`/webhooks/lever/${lever}`, delivery.body);
    expect(res.status).toBeLessThan(500);
  });

  it("answers a Greenhouse event id of 200 two-byte characters and ids of 200 multi-byte characters without a 5xx", async () => {
    const url = `/webhooks/greenhouse/${h.connectionId}`;
    const raw = JSON.stringify({ action: "new_candidate_application", payload: { application: { id: "ü".repeat(200), candidate: { id: "é".repeat(200) }, jobs: [{ id: "ß".repeat(200) }] } } });
    const res = await webhook(url, raw, greenhouseSigned(h.secret, raw, { "greenhouse-event-id": "ÿ".repeat(200) }));
    expect(res.status).toBeLessThan(500);
  });

  it("answers an Ashby webhookActionId and application id of 200 four-byte characters without a 5xx", async () => {
    const secret = randomBytes(16).toString("hex");
    const ashby = await connectionOf("ashby", secret);
    const raw = JSON.stringify({ action: "applicationSubmit", webhookActionId: "😀".repeat(200), data: { application: { id: "😀".repeat(200), candidate: { id: "😀".repeat(200) }, status: "Active" } } });
    const res = await webhook(`/webhooks/ashby/${ashby}`, raw, ashbySigned(secret, raw));
    expect(res.status).toBeLessThan(500);
  });
});

describe("webhooks: arbitrary signed payloads", () => {
  it("never answers 5xx to a correctly signed JSON body of any shape, for any provider", async () => {
    // ats.md: every row of the answers table but "storage unavailable" is a 2xx or 4xx.
    const ashbySecret = randomBytes(16).toString("hex");
    const ashby = await connectionOf("ashby", ashbySecret);
    const leverSecret = randomBytes(16).toString("hex");
    const lever = await connectionOf("lever", leverSecret);
    const id = fc.oneof(fc.integer(), fc.string({ maxLength: 220 }), fc.double(), fc.constant(null), fc.jsonValue({ maxDepth: 1 }));
    const application = fc.record({ id, prospect: fc.boolean(), status: fc.constantFrom("Active", "Lead"), candidate: fc.record({ id }), jobs: fc.array(fc.record({ id }), { maxLength: 2 }), job: fc.record({ id }) }, { requiredKeys: [] });
    const payload = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record(
        {
          action: fc.oneof(fc.constantFrom("new_candidate_application", "applicationSubmit", "ping", "new_prospect_application"), fc.string({ maxLength: 30 }), id),
          payload: fc.oneof(fc.record({ application }, { requiredKeys: [] }), id),
          data: fc.oneof(fc.record({ application, opportunityId: id, candidateId: id }, { requiredKeys: [] }), id),
          webhookActionId: id,
          event: fc.oneof(fc.constantFrom("applicationCreated", "candidateStageChange"), id),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("greenhouse", "ashby", "lever"), payload, fc.string({ maxLength: 300 }), async (provider, value, token) => {
        let res: Answer;
        if (provider === "lever") {
          const triggeredAt = Date.now();
          const body = typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value, token, triggeredAt, signature: hmacHex(leverSecret, token + String(triggeredAt)) } : value;
          res = await webhook(`/webhooks/lever/${lever}`, JSON.stringify(body));
        } else {
          const raw = JSON.stringify(value);
          res = provider === "greenhouse" ? await webhook(`/webhooks/greenhouse/${h.connectionId}`, raw, greenhouseSigned(h.secret, raw)) : await webhook(`/webhooks/ashby/${ashby}`, raw, ashbySigned(ashbySecret, raw));
        }
        expect(res.status, `${provider} ${JSON.stringify(value).slice(0, 300)}`).toBeLessThan(500);
        expect(res.json).toBeDefined();
      }),
      { numRuns: 300 },
    );
  });
});

describe("admin API: webhook_url", () => {
  it("builds webhook_url from the public URL the server is given (npm start passes WINNOW_PUBLIC_URL), else the request's origin", async () => {
    // README (Connect your ATS, "A real account"): "set `WINNOW_PUBLIC_URL` to that address so the printed webhook URL
    // and the note links use it". An operator calling the admin API on localhost behind a TLS proxy must be handed
    // the proxy's address to paste into the ATS, with the proxy's path prefix kept.
    const { createApp } = await import("@winnow/api");
    const path = `/admin/connections/${h.connectionId}`;
    const headers = { authorization: `Bearer ${h.adminToken}` };
    for (const [publicUrl, expected] of [
      ["https://winnow.example.com", "https://winnow.example.com"],
      ["https://example.com/winnow/", "https://example.com/winnow"],
    ] as const) {
      const app = createApp(h.services, { ats: h.runtime, publicUrl });
      const res = await read(await app.request(`http://localhost:3000${path}`, { headers }));
      expect(res.json.data.webhook_url).toBe(`${expected}/webhooks/greenhouse/${h.connectionId}`);
    }
    const direct = await read(await createApp(h.services, { ats: h.runtime }).request(`http://127.0.0.1:4321${path}?x=1`, { headers }));
    expect(direct.json.data.webhook_url).toBe(`http://127.0.0.1:4321/webhooks/greenhouse/${h.connectionId}`);
  });
});

describe("CLI: bad input", () => {
  let env: Record<string, string>;
  beforeAll(() => {
    env = { WINNOW_TABLE: h.store.table, WINNOW_ENCRYPTION_KEY: h.sealerKey.toString("base64") };
  });
  /** A refusal: exit 1 (a failure) or 2 (wrong usage), a one-line reason on stderr, nothing on stdout, no stack trace. */
  const expectRefused = (r: ReturnType<typeof cli>, reason: RegExp, status: 1 | 2 = 1) => {
    expect({ status: r.status, stdout: r.stdout }).toEqual({ status, stdout: "" });
    expect(r.stderr).toMatch(reason);
    expect(r.stderr).not.toMatch(STACK_FRAME);
  };

  it("exits 2 with the usage for an unknown command, a missing argument or no command; 0 for --help", () => {
    expectRefused(cli(env, "frobnicate"), /Usage: npm run cli/, 2);
    expectRefused(cli(env), /Usage: npm run cli/, 2);
    expectRefused(cli(env, "keys", "create"), /Usage: npm run cli/, 2);
    expectRefused(cli(env, "connections", "show"), /Usage: npm run cli/, 2);
    expectRefused(cli(env, "dead-letters", "replay"), /Usage: npm run cli/, 2);
    const help = cli(env, "--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/Usage: npm run cli/);
  });

  it("exits 2 for an unknown option or a malformed value and 1 for an unknown account, with a one-line error", () => {
    expectRefused(cli(env, "keys", "create", h.accountId, "--bogus"), /^error: .*bogus/, 2);
    expectRefused(cli(env, "keys", "create", h.accountId, "--scope", "admin"), /unknown scope "admin"/, 2);
    expectRefused(cli(env, "keys", "create", randomUUID()), /no account/);
    expectRefused(cli(env, "keys", "revoke", h.accountId, randomUUID()), /has no key/);
    expectRefused(cli(env, "accounts", "retention", randomUUID()), /no account/);
    expectRefused(cli(env, "accounts", "retention", h.accountId, "0"), /retention must be a whole number/, 2);
    expectRefused(cli(env, "connections", "show", randomUUID()), /^error: no connection /);
    expectRefused(cli(env, "dead-letters", "replay", randomUUID()), /^error: no dead letter /);
    expectRefused(cli(env, "decisions", "export", "--account", h.accountId, "--from", "2026-02-30"), /--from must be a date/, 2);
    expectRefused(cli(env, "decisions", "export", "--account", randomUUID()), /no account/);
    expectRefused(cli(env, "candidates", "erase", "--account", h.accountId), /exactly one of --email and --ats-candidate/, 2);
    expectRefused(cli(env, "candidates", "erase", "--account", randomUUID(), "--email", "a@b.example"), /no account/);
    expectRefused(cli(env, "users", "invite", randomUUID(), "a@b.example"), /^error: No account with id /);
    expectRefused(cli(env, "connections", "create", "--account", h.accountId, "--api-key", "k", "--webhook-secret", "s"), /provider/, 2);
    expectRefused(cli(env, "connections", "create", "--provider", "ashby", "--account", randomUUID(), "--api-key", "k", "--webhook-secret", "s"), /^error: no account /);
    expectRefused(cli(env, "audit", "report", "--account", randomUUID()), /^error: No account with id /);
    expectRefused(cli(env, "connections", "update", randomUUID(), "--name", "x"), /^error: no connection /);
    expectRefused(cli(env, "taxonomy", "import", "esco", `/nonexistent-${randomUUID()}`), /is not a directory/);
  });

  it("exits 1 for `keys list` and `users list` of an unknown account, like the admin API's 404", () => {
    // README: "The same operations from the command line"; the admin API answers `GET
    // /admin/accounts/<unknown>/api-keys` and `/users` with 404 ACCOUNT_NOT_FOUND, while `keys list` and `users list`
    // print nothing and exit 0, so a mistyped account id looks like an account without keys or users.
    expectRefused(cli(env, "keys", "list", randomUUID()), /no account/i);
    expectRefused(cli(env, "users", "list", randomUUID()), /no account/i);
  });

  it("exits 1 for `taxonomy activate` of a version that is not stored, leaving the active one", () => {
    expectRefused(cli(env, "taxonomy", "activate", `no-such-version-${randomUUID()}`), /no catalogue version no-such-version-/);
  });
});
