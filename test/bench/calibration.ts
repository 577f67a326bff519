/** Fitting and checking the normalizer's confidence calibration on labelled titles. */
import type { CalibrationFeatures, CalibrationModel } from "@winnow/core/catalogue/normalizer/calibration";
import { calibrate } from "@winnow/core/catalogue/normalizer/calibration";

export interface Outcome extends CalibrationFeatures {
  correct: boolean;
}

const features = (o: CalibrationFeatures): number[] => [1, o.score, o.margin, o.exact === 1 ? 1 : 0, o.exact === 2 ? 1 : 0];

/** Maximum-likelihood logistic regression (Newton's method, a touch of L2 for stability). */
export function fitCalibration(outcomes: readonly Outcome[], l2 = 1e-3): CalibrationModel {
  const k = 5;
  let w = new Array<number>(k).fill(0);
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Array<number>(k).fill(0);
    const hess = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    for (const o of outcomes) {
      const x = features(o);
      const p = 1 / (1 + Math.exp(-x.reduce((s, xi, i) => s + xi * w[i]!, 0)));
      const y = o.correct ? 1 : 0;
      for (let i = 0; i < k; i++) {
        grad[i]! += (p - y) * x[i]!;
        for (let j = 0; j < k; j++) hess[i]![j]! += p * (1 - p) * x[i]! * x[j]!;
      }
    }
    for (let i = 0; i < k; i++) {
      grad[i]! += l2 * w[i]!;
      hess[i]![i]! += l2;
    }
    const step = solve(hess, grad);
    w = w.map((wi, i) => wi - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { bias: round(w[0]!), score: round(w[1]!), margin: round(w[2]!), exactAlias: round(w[3]!), exactName: round(w[4]!) };
}

/** Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let j = c; j <= n; j++) m[r]![j]! -= f * m[c]![j]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let j = r + 1; j < n; j++) s -= m[r]![j]! * x[j]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

export interface Reliability {
  bins: { from: number; to: number; n: number; confidence: number; accuracy: number }[];
  /** Expected calibration error: mean |confidence − accuracy| over bins, weighted by size. */
  ece: number;
  brier: number;
  /** Share of answers at or above the threshold, and how often they are right. */
  confident: { share: number; accuracy: number };
  weak: { accuracy: number };
}

export function reliability(outcomes: readonly Outcome[], model: CalibrationModel | undefined, threshold: number): Reliability {
  const scored = outcomes.map((o) => ({ p: model ? calibrate(o, model) : calibrate(o), y: o.correct ? 1 : 0 }));
  const bins = Array.from({ length: 10 }, (_, i) => ({ from: i / 10, to: (i + 1) / 10, n: 0, confidence: 0, accuracy: 0 }));
  let brier = 0;
  for (const { p, y } of scored) {
    const bin = bins[Math.min(9, Math.floor(p * 10))]!;
    bin.n++;
    bin.confidence += p;
    bin.accuracy += y;
    brier += (p - y) ** 2;
  }
  let ece = 0;
  for (const b of bins) {
    if (!b.n) continue;
    b.confidence /= b.n;
    b.accuracy /= b.n;
    ece += (b.n / scored.length) * Math.abs(b.confidence - b.accuracy);
  }
  const high = scored.filter((s) => s.p >= threshold);
  const low = scored.filter((s) => s.p < threshold);
  const acc = (xs: typeof scored) => (xs.length ? xs.reduce((s, x) => s + x.y, 0) / xs.length : 0);
  return {
    bins: bins.filter((b) => b.n),
    ece,
    brier: brier / scored.length,
    confident: { share: high.length / scored.length, accuracy: acc(high) },
    weak: { accuracy: acc(low) },
  };
}
