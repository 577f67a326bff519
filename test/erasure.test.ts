import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADVISORY_STATEMENT } from "@winnow/core/analysis/index";
import { processScreeningJob, screeningId } from "@winnow/ats";
import { erasedSince, subjectKey } from "@winnow/storage";
import { atsHarness, type AtsHarness } from "./ats-harness.ts";
import { testService, type TestService } from "./helpers.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const JOB = fixture("job-backend.txt");
const STRONG = fixture("resume-strong.txt");
const WEAK = fixture("resume-weak.txt");
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const ZERO = { matches: 0, decision_records: 0, ats_screening_jobs: 0, ats_queue_items: 0, ats_dead_letters: 0, ats_write_backs: 0, webhook_deliveries: 0, demographics: 0 };

type Request = (path: string, init?: { method?: string; json?: unknown }) => Promise<{ status: number; json: any; text: string }>;
const adminOn = (app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }, token: string): Request => async (path, init = {}) => {
  const headers = new Headers({ authorization: `Bearer ${token}` });
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const res = await app.request(path, { method: init.method ?? "GET", headers, ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}) });
  const text = await res.text();
  return { status: res.status, json: text && !res.headers.get("content-type")?.includes("ndjson") ? JSON.parse(text) : undefined, text };
};

describe("erasure of API-screened candidates", () => {
  let t: TestService;
  let admin: Request;
  const post = "erasure-post";
  const ids = { kim: [] as string[], lee: "", otherAccountKim: "" };
  let other: { accountId: string; apiKey: string };

  beforeAll(async () => {
    t = await testService();
    admin = adminOn(t.app, t.adminToken);
    other = await t.otherAccount();
    const one = async (email: string, text: string, jobPostId = post, key?: string) => {
      const res = await t.call("/v1/match-insights", { method: "POST", ...(key ? { key } : {}), json: { job_description: JOB, job_post_id: jobPostId, candidate: { first_name: "K", email, description: text } } });
      expect(res.status).toBe(201);
      return ((await res.json()) as any).data.match_id as string;
    };
    // Kim three times, under three spellings of one address, in two job posts and through both screening routes.
    ids.kim.push(await one("Kim.Lo@Example.com", STRONG));
    ids.kim.push(await one("kim.lo@example.com", WEAK, "erasure-post-2"));
    const rec = await t.call("/v1/match-insights/recommend-candidates", {
      method: "POST",
      json: { jobDescription: JOB, job_post_id: post, candidates: [{ first_name: "K", email: " KIM.LO@EXAMPLE.COM " }, { first_name: "Lee", email: "lee@example.com" }] },
    });
    const entries = ((await rec.json()) as any).data;
    ids.kim.push(entries.find((e: any) => e.candidate.first_name === "K").match_id);
    ids.lee = entries.find((e: any) => e.candidate.first_name === "Lee").match_id;
    ids.otherAccountKim = await one("kim.lo@example.com", STRONG, post, other.apiKey);
    // Self-identified answers uploaded for a bias audit (kept in their own table).
    await t.services.demographics.putMany(t.accountId, [...ids.kim, ids.lee].map((matchId) => ({ matchId, sex: "Female" })));
  });

  it("erases every match and decision record of the candidate and answers with counts and match ids", async () => {
    const res = await admin(`/admin/accounts/${t.accountId}/erasures`, { method: "POST", json: { email: "kim.LO@example.COM" } });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ account_id: t.accountId, match_ids: [...ids.kim].sort(), counts: { ...ZERO, matches: 3, decision_records: 3, demographics: 3 } });
  });

  it("leaves nothing of the candidate readable through any endpoint or repository", async () => {
    for (const id of ids.kim) {
      expect((await t.call(`/v1/match-insights/${id}`)).status).toBe(404);
      expect((await admin(`/admin/accounts/${t.accountId}/decisions/${id}`)).status).toBe(404);
      expect(await t.services.matches.get(t.accountId, id)).toBeUndefined();
      expect(await t.services.decisions.get(t.accountId, id)).toBeUndefined();
    }
    expect((await t.services.decisions.getMany(t.accountId, ids.kim)).size).toBe(0);
    const listing = ((await (await t.call(`/v1/match-insights?job_post_id=${post}`)).json()) as any).data;
    expect(listing.map((m: any) => m.match_id)).toEqual([ids.lee]);
    expect((await t.call(`/v1/match-insights?job_post_id=erasure-post-2`)).status).toBe(404);
    const page = await admin(`/admin/accounts/${t.accountId}/decisions?limit=1000`);
    expect(page.json.data.map((r: any) => r.match_id)).toEqual([ids.lee]);
    const exported = await admin(`/admin/accounts/${t.accountId}/decisions/export`);
    expect(exported.text.trimEnd().split("\n").map((l) => JSON.parse(l).match_id)).toEqual([ids.lee]);
    expect(exported.text.toLowerCase()).not.toContain("kim.lo");
    expect(await t.services.subjects.matchIds(t.accountId, { kind: "email", email: "kim.lo@example.com" })).toEqual([]);
    expect((await t.services.demographics.listByAccount(t.accountId)).map((r) => r.matchId)).toEqual([ids.lee]);
    // Nothing left in the table under the erased ids either.
    for (const id of ids.kim) {
      const match = await t.store.doc.send(new GetCommand({ TableName: t.store.table, Key: { pk: `MATCH#${id}`, sk: "#MATCH" } }));
      expect(match.Item).toBeUndefined();
      const record = await t.store.doc.send(new GetCommand({ TableName: t.store.table, Key: { pk: `DECISION#${t.accountId}#${id}`, sk: "#DECISION" } }));
      expect(record.Item).toBeUndefined();
    }
    // Under the candidate's index key only the erasure counter is left: no match id, no readable identifier.
    const emailKey = `SUBJECT#${t.accountId}#email:${sha256("kim.lo@example.com")}`;
    const index = await t.store.doc.send(
      new QueryCommand({ TableName: t.store.table, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": emailKey }, ConsistentRead: true }),
    );
    expect(index.Items?.map((i) => i.sk)).toEqual(["#ERASURES"]);
    expect(JSON.stringify(index.Items)).not.toContain("kim");
  });

  it("leaves other candidates and other accounts untouched, and erases nothing the second time", async () => {
    expect((await t.call(`/v1/match-insights/${ids.lee}`)).status).toBe(200);
    expect((await admin(`/admin/accounts/${t.accountId}/decisions/${ids.lee}`)).status).toBe(200);
    expect((await t.call(`/v1/match-insights/${ids.otherAccountKim}`, { key: other.apiKey })).status).toBe(200);
    expect(await t.services.decisions.get(other.accountId, ids.otherAccountKim)).toBeDefined();

    const again = await admin(`/admin/accounts/${t.accountId}/erasures`, { method: "POST", json: { email: "kim.lo@example.com" } });
    expect(again.json.data).toEqual({ account_id: t.accountId, match_ids: [], counts: ZERO });
  });

  it("takes back an API screening that an erasure of its candidate overlapped, and keeps one made after the erasure", async () => {
    const email = "in.flight@example.com";
    const screenOnce = async () => {
      const res = await t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, job_post_id: "in-flight", candidate: { first_name: "F", email, description: STRONG } } });
      expect(res.status).toBe(201);
      return ((await res.json()) as any).data.match_id as string;
    };
    // The erasure runs once the screening has started and before it stores anything: it finds nothing to erase.
    const upsert = t.services.jobPosts.upsert;
    let erasure: any;
    t.services.jobPosts.upsert = async (...args) => {
      erasure = (await admin(`/admin/accounts/${t.accountId}/erasures`, { method: "POST", json: { email: email.toUpperCase() } })).json.data;
      return upsert.apply(t.services.jobPosts, args);
    };
    let overlapped: string;
    try {
      overlapped = await screenOnce();
    } finally {
      t.services.jobPosts.upsert = upsert;
    }
    expect(erasure).toEqual({ account_id: t.accountId, match_ids: [], counts: ZERO });
    expect((await t.call(`/v1/match-insights/${overlapped}`)).status).toBe(404);
    expect((await admin(`/admin/accounts/${t.accountId}/decisions/${overlapped}`)).status).toBe(404);
    expect(await t.services.subjects.matchIds(t.accountId, { kind: "email", email })).toEqual([]);

    const later = await screenOnce();
    expect((await t.call(`/v1/match-insights/${later}`)).status).toBe(200);
    expect((await admin(`/admin/accounts/${t.accountId}/decisions/${later}`)).status).toBe(200);
    expect(await t.services.subjects.matchIds(t.accountId, { kind: "email", email })).toEqual([later]);
  });

  it("takes back a screening whose first reading of the marks came while an earlier erasure was still reading the index", async () => {
    const email = "half.way@example.com";
    const subjects = t.services.subjects;
    const { markErasure, matchIds, erasureMarks, link } = subjects;
    let marked!: () => void;
    const erasureMarked = new Promise<void>((resolve) => (marked = resolve));
    subjects.markErasure = async (...args) => {
      const started = await markErasure.apply(subjects, args);
      marked();
      return started;
    };
    let releaseErasure!: () => void;
    const screeningRead = new Promise<void>((resolve) => (releaseErasure = resolve));
    let erasureDone!: Promise<unknown>;
    // The erasure marks the subject before the screening starts, then waits to read the index until the screening
    // has read the marks; the screening stores its match only once the erasure has answered, having found nothing.
    subjects.matchIds = async (...args) => {
      await screeningRead;
      return matchIds.apply(subjects, args);
    };
    subjects.erasureMarks = async (...args) => {
      const marks = await erasureMarks.apply(subjects, args);
      releaseErasure();
      return marks;
    };
    subjects.link = async (...args) => {
      await erasureDone;
      return link.apply(subjects, args);
    };
    let matchId: string;
    try {
      erasureDone = admin(`/admin/accounts/${t.accountId}/erasures`, { method: "POST", json: { email } });
      await erasureMarked;
      const res = await t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, job_post_id: "half-way", candidate: { first_name: "H", email, description: STRONG } } });
      expect(res.status).toBe(201);
      matchId = ((await res.json()) as any).data.match_id;
    } finally {
      Object.assign(subjects, { markErasure, matchIds, erasureMarks, link });
    }
    expect(((await erasureDone) as any).json.data.match_ids).toEqual([]);
    expect((await t.call(`/v1/match-insights/${matchId}`)).status).toBe(404);
    expect((await admin(`/admin/accounts/${t.accountId}/decisions/${matchId}`)).status).toBe(404);
    expect(await subjects.matchIds(t.accountId, { kind: "email", email })).toEqual([]);

    // Once that erasure has finished, a new screening of the candidate is kept.
    const res = await t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, job_post_id: "half-way", candidate: { first_name: "H", email, description: STRONG } } });
    const later = ((await res.json()) as any).data.match_id;
    expect((await t.call(`/v1/match-insights/${later}`)).status).toBe(200);
  });

  it("keeps erasure marks monotonic and reads marks written before `finished` existed as finished", async () => {
    const { subjects } = t.services;
    const subject = { kind: "email" as const, email: "marks@example.com" };
    const key = subjectKey(subject);
    const first = await subjects.markErasure(t.accountId, [subject]);
    const second = await subjects.markErasure(t.accountId, [subject]);
    expect([first.get(key), second.get(key)]).toEqual([1, 2]);
    const during = await subjects.erasureMarks(t.accountId, [subject]);
    expect(during.get(key)).toEqual({ started: 2, finished: 0 });
    await subjects.finishErasure(t.accountId, second);
    await subjects.finishErasure(t.accountId, first); // the slower, earlier erasure does not lower the mark
    const after = await subjects.erasureMarks(t.accountId, [subject]);
    expect(after.get(key)).toEqual({ started: 2, finished: 2 });
    expect(erasedSince(during, after)).toEqual(new Set([key]));
    expect(erasedSince(after, after)).toEqual(new Set());

    const legacy = { kind: "email" as const, email: "legacy-mark@example.com" };
    await t.store.doc.send(new PutCommand({ TableName: t.store.table, Item: { pk: `SUBJECT#${t.accountId}#${subjectKey(legacy)}`, sk: "#ERASURES", erasures: 3 } }));
    expect((await subjects.erasureMarks(t.accountId, [legacy])).get(subjectKey(legacy))).toEqual({ started: 3, finished: 3 });
  });

  it("validates the request", async () => {
    for (const json of [{}, { email: "a@b.c", ats_candidate_id: "1" }, { email: "a@b.c", provider: "lever" }, { ats_candidate_id: "1", provider: "workday" }, { email: 3 }]) {
      const res = await admin(`/admin/accounts/${t.accountId}/erasures`, { method: "POST", json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json.error).toBe(1003);
    }
    expect((await admin(`/admin/accounts/nope/erasures`, { method: "POST", json: { email: "a@b.c" } })).json.error).toBe(4001);
  });
});

describe("ATS screenings: decision records, retention stamps and erasure", () => {
  let h: AtsHarness;
  let admin: Request;
  beforeAll(async () => {
    h = await atsHarness("greenhouse");
    admin = adminOn(h.app, h.adminToken);
    expect((await admin(`/admin/accounts/${h.accountId}/retention`, { method: "PUT", json: { retention_days: 10 } })).status).toBe(200);
    h.startWorker();
  });
  afterAll(async () => {
    await h?.close();
  });

  const raw = async (pk: string, sk: string) => (await h.store.doc.send(new GetCommand({ TableName: h.store.table, Key: { pk, sk }, ConsistentRead: true }))).Item;
  const partition = async (pk: string) =>
    (await h.store.doc.send(new QueryCommand({ TableName: h.store.table, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": pk }, ConsistentRead: true }))).Items ?? [];

  it("records the connection, the ATS ids and the digest of the job text the worker read; the note carries the advisory", async () => {
    const app = h.fake.apply({ email: "ats.one@example.com" });
    const before = Math.floor(Date.now() / 1000);
    expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
    const job = await h.waitFor(app, ["done"]);
    const record = (await admin(`/admin/accounts/${h.accountId}/decisions/${job.jobId}`)).json.data;
    expect(record).toMatchObject({
      match_id: job.jobId,
      match_score: job.scored!.score,
      job_post_id: app.jobId,
      source: { kind: "ats", connection_id: h.connectionId, provider: "greenhouse", ats_candidate_id: app.candidateId, ats_application_id: app.applicationId, ats_job_id: app.jobId },
      advisory: ADVISORY_STATEMENT,
    });
    const connection = await h.runtime.connections.getWithSecrets(h.connectionId);
    const client = h.workerDeps().clients.get(connection!);
    const jd = await client.getJobDescription(await client.getApplication(app.applicationId));
    expect(record.inputs.job_description_sha256).toBe(sha256(jd.text));
    expect(record.inputs.resume_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(h.fake.notes(app)[0]!.body).toContain(ADVISORY_STATEMENT);

    // The account's 10-day retention is stamped on the job, its write-backs and delivery, the match and the record.
    const items = await partition(`ATSJOB#${job.jobId}`);
    expect(items.map((i) => String(i.sk).replace(/#.*/, "#")).sort()).toEqual(["#", "DELIVERY#", "WRITE#", "WRITE#", "WRITE#"]);
    const stamp = items.find((i) => i.sk === "#JOB")!.expiresAt as number;
    expect(stamp - before).toBeGreaterThanOrEqual(10 * 86400);
    expect(stamp - before).toBeLessThan(10 * 86400 + 60);
    for (const item of items) expect(item.expiresAt, String(item.sk)).toBe(stamp);
    expect((await raw(`ATSCONN#${h.connectionId}`, `DELIVERY#${job.deliveryKey}`))?.expiresAt).toBe(stamp);
    expect((await raw(`MATCH#${job.jobId}`, "#MATCH"))?.expiresAt).toBeGreaterThanOrEqual(stamp);

    // A redelivery (a new delivery id) is a duplicate: it leaves the record as it was, and is linked to the job too.
    expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).json.data.outcome).toBe("duplicate");
    expect((await admin(`/admin/accounts/${h.accountId}/decisions/${job.jobId}`)).json.data).toEqual(record);
    expect((await partition(`ATSJOB#${job.jobId}`)).filter((i) => String(i.sk).startsWith("DELIVERY#"))).toHaveLength(2);
  });

  it("erases a screened ATS candidate by ATS id: match, record, job, write-backs and delivery", async () => {
    const app = h.fake.apply({ email: "ats.two@example.com" });
    const keep = h.fake.apply({ email: "ats.keep@example.com" });
    await h.deliver(h.fake.applicationWebhook(app, h.secret));
    await h.deliver(h.fake.applicationWebhook(keep, h.secret));
    const job = await h.waitFor(app, ["done"]);
    const kept = await h.waitFor(keep, ["done"]);

    const res = await admin(`/admin/accounts/${h.accountId}/erasures`, { method: "POST", json: { ats_candidate_id: app.candidateId, provider: "greenhouse" } });
    expect(res.json.data).toEqual({
      account_id: h.accountId,
      match_ids: [job.jobId],
      counts: { ...ZERO, matches: 1, decision_records: 1, ats_screening_jobs: 1, ats_write_backs: 3, webhook_deliveries: 1 },
    });
    expect((await h.app.request(`/v1/match-insights/${job.jobId}`, { headers: { "x-api-key": h.apiKey } })).status).toBe(404);
    expect((await admin(`/admin/screening-jobs/${job.jobId}`)).status).toBe(404);
    expect((await admin(`/admin/accounts/${h.accountId}/decisions/${job.jobId}`)).status).toBe(404);
    expect(await h.runtime.jobs.get(job.jobId)).toBeUndefined();
    expect(await h.runtime.writes.list(job.jobId)).toEqual([]);
    expect(await partition(`ATSJOB#${job.jobId}`)).toEqual([]);
    expect(await raw(`ATSCONN#${h.connectionId}`, `DELIVERY#${job.deliveryKey}`)).toBeUndefined();
    // The application's job post had no other match: its listing is gone with it.
    const listing = await h.app.request(`/v1/match-insights?job_post_id=${app.jobId}`, { headers: { "x-api-key": h.apiKey } });
    expect(listing.status).toBe(404);
    expect(((await listing.json()) as any).error).toBe(3002);
    // The index entry under the candidate's email went too: erasing by email now finds nothing.
    expect((await admin(`/admin/accounts/${h.accountId}/erasures`, { method: "POST", json: { email: "ats.two@example.com" } })).json.data.counts).toEqual(ZERO);

    expect((await h.app.request(`/v1/match-insights/${kept.jobId}`, { headers: { "x-api-key": h.apiKey } })).status).toBe(200);
    expect((await admin(`/admin/screening-jobs/${kept.jobId}`)).status).toBe(200);
    expect((await admin(`/admin/accounts/${h.accountId}/decisions/${kept.jobId}`)).status).toBe(200);
  });

  it("erases a dead letter that never produced a match, found by ATS id alone (any provider)", async () => {
    // A connection whose key the ATS refuses: the job dies at its first attempt, before anything is fetched.
    const secret = "whsec-erasure-dead-letter";
    const created = await admin("/admin/connections", {
      method: "POST",
      json: { provider: "greenhouse", account_id: h.accountId, base_url: h.fake.url, api_version: "v1", credentials: { api_key: "revoked" }, webhook_secret: secret, write_back: { acting_user_id: "4080" } },
    });
    const connectionId = created.json.data.id;
    const app = h.fake.apply();
    await h.deliver(h.fake.applicationWebhook(app, secret), { connectionId });
    const job = await h.waitForJob(screeningId(connectionId, app.applicationId), ["dead"]);
    expect((await admin(`/admin/dead-letters/${job.jobId}`)).status).toBe(200);

    const res = await admin(`/admin/accounts/${h.accountId}/erasures`, { method: "POST", json: { ats_candidate_id: app.candidateId } });
    expect(res.json.data).toEqual({ account_id: h.accountId, match_ids: [job.jobId], counts: { ...ZERO, ats_screening_jobs: 1, ats_dead_letters: 1, webhook_deliveries: 1 } });
    expect((await admin(`/admin/dead-letters/${job.jobId}`)).status).toBe(404);
    const dead = (await admin(`/admin/dead-letters?connection_id=${h.connectionId}`)).json.data;
    expect(dead.map((j: any) => j.job_id)).not.toContain(job.jobId);
    expect((await admin(`/admin/accounts/${h.accountId}/erasures`, { method: "POST", json: { ats_candidate_id: app.candidateId } })).json.data.counts).toEqual(ZERO);
  });

  it("works from the CLI: decisions export to a file and candidates erase", async () => {
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "packages/cli/src/main.ts", ...args], {
        cwd: new URL("..", import.meta.url).pathname,
        env: { ...process.env, WINNOW_TABLE: h.store.table },
      });
    const app = h.fake.apply({ email: "Cli.Cand@Example.com" });
    await h.deliver(h.fake.applicationWebhook(app, h.secret));
    const job = await h.waitFor(app, ["done"]);

    const out = join(await mkdtemp(join(tmpdir(), "winnow-export-")), "decisions.jsonl");
    await cli("decisions", "export", "--account", h.accountId, "--from", new Date(Date.now() - 86400_000).toISOString().slice(0, 10), "--out", out);
    const lines = (await readFile(out, "utf8")).trimEnd().split("\n").map((l) => JSON.parse(l));
    const api = (await admin(`/admin/accounts/${h.accountId}/decisions/export`)).text.trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(lines).toEqual(api);
    expect(lines.map((l) => l.match_id)).toContain(job.jobId);

    const erased = JSON.parse((await cli("candidates", "erase", "--account", h.accountId, "--email", "cli.cand@example.com")).stdout);
    expect(erased).toEqual({ account_id: h.accountId, match_ids: [job.jobId], counts: expect.objectContaining({ matches: 1, decision_records: 1, ats_screening_jobs: 1 }) });
    expect(await h.runtime.jobs.get(screeningId(h.connectionId, app.applicationId))).toBeUndefined();
    await expect(cli("candidates", "erase", "--account", h.accountId)).rejects.toThrow(/exactly one of --email and --ats-candidate/);

    expect(JSON.parse((await cli("accounts", "retention", h.accountId, "45")).stdout)).toEqual({ account_id: h.accountId, retention_days: 45 });
    expect(JSON.parse((await cli("accounts", "retention", h.accountId)).stdout)).toEqual({ account_id: h.accountId, retention_days: 45 });
    await expect(cli("accounts", "retention", h.accountId, "0")).rejects.toThrow(/from 1 to 3650/);
  });
});

describe("erasure while an ATS screening is running", () => {
  let h: AtsHarness;
  let admin: Request;
  beforeAll(async () => {
    // No worker is started: the test runs the job itself, with the erasure landing mid-screening.
    h = await atsHarness("greenhouse");
    admin = adminOn(h.app, h.adminToken);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("stops an ATS job whose candidate is erased by email while the screening runs: no match, no job, no note", async () => {
    const email = "mid.screen@example.com";
    const app = h.fake.apply({ email });
    await h.deliver(h.fake.applicationWebhook(app, h.secret));
    const jobId = screeningId(h.connectionId, app.applicationId);
    const deps = h.workerDeps();
    // The email is not indexed before the screening stores its match, so this erasure finds nothing itself.
    const upsert = deps.services.jobPosts.upsert;
    let erasure: any;
    deps.services.jobPosts.upsert = async (...args) => {
      erasure = (await admin(`/admin/accounts/${h.accountId}/erasures`, { method: "POST", json: { email } })).json.data;
      return upsert.apply(deps.services.jobPosts, args);
    };
    try {
      expect((await processScreeningJob(deps, jobId)).status).toBe("busy");
    } finally {
      deps.services.jobPosts.upsert = upsert;
    }
    expect(erasure.counts).toEqual(ZERO);
    expect((await h.app.request(`/v1/match-insights/${jobId}`, { headers: { "x-api-key": h.apiKey } })).status).toBe(404);
    expect((await admin(`/admin/accounts/${h.accountId}/decisions/${jobId}`)).status).toBe(404);
    expect(await h.runtime.jobs.get(jobId)).toBeUndefined();
    expect(await h.runtime.writes.list(jobId)).toEqual([]);
    expect(h.fake.notes(app)).toEqual([]);
    expect(await h.services.subjects.matchIds(h.accountId, { kind: "ats", provider: "greenhouse", candidateId: app.candidateId })).toEqual([]);
    expect(await h.services.subjects.matchIds(h.accountId, { kind: "email", email })).toEqual([]);
  });

  it("erases by email a candidate screened through the API in two job posts and through the ATS", async () => {
    const email = "both.ways@example.com";
    const app = h.fake.apply({ email });
    await h.deliver(h.fake.applicationWebhook(app, h.secret));
    const jobId = screeningId(h.connectionId, app.applicationId);
    expect((await processScreeningJob(h.workerDeps(), jobId)).status).toBe("done");
    const apiMatch = async (post: string) => {
      const res = await h.app.request("/v1/match-insights", {
        method: "POST",
        headers: { "x-api-key": h.apiKey, "content-type": "application/json" },
        body: JSON.stringify({ job_description: JOB, job_post_id: post, candidate: { first_name: "Both", email: email.toUpperCase(), description: STRONG } }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as any).data.match_id as string;
    };
    const viaApi = [await apiMatch("both-ways-1"), await apiMatch("both-ways-2")];

    const res = await admin(`/admin/accounts/${h.accountId}/erasures`, { method: "POST", json: { email } });
    expect(res.json.data.match_ids).toEqual([...viaApi, jobId].sort());
    expect(res.json.data.counts).toMatchObject({ matches: 3, decision_records: 3, ats_screening_jobs: 1, webhook_deliveries: 1 });
    for (const id of [...viaApi, jobId]) {
      expect((await h.app.request(`/v1/match-insights/${id}`, { headers: { "x-api-key": h.apiKey } })).status).toBe(404);
      expect((await admin(`/admin/accounts/${h.accountId}/decisions/${id}`)).status).toBe(404);
    }
    for (const post of ["both-ways-1", "both-ways-2", app.jobId]) {
      expect((await h.app.request(`/v1/match-insights?job_post_id=${post}`, { headers: { "x-api-key": h.apiKey } })).status).toBe(404);
    }
    // The ATS id's index entry went with the email's: erasing by ATS id finds nothing more.
    expect((await admin(`/admin/accounts/${h.accountId}/erasures`, { method: "POST", json: { ats_candidate_id: app.candidateId } })).json.data.counts).toEqual(ZERO);
  });

  it("takes back the match the screening stored after the erasure answered, so nothing of the candidate remains", async () => {
    const app = h.fake.apply({ email: "mid.flight@example.com" });
    await h.deliver(h.fake.applicationWebhook(app, h.secret));
    const jobId = screeningId(h.connectionId, app.applicationId);
    const deps = h.workerDeps();
    let erasure: any;
    // The erasure lands once the worker has fetched the application and before the screening stores its match.
    const clients = Object.create(deps.clients) as typeof deps.clients;
    clients.get = (connection) => {
      const client = deps.clients.get(connection);
      const wrapped = Object.create(client) as typeof client;
      wrapped.getJobDescription = async (application) => {
        erasure = (await admin(`/admin/accounts/${h.accountId}/erasures`, { method: "POST", json: { ats_candidate_id: app.candidateId } })).json.data;
        return client.getJobDescription(application);
      };
      return wrapped;
    };
    expect((await processScreeningJob({ ...deps, clients }, jobId)).status).toBe("busy");
    expect(erasure.counts.matches).toBe(0);
    expect(erasure.match_ids).toEqual([jobId]);
    expect(erasure.counts.ats_screening_jobs).toBe(1);

    expect((await h.app.request(`/v1/match-insights/${jobId}`, { headers: { "x-api-key": h.apiKey } })).status).toBe(404);
    expect((await admin(`/admin/accounts/${h.accountId}/decisions/${jobId}`)).status).toBe(404);
    expect(await h.runtime.jobs.get(jobId)).toBeUndefined();
    expect(await h.services.subjects.matchIds(h.accountId, { kind: "email", email: "mid.flight@example.com" })).toEqual([]);
    expect(await h.services.subjects.matchIds(h.accountId, { kind: "ats", provider: "greenhouse", candidateId: app.candidateId })).toEqual([]);
    expect(h.fake.notes(app)).toEqual([]);
    // A repeat finds nothing more.
    expect((await admin(`/admin/accounts/${h.accountId}/erasures`, { method: "POST", json: { email: "mid.flight@example.com" } })).json.data.counts).toEqual(ZERO);
  });
});
