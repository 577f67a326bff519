import { describe, expect, it } from "vitest";
import type { DecisionScore } from "@winnow/storage";
import type { DemographicsRecord } from "@winnow/storage/repos/demographics";
import { AuditAccountNotFoundError, auditPeriod, biasAuditReport, biasAuditToJson, uploadDemographics, type AuditDeps } from "./bias-audit.ts";

const NOW = new Date("2026-07-01T10:00:00.000Z");
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** In-memory stand-ins: an account, decision records (id, time, score) and stored answers. */
function fakeDeps(decisions: [number, string, number][], answers: [number, string?, string?][]) {
  const stored: DemographicsRecord[] = answers.map(([n, sex, raceEthnicity]) => ({
    accountId: "acc",
    matchId: id(n),
    ...(sex ? { sex } : {}),
    ...(raceEthnicity ? { raceEthnicity } : {}),
    uploadedAt: "2026-06-30T00:00:00.000Z",
    expiresAt: 0,
  }));
  const records = new Map(decisions.map(([n, createdAt, matchScore]) => [id(n), { matchId: id(n), createdAt, matchScore, engineVersion: "e1" } satisfies DecisionScore]));
  const deps: AuditDeps = {
    accounts: {
      get: async (a) => (a === "acc" ? { name: "Acme" } : undefined),
      retentionDays: async (a) => (a === "acc" ? 30 : undefined),
    },
    decisions: { scores: async (_a, ids) => new Map(ids.flatMap((i) => (records.has(i) ? [[i, records.get(i)!] as const] : []))) },
    demographics: {
      listByAccount: async () => stored,
      putMany: async (_a, rows, options) => {
        stored.push(...rows.map((r) => ({ ...r, accountId: "acc", uploadedAt: NOW.toISOString(), expiresAt: options?.retentionDays ?? -1 })));
        return rows.length;
      },
    },
    now: () => NOW,
  };
  return { deps, stored };
}

describe("auditPeriod", () => {
  it("takes whole UTC days for bare dates, at both ends", () => {
    expect(auditPeriod({ from: "2026-01-01", to: "2026-01-31" }, NOW)).toEqual({ from: "2026-01-01T00:00:00.000Z", to: "2026-01-31T23:59:59.999Z" });
  });

  it("takes instants with a zone as given, and defaults to the 365 days up to now", () => {
    expect(auditPeriod({ from: "2026-01-01T09:00:00+02:00" }, NOW)).toEqual({ from: "2026-01-01T07:00:00.000Z", to: NOW.toISOString() });
    // 365 days of 86,400,000 ms before now, the first millisecond excluded so that the span is exactly 365 days.
    expect(auditPeriod({}, NOW)).toEqual({ from: "2025-07-01T10:00:00.001Z", to: "2026-07-01T10:00:00.000Z" });
  });

  it("refuses unreadable bounds, impossible dates, zone-less times and a reversed range", () => {
    expect(() => auditPeriod({ from: "last year" }, NOW)).toThrow(/from must be a date/);
    expect(() => auditPeriod({ to: "2026-02-30" }, NOW)).toThrow(/to must be a date/);
    expect(() => auditPeriod({ from: "2026-01-01T00:00:00" }, NOW)).toThrow(RangeError);
    expect(() => auditPeriod({ from: "2026-02-01", to: "2026-01-31" }, NOW)).toThrow(/after/);
  });
});

describe("biasAuditReport", () => {
  it("samples uploads whose decision record falls in the period, bounds included", async () => {
    // Period 2026-03-01 … 2026-03-31 (whole days). In: #1 at the first instant (score 80), #2 at the last (60),
    // #3 mid-month (20). Out: #4 a millisecond before (90), #5 the next day (90); #6 never screened.
    // Sample 80 60 20 → median 60; only 80 is above. Female #1 #3 → 1 of 2; Male #2 → 0 of 1.
    const { deps } = fakeDeps(
      [
        [1, "2026-03-01T00:00:00.000Z", 80],
        [2, "2026-03-31T23:59:59.999Z", 60],
        [3, "2026-03-15T12:00:00.000Z", 20],
        [4, "2026-02-28T23:59:59.999Z", 90],
        [5, "2026-04-01T00:00:00.000Z", 90],
      ],
      [[1, "F", "Asian"], [2, "M", "Asian"], [3, "F"], [4, "M"], [5, "M"], [6, "F"]],
    );
    const report = await biasAuditReport(deps, "acc", { from: "2026-03-01", to: "2026-03-31" });
    expect(report).toMatchObject({ accountName: "Acme", sampleSize: 3, medianScore: 60, scoringCount: 1, unscreened: 3, unscreenedMatchIds: [id(4), id(5), id(6)] });
    expect(report.source).toEqual({ demographicsRows: 6, lastUploadedAt: "2026-06-30T00:00:00.000Z", engineVersions: ["e1"] });
    expect(report.sex.categories.map((c) => [c.category, c.count, c.scoringCount, c.impactRatio])).toEqual([
      ["Male", 1, 0, 0],
      ["Female", 2, 1, 1],
    ]);
    // Asian #1 #2 → 1 of 2; #3 has no race/ethnicity.
    expect(report.raceEthnicity.missing).toBe(1);
    const json = biasAuditToJson(report);
    expect(json.sex.categories[1]).toEqual({ category: "Female", count: 2, share: 2 / 3, scoring_count: 1, scoring_rate: 0.5, impact_ratio: 1, flags: ["highest_rate"] });
    expect(json.unscreened.count).toBe(3);
  });

  it("fails for an unknown account", async () => {
    const { deps } = fakeDeps([], []);
    await expect(biasAuditReport(deps, "nobody")).rejects.toBeInstanceOf(AuditAccountNotFoundError);
  });
});

describe("uploadDemographics", () => {
  it("stores the valid rows with the account's retention and returns the rejected ones", async () => {
    const { deps, stored } = fakeDeps([], []);
    const outcome = await uploadDemographics(deps, "acc", `match_id,sex,race_ethnicity\n${id(1)},F,Asian\nbad,M,White\n`);
    expect(outcome).toEqual({ stored: 1, rejected: [{ line: 3, reason: expect.stringMatching(/not a match id/) }], ignoredColumns: [] });
    expect(stored).toEqual([expect.objectContaining({ matchId: id(1), sex: "F", raceEthnicity: "Asian", expiresAt: 30 })]);
  });

  it("fails as a whole when no row is valid, naming the lines", async () => {
    const { deps, stored } = fakeDeps([], []);
    await expect(uploadDemographics(deps, "acc", "match_id,sex,race_ethnicity\nbad,M,White\n")).rejects.toMatchObject({ problem: "no_valid_rows", message: expect.stringMatching(/line 2/) });
    await expect(uploadDemographics(deps, "nobody", "match_id,sex,race_ethnicity\n")).rejects.toBeInstanceOf(AuditAccountNotFoundError);
    expect(stored).toEqual([]);
  });
});
