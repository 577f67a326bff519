import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atsHarness, type AtsHarness } from "./ats-harness.ts";
import { atsProviderSuite } from "./ats-suite.ts";
import type { FakeGreenhouse } from "./fakes/index.ts";

// The suite every provider passes, against Harvest v3: OAuth tokens, /v3 routes, cursor pages (the fake serves two
// items a page and answers 400 to a cursor with other parameters, and seeds recruiter notes the marker search pages past).
atsProviderSuite("greenhouse", { greenhouse: { apiVersion: "v3" } });

describe("greenhouse (Harvest v3): OAuth tokens", () => {
  let h: AtsHarness;
  let fake: FakeGreenhouse;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await atsHarness("greenhouse", { greenhouse: { apiVersion: "v3" } });
    fake = h.fake as FakeGreenhouse;
    // Everything the worker logs (read when the worker starts), to check that no token or secret reaches a log line.
    h.runtime.log = (entry) => logs.push(JSON.stringify(entry));
    h.startWorker();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("gets one token for many calls, as the acting user, with Bearer auth and no On-Behalf-Of", async () => {
    const before = fake.calls("token").length;
    const a = fake.apply();
    const b = fake.apply();
    await h.deliver(fake.applicationWebhook(a, h.secret));
    await h.deliver(fake.applicationWebhook(b, h.secret));
    await h.waitFor(a, ["done"]);
    await h.waitFor(b, ["done"]);
    // One client per connection: its cached token serves both jobs (a first token may predate this test).
    expect(fake.calls("token").length - before).toBeLessThanOrEqual(1);
    const v3 = fake.log.filter((r) => r.path.startsWith("/v3/"));
    expect(v3.length).toBeGreaterThan(8);
    expect(v3.every((r) => /^Bearer \S+$/.test(String(r.headers.authorization)) && r.headers["on-behalf-of"] === undefined)).toBe(true);
    expect(fake.log.some((r) => r.path.startsWith("/v1/"))).toBe(false);
    expect(fake.notes(a)[0]!.actingUser).toBe("4080");
    // The marker search paged past the seeded recruiter notes: first request filtered, then the cursor alone.
    const listings = fake.calls("listNotes").filter((r) => r.status === 200);
    expect(listings.some((r) => r.query.get("candidate_ids") === a.candidateId && r.query.has("per_page"))).toBe(true);
    expect(listings.some((r) => [...r.query.keys()].join() === "cursor")).toBe(true);
  });

  it("takes a fresh token when the API refuses the cached one (revoked or expired early): still one note", async () => {
    const app = fake.apply();
    const before = fake.calls("token").length;
    fake.revokeTokens();
    await h.deliver(fake.applicationWebhook(app, h.secret));
    const job = await h.waitFor(app, ["done"]);
    expect(job.attempts).toBe(1);
    expect(fake.calls("token").length).toBe(before + 1);
    expect(fake.log.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(1);
    expect(fake.notes(app)).toHaveLength(1);
  });

  it("retries a failing token endpoint (500, 429) and still posts exactly one note", async () => {
    const app = fake.apply();
    fake.revokeTokens();
    fake.inject("token", { status: 500 }, { status: 429, retryAfter: 0 }, { status: 503 }, { status: 500 });
    await h.deliver(fake.applicationWebhook(app, h.secret));
    // The first API call gets 401 (token revoked), then the token endpoint fails beyond the in-call retries.
    const job = await h.waitFor(app, ["done", "dead"]);
    expect(job.status).toBe("done");
    expect(fake.pendingFaults("token")).toBe(0);
    expect(fake.notes(app)).toHaveLength(1);
  });

  it("never logs a token or the client secret", async () => {
    const issued = fake.log.filter((r) => r.path.startsWith("/v3/")).map((r) => String(r.headers.authorization).slice("Bearer ".length));
    expect(issued.length).toBeGreaterThan(0);
    const all = logs.join("\n");
    for (const token of new Set(issued)) expect(all).not.toContain(token);
    expect(all).not.toContain(fake.clientSecret);
    // The failures of the previous test were logged (so this looked at real error lines).
    expect(all).toContain("screening job will retry");
  });
});
