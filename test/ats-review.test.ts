import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handle } from "hono/aws-lambda";
import { screeningId } from "@winnow/ats";
import { atsHarness, type AtsHarness } from "./ats-harness.ts";
import type { Fault } from "./fakes/index.ts";
import { signLever } from "./fakes/lever.ts";

/**
 * Regression tests from the review of the ATS integration against the vendors' known pitfalls
 * (shared/reference/ats.md §9): each case failed before its fix.
 */

const times = (n: number, fault: Fault): Fault[] => Array.from({ length: n }, () => fault);

/** An Ashby error delivered the way Ashby delivers most errors: HTTP 200 with `success: false`. */
const ashbyError = (code: string): Fault => ({ json: { success: false, errors: [code], errorInfo: { code, message: code } } });

describe("review: Ashby errors in a 200", () => {
  let h: AtsHarness;
  beforeAll(async () => {
    h = await atsHarness("ashby");
    h.startWorker();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("retries the job when listing notes answers a rate-limit error in a 200, instead of dead-lettering it", async () => {
    const app = h.fake.apply();
    h.fake.inject(h.fake.ops.listNotes, ashbyError("rate_limit_exceeded"));
    expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
    const job = await h.waitFor(app, ["done", "dead"]);
    expect({ status: job.status, error: job.lastError }).toEqual({ status: "done", error: expect.stringContaining("rate_limit_exceeded") });
    expect(job.attempts).toBe(2);
    expect(h.fake.notes(app)).toHaveLength(1);
    expect(h.fake.pendingFaults(h.fake.ops.listNotes)).toBe(0);
  });

  it("screens without the resume when file.info keeps answering not found, after waiting for it", async () => {
    const app = h.fake.apply();
    // Attempts 1–3 wait for the file; attempt 4 (resumeWaitAttempts) gives up on it and screens.
    h.fake.inject(h.fake.ops.resume, ...times(4, ashbyError("file_not_found")));
    expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
    const job = await h.waitFor(app, ["done", "dead"]);
    expect({ status: job.status, error: job.lastError }).toEqual({ status: "done", error: expect.stringContaining("file_not_found") });
    expect(job.attempts).toBe(4);
    expect(job.scored?.warnings).toEqual([expect.stringMatching(/^screened without the resume: ashby file\.info: file_not_found/)]);
    const notes = h.fake.notes(app);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain("Note: screened without the resume");
    expect(h.fake.pendingFaults(h.fake.ops.resume)).toBe(0);
  });

  it("screens a candidate added without a resume at once, and says so in the note", async () => {
    const app = h.fake.apply({ resume: null });
    const lookups = h.fake.calls(h.fake.ops.resume).length;
    expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
    const job = await h.waitFor(app, ["done", "dead"]);
    expect({ status: job.status, attempts: job.attempts }).toEqual({ status: "done", attempts: 1 });
    expect(job.scored?.warnings).toEqual(["screened without a resume (the application has no resume)"]);
    expect(h.fake.calls(h.fake.ops.resume)).toHaveLength(lookups);
    expect(h.fake.notes(app)[0]!.body).toContain("Note: screened without a resume");
  });

  it("screens without the resume at once when file.info answers an error no retry fixes (demo-data files)", async () => {
    const app = h.fake.apply();
    h.fake.inject(h.fake.ops.resume, ashbyError("demo_file_unsupported"));
    expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
    const job = await h.waitFor(app, ["done", "dead"]);
    expect(job.status).toBe("done");
    expect(job.attempts).toBe(1);
    expect(job.scored?.warnings).toEqual([expect.stringContaining("demo_file_unsupported")]);
    expect(h.fake.notes(app)).toHaveLength(1);
  });
});

describe("review: Lever resume failures", () => {
  let h: AtsHarness;
  beforeAll(async () => {
    // Give up on a missing resume from the first attempt, so a rate limit is the only reason left to wait.
    h = await atsHarness("lever", { worker: { resumeWaitAttempts: 1 } });
    h.startWorker();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("screens without the resume when its download answers 404, instead of dead-lettering the job", async () => {
    const app = h.fake.apply();
    h.fake.inject(h.fake.ops.download, { status: 404 });
    expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
    const job = await h.waitFor(app, ["done", "dead"]);
    expect({ status: job.status, error: job.lastError }).toEqual({ status: "done", error: undefined });
    expect(job.scored?.warnings).toEqual([expect.stringMatching(/^screened without the resume: .*HTTP 404/)]);
    expect(h.fake.notes(app)).toHaveLength(1);
    expect(h.fake.pendingFaults(h.fake.ops.download)).toBe(0);
  });

  it("waits out a rate limit on the resume instead of screening without it", async () => {
    const app = h.fake.apply();
    // More 429s than the in-call retries (2) absorb: the attempt fails with the rate limit.
    h.fake.inject(h.fake.ops.resume, ...times(3, { status: 429, retryAfter: 0 }));
    expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
    const job = await h.waitFor(app, ["done", "dead"]);
    expect({ status: job.status, error: job.lastError }).toEqual({ status: "done", error: expect.stringContaining("HTTP 429") });
    expect(job.attempts).toBe(2);
    expect(job.scored?.warnings).toEqual([]);
    expect(h.fake.notes(app)[0]!.body).not.toContain("without the resume");
    expect(h.fake.pendingFaults(h.fake.ops.resume)).toBe(0);
  });
});

describe("review: resumes that are not there yet", () => {
  let h: AtsHarness;
  beforeAll(async () => {
    h = await atsHarness("lever");
    h.startWorker();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("waits resumeWaitAttempts (4) attempts for a Lever resume stuck in processing, then screens without it", async () => {
    const app = h.fake.apply({ resumeProcessing: 100 });
    const before = h.fake.calls(h.fake.ops.resume).length;
    expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
    const job = await h.waitFor(app, ["done", "dead"]);
    expect({ status: job.status, attempts: job.attempts }).toEqual({ status: "done", attempts: 4 });
    expect(h.fake.calls(h.fake.ops.resume).length - before).toBe(4);
    expect(job.scored?.warnings).toEqual([expect.stringMatching(/^screened without the resume: Lever is still processing resume /)]);
    expect(h.fake.calls(h.fake.ops.download).filter((c) => c.path.includes(app.applicationId))).toHaveLength(0);
    expect(h.fake.notes(app)).toHaveLength(1);
  });
});

describe("review: Greenhouse attachment URLs expire", () => {
  for (const apiVersion of ["v1", "v3"] as const) {
    describe(`Harvest ${apiVersion}`, () => {
      let h: AtsHarness;
      beforeAll(async () => {
        h = await atsHarness("greenhouse", { greenhouse: { apiVersion } });
        h.startWorker();
      });
      afterAll(async () => {
        await h?.close();
      });

      it("downloads the resume from a URL read right before the download, not the webhook's expired one", async () => {
        h.fake.fileUrlTtlMs = 500;
        const app = h.fake.apply();
        const delivery = h.fake.applicationWebhook(app, h.secret);
        const stale = JSON.parse(delivery.body).payload.application.candidate.attachments[0].url as string;
        await new Promise((r) => setTimeout(r, 700));
        // The URL the webhook carries has expired by the time the worker gets to it.
        expect((await fetch(stale)).status).toBe(403);

        expect((await h.deliver(delivery)).status).toBe(200);
        const job = await h.waitFor(app, ["done", "dead"]);
        expect({ status: job.status, attempts: job.attempts, warnings: job.scored?.warnings }).toEqual({ status: "done", attempts: 1, warnings: [] });
        const downloads = h.fake.calls(h.fake.ops.download);
        expect(downloads.at(-1)!.status).toBe(200);
        expect(h.fake.notes(app)[0]!.body).not.toContain("without the resume");
      });
    });
  }
});

describe("review: Lever replays outliving their dedupe record", () => {
  let h: AtsHarness;
  const DAY = 24 * 3600 * 1000;
  beforeAll(async () => {
    h = await atsHarness("lever");
    // The account keeps data for one day: its delivery records (the token dedupe) last one day, not 30.
    await h.runtime.accounts.setRetentionDays(h.accountId, 1);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A Lever delivery signed at `triggeredAt` for `opportunityId` (only token + triggeredAt are signed). */
  const signed = (token: string, triggeredAt: number, opportunityId: string) => ({
    body: JSON.stringify({
      id: "e1b7b5c2-6a1f-4f53-9a0c-0d1e2f3a4b5c",
      event: "applicationCreated",
      triggeredAt,
      data: { opportunityId, candidateId: opportunityId },
      token,
      signature: signLever(h.secret, token, triggeredAt),
    }),
    headers: { "user-agent": "Lever-Webhooks" },
  });

  it("refuses a signature older than the account's dedupe record, which could replay with other data", async () => {
    const target = h.fake.apply();
    // A delivery captured two days ago: its token record (one day) is gone, and the data is not signed.
    const res = await h.deliver(signed(randomBytes(24).toString("hex"), Date.now() - 2 * DAY, target.applicationId));
    expect(res).toEqual({ status: 401, json: { status: false, message: "Invalid webhook signature" } });
    expect(await h.jobOf(target)).toBeUndefined();
  });

  it("still takes a retry signed within the record's lifetime, and catches its replay with other data", async () => {
    const first = h.fake.apply();
    const other = h.fake.apply();
    const token = randomBytes(24).toString("hex");
    const triggeredAt = Date.now() - DAY / 2;
    expect((await h.deliver(signed(token, triggeredAt, first.applicationId))).json.data.outcome).toBe("accepted");
    expect((await h.deliver(signed(token, triggeredAt, other.applicationId))).json.data.outcome).toBe("duplicate");
    expect(await h.jobOf(other)).toBeUndefined();
  });
});

describe("review: Greenhouse webhooks through API Gateway (base64 bodies)", () => {
  let h: AtsHarness;
  beforeAll(async () => {
    h = await atsHarness("greenhouse");
  });
  afterAll(async () => {
    await h?.close();
  });

  /** What API Gateway (HTTP API, payload v2) hands the Lambda for a binary-safe body. */
  const gatewayEvent = (path: string, headers: Record<string, string>, body: string) => ({
    version: "2.0",
    routeKey: "$default",
    rawPath: path,
    rawQueryString: "",
    headers: { "content-type": "application/json", ...headers },
    requestContext: { requestId: "review-base64", http: { method: "POST", path, sourceIp: "127.0.0.1" } },
    body: Buffer.from(body, "utf8").toString("base64"),
    isBase64Encoded: true,
  });

  it("verifies the signature on the decoded bytes, \\u003c escapes included, through the Lambda adapter the API uses", async () => {
    const app = h.fake.apply();
    const delivery = h.fake.applicationWebhook(app, h.secret);
    // The signed bytes carry Greenhouse's escapes; a re-serialised body would not.
    expect(delivery.body).toContain("\\u003cp\\u003e");
    expect(JSON.stringify(JSON.parse(delivery.body))).not.toBe(delivery.body);

    const lambda = handle(h.app);
    const path = `/webhooks/greenhouse/${h.connectionId}`;
    const res = (await lambda(gatewayEvent(path, delivery.headers, delivery.body) as never, {} as never)) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).data).toEqual({ outcome: "accepted", job_id: screeningId(h.connectionId, app.applicationId) });

    // The same delivery re-serialised (what a verifier parsing first would hash) is refused.
    const reserialised = JSON.stringify(JSON.parse(delivery.body));
    const refused = (await lambda(gatewayEvent(path, delivery.headers, reserialised) as never, {} as never)) as { statusCode: number };
    expect(refused.statusCode).toBe(401);
  });
});
