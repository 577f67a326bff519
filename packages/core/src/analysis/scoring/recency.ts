/**
 * Recency weighting of experience. What a candidate did recently says more about what they can do today than what
 * they did a decade ago: a skill last used or a role last held more than RECENT_YEARS ago earns less, falling
 * linearly to RECENCY_FLOOR at FLOOR_AFTER_YEARS and staying there (old experience still counts for something).
 */
export const RECENT_YEARS = 3;
export const FLOOR_AFTER_YEARS = 10;
export const RECENCY_FLOOR = 0.5;

/** Weight of experience that ended `ageYears` ago (0 or less = current). */
export function recencyWeight(ageYears: number): number {
  if (!(ageYears > RECENT_YEARS)) return 1;
  if (ageYears >= FLOOR_AFTER_YEARS) return RECENCY_FLOOR;
  return 1 - ((1 - RECENCY_FLOOR) * (ageYears - RECENT_YEARS)) / (FLOOR_AFTER_YEARS - RECENT_YEARS);
}

/** "YYYY-MM" → month index (year × 12 + month − 1); NaN when malformed. */
export function monthOf(label: string): number {
  const m = /^(\d{4})-(\d{2})$/u.exec(label);
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : Number.NaN;
}

/** Years from the month `end` ("YYYY-MM") to `asOf`; 0 when either is malformed. */
export function ageInYears(end: string, asOf: string): number {
  const age = (monthOf(asOf) - monthOf(end)) / 12;
  return Number.isFinite(age) ? Math.max(0, age) : 0;
}
