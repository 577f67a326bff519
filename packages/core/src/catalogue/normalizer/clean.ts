import { tokenize } from "../../text/tokens.ts";
import { isLevelModifier, spellOutLevel } from "./levels.ts";

/**
 * Cleaning shared by catalogue labels and raw titles, so both sides are cut the same way: accent-free lower-case
 * tokens without function words, seniority modifiers marked (and abbreviations of them spelled out), plus the
 * position of the head noun. Raw titles also lose ad noise and are split into candidate phrases.
 */

/** Function words: they carry no occupation, but "of"/"for"/"in"… tell where the head noun is. */
const STOPWORDS = new Set([
  "a", "an", "the", "and", "or", "of", "for", "in", "at", "on", "to", "with", "by", "from", "as", "per", "cum", "de",
]);
/** A preposition after the first word ends the head phrase: "head of sales", "teacher for maths". */
const HEAD_BREAKERS = new Set(["of", "for", "in", "at", "on", "to", "with", "by", "from"]);

/**
 * Words of job ads that name no occupation: contract and schedule, work mode, gender tags, recruiting filler.
 * Only used on raw titles; catalogue labels are clean by construction.
 */
const NOISE = new Set([
  "fulltime", "parttime", "contract", "temporary", "temp", "permanent", "freelance", "remote", "remotely", "hybrid",
  "onsite", "offsite", "wfh", "mwd", "mfd", "gn", "genders", "job", "jobs", "vacancy", "vacancies", "position",
  "positions", "opening", "openings", "role", "wanted", "urgent", "urgently", "immediate", "immediately", "hiring",
  "required", "needed", "apply", "now", "level", "based", "only", "new", "req", "ref", "requisition",
]);
/** Separators between the job and other parts of an ad title (place, company, department, team). */
const SEPARATORS = /\s+-\s*|\s*-\s+|\s*[–—|@·•:;,/]\s*|\s+(?:[Aa][Tt]|[Ii][Nn]|[Ff][Oo][Rr])\s+/u;
/** Real titles have a handful of parts; a pasted paragraph should not cost a hundred rankings. */
const MAX_SEGMENTS = 8;
const BRACKETED = /\(([^)]*)\)?|\[([^\]]*)\]?|\{([^}]*)\}?/gu;

/** Accent-free lower case: "Protégé" and "protege" are the same word. */
export const fold = (word: string): string => word.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

export interface RawToken {
  /** As written (letter case matters for acronyms). */
  raw: string;
  /** Folded. */
  word: string;
  /** Joined to the previous token by "&" ("F&B", "M&E"). */
  ampersand: boolean;
}

export const rawTokens = (text: string): RawToken[] => {
  const normalized = text.normalize("NFKC");
  return tokenize(normalized).map((t, i, all) => ({
    raw: t.raw,
    word: fold(t.norm),
    ampersand: i > 0 && normalized.slice(all[i - 1]!.end, t.start).trim() === "&",
  }));
};

export interface Words {
  words: string[];
  /** Whether each word is a seniority modifier: kept, but weighing little ("senior", "trainee", "junior"). */
  level: boolean[];
  /** Whether each word comes from brackets ("(Marketing)", "(Penang)"): kept, but weighing less. */
  aside: boolean[];
  /** Index in `words` of the head noun, the job itself: "manager" in "sales manager" and in "manager of sales". */
  head: number;
}

/** Removes ad noise from raw-title tokens: schedule and contract words, gender tags, numbers and codes. */
function dropAdNoise(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i]!;
    const next = tokens[i + 1];
    if ((w === "full" || w === "part") && next === "time") i++;
    else if (w === "all" && next === "genders") i++;
    else if (w === "work" && next === "from" && tokens[i + 2] === "home") i += 2;
    // Single letters are gender tags and initials ("m/w/d"); numbers and requisition codes name no job.
    else if (!NOISE.has(w) && w.length > 1 && !/^\d+$|\d.*\d.*\d/.test(w)) out.push(w);
  }
  return out;
}

/**
 * Content words of a token sequence and the position of its head: the word before the first preposition
 * ("head of sales"), else the last word. `dropNoise` also removes ad noise, for raw titles.
 */
export function contentWords(tokens: readonly string[], dropNoise: boolean): Words {
  const list = dropNoise ? dropAdNoise(tokens) : tokens;
  let head = list.length - 1;
  for (let i = 1; i < list.length; i++) {
    if (HEAD_BREAKERS.has(list[i]!)) {
      head = i - 1;
      break;
    }
  }
  const words: string[] = [];
  const level: boolean[] = [];
  let headOut = -1;
  list.forEach((raw, i) => {
    const isLevel = isLevelModifier(raw, i, list.length);
    const w = isLevel ? spellOutLevel(raw) : raw;
    // A repeated word ("Software Engineer / Lead Software Engineer") is one piece of evidence, not two.
    if (STOPWORDS.has(w) || words.includes(w)) return;
    if (i <= head && !isLevel) headOut = words.length;
    words.push(w);
    level.push(isLevel);
  });
  return { words, level, aside: words.map(() => false), head: headOut < 0 ? words.length - 1 : headOut };
}

export interface Segment extends Words {
  /** 0 for the whole cleaned title, then 1, 2, … for its parts in order of appearance. */
  order: number;
}

/**
 * Candidate phrases of a raw title: the whole title, then each part between separators, then bracketed contents
 * ("Internship (Marketing)"). In the whole title, bracketed words are kept but marked as asides: they are often a
 * place or a team, sometimes the specialty ("Lecturer (Business Administration)"). Separators split off places,
 * companies and departments, so "Java Developer – Berlin" and "Berlin | Java Developer" both offer the bare title;
 * the ranker prefers the whole title.
 */
export function querySegments(term: string, expand: (tokens: RawToken[]) => string[]): Segment[] {
  const text = term.normalize("NFKC");
  const bracketed: string[] = [];
  const outside = text.replace(BRACKETED, (_m, a?: string, b?: string, c?: string) => {
    bracketed.push(a ?? b ?? c ?? "");
    return " ";
  });
  const out: Segment[] = [];
  const seen = new Set<string>();
  const add = (cleaned: Words) => {
    const key = cleaned.words.join(" ");
    if (!key || seen.has(key)) return;
    seen.add(key);
    out.push({ ...cleaned, order: out.length });
  };
  const main = contentWords(expand(rawTokens(outside)), true);
  const asides = contentWords(expand(rawTokens(bracketed.join(" , "))), true);
  if (main.words.length && asides.words.length) {
    const words = [...main.words];
    const level = [...main.level];
    const aside = main.words.map(() => false);
    asides.words.forEach((w, i) => {
      if (words.includes(w)) return;
      words.push(w);
      level.push(asides.level[i]!);
      aside.push(true);
    });
    add({ words, level, aside, head: main.head });
  }
  for (const candidate of [outside, ...outside.split(SEPARATORS), ...bracketed]) {
    if (out.length >= MAX_SEGMENTS) break;
    add(contentWords(expand(rawTokens(candidate)), true));
  }
  return out;
}
