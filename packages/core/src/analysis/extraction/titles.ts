import { JOB_LEVELS, type JobLevel } from "../../catalogue/normalizer.ts";
import { isStaffRank } from "../../catalogue/normalizer/levels.ts";
import type { Title } from "../../catalogue/types.ts";
import { partitionPoint } from "../../partition-point.ts";
import type { Match } from "../../text/matcher.ts";
import type { Token } from "../../text/tokens.ts";
import { perDocument, tokenEndingAt, tokenStartingAt, type Line } from "../text/document.ts";
import type { EngineContext } from "../types.ts";

export const levelRank = (level: JobLevel): number => JOB_LEVELS.indexOf(level);

/** Rank of the highest of a title's levels; a title without level words is read as mid-level. */
export const positionLevel = (levels: readonly JobLevel[]): number =>
  levels.length ? Math.max(...levels.map(levelRank)) : levelRank("mid");

export interface TitleMention {
  title: Title;
  /** The title as written with the level words around it ("Senior Software Engineer II"). */
  written: string;
  start: number;
  end: number;
  levels: JobLevel[];
}

/**
 * Widens a title match to the level words written next to it: up to two words before and one after, each a level
 * word joined to the title by spaces only, or by the period of an abbreviation before it ("Sr. Engineer"); never
 * across other punctuation: "Acme Partners — Engineer" stays "Engineer", nor onto a repeat of the title.
 */
function widen(ctx: EngineContext, text: string, tokens: readonly Token[], start: number, end: number): [number, number] {
  let first = tokenStartingAt(tokens, start);
  let last = tokenEndingAt(tokens, end);
  if (first === -1 || last === -1) return [start, end];
  const joined = (a: Token, b: Token) => /^\s+$/u.test(text.slice(a.end, b.start));
  // An abbreviated level word keeps its period: "Sr. Software Engineer", "Jr. Accountant".
  const joinedAfterAbbreviation = (a: Token, b: Token) => /^\.\s+$/u.test(text.slice(a.end, b.start)) && a.raw.length <= 3;
  const title = tokens.slice(first, last + 1).map((t) => t.norm);
  // "Staff" alone is no level: it is one before the head of a technical ladder ("Staff Software Engineer"), by
  // the normalizer's rule (isStaffRank), and the ordinary level before any other title ("Staff Accountant").
  const isLevel = (t: Token) => ctx.normalizer.detectLevels(t.raw).length > 0 || (t.norm === "staff" && isStaffRank(title));
  const joinedBefore = (a: Token, b: Token) => joined(a, b) || joinedAfterAbbreviation(a, b);
  for (let n = 0; n < 2 && first > 0 && joinedBefore(tokens[first - 1]!, tokens[first]!) && isLevel(tokens[first - 1]!); n++) {
    first--;
  }
  // A level word that opens the title again is the next one's ("Senior System Engineer Senior System Engineer", as
  // pasted profiles repeat it).
  const opensRepeat = tokens[last + 2]?.norm === title[0];
  if (last < tokens.length - 1 && joined(tokens[last]!, tokens[last + 1]!) && isLevel(tokens[last + 1]!) && !opensRepeat) last++;
  return [tokens[first]!.start, tokens[last]!.end];
}

/**
 * Level words of a title as written. "Staff" is read by the normalizer's rule (isStaffRank, catalogue/normalizer/
 * levels.ts): a rank above senior before the head of a technical ladder, no level elsewhere.
 */
export function readLevels(ctx: EngineContext, written: string): JobLevel[] {
  return ctx.normalizer.detectLevels(written);
}

/**
 * Seniority levels of a written title. Level words that belong to a catalogue alias rather than to the person
 * ("Staff Accountant" is an alias of Accountant) are dropped; role words of the title itself ("IT Director") stay.
 */
export function titleLevels(ctx: EngineContext, written: string, match: Match<string>, title: Title): JobLevel[] {
  const all = readLevels(ctx, written);
  const ofCanonical = new Set(ctx.normalizer.detectLevels(title.name));
  // An acronym stands for the whole title, its rank words included: "ASM" is an assistant store manager, "DON" a
  // director of nursing. Level words written around it still count ("Senior ASM").
  if (ACRONYM.test(match.surface) && !ACRONYM.test(title.name)) return [...new Set([...all, ...ofCanonical])];
  const ofAlias = ctx.normalizer.detectLevels(match.surface).filter((l) => !ofCanonical.has(l));
  return all.filter((l) => !ofAlias.includes(l));
}

const ACRONYM = /^\p{Lu}{2,6}$/u;

// Marks between the parts of an entry line ("LAB | HEAD RESEARCHER", "Acme Lab, Head Chef"): a title is never read
// across one, or words of two parts would make a title neither names ("Lab Head").
const PART_BREAK = /[|·•,;]/u;
const PART_BREAKS = new RegExp(PART_BREAK.source, "gu");

/** A stretch of a text, by its offsets. */
export interface Span {
  start: number;
  end: number;
}

// The kind of a credential written after the role it licenses: "Residential Wireman License", "Electrician's Licence".
// Sticky: tried where a title ends.
/** The words that name a credential by its kind: "License", "Licensure", "Card", "Certificate", "Permit", … */
export const CREDENTIAL_KIND_WORDS = "licen[cs]es?|licensure|cards?|certificates?|certifications?|credentials?|permits?";
const CREDENTIAL_AFTER = new RegExp(`(?:['’]s)?[^\\S\\r\\n]+(?:${CREDENTIAL_KIND_WORDS})\\b`, "iuy");
// A capitalised word after the credential's kind makes it part of another title: "Teacher Certification Specialist".
const TITLE_GOES_ON = /^[^\S\r\n]+\p{Lu}/u;

/**
 * The first catalogue title named on a line (names and aliases, whole words), with its level words. A title inside
 * one of the `licences` (the catalogue credentials on the line named by their kind, "Journeyman Electrician License";
 * in order and apart), or written before the kind of a credential ("Texas Residential Wireman License"), names the
 * licensed role, not a job held: it is passed over.
 */
export function titleOnLine(ctx: EngineContext, text: string, line: Line<string>, licences: readonly Span[] = []): TitleMention | null {
  const first = firstTitle(ctx, text, line, line.tokens, licences);
  if (first) return glossedTitle(ctx, text, line, first) ?? first;
  return studentEngineeringTitle(ctx, text, line) ?? rankOfFieldTitle(ctx, text, line);
}

// A title explained in brackets right after it, the employer's own name for a role glossed with the common one:
// "General Manager (store manager)", "Associate (Paralegal)", "Team Member (= Cashier)". The brackets hold nothing
// but the other title (after "i.e.", "=", "aka" or "equivalent to"): "Cashier (promoted to Shift Supervisor)",
// "Engineer (contract)" or "Store Manager (Acme Outdoor)" gloss nothing.
const GLOSS_OPEN = /\s*[(\[]\s*(?:(?:i\.\s?e\.|aka|a\.k\.a\.|equivalent to|equiv\.?|=)[,:]?\s*)?/iuy;
const GLOSS_CLOSE = /^\s*[)\]]/u;

/**
 * The title a mention is glossed with in brackets (GLOSS_OPEN): the catalogue title filling the brackets, written as
 * there; its levels are the gloss's own, else the mention's ("Team Lead (Software Engineer)" stays at lead level).
 */
function glossedTitle(ctx: EngineContext, text: string, line: Line<string>, first: TitleMention): TitleMention | null {
  GLOSS_OPEN.lastIndex = first.end;
  if (!GLOSS_OPEN.test(text) || GLOSS_OPEN.lastIndex > line.end) return null;
  const from = GLOSS_OPEN.lastIndex;
  const tokens = line.tokens.filter((t) => t.start >= from);
  const hit = ctx.catalogue.titleMatcher.findAll(text, [...tokens]).find((h) => h.start === from);
  const title = hit && ctx.catalogue.title(hit.value);
  if (!hit || !title || title.id === first.title.id) return null;
  const glossed = mention(ctx, text, line, hit, title);
  if (glossed.start !== from || !GLOSS_CLOSE.test(text.slice(glossed.end, line.end))) return null;
  return glossed.levels.length ? glossed : { ...glossed, levels: first.levels };
}

/**
 * The first catalogue title among `tokens`. A match across a part break is no title, but the words after the break
 * can still start one: the matcher takes the longest match, so "Dental, Practice Manager" (an alias across the comma)
 * would hide "Practice Manager" in "Brightside Dental, Practice Manager".
 */
function firstTitle(ctx: EngineContext, text: string, line: Line<string>, tokens: readonly Token[], licences: readonly Span[]): TitleMention | null {
  for (const hit of ctx.catalogue.titleMatcher.findAll(text, [...tokens])) {
    const title = ctx.catalogue.title(hit.value);
    if (!title || (licences[partitionPoint(licences, (l) => l.start <= hit.start) - 1]?.end ?? -1) >= hit.end) continue;
    CREDENTIAL_AFTER.lastIndex = hit.end;
    if (CREDENTIAL_AFTER.test(text) && !TITLE_GOES_ON.test(text.slice(CREDENTIAL_AFTER.lastIndex, CREDENTIAL_AFTER.lastIndex + 2))) continue;
    if (OWNERSHIP_ONLY.test(text.slice(hit.start, hit.end)) && !namesHaulage(text, line)) continue;
    const lastBreak = [...text.slice(hit.start, hit.end).matchAll(PART_BREAKS)].at(-1);
    if (!lastBreak) return crewRankOf(ctx, text, line, tokens, licences, hit) ?? mention(ctx, text, line, hit, title);
    const after = hit.start + lastBreak.index;
    return firstTitle(ctx, text, line, tokens.filter((t) => t.start > after), licences);
  }
  return null;
}

// A title written as a way of owning the business ("Owner-Operator", "Owner/Operator") says who runs it, not what
// the work is: a franchisee's, a café's or a daycare's owner-operator is no truck driver. The catalogue's trucking
// sense holds only where the entry names the haulage (on its line or the few after: a lease to a carrier, freight,
// loads, the tractor) or the document a CDL ("Owner-Operator, leased to Razorback Cold Freight"; "Owner-Operator
// Driver" is a title of its own).
const OWNERSHIP_ONLY = /^owner[\s/-]*operators?$/iu;
const HAULAGE =
  /\b(?:leased|lease|carriers?|freight|loads?|haul(?:s|ing|ers?|ed)?|tractors?|trailers?|reefer|dry\s+van|flatbed|tanker|cdl(?:-a)?|otr|over[\s-]the[\s-]road|trucks?|trucking|semis?|18[\s-]wheelers?|dispatch(?:ed|er)?|lanes?|miles)\b/iu;

// The lines after an owner-operator's title line that can still name the haulage: the entry's employer and first
// bullets ("Owner-Operator   2014 – 2026\nLee Transport LLC\n- 120,000 miles a year"), up to a blank line.
const HAULAGE_LINES_AFTER = 3;
// A commercial driver's licence anywhere in the document makes an owner-operator the trucking one.
const CDL = /\bcdl\b/iu;

const haulageLines = new WeakMap<Line<string>, boolean>();
const holdsCdl = perDocument(CDL);

/**
 * Whether an owner-operator's line names the haulage (HAULAGE), on itself or the few lines after it, or the document
 * holds a CDL. Worked out once per line (a line can hold thousands of owner-operators) and once per document: each
 * line is read by at most HAULAGE_LINES_AFTER + 1 lines, so the whole stays linear.
 */
function namesHaulage(text: string, line: Line<string>): boolean {
  let found = haulageLines.get(line);
  if (found !== undefined) return found;
  found = holdsCdl(text) || HAULAGE.test(text.slice(line.start, line.end));
  let at = line.end;
  for (let k = 0; !found && k < HAULAGE_LINES_AFTER; k++) {
    const open = text.indexOf("\n", at);
    if (open < 0) break;
    const close = text.indexOf("\n", open + 1);
    const next = text.slice(open + 1, close < 0 ? text.length : close);
    if (!next.trim()) break;
    found = HAULAGE.test(next);
    at = open + 1;
  }
  haulageLines.set(line, found);
  return found;
}

// The rank of a crew written before the trade it leads, joined by a slash or "and": "Foreman / Journeyman
// Electrician", "General Foreperson & Electrician". The person ran a crew of that trade: the trade's title at lead
// level, not a foreman of any trade. Known by the catalogue title the rank resolves to (its name as the catalogue
// writes it), since blind scoring masks the gendered ending of the word as written.
const CREW_RANK = /^fore(?:man|woman|person)$/iu;
const JOINED_TRADE = /\s*(?:\/|&|\+|and\b)\s*/iuy;

function crewRankOf(
  ctx: EngineContext,
  text: string,
  line: Line<string>,
  tokens: readonly Token[],
  licences: readonly Span[],
  hit: Match<string>,
): TitleMention | null {
  const rank = ctx.catalogue.title(hit.value);
  if (!rank || !CREW_RANK.test(rank.name)) return null;
  JOINED_TRADE.lastIndex = hit.end;
  if (!JOINED_TRADE.test(text)) return null;
  const joined = JOINED_TRADE.lastIndex;
  const trade = firstTitle(ctx, text, line, tokens.filter((t) => t.start >= joined), licences);
  if (!trade || trade.start !== joined || trade.title.career_group !== rank.career_group) return null;
  // A rank joined to another rank ("General Foreman / Site Supervisor") names no trade.
  if (ctx.normalizer.detectLevels(trade.title.name).length > 0) return null;
  const levels: JobLevel[] = trade.levels.some((l) => levelRank(l) >= levelRank("lead")) ? trade.levels : [...trade.levels, "lead"];
  return { ...trade, levels: levels.sort((a, b) => levelRank(a) - levelRank(b)) };
}

function mention(ctx: EngineContext, text: string, line: Line<string>, hit: Match<string>, title: Title): TitleMention {
  const [start, end] = widen(ctx, text, line.tokens, hit.start, hit.end);
  const written = text.slice(start, end);
  const levels = titleLevels(ctx, written, hit, title);
  const lead = teamRankJoined(text.slice(line.start, start), text.slice(end, line.end));
  const joined = lead && !levels.some((l) => levelRank(l) >= levelRank(lead)) ? [lead] : [];
  return { title, written, start, end, levels: [...levels, ...joined].sort((a, b) => levelRank(a) - levelRank(b)) };
}

// Roles joined to the title by "&", "and", "/" or "+" and held together with it.
const JOINED_AFTER = /^\s*(?:&|\+|\/|\band\b)\s*(?:[\p{L}-]+\s+){0,3}?(?:team|tech(?:nical)?|group|squad|unit)\s+(lead|leader|manager|supervisor)\b/iu;
const JOINED_BEFORE = /\b(?:team|tech(?:nical)?|group|squad|unit)\s+(lead|leader|manager|supervisor)\s*(?:&|\+|\/|\band\b)\s*$/iu;
const TEAM_RANK: Record<string, JobLevel> = { lead: "lead", leader: "lead", manager: "manager", supervisor: "manager" };

/**
 * The rank of a team held together with the title, "Site Reliability Engineer & Infrastructure Team Lead",
 * "Team Lead / Developer": the person led the team they worked in, so the position is held at that rank. Only a
 * rank over a team counts; a second role ("& Office Manager") or a founder's title ("Co-founder & Engineer") says
 * what else the person did, not how senior the titled work was.
 */
function teamRankJoined(before: string, after: string): JobLevel | null {
  const rank = JOINED_AFTER.exec(after)?.[1] ?? JOINED_BEFORE.exec(before)?.[1];
  return rank ? (TEAM_RANK[rank.toLowerCase()] ?? null) : null;
}

// A rank set apart from its field by a dash or a colon: "Director – IT Operations", "Vice President - Finance"; or by
// a comma, as corporate titles are written: "Manager, Customer Analytics", "Director, Product Marketing". Either may
// follow a level word ("Senior Director – IT Operations", "Senior Manager, Analytics & Insights"), in any case.
const RANK_SRC = String.raw`^(\W*(?:(?:senior|sr\.?|associate|assistant|deputy|executive)\s+)?)(director|manager|head|vice president|vp|svp|evp|avp|chief)`;
// The vice presidents by their abbreviated grade, looked up as the rank they hold: "SVP, Sales" → Vice President of
// Sales.
const VICE_PRESIDENT = /^(?:svp|evp|avp)$/iu;
const RANK_DASH_FIELD = new RegExp(String.raw`${RANK_SRC}\s*[–—:-]\s*`, "iu");
const RANK_COMMA_FIELD = new RegExp(String.raw`${RANK_SRC}\s*,\s*`, "iu");
// After a comma the field is capitalised, as a title is ("Manager, analytics team" is prose).
const CAPITALISED = /^\p{Lu}/u;
const MAX_FIELD_WORDS = 4;
// Where the field ends the title: the line's end, a mark between parts, the dates, or "at"/"@" the employer; a field
// may be one of two joined ("Analytics & Insights"). A word that runs on ("Manager, Finance of America", "Director,
// Nursing Home Partners") makes the words a name, not a field.
const MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|winter|spring|summer|fall|autumn|since|from";
const FIELD_END = new RegExp(
  String.raw`^\s*(?:(?:&|\+|\/|and(?![\p{L}]))\s*[\p{L}][\p{L}'’.-]*(?:\s+[\p{L}][\p{L}'’.-]*)?\s*)?` +
    String.raw`(?:$|[|·•,;:(\[–—/]|-|@|\d|(?:at|${MONTHS})(?![\p{L}])|(?:${MONTHS})\p{L}*\.?\s*(?:\d|['’]\d))`,
  "iu",
);

/**
 * "<Rank> – <Field>" read as the catalogue's "<Rank> of <Field>" ("Director – IT Operations" → "Director of IT
 * Operations"), and "<Rank>, <Field>" as "<Rank> of <Field>" or "<Field> <Rank>" ("Manager, Customer Analytics" →
 * "Customer Analytics Manager"), written as on the line; the longest run of the words after the mark that makes a
 * catalogue title and ends the title (FIELD_END). The words after the mark may also be the employer ("Manager, Acme
 * Retail", "Manager, Finance of America"): they are read as a field only when they make a catalogue title and end
 * there.
 */
function rankOfFieldTitle(ctx: EngineContext, text: string, line: Line<string>): TitleMention | null {
  const dash = RANK_DASH_FIELD.exec(line.text);
  const comma = dash ? null : RANK_COMMA_FIELD.exec(line.text);
  const m = dash ?? (comma && CAPITALISED.test(line.text.slice(comma[0].length)) ? comma : null);
  if (!m) return null;
  const fieldStart = line.start + m[0].length;
  const field = line.tokens.filter((t) => t.start >= fieldStart).slice(0, MAX_FIELD_WORDS);
  const rankStart = line.start + m[1]!.length;
  const rank = VICE_PRESIDENT.test(m[2]!) ? "Vice President" : m[2]!;
  for (let n = field.length; n >= 1; n--) {
    const last = field[n - 1]!;
    const words = text.slice(fieldStart, last.end);
    if (PART_BREAK.test(words) || /\d/u.test(words) || !FIELD_END.test(text.slice(last.end, line.end))) continue;
    // The whole field, else its head with the words qualifying it left out: "Vice President, Store Operations" and
    // "Director, Field Operations" hold the rank over operations where the catalogue knows no narrower title.
    for (let k = 0; k < n; k++) {
      const head = text.slice(field[k]!.start, last.end);
      for (const role of dash ? [`${rank} of ${head}`] : [`${rank} of ${head}`, `${head} ${rank}`]) {
        const hit = ctx.catalogue.titleMatcher.findAll(role).find((h) => h.start === 0 && h.end === role.length);
        const title = hit && ctx.catalogue.title(hit.value);
        if (!hit || !title) continue;
        const found = mention(ctx, text, line, { ...hit, start: rankStart, end: last.end, surface: text.slice(rankStart, last.end) }, title);
        // An abbreviated grade keeps its rank: an SVP is at least a vice president's level.
        return found.levels.length || !VICE_PRESIDENT.test(m[2]!) ? found : { ...found, levels: readLevels(ctx, role) };
      }
    }
  }
  return null;
}

// Student roles are named after the discipline: "Software Engineering Intern", "Civil Engineering Co-op". Read as
// STUDENT_ENGINEERING = /((?:\p{L}+\s+){1,2})engineering(?=\s+(?:interns?|internship|co-?op|trainee)\b)/giu would,
// from a letter: the rest of that letter's word, then STUDENT_ENGINEERING_TAIL where the word ends (with its second
// word, if any, and "engineering").
const STUDENT_ENGINEERING_TAIL = /(\s+(?:\p{L}+\s+)?)engineering(?=\s+(?:interns?|internship|co-?op|trainee)\b)/iuy;
const LETTER = /\p{L}/u;

/**
 * The matches of STUDENT_ENGINEERING in `text` as matchAll finds them (index, whole match, the words before
 * "engineering"), in linear time: tried from every letter of a long word, the regex read the word to its end each
 * time (5 s on a line of 99,000 letters). A match from a letter takes its whole word, so what follows depends only on
 * where the word ends: that is looked at once per word.
 */
function* studentEngineering(text: string): Generator<{ index: number; 0: string; 1: string }> {
  let wordEnd = -1;
  let tailAt = -1;
  let tail: RegExpExecArray | null = null;
  let p = 0;
  while (p < text.length) {
    const cp = text.codePointAt(p)!;
    const size = cp > 0xffff ? 2 : 1;
    if (LETTER.test(String.fromCodePoint(cp))) {
      if (wordEnd <= p) {
        wordEnd = p + size;
        while (wordEnd < text.length) {
          const c = text.codePointAt(wordEnd)!;
          if (!LETTER.test(String.fromCodePoint(c))) break;
          wordEnd += c > 0xffff ? 2 : 1;
        }
      }
      if (tailAt !== wordEnd) {
        tailAt = wordEnd;
        STUDENT_ENGINEERING_TAIL.lastIndex = wordEnd;
        tail = STUDENT_ENGINEERING_TAIL.exec(text);
      }
      if (tail) {
        const word = text.slice(p, wordEnd);
        const match = { index: p, 0: word + tail[0], 1: word + tail[1]! };
        yield match;
        p = wordEnd + tail[0].length;
        continue;
      }
    }
    p += size;
  }
}

/**
 * "<Discipline> Engineering Intern" read as the catalogue's "<Discipline> Engineer", written as on the line
 * ("Software Engineering Intern"); its student level comes from the position's share (experience.ts).
 */
function studentEngineeringTitle(ctx: EngineContext, text: string, line: Line<string>): TitleMention | null {
  for (const m of studentEngineering(line.text)) {
    const role = `${m[1]}Engineer`;
    const hit = ctx.catalogue.titleMatcher.findAll(role).find((h) => h.end === role.length);
    const title = hit && ctx.catalogue.title(hit.value);
    if (!hit || !title || PART_BREAK.test(role)) continue;
    // The same words in the line: from the title's first word to the end of "Engineering".
    const start = line.start + m.index + hit.start;
    const end = line.start + m.index + m[0].length;
    return mention(ctx, text, line, { ...hit, start, end, surface: text.slice(start, end) }, title);
  }
  return null;
}
