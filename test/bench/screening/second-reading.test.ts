import { describe, expect, it } from "vitest";
import type { LabelledJob } from "./dataset.ts";
import { agreement, secondReadingQuality, type SecondReading } from "./second-reading.ts";

const job = (grades: number[], others = 0): LabelledJob => ({
  id: "j",
  title: "J",
  file: "jobs/j.txt",
  root: new URL("file:///nowhere/"),
  half: "A",
  candidates: [
    ...grades.map((grade, i) => ({ id: `own-${i}`, file: "", format: "text" as const, grade, own: true })),
    ...Array.from({ length: others }, (_, i) => ({ id: `other-${i}`, file: "", format: "text" as const, grade: 0, own: false })),
  ],
});

const reading = (grades: number[]): SecondReading => ({
  ranking: grades.map((g, i) => [g, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]).map(([, i]) => `own-${i}`),
  grades: Object.fromEntries(grades.map((g, i) => [`own-${i}`, g])),
});

describe("second reading", () => {
  it("agrees perfectly with itself", () => {
    const j = job([0, 1, 2, 3, 3, 1]);
    const a = agreement([j], new Map([["j", reading([0, 1, 2, 3, 3, 1])]]));
    expect(a).toEqual({ exact: 1, withinOne: 1, quadraticKappa: 1 });
    expect(secondReadingQuality(j, reading([0, 1, 2, 3, 3, 1])).ndcg10).toBe(1);
  });

  it("weighs a disagreement by the square of its distance (hand-computed κ)", () => {
    // Pairs (0,0), (1,1), (2,3), (3,2): observed weighted disagreement 2/36, expected 40/144 → κ = 1 − 0.2.
    const a = agreement([job([0, 1, 2, 3])], new Map([["j", reading([0, 1, 3, 2])]]));
    expect(a.exact).toBe(0.5);
    expect(a.withinOne).toBe(1);
    expect(a.quadraticKappa).toBeCloseTo(0.8, 10);
  });

  it("ranks the other professions' candidates after its own order", () => {
    const j = job([3, 0, 0], 2);
    const q = secondReadingQuality(j, reading([0, 3, 3]));
    // The reader puts own-1 and own-2 (graded 0) first: the grade-3 candidate lands third, before the two others.
    expect(q.ndcg10).toBeCloseTo(1 / Math.log2(4), 10);
    expect(q.p5).toBeCloseTo(0.2, 10);
  });
});
