import type { Line } from "../text/document.ts";
import type { JobSection } from "../text/headings.ts";
import type { EngineContext, JobTitleInfo } from "../types.ts";
import type { Scan } from "./scan.ts";
import { levelRank, readLevels, titleLevels } from "./titles.ts";
import type { Title } from "../../catalogue/types.ts";
import type { Match } from "../../text/matcher.ts";
import { phraseKey } from "../../text/tokens.ts";
import { US_STATE_CODES, isKnownCity } from "../lexicon/cities.ts";

/** Titles normalizing below this confidence are shown as written but not linked to a catalogue title. */
export const MIN_TITLE_CONFIDENCE = 0.5;
const HEADER_LINES = 5;
const LABEL_SCAN_LINES = 15;
const MAX_TITLE_WORDS = 12;
/** Nor one longer than this in characters: a word count alone lets a 50,000-character "word" through. */
const MAX_TITLE_CHARS = 150;

const MARKUP = /^[\s#>*_]+|[\s*_]+$|\*\*|__/gu;
const TITLE_LABEL = /^(?:job\s*title|position\s*title|position|role|title|job|vacancy|opening|job\s*role)\s*[:：\-–—]\s*(.+)$/iu;
const LOCATION_LABEL =
  /^(?:job\s+|work\s+|office\s+)?(?:location|locations|based|workplace|place of work|territory|region|standort|arbeitsort|einsatzort)\s*[:：\-–—]\s*(.*)$/iu;
const ANY_LABEL = /^[\p{L} ]{2,30}[:：]/u;
const BASED_IN = /\b(?:based|located) (?:in|out of)\s+(?:our\s+)?((?:the\s+)?[\p{Lu}][\p{L}.'’-]*(?:(?:,\s*|\s+)[\p{Lu}][\p{L}.'’-]*){0,3})/u;
const IN_CITY_STATE = new RegExp(
  `\\b(?:in|at|near|from)\\s+([\\p{Lu}][\\p{L}.'’-]+(?:\\s[\\p{Lu}][\\p{L}.'’-]+){0,2},\\s?(?:${US_STATE_CODES}))\\b`,
  "u",
);
const BRACKET_PAIRS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}" };

/**
 * text.replace(/\(([^)]*)\)|\[([^\]]*)\]|\{([^}]*)\}/gu, replace): each bracket up to the first closing one after it,
 * `replace` given the whole bracket and its inner text as the group of its kind. The regex looks for a closing
 * bracket from every opening one, which is quadratic on a line of unclosed ones (7 s for 100,000 "("); here the
 * next closing bracket of each kind is looked up once and kept until it is passed.
 */
function replaceBrackets(text: string, replace: (all: string, a?: string, b?: string, c?: string) => string): string {
  const next: Record<string, number> = { ")": -1, "]": -1, "}": -1 };
  let out = "";
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const close = BRACKET_PAIRS[text[i]!];
    if (close === undefined) continue;
    if (next[close]! !== Infinity && next[close]! <= i) {
      const at = text.indexOf(close, i + 1);
      next[close] = at < 0 ? Infinity : at;
    }
    const end = next[close]!;
    if (end === Infinity) continue;
    const inner = text.slice(i + 1, end);
    const all = text.slice(i, end + 1);
    out += text.slice(copied, i) + (close === ")" ? replace(all, inner) : close === "]" ? replace(all, undefined, inner) : replace(all, undefined, undefined, inner));
    copied = end + 1;
    i = end;
  }
  return out + text.slice(copied);
}
// Never tried from inside a run of spaces (see ENTRY_SEPARATOR, employer.ts): the same splits, in linear time.
const SEPARATOR_SRC = String.raw`\s+[-–—|@·•]\s+|\s*[|·•]\s*`;
const SEPARATOR = new RegExp(`(?:(?<!\\s)|(?!\\s))(?:${SEPARATOR_SRC})`, "u");
const SEPARATOR_OR = new RegExp(`(?:(?<!\\s)|(?!\\s))(?:${SEPARATOR_SRC}|\\s+or\\s+)`, "u");
const EMPLOYMENT_WORDS = /\b(?:full[\s-]?time|part[\s-]?time|contract|temporary|permanent|freelance|fixed[\s-]term)\b/giu;
const WORK_MODE = /\b(fully remote|remote|hybrid|on[\s-]?site|in[\s-]office)\b/iu;
const WORK_MODES = new RegExp(WORK_MODE.source, "giu");
const MODE_STATEMENTS = [
  /\b(?:this is an?|is an?|fully|100%)\s+(remote|hybrid|on[\s-]?site)\b/iu,
  /\b(remote|hybrid|on[\s-]?site)[\s-](?:role|position|job|opportunity|first|friendly|setup|working|work)\b/iu,
  /\bwork(?:ing)? (?:from home|remotely)\b/iu,
];
const REGION_WORDS = /\b(?:EU|US|USA|UK|EMEA|APAC|LATAM|Europe|Worldwide|Anywhere|Global)\b/u;
// "Ledgerline, Inc." and "Acme, LLC" have the shape of a place but name a company.
const COMPANY_SUFFIX = /,\s*(?:Inc|LLC|L\.L\.C|Ltd|Limited|GmbH|Corp|Co|LLP|PLC|AG|SA|BV|SE|KG)\.?$/u;
const ZIP_CODE = /\s+\d{5}(?:-\d{4})?$/u;
const CITY_REGION = /^[\p{Lu}][\p{L}.'’-]+(?:[\s-][\p{Lu}][\p{L}.'’-]+)*,\s*(?:\p{Lu}{2,3}|[\p{Lu}][\p{L}]+(?:\s[\p{Lu}][\p{L}]+)?)$/u;

export interface JobHeader {
  title: JobTitleInfo;
  /** Document offsets of the title text, or null: skills named inside it are must-haves. */
  titleSpan: [number, number] | null;
  location: string | null;
}

interface TitleCandidate {
  raw: string;
  start: number;
  end: number;
}

const plain = (s: string): string => s.replace(MARKUP, "").trim();
const tidy = (s: string): string => s.replace(/\s+/gu, " ").replace(/^[\s,;:\-–—|]+|[\s,;:.\-–—|]+$/gu, "");

const modeName = (raw: string): string => {
  const m = raw.toLowerCase();
  if (m.includes("remote")) return "Remote";
  if (m.includes("hybrid")) return "Hybrid";
  return m.includes("office") ? "In office" : "On-site";
};

function looksLikeLocation(segment: string, knownLocation: string | null): boolean {
  if (WORK_MODE.test(segment) || REGION_WORDS.test(segment) || CITY_REGION.test(segment) || isKnownCity(segment)) return true;
  return knownLocation !== null && knownLocation.toLowerCase().includes(segment.toLowerCase());
}

/**
 * Splits a raw title into the title as written and the location-like parts around it: bracketed parts are always
 * removed ("(m/w/d)", "(Remote)"); parts after " - ", " | ", " @ " are removed when they look like a place or a work
 * mode and kept otherwise ("Engineer - Payments Team"); employment-type words are dropped.
 */
function cleanTitle(raw: string, knownLocation: string | null): { title: string; places: string[] } {
  const places: string[] = [];
  const unbracketed = replaceBrackets(raw, (_all, a?: string, b?: string, c?: string) => {
    const inner = tidy(a ?? b ?? c ?? "");
    if (inner && looksLikeLocation(inner, knownLocation)) places.push(inner);
    return " ";
  });
  const [head = "", ...rest] = unbracketed.split(SEPARATOR);
  const kept = [head];
  for (const part of rest) {
    const segment = tidy(part);
    if (!segment) continue;
    if (looksLikeLocation(segment, knownLocation)) places.push(segment);
    else if (tidy(segment.replace(EMPLOYMENT_WORDS, " "))) kept.push(segment);
  }
  let title = tidy(kept.join(" - ").replace(EMPLOYMENT_WORDS, " "));
  // A trailing ", Berlin" / ", Remote" after the title proper.
  const comma = title.lastIndexOf(",");
  if (comma > 0 && looksLikeLocation(tidy(title.slice(comma + 1)), knownLocation)) {
    places.push(tidy(title.slice(comma + 1)));
    title = tidy(title.slice(0, comma));
  }
  return { title, places };
}

function labelledValue(
  lines: readonly Line<JobSection>[],
  pattern: RegExp,
  scanLines: number,
): { value: string; start: number; end: number } | null {
  for (const [i, line] of lines.slice(0, scanLines).entries()) {
    const m = pattern.exec(plain(line.text));
    if (!m) continue;
    const value = tidy(m[1] ?? "");
    if (value) {
      const at = line.text.indexOf(value);
      return at === -1 ? { value, start: line.start, end: line.end } : { value, start: line.start + at, end: line.start + at + value.length };
    }
    const next = lines[i + 1];
    if (next && !next.heading) return { value: tidy(plain(next.text)), start: next.start, end: next.end };
  }
  return null;
}

/**
 * Where the title is: a labelled line ("Job Title: …", "Position: …"); else the first short line of the header that
 * is not a known heading, a label or a sentence (one naming a catalogue title is preferred); else a catalogue title
 * named in the opening lines ("We are hiring a Data Engineer to …").
 */
function titleCandidate(scan: Scan<JobSection>, ctx: EngineContext): TitleCandidate | null {
  const lines = scan.doc.lines;
  const labelled = labelledValue(lines, TITLE_LABEL, LABEL_SCAN_LINES);
  if (labelled && labelled.value.split(/\s+/u).length <= MAX_TITLE_WORDS && labelled.value.length <= MAX_TITLE_CHARS && !/[.!?]$/u.test(labelled.value)) {
    return { raw: labelled.value, start: labelled.start, end: labelled.end };
  }
  const header = lines.slice(0, HEADER_LINES).filter((l) => {
    const text = plain(l.text);
    // Markdown headings ("# Data Engineer") are unknown headings, so unknown-kind headings stay candidates.
    const knownHeading = l.heading && l.section !== "other";
    return (
      !knownHeading &&
      !ANY_LABEL.test(text) &&
      l.tokens.length > 0 &&
      l.tokens.length <= MAX_TITLE_WORDS &&
      text.length <= MAX_TITLE_CHARS &&
      !/[.!?:]$/u.test(text)
    );
  });
  const named = header.find((l) => ctx.catalogue.titleMatcher.findAll(scan.doc.text, l.tokens).length > 0);
  const first = named ?? header[0];
  if (first) return { raw: plain(first.text), start: first.start, end: first.end };
  for (const line of lines.slice(0, LABEL_SCAN_LINES)) {
    const [hit] = ctx.catalogue.titleMatcher.findAll(scan.doc.text, line.tokens);
    if (hit) return { raw: hit.surface, start: hit.start, end: hit.end };
  }
  return null;
}

function workMode(scan: Scan<JobSection>, titleRaw: string, label: string | null, header: readonly string[]): string | null {
  const direct = WORK_MODE.exec(label ?? "") ?? WORK_MODE.exec(titleRaw) ?? header.map((l) => WORK_MODE.exec(l)).find(Boolean);
  if (direct) return modeName(direct[1]!);
  for (const line of scan.doc.lines) {
    if (line.section === "benefits") continue;
    for (const pattern of MODE_STATEMENTS) {
      const m = pattern.exec(line.text);
      if (m) return modeName(m[1] ?? "remote");
    }
  }
  return null;
}

/**
 * The normalization of the posting's title: the title as cleaned; when that falls short of MIN_TITLE_CONFIDENCE,
 * the part before its first separator or comma ("SOUS CHEF - Marrow & Vine, Chicago" → "SOUS CHEF": an employer or
 * team name after the title drags the whole string away from every catalogue title), then a catalogue title named
 * in it word for word ("Backend Software Engineer" names "Software Engineer"). The most confident one wins.
 */
function normalizeTitle(ctx: EngineContext, cleaned: string): ReturnType<EngineContext["normalizer"]["normalize"]> {
  const whole = ctx.normalizer.normalize(cleaned);
  if (whole && whole.confidence >= MIN_TITLE_CONFIDENCE) return whole;
  const variants = new Set<string>();
  const head = tidy(cleaned.split(/\s+[-–—|@·•/]\s+|,/u)[0] ?? "");
  if (head && head !== cleaned) variants.add(head);
  for (const hit of ctx.catalogue.titleMatcher.findAll(cleaned)) variants.add(hit.surface);
  let best = whole;
  for (const variant of variants) {
    const n = ctx.normalizer.normalize(variant);
    if (n && (!best || n.confidence > best.confidence)) best = n;
  }
  return best;
}

function titleInfo(ctx: EngineContext, cleaned: string): JobTitleInfo {
  if (!cleaned) return { text: "", id: null, name: null, careerGroup: null, confidence: 0, levels: [], kin: [] };
  const normalized = normalizeTitle(ctx, cleaned);
  const [hit] = ctx.catalogue.titleMatcher.findAll(cleaned);
  const matched = hit && ctx.catalogue.title(hit.value);
  const exact = hit && matched ? exactTitle(ctx, cleaned, hit) : null;
  const linked = exact ?? (normalized && normalized.confidence >= MIN_TITLE_CONFIDENCE ? normalized.title : null);
  return {
    text: cleaned,
    id: linked?.id ?? null,
    name: linked?.name ?? null,
    careerGroup: linked?.career_group ?? null,
    // The link to a title written as the catalogue's own name or alias is no guess.
    confidence: exact ? 1 : (normalized?.confidence ?? 0),
    levels: hit && matched ? titleLevels(ctx, cleaned, hit, matched) : readLevels(ctx, cleaned),
    kin: linked ? kinOf(ctx, linked.id) : [],
  };
}

/**
 * The catalogue title a posting's title is written as, word for word: its name or one of its aliases, with nothing
 * else but level words of an individual role ("Senior", "II"); null otherwise. A title written so is that title,
 * however close its neighbours score in the normalizer ("Mechanical Design Engineer", an alias of Design Engineer,
 * scores near Mechanical Engineer). Not when the phrase names several titles, nor for a one-word alias ("Driver"
 * under Hearse Driver), which names a generic role; a one-word name does count.
 */
function exactTitle(ctx: EngineContext, cleaned: string, hit: Match<string>): Title | null {
  const rest = `${cleaned.slice(0, hit.start)} ${cleaned.slice(hit.end)}`.match(/[\p{L}\p{N}]+/gu) ?? [];
  const levelWord = (w: string) => {
    if (/^(?:[ivx]+|\d)$/iu.test(w)) return true;
    const levels = ctx.normalizer.detectLevels(w);
    return levels.length > 0 && levels.every((l) => levelRank(l) < levelRank("manager"));
  };
  if (!rest.every(levelWord)) return null;
  const ids = ctx.catalogue.titleMatcher.lookup(hit.surface);
  const title = ids.length === 1 ? ctx.catalogue.title(ids[0]!) : undefined;
  if (!title) return null;
  const oneWord = !/\s/u.test(hit.surface.trim());
  return oneWord && phraseKey(hit.surface) !== phraseKey(title.name) ? null : title;
}

/** Titles of the posting title's career group that share its skills, with the share of its skills they have. */
function kinOf(ctx: EngineContext, titleId: string): { id: string; overlap: number }[] {
  const title = ctx.catalogue.title(titleId);
  if (!title || title.skill_ids.length === 0) return [];
  const shared = new Map<string, number>();
  for (const skillId of title.skill_ids) {
    for (const other of ctx.catalogue.titlesWithSkill(skillId)) {
      if (other.id !== title.id && other.career_group === title.career_group) shared.set(other.id, (shared.get(other.id) ?? 0) + 1);
    }
  }
  return [...shared]
    .map(([id, n]) => ({ id, overlap: Math.round((n / title.skill_ids.length) * 1000) / 1000 }))
    .sort((a, b) => b.overlap - a.overlap || (a.id < b.id ? -1 : 1));
}

/**
 * The short lines of the header, before the first heading, other than the title's: postings put the employer, the
 * place, the work mode and the employment type there ("Ledgerline, Inc. | Denver, CO (hybrid) | Full-time",
 * "Reno, NV 89502", "Remote (US only)"). A line ending a sentence is prose, not such a line.
 */
function headerLines(scan: Scan<JobSection>, titleStart: number | null): string[] {
  const out: string[] = [];
  for (const line of scan.doc.lines.slice(0, HEADER_LINES)) {
    if (line.heading) break;
    const text = plain(line.text);
    if (line.start === titleStart || line.tokens.length > MAX_TITLE_WORDS || /[.!?]$/u.test(text) || ANY_LABEL.test(text)) continue;
    out.push(text);
  }
  return out;
}

/**
 * A city and region in a header line: a part between separators (or either side of "or") that reads "City, ST" or
 * "City, Country", possibly after the employer's name ("Olive & Ember, Portland, OR") or before a ZIP code; or a
 * part that is a well-known city alone ("Berlin (on-site) or remote within Germany", see KNOWN_CITIES).
 */
export function headerPlace(line: string): string | null {
  const parts = replaceBrackets(line, () => " ").split(SEPARATOR_OR);
  for (const part of parts) {
    const segment = tidy(part).replace(ZIP_CODE, "");
    if (COMPANY_SUFFIX.test(segment)) continue;
    const pieces = segment.split(/\s*,\s*/u);
    // The shortest "City, Region" at the end: what precedes it is the employer.
    for (let from = Math.max(0, pieces.length - 2); from >= 0; from--) {
      const candidate = pieces.slice(from).join(", ");
      if (pieces.length - from >= 2 && CITY_REGION.test(candidate)) return candidate;
    }
  }
  for (const part of parts) if (isKnownCity(part)) return tidy(part);
  return null;
}

export function extractJobHeader(scan: Scan<JobSection>, ctx: EngineContext): JobHeader {
  const lines = scan.doc.lines;
  const label = labelledValue(lines, LOCATION_LABEL, lines.length);
  const text = scan.doc.text;
  const basedIn = BASED_IN.exec(text)?.[1]?.trim() ?? IN_CITY_STATE.exec(text)?.[1]?.trim() ?? null;

  const candidate = titleCandidate(scan, ctx);
  const header = headerLines(scan, candidate?.start ?? null);
  const inHeader = header.map(headerPlace).find((p) => p !== null) ?? null;
  const knownLocation = label?.value ?? inHeader ?? basedIn;
  const cleaned = candidate ? cleanTitle(candidate.raw, knownLocation) : { title: "", places: [] };

  const mode = workMode(scan, candidate?.raw ?? "", label?.value ?? null, header);
  // Places found in the title ("(Remote, EU) - Berlin") without their work-mode words.
  const titlePlaces = [...new Set(cleaned.places.map((p) => tidy(p.replace(WORK_MODES, " "))).filter(Boolean))];
  // "Location: Berlin (on-site)": the work mode in brackets is read as the mode, the rest is the place.
  const labelPlace = label ? tidy(replaceBrackets(label.value, (all) => (WORK_MODE.test(all) ? " " : all))) || label.value : null;
  const place = labelPlace ?? inHeader ?? basedIn ?? (titlePlaces.length ? titlePlaces.join(", ") : null);
  const location = place && mode && !WORK_MODE.test(place) ? `${place} (${mode})` : (place ?? mode);

  return {
    title: titleInfo(ctx, cleaned.title),
    titleSpan: candidate ? [candidate.start, candidate.end] : null,
    location,
  };
}
