import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DELIVERY_RETENTION_MS } from "@winnow/storage/repos/webhook-deliveries";
import { ashbyWebhook } from "./ashby.ts";
import { greenhouseWebhook } from "./greenhouse.ts";
import { leverWebhook } from "./lever.ts";

const SECRET = "whsec-0123456789";
const hmac = (message: string, secret = SECRET) => createHmac("sha256", secret).update(message).digest("hex");
const bytes = (s: string) => new TextEncoder().encode(s);
const NOW = new Date("2026-06-01T12:00:00Z");

describe("Greenhouse: Signature: sha256 <hex> over the raw body", () => {
  // As Greenhouse sends it: `<`, `>` and `&` escaped as \u003c… before signing.
  const raw = '{"action":"new_candidate_application","payload":{"application":{"id":101,"prospect":false,"candidate":{"id":202},"jobs":[{"id":303,"notes":"\\u003cp\\u003eQ3 \\u0026 Q4\\u003c/p\\u003e"}]}}}';
  const headers = (value: string, eventId?: string) => new Headers({ signature: value, ...(eventId ? { "greenhouse-event-id": eventId } : {}) });

  it("verifies the escaped bytes as received, which a re-serialisation would not reproduce", () => {
    const ok = greenhouseWebhook.verify(bytes(raw), headers(`sha256 ${hmac(raw)}`), SECRET, NOW);
    expect(ok.ok).toBe(true);
    const reserialised = JSON.stringify(JSON.parse(raw));
    expect(reserialised).not.toBe(raw);
    expect(hmac(reserialised)).not.toBe(hmac(raw));
    expect(greenhouseWebhook.verify(bytes(reserialised), headers(`sha256 ${hmac(raw)}`), SECRET, NOW)).toMatchObject({ ok: false, problem: "signature" });
  });

  it("refuses other secrets, other schemes, truncated digests and a missing header", () => {
    for (const value of [`sha256 ${hmac(raw, "other")}`, `sha1 ${hmac(raw)}`, `sha256=${hmac(raw)}`, `sha256 ${hmac(raw).slice(0, 63)}`, `sha256 ${Buffer.from(hmac(raw), "hex").toString("base64")}`, ""]) {
      expect(greenhouseWebhook.verify(bytes(raw), headers(value), SECRET, NOW), value).toMatchObject({ ok: false, problem: "signature" });
    }
  });

  it("reports a signed body that is not JSON as malformed, not as a bad signature", () => {
    expect(greenhouseWebhook.verify(bytes("{oops"), headers(`sha256 ${hmac("{oops")}`), SECRET, NOW)).toMatchObject({ ok: false, problem: "malformed" });
  });

  it("classifies new applications (delivery key: the event id, else the body digest), pings, prospects and the rest", () => {
    const body = JSON.parse(raw);
    expect(greenhouseWebhook.classify(body, headers("", "evt-1"), bytes(raw))).toEqual({
      kind: "application",
      type: "new_candidate_application",
      deliveryKey: "event:evt-1",
      applicationId: "101",
      candidateId: "202",
      atsJobId: "303",
    });
    expect(greenhouseWebhook.classify(body, headers(""), bytes(raw))).toMatchObject({ deliveryKey: `body:${createHash("sha256").update(raw).digest("hex")}` });
    expect(greenhouseWebhook.classify({ action: "ping", payload: {} }, headers(""), bytes(""))).toEqual({ kind: "ping", type: "ping" });
    expect(greenhouseWebhook.classify({ action: "new_candidate_application", payload: { application: { id: 1, prospect: true } } }, headers(""), bytes(""))).toMatchObject({ kind: "ignored" });
    expect(greenhouseWebhook.classify({ action: "new_prospect_application", payload: {} }, headers(""), bytes(""))).toMatchObject({ kind: "ignored" });
    expect(greenhouseWebhook.classify({ action: "new_candidate_application", payload: {} }, headers(""), bytes(""))).toMatchObject({ kind: "malformed" });
  });
});

describe("Lever: body signature over token + triggeredAt", () => {
  const token = "a".repeat(48);
  const triggeredAt = NOW.getTime() - 60_000;
  const delivery = (over: Record<string, unknown> = {}) =>
    JSON.stringify({ id: "evt", event: "applicationCreated", triggeredAt, token, signature: hmac(token + String(triggeredAt)), data: { opportunityId: "opp-1", applicationId: "app-1" }, ...over });

  it("verifies token + triggeredAt; the data is not covered, so the token is the delivery key", () => {
    const raw = delivery();
    const verified = leverWebhook.verify(bytes(raw), new Headers(), SECRET, NOW);
    expect(verified.ok).toBe(true);
    const event = leverWebhook.classify(JSON.parse(raw), new Headers(), bytes(raw));
    expect(event).toEqual({ kind: "application", type: "applicationCreated", deliveryKey: `token:${token}`, applicationId: "opp-1", candidateId: "opp-1", signedAt: triggeredAt });
    // A captured delivery replayed with other data still verifies — and carries the same (already seen) key.
    const replay = delivery({ data: { opportunityId: "someone-else" } });
    expect(leverWebhook.verify(bytes(replay), new Headers(), SECRET, NOW).ok).toBe(true);
    expect(leverWebhook.classify(JSON.parse(replay), new Headers(), bytes(replay))).toMatchObject({ deliveryKey: `token:${token}` });
  });

  it("refuses a signature over the body, a changed token or timestamp, a missing signature and stale deliveries", () => {
    const bodySigned = delivery({ signature: hmac(delivery()) });
    for (const raw of [bodySigned, delivery({ token: `${token}b` }), delivery({ triggeredAt: triggeredAt + 1 }), delivery({ signature: undefined }), delivery({ triggeredAt: String(triggeredAt) })]) {
      expect(leverWebhook.verify(bytes(raw), new Headers(), SECRET, NOW)).toMatchObject({ ok: false, problem: "signature" });
    }
    const old = NOW.getTime() - DELIVERY_RETENTION_MS - 1000;
    const stale = delivery({ triggeredAt: old, signature: hmac(token + String(old)) });
    expect(leverWebhook.verify(bytes(stale), new Headers(), SECRET, NOW)).toMatchObject({ ok: false, problem: "signature", message: expect.stringMatching(/replay window/) });
  });

  it("treats the settings page's test (empty data) as a ping and other events as ignored", () => {
    expect(leverWebhook.classify({ event: "candidateHired", data: {}, token }, new Headers(), bytes(""))).toEqual({ kind: "ping", type: "candidateHired" });
    expect(leverWebhook.classify({ event: "candidateStageChange", data: { opportunityId: "o" }, token }, new Headers(), bytes(""))).toMatchObject({ kind: "ignored" });
    expect(leverWebhook.classify({ event: "applicationCreated", data: { contactId: "c" }, token }, new Headers(), bytes(""))).toMatchObject({ kind: "malformed" });
  });
});

describe("Ashby: Ashby-Signature: sha256=<hex> over the raw body", () => {
  const raw = JSON.stringify({ webhookActionId: "wa-1", action: "applicationSubmit", data: { application: { id: "app-1", status: "Active", candidate: { id: "cand-1" }, job: { id: "job-1" } } } });

  it("verifies the body and keys the delivery on webhookActionId", () => {
    const verified = ashbyWebhook.verify(bytes(raw), new Headers({ "ashby-signature": `sha256=${hmac(raw)}` }), SECRET, NOW);
    expect(verified.ok).toBe(true);
    expect(ashbyWebhook.classify(JSON.parse(raw), new Headers(), bytes(raw))).toEqual({
      kind: "application",
      type: "applicationSubmit",
      deliveryKey: "action:wa-1",
      applicationId: "app-1",
      candidateId: "cand-1",
      atsJobId: "job-1",
    });
  });

  it("refuses the Greenhouse spelling, the third-party header name, another secret and a changed body", () => {
    const cases: [Record<string, string>, string][] = [
      [{ "ashby-signature": `sha256 ${hmac(raw)}` }, raw],
      [{ "x-ashby-signature": `sha256=${hmac(raw)}` }, raw],
      [{ "ashby-signature": `sha256=${hmac(raw, "other")}` }, raw],
      [{ "ashby-signature": `sha256=${hmac(raw)}` }, raw.replace("app-1", "app-2")],
    ];
    for (const [headers, body] of cases) expect(ashbyWebhook.verify(bytes(body), new Headers(headers), SECRET, NOW)).toMatchObject({ ok: false, problem: "signature" });
  });

  it("answers pings, ignores leads and other actions", () => {
    expect(ashbyWebhook.classify({ action: "ping", data: { webhookActionType: "ping" } }, new Headers(), bytes(""))).toEqual({ kind: "ping", type: "ping" });
    expect(ashbyWebhook.classify({ action: "applicationSubmit", data: { application: { id: "a", status: "Lead" } } }, new Headers(), bytes(""))).toMatchObject({ kind: "ignored" });
    expect(ashbyWebhook.classify({ action: "candidateStageChange", data: {} }, new Headers(), bytes(""))).toMatchObject({ kind: "ignored" });
  });
});
