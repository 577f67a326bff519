import { describe, expect, it } from "vitest";
import { UpstreamError, parseWait } from "./upstream.ts";

describe("parseWait", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");
  it("reads delta seconds, epoch seconds and HTTP dates as milliseconds from now", () => {
    expect(parseWait("3", now)).toBe(3000);
    expect(parseWait(" 0.5 ", now)).toBe(500);
    expect(parseWait(String(now / 1000 + 10), now)).toBe(10_000);
    expect(parseWait("Mon, 01 Jun 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(parseWait("Sun, 31 May 2026 00:00:00 GMT", now)).toBe(0);
  });

  it("answers undefined for anything else", () => {
    expect(parseWait("soon", now)).toBeUndefined();
    expect(parseWait("", now)).toBeUndefined();
    expect(parseWait(null, now)).toBeUndefined();
  });
});

describe("UpstreamError", () => {
  it("carries the status and the retry advice; subclasses name themselves", () => {
    class ProviderError extends UpstreamError {
      override readonly name = "ProviderError";
    }
    const err = new ProviderError("rate limited", { status: 429, retryable: true, retryAfterMs: 2000 });
    expect([err.name, err.status, err.retryable, err.retryAfterMs]).toEqual(["ProviderError", 429, true, 2000]);
    expect(err).toBeInstanceOf(UpstreamError);
  });
});
