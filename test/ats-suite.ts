import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noteMarker, screeningId, type AtsProvider } from "@winnow/ats";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { atsHarness, type AtsHarness } from "./ats-harness.ts";
import type { FakeApplication, FakeGreenhouseOptions, FakeProvider, Fault, SignedDelivery } from "./fakes/index.ts";

/** Ways the provider says "not yet" right after the webhook. */
function notReady(fake: FakeProvider): { apply: Parameters<FakeProvider["apply"]>[0]; inject?: () => void } {
  switch (fake.provider) {
    case "greenhouse":
      return { apply: {}, inject: () => fake.inject(fake.ops.application, { status: 404 }, { status: 404 }) };
    case "lever":
      return { apply: { resumeProcessing: 2 } };
    case "ashby":
      return { apply: {}, inject: () => fake.inject(fake.ops.application, ...Array.from({ length: 2 }, (): Fault => ({ json: { success: false, errors: ["not_found"], errorInfo: { code: "not_found", message: "Application not found" } } }))) };
  }
}

/** Tampers with a delivery in a way its signature covers (Lever: the signed token, not the data). */
function tampered(provider: AtsProvider, delivery: SignedDelivery): SignedDelivery {
  if (provider === "lever") {
    const body = JSON.parse(delivery.body);
    return { ...delivery, body: JSON.stringify({ ...body, token: `${body.token}x` }) };
  }
  return { ...delivery, body: delivery.body.replace("Morgan", "Morgam") };
}

const unsigned = (provider: AtsProvider, delivery: SignedDelivery): SignedDelivery => {
  if (provider === "lever") {
    const { signature: _s, ...rest } = JSON.parse(delivery.body);
    return { ...delivery, body: JSON.stringify(rest) };
  }
  return { body: delivery.body, headers: {} };
};

/** Delivery items stored for the connection (dedupe records): only verified deliveries may create one. */
async function deliveryItems(h: AtsHarness): Promise<number> {
  const page = await h.store.doc.send(
    new QueryCommand({
      TableName: h.store.table,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :d)",
      ExpressionAttributeValues: { ":pk": `ATSCONN#${h.connectionId}`, ":d": "DELIVERY#" },
      ConsistentRead: true,
    }),
  );
  return page.Count ?? 0;
}

const SCORE_LINE = /^Winnow screening: (\d{1,3})\/100 for Senior Backend Engineer$/m;

/** The end-to-end suite every provider passes: webhook → screening → exactly one note, under faults too. */
export function atsProviderSuite(provider: AtsProvider, options: { greenhouse?: FakeGreenhouseOptions } = {}): void {
  let h: AtsHarness;
  const label = options.greenhouse?.apiVersion ? `${provider} (Harvest ${options.greenhouse.apiVersion})` : provider;
  beforeAll(async () => {
    h = await atsHarness(provider, options.greenhouse ? { greenhouse: options.greenhouse } : {});
    h.startWorker();
  });
  afterAll(async () => {
    await h?.close();
  });

  describe(`${label}: webhook → screening → note`, () => {
    it("posts one note with the score, strengths, gaps and link, as the acting user, plus the field and tag", async () => {
      const app = h.fake.apply();
      const res = await h.deliver(h.fake.applicationWebhook(app, h.secret));
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true, messages: "Accepted", data: { outcome: "accepted", job_id: screeningId(h.connectionId, app.applicationId) } });

      const job = await h.waitFor(app, ["done"]);
      const notes = h.fake.notes(app);
      expect(notes).toHaveLength(1);
      const note = notes[0]!;
      const score = Number(SCORE_LINE.exec(note.body)?.[1]);
      expect(score).toBeGreaterThanOrEqual(50);
      expect(note.body).toContain("Strengths:\n- ");
      expect(note.body).toContain(`Details: http://winnow.test/v1/match-insights/${job.jobId}`);
      expect(note.body).toContain(noteMarker(job.jobId));
      expect(note.private).toBe(true);
      expect(note.actingUser).toBe(h.writeBack.actingUserId);
      expect(Math.round(job.scored!.score)).toBe(score);

      // The match belongs to the connection's account, under the ATS job id, like any POST /v1/match-insights.
      const list = await h.app.request(`/v1/match-insights?job_post_id=${encodeURIComponent(app.jobId)}`, { headers: { "x-api-key": h.apiKey } });
      expect(list.status).toBe(200);
      const entries = ((await list.json()) as any).data;
      expect(entries).toEqual([expect.objectContaining({ match_id: job.jobId, candidate: expect.objectContaining({ first_name: "Alex", last_name: "Morgan" }) })]);
      expect(Math.round(entries[0].insights.recommendation_score)).toBe(score);

      const settings = h.writeBack;
      if (settings.tag) expect(h.fake.tags(app)).toEqual([settings.tag.replace("{score}", String(score))]);
      if (settings.customField) expect(h.fake.customFields(app)).toEqual({ [settings.customField]: score });
      const writes = await h.runtime.writes.list(job.jobId);
      const steps = [...(settings.customField ? ["custom_field"] : []), "note", ...(settings.tag ? ["tag"] : [])];
      expect(writes.map((w) => w.step).sort()).toEqual(steps);
      expect(writes.every((w) => w.how === "posted")).toBe(true);
    });

    it("answers the provider's ping/test event with 200 and ignores events it does not screen on", async () => {
      const ping = await h.deliver(h.fake.pingWebhook(h.secret));
      expect(ping).toEqual({ status: 200, json: expect.objectContaining({ data: { outcome: "ping", job_id: null } }) });
      const app = h.fake.apply();
      const other = await h.deliver(h.fake.otherWebhook(app, h.secret));
      expect(other).toEqual({ status: 200, json: expect.objectContaining({ data: { outcome: "ignored", job_id: null } }) });
      expect(await h.jobOf(app)).toBeUndefined();
    });

    it("takes the same delivery five times (concurrently) as one job and posts one note", async () => {
      const app = h.fake.apply();
      const delivery = h.fake.applicationWebhook(app, h.secret);
      const results = await Promise.all(Array.from({ length: 5 }, () => h.deliver(delivery)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(results.map((r) => r.json.data.outcome).sort()).toEqual(["accepted", "duplicate", "duplicate", "duplicate", "duplicate"]);
      await h.waitFor(app, ["done"]);
      // And once more after it is done: still one note.
      expect((await h.deliver(delivery)).json.data.outcome).toBe("duplicate");
      await new Promise((r) => setTimeout(r, 150));
      expect(h.fake.notes(app)).toHaveLength(1);
    });

    it("posts exactly one note under every injected fault", async () => {
      const { ops } = h.fake;
      const started = Date.now();
      // Faults are consumed by whichever request comes first, so the scenarios run one after the other.
      const run = async (name: string, faults: () => void, apply: Parameters<FakeProvider["apply"]>[0] = {}, check?: (app: FakeApplication) => Promise<void> | void) => {
        const app = h.fake.apply(apply);
        faults();
        expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
        const job = await h.waitFor(app, ["done", "dead"]);
        expect({ name, status: job.status, error: job.lastError }).toEqual({ name, status: "done", error: job.lastError });
        expect({ name, notes: h.fake.notes(app).length }).toEqual({ name, notes: 1 });
        // The fault was really served (not left queued for a request that never came).
        expect({ name, pending: Object.values(ops).map((op) => h.fake.pendingFaults(op)) }).toEqual({ name, pending: Object.values(ops).map(() => 0) });
        await check?.(app);
      };

      await run("429 with Retry-After on the application", () => h.fake.inject(ops.application, { status: 429, retryAfter: 1 }), {}, () => {
        const calls = h.fake.calls(ops.application).slice(-2);
        expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
      });
      await run("500s on the job description, beyond the in-call retries", () => h.fake.inject(ops.job, ...Array.from({ length: 4 }, () => ({ status: 500 }))));
      await run("a timeout on the application fetch", () => h.fake.inject(ops.application, { hangMs: 1500 }));
      await run("a slow resume download", () => h.fake.inject(ops.download, { hangMs: 700 }));
      const ready = notReady(h.fake);
      await run("application or resume not ready yet", () => ready.inject?.(), ready.apply);
      await run("500 on the note POST (not created)", () => h.fake.inject(ops.createNote, { status: 500 }));
      await run("note created but its response lost (timeout)", () => h.fake.inject(ops.createNote, { lostResponseMs: 1500 }), {}, async (app) => {
        const writes = await h.runtime.writes.list(screeningId(h.connectionId, app.applicationId));
        expect(writes.find((w) => w.step === "note")?.how).toBe("found");
      });
      await run("503 while looking for an earlier note", () => h.fake.inject(ops.listNotes, { status: 503 }, { status: 503 }, { status: 503 }));
      if (h.writeBack.tag) await run("429 on the tag write", () => h.fake.inject(ops.tag, { status: 429, retryAfter: 0 }));
      if (h.writeBack.customField) await run("500 on the custom field write", () => h.fake.inject(ops.customField, { status: 500 }, { status: 500 }, { status: 500 }));
      expect(Date.now() - started).toBeLessThan(45_000);
    });

    it("handles duplicate and out-of-order deliveries: one note per application", async () => {
      const a = h.fake.apply({ firstName: "Ada" });
      const b = h.fake.apply({ firstName: "Bo" });
      // A later event of A arrives before its creation event; B's creation overtakes A's; then retries with new keys.
      expect((await h.deliver(h.fake.otherWebhook(a, h.secret))).json.data.outcome).toBe("ignored");
      const bFirst = h.fake.applicationWebhook(b, h.secret);
      expect((await h.deliver(bFirst)).json.data.outcome).toBe("accepted");
      expect((await h.deliver(h.fake.applicationWebhook(a, h.secret))).json.data.outcome).toBe("accepted");
      // The provider retries with a fresh delivery id (Greenhouse's event id is not promised stable): job-level dedupe.
      expect((await h.deliver(h.fake.applicationWebhook(b, h.secret))).json.data.outcome).toBe("duplicate");
      expect((await h.deliver(bFirst)).json.data.outcome).toBe("duplicate");
      await h.waitFor(a, ["done"]);
      await h.waitFor(b, ["done"]);
      expect(h.fake.notes(a)).toHaveLength(1);
      expect(h.fake.notes(b)).toHaveLength(1);
    });
  });

  describe(`${label}: refused deliveries`, () => {
    it("answers 401 to a bad, missing or wrong-secret signature, and stores nothing", async () => {
      const app = h.fake.apply();
      const before = await deliveryItems(h);
      const good = h.fake.applicationWebhook(app, h.secret);
      for (const bad of [tampered(provider, good), unsigned(provider, good), h.fake.applicationWebhook(app, randomBytes(24).toString("hex"))]) {
        const res = await h.deliver(bad);
        expect(res).toEqual({ status: 401, json: { status: false, message: "Invalid webhook signature" } });
      }
      expect(await h.jobOf(app)).toBeUndefined();
      expect(await deliveryItems(h)).toBe(before);
      expect(h.fake.notes(app)).toHaveLength(0);
    });

    it("answers 404 for an unknown connection or another provider's path, 413 for an oversized body, 400 for a malformed one", async () => {
      const app = h.fake.apply();
      const delivery = h.fake.applicationWebhook(app, h.secret);
      const unknown = await h.deliver(delivery, { connectionId: randomUUID() });
      expect(unknown.status).toBe(404);
      expect(unknown.json.error).toBe(5001);
      const other = provider === "greenhouse" ? "ashby" : "greenhouse";
      expect((await h.deliver(delivery, { provider: other })).status).toBe(404);
      expect((await h.deliver(delivery, { provider: "workday" })).status).toBe(404);
      expect((await h.deliver(delivery, { connectionId: "not-a-uuid" })).status).toBe(404);

      // In-process: over a socket the server answers 413 and closes before the client has sent everything.
      const big = await h.app.request(`/webhooks/${provider}/${h.connectionId}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...delivery.headers },
        body: `{"pad":"${"x".repeat(4 * 1024 * 1024)}"}`,
      });
      expect(big.status).toBe(413);
      expect(((await big.json()) as any).error).toBe(1006);

      for (const raw of ["{not json", "[1,2,3]", "\u00ff\u00fe"]) {
        const res = await h.deliver(signedRaw(provider, h.secret, raw));
        expect(res.status, raw).toBe(400);
        expect(res.json.error).toBe(1001);
      }
      expect(await h.jobOf(app)).toBeUndefined();
    });
  });
}

/** A body signed correctly but not a usable payload (Lever cannot sign what it cannot parse: unsigned then). */
function signedRaw(provider: AtsProvider, secret: string, raw: string): SignedDelivery {
  const hex = createHmac("sha256", secret).update(raw).digest("hex");
  if (provider === "greenhouse") return { body: raw, headers: { signature: `sha256 ${hex}` } };
  if (provider === "ashby") return { body: raw, headers: { "ashby-signature": `sha256=${hex}` } };
  return { body: raw, headers: {} };
}
