import { JOB_LEVELS, type JobLevel } from "../../catalogue/normalizer.ts";
import type { Line } from "../text/document.ts";
import type { ResumeSection } from "../text/headings.ts";
import { linesPassage, snippetAround } from "../text/snippet.ts";
import type { CandidateExperience, EngineContext, HeldTitle, Position } from "../types.ts";
import { coveredMonths, findDateRanges, monthLabel, type MonthInterval } from "./dates.ts";
import { round2 } from "./evidence.ts";
import type { Scan } from "./scan.ts";
import { levelRank, positionLevel, titleOnLine } from "./titles.ts";
import { extractStatedYears } from "./years.ts";
import { isKnownCity, isRegion, splitCityBeforeRegion, splitTrailingCity } from "../lexicon/cities.ts";

/**
 * Sections whose date ranges are not employment: studies, side projects, volunteering, memberships and awards show
 * engagement but are not years of professional experience.
 */
const NOT_EMPLOYMENT: ReadonlySet<ResumeSection> = new Set([
  "education", "certifications", "skills", "interests", "languages", "projects", "volunteering", "activities", "awards",
]);
const BULLET = /^[•·▪◦●○■□➢►✓✔*\-–—>]/u;
const MAX_TITLE_LINE_WORDS = 15;

type ResumeLine = Line<ResumeSection>;

/**
 * Work done while studying: an internship, a co-op, a practicum, externship or work placement, a student job. It
 * shows the work was seen, not that it was done as a professional, so its months count for TRAINEE_SHARE of a month.
 * "Student" counts only as a student job ("Student Teacher", "Accounting Student Assistant"), not in the name of a
 * real one ("Student Success Advisor"). Apprenticeships and trainee posts are left out on purpose: in the trades and
 * in many professions they are paid, full-time professional work.
 */
const TRAINEE =
  /\b(?:interns?|internships?|practicum|externship|(?:work|industrial|clinical|student) placement|work[\s-]study|student (?:teacher|teaching|assistant|worker|employee|job|intern|nurse|researcher)|graduate (?:assistant|student)|undergraduate (?:research(?:er)?|assistant))\b/iu;
/**
 * "Co-op" is a student placement when it is written as the kind of role ("Engineering Co-op", "Co-op Engineering
 * Student", "co-op work term", "Developer (Co-op)"), and an employer's name when it names the employer ("Cashier,
 * The Co-op", "Co-op Food", "Midcounties Co-op"): the position's employer is left out, and so is a co-op after
 * "the" or before a capitalised name that is not a placement word.
 */
const CO_OP = /\bco-?op\b/giu;
const PLACEMENT_AFTER = /^\s+(?:[\p{L}&]+\s+){0,2}(?:students?|placements?|terms?|internships?|interns?|positions?|programm?e?s?)\b/iu;

/**
 * Whether the text names a co-op placement. `title` is the catalogue title as written and `employer` the employer
 * read beside it, when there is one.
 */
function coopPlacement(text: string, title: string | null, employer: string | null): boolean {
  // Named with a placement word, or right after the title ("Software Engineer Co-op"), co-op is the kind of role,
  // even where the layout heuristic took it for the employer.
  for (const m of text.matchAll(CO_OP)) {
    if (PLACEMENT_AFTER.test(text.slice(m.index + m[0].length))) return true;
    const before = text.slice(0, m.index);
    const joined = before.replace(/[ \t]+$/u, "");
    if (title && joined !== before && joined.endsWith(title)) return true;
  }
  const role = employer ? text.split(employer).join(" ") : text;
  for (const m of role.matchAll(CO_OP)) {
    const named = /\bthe\s+$/iu.test(role.slice(0, m.index)) || /^\s+\p{Lu}/u.test(role.slice(m.index + m[0].length));
    if (!named) return true;
  }
  return false;
}

/** Part-time work: stated as such, or as fewer than FULL_TIME_HOURS hours a week. */
const PART_TIME = /\bpart[\s-]?time\b/iu;
const WEEKLY_HOURS = /\b(\d{1,2})\s*(?:hours|hrs|h)\s*(?:\/|per|a)\s*(?:week|wk)\b/iu;
const FULL_TIME_HOURS = 30;
export const TRAINEE_SHARE = 0.25;
export const PART_TIME_SHARE = 0.5;

/**
 * The share of a full-time month a position's months count for, from its title and date lines and the employer
 * read for it ("Undergraduate Research, Vision Lab\nResearcher  2012 – 2013" is student work).
 */
function positionShare(lines: readonly ResumeLine[], title: string | null, employer: string | null): number {
  // One line each: a title ending its line is not followed by the first word of the next ("Accountant" /
  // "Co-op Food, Manchester").
  const text = lines.map((l) => l.text).join("\n");
  if (TRAINEE.test(text) || (employer !== null && TRAINEE.test(employer)) || coopPlacement(text, title, employer)) {
    return TRAINEE_SHARE;
  }
  const hours = WEEKLY_HOURS.exec(text);
  if (PART_TIME.test(text) || (hours && Number(hours[1]) < FULL_TIME_HOURS)) return PART_TIME_SHARE;
  return 1;
}

interface TitleFound {
  line: ResumeLine;
  written: string;
  id: string;
  name: string;
  careerGroup: string;
  levels: JobLevel[];
}

/** Title lookups per line, cached: neighbouring date ranges look at the same lines. */
type TitleCache = Map<number, TitleFound | null>;

function exactTitle(scan: Scan<ResumeSection>, ctx: EngineContext, line: ResumeLine, cache: TitleCache): TitleFound | null {
  const cached = cache.get(line.index);
  if (cached !== undefined) return cached;
  const found = titleOnLine(ctx, scan.doc.text, line);
  const result = found && {
    line,
    written: found.written,
    id: found.title.id,
    name: found.title.name,
    careerGroup: found.title.career_group,
    levels: found.levels,
  };
  cache.set(line.index, result);
  return result;
}

/**
 * The job title belonging to a date range: on the same line, else on the line above, then the line below or two
 * lines above, in the order the section's layout makes likelier (the usual layouts: "Title, Company  2019 – 2021",
 * "Title\nCompany · 2019 – 2021", "Company\nTitle\nDates", "Title\nCompany\nDates", "Dates\nTitle"). Lines that
 * carry their own date range or look like bullets belong to something else.
 *
 * Titles are recognised by catalogue names and aliases as whole words; the fuzzy normalizer is not used here
 * because it costs milliseconds per call, and a résumé has many lines that are not titles.
 */
function titleFor(
  scan: Scan<ResumeSection>,
  ctx: EngineContext,
  lineIndex: number,
  rangesByLine: Map<number, MonthInterval[]>,
  cache: TitleCache,
): TitleFound | null {
  const lines = scan.doc.lines;
  const home = lines[lineIndex]!;
  const datesFirst = entriesStartWithDates(lines, home, rangesByLine);
  for (const offset of datesFirst ? [0, -1, 1, -2] : [0, -1, -2, 1]) {
    const line = lines[lineIndex + offset];
    if (!line || line.heading || line.section !== home.section) continue;
    if (offset !== 0 && (rangesByLine.has(line.index) || BULLET.test(line.text))) continue;
    // Where entries start with their title, a line below whose dates follow two lines further heads the next entry.
    if (offset === 1 && !datesFirst && rangesByLine.has(line.index + 2)) continue;
    // A title two lines above whose next line has its own dates is that line's.
    if (offset === -2 && rangesByLine.has(line.index + 1)) continue;
    if (offset !== 0 && line.tokens.length > MAX_TITLE_LINE_WORDS) continue;
    const found = exactTitle(scan, ctx, line, cache);
    if (found) return found;
  }
  return null;
}

/**
 * Whether the entries of the date line's section start with their dates: its first line holds a date range. Then the
 * line below a date line is its title ("2019 – 2021\nEngineer"); otherwise it is more likely the first line of the next
 * entry, and a title two lines above comes first ("Engineer\nAcme\n2019 – 2021\n\nAnalyst\nBeta\n2016 – 2019").
 */
function entriesStartWithDates(lines: readonly ResumeLine[], home: ResumeLine, rangesByLine: Map<number, MonthInterval[]>): boolean {
  let first = home.index;
  while (first > 0 && !lines[first - 1]!.heading && lines[first - 1]!.section === home.section) first--;
  return rangesByLine.has(first);
}

/**
 * Overlapping ranges on one line are one position written twice, as in pasted profiles ("Nov 2005 - Feb 2022 ·
 * 16 yrs 4 mosNov 2005 to Feb 2022"): the leftmost is kept.
 */
function leftmostOfOverlapping(ranges: MonthInterval[]): MonthInterval[] {
  const kept: MonthInterval[] = [];
  for (const r of ranges) if (!kept.some((k) => k.start < r.end && r.start < k.end)) kept.push(r);
  return kept;
}

/** The title line and the date line quoted together when they are apart, else the date line. */
function positionSnippet(text: string, line: ResumeLine, titleLine: ResumeLine | null, range: MonthInterval): string {
  const [first, last] = titleLine && titleLine.index < line.index ? [titleLine, line] : [line, titleLine ?? line];
  return linesPassage(text, first, last) ?? linesPassage(text, line, line) ?? snippetAround(text, line, range.from, range.to);
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const mostRecentFirst = (a: Position, b: Position): number =>
  compare(b.end, a.end) || compare(b.start, a.start) || compare(a.title ?? "", b.title ?? "");

/**
 * Work history of a candidate: one position per date range outside education-like sections and education lines,
 * with the title found next to it. Years come from the months the positions cover (overlaps once); without any
 * dated position, from the largest "N years of experience" statement.
 */
export function extractCandidateExperience(
  scan: Scan<ResumeSection>,
  ctx: EngineContext,
  now: Date,
  educationLines: ReadonlySet<number>,
  /**
   * Filled with the indexes of the lines that belong to a dated position (its work history), each with the last
   * month of the most recent position it belongs to.
   */
  positionLines?: Map<number, string>,
): CandidateExperience {
  const text = scan.doc.text;
  const rangesByLine = new Map<number, MonthInterval[]>();
  for (const line of scan.doc.lines) {
    if (line.heading || NOT_EMPLOYMENT.has(line.section) || educationLines.has(line.index)) continue;
    const ranges = leftmostOfOverlapping(findDateRanges(line.text, now, line.start));
    if (ranges.length) rangesByLine.set(line.index, ranges);
  }

  const positions: Position[] = [];
  const anchors: { position: Position; first: number; home: number }[] = [];
  const seen = new Set<string>();
  const cache: TitleCache = new Map();
  const entries = [...rangesByLine].map(([lineIndex, ranges]) => {
    const line = scan.doc.lines[lineIndex]!;
    const title = titleFor(scan, ctx, lineIndex, rangesByLine, cache);
    return { line, ranges, title, found: employerOf(scan, ctx, line, title, now, rangesByLine, cache) };
  });
  const layouts = employerLayouts(entries);
  for (const { line, ranges, title, found: read } of entries) {
    const lineIndex = line.index;
    const found = title ? read : (untitledEmployer(scan, line, layouts, rangesByLine) ?? read);
    // A known city run onto the employer by a PDF's column merging ("Danggeun Pay Inc. Seoul") is not its name.
    const written = found === null ? null : pastedName(found.name);
    const employer = written === null ? null : (splitTrailingCity(written)?.name ?? written);
    // The employer is read beside a catalogue title; without one, the first part of the line may be the title.
    const share = positionShare(title && title.line !== line ? [title.line, line] : [line], title?.written ?? null, title ? employer : null);
    // A trainee position without level words was held at intern level, whatever its title.
    const levels: JobLevel[] = title?.levels.length ? title.levels : share === TRAINEE_SHARE ? ["intern"] : [];
    for (const range of ranges) {
      // Pasted profiles repeat entries; the same title over the same months is one position.
      const key = `${range.start}:${range.end}:${title?.id ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const position: Position = {
        title: title?.written ?? null,
        catalogueTitle: title?.name ?? null,
        employer,
        titleId: title?.id ?? null,
        careerGroup: title?.careerGroup ?? null,
        levels,
        start: monthLabel(range.start),
        end: monthLabel(range.end - 1),
        months: range.end - range.start,
        current: range.current,
        share,
        skills: [],
        evidence: {
          snippet: positionSnippet(text, line, title?.line ?? null, range),
          section: line.section,
          confidence: title ? 0.9 : 0.75,
        },
      };
      positions.push(position);
      anchors.push({ position, first: Math.min(lineIndex, title?.line.index ?? lineIndex), home: lineIndex });
    }
  }
  assignSkills(scan, anchors, positionLines);
  positions.sort(mostRecentFirst);

  const months = coveredMonths([...rangesByLine.values()].flat());
  const stated = extractStatedYears(scan, educationLines);
  const years = months > 0 ? round2(months / 12) : (stated?.years ?? 0);

  return {
    positions,
    months,
    years,
    source: months > 0 ? "dates" : stated ? "stated" : "none",
    statedYears: stated?.years ?? null,
    statedEvidence: stated?.evidence ?? null,
    titles: heldTitles(scan, ctx, positions, cache),
  };
}

/**
 * The lines of a position run from its title or date line, whichever comes first, to the line before the next
 * position's, within the same section: "Title — Employer / dates / bullets" is one entry. Skills mentioned there were
 * used in that job.
 */
function assignSkills(
  scan: Scan<ResumeSection>,
  anchors: { position: Position; first: number; home: number }[],
  positionLines?: Map<number, string>,
): void {
  const lines = scan.doc.lines;
  const starts = [...new Set(anchors.map((a) => a.first))].sort((a, b) => a - b);
  const spanEnd = (first: number): number => {
    const next = starts.find((s) => s > first) ?? lines.length;
    let end = first;
    while (end + 1 < next && !lines[end + 1]!.heading && lines[end + 1]!.section === lines[first]!.section) end++;
    return end;
  };
  const ends = new Map(starts.map((s) => [s, spanEnd(s)]));
  for (const { position, first } of anchors) {
    const last = ends.get(first)!;
    if (positionLines) {
      for (let i = first; i <= last; i++) {
        const known = positionLines.get(i);
        if (known === undefined || known < position.end) positionLines.set(i, position.end);
      }
    }
    const ids = new Set<string>();
    for (const hit of scan.skills) if (hit.line.index >= first && hit.line.index <= last) ids.add(hit.value);
    position.skills = [...ids];
  }
}

// Separators between the parts of an entry line: "Title, Employer — City | dates", "Title at Employer".
const ENTRY_SEPARATOR = /\s*(?:[,|·•—–]|\s-\s|\bat\b|@)\s*/u;
const STATE_CODE = /^\p{Lu}{2}$/u;
const WORK_MODE_WORD = /^(?:remote|hybrid|on-?site)$/iu;
const MAX_EMPLOYER_CHARS = 80;
const MAX_NAME_LINE_WORDS = 8;

// An aside in brackets is no part of a name, and its commas separate nothing: "The Home Depot Pro (Colma, Ca.)".
const BRACKETED = /\([^)]*\)/gu;
const entryParts = (s: string): string[] => s.replace(BRACKETED, " ").split(ENTRY_SEPARATOR).map((part) => part.replace(/\s+/gu, " ").trim());
const canBeName = (part: string): boolean =>
  /\p{L}{2}/u.test(part) && !/\d{4}/u.test(part) && !STATE_CODE.test(part) && !WORK_MODE_WORD.test(part);

/**
 * The first part of an entry line that can be a name: letters, no year, not a state code or a work mode. A city
 * run onto it is cut where a region follows ("Google Mountain View, CA" → "Google").
 */
function firstNamePart(s: string): string | null {
  const parts = entryParts(s);
  const at = parts.findIndex(canBeName);
  const part = parts[at];
  if (part === undefined || part.length > MAX_EMPLOYER_CHARS) return null;
  const next = parts[at + 1];
  return next !== undefined && isRegion(next) ? (splitCityBeforeRegion(part)?.name ?? part) : part;
}

// Employment terms written where a name could be: "Acme · Full-time".
const EMPLOYMENT_TERM = /^(?:full[\s-]?time|part[\s-]?time|contract(?:or)?|freelance|temporary|permanent|seasonal|internship|self[\s-]?employed)$/iu;

/**
 * A name set apart from the place after it, "<Name> – <City>[, <Region>]" ("The Walt Disney Company – Los Angeles,
 * CA", "Acme · Berlin"): the shape of an employer with its location. A place alone ("Austin, TX") is no name.
 */
function nameBeforePlace(s: string): string | null {
  const parts = entryParts(s).filter((p) => p.length > 0);
  const [name, place, region] = parts;
  if (name === undefined || place === undefined || !canBeName(name) || EMPLOYMENT_TERM.test(name) || isRegion(place)) return null;
  if (!/^\p{Lu}/u.test(name) || name.length > MAX_EMPLOYER_CHARS || isKnownCity(name)) return null;
  return isKnownCity(place) || (region !== undefined && isRegion(region)) ? name : null;
}

// An employment term that a pasted profile runs onto the name after it: "Full-timeDisney Experiences".
const GLUED_TERM = /^(?:full|part)[\s-]?time(?=\p{Lu})/iu;

/**
 * A name as pasted profiles leave it, tidied: written twice in a row ("WeyerhaeuserWeyerhaeuser", "University of
 * Idaho University of Idaho") it is read once, and an employment term glued to its front is dropped.
 */
const pastedName = (name: string): string => {
  const unglued = name.replace(GLUED_TERM, "");
  return /^(.{2,}?)\s*\1$/u.exec(unglued)?.[1] ?? unglued;
};

// "Acme Corp, Engineer", "Acme Corp | Engineer", "Acme Corp — Engineer": a name set apart from the title after it;
// "Engineer, Acme Corp", "Engineer at Acme": one set apart after it. Words run on without a mark ("Engineer Level
// 2", "Researcher for <project>") belong to the title.
const ENDS_WITH_SEPARATOR = /(?:[,|·•—–@]|\s-)\s*$/u;
const STARTS_WITH_SEPARATOR = /^\s*(?:[,|·•—–@]|-\s|at\s)/iu;
// The wrapped end of a sentence of the entry above ("…to provide step-by-step instructions for\ntroubleshooting
// issues"): it starts in lower case or ends a clause, and names nobody.
const NOT_A_NAME_LINE = /^(?:\p{Ll}|.*[;:]$)/u;

/**
 * The text before a title, without the other roles joined to it and the words run onto it without a mark, which
 * are the title's own ("Nexus AI, Co-Founder & " → "Nexus AI,"; "Founding Member & " → ""; "Gilmore Financial,
 * New Orleans, LA, Certified Public " → "Gilmore Financial, New Orleans, LA,").
 */
function partsBeforeTitle(before: string): string {
  if (ENDS_WITH_SEPARATOR.test(before)) return before;
  const marks = [...before.matchAll(/[,|·•—–@]|\s-\s/gu)];
  const last = marks[marks.length - 1];
  return last ? before.slice(0, last.index + last[0].length) : "";
}

/** A short undated line that can hold an employer's name; an aside in brackets does not make it long. */
const nameLine = (line: ResumeLine | undefined, section: ResumeSection): line is ResumeLine =>
  line !== undefined &&
  !line.heading &&
  line.section === section &&
  line.text.replace(BRACKETED, " ").split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length <= MAX_NAME_LINE_WORDS &&
  !/\d{4}/u.test(line.text) &&
  !NOT_A_NAME_LINE.test(line.text.trim());

/**
 * A bulleted line is an item of a list of duties when one of the few lines before it starts with the same mark;
 * alone, it heads an entry ("• Acme Corp, Austin\nEngineer  2019 – 2021").
 */
function listItem(lines: readonly ResumeLine[], line: ResumeLine): boolean {
  const mark = BULLET.exec(line.text)?.[0];
  if (!mark) return false;
  for (let i = line.index - 1; i >= Math.max(0, line.index - 3); i--) {
    const prev = lines[i]!;
    if (prev.heading || prev.section !== line.section) return false;
    if (prev.text.startsWith(mark)) return true;
  }
  return false;
}

/** An employer's name and the line it was read from. */
interface EmployerFound {
  name: string;
  line: ResumeLine;
}

/**
 * The employer of a position, by the usual entry layouts. On the title line, the first part before the title when
 * a separator sets it apart ("Acme Corp, Senior Engineer", "Acme | Engineer"); else, on a title line that holds the
 * dates, a name with its place after the dates ("Engineer – Platform Team  2019 – 2021  Acme Corp – Austin, TX");
 * else the first part after the title, dates excluded ("Senior Engineer, Acme Corp — Austin, TX"); else the line
 * between a title and its dates ("Engineer\nAcme Corp\n2019 – 2021"); else on the date line, the first part before
 * the dates ("Acme Corp, Austin | 2019 – 2021"); else the short line just below the dates, when it heads nothing
 * itself ("Engineer  2019 – 2021\nAcme Corp – Austin, TX", "Engineer\n2019 – 2021 | Austin\nAcme Corp"); else the
 * short undated line just above the title ("Acme Corp\nEngineer\n2019 – 2021"), unless it is a duty of the entry
 * above. A heuristic that can return a unit or a place for unusual layouts; null when nothing is left.
 */
function employerOf(
  scan: Scan<ResumeSection>,
  ctx: EngineContext,
  dateLine: ResumeLine,
  title: TitleFound | null,
  now: Date,
  rangesByLine: Map<number, MonthInterval[]>,
  cache: TitleCache,
): EmployerFound | null {
  const lines = scan.doc.lines;
  const on = (line: ResumeLine, name: string | null): EmployerFound | null => (name ? { name, line } : null);
  if (title) {
    const text = title.line.text;
    const at = text.indexOf(title.written);
    if (at >= 0) {
      const before = partsBeforeTitle(text.slice(0, at));
      const beside = ENDS_WITH_SEPARATOR.test(before) ? firstNamePart(before) : null;
      if (beside) return on(title.line, beside);
      const tail = at + title.written.length;
      const dates = findDateRanges(text, now).find((r) => r.from >= tail);
      // After the dates, a name with its place is the employer; what sits between title and dates is then the
      // title's specialty ("Director of IT – Hybrid Cloud  2019 – 2021  The Walt Disney Company – Los Angeles, CA").
      const afterDates = dates ? nameBeforePlace(text.slice(dates.to)) : null;
      if (afterDates) return on(title.line, afterDates);
      const rest = text.slice(tail, dates?.from ?? text.length);
      const after = STARTS_WITH_SEPARATOR.test(rest) ? firstNamePart(rest) : null;
      if (after) return on(title.line, after);
    }
    const between = lines[title.line.index + 1];
    if (
      title.line.index === dateLine.index - 2 &&
      nameLine(between, dateLine.section) &&
      !BULLET.test(between.text) &&
      // Pasted profiles write the title twice, the second time on a line of its own.
      !between.text.includes(title.written)
    ) {
      const name = firstNamePart(between.text);
      if (name) return on(between, name);
    }
  }
  if (dateLine !== title?.line) {
    const range = findDateRanges(dateLine.text, now)[0];
    const before = range ? firstNamePart(dateLine.text.slice(0, range.from)) : null;
    if (before) return on(dateLine, before);
  }
  if (title && title.line.index >= dateLine.index - 1) {
    const below = lines[dateLine.index + 1];
    if (below && headsNothing(scan, ctx, below, dateLine.section, rangesByLine, cache)) {
      const name = firstNamePart(below.text);
      if (name) return on(below, name);
    }
  }
  const above = title ? lines[title.line.index - 1] : undefined;
  if (nameLine(above, dateLine.section) && !listItem(lines, above)) return on(above, firstNamePart(above.text));
  return null;
}

// A line that ends a sentence ("A fintech start-up."), unlike a name ending in an abbreviation ("Acme Corp.").
const SENTENCE_END = /(?:\p{L}{5,}\.|[!?])$/u;

/**
 * Whether a line below a position's dates can be its employer's: a short name line, no bullet, no dates, no title,
 * no sentence, and not the first line of the next entry (a line whose next line holds a title or dates).
 */
function headsNothing(
  scan: Scan<ResumeSection>,
  ctx: EngineContext,
  line: ResumeLine,
  section: ResumeSection,
  rangesByLine: Map<number, MonthInterval[]>,
  cache: TitleCache,
): boolean {
  if (!nameLine(line, section) || BULLET.test(line.text) || rangesByLine.has(line.index)) return false;
  if (SENTENCE_END.test(line.text)) return false;
  if (exactTitle(scan, ctx, line, cache)) return false;
  const next = scan.doc.lines[line.index + 1];
  if (!next || next.heading || next.section !== section) return true;
  return !rangesByLine.has(next.index) && !(next.tokens.length <= MAX_TITLE_LINE_WORDS && exactTitle(scan, ctx, next, cache));
}

/** Where the recognised entries of a section put their employer: lines away from the dates, first part of it. */
type EmployerLayouts = Map<ResumeSection, number>;
// A layout is learnt from this many recognised entries at least, and most of them.
const MIN_LAYOUT_ENTRIES = 2;

/**
 * The layout of each section's entries, learnt from those whose title was recognised: when most of those that name
 * an employer read it as the first part of one same line away from their dates ("Title\nEmployer\nDates",
 * "Employer\nTitle  Dates", "Employer | Title\nDates"), that offset; sections whose employers sit on the date line,
 * or that mix layouts, have none.
 */
function employerLayouts(entries: readonly { line: ResumeLine; title: TitleFound | null; found: EmployerFound | null }[]): EmployerLayouts {
  const counts = new Map<ResumeSection, Map<number | null, number>>();
  for (const { line, title, found } of entries) {
    if (!title || !found) continue;
    const first = firstNamePart(found.line.text) === found.name;
    const offset = first && found.line !== line ? found.line.index - line.index : null;
    const byOffset = counts.get(line.section) ?? new Map<number | null, number>();
    byOffset.set(offset, (byOffset.get(offset) ?? 0) + 1);
    counts.set(line.section, byOffset);
  }
  const out: EmployerLayouts = new Map();
  for (const [section, byOffset] of counts) {
    const total = [...byOffset.values()].reduce((a, b) => a + b, 0);
    for (const [offset, n] of byOffset) {
      if (offset !== null && n >= MIN_LAYOUT_ENTRIES && n * 2 > total) out.set(section, offset);
    }
  }
  return out;
}

/**
 * The employer of a position whose title the catalogue does not know ("Vice President of Location & Services"): read
 * where the section's recognised entries put theirs, rather than taking the unknown title for the name.
 */
function untitledEmployer(
  scan: Scan<ResumeSection>,
  dateLine: ResumeLine,
  layouts: EmployerLayouts,
  rangesByLine: Map<number, MonthInterval[]>,
): EmployerFound | null {
  const offset = layouts.get(dateLine.section);
  if (offset === undefined) return null;
  const line = scan.doc.lines[dateLine.index + offset];
  if (!nameLine(line, dateLine.section) || BULLET.test(line.text) || rangesByLine.has(line.index)) return null;
  const name = firstNamePart(line.text);
  return name ? { name, line } : null;
}

/**
 * Distinct titles of the positions, most recent first, each with the highest level it was held at; without dated
 * positions, titles named in the experience section.
 */
function heldTitles(scan: Scan<ResumeSection>, ctx: EngineContext, positions: Position[], cache: TitleCache): HeldTitle[] {
  const out = new Map<string, HeldTitle>();
  const add = (id: string, levels: JobLevel[]) => {
    const title = ctx.catalogue.title(id);
    const level = JOB_LEVELS[positionLevel(levels)]!;
    const known = out.get(id);
    if (known) {
      if (levelRank(level) > levelRank(known.level)) known.level = level;
    } else if (title) {
      out.set(id, { id, name: title.name, careerGroup: title.career_group, level });
    }
  };
  for (const p of positions) if (p.titleId) add(p.titleId, p.levels);
  if (out.size === 0) {
    for (const line of scan.doc.lines) {
      if (line.section !== "experience" || line.heading || BULLET.test(line.text)) continue;
      if (line.tokens.length > MAX_TITLE_LINE_WORDS) continue;
      const found = exactTitle(scan, ctx, line, cache);
      if (found) add(found.id, found.levels);
    }
  }
  return [...out.values()];
}
