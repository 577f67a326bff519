import { JOB_LEVELS, type JobLevel } from "../../catalogue/normalizer.ts";
import type { ResumeSection } from "../text/headings.ts";
import { neutralName, shownTitle } from "../text/occupations.ts";
import { linesPassage, snippetAround } from "../text/snippet.ts";
import type { CandidateExperience, Degree, EngineContext, HeldTitle, Position } from "../types.ts";
import { coveredMonths, findDateRanges, findSingleDates, monthLabel, withStartMonthAbove, type MonthInterval } from "./dates.ts";
import { round2 } from "./evidence.ts";
import type { Scan } from "./scan.ts";
import { CREDENTIAL_KIND_WORDS, levelRank, positionLevel, readLevels, titleOnLine, type Span } from "./titles.ts";
import { extractStatedYears } from "./years.ts";
import { splitTrailingCity } from "../lexicon/cities.ts";
import { employerAfterRole, employerLayouts, employerOf, pastedName, untitledEmployer, type EmployerFound } from "./employer.ts";
import { BULLET, MAX_TITLE_LINE_WORDS, type ResumeLine } from "./entry-lines.ts";

/**
 * Sections whose date ranges are not employment: studies, side projects, volunteering, memberships and awards show
 * engagement but are not years of professional experience.
 */
const NOT_EMPLOYMENT: ReadonlySet<ResumeSection> = new Set([
  "education", "certifications", "skills", "interests", "languages", "projects", "volunteering", "activities", "awards",
]);

/**
 * Work done while studying: an internship, a co-op, a practicum, externship or work placement, a student job. It
 * shows the work was seen, not that it was done as a professional, so its months count for TRAINEE_SHARE of a month.
 * "Student" counts only as a student job ("Student Teacher", "Accounting Student Assistant"), not in the name of a
 * real one ("Student Success Advisor"). Apprenticeships and trainee posts are left out on purpose: in the trades and
 * in many professions they are paid, full-time professional work.
 */
const TRAINEE =
  /\b(?:interns?|internships?|practicum|externship|(?:work|industrial|clinical|student) placement|work[\s-]study|student (?:teacher|teaching|assistant|worker|employee|job|intern|nurse|researcher)|student (?:research|lab|laboratory|data) (?:assistant|analyst|technician|aide)|graduate (?:assistant|student)|undergraduate (?:research(?:er)?|assistant))\b/iu;
/** Whether a title names work done while studying ("Summer Analyst Intern", "Student Nurse Extern"): see TRAINEE. */
export const namesStudentWork = (title: string): boolean => TRAINEE.test(title);
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

/**
 * The heading line of an entry whose title the catalogue does not know: the line just above its dates, when the date
 * line opens with its dates (an entry line that names something before them, "Rivera Freight 2016 – 2021", heads
 * itself, and so does an entry of a section whose entries start with their dates) and the line above is a short line
 * of the same section that is no bullet, holds no dates of its own and ends no sentence (a duty of the entry above
 * does, "Hired and trained our summer interns." — with or without its period).
 */
function entryHead(
  scan: Scan<ResumeSection>,
  line: ResumeLine,
  rangesByLine: ReadonlyMap<number, readonly MonthInterval[]>,
): ResumeLine | null {
  const first = Math.min(...(rangesByLine.get(line.index) ?? []).map((r) => r.from));
  if (!(first >= line.start) || /[\p{L}\p{N}]/u.test(scan.doc.text.slice(line.start, first))) return null;
  // Where entries start with their dates, the line above is the last of the entry before.
  if (entriesStartWithDates(scan.doc.lines, line, rangesByLine)) return null;
  const above = scan.doc.lines[line.index - 1];
  if (!above || above.heading || above.section !== line.section || rangesByLine.has(above.index)) return null;
  if (BULLET.test(above.text) || above.tokens.length > MAX_TITLE_LINE_WORDS || /[.!?]$/u.test(above.text)) return null;
  return above;
}

/**
 * Work stated as done while a student ("… while balancing full-time course load", "worked 20 hours a week while
 * studying", "while a full-time student", "while attending college"): a student job, whatever the title. Part-time
 * study beside a job ("while studying part-time for the CPA", "alongside my degree studies") leaves the job a
 * professional one: working adults who study are not students who work. Study words that can be the work itself
 * — "classes" a teacher teaches, "clinical studies" a coordinator runs, "a graduate student" a researcher works
 * with — do not count.
 */
const WHILE = String.raw`\b(?:while|whilst)\s+`;
const WHILE_STUDYING = new RegExp(
  String.raw`${WHILE}(?:still\s+|being\s+)?an?\s+(?:full[\s-]?time\s+)?(?:(?:university|college|undergraduate|graduate|phd|doctoral)\s+)?student\b|` +
    String.raw`${WHILE}(?:[\p{L}'’-]+\s+){0,4}?(?:` +
    String.raw`(?<!part[\s-]?time\s)course[\s-]?load|full[\s-]?time (?:studies|study|enrolment|enrollment)|` +
    String.raw`(?:attending|taking) (?:my\s+)?classes|(?:attending|completing) (?:my\s+|a\s+)?(?:university|college|school)|` +
    String.raw`studying(?=\s*(?:[.,;)]|$)|\s+(?:at|full[\s-]?time)\b))`,
  "iu",
);

/**
 * Work stated as unpaid: "Volunteer EMT", "… done on a volunteer (uncompensated) basis", "as a volunteer". Like a
 * volunteering section it is not employment. A statement counts on the entry's own lines, not in one of its
 * bullets, which is one duty of a job that may well be paid ("Mentored students on a volunteer basis").
 */
const VOLUNTEER_STATED =
  /\b(?:volunteer|unpaid|uncompensated|voluntary)(?:\s*\([^)]*\))?\s+basis\b|\bas an? (?:unpaid\s+)?volunteer\b(?!\s+\p{L})|\bunpaid\s+(?:position|role|post)\b/iu;
const VOLUNTEER_BEFORE_TITLE = /\bvolunteer\s+$/iu;

/** Whether an entry is volunteer work: "Volunteer" written before its title, or stated on its unbulleted lines. */
function volunteerEntry(title: TitleFound | null, lines: readonly ResumeLine[]): boolean {
  if (title) {
    const at = title.line.text.indexOf(title.written);
    if (at >= 0 && VOLUNTEER_BEFORE_TITLE.test(title.line.text.slice(0, at))) return true;
  }
  return lines.some((l) => !BULLET.test(l.text) && VOLUNTEER_STATED.test(l.text));
}

interface TitleFound {
  line: ResumeLine;
  written: string;
  /** As shown: `written`, a job word's stem before the mask completed to its neutral word (occupations.ts). */
  shown: string;
  id: string;
  name: string;
  careerGroup: string;
  levels: JobLevel[];
}

/**
 * Title lookups per line, cached: neighbouring date ranges look at the same lines. With them, the credentials the
 * scan found on each line.
 */
interface TitleCache {
  titles: Map<number, TitleFound | null>;
  credentials: Credentials;
}

/**
 * The catalogue certifications named on each line, and of them the names of a licence, card or certificate (in order,
 * overlapping ones joined).
 */
interface Credentials {
  lines: Set<number>;
  licences: Map<number, Span[]>;
}

// A credential named by its kind: "Journeyman Electrician License", "Pharmacist Licence", "Fire Inspector
// Certification", "Barista Skills Certificate". The role in it is the one licensed, not a job held; a credential
// that is itself the role ("Licensed Journeyman Electrician", "Critical Care Registered Nurse") can be a job title.
const CREDENTIAL_KIND = new RegExp(`\\b(?:${CREDENTIAL_KIND_WORDS})$`, "iu");

function credentialsOf(scan: Scan<ResumeSection>, ctx: EngineContext): Credentials {
  const out: Credentials = { lines: new Set(), licences: new Map() };
  for (const hit of scan.skills) {
    if (ctx.catalogue.skill(hit.value)?.type !== "Certification") continue;
    out.lines.add(hit.line.index);
    if (!CREDENTIAL_KIND.test(hit.surface)) continue;
    const spans = out.licences.get(hit.line.index) ?? [];
    spans.push({ start: hit.start, end: hit.end });
    out.licences.set(hit.line.index, spans);
  }
  for (const [line, spans] of out.licences) {
    const joined: Span[] = [];
    for (const span of spans.sort((a, b) => a.start - b.start)) {
      const last = joined.at(-1);
      if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
      else joined.push({ ...span });
    }
    out.licences.set(line, joined);
  }
  return out;
}

function exactTitle(scan: Scan<ResumeSection>, ctx: EngineContext, line: ResumeLine, cache: TitleCache): TitleFound | null {
  const cached = cache.titles.get(line.index);
  if (cached !== undefined) return cached;
  const result = titleFoundOn(scan, ctx, line, cache.credentials.licences.get(line.index));
  cache.titles.set(line.index, result);
  return result;
}

/** The catalogue title on a line (or a piece of one), as a position's title. */
function titleFoundOn(
  scan: Scan<ResumeSection>,
  ctx: EngineContext,
  line: ResumeLine,
  licences: readonly Span[] | undefined,
): TitleFound | null {
  const found = titleOnLine(ctx, scan.doc.text, line, licences);
  return (
    found && {
      line,
      written: found.written,
      shown: shownTitle(scan.doc.text, found.start, found.end),
      id: found.title.id,
      name: found.title.name,
      careerGroup: found.title.career_group,
      levels: found.levels,
    }
  );
}

/**
 * The grades of a trade written alone as a job title, "Apprentice, 2015–2019", "JW / crew lead", "helper, 2014–2015":
 * the trade they belong to goes without saying on the résumé (it is the employer's, "Riverbend Electrical
 * Constructors", else the trade of the résumé's other positions, else the one it is headed with, "JW ELECTRICIAN"),
 * so a recruiter reads "Apprentice" there as an apprentice electrician. "JW" is the trades' shorthand for a journeyman (wireman). Only a grade standing alone as
 * a part of the line counts: "Journeyman Electric Co." is a name.
 */
const TRADE_GRADE =
  /(?:^|[—–|,;/·]|\s-\s)\s*(apprentice|helper|journeyman|jw|jman)\s*(?=$|[—–|,;/·(]|\s-\s|\s\d|\s(?:since|from)\b)/iu;
const GRADE_WORD: Record<string, string> = { apprentice: "Apprentice", helper: "Helper", journeyman: "Journeyman", jw: "Journeyman", jman: "Journeyman" };
const TRAINEE_GRADES: ReadonlySet<string> = new Set(["Apprentice", "Helper"]);
/** Trades an employer's name tells by its work ("… Electrical Constructors", "Alamo Plumbing"), as their tradesperson. */
const EMPLOYER_TRADES: readonly (readonly [RegExp, string])[] = [
  [/\belectric(?:al)?\b/iu, "Electrician"],
  [/\bplumbing\b/iu, "Plumber"],
  [/\bcarpentry\b/iu, "Carpenter"],
  [/\bpipefitting\b/iu, "Pipefitter"],
  [/\bwelding\b/iu, "Welder"],
  [/\broofing\b/iu, "Roofer"],
];

/** The catalogue title of a trade written as a title (its name or an alias), whole. */
function tradeTitle(ctx: EngineContext, words: string) {
  const hit = ctx.catalogue.titleMatcher.findAll(words).find((h) => h.start === 0 && h.end === words.length);
  return hit ? (ctx.catalogue.title(hit.value) ?? null) : null;
}

/**
 * The trade a résumé is headed with: the catalogue title on its first lines, before any section heading ("THANH
 * NGUYEN — JW ELECTRICIAN"), when it is one of the Construction & Skilled Trades.
 */
function headlineTrade(scan: Scan<ResumeSection>, ctx: EngineContext, cache: TitleCache): string | null {
  for (const line of scan.doc.lines.slice(0, 4)) {
    if (line.heading) break;
    const found = exactTitle(scan, ctx, line, cache);
    if (found) return found.careerGroup === TRADES_GROUP ? found.name : null;
  }
  return null;
}
const TRADES_GROUP = "Construction & Skilled Trades";

/** A trade's grade written alone on an entry's title lines (TRADE_GRADE): the line, the grade and where it is written. */
interface GradeWritten {
  line: ResumeLine;
  grade: string;
  start: number;
  end: number;
}

function gradeWritten(lines: readonly ResumeLine[]): GradeWritten | null {
  for (const line of lines) {
    const m = TRADE_GRADE.exec(line.text);
    if (!m) continue;
    const start = line.start + m.index + m[0].lastIndexOf(m[1]!);
    return { line, grade: GRADE_WORD[m[1]!.toLowerCase()]!, start, end: start + m[1]!.length };
  }
  return null;
}

/** The trade an employer's name tells (EMPLOYER_TRADES), if any. */
const employerTrade = (employer: string | null): string | null =>
  (employer && EMPLOYER_TRADES.find(([re]) => re.test(employer))?.[1]) || null;

/**
 * The title of a trade's grade written alone, in the given trade: "Apprentice Electrician", "Electrician Helper",
 * "Journeyman Electrician" where the catalogue names it so, else the trade itself; an apprentice's or helper's at
 * entry level. Null when the trade is not one of the Construction & Skilled Trades.
 */
function gradeTitle(ctx: EngineContext, text: string, written: GradeWritten, trade: string): TitleFound | null {
  const { grade } = written;
  const title = tradeTitle(ctx, `${grade} ${trade}`) ?? tradeTitle(ctx, `${trade} ${grade}`) ?? tradeTitle(ctx, trade);
  if (!title || title.career_group !== TRADES_GROUP) return null;
  const shown = text.slice(written.start, written.end);
  return {
    line: written.line,
    written: shown,
    shown,
    id: title.id,
    name: title.name,
    careerGroup: title.career_group,
    levels: TRAINEE_GRADES.has(grade) ? ["entry"] : [],
  };
}

/**
 * The trade of a résumé's positions: the most recent position held in one of the trades at a tradesperson's grade
 * (not as an apprentice or helper), as a recruiter reads a bare "helper" below two electrician posts.
 */
function positionsTrade(ctx: EngineContext, positions: readonly Position[]): string | null {
  for (const p of [...positions].sort(mostRecentFirst)) {
    if (p.careerGroup !== TRADES_GROUP || p.titleId === null || p.levels.includes("entry") || p.levels.includes("intern")) continue;
    const title = ctx.catalogue.title(p.titleId);
    if (title && !/\b(?:apprentice|helper|trainee)\b/iu.test(title.name)) return title.name;
  }
  return null;
}

/**
 * The job title belonging to a date range, among the lines that may hold it (`titleLines`): on the same line, else
 * on the line above, then the line below or two lines above, in the order the section's layout makes likelier (the
 * usual layouts: "Title, Company  2019 – 2021", "Title\nCompany · 2019 – 2021", "Company\nTitle\nDates",
 * "Title\nCompany\nDates", "Dates\nTitle"). Lines that carry their own date range or look like bullets belong to
 * something else.
 *
 * Titles are recognised by catalogue names and aliases as whole words; the fuzzy normalizer is not used here
 * because it costs milliseconds per call, and a résumé has many lines that are not titles.
 */
function titleFor(scan: Scan<ResumeSection>, ctx: EngineContext, candidates: readonly ResumeLine[], cache: TitleCache): TitleFound | null {
  for (const line of candidates) {
    const found = exactTitle(scan, ctx, line, cache);
    if (found) return found;
  }
  return null;
}

/** The lines that may hold a date line's title, in the order titleFor tries them (see there). */
function titleLines(scan: Scan<ResumeSection>, lineIndex: number, rangesByLine: Map<number, MonthInterval[]>): ResumeLine[] {
  const lines = scan.doc.lines;
  const home = lines[lineIndex]!;
  const datesFirst = entriesStartWithDates(lines, home, rangesByLine);
  const out: ResumeLine[] = [];
  // The line above the dates may be the wrapped end of the employer's ("Kessler Precision Components (automotive
  // stampings, 450" / "employees), Joliet, IL"): the title is then a line further up.
  const wrapped = !datesFirst && lineIndex >= 1 && wrapsLineAbove(lines, lines[lineIndex - 1]!, home);
  for (const offset of datesFirst ? [0, -1, 1, -2] : wrapped ? [0, -1, -2, -3, 1] : [0, -1, -2, 1]) {
    const line = lines[lineIndex + offset];
    if (!line || line.heading || line.section !== home.section) continue;
    if (offset !== 0 && (rangesByLine.has(line.index) || BULLET.test(line.text))) continue;
    // Where entries start with their title, a line below whose dates follow two lines further heads the next entry.
    if (offset === 1 && !datesFirst && rangesByLine.has(line.index + 2)) continue;
    // So does a line below right above its own dates, where this entry has its head above its dates too ("Regional
    // Director — Marisol & Finch\nSeattle, WA | 2015 – 2019\nStore Manager — Harbor Lane\nTacoma, WA | 2001 – 2005").
    if (offset === 1 && !datesFirst && rangesByLine.has(line.index + 1) && headAbove(lines, home, rangesByLine)) continue;
    // A title two (or, over a wrapped line, three) lines above whose next line has its own dates is that line's.
    if (offset <= -2 && rangesByLine.has(line.index + 1)) continue;
    if (offset === -3 && rangesByLine.has(line.index + 2)) continue;
    if (offset !== 0 && line.tokens.length > MAX_TITLE_LINE_WORDS) continue;
    out.push(line);
  }
  return out;
}

/** Whether the line above a date line can head its entry: a short undated line of the same section, no bullet. */
function headAbove(lines: readonly ResumeLine[], home: ResumeLine, rangesByLine: ReadonlyMap<number, readonly MonthInterval[]>): boolean {
  const above = lines[home.index - 1];
  return (
    !!above && !above.heading && above.section === home.section && !rangesByLine.has(above.index) &&
    !BULLET.test(above.text) && above.tokens.length <= MAX_TITLE_LINE_WORDS && !/[.!?]$/u.test(above.text)
  );
}

/**
 * The employer of an untitled entry named beside its role on the entry's head line: the line below a date line
 * alone where entries start with their dates ("2017 – 2020\nPharmacy Intern — Valley Value Pharmacy, Hamilton, OH"),
 * else the line above it ("Junior Developer — Cascade Web Studio\nJuly 2019 – July 2020"). See employerAfterRole.
 */
function roleLineEmployer(
  scan: Scan<ResumeSection>,
  line: ResumeLine,
  rangesByLine: ReadonlyMap<number, readonly MonthInterval[]>,
): EmployerFound | null {
  const datesFirst = entriesStartWithDates(scan.doc.lines, line, rangesByLine);
  const head = scan.doc.lines[line.index + (datesFirst ? 1 : -1)];
  if (!head || head.heading || head.section !== line.section || rangesByLine.has(head.index)) return null;
  return employerAfterRole(head);
}

/**
 * Whether a line of an entry's head is the wrapped end of the line above it: it starts with a lower-case word and the
 * line above, in the same section, ends without closing its sentence or item ("… (automotive stampings, 450" /
 * "employees), Joliet, IL").
 */
function wrapsLineAbove(lines: readonly ResumeLine[], line: ResumeLine, home: ResumeLine): boolean {
  const above = lines[line.index - 1];
  return (
    !!above && !above.heading && above.section === home.section && line.section === home.section &&
    CONTINUATION.test(line.text) && !BULLET.test(above.text) && !ITEM_END.test(above.text)
  );
}

/**
 * Whether the entries of the date line's section start with their dates: its first line holds a date range. Then the
 * line below a date line is its title ("2019 – 2021\nEngineer"); otherwise it is more likely the first line of the next
 * entry, and a title two lines above comes first ("Engineer\nAcme\n2019 – 2021\n\nAnalyst\nBeta\n2016 – 2019").
 */
function entriesStartWithDates(
  lines: readonly ResumeLine[],
  home: ResumeLine,
  rangesByLine: ReadonlyMap<number, readonly MonthInterval[]>,
): boolean {
  return rangesByLine.has(sectionRunStarts(lines)[home.index]!);
}

const runStarts = new WeakMap<readonly ResumeLine[], Int32Array>();

/**
 * For each line, the first line of the run it ends: the lines above it back to a heading or a line of another
 * section. Worked out once per document; walking back from every date line was quadratic (thousands of date lines).
 */
function sectionRunStarts(lines: readonly ResumeLine[]): Int32Array {
  let starts = runStarts.get(lines);
  if (!starts) {
    starts = new Int32Array(lines.length);
    for (let i = 0; i < lines.length; i++) {
      const joins = i > 0 && !lines[i - 1]!.heading && lines[i - 1]!.section === lines[i]!.section;
      starts[i] = joins ? starts[i - 1]! : i;
    }
    runStarts.set(lines, starts);
  }
  return starts;
}

// The status of a credential before its dates: "active since 2020", "licensed since 2019", "issued 2019", "valid
// 2021 – 2024", "expires: 2027". Looked for in the STATUS_WINDOW characters before the dates.
const STATUS_WINDOW = 60;
const SINCE_AT = /since\b/iuy;
const CREDENTIAL_STATUS =
  /\b(?:active|valid|current|held|licensed|certified|registered|issued|expires?|expired|expiring|expiry|exp|renewed|obtained|earned|granted|awarded|passed|in good standing)\b[\s:.,-]*(?:(?:from|since|on|in|through|thru|until|till)\s+)?$/iu;

const LICENCE_END = /\blicen[cs](?:es?|ure)$/iu;

// A line that starts with a credential named by its kind: "Texas Residential Wireman License (2021-2024, upgraded)",
// "• Oklahoma Journeyman Electrician License, Construction Industries Board — active since 2020".
const firstPart = (text: string): string => text.replace(BULLET, "").split(/[,|·•—–(]|\s-\s/u, 1)[0]!.trim();

/**
 * The date ranges of a line that are a job's, not a credential's. On a line that names no job title (outside the
 * licences it names), none are when the line starts with a credential named by its kind ("Texas Residential Wireman
 * License (2021-2024)"), and on a line that names a catalogue certification, a "since" date or one after a credential
 * status is not ("OSHA 30, issued 2021 – expires 2026", "journeyman license held since 2009"). Wherever the line sits:
 * under an unrecognised heading it reads as part of the work history.
 */
function employmentRanges(
  scan: Scan<ResumeSection>,
  ctx: EngineContext,
  line: ResumeLine,
  ranges: MonthInterval[],
  cache: TitleCache,
): MonthInterval[] {
  if (ranges.length === 0) return ranges;
  // "… Wireman License" opens with a licence whatever the catalogue knows; "Hallmark Cards" or "Building Permits"
  // open with a credential only when the line names a catalogue certification.
  const first = firstPart(line.text);
  const startsWithCredential = LICENCE_END.test(first) || (CREDENTIAL_KIND.test(first) && cache.credentials.lines.has(line.index));
  if (!startsWithCredential && !cache.credentials.lines.has(line.index)) return ranges;
  if (exactTitle(scan, ctx, line, cache) !== null) return ranges;
  if (startsWithCredential) return [];
  return ranges.filter((range) => {
    const at = range.from - line.start;
    SINCE_AT.lastIndex = at;
    return !SINCE_AT.test(line.text) && !CREDENTIAL_STATUS.test(line.text.slice(Math.max(0, at - STATUS_WINDOW), at));
  });
}

// The rank of a title the catalogue does not know, as written in the first short part of its lines that names one:
// "Regional Director, Pacific Northwest" (a region after the comma is no function), "Area Director", "SVP,
// Merchandising". Only ranks of people leaders (manager and above): "Associate" or "II" in an unknown title may be
// the name of a grade or a team.
const TITLE_PART_BREAK = /\s*(?:[,|·•—–(]|\s-\s)\s*/u;
const MAX_RANK_TITLE_WORDS = 6;

export function writtenRank(ctx: EngineContext, titleLines: string | undefined): JobLevel[] | null {
  for (const line of titleLines?.split("\n") ?? []) {
    for (const part of line.replace(BULLET, "").split(TITLE_PART_BREAK)) {
      const words = part.split(/\s+/u).filter(Boolean);
      if (words.length === 0 || words.length > MAX_RANK_TITLE_WORDS || /\d/u.test(part) || !/^\p{Lu}/u.test(part)) continue;
      const ranks = readLevels(ctx, part).filter((l) => levelRank(l) >= levelRank("manager"));
      if (ranks.length) return ranks;
    }
  }
  return null;
}

// Dates told in a sentence, not set on an entry line: "Six years as a paralegal at a creditors' rights firm … and,
// since 2024, discovery and trial support", "Class A CDL that I have kept current since I drove over the road in
// 2016–2017". Anywhere, a sentence with the writer as its subject ("I have worked as … since 2019") holds no entry;
// in a summary, profile or untitled part, nor does one of the writer's (my, we, our), a sentence of prose longer than
// a title line (MAX_TITLE_LINE_WORDS words, half of them in lower case) or one going on from the line above (a
// lower-case start). An entry written on one line stays one: "Paralegal at Smith & Co since 2019", "Bookkeeper at a
// feed store in Purdy, MO (2011–2018). It taught me to keep my paperwork straight."
const PROSE_SECTIONS: ReadonlySet<ResumeSection> = new Set(["summary", "preamble", "other"]);
const SENTENCE_BREAK = /[.!?]["')\]]?\s+(?=["'(]?\p{Lu})/gu;
// "I" as a subject: contracted, or before a verb in lower case; not the grade of a title ("Software Engineer I at
// Acme, 2018 – 2019", "Analyst I and II").
const WRITER_SUBJECT = /(?<![\p{L}'’])I(?:['’](?:ve|m|d)\b|\s+(?!(?:at|in|of|for|with|and|or|to|on|from|under)\b)\p{Ll})/u;
const WRITER = /\b(?:my|we|our)\b/iu;

// How far around the dates a sentence is looked for: a long line with many dates stays linear.
const SENTENCE_WINDOW = 400;

/**
 * The sentence of `text` holding the characters from `from` to `to` (offsets in `text`), within SENTENCE_WINDOW, and
 * its part before them.
 */
function sentenceAround(whole: string, at: number, upto: number): { sentence: string; before: string } {
  const offset = Math.max(0, at - SENTENCE_WINDOW);
  const text = whole.slice(offset, upto + SENTENCE_WINDOW);
  const from = at - offset;
  const to = upto - offset;
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(SENTENCE_BREAK)) {
    const after = m.index + m[0].length;
    if (after <= from) start = after;
    else if (m.index >= to) {
      end = m.index + 1;
      break;
    }
  }
  return { sentence: text.slice(start, end), before: text.slice(start, Math.max(start, from)) };
}

export function datesInProse(line: ResumeLine, range: MonthInterval): boolean {
  const text = line.text.replace(BULLET, (b) => " ".repeat(b.length));
  const around = sentenceAround(text, range.from - line.start, range.to - line.start);
  const sentence = around.sentence.trim();
  const prose = PROSE_SECTIONS.has(line.section);
  // Outside a summary the writer must be the subject before the dates are told ("… that I have kept current since I
  // drove over the road in 2016–2017"): dates heading a first-person entry are its own ("Walmart (2015–2019): I
  // managed a team of 12", "2015 – 2019: I worked as a charge nurse at Mercy Hospital").
  if (WRITER_SUBJECT.test(prose ? sentence : around.before)) return true;
  if (!prose) return false;
  if (WRITER.test(sentence) || CONTINUATION.test(sentence)) return true;
  // Prose is mostly words in lower case; a pasted entry line of names and dates is not ("Acme · Full-time Nov 2005 -
  // Feb 2022 · 16 yrs 4 mos…").
  const words = sentence.split(/\s+/u).filter((w) => /\p{L}/u.test(w));
  return words.length > MAX_TITLE_LINE_WORDS && words.filter((w) => /^\p{Ll}/u.test(w)).length * 2 >= words.length;
}

// A line that goes on from the one above it: it starts with a lower-case word ("completed; investigate incidents …").
const CONTINUATION = /^\s*\p{Ll}/u;
// The end of a sentence or of a listed item: after it, the next line starts anew.
const ITEM_END = /[.!?;:]\s*$/u;

/**
 * A bullet, or a line that goes on from one: lower-case, or after a bullet line cut off mid-sentence when its first
 * word outside its dates is lower-case or it has none ("- On the hiring committee" / "(2023–2024)."). A line whose
 * words start with a capital starts anew: "• Led the migration to Kubernetes" / "Weekend Instructor, Code Camp Academy
 * Mar 2018 – Dec 2020" is an entry of its own.
 */
function partOfBullet(scan: Scan<ResumeSection>, line: ResumeLine, ranges: readonly MonthInterval[]): boolean {
  if (BULLET.test(line.text) || CONTINUATION.test(line.text)) return true;
  const above = scan.doc.lines[line.index - 1];
  if (!above || above.section !== line.section || above.heading || !BULLET.test(above.text) || ITEM_END.test(above.text)) return false;
  let words = "";
  let at = line.start;
  for (const r of [...ranges].sort((a, b) => a.from - b.from)) {
    words += scan.doc.text.slice(at, Math.max(at, r.from)) + " ";
    at = Math.max(at, r.to);
  }
  words += scan.doc.text.slice(at, line.end);
  return !/^[^\p{L}]*\p{Lu}/u.test(words);
}

/**
 * Whether a line's dates tell of something within the position above, not a position of their own: a bullet or a
 * wrapped sentence of its duties that names no title, whose dates all fall inside that position's ("- No direct
 * responsibility for a shift since 2019." under "2019 – Present"; "member of the safety committee (2024–2025)").
 * A bullet that names a title stays a position: "• Senior Analyst, 2019 – 2022" under the employer's own dates.
 */
function detailOfEntry(
  scan: Scan<ResumeSection>,
  ctx: EngineContext,
  line: ResumeLine,
  ranges: readonly MonthInterval[],
  entryRanges: readonly MonthInterval[],
  entryLine: ResumeLine,
  cache: TitleCache,
): boolean {
  const sentence = dutySentence(line);
  if (!sentence && !partOfBullet(scan, line, ranges)) return false;
  if (!ranges.every((r) => entryRanges.some((e) => e.start <= r.start && r.end <= e.end))) return false;
  if (exactTitle(scan, ctx, line, cache) === null) return true;
  // A role told in a sentence of the job's duties is part of that job ("Charge nurse on nights since 2024; preceptor
  // for 6 new graduates."), not a position of its own: only under an entry that has its own title, and only when
  // descriptive words or an open "since" follow the role. A role followed by a separator or its own range is a
  // promotion under one employer ("• Charge Nurse, 2019 – present; supervise …", "- Senior Accountant from 2021 to
  // present; …"), and so is every dated role under an entry headed by the employer alone.
  return sentence && entryTitled(scan, ctx, entryLine, cache) && !roleThenDates(scan, ctx, line, ranges, cache);
}

/** Whether an entry's line, or the line right above it with no year (its head), has a title. */
function entryTitled(scan: Scan<ResumeSection>, ctx: EngineContext, entryLine: ResumeLine, cache: TitleCache): boolean {
  if (exactTitle(scan, ctx, entryLine, cache) !== null) return true;
  const above = scan.doc.lines[entryLine.index - 1];
  return !!above && !above.heading && above.section === entryLine.section && !BULLET.test(above.text) &&
    !/\b(?:19|20)\d{2}\b/u.test(above.text) && exactTitle(scan, ctx, above, cache) !== null;
}

// What may stand between a role and its own dates: separators, "from", "between", "in" ("Senior Accountant from 2021").
const ROLE_DATE_GAP = /^[\s,;:|()\[\]·•–—-]*(?:(?:from|between|in|during|dates?)\b[\s,:]*)?$/iu;

/** Whether a line's title is followed right away by its first date range (a role with its own dates, not prose). */
function roleThenDates(
  scan: Scan<ResumeSection>,
  ctx: EngineContext,
  line: ResumeLine,
  ranges: readonly MonthInterval[],
  cache: TitleCache,
): boolean {
  const found = titleOnLine(ctx, scan.doc.text, line, cache.credentials.licences.get(line.index));
  if (!found) return false;
  const first = ranges.reduce((a, b) => (b.from < a.from ? b : a));
  if (first.from < found.end) return false;
  // An open "since" date tells how long the role has gone on within the job: "bedside nurse since 2024".
  if (/^\W*since\b/iu.test(scan.doc.text.slice(first.from, first.to))) return false;
  return ROLE_DATE_GAP.test(scan.doc.text.slice(found.end, first.from));
}

// A sentence's end: a word or year of three characters or more and a full stop, or a clause break ("…since 2024; preceptor …").
const SENTENCE_CLOSE = /[\p{L}\p{N}]{3}[.!?]["')\]]?\s*$|;\s+\p{L}/u;
const MIN_SENTENCE_WORDS = 6;

/**
 * Whether a line reads as a sentence of an entry's duties rather than an entry line: it closes a sentence or breaks a
 * clause, and most of its words (MIN_SENTENCE_WORDS at least) are in lower case ("Charge nurse on nights about twice
 * a month since 2025."). An entry line is names and dates: "Senior Analyst, Acme Corp, 2019 – 2022".
 */
function dutySentence(line: ResumeLine): boolean {
  if (!SENTENCE_CLOSE.test(line.text)) return false;
  const words = line.text.split(/\s+/u).filter((w) => /\p{L}/u.test(w));
  return words.length >= MIN_SENTENCE_WORDS && words.filter((w) => /^[^\p{L}]*\p{Ll}/u.test(w)).length * 2 > words.length;
}

// A line that ends inside a date range, after its start and the word or dash that joins it to its end: "Corporate
// Accountant — Lumenfield Software (July 2024 to" / "present)", as a narrow column or a PDF wraps it; also inside "to
// the present" ("April 2021 to the" / "present").
const OPEN_RANGE_AT_END = /\d{4}\s*(?:-{1,2}|–|—|−|~|to|till|until|through|thru)(?:\s+the)?\s*$/iu;

/**
 * The date ranges a line starts and its next line ends (a range cut by a line wrap), read on the two lines with the
 * break between them as spaces, so offsets stay those of the text.
 */
function wrappedRanges(scan: Scan<ResumeSection>, line: ResumeLine, now: Date): MonthInterval[] {
  const next = scan.doc.lines[line.index + 1];
  if (!next || next.heading || next.section !== line.section || !OPEN_RANGE_AT_END.test(line.text)) return [];
  const text = scan.doc.text;
  const joined = text.slice(line.start, line.end) + text.slice(line.end, next.start).replace(/\s/gu, " ") + text.slice(next.start, next.end);
  return findDateRanges(joined, now, line.start).filter((r) => r.from < line.end && r.to > next.start);
}

/**
 * The single month or season dating an entry of a work history that gives no range: "Lifeguard, City Pool, Summer
 * 2019", "Summer 2019" alone above its title, "Pharmacist (locum), CVS — Nov 2025". Only on a short line of the
 * experience section that is no bullet, no wrapped sentence and no sentence of its own, with one such date that opens
 * or closes the line: a date in the middle of a line ("Completed the audit in March 2020 ahead of schedule") is an
 * event, not an entry.
 */
function entrySingleDate(line: ResumeLine, now: Date): MonthInterval | null {
  if (line.section !== "experience" || BULLET.test(line.text) || CONTINUATION.test(line.text)) return null;
  if (line.tokens.length > MAX_TITLE_LINE_WORDS || /\p{L}{4}[.!?]$/u.test(line.text.slice(-5))) return null;
  const dates = findSingleDates(line.text, now, line.start);
  if (dates.length !== 1) return null;
  const [date] = dates as [MonthInterval];
  const before = scanTextSlice(line, line.start, date.from);
  const after = scanTextSlice(line, date.to, line.end);
  return /[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(after) ? null : date;
}

const scanTextSlice = (line: ResumeLine, from: number, to: number): string => line.text.slice(from - line.start, to - line.start);

/**
 * The ranges of a line, the first with the start month the line above ends with when the line starts with a bare
 * year ("Company Driver, …, Springdale, AR Mar" / "2016 – May 2019"; see withStartMonthAbove).
 */
function startMonthAbove(scan: Scan<ResumeSection>, line: ResumeLine, ranges: MonthInterval[]): MonthInterval[] {
  const above = scan.doc.lines[line.index - 1];
  if (ranges.length === 0 || !above || above.heading || above.section !== line.section) return ranges;
  const first = withStartMonthAbove(ranges[0]!, line.text, line.start, above.text);
  return first === ranges[0] ? ranges : [first, ...ranges.slice(1)];
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
  const cache: TitleCache = { titles: new Map(), credentials: credentialsOf(scan, ctx) };
  const rangesByLine = new Map<number, MonthInterval[]>();
  // The ranges of the last entry line read, while its section goes on: a detail line's dates inside them are its.
  let entry: { section: ResumeSection; ranges: MonthInterval[]; line: ResumeLine } | null = null;
  for (const line of scan.doc.lines) {
    if (line.heading || line.section !== entry?.section) entry = null;
    if (line.heading || NOT_EMPLOYMENT.has(line.section) || educationLines.has(line.index)) continue;
    // A range cut by the line's wrap is read whole before the open start this line alone would show ("Jan 2024 –").
    const found = [...wrappedRanges(scan, line, now), ...startMonthAbove(scan, line, findDateRanges(line.text, now, line.start))];
    const single = found.length === 0 ? entrySingleDate(line, now) : null;
    // A single month inside the entry above is an event of that job ("Promoted to Lead, March 2020").
    if (single && entry?.ranges.some((e) => e.start <= single.start && single.end <= e.end)) continue;
    const kept = (single ? [single] : leftmostOfOverlapping(found).sort((a, b) => a.from - b.from)).filter(
      (r) => !datesInProse(line, r),
    );
    const ranges = employmentRanges(scan, ctx, line, kept, cache);
    if (ranges.length === 0) continue;
    if (entry && detailOfEntry(scan, ctx, line, ranges, entry.ranges, entry.line, cache)) continue;
    rangesByLine.set(line.index, ranges);
    entry = { section: line.section, ranges, line };
  }

  const positions: Position[] = [];
  const anchors: { position: Position; first: number; home: number }[] = [];
  const seen = new Set<string>();
  const isTitleLine = (l: ResumeLine) => exactTitle(scan, ctx, l, cache) !== null;
  const entries = [...rangesByLine].flatMap(([lineIndex, ranges]) => {
    const line = scan.doc.lines[lineIndex]!;
    const pieces = ranges.length > 1 ? rolePieces(scan, ctx, line, ranges, cache) : null;
    if (pieces) {
      return pieces.map((piece) => ({
        ...piece,
        untitled: piece.title ? undefined : piece.line.text,
        found: employerOf(scan, piece.line, piece.title, now, rangesByLine, isTitleLine),
      }));
    }
    const candidates = titleLines(scan, lineIndex, rangesByLine);
    const title = titleFor(scan, ctx, candidates, cache);
    // Without a catalogue title, the lines where it would be written, for a reader who knows the posting's title.
    const untitled = title ? undefined : candidates.map((l) => l.text).join("\n");
    return [{ line, ranges, title, untitled, found: employerOf(scan, line, title, now, rangesByLine, isTitleLine) }];
  });
  inheritGroupEmployers(scan, entries);
  const layouts = employerLayouts(entries);
  const spans = entrySpans(scan.doc.lines, entries.map(({ line, title }) => Math.min(line.index, title?.line.index ?? line.index)));
  const boundaries: number[] = [];
  const unpaid: number[] = [];
  // Positions whose title is a trade's grade alone, with no trade in the employer's name (see gradeWritten).
  const ungraded: { position: Position; grade: GradeWritten }[] = [];
  for (const { line, ranges, title, untitled, found: read } of entries) {
    const lineIndex = line.index;
    const first = Math.min(lineIndex, title?.line.index ?? lineIndex);
    const entryLines = scan.doc.lines.slice(first, (spans.get(first) ?? lineIndex) + 1);
    if (volunteerEntry(title, entryLines)) {
      // Not employment, yet its lines end the entry above: its duties are not that job's.
      unpaid.push(lineIndex);
      boundaries.push(first);
      continue;
    }
    const found = title ? read : (untitledEmployer(scan, line, layouts, rangesByLine) ?? read ?? roleLineEmployer(scan, line, rangesByLine));
    // A known city run onto the employer by a PDF's column merging ("Danggeun Pay Inc. Seoul") is not its name.
    const written = found === null ? null : pastedName(found.name);
    const employer = written === null ? null : (splitTrailingCity(written)?.name ?? written);
    // A trade's grade written alone is the employer's trade, else the résumé's (TRADE_GRADE): read after all entries.
    const grade = title ? null : gradeWritten(titleLines(scan, lineIndex, rangesByLine));
    const byEmployer = grade && employerTrade(employer);
    const graded = grade && byEmployer ? gradeTitle(ctx, text, grade, byEmployer) : null;
    // The employer is read beside a catalogue title; without one, the first part of the line may be the title, or
    // the entry's heading line above the dates may name it ("Data Analytics Intern — Acme\nMay – Aug 2024").
    const head = title ? null : entryHead(scan, line, rangesByLine);
    const shareLines = title && title.line !== line ? [title.line, line] : head ? [head, line] : [line];
    const byTitle = positionShare(shareLines, title?.written ?? null, title ? employer : null);
    const trainee = byTitle === TRAINEE_SHARE || entryLines.some((l) => WHILE_STUDYING.test(l.text));
    const share = trainee ? TRAINEE_SHARE : byTitle;
    // A trainee position without level words was held at intern level, whatever its title.
    const held = title ?? graded;
    const levels: JobLevel[] = held?.levels.length ? held.levels : trainee ? ["intern"] : held ? [] : (writtenRank(ctx, untitled) ?? []);
    for (const range of ranges) {
      // Pasted profiles repeat entries; the same title over the same months is one position.
      const key = `${range.start}:${range.end}:${held?.id ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const position: Position = {
        title: held?.shown ?? null,
        // A gendered catalogue name ("Foreman") is shown in its neutral form, for every candidate alike.
        catalogueTitle: held ? neutralName(held.name) : null,
        employer,
        titleId: held?.id ?? null,
        careerGroup: held?.careerGroup ?? null,
        levels,
        start: monthLabel(range.start),
        end: monthLabel(range.end - 1),
        months: range.end - range.start,
        current: range.current,
        share,
        ...(trainee ? { trainee: true as const } : {}),
        skills: [],
        ...(untitled === undefined || graded ? {} : { titleLines: untitled }),
        evidence: {
          snippet: positionSnippet(text, line, title?.line ?? null, range),
          section: line.section,
          confidence: title ? 0.9 : 0.75,
        },
      };
      positions.push(position);
      if (grade && !graded) ungraded.push({ position, grade });
      anchors.push({ position, first: Math.min(lineIndex, title?.line.index ?? lineIndex), home: lineIndex });
    }
  }
  if (ungraded.length) {
    const trade = positionsTrade(ctx, positions) ?? headlineTrade(scan, ctx, cache);
    for (const { position, grade } of trade ? ungraded : []) {
      const found = gradeTitle(ctx, text, grade, trade!);
      if (!found) continue;
      Object.assign(position, {
        title: found.shown,
        catalogueTitle: found.name,
        titleId: found.id,
        careerGroup: found.careerGroup,
        levels: found.levels.length ? found.levels : position.levels,
      });
      delete position.titleLines;
    }
  }
  for (const lineIndex of unpaid) rangesByLine.delete(lineIndex);
  assignSkills(scan, anchors, boundaries, positionLines);
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

const MAX_ROLES_ON_LINE = 6;

/**
 * Roles written one after another on one line, each with its dates, set apart by semicolons: "Barista, Bean Co.
 * 2016–2017; Shift Lead, Bean Co. 2017–2019". Each piece is read as an entry line of its own, its title its own (none
 * where the catalogue knows none), when every piece holds one range and words of its own and one piece at least names
 * a catalogue title; else null ("Cashier, Target, 2015 – 2017; 2019 – 2021" is one role held twice).
 */
function rolePieces(
  scan: Scan<ResumeSection>,
  ctx: EngineContext,
  line: ResumeLine,
  ranges: readonly MonthInterval[],
  cache: TitleCache,
): { line: ResumeLine; ranges: MonthInterval[]; title: TitleFound | null }[] | null {
  // A line of more roles than a career has in one place is no such line (and is not worth a title lookup per piece).
  if (ranges.length > MAX_ROLES_ON_LINE || !line.text.includes(";")) return null;
  const out: { line: ResumeLine; ranges: MonthInterval[]; title: TitleFound | null }[] = [];
  const sorted = [...ranges].sort((a, b) => a.from - b.from);
  let start = line.start;
  let r = 0;
  let t = 0;
  for (const part of line.text.split(";")) {
    const end = start + part.length;
    // Ranges and tokens are in order: each piece takes the next ones that end within it.
    const own: MonthInterval[] = [];
    while (r < sorted.length && sorted[r]!.from < end) own.push(sorted[r++]!);
    if (own.some((x) => x.from < start || x.to > end)) return null;
    const tokens = [];
    while (t < line.tokens.length && line.tokens[t]!.start < end) tokens.push(line.tokens[t++]!);
    const lead = part.length - part.trimStart().length;
    const piece: ResumeLine = { ...line, start: start + lead, end: start + part.trimEnd().length, text: part.trim(), tokens };
    start = end + 1;
    // A piece without dates is a note between the roles ("promoted 2017").
    if (own.length === 0) continue;
    if (own.length !== 1) return null;
    // A piece of dates alone ("…, 2015 – 2017; 2019 – 2021") is the role before it held again.
    const words = piece.text.slice(0, own[0]!.from - piece.start) + piece.text.slice(own[0]!.to - piece.start);
    if (!/\p{L}{2}/u.test(words)) return null;
    out.push({ line: piece, ranges: own, title: titleFoundOn(scan, ctx, piece, cache.credentials.licences.get(line.index)) });
  }
  return out.length > 1 && out.some((p) => p.title) ? out : null;
}

/**
 * Roles held one after another under one employer's name: "Mayo Clinic, Rochester, MN\nNurse Practitioner, 2019 –
 * Present\nRegistered Nurse, 2014 – 2019". The employer, read from a line of its own above the first role's title,
 * heads the roles below it: a titled role of the same section that names no employer and follows directly, no
 * undated line in between but the duties of the role above, holds its post there too.
 */
function inheritGroupEmployers(
  scan: Scan<ResumeSection>,
  entries: { line: ResumeLine; title: TitleFound | null; found: { name: string; line: ResumeLine } | null }[],
): void {
  let group: { name: string; line: ResumeLine } | null = null;
  let last = -1;
  for (const entry of [...entries].sort((a, b) => a.line.index - b.line.index)) {
    const first = Math.min(entry.line.index, entry.title?.line.index ?? entry.line.index);
    const headed =
      entry.found && entry.found.line.index < first && !rangesOnLine(entry.found.line) && !BULLET.test(entry.found.line.text);
    const between = scan.doc.lines.slice(last + 1, first);
    const follows: boolean =
      group !== null && group.line.section === entry.line.section && between.every((l) => !l.heading && l.section === entry.line.section && BULLET.test(l.text));
    if (entry.found === null && entry.title && follows) entry.found = group;
    else group = headed ? entry.found : entry.found && follows && entry.found === group ? group : null;
    last = Math.max(entry.line.index, entry.title?.line.index ?? entry.line.index);
  }
}

const rangesOnLine = (line: ResumeLine): boolean => /\d{4}/u.test(line.text);

/**
 * The last line of each entry, by its first line: entries run to the line before the next entry's first line, within
 * the same section.
 */
function entrySpans(lines: readonly ResumeLine[], firsts: readonly number[]): Map<number, number> {
  const starts = [...new Set(firsts)].sort((a, b) => a - b);
  // Sorted and distinct: the next entry's first line is the next start.
  const spanEnd = (first: number, i: number): number => {
    const next = starts[i + 1] ?? lines.length;
    let end = first;
    while (end + 1 < next && !lines[end + 1]!.heading && lines[end + 1]!.section === lines[first]!.section) end++;
    return end;
  };
  return new Map(starts.map((s, i) => [s, spanEnd(s, i)]));
}

// A position's line where its writer says they stopped the hands-on work: "I no longer carry a patient assignment",
// "No longer at the bedside" (a bullet without a subject is the writer's), "I no longer install or terminate work
// myself", "I'm off the tools", "no direct patient care", "a non-clinical role". The writer must be the one who
// stopped: "so nurses no longer had to provide patient care documentation twice" and "so I no longer had to deploy
// each build by hand myself" (work automated away) say nothing of the kind, nor does a plain "no longer" about
// something else ("no longer needed a manual process").
const WRITER_NO_LONGER = String.raw`(?:\bI(?:'m|’m|\s+am)?\s+|^[\s\-–—•*▪●◦·]*)no longer\s+`;
const HANDS_OFF = new RegExp(
  [
    String.raw`${WRITER_NO_LONGER}(?:\w+ly\s+)?(?:carry|carrying|take|taking|have|having|hold|holding|do|doing|provide|providing|work|working)\s+(?:a\s+|any\s+|my\s+own\s+|regular\s+)*(?:patient|client|bedside|clinical|direct[\s-]care)\s+(?:assignments?|load|caseload|care|shifts?)\b(?!\s+(?:documentation|records?|plans?|notes?)\b)`,
    String.raw`${WRITER_NO_LONGER}(?:hands[\s-]on|at the bedside|on the tools)\b`,
    // "I no longer write production code myself"; not a chore removed ("no longer had to … myself").
    String.raw`\bI\s+no longer\s+(?!(?:had|have|has|needed|need)\s+to\b)[^.;:]{0,40}\bmyself\b`,
    String.raw`\bI(?:'m|’m|\s+am)\s+(?:now\s+)?off the tools\b`,
    String.raw`\bno (?:direct|hands[\s-]on|bedside) (?:patient |client )?care\b`,
    String.raw`\bnon[\s-]?clinical (?:role|position|post)\b`,
  ].join("|"),
  "iu",
);

/**
 * The lines of a position run from its title or date line, whichever comes first, to the line before the next
 * position's (or the next entry left out of the positions, `boundaries`), within the same section: "Title —
 * Employer / dates / bullets" is one entry. Skills mentioned there were used in that job. A position whose lines
 * say it stopped the hands-on work (HANDS_OFF) dates them to its start.
 */
function assignSkills(
  scan: Scan<ResumeSection>,
  anchors: { position: Position; first: number; home: number }[],
  boundaries: readonly number[],
  positionLines?: Map<number, string>,
): void {
  const ends = entrySpans(scan.doc.lines, [...anchors.map((a) => a.first), ...boundaries]);
  for (const { position, first } of anchors) {
    const last = ends.get(first)!;
    position.lines = { first, last };
    for (let i = first; i <= last && !position.handsOff; i++) if (HANDS_OFF.test(scan.doc.lines[i]!.text)) position.handsOff = true;
    // What a hands-off position's lines describe was last done hands-on when it began.
    const lastDone = position.handsOff ? position.start : position.end;
    if (positionLines) {
      for (let i = first; i <= last; i++) {
        const known = positionLines.get(i);
        if (known === undefined || known < lastDone) positionLines.set(i, lastDone);
      }
    }
    const ids = new Set<string>();
    for (const hit of scan.skills) if (hit.line.index >= first && hit.line.index <= last) ids.add(hit.value);
    position.skills = [...ids];
  }
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

// The posts a university gives its own students: teaching assistant, tutor, grader (recitations, office hours).
const STUDENT_POST = /\b(?:teaching assistant|tutor|grader)s?\b/iu;

/**
 * Posts a student holds at their own school: a position as a teaching assistant, tutor or grader whose entry names
 * the institution of one of the candidate's degrees ("Teaching Assistant, Introductory Statistics / Queen City
 * University Department of Economics" beside "B.S. Economics — Queen City University"). A university's teaching
 * assistants are its students: the post shows the subject was taught, not that it was done as a professional, so it
 * counts as trainee work (TRAINEE_SHARE, intern level without level words), like an internship. Read without the
 * degree's dates, which blind scoring does not use; a school's teaching assistant elsewhere (a classroom aide) and
 * any other job at the university are left as they are.
 */
export function markStudentJobs(experience: CandidateExperience, degrees: readonly Degree[]): void {
  const schools = degrees.map((d) => d.institution?.toLowerCase() ?? "").filter((s) => s.length >= 6);
  if (schools.length === 0) return;
  let marked = false;
  for (const p of experience.positions) {
    if (p.trainee || !STUDENT_POST.test(p.title ?? p.titleLines ?? "")) continue;
    // The entry's head as quoted, and for an untitled position the lines its title would be on.
    const entry = `${p.evidence.snippet}\n${p.titleLines ?? ""}`.toLowerCase();
    if (!schools.some((s) => entry.includes(s))) continue;
    p.trainee = true;
    p.share = TRAINEE_SHARE;
    if (p.levels.length === 0) p.levels = ["intern"];
    marked = true;
  }
  if (!marked) return;
  // The titles held, at the highest level of their positions as now read.
  for (const held of experience.titles) {
    const levels = experience.positions.filter((p) => p.titleId === held.id).map((p) => positionLevel(p.levels));
    if (levels.length) held.level = JOB_LEVELS[Math.max(...levels)]!;
  }
}
