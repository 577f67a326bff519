import { BULLET_MARKS } from "../text/document.ts";

/**
 * Date ranges as written in résumés ("Jan 2019 – Present", "03/2017 - 12/2018", "2015–2019", "2019-04 to 2021-01",
 * "Since 2020", "06/15 - Now", "Mar 2016 – Exp. Jun 2017", "2012–13", "12/2019 –") turned into month intervals; single
 * months and seasons ("Summer 2019") apart, by findSingleDates. Months are counted as indices (year × 12 + month) and intervals are
 * half-open [start, end), so "Jan 2019 – Mar 2019" covers 3 months.
 *
 * A year without a month is read as its middle: July for a start, the end of June for an end, so "2015 – 2019" is
 * 48 months. A same-year range without months ("2019 – 2019") counts as 6 months.
 */

export interface MonthInterval {
  start: number;
  end: number;
  /** Open-ended ("Present", "Current", "Since …"). */
  current: boolean;
  /** Offsets of the range in the searched text. */
  from: number;
  to: number;
}

interface Point {
  year: number;
  month: number | null;
}

// A season stands for its middle month, as students' and academics' entries are dated ("Fall 2019 – Spring 2021"):
// winter January, spring April, summer July, fall or autumn October.
const MONTHS: Record<string, number> = {
  jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11,
  win: 0, spr: 3, sum: 6, fal: 9, aut: 9,
};
const MONTH_SRC =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|" +
  "winter|spring|summer|fall|autumn";
const YEAR_SRC = "(?:19[5-9]\\d|20\\d\\d)";
const DATE_SRC =
  `(?:(?:${MONTH_SRC})\\.?,?\\s*(?:${YEAR_SRC}|['’]\\d\\d)` +
  `|(?:0?[1-9]|1[0-2])\\s?[/.]\\s?${YEAR_SRC}` +
  `|${YEAR_SRC}[-/.](?:0[1-9]|1[0-2])(?!\\d)` +
  `|${YEAR_SRC})`;
// "April 2021 to the present", "2019 – present day", "June 2018 to the present time". "The present" is the open end
// unless a word it describes follows: "from 2008 to the present administration's first midterm", "to the present
// board" name no range, but a clause going on ("to the present at the Dallas campus") leaves the range whole.
const THE_PRESENT_ENDS =
  "(?=[^\\S\\n]*(?:$|\\r?\\n|[^\\p{L}\\p{N}\\s'’])|\\s+(?:at|in|on|with|for|as|and|or|where|while|within|across|serving|including|under|from|i|we)(?![\\p{L}\\p{N}'’]))";
const OPEN_SRC =
  `the\\s+present(?:\\s+(?:day|time|date))?${THE_PRESENT_ENDS}|present(?:\\s+day)?|current(?:ly)?|now|today|ongoing|to date|date`;
const SEP_SRC = "\\s*(?:-{1,2}|–|—|−|~|to|till|until|through|thru)\\s*";
const EDGE_BEFORE = "(?<![\\p{L}\\p{N}])";
const EDGE_AFTER = "(?![\\p{L}\\p{N}])";

// An end still to come is often marked as such ("– Exp. Jun 2017", "– expected 2026"); the mark is not a date.
const EXPECTED_SRC = "(?:exp(?:ected)?\\.?\\s*)?";
const RANGE = new RegExp(`${EDGE_BEFORE}(${DATE_SRC})${SEP_SRC}${EXPECTED_SRC}(${DATE_SRC}|${OPEN_SRC})${EDGE_AFTER}`, "giu");
// "06/15 – 03/18": a month and a two-digit year. Alone "6/15" is as likely a day or a fraction, so it is read only
// as a range of two such dates, or one running to Present.
const SHORT_NUMERIC_SRC = "(?:0?[1-9]|1[0-2])/\\d\\d";
const SHORT_NUMERIC_RANGE = new RegExp(
  `(?<![\\p{L}\\p{N}/])(${SHORT_NUMERIC_SRC})${SEP_SRC}(${SHORT_NUMERIC_SRC}|${OPEN_SRC})(?![\\p{L}\\p{N}/])`,
  "giu",
);
const SINCE = new RegExp(`${EDGE_BEFORE}since\\s+(${DATE_SRC})${EDGE_AFTER}`, "giu");
// "2012–13", "2012 – '14": a year and the last two digits of a later one, within a decade. Not a year and a count of
// something ("in 2019 - 20 people").
// "2011-12" is as likely December 2011 (YEAR_MONTH): a year and a month's number joined by a hyphen, slash or dot
// is left alone.
const SHORT_END_RANGE = new RegExp(`${EDGE_BEFORE}(${YEAR_SRC})${SEP_SRC}['’]?(\\d\\d)(?![\\p{L}\\p{N}])`, "giu");
// (Apart: under the "i" flag \p{Ll} matches capitals too.)
const LOWER_WORD_AFTER = /^[^\S\n]*\p{Ll}/u;
const YEAR_MONTH_SHAPE = /^\d{4}[-/.](?:0[1-9]|1[0-2])$/u;
// A short range run on by a word, in a bullet or after a word in lower case, is what the writer worked on, not a
// tenure: model years ("- Diagnosed 2015-18 F-150 transmissions", "and 2011-14 Silverado"), a team's season ("Coached
// the 2017-18 robotics team"). A school year or season named after it is one ("the 2020-21 school year"); on an entry
// line it is the tenure ("Teacher 1998–02 Lincoln School", "2012–13 Server, Olive Garden").
const WORD_AFTER = /^[^\S\n]*[\p{L}\p{N}]/u;
const TERM_AFTER = /^[^\S\n]+(?:school|academic|season)\b/iu;
const LOWER_WORD_BEFORE = /(?<![\p{L}\p{N}])\p{Ll}[\p{L}'’-]*[^\S\n]+$/u;
const BULLET_LINE = new RegExp(`(?:^|\\n)[^\\S\\n]*${BULLET_MARKS}\\s[^\\n]*$`, "u");
const YEAR_KIND_BEFORE = /\b(?:FY|MY|fiscal\s+years?|model\s+years?)[^\S\n]*$/iu;
// "12/2019 –", "Mar 2021 -": a start and a dash closing the line (or its bracket) with no end written: the position
// is still held.
const OPEN_DASH = new RegExp(`${EDGE_BEFORE}(${DATE_SRC})[^\\S\\n]*(?:-{1,2}|–|—|−)[^\\S\\n]*(?=$|\\r?\\n|\\))`, "giu");
const MAY_HOLD_DATES = new RegExp(`${YEAR_SRC}|['’]\\d\\d|\\d/\\d\\d`, "u");
const OPEN = new RegExp(`^(?:${OPEN_SRC})$`, "iu");

const MONTH_YEAR = new RegExp(`^(${MONTH_SRC})\\.?,?\\s*(?:(\\d{4})|['’](\\d\\d))$`, "iu");
const NUMERIC_MONTH_YEAR = /^(\d{1,2})\s?[/.]\s?(\d{4})$/u;
const SHORT_NUMERIC = /^(\d{1,2})\/(\d\d)$/u;
const YEAR_MONTH = /^(\d{4})[-/.](\d{2})$/u;
const YEAR_ONLY = /^(\d{4})$/u;

export const monthIndex = (date: Date): number => date.getUTCFullYear() * 12 + date.getUTCMonth();

export const monthLabel = (index: number): string =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;

// Two-digit years: the most recent year with those digits that is not in the future (+1 for "expected").
const fullYear = (yy: number, nowYear: number): number => (2000 + yy <= nowYear + 1 ? 2000 + yy : 1900 + yy);

function parsePoint(text: string, nowYear: number): Point | null {
  const s = text.trim();
  let m = MONTH_YEAR.exec(s);
  if (m) {
    const month = MONTHS[m[1]!.slice(0, 3).toLowerCase()]!;
    if (m[2]) return { year: Number(m[2]), month };
    return { year: fullYear(Number(m[3]), nowYear), month };
  }
  m = SHORT_NUMERIC.exec(s);
  if (m) return { year: fullYear(Number(m[2]), nowYear), month: Number(m[1]) - 1 };
  m = NUMERIC_MONTH_YEAR.exec(s);
  if (m) return { year: Number(m[2]), month: Number(m[1]) - 1 };
  m = YEAR_MONTH.exec(s);
  if (m) return { year: Number(m[1]), month: Number(m[2]) - 1 };
  m = YEAR_ONLY.exec(s);
  if (m) return { year: Number(m[1]), month: null };
  return null;
}

const startIndex = (p: Point): number => p.year * 12 + (p.month ?? 6);
const endIndex = (p: Point): number => p.year * 12 + (p.month === null ? 6 : p.month + 1);

function interval(start: Point, end: Point | "open", now: number, from: number, to: number): MonthInterval | null {
  const s = startIndex(start);
  let e = end === "open" ? now + 1 : endIndex(end);
  if (end !== "open" && e <= s) {
    if (end.year !== start.year) return null;
    e = Math.min(s + 6, (start.year + 1) * 12);
  }
  // Ranges that start in the future are announcements, not experience; ends in the future are cut at today.
  if (s > now) return null;
  e = Math.min(e, now + 1);
  return e > s ? { start: s, end: e, current: end === "open", from, to } : null;
}

const NONE: readonly { from: number; to: number }[] = [];

/**
 * The spans of the ranges found so far, by position. They never overlap: matches of one pattern do not, and a match
 * that overlaps an earlier one is dropped. A pattern's own matches need no check against each other, so only the
 * spans found before its pass are checked, by binary search: checking every match against every range found was
 * quadratic (0.6 s on 5,000 date lines).
 */
function disjointSpans(found: readonly MonthInterval[]): readonly { from: number; to: number }[] {
  if (found.length === 0) return NONE;
  return found.map(({ from, to }) => ({ from, to })).sort((a, b) => a.from - b.from);
}

/** Whether [from, to) overlaps one of `spans` (disjoint, sorted): the last span starting before `to` reaches past `from`. */
function overlapsAny(spans: readonly { from: number; to: number }[], from: number, to: number): boolean {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.from < to) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && spans[lo - 1]!.to > from;
}

/** Date ranges in a text, left to right. `offset` is added to the reported positions. */
export function findDateRanges(text: string, now: Date, offset = 0): MonthInterval[] {
  // Every range starts with a year, a two-digit year after an apostrophe or a short "06/15": a text without one
  // (most lines) is spared the three patterns.
  if (!MAY_HOLD_DATES.test(text)) return [];
  const nowIndex = monthIndex(now);
  const nowYear = now.getUTCFullYear();
  const out: MonthInterval[] = [];
  for (const pattern of [RANGE, SHORT_NUMERIC_RANGE]) {
    const earlier = disjointSpans(out);
    for (const m of text.matchAll(pattern)) {
      const from = offset + m.index;
      if (overlapsAny(earlier, from, from + m[0].length)) continue;
      const start = parsePoint(m[1]!, nowYear);
      const endText = m[2]!;
      const end = OPEN.test(endText.trim()) ? "open" : parsePoint(endText, nowYear);
      if (!start || !end) continue;
      const found = interval(start, end, nowIndex, from, from + m[0].length);
      if (found) out.push(found);
    }
  }
  let earlier = disjointSpans(out);
  for (const m of text.matchAll(SHORT_END_RANGE)) {
    const from = offset + m.index;
    if (overlapsAny(earlier, from, from + m[0].length)) continue;
    // "in 2019 - 20 people": a count, spaced off the year; "the 2020-21 school year" is a range.
    const spaced = /\s/u.test(m[0]);
    if (YEAR_MONTH_SHAPE.test(m[0]) || (spaced && LOWER_WORD_AFTER.test(text.slice(m.index + m[0].length)))) continue;
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 24);
    const before = text.slice(Math.max(0, m.index - 200), m.index);
    if (YEAR_KIND_BEFORE.test(before.slice(-24))) continue;
    // (The line's start is looked for within 200 characters: a bullet longer than that before its dates is let be.)
    const inBullet = (m.index <= 200 || before.includes("\n")) && BULLET_LINE.test(before);
    if (WORD_AFTER.test(after) && !TERM_AFTER.test(after) && (inBullet || LOWER_WORD_BEFORE.test(before.slice(-40)))) continue;
    const startYear = Number(m[1]);
    let endYear = startYear - (startYear % 100) + Number(m[2]);
    if (endYear < startYear) endYear += 100;
    if (endYear === startYear || endYear - startYear > 10) continue;
    const found = interval({ year: startYear, month: null }, { year: endYear, month: null }, nowIndex, from, from + m[0].length);
    if (found) out.push(found);
  }
  earlier = disjointSpans(out);
  for (const m of text.matchAll(OPEN_DASH)) {
    const from = offset + m.index;
    if (overlapsAny(earlier, from, from + m[0].length)) continue;
    const start = parsePoint(m[1]!, nowYear);
    const found = start && interval(start, "open", nowIndex, from, from + m[0].length);
    if (found) out.push(found);
  }
  earlier = disjointSpans(out);
  for (const m of text.matchAll(SINCE)) {
    const from = offset + m.index;
    if (overlapsAny(earlier, from, from + m[0].length)) continue;
    const start = parsePoint(m[1]!, nowYear);
    const found = start && interval(start, "open", nowIndex, from, from + m[0].length);
    if (found) out.push(found);
  }
  return out.sort((a, b) => a.from - b.from);
}

// A single month or season with its year, "Summer 2019", "Nov 2026", "Fall '18", "06/2021": work of that month or
// season alone (a summer job, a one-month contract).
const SINGLE = new RegExp(
  `${EDGE_BEFORE}((?:${MONTH_SRC})\\.?,?\\s*(?:${YEAR_SRC}|['’]\\d\\d)|(?:0?[1-9]|1[0-2])\\s?/\\s?${YEAR_SRC})${EDGE_AFTER}`,
  "giu",
);
const SEASON = /^(?:winter|spring|summer|fall|autumn)/iu;

/**
 * The single dates of a text, each a month, or a season's three months around its middle month ("Summer 2019" is
 * June to August), as half-open intervals that are never current. Dates in the future are left out.
 */
export function findSingleDates(text: string, now: Date, offset = 0): MonthInterval[] {
  if (!MAY_HOLD_DATES.test(text)) return [];
  const nowIndex = monthIndex(now);
  const nowYear = now.getUTCFullYear();
  const out: MonthInterval[] = [];
  for (const m of text.matchAll(SINGLE)) {
    const point = parsePoint(m[1]!.replace(/\s+(?=\/)|(?<=\/)\s+/gu, ""), nowYear);
    if (!point || point.month === null) continue;
    const season = SEASON.test(m[1]!);
    const start = startIndex(point) - (season ? 1 : 0);
    const end = Math.min(start + (season ? 3 : 1), nowIndex + 1);
    const from = offset + m.index;
    if (start <= nowIndex && end > start) out.push({ start, end, current: false, from, to: from + m[0].length });
  }
  return out;
}

// A line that starts with a year and a range sign ("2016 – May 2019"), and the month a PDF or a narrow column left
// at the end of the line above ("Company Driver, Razorback Cold Freight, Springdale, AR Mar"), written capitalised
// as a date's month is: "… customers who may" ends no date.
const YEAR_STARTS_RANGE = new RegExp(`^\\s*(${YEAR_SRC})${SEP_SRC}(?!\\d\\d(?!\\d))`, "u");
// A month after a preposition ends a sentence's date ("promoted to lead in March"), and a bullet ("- Employee of the
// Month, May") is a line of the entry above: neither is an entry line's start month.
const MONTH_ENDS_LINE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?<!\\b(?:in|since|by|from|until|till|through|of|during|before|after|every|each|last|next|this)\\s+)(${MONTH_SRC})\\.?,?\\s*$`,
  "iu",
);
const CAPITALISED = /^\p{Lu}/u;

/**
 * The range a line starts with a bare year, given the start month the line above ends with: "AR Mar" / "2016 – May
 * 2019" runs from March 2016, not from the middle of the year. The range itself when the line above ends with no
 * month, the line does not start with the range, or the month would not leave a range ending after it starts.
 */
export function withStartMonthAbove(range: MonthInterval, lineText: string, lineStart: number, lineAbove: string): MonthInterval {
  const year = YEAR_STARTS_RANGE.exec(lineText);
  if (!year || range.from !== lineStart + year[0].indexOf(year[1]!) || range.start !== Number(year[1]) * 12 + 6) return range;
  if (BULLET_LINE.test(lineAbove)) return range;
  // The longest month and its marks ("September., ") and the longest preposition before it ("through ") fit in the
  // last 32 characters.
  const month = MONTH_ENDS_LINE.exec(lineAbove.slice(-32));
  if (!month || !CAPITALISED.test(month[1]!)) return range;
  const start = Number(year[1]) * 12 + MONTHS[month[1]!.slice(0, 3).toLowerCase()]!;
  return start < range.end ? { ...range, start } : range;
}

/** Does the text hold a date range that ends after `now` (an expected graduation, a course still running)? */
export function endsInFuture(text: string, now: Date): boolean {
  const nowIndex = monthIndex(now);
  const nowYear = now.getUTCFullYear();
  for (const m of text.matchAll(RANGE)) {
    const end = parsePoint(m[2]!, nowYear);
    if (end && endIndex(end) > nowIndex + 1) return true;
  }
  return false;
}

/** Months covered by a set of intervals, overlaps counted once. */
export function coveredMonths(intervals: readonly { start: number; end: number }[]): number {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || a.end - b.end);
  let total = 0;
  let curStart = -Infinity;
  let curEnd = -Infinity;
  for (const { start, end } of sorted) {
    if (start > curEnd) {
      if (curEnd > curStart) total += curEnd - curStart;
      curStart = start;
      curEnd = end;
    } else if (end > curEnd) {
      curEnd = end;
    }
  }
  if (curEnd > curStart) total += curEnd - curStart;
  return total;
}
