import { describe, expect, it } from "vitest";
import { syncTimeLimitMs } from "./taxonomy-sync.ts";

describe("syncTimeLimitMs", () => {
  it("keeps back the margin infra/ sets for the sync function", () => {
    expect(syncTimeLimitMs(900_000, { WINNOW_TAXONOMY_SYNC_STOP_MARGIN_SECONDS: "90" })).toBe(810_000);
    expect(syncTimeLimitMs(900_000, { WINNOW_TAXONOMY_SYNC_STOP_MARGIN_SECONDS: "30" })).toBe(870_000);
  });

  it("keeps back a minute when the margin is unset or not a positive number", () => {
    for (const margin of [undefined, "", "0", "-5", "soon"]) {
      expect(syncTimeLimitMs(900_000, margin === undefined ? {} : { WINNOW_TAXONOMY_SYNC_STOP_MARGIN_SECONDS: margin })).toBe(840_000);
    }
  });

  it("still gives a run a second when less than the margin remains", () => {
    expect(syncTimeLimitMs(30_000, {})).toBe(1000);
  });
});
