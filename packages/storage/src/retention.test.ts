import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS, expiresAtFor, isExpired } from "./retention.ts";

describe("expiresAtFor", () => {
  const from = new Date("2026-02-27T13:45:30.900Z");

  it("adds whole days to the write time, in epoch seconds", () => {
    expect(expiresAtFor(1, from)).toBe(Date.parse("2026-02-28T13:45:30Z") / 1000);
    expect(expiresAtFor(DEFAULT_RETENTION_DAYS, from)).toBe(Date.parse("2027-02-27T13:45:30Z") / 1000);
    expect(expiresAtFor(3650, from)).toBe(Math.floor(from.getTime() / 1000) + 3650 * 86400);
  });

  it("refuses retentions outside 1–3650 days or not whole", () => {
    for (const days of [0, -1, 3651, 1.5, Number.NaN]) expect(() => expiresAtFor(days, from), String(days)).toThrow(RangeError);
  });
});

describe("isExpired", () => {
  const now = new Date("2026-01-01T00:00:00.000Z");
  const epoch = now.getTime() / 1000;

  it("treats an item as gone from its expiresAt on, and items without one as kept", () => {
    expect(isExpired({ expiresAt: epoch - 1 }, now)).toBe(true);
    expect(isExpired({ expiresAt: epoch }, now)).toBe(true);
    expect(isExpired({ expiresAt: epoch + 1 }, now)).toBe(false);
    expect(isExpired({}, now)).toBe(false);
    expect(isExpired({ expiresAt: String(epoch - 1) }, now)).toBe(false);
  });
});
