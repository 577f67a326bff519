import { describe, expect, it } from "vitest";
import { computeBiasAudit, median, type AuditRow, type CategoryResult, type DimensionResult } from "./bias-audit.ts";

let seq = 0;
const row = (score: number | null, sex?: string, raceEthnicity?: string): AuditRow => ({
  matchId: `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`,
  score,
  ...(sex !== undefined ? { sex } : {}),
  ...(raceEthnicity !== undefined ? { raceEthnicity } : {}),
});

const find = (d: DimensionResult, category: string): CategoryResult => {
  const c = d.categories.find((x) => x.category === category);
  if (!c) throw new Error(`no category ${category} in ${d.categories.map((x) => x.category).join(", ")}`);
  return c;
};

describe("median", () => {
  it("takes the middle value of an odd list and the mean of the two middle values of an even one", () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25); // (20 + 30) / 2
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow(RangeError);
  });
});

describe("computeBiasAudit", () => {
  // Nine screened individuals, scores 90…10. Sorted: 10 20 30 40 50 60 70 80 90 → median 50 (the 5th value).
  // Scoring (strictly above 50): 90, 80, 70, 60.
  const nine = [
    row(90, "Male", "White"),
    row(80, "M", "Asian"),
    row(70, "female", "white"),
    row(60, " MALE ", "Caucasian"),
    row(50, "Female", "Asian"), // at the median: not scoring
    row(40, "F", "White"),
    row(30, "Man", "Decline to answer"),
    row(20, "Woman", "asian"),
    row(10, "", "White"),
  ];
  const audit = computeBiasAudit(nine);

  it("computes the median over the whole sample, unknown categories included", () => {
    expect(audit.sampleSize).toBe(9);
    expect(audit.medianScore).toBe(50);
    expect(audit.scoringCount).toBe(4);
  });

  it("gives sex scoring rates and impact ratios", () => {
    // Male: 90, 80, 60, 30 → 4, scoring 3 (90, 80, 60) → rate 3/4. Female: 70, 50, 40, 20 → 4, scoring 1 → 1/4.
    // Highest rate 3/4 (Male). Impact ratios: Male 1, Female (1/4) / (3/4) = 1/3. Missing: the blank (score 10).
    expect(audit.sex.categories.map((c) => c.category)).toEqual(["Male", "Female"]);
    expect(find(audit.sex, "Male")).toEqual({
      category: "Male",
      count: 4,
      share: 4 / 9,
      scoringCount: 3,
      scoringRate: 0.75,
      impactRatio: 1,
      flags: ["highest_rate"],
    });
    expect(find(audit.sex, "Female")).toMatchObject({ count: 4, scoringCount: 1, scoringRate: 0.25, flags: [] });
    expect(find(audit.sex, "Female").impactRatio).toBeCloseTo(1 / 3, 12);
    expect(audit.sex.missing).toBe(1);
    expect(audit.sex.highestScoringRate).toBe(0.75);
    expect(audit.sex.impactRatioStatus).toBe("computed");
  });

  it("gives race/ethnicity rates, lists every LL144 category, and counts declined answers as missing", () => {
    // White: 90, 70, 60, 40, 10 → 5, scoring 3 → 3/5. Asian: 80, 50, 20 → 3, scoring 1 → 1/3.
    // Highest 3/5 (White); Asian (1/3) / (3/5) = 5/9. Missing: "Decline to answer" (score 30).
    expect(audit.raceEthnicity.categories.map((c) => c.category)).toEqual([
      "Hispanic or Latino",
      "White",
      "Black or African American",
      "Native Hawaiian or Pacific Islander",
      "Asian",
      "Native American or Alaska Native",
      "Two or More Races",
    ]);
    expect(find(audit.raceEthnicity, "White")).toMatchObject({ count: 5, scoringCount: 3, scoringRate: 0.6, impactRatio: 1 });
    const asian = find(audit.raceEthnicity, "Asian");
    expect(asian).toMatchObject({ count: 3, share: 3 / 9, scoringCount: 1 });
    expect(asian.scoringRate).toBeCloseTo(1 / 3, 12);
    expect(asian.impactRatio).toBeCloseTo(5 / 9, 12);
    expect(audit.raceEthnicity.missing).toBe(1);
    // An empty category is reported, flagged, and has no rate.
    expect(find(audit.raceEthnicity, "Hispanic or Latino")).toEqual({
      category: "Hispanic or Latino",
      count: 0,
      share: 0,
      scoringCount: 0,
      scoringRate: null,
      impactRatio: null,
      flags: ["under_2_percent", "excluded"],
    });
  });

  it("gives intersections, missing when either answer is", () => {
    // Male × White: 90, 60 → 2, both scoring → 1. Male × Asian: 80 → 1 of 1 → 1. Female × White: 70, 40 → 1 of 2
    // → 1/2. Female × Asian: 50, 20 → 0 of 2 → 0. Highest 1 (two categories share it). Missing: score 30 (race
    // declined) and score 10 (sex blank) → 2.
    const x = audit.intersectional;
    expect(x.categories).toHaveLength(14); // 2 sexes × 7 races
    expect(x.categories.slice(0, 2).map((c) => c.category)).toEqual(["Male × Hispanic or Latino", "Male × White"]);
    expect(find(x, "Male × White")).toMatchObject({ sex: "Male", raceEthnicity: "White", count: 2, scoringRate: 1, impactRatio: 1, flags: ["highest_rate"] });
    expect(find(x, "Male × Asian")).toMatchObject({ count: 1, share: 1 / 9, scoringRate: 1, impactRatio: 1, flags: ["highest_rate"] });
    expect(find(x, "Female × White")).toMatchObject({ count: 2, scoringRate: 0.5, impactRatio: 0.5, flags: [] });
    expect(find(x, "Female × Asian")).toMatchObject({ count: 2, scoringCount: 0, scoringRate: 0, impactRatio: 0 });
    expect(x.missing).toBe(2);
    expect(x.categories.reduce((n, c) => n + c.count, 0) + x.missing).toBe(9);
  });

  it("does not count ties at the median as scoring, with an even sample (median between two values)", () => {
    // Sorted 40 50 50 60 → median (50 + 50) / 2 = 50; only 60 is above it.
    const a = computeBiasAudit([row(50, "Female"), row(60, "Male"), row(40, "Male"), row(50, "Male")]);
    expect(a.medianScore).toBe(50);
    expect(a.scoringCount).toBe(1);
    // Male: 60, 40, 50 → 1 of 3. Female: 50 → 0 of 1. Impact ratio Female 0 / (1/3) = 0.
    expect(find(a.sex, "Male").scoringRate).toBeCloseTo(1 / 3, 12);
    expect(find(a.sex, "Female")).toMatchObject({ scoringRate: 0, impactRatio: 0 });
    // Sorted 10 20 30 40 → median 25: 30 and 40 score.
    const b = computeBiasAudit([row(10, "F"), row(40, "F"), row(20, "M"), row(30, "M")]);
    expect(b.medianScore).toBe(25);
    expect(find(b.sex, "Female")).toMatchObject({ scoringCount: 1, scoringRate: 0.5, impactRatio: 1 });
    expect(find(b.sex, "Male")).toMatchObject({ scoringCount: 1, scoringRate: 0.5, impactRatio: 1 });
  });

  it("reports impact ratios as null, with a status, when nobody scores above the median (all scores equal)", () => {
    // Median 70; nobody is strictly above it: every rate is 0, and 0 / 0 has no value.
    const a = computeBiasAudit([row(70, "M", "White"), row(70, "F", "Asian"), row(70, "F", "White")]);
    expect(a.medianScore).toBe(70);
    expect(a.scoringCount).toBe(0);
    for (const d of [a.sex, a.raceEthnicity, a.intersectional]) {
      expect(d.impactRatioStatus).toBe("no_scoring_individuals");
      expect(d.highestScoringRate).toBeNull();
      expect(d.categories.every((c) => c.impactRatio === null && !c.flags.includes("highest_rate"))).toBe(true);
    }
    expect(find(a.sex, "Female")).toMatchObject({ count: 2, scoringRate: 0 });
  });

  it("handles a sample of one category only", () => {
    // Female: 10 20 30 → median 20, scoring 30 → 1/3, the highest rate, so ratio 1. Male is empty.
    const a = computeBiasAudit([row(10, "Female"), row(20, "Female"), row(30, "Female")]);
    expect(find(a.sex, "Female")).toMatchObject({ count: 3, share: 1, scoringCount: 1, impactRatio: 1, flags: ["highest_rate"] });
    expect(find(a.sex, "Male")).toMatchObject({ count: 0, scoringRate: null, impactRatio: null, flags: ["under_2_percent", "excluded"] });
    expect(a.raceEthnicity.missing).toBe(3);
    expect(a.raceEthnicity.impactRatioStatus).toBe("no_eligible_category");
    expect(a.intersectional.missing).toBe(3);
  });

  describe("categories under 2 % of the sample", () => {
    // 100 people: 50 White at 10, 49 White at 90, 1 Native American at 90. Median (10 + 90) / 2 = 50.
    // White: 49 of 99 above it; Native American: 1 of 1, share 1/100 = 1 % < 2 %.
    const hundred = [
      ...Array.from({ length: 50 }, () => row(10, undefined, "White")),
      ...Array.from({ length: 49 }, () => row(90, undefined, "White")),
      row(90, undefined, "American Indian or Alaska Native"),
    ];

    it("are flagged and left out of impact ratios by default, so the reference is the highest eligible rate", () => {
      const a = computeBiasAudit(hundred);
      expect(a.medianScore).toBe(50);
      const small = find(a.raceEthnicity, "Native American or Alaska Native");
      expect(small).toMatchObject({ count: 1, share: 0.01, scoringCount: 1, scoringRate: 1, impactRatio: null, flags: ["under_2_percent", "excluded"] });
      expect(find(a.raceEthnicity, "White")).toMatchObject({ count: 99, scoringCount: 49, impactRatio: 1, flags: ["highest_rate"] });
      expect(a.raceEthnicity.highestScoringRate).toBeCloseTo(49 / 99, 12);
    });

    it("can be kept in (the auditor's choice): then the small category sets the reference", () => {
      const a = computeBiasAudit(hundred, { excludeSmallCategories: false });
      expect(find(a.raceEthnicity, "Native American or Alaska Native")).toMatchObject({ impactRatio: 1, flags: ["under_2_percent", "highest_rate"] });
      // White: (49/99) / 1.
      expect(find(a.raceEthnicity, "White").impactRatio).toBeCloseTo(49 / 99, 12);
    });

    it("start strictly below 2 %: exactly 2 % is compared", () => {
      const a = computeBiasAudit([...hundred.slice(1), row(10, undefined, "AIAN")]);
      // One White at 10 swapped for a Native American at 10: median still 50. Native American 2 of 100 → share 0.02,
      // 1 of 2 scoring → 1/2; White 49 of 98 → 1/2. Both are compared and share the highest rate.
      expect(find(a.raceEthnicity, "Native American or Alaska Native")).toMatchObject({ count: 2, share: 0.02, scoringRate: 0.5, impactRatio: 1, flags: ["highest_rate"] });
      expect(find(a.raceEthnicity, "White")).toMatchObject({ count: 98, scoringRate: 0.5, impactRatio: 1 });
    });
  });

  it("recognises spellings and abbreviations, and keeps other self-identified answers as their own categories", () => {
    const labels = [
      ["Hispanic/Latino", "Hispanic or Latino"],
      ["latina", "Hispanic or Latino"],
      ["African-American", "Black or African American"],
      ["BLACK", "Black or African American"],
      ["NHPI", "Native Hawaiian or Pacific Islander"],
      ["Native Hawaiian or Other Pacific Islander", "Native Hawaiian or Pacific Islander"],
      ["AIAN", "Native American or Alaska Native"],
      ["American Indian / Alaskan Native", "Native American or Alaska Native"],
      ["2+ races", "Two or More Races"],
      ["two  or more races", "Two or More Races"],
      ["Multiracial", "Two or More Races"],
      ["asian", "Asian"],
    ] as const;
    const a = computeBiasAudit([
      ...labels.map(([label]) => row(50, "Non-binary", label)),
      row(50, "non binary", "Middle Eastern"),
      row(50, "Agender", "Prefer not to say"),
      row(50, "Decline to answer", "N/A"),
    ]);
    for (const [, category] of labels) expect(find(a.raceEthnicity, category).flags).not.toContain("nonstandard");
    expect(find(a.raceEthnicity, "Two or More Races").count).toBe(3);
    expect(find(a.raceEthnicity, "Middle Eastern")).toMatchObject({ count: 1, flags: expect.arrayContaining(["nonstandard"]) });
    expect(a.raceEthnicity.missing).toBe(2);
    // The commonest spelling names the group; standard categories first, then the others alphabetically.
    expect(a.sex.categories.map((c) => [c.category, c.count])).toEqual([
      ["Male", 0],
      ["Female", 0],
      ["Agender", 1],
      ["Non-binary", 13],
    ]);
    expect(a.sex.missing).toBe(1);
    expect(find(a.intersectional, "Non-binary × Middle Eastern")).toMatchObject({ count: 1, flags: expect.arrayContaining(["nonstandard"]) });
  });

  it("counts uploaded individuals without a screening in the period apart, and keeps them out of the sample", () => {
    const ids = [row(null, "F", "Asian"), row(null, "M")];
    const a = computeBiasAudit([row(80, "F"), ...ids, row(20, "M")]);
    // Sample: 80 and 20 → median 50; Female 1 of 1, Male 0 of 1.
    expect(a.sampleSize).toBe(2);
    expect(a.medianScore).toBe(50);
    expect(a.unscreened).toBe(2);
    expect(a.unscreenedMatchIds).toEqual(ids.map((r) => r.matchId).sort());
    expect(find(a.sex, "Female")).toMatchObject({ count: 1, share: 0.5, scoringRate: 1 });
  });

  it("reports an empty sample without dividing by zero", () => {
    const a = computeBiasAudit([row(null, "F")]);
    expect(a).toMatchObject({ sampleSize: 0, medianScore: null, scoringCount: 0, unscreened: 1 });
    expect(find(a.sex, "Female")).toMatchObject({ count: 0, share: null, scoringRate: null, impactRatio: null });
    expect(a.sex.impactRatioStatus).toBe("no_eligible_category");
  });

  it("is independent of the order of the rows", () => {
    const shuffled = [nine[4]!, nine[8]!, nine[0]!, nine[6]!, nine[2]!, nine[7]!, nine[1]!, nine[5]!, nine[3]!];
    expect(computeBiasAudit(shuffled)).toEqual(audit);
  });

  it("refuses a match id given twice, and scores that are not numbers", () => {
    const r = row(10, "F");
    expect(() => computeBiasAudit([r, { ...r, score: 20 }])).toThrow(/more than once/);
    expect(() => computeBiasAudit([row(Number.NaN, "F")])).toThrow(/not a number/);
  });
});
