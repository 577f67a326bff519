import { describe, expect, it } from "vitest";
import type { DecisionRecord } from "@winnow/storage";
import { allDecisions, decisionToJson, parseRangeBound } from "./decision-json.ts";

describe("parseRangeBound", () => {
  it("reads a date as UTC midnight, and a `to` date as the end of that day", () => {
    expect(parseRangeBound("2026-01-31", "from")).toBe("2026-01-31T00:00:00.000Z");
    expect(parseRangeBound("2026-01-31", "to")).toBe("2026-02-01T00:00:00.000Z");
    expect(parseRangeBound("2026-12-31", "to")).toBe("2027-01-01T00:00:00.000Z");
  });

  it("reads date-times with an offset as the instant they name", () => {
    expect(parseRangeBound("2026-01-31T10:00:00+02:00", "from")).toBe("2026-01-31T08:00:00.000Z");
    expect(parseRangeBound("2026-01-31T10:00Z", "to")).toBe("2026-01-31T10:00:00.000Z");
    expect(parseRangeBound(" 2026-01-31T10:00:00.123Z ", "to")).toBe("2026-01-31T10:00:00.123Z");
  });

  it("refuses impossible dates, date-times without an offset and anything else", () => {
    for (const raw of ["2026-02-30", "2026-13-01", "2026-01-31T10:00:00", "yesterday", "", "1700000000", "2026-1-5"]) {
      expect(parseRangeBound(raw, "from"), raw).toBeUndefined();
    }
  });
});

const record = (matchId: string, createdAt: string): DecisionRecord => ({
  matchId,
  accountId: "acc",
  createdAt,
  matchScore: 71.5,
  jobPostId: "post",
  source: { kind: "ats", connectionId: "conn", provider: "lever", atsApplicationId: "opp-1" },
  inputs: { jobDescriptionSha256: "a".repeat(64), resumeSha256: "b".repeat(64) },
  engineVersion: "9.9.9",
  catalogueVersion: "cat-1",
  summary: { strengths: ["x"] },
  full: { match_score: 71.5 },
  advisory: "advisory",
  expiresAt: Date.parse("2027-01-01T00:00:00Z") / 1000,
});

describe("decisionToJson", () => {
  it("renames to snake_case, fills absent ATS ids with null and shows the expiry as an instant", () => {
    expect(decisionToJson(record("m1", "2026-01-01T00:00:00.000Z"))).toEqual({
      match_id: "m1",
      account_id: "acc",
      created_at: "2026-01-01T00:00:00.000Z",
      match_score: 71.5,
      job_post_id: "post",
      source: { kind: "ats", connection_id: "conn", provider: "lever", ats_candidate_id: null, ats_application_id: "opp-1", ats_job_id: null },
      inputs: { job_description_sha256: "a".repeat(64), resume_sha256: "b".repeat(64) },
      engine_version: "9.9.9",
      catalogue_version: "cat-1",
      summary: { strengths: ["x"] },
      full: { match_score: 71.5 },
      advisory: "advisory",
      expires_at: "2027-01-01T00:00:00.000Z",
    });
  });
});

describe("allDecisions", () => {
  it("follows cursors until the listing ends, passing the range on every page", async () => {
    const items = Array.from({ length: 5 }, (_, i) => record(`m${i}`, `2026-01-0${i + 1}T00:00:00.000Z`));
    const calls: unknown[] = [];
    const fake = {
      async list(_account: string, opts: { from?: string; to?: string; limit: number; cursor?: string }) {
        calls.push(opts);
        const start = opts.cursor ? Number(opts.cursor) : 0;
        const page = items.slice(start, start + opts.limit);
        return start + opts.limit < items.length ? { items: page, cursor: String(start + opts.limit) } : { items: page };
      },
    };
    const seen: string[] = [];
    for await (const r of allDecisions(fake, "acc", { from: "2026-01-01T00:00:00.000Z" }, 2)) seen.push(r.matchId);
    expect(seen).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(calls).toEqual([
      { from: "2026-01-01T00:00:00.000Z", limit: 2 },
      { from: "2026-01-01T00:00:00.000Z", limit: 2, cursor: "2" },
      { from: "2026-01-01T00:00:00.000Z", limit: 2, cursor: "4" },
    ]);
  });
});
