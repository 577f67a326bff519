/** Small formatting helpers shared by the scoring texts. */

export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

export const clamp01 = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** "1 year", "6.5 years" (one decimal). */
export function formatYears(years: number): string {
  const y = Math.round(years * 10) / 10;
  return `${y} ${y === 1 ? "year" : "years"}`;
}

/** "A", "A and B", "A, B and C", "A, B, C and 4 more". */
export function joinAnd(items: readonly string[], max = 5): string {
  if (items.length <= 1) return items[0] ?? "";
  if (items.length > max) return `${items.slice(0, max).join(", ")} and ${items.length - max} more`;
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "A", "A or B", "A, B or C". */
export function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/** DD-MM-YYYY in UTC, so the date does not depend on the server's time zone; "Not specified" for an invalid date. */
export function formatPostedDate(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return "Not specified";
  const dd = String(date.getUTCDate()).padStart(2, "0");
  const mm = String(date.getUTCMonth() + 1).padStart(2, "0");
  return `${dd}-${mm}-${String(date.getUTCFullYear()).padStart(4, "0")}`;
}

/** Locale-independent, deterministic name order. */
export const byName = (a: string, b: string): number => a.localeCompare(b, "en") || (a < b ? -1 : a > b ? 1 : 0);

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
