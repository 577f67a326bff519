import { describe, expect, it } from "vitest";
import type { CultureSignals } from "../types.ts";
import { CULTURE_THRESHOLDS, cultureFit, cultureLabel, leadingStyles } from "./fit.ts";
import { CULTURE_STYLES, type CultureStyle } from "./styles.ts";

const signals = (counts: Partial<Record<CultureStyle, number>>): CultureSignals => {
  const full = Object.fromEntries(CULTURE_STYLES.map((s) => [s.key, counts[s.key] ?? 0])) as Record<CultureStyle, number>;
  return { counts: full, total: Object.values(full).reduce((a, b) => a + b, 0) };
};

describe("culture styles", () => {
  it("lists the eight styles in the order of the spec", () => {
    expect(CULTURE_STYLES.map((s) => s.type)).toEqual([
      "Learning Culture", "Authority Culture", "Results Culture", "Enjoyment Culture",
      "Safety Culture", "Caring Culture", "Order Culture", "Purpose Culture",
    ]);
  });

  it("places the HBR opposite pairs 180° apart", () => {
    const angle = (k: CultureStyle) => CULTURE_STYLES.find((s) => s.key === k)!.angle;
    for (const [a, b] of [["caring", "results"], ["purpose", "authority"], ["learning", "safety"], ["enjoyment", "order"]] as const) {
      expect(Math.abs(angle(a) - angle(b))).toBe(180);
    }
  });
});

describe("cultureFit", () => {
  it("scores identical profiles 1, opposite styles 0 and neighbouring styles in between", () => {
    expect(cultureFit(signals({ results: 2, caring: 1 }), signals({ results: 4, caring: 2 })).score).toBe(1);
    expect(cultureFit(signals({ learning: 3 }), signals({ safety: 3 })).score).toBe(0);
    const near = cultureFit(signals({ learning: 3 }), signals({ enjoyment: 3 })).score;
    const far = cultureFit(signals({ learning: 3 }), signals({ results: 3 })).score;
    expect(near).toBeGreaterThan(far);
    expect(near).toBeGreaterThan(0);
    expect(near).toBeLessThan(1);
  });

  it("reports insufficient evidence with score 0 when either side has no cue", () => {
    for (const [company, candidate] of [[signals({}), signals({ caring: 2 })], [signals({ caring: 2 }), signals({})], [signals({}), signals({})]]) {
      const fit = cultureFit(company!, candidate!);
      expect(fit).toMatchObject({ score: 0, label: "Insufficient Evidence" });
    }
  });

  it("charts integer profiles relative to each side's strongest style, in style order", () => {
    const fit = cultureFit(signals({ results: 4, caring: 2, order: 1 }), signals({ learning: 1 }));
    expect(fit.chart_data.map((c) => c.type)).toEqual(CULTURE_STYLES.map((s) => s.type));
    expect(fit.chart_data.map((c) => c.company)).toEqual([0, 0, 100, 0, 0, 50, 25, 0]);
    expect(fit.chart_data.map((c) => c.candidate)).toEqual([100, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("labels by the documented thresholds", () => {
    expect(cultureLabel(CULTURE_THRESHOLDS.high, true)).toBe("High Alignment");
    expect(cultureLabel(CULTURE_THRESHOLDS.high - 0.01, true)).toBe("Moderate Alignment");
    expect(cultureLabel(CULTURE_THRESHOLDS.moderate, true)).toBe("Moderate Alignment");
    expect(cultureLabel(CULTURE_THRESHOLDS.moderate - 0.01, true)).toBe("Low Alignment");
    expect(cultureLabel(0.9, false)).toBe("Insufficient Evidence");
  });

  it("names up to three leading styles, strongest first", () => {
    expect(leadingStyles(signals({ results: 4, caring: 2, order: 1 }))).toEqual(["Results Culture", "Caring Culture"]);
    expect(leadingStyles(signals({ results: 1, caring: 1, order: 1, safety: 1 }))).toEqual([
      "Results Culture", "Safety Culture", "Caring Culture",
    ]);
    expect(leadingStyles(signals({}))).toEqual([]);
  });
});
