import { parseDocument, type SectionVocabulary } from "./document.ts";
import { MASK } from "./mask.ts";
import { GENDERED_OCCUPATION } from "./occupations.ts";

/**
 * Blind scoring (docs/fairness.md): protected content of a candidate text is overwritten with MASK (mask.ts) before
 * any extractor reads it. The redacted text has exactly the length and line breaks of the original, so every offset
 * the extractors compute is also an offset into the original, and a passage without MASK is a verbatim quote of it.
 */
export { MASK };

export interface Redaction {
  /** The text with every protected span overwritten by MASK, same length and line breaks as the original. */
  text: string;
  /** Number of characters masked. */
  masked: number;
}

type Span = [number, number];

// Personal-data fields: the whole line goes, label included, whatever the value ("Marital status: single").
const PERSONAL_LABEL =
  /^[\s•·*\-–—>|]*(?:full\s+name|name|date\s+of\s+birth|d\.?o\.?b\.?|birth\s*date|birthday|born|place\s+of\s+birth|age|gender|sex|pronouns?|marital\s+status|civil\s+status|family\s+status|family|spouse|children|dependents|nationality|citizenship|ethnicity|race|religion|faith|photo|photograph|picture|address|home\s+address|phone|mobile|tel|telephone|cell|e-?mail|contact)\s*[:：]/iu;

// Contact details: e-mail addresses, web and profile links, phone numbers (at least 9 digits with the usual
// separators, so date ranges such as "2019 - 2021" and figures such as "$1,200,000" are left alone).
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
const CONTACT = [
  EMAIL,
  /\b(?:https?:\/\/|www\.)\S+/giu,
  /\b(?:linkedin\.com|github\.com|gitlab\.com|twitter\.com|x\.com|facebook\.com|instagram\.com)\/\S*/giu,
  /(?<![\p{L}\p{N}])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]\d{2,4}){1,4}(?![\p{L}\p{N}])/gu,
];
const PHONE_MIN_DIGITS = 9;

// Pronouns, forms of address and words that state a gender or a family role. Only whole words are masked, in any
// case: an all-caps résumé must be as blind as any other, at the cost of the odd acronym (HIS, SHE) being masked too.
// Job words with a gendered ending (foreman, chairwoman, salesman…) are not here: only their ending is masked, and
// their neutral stem is read as the occupation (GENDERED_OCCUPATION, occupations.ts).
const GENDERED = [
  "he", "him", "his", "himself", "she", "her", "hers", "herself", "they/them", "he/him", "she/her", "he/they",
  "she/they", "sir", "madam", "man", "woman", "men", "women", "male", "female",
  "males", "females", "boy", "girl", "boys", "girls", "gentleman", "gentlemen", "lady", "ladies", "guy", "guys",
  "gal", "gals", "mother", "father", "mom", "dad", "mum", "mothers", "fathers", "moms", "dads",
  "wife", "husband", "spouse", "son", "daughter", "sons", "daughters", "brother", "sister", "brothers", "sisters",
  "fraternity", "sorority", "maternity", "paternity", "pregnant", "pregnancy", "married", "divorced", "widowed",
  "widow", "widower",
  "fiancé", "fiancée", "fiance", "fiancee", "grandmother", "grandfather", "grandparent", "grandparents",
  "masculine", "feminine", "transgender", "nonbinary", "non-binary",
];

// Religion and ethnicity words. Language names and country names are kept: languages are job skills and places
// are part of a work history; nationality is masked where it is stated as such (labels, "X citizen").
const BELIEF_AND_ORIGIN = [
  "christian", "christians", "muslim", "muslims", "islamic", "jewish", "jew", "jews", "hindu", "hindus", "buddhist",
  "buddhists", "sikh", "sikhs", "catholic", "catholics", "protestant", "protestants", "mormon", "evangelical",
  "atheist", "agnostic", "church", "churches", "mosque", "synagogue", "bible", "quran",
  "torah", "hispanic", "latino", "latina", "latinx", "latine", "caucasian", "african-american", "afro-american",
  "asian-american", "indigenous", "aboriginal", "ethnic", "ethnicity",
];

// The lists hold letters, "/" and "-" only, none of which needs escaping outside a character class.
const wordList = (words: readonly string[]): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}/-])(?:${words.join("|")})(?![\\p{L}\\p{N}/-])`, "giu");

const WORDS = [wordList(GENDERED), wordList(BELIEF_AND_ORIGIN)];
const AGE = /\b(?:aged?\s*[:：]?\s*\d{1,3}|\d{1,3}\s*(?:years?|yrs?)[\s-]old|born\s+(?:in|on)?\s*[\p{L}\d ,./-]*\d{4})\b/giu;
const CITIZEN = /\b(?:[\p{Lu}][\p{L}.-]*\s+){1,2}(?:citizen|citizenship|national|passport(?:\s+holder)?)\b/gu;
const PHRASES = [
  // Forms of address, case-sensitive so that "MS", "MR" (merge request) and "ms" (milliseconds) stay.
  /\b(?:Mr|Mrs|Ms|Mx|Miss)\.?(?=\s+\p{Lu})/gu,
  // Age stated outright.
  AGE,
  // Nationality and citizenship as such.
  CITIZEN,
  /\b(?:citizen|national)\s+of\s+(?:the\s+)?[\p{Lu}][\p{L}-]*(?:\s+[\p{Lu}][\p{L}-]*){0,2}/gu,
  // Ethnicity stated as a group ("Black Engineers", "Native American Students").
  /\b(?:Black|White|Brown|Native\s+American|African|Asian|Arab|Pacific\s+Islander)(?=\s+(?:Engineers?|Professionals?|Women|Men|Students?|Employees?|Leaders?|Alliance|Network|Society|Association|Heritage|Community|Scholars?|Scholarship)\b)/gu,
  // Family status.
  /\b(?:single|divorced|married|proud)\s+(?:parent|mother|father|mom|dad|mum)\b|\b(?:mother|father|parent|mom|dad|mum)\s+of\s+(?:one|two|three|four|five|\d+)\b|\b(?:one|two|three|four|five|\d+)\s+(?:children|kids)\b/giu,
];

// A name line: two to five words, each capitalised or an initial, no digits; credentials after a comma stay.
const NAME_PART = /^[\p{Lu}][\p{L}'’.-]*$/u;
const NOT_A_NAME = /\b(?:resume|résumé|curriculum|vitae|cv|profile|engineer|developer|manager|analyst|designer|nurse|teacher|accountant|executive|representative|specialist|consultant|director|officer|assistant|technician|summary|experience|education|skills)\b/iu;
const NAME_SCAN_LINES = 3;

/** Spans of the person's name at the top of the text: the first line, before any credentials ("Jane Doe, CPA"). */
function nameSpans<K extends string>(text: string, vocab: SectionVocabulary<K>, isTitle: (s: string) => boolean): Span[] {
  const doc = parseDocument(text, vocab);
  const spans: Span[] = [];
  for (const line of doc.lines.slice(0, NAME_SCAN_LINES)) {
    if (line.heading) break;
    const head = line.text.split(/[,|·•]/u)[0] ?? "";
    const words = head.trim().split(/\s+/u).filter(Boolean);
    if (words.length < 2 || words.length > 5 || /\d/u.test(head) || NOT_A_NAME.test(head) || isTitle(head)) continue;
    if (!words.every((w) => NAME_PART.test(w))) continue;
    spans.push([line.start, line.start + head.trimEnd().length]);
    break;
  }
  return spans;
}

function lineSpans(text: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  for (const raw of text.split(/(\r\n|[\n\r\u2028\u2029\f\v])/u)) {
    const isBreak = /^(?:\r\n|[\n\r\u2028\u2029\f\v])$/u.test(raw);
    if (!isBreak && PERSONAL_LABEL.test(raw)) spans.push([start, start + raw.length]);
    start += raw.length;
  }
  return spans;
}

// EMAIL tried at every offset of a long run of letters rescans the run to its end: quadratic (6 s on one 99,000-letter
// word). Its local part is a run of these characters that must end in "@", so the leftmost match starts either where
// the search resumes (EMAIL_HERE) or at the start of a run (EMAIL_AT_RUN): the same matches, each run scanned once.
const EMAIL_HERE = new RegExp(EMAIL.source, "uy");
const EMAIL_AT_RUN = new RegExp(`(?<![\\p{L}\\p{N}._%+-])${EMAIL.source}`, "gu");

/** The matches of EMAIL in `text`, as text.matchAll(EMAIL) finds them, in linear time. */
function* emails(text: string): Generator<RegExpExecArray> {
  let from = 0;
  while (from < text.length) {
    EMAIL_HERE.lastIndex = from;
    let m = EMAIL_HERE.exec(text);
    if (!m) {
      EMAIL_AT_RUN.lastIndex = from;
      m = EMAIL_AT_RUN.exec(text);
      if (!m) return;
    }
    yield m;
    from = m.index + m[0].length;
  }
}

// CITIZEN tried at every capital of a long run such as "A.A.A.…" or "A-A-A-…" rescans the run to its end (9 s at
// 100,000 characters). A match from a capital P takes the whole run of [\p{L}.-] that P is in, up to its end E, then
// CITIZEN_TAIL at E, which does not depend on P: so each run's end and each tail is looked at once.
const CITIZEN_TAIL = /\s+(?:[\p{Lu}][\p{L}.-]*\s+)?(?:citizen|citizenship|national|passport(?:\s+holder)?)\b/uy;
const RUN_CHAR = /[\p{L}.-]/u;
const UPPER = /\p{Lu}/u;
const asciiWord = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;

/** The matches of CITIZEN in `text`, as text.matchAll(CITIZEN) finds them, in linear time. */
function* citizenships(text: string): Generator<{ index: number; 0: string }> {
  let runEnd = -1;
  let tailAt = -1;
  let tail = -1;
  let p = 0;
  while (p < text.length) {
    const cp = text.codePointAt(p)!;
    const size = cp > 0xffff ? 2 : 1;
    const ch = String.fromCodePoint(cp);
    // \b (without the i flag, ASCII word characters) before a capital.
    if (UPPER.test(ch) && asciiWord(text.charCodeAt(p)) !== (p > 0 && asciiWord(text.charCodeAt(p - 1)))) {
      if (runEnd <= p) {
        runEnd = p + size;
        while (runEnd < text.length) {
          const c = text.codePointAt(runEnd)!;
          if (!RUN_CHAR.test(String.fromCodePoint(c))) break;
          runEnd += c > 0xffff ? 2 : 1;
        }
      }
      if (tailAt !== runEnd) {
        tailAt = runEnd;
        CITIZEN_TAIL.lastIndex = runEnd;
        tail = CITIZEN_TAIL.exec(text)?.[0].length ?? -1;
      }
      if (tail >= 0) {
        const end = runEnd + tail;
        yield { index: p, 0: text.slice(p, end) };
        p = end;
        continue;
      }
    }
    p += size;
  }
}

// AGE from every "born" of a long run of words without a year ("born born born …") reads the run to its end and
// back (3 s at 100,000 characters). Its branches start with different letters, so its matches are, from where the
// search resumes, the earlier of the next AGE_SHORT match and the next BORN match; a "born" is tried only when a
// year that can end its match follows within the run of characters its match could cover (bornMayMatch).
const AGE_SHORT = /\b(?:aged?\s*[:：]?\s*\d{1,3}|\d{1,3}\s*(?:years?|yrs?)[\s-]old)\b/giu;
const BORN = /\bborn\s+(?:in|on)?\s*[\p{L}\d ,./-]*\d{4}\b/iuy;
const BORN_WORD = /\bborn/giu;
const BORN_RUN_CHAR = /[\p{L}\d ,./-]/u;
const SPACE = /\s/u;
// Word characters of \b under the i and u flags: ASCII ones, long s and the Kelvin sign.
const wordUnderIu = (c: number): boolean => asciiWord(c) || c === 0x17f || c === 0x212a;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** The matches of AGE in `text`, as text.matchAll(AGE) finds them, in linear time. */
function* ages(text: string): Generator<{ index: number; 0: string }> {
  let short: RegExpExecArray | null | undefined;
  let born: { index: number; 0: string } | null | undefined;
  const mayMatch = bornMayMatch(text);
  let from = 0;
  while (from <= text.length) {
    if (short === undefined || (short && short.index < from)) {
      AGE_SHORT.lastIndex = from;
      short = AGE_SHORT.exec(text);
    }
    if (born === undefined || (born && born.index < from)) {
      born = null;
      BORN_WORD.lastIndex = from;
      for (let w = BORN_WORD.exec(text); w; w = BORN_WORD.exec(text)) {
        if (!mayMatch(w.index)) continue;
        BORN.lastIndex = w.index;
        const m = BORN.exec(text);
        if (m) {
          born = { index: w.index, 0: m[0] };
          break;
        }
      }
    }
    const next = short && (!born || short.index < born.index) ? short : born;
    if (!next) return;
    yield next;
    from = next.index + next[0].length;
  }
}

/**
 * A test that is false only where BORN cannot match at a "born": its match ends with four digits at a word end,
 * inside the run of BORN_RUN_CHAR that starts after the spaces, the "in"/"on" and the spaces that follow the word
 * (every way of matching them starts the run no later, and the run ends no later). The end of each run and the last
 * year in it are found once.
 */
function bornMayMatch(text: string): (at: number) => boolean {
  let runFrom = -1;
  let runEnd = -1;
  const lastYear = new Map<number, number>();
  const runChar = (i: number): boolean => BORN_RUN_CHAR.test(String.fromCodePoint(text.codePointAt(i)!));
  return (at) => {
    let c = at + 4;
    while (c < text.length && SPACE.test(text[c]!)) c++;
    if (c === at + 4) return false;
    // Two letters where "in" or "on" may stand (any two letters: no less than the regex takes), then spaces.
    if (c + 1 < text.length && /^\p{L}\p{L}$/u.test(text.slice(c, c + 2))) {
      c += 2;
      while (c < text.length && SPACE.test(text[c]!)) c++;
    }
    if (!(c >= runFrom && c < runEnd)) {
      runFrom = c;
      runEnd = c;
      while (runEnd < text.length && runChar(runEnd)) runEnd += text.codePointAt(runEnd)! > 0xffff ? 2 : 1;
    }
    let year = lastYear.get(runEnd);
    if (year === undefined) {
      year = -1;
      for (let q = runEnd; q - 4 >= 0; ) {
        const ends = q === text.length || !wordUnderIu(text.charCodeAt(q));
        if (ends && isDigit(text.charCodeAt(q - 1)) && isDigit(text.charCodeAt(q - 2)) && isDigit(text.charCodeAt(q - 3)) && isDigit(text.charCodeAt(q - 4))) {
          year = q;
          break;
        }
        // Back by one character of the run (a surrogate pair is one).
        const low = text.charCodeAt(q - 1);
        const high = q >= 2 ? text.charCodeAt(q - 2) : 0;
        const prev = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? q - 2 : q - 1;
        if (!runChar(prev)) break;
        q = prev;
      }
      lastYear.set(runEnd, year);
    }
    return year >= at + 9;
  };
}

function patternSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of [...CONTACT, ...WORDS, ...PHRASES]) {
    const matches = pattern === EMAIL ? emails(text) : pattern === CITIZEN ? citizenships(text) : pattern === AGE ? ages(text) : text.matchAll(pattern);
    for (const m of matches) {
      if (pattern === CONTACT[3] && m[0].replace(/\D/gu, "").length < PHONE_MIN_DIGITS) continue;
      spans.push([m.index, m.index + m[0].length]);
    }
  }
  // The gendered ending of a job word: "Fore|woman" and "Fore|man" both leave the stem "Fore" before the mask.
  for (const m of text.matchAll(GENDERED_OCCUPATION)) spans.push([m.index + m[1]!.length, m.index + m[0].length]);
  return spans;
}

/**
 * Overwrites protected content with MASK: the name at the top, personal-data fields, contact details, pronouns and
 * gendered words (of a job word with a gendered ending, the ending only), age, family status, religion, stated
 * nationality and ethnicity. `isTitle` keeps a first line that is a job title rather than a name ("Data Scientist").
 * Line breaks inside a span are kept so that the document keeps its lines. Deterministic and never throws.
 */
export function redactProtected<K extends string>(
  text: string,
  vocab: SectionVocabulary<K>,
  isTitle: (s: string) => boolean = () => false,
): Redaction {
  // UTF-16 code units, like every offset of the engine.
  const out = text.split("");
  let masked = 0;
  for (const [from, to] of [...nameSpans(text, vocab, isTitle), ...lineSpans(text), ...patternSpans(text)]) {
    for (let i = from; i < to; i++) {
      const c = out[i]!;
      if (c === MASK || /[\n\r\u2028\u2029\f\v]/u.test(c)) continue;
      out[i] = MASK;
      masked += 1;
    }
  }
  return { text: out.join(""), masked };
}

/**
 * The part of a passage of redacted text that may be quoted: the passage itself when nothing in it was masked,
 * else its longest unmasked stretch (trimmed), or "" when nothing readable is left. Because redaction keeps every
 * offset, an unmasked stretch of the redacted text is a verbatim substring of the original. Letters touching the
 * mask are left out with it: they are the stem of a word whose gendered ending is masked ("Fore" of "Forewoman"),
 * not a word to quote.
 */
export function quotable(passage: string): string {
  if (!passage.includes(MASK)) return passage;
  let best = "";
  const parts = passage.split(MASK);
  for (const [i, whole] of parts.entries()) {
    let part = whole;
    if (i < parts.length - 1) part = part.replace(/[\p{L}\p{N}]+$/u, "");
    if (i > 0) part = part.replace(/^[\p{L}\p{N}]+/u, "");
    const trimmed = part.replace(/^[\s•·▪◦●○■□➢►✓✔*\-–—>|,;:()]+/u, "").replace(/[\s|,;:(]+$/u, "");
    if (trimmed.length > best.length) best = trimmed;
  }
  return /[\p{L}\p{N}]/u.test(best) ? best : "";
}
