import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { ADVISORY_STATEMENT, ENGINE_VERSION } from "@winnow/core/analysis/index";
import { createApp } from "@winnow/api";
import { DECISION_PAGE_BYTES } from "@winnow/api/routes/admin-records";
import { screen } from "@winnow/services";
import { testService, type TestService } from "./helpers.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const JOB = fixture("job-backend.txt");
const STRONG = fixture("resume-strong.txt");
const WEAK = fixture("resume-weak.txt");
// The API trims the job description before the engine reads it, so the digest is of the trimmed text.
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const DAY_MS = 24 * 3600 * 1000;

function adminOf(t: TestService) {
  return (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set("authorization", `Bearer ${t.adminToken}`);
    if (json !== undefined) headers.set("content-type", "application/json");
    return Promise.resolve(t.app.request(path, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) }));
  };
}

/** Every record of the account through the paged route, following Link headers. */
async function allPages(t: TestService, query: string, limit: number): Promise<{ records: any[]; pages: number }> {
  const admin = adminOf(t);
  const records: any[] = [];
  let url: string | undefined = `/admin/accounts/${t.accountId}/decisions?limit=${limit}${query ? `&${query}` : ""}`;
  let pages = 0;
  while (url) {
    const res = await admin(url);
    expect(res.status).toBe(200);
    records.push(...((await res.json()) as any).data);
    pages++;
    const link = res.headers.get("link");
    url = link ? new URL(/<([^>]+)>/.exec(link)![1]!).pathname + new URL(/<([^>]+)>/.exec(link)![1]!).search : undefined;
  }
  return { records, pages };
}

describe("decision records of API screenings", () => {
  let t: TestService;
  let admin: ReturnType<typeof adminOf>;
  beforeAll(async () => {
    t = await testService();
    admin = adminOf(t);
  });

  it("records POST /v1/match-insights: credential, digests of what the engine read, versions, what the caller got", async () => {
    const description = `Backend engineer.\n\n${STRONG}`;
    const res = await t.call("/v1/match-insights", {
      method: "POST",
      json: { job_description: JOB, candidate: { first_name: "Alex", last_name: "Morgan", email: "alex@example.com", description } },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("winnow-advisory")).toBe(ADVISORY_STATEMENT);
    const shown = ((await res.json()) as any).data;
    const detail = ((await (await t.call(`/v1/match-insights/${shown.match_id}`)).json()) as any).data;

    const got = await admin(`/admin/accounts/${t.accountId}/decisions/${shown.match_id}`);
    expect(got.status).toBe(200);
    const record = ((await got.json()) as any).data;
    const [key] = await t.services.accounts.listApiKeys(t.accountId);
    const catalogue = (await t.services.catalogue.get()).catalogue.version;
    expect(record).toEqual({
      match_id: shown.match_id,
      account_id: t.accountId,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      match_score: shown.match_score,
      job_post_id: shown.job_id,
      source: { kind: "api", credential: { kind: "api-key", id: key!.id }, operation: "POST /v1/match-insights" },
      inputs: { job_description_sha256: sha256(JOB.trim()), resume_sha256: sha256(description) },
      engine_version: ENGINE_VERSION,
      catalogue_version: catalogue,
      summary: detail.recommendation_insights,
      full: shown,
      advisory: ADVISORY_STATEMENT,
      expires_at: new Date(Math.floor(Date.parse(record.created_at) / 1000) * 1000 + 365 * DAY_MS).toISOString(),
    });
  });

  it("records every candidate of recommend-candidates with the insights each one was shown", async () => {
    const other = await t.otherAccount();
    const res = await t.call("/v1/match-insights/recommend-candidates", {
      method: "POST",
      key: other.apiKey,
      json: { jobDescription: JOB, candidates: [{ first_name: "A", email: "a@example.com" }, { first_name: "B", email: "b@example.com" }] },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("winnow-advisory")).toBe(ADVISORY_STATEMENT);
    const entries = ((await res.json()) as any).data;
    const records = await t.services.decisions.getMany(other.accountId, entries.map((e: any) => e.match_id));
    expect(records.size).toBe(2);
    for (const entry of entries) {
      const r = records.get(entry.match_id)!;
      expect(r.summary).toEqual(entry.recommendation_insights);
      expect(r.source).toEqual({ kind: "api", credential: { kind: "api-key", id: expect.any(String) }, operation: "POST /v1/match-insights/recommend-candidates" });
      // No resume was given: the engine read an empty text.
      expect(r.inputs).toEqual({ jobDescriptionSha256: sha256(JOB.trim()), resumeSha256: sha256("") });
    }
    // Records are per account: the first account sees none of them.
    expect((await admin(`/admin/accounts/${t.accountId}/decisions/${entries[0].match_id}`)).status).toBe(404);
  });

  it("cannot be overwritten: a retried screening with the same match id keeps the first record", async () => {
    const matchId = randomUUID();
    const origin = { kind: "ats", connectionId: "c-1", provider: "greenhouse", atsCandidateId: "cand-1", atsApplicationId: "app-1" } as const;
    const run = (text: string) =>
      screen(t.services, {
        accountId: t.accountId,
        jobDescription: JOB,
        storeFull: true,
        origin,
        candidates: [{ matchId, text, contact: { first_name: "R", last_name: "T", email: "", linkedin: "", phone: "" } }],
      });
    const first = await run(STRONG);
    const second = await run(WEAK);
    expect(second.matches[0]!.result.match_score).not.toBe(first.matches[0]!.result.match_score);
    const record = await t.services.decisions.get(t.accountId, matchId);
    expect(record?.matchScore).toBe(first.matches[0]!.result.match_score);
    expect(record?.inputs.resumeSha256).toBe(sha256(STRONG));

    // Nor through the repository directly.
    await t.services.decisions.putMany([{ ...record!, matchScore: 1, advisory: "changed" }]);
    expect(await t.services.decisions.get(t.accountId, matchId)).toEqual(record);
  });

  it("answers 404 for an unknown account or match, 400 for a bad id, date or cursor", async () => {
    expect(((await (await admin(`/admin/accounts/nope/decisions`)).json()) as any).error).toBe(4001);
    const missing = await admin(`/admin/accounts/${t.accountId}/decisions/0190f0a0-0000-7000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as any).error).toBe(4004);
    const badId = await admin(`/admin/accounts/${t.accountId}/decisions/not-a-uuid`);
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as any).error).toBe(1008);
    for (const q of ["from=yesterday", "to=2026-13-01", "from=2026-02-01&to=2026-01-01", "limit=0", "limit=1001"]) {
      const res = await admin(`/admin/accounts/${t.accountId}/decisions?${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as any).error, q).toBe(1004);
    }
    const cursor = await admin(`/admin/accounts/${t.accountId}/decisions?cursor=garbage`);
    expect(cursor.status).toBe(400);
    expect(((await cursor.json()) as any).error).toBe(1005);
    expect((await admin(`/admin/accounts/${t.accountId}/decisions/export?from=nope`)).status).toBe(400);
  });
});

describe("admin-only access to accountability routes", () => {
  let t: TestService;
  beforeAll(async () => {
    t = await testService();
  });

  const match = "0190f0a0-0000-7000-8000-000000000000";
  const routes = (account: string): [string, string, string?, string?][] => [
    ["GET", `/admin/accounts/${account}/decisions`],
    ["GET", `/admin/accounts/${account}/decisions/export`],
    ["GET", `/admin/accounts/${account}/decisions/${match}`],
    ["GET", `/admin/accounts/${account}/retention`],
    ["PUT", `/admin/accounts/${account}/retention`, JSON.stringify({ retention_days: 1 }), "application/json"],
    ["POST", `/admin/accounts/${account}/erasures`, JSON.stringify({ email: "someone@example.com" }), "application/json"],
    ["PUT", `/admin/accounts/${account}/demographics`, `match_id,sex,race_ethnicity\n${match},F,Asian\n`, "text/csv"],
    ["GET", `/admin/accounts/${account}/bias-audit?format=html`],
  ];

  it("refuses every route without the admin token — an API key, in either header, is not one — and changes nothing", async () => {
    const credentials: (Record<string, string> | undefined)[] = [
      undefined,
      { authorization: "Bearer wrong" },
      { authorization: `Bearer ${t.apiKey}` },
      { "x-api-key": t.apiKey },
      { "x-api-key": t.apiKey, authorization: `Basic ${Buffer.from(`admin:${t.adminToken}`).toString("base64")}` },
    ];
    for (const [method, path, body, type] of routes(t.accountId)) {
      for (const headers of credentials) {
        const res = await t.app.request(path, { method, headers: { ...headers, ...(type ? { "content-type": type } : {}) }, ...(body ? { body } : {}) });
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      }
    }
    expect(await t.services.accounts.retentionDays(t.accountId)).toBe(365);
    expect(await t.services.demographics.listByAccount(t.accountId)).toEqual([]);
  });

  it("answers every route with Cache-Control: no-store (decision records, candidate data, demographics)", async () => {
    for (const [method, path, body, type] of routes(t.accountId)) {
      const headers = { authorization: `Bearer ${t.adminToken}`, ...(type ? { "content-type": type } : {}) };
      const res = await t.app.request(path, { method, headers, ...(body ? { body } : {}) });
      expect([200, 404], `${method} ${path}`).toContain(res.status);
      expect(res.headers.get("cache-control"), `${method} ${path}`).toBe("no-store");
    }
  });

  it("documents them in the admin OpenAPI document, each under the admin token", async () => {
    const doc = (await (await t.app.request("/admin/openapi.json", { headers: { authorization: `Bearer ${t.adminToken}` } })).json()) as any;
    const paths: Record<string, string[]> = {
      "/accounts/{account_id}/decisions": ["get"],
      "/accounts/{account_id}/decisions/export": ["get"],
      "/accounts/{account_id}/decisions/{match_id}": ["get"],
      "/accounts/{account_id}/retention": ["get", "put"],
      "/accounts/{account_id}/erasures": ["post"],
      "/accounts/{account_id}/demographics": ["put"],
      "/accounts/{account_id}/bias-audit": ["get"],
    };
    for (const [path, methods] of Object.entries(paths)) {
      for (const method of methods) {
        const op = doc.paths[path]?.[method];
        expect(op, `${method} ${path}`).toBeDefined();
        expect(op.security, `${method} ${path}`).toEqual([{ adminToken: [] }]);
        expect(op.responses, `${method} ${path}`).toHaveProperty("401");
      }
    }
    expect(doc.paths["/accounts/{account_id}/decisions/export"].get.responses).toHaveProperty("422");
    // And none of them leaks into the public v1 document.
    const v1 = (await (await t.app.request("/v1/openapi.json")).json()) as any;
    expect(Object.keys(v1.paths).filter((p) => /decisions|erasure|retention|demographics|bias-audit/.test(p))).toEqual([]);
  });
});

describe("paging, date ranges and the JSON Lines export", () => {
  let t: TestService;
  let clock = new Date("2026-03-01T09:00:00.000Z");
  const made: { matchId: string; createdAt: string }[] = [];
  beforeAll(async () => {
    t = await testService({ now: () => clock });
    // Seven screenings on five days (two days with two), oldest first.
    const days = ["2026-03-01T09:00:00.000Z", "2026-03-02T08:00:00.000Z", "2026-03-02T23:59:59.999Z", "2026-03-03T00:00:00.000Z", "2026-03-04T12:00:00.000Z", "2026-03-04T12:00:00.000Z", "2026-03-05T07:30:00.000Z"];
    for (const [i, at] of days.entries()) {
      clock = new Date(at);
      const res = await t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, candidate: { first_name: `C${i}`, description: i % 2 ? STRONG : WEAK } } });
      expect(res.status).toBe(201);
      made.push({ matchId: ((await res.json()) as any).data.match_id, createdAt: at });
    }
    clock = new Date("2026-03-06T00:00:00.000Z");
  });

  const expected = (from?: string, to?: string) =>
    made
      .filter((m) => (!from || m.createdAt >= from) && (!to || m.createdAt < to))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.matchId.localeCompare(b.matchId))
      .map((m) => m.matchId);

  it("pages oldest first through every record without repeats or gaps", async () => {
    const { records, pages } = await allPages(t, "", 3);
    expect(records.map((r) => r.match_id)).toEqual(expected());
    expect(pages).toBeGreaterThanOrEqual(3);
  });

  it("filters by date (a date `to` includes its day) and by instant ([from, to))", async () => {
    const byDay = await allPages(t, "from=2026-03-02&to=2026-03-03", 2);
    expect(byDay.records.map((r) => r.match_id)).toEqual(expected("2026-03-02T00:00:00.000Z", "2026-03-04T00:00:00.000Z"));
    expect(byDay.records).toHaveLength(3);
    const byInstant = await allPages(t, `from=${encodeURIComponent("2026-03-02T23:59:59.999Z")}&to=${encodeURIComponent("2026-03-04T12:00:00Z")}`, 10);
    expect(byInstant.records.map((r) => r.match_id)).toEqual(expected("2026-03-02T23:59:59.999Z", "2026-03-04T12:00:00.000Z"));
    expect(byInstant.records).toHaveLength(2);
    const offset = await allPages(t, `from=${encodeURIComponent("2026-03-04T13:00:00+01:00")}`, 10);
    expect(offset.records.map((r) => r.match_id)).toEqual(expected("2026-03-04T12:00:00.000Z"));
  });

  it("exports the same records as JSON Lines, all pages, in the range asked", async () => {
    const admin = adminOf(t);
    const res = await admin(`/admin/accounts/${t.accountId}/decisions/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const text = await res.text();
    expect(text.endsWith("\n")).toBe(true);
    const lines = text.trimEnd().split("\n").map((l) => JSON.parse(l));
    const { records } = await allPages(t, "", 1000);
    expect(lines).toEqual(records);
    expect(lines).toHaveLength(made.length);

    const ranged = await (await admin(`/admin/accounts/${t.accountId}/decisions/export?from=2026-03-04&to=2026-03-04`)).text();
    expect(ranged.trimEnd().split("\n").map((l) => JSON.parse(l).match_id)).toEqual(expected("2026-03-04T00:00:00.000Z", "2026-03-05T00:00:00.000Z"));
    const empty = await admin(`/admin/accounts/${t.accountId}/decisions/export?from=2027-01-01`);
    expect(await empty.text()).toBe("");
  });

  it("on a runtime that buffers responses (Lambda), exports what fits and refuses a larger range with 4005", async () => {
    const streamed = await (await adminOf(t)(`/admin/accounts/${t.accountId}/decisions/export`)).text();
    const lines = streamed.trimEnd().split("\n");
    const buffered = createApp(t.services, { maxResponseBytes: Buffer.byteLength(streamed) - 1 });
    const call = (query: string) => buffered.request(`/admin/accounts/${t.accountId}/decisions/export${query}`, { headers: { authorization: `Bearer ${t.adminToken}` } });
    const tooLarge = await call("");
    expect(tooLarge.status).toBe(422);
    const error = (await tooLarge.json()) as any;
    expect(error.error).toBe(4005);
    expect(error.message).toMatch(/shorter range/);
    // Exactly at the limit it fits, and the body is the same as the streamed one.
    const fits = createApp(t.services, { maxResponseBytes: Buffer.byteLength(streamed) });
    const whole = await fits.request(`/admin/accounts/${t.accountId}/decisions/export`, { headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect(await whole.text()).toBe(streamed);
    const day = await call("?from=2026-03-01&to=2026-03-01");
    expect(day.status).toBe(200);
    expect(await day.text()).toBe(`${lines[0]}\n`);
  });

  it("ends a page at DECISION_PAGE_BYTES of records and continues from there through the Link header", async () => {
    const big = await testService();
    const padding = "x".repeat(300_000);
    const records = Array.from({ length: 16 }, (_, i) => ({
      matchId: randomUUID(),
      accountId: big.accountId,
      createdAt: new Date(Date.UTC(2026, 4, 1, 0, i)).toISOString(),
      matchScore: 50,
      jobPostId: "big-records",
      source: { kind: "api" as const, credential: { kind: "api-key" as const, id: "k" }, operation: "POST /v1/match-insights" },
      inputs: { jobDescriptionSha256: "0".repeat(64), resumeSha256: "1".repeat(64) },
      engineVersion: ENGINE_VERSION,
      catalogueVersion: "test",
      summary: {},
      full: { padding },
      advisory: ADVISORY_STATEMENT,
    }));
    await big.services.decisions.putMany(records);
    const admin = adminOf(big);
    const first = await admin(`/admin/accounts/${big.accountId}/decisions?limit=1000`);
    const body = await first.text();
    const page = JSON.parse(body).data as any[];
    expect(page.length).toBeGreaterThan(1);
    expect(page.length).toBeLessThan(records.length);
    expect(page.reduce((n, r) => n + Buffer.byteLength(JSON.stringify(r)), 0)).toBeLessThanOrEqual(DECISION_PAGE_BYTES);
    expect(first.headers.get("link")).toBeTruthy();
    const { records: all } = await allPages(big, "", 1000);
    expect(all.map((r) => r.match_id)).toEqual(records.map((r) => r.matchId));
  });

  it("refuses a cursor outside the range asked (a forged one, or one carried over from another range) as a bad cursor", async () => {
    const admin = adminOf(t);
    const first = await admin(`/admin/accounts/${t.accountId}/decisions?limit=1`);
    const link = first.headers.get("link")!;
    const cursor = new URL(/<([^>]+)>/.exec(link)![1]!).searchParams.get("cursor")!;
    // The cursor sits at the first record (March 1st): before a range starting March 4th, after one ending February 28th.
    for (const range of ["from=2026-03-04", "to=2026-02-28", "from=2026-03-02&to=2026-03-05"]) {
      const res = await admin(`/admin/accounts/${t.accountId}/decisions?limit=2&${range}&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, range).toBe(400);
      expect(((await res.json()) as any).error, range).toBe(1005);
    }
    // Inside the range it still works.
    const inside = await admin(`/admin/accounts/${t.accountId}/decisions?limit=10&from=2026-03-01&cursor=${encodeURIComponent(cursor)}`);
    expect(inside.status).toBe(200);
    expect(((await inside.json()) as any).data.map((r: any) => r.match_id)).toEqual(expected().slice(1));
  });
});

describe("retention", () => {
  let t: TestService;
  let clock = new Date("2026-06-01T10:00:00.000Z");
  beforeAll(async () => {
    t = await testService({ now: () => clock });
  });

  it("is 365 days by default, settable from 1 to 3650, and refused outside that", async () => {
    const admin = adminOf(t);
    expect(((await (await admin(`/admin/accounts/${t.accountId}`)).json()) as any).data.retention_days).toBe(365);
    expect(((await (await admin(`/admin/accounts/${t.accountId}/retention`)).json()) as any).data).toEqual({ account_id: t.accountId, retention_days: 365 });
    for (const bad of [0, 3651, 1.5, "30"]) {
      const res = await admin(`/admin/accounts/${t.accountId}/retention`, { method: "PUT", json: { retention_days: bad } });
      expect(res.status, String(bad)).toBe(400);
    }
    expect((await admin(`/admin/accounts/nope/retention`, { method: "PUT", json: { retention_days: 30 } })).status).toBe(404);
    const set = await admin(`/admin/accounts/${t.accountId}/retention`, { method: "PUT", json: { retention_days: 30 } });
    expect(set.status).toBe(200);
    expect(((await set.json()) as any).data).toEqual({ account_id: t.accountId, retention_days: 30 });
    expect(((await (await admin(`/admin/accounts/${t.accountId}`)).json()) as any).data.retention_days).toBe(30);
  });

  it("stamps expiresAt from the account's retention on the match, job post, decision record and subject index", async () => {
    const admin = adminOf(t);
    await admin(`/admin/accounts/${t.accountId}/retention`, { method: "PUT", json: { retention_days: 2 } });
    clock = new Date("2026-06-01T10:00:00.000Z");
    const res = await t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, job_post_id: "ret-post-1", candidate: { email: "Kim@Example.com", description: STRONG } } });
    const { match_id } = ((await res.json()) as any).data;
    const expiresAt = Date.parse("2026-06-03T10:00:00.000Z") / 1000;
    const raw = async (pk: string, sk: string) => (await t.store.doc.send(new GetCommand({ TableName: t.store.table, Key: { pk, sk } }))).Item;
    expect((await raw(`MATCH#${match_id}`, "#MATCH"))?.expiresAt).toBe(expiresAt);
    expect((await raw(`ACCOUNT#${t.accountId}`, "JOBPOST#ret-post-1"))?.expiresAt).toBe(expiresAt);
    expect((await raw(`DECISION#${t.accountId}#${match_id}`, "#DECISION"))?.expiresAt).toBe(expiresAt);
    expect(((await (await admin(`/admin/accounts/${t.accountId}/decisions/${match_id}`)).json()) as any).data.expires_at).toBe("2026-06-03T10:00:00.000Z");
    expect(await t.services.subjects.matchIds(t.accountId, { kind: "email", email: "kim@example.com" })).toEqual([match_id]);
  });

  it("reads an item past its expiresAt as gone, before DynamoDB's TTL has removed it", async () => {
    const admin = adminOf(t);
    await admin(`/admin/accounts/${t.accountId}/retention`, { method: "PUT", json: { retention_days: 1 } });
    clock = new Date("2026-07-01T10:00:00.000Z");
    const post = "ret-post-2";
    const old = ((await (await t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, job_post_id: post, candidate: { description: WEAK } } })).json()) as any).data;
    clock = new Date("2026-07-01T22:00:00.000Z");
    const young = ((await (await t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, job_post_id: post, candidate: { description: STRONG } } })).json()) as any).data;

    // The post lives as long as its newest match.
    const postItem = async () =>
      (await t.store.doc.send(new GetCommand({ TableName: t.store.table, Key: { pk: `ACCOUNT#${t.accountId}`, sk: `JOBPOST#${post}` } }))).Item;
    expect((await postItem())?.expiresAt).toBe(Date.parse("2026-07-02T22:00:00.000Z") / 1000);
    expect((await postItem())?.createdAt).toBe("2026-07-01T10:00:00.000Z");

    // 1 day and 1 second after the first: it is expired, the second is not.
    clock = new Date("2026-07-02T10:00:01.000Z");
    expect((await t.call(`/v1/match-insights/${old.match_id}`)).status).toBe(404);
    expect((await t.call(`/v1/match-insights/${young.match_id}`)).status).toBe(200);
    const listing = ((await (await t.call(`/v1/match-insights?job_post_id=${post}`)).json()) as any).data;
    expect(listing.map((m: any) => m.match_id)).toEqual([young.match_id]);
    expect((await admin(`/admin/accounts/${t.accountId}/decisions/${old.match_id}`)).status).toBe(404);
    const { records } = await allPages(t, "from=2026-07-01", 10);
    expect(records.map((r) => r.match_id)).toEqual([young.match_id]);
    const exported = await (await admin(`/admin/accounts/${t.accountId}/decisions/export?from=2026-07-01`)).text();
    expect(exported.trimEnd().split("\n").map((l) => JSON.parse(l).match_id)).toEqual([young.match_id]);
    expect((await t.services.decisions.getMany(t.accountId, [old.match_id, young.match_id])).size).toBe(1);
    // The bias audit's projected join skips it too, and reads only what the audit needs.
    const scores = await t.services.decisions.scores(t.accountId, [old.match_id, young.match_id]);
    expect([...scores.values()]).toEqual([{ matchId: young.match_id, createdAt: "2026-07-01T22:00:00.000Z", matchScore: young.match_score, engineVersion: ENGINE_VERSION }]);
    expect((await t.services.decisions.scores(randomUUID(), [young.match_id])).size).toBe(0);
    // Several batches of 100 keys, read concurrently.
    const many = [...Array.from({ length: 250 }, () => randomUUID()), young.match_id, ...Array.from({ length: 120 }, () => randomUUID())];
    expect([...(await t.services.decisions.scores(t.accountId, many)).keys()]).toEqual([young.match_id]);
    // The items are still in the table: it is the reads that treat them as gone.
    expect((await t.store.doc.send(new GetCommand({ TableName: t.store.table, Key: { pk: `MATCH#${old.match_id}`, sk: "#MATCH" } }))).Item).toBeDefined();

    // Once both are past it, the job post itself reads as gone and the listing answers 404.
    clock = new Date("2026-07-03T00:00:00.000Z");
    expect((await t.call(`/v1/match-insights?job_post_id=${post}`)).status).toBe(404);
    expect(await t.services.jobPosts.get(t.accountId, post)).toBeUndefined();
  });
});
