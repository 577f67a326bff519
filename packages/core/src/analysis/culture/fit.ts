import type { CultureFit, CultureLabel, CultureSignals } from "../types.ts";
import { CULTURE_STYLES } from "./styles.ts";

/** Label thresholds on the fit score (both sides must show at least one cue, else "Insufficient Evidence"). */
export const CULTURE_THRESHOLDS = { high: 0.75, moderate: 0.5 } as const;
/** Share of a style's weight spread onto each neighbouring style before comparing. */
export const NEIGHBOUR_SHARE = 0.5;

const ANGLE_STEP = 45;
const neighbours: number[][] = CULTURE_STYLES.map((a) =>
  CULTURE_STYLES.flatMap((b, j) => {
    const diff = Math.abs(a.angle - b.angle) % 360;
    return Math.min(diff, 360 - diff) === ANGLE_STEP ? [j] : [];
  }),
);

const vector = (signals: CultureSignals): number[] => CULTURE_STYLES.map((s) => signals.counts[s.key]);

/**
 * Adjacent styles coexist easily (HBR 2018), so each style lends half its weight to its two neighbours on the
 * circle before comparing: a Learning company and an Enjoyment candidate are close, a Learning company and a Safety
 * candidate (opposites) share nothing.
 */
const blur = (v: number[]): number[] =>
  v.map((x, i) => x + NEIGHBOUR_SHARE * neighbours[i]!.reduce((sum, j) => sum + v[j]!, 0));

const cosine = (a: number[], b: number[]): number => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((x, i) => {
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  });
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
};

/** Chart values: each style relative to the side's strongest style (strongest = 100). */
const profile = (v: number[]): number[] => {
  const max = Math.max(0, ...v);
  return v.map((x) => (max ? Math.round((100 * x) / max) : 0));
};

export function cultureLabel(score: number, evidence: boolean): CultureLabel {
  if (!evidence) return "Insufficient Evidence";
  if (score >= CULTURE_THRESHOLDS.high) return "High Alignment";
  if (score >= CULTURE_THRESHOLDS.moderate) return "Moderate Alignment";
  return "Low Alignment";
}

export function cultureFit(company: CultureSignals, candidate: CultureSignals): CultureFit {
  const c = vector(company);
  const k = vector(candidate);
  const evidence = company.total > 0 && candidate.total > 0;
  const score = evidence ? Math.round(Math.min(1, Math.max(0, cosine(blur(c), blur(k)))) * 10_000) / 10_000 : 0;
  const cp = profile(c);
  const kp = profile(k);
  return {
    score,
    label: cultureLabel(score, evidence),
    chart_data: CULTURE_STYLES.map((s, i) => ({ type: s.type, company: cp[i]!, candidate: kp[i]! })),
  };
}

/** Up to three styles of a side at or above `share` of its strongest style, strongest first (ties in chart order). */
export function leadingStyles(signals: CultureSignals, share = 0.5, limit = 3): string[] {
  const v = vector(signals);
  const max = Math.max(0, ...v);
  if (!max) return [];
  return CULTURE_STYLES.map((s, i) => ({ type: s.type, x: v[i]!, i }))
    .filter((s) => s.x >= share * max)
    .sort((a, b) => b.x - a.x || a.i - b.i)
    .slice(0, limit)
    .map((s) => s.type);
}
