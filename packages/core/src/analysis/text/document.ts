import { tokenize, type Token } from "../../text/tokens.ts";
import { occupationalReading } from "./occupations.ts";

/**
 * A plain-text document cut into non-empty lines, each tagged with the section it sits in. Every offset is an offset
 * into the original text, so evidence found on a line can always be quoted verbatim.
 */
export interface Line<K extends string> {
  /** Position among the document's non-empty lines. */
  index: number;
  /** Offsets of the line's content, surrounding whitespace excluded. */
  start: number;
  end: number;
  text: string;
  section: K;
  /** A heading line without content of its own ("Experience", "Nice to have:"). */
  heading: boolean;
  /** Tokens of the line, with document offsets (ready for PhraseMatcher.findAll). */
  tokens: Token[];
  /** Sentence spans of the line, document offsets. */
  sentences: [number, number][];
}

export interface SectionVocabulary<K extends string> {
  /** Heading text (as a phraseKey) → section kind. */
  headings: ReadonlyMap<string, K>;
  /** Kind of the lines before the first heading. */
  preamble: K;
  /** Kind given to a line that is formatted as a heading but not in the vocabulary. */
  unknown: K;
  /**
   * Heading words that name their section after any capitalised modifier ("Kitchen Experience", "International
   * Awards"). When given, any other heading word does so only after modifiers from `modifiers` ("Relevant Training",
   * "Continuing Education"): words such as "Education", "Training", "Technologies" or "Volunteer" also end job titles,
   * employers and fields of study ("Instructional Assistant, Special Education", "Lumen Technologies", "Hospital
   * Volunteer"). When absent, every heading word is open.
   */
  openWords?: ReadonlySet<string>;
  /** Words that qualify a heading without naming anything else ("Relevant", "Professional", "Additional"). */
  modifiers?: ReadonlySet<string>;
  /**
   * Headings (as phraseKeys) that name a section only on a line of their own: as an inline label they name a
   * group within the section ("Other: Git, Docker" among skills, "Note: relocating in May").
   */
  lineOnly?: ReadonlySet<string>;
}

export interface Document<K extends string> {
  text: string;
  lines: Line<K>[];
  /** Section kinds introduced by a recognised heading, in order of first appearance. */
  sections: K[];
}

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029\f\v]/g;
const COLON = /[:：]/u;
// Sentence ends: terminal punctuation followed by whitespace or the end of the line ("Node.js" stays whole).
const SENTENCE_END = /[.!?;](?=\s|$)/gu;
const MAX_HEADING_WORDS = 6;
// A heading the vocabulary lists word for word may be a longer phrase ("It would be a plus if you have:").
const MAX_EXACT_HEADING_WORDS = 10;
const MAX_LABEL_CHARS = 60;
const MAX_SUFFIX_HEADING_WORDS = 4;
/** The marks that start a bulleted line ("•", "-", "➢", …), as a character class. */
/** A line that ends mid-sentence may continue on the next one (text wrapped by a PDF or an editor). */
export const endsMidSentence = (line: { text: string }): boolean => !/[.!?;:]\s*$/u.test(line.text);

export const BULLET_MARKS = "[•·▪◦●○■□➢►✓✔*\\-–—>]";

/**
 * A test of a whole document by a pattern, run once per document however many matches ask it: the last text tested
 * and its answer are kept (a document is read start to end, so its matches ask in a row).
 */
export function perDocument(pattern: RegExp): (text: string) => boolean {
  let last: string | null = null;
  let found = false;
  return (text) => {
    if (text !== last) {
      last = text;
      found = pattern.test(text);
    }
    return found;
  };
}
// A list bullet and the space after it ("- ", "• "); markdown emphasis ("**Skills**") is not one.
const BULLETED = new RegExp(`^${BULLET_MARKS}\\s`, "u");

interface HeadingMatch<K extends string> {
  kind: K;
  /** Followed by content on the same line ("Skills: Go, SQL"). */
  inline: boolean;
  /** Offset in the line where the content after an inline label starts. */
  contentStart: number;
}

/**
 * The section a run of tokens names, if it is a heading. Tokens leave out decoration ("## ", "**", ":"), so the
 * lookup key is the words alone. Besides exact headings, this accepts a combination of known headings ("Skills &
 * Languages" → the first) and a short capitalised run ending in a known heading word ("Leadership Experience").
 */
function lookupHeading<K extends string>(
  line: string,
  tokens: readonly Token[],
  vocab: SectionVocabulary<K>,
  inline = false,
): K | undefined {
  // A bracketed remark qualifies the heading rather than naming it: "Qualifications (must have)". A bracket with a
  // figure is content, not a remark: "Experience (3+ years)" is a requirement, "Education (2015)" a résumé entry.
  // Each trailing remark is stripped in turn ("Skills (core) (required)"), and the barest reading that names a
  // heading wins. Done as a loop over offsets, not by recursion on slices: a 100,000-character line of "(a) (a) …"
  // overflowed the stack and took quadratic time.
  const ends = [line.length];
  for (let open = trailingBracket(line, line.length); open > 0; open = trailingBracket(line, open)) ends.push(open);
  if (ends.length === 1) return lookupBareHeading(line, tokens, vocab, inline);
  // A level's reading depends only on its tokens (a prefix of `tokens`) and on whether its text holds a slash or a
  // digit or ends with a colon: levels alike in these read alike, so each kind is looked up once.
  const firstSlash = line.indexOf("/");
  const firstDigit = line.search(/\d/u);
  const seen = new Set<string>();
  let count = 0;
  for (let level = ends.length - 1; level >= 0; level--) {
    const end = ends[level]!;
    while (count < tokens.length && tokens[count]!.end <= end) count += 1;
    const n = level === 0 ? tokens.length : count;
    if (n === 0 || n > MAX_EXACT_HEADING_WORDS) continue;
    const key = `${n} ${firstSlash >= 0 && firstSlash < end} ${firstDigit >= 0 && firstDigit < end} ${/[:：]$/u.test(line.slice(Math.max(0, end - 1), end))}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const bare = lookupBareHeading(level === 0 ? line : line.slice(0, end), level === 0 ? tokens : tokens.filter((t) => t.end <= end), vocab, inline);
    if (bare) return bare;
  }
  return undefined;
}

/**
 * Where the bracketed remark that ends `line.slice(0, end)` opens, as /\([^)\d]*\)\s*:?\s*$/u would find it, or -1:
 * the last ")" followed only by spaces and a colon, and the first "(" of the run of characters before it that holds
 * no ")" and no digit. Linear in the part scanned, which the next call does not scan again.
 */
function trailingBracket(line: string, end: number): number {
  const close = end > 0 ? line.lastIndexOf(")", end - 1) : -1;
  if (close < 0 || !/^\s*:?\s*$/u.test(line.slice(close + 1, end))) return -1;
  let open = -1;
  for (let i = close - 1; i >= 0; i--) {
    const c = line.charCodeAt(i);
    if (c === 0x29 || (c >= 0x30 && c <= 0x39)) break;
    if (c === 0x28) open = i;
  }
  return open;
}

/** lookupHeading without the bracketed remarks. */
function lookupBareHeading<K extends string>(
  line: string,
  tokens: readonly Token[],
  vocab: SectionVocabulary<K>,
  inline: boolean,
): K | undefined {
  if (tokens.length === 0 || tokens.length > MAX_EXACT_HEADING_WORDS) return undefined;
  const known = (key: string): K | undefined => (inline && vocab.lineOnly?.has(key) ? undefined : vocab.headings.get(key));
  const direct = known(tokens.map((t) => t.norm).join(" "));
  if (direct) return direct;
  if (tokens.length > MAX_HEADING_WORDS) return undefined;
  const parts: Token[][] = [[]];
  tokens.forEach((t, i) => {
    const gap = i > 0 ? line.slice(tokens[i - 1]!.end, t.start) : "";
    if (t.norm === "and") parts.push([]);
    else if (/[&/]/u.test(gap) && parts[parts.length - 1]!.length) parts.push([t]);
    else parts[parts.length - 1]!.push(t);
  });
  const keys = parts.map((p) => p.map((t) => t.norm).join(" "));
  if (keys.length >= 2 && keys.every((k) => known(k))) return known(keys[0]!);
  const capitalised = tokens.every((t) => /^\p{Lu}/u.test(t.raw) || t.norm === "and" || t.norm === "of");
  // Bilingual headings give the same title twice across a slash ("PARCOURS / CAREER"): one known part is enough.
  if (keys.length >= 2 && capitalised && line.includes("/") && !/\d/u.test(line)) {
    const half = keys.find((k) => known(k));
    if (half) return known(half);
  }
  if (tokens.length <= MAX_SUFFIX_HEADING_WORDS && capitalised && !/\d/u.test(line) && plainPhrase(line, tokens)) {
    const last = tokens[tokens.length - 1]!.norm;
    const kind = known(last);
    if (kind && suffixNames(vocab, line, last, tokens.slice(0, -1))) return kind;
  }
  return undefined;
}

/**
 * Words joined by spaces, "&", "/" or "+" only: a comma, a dash or a bracket between them marks a title and its
 * department or employer ("Instructional Assistant, Special Education", "Teacher – Special Education"), not a heading.
 */
function plainPhrase(line: string, tokens: readonly Token[]): boolean {
  for (let i = 1; i < tokens.length; i++) {
    if (!/^[\s&/+]*$/u.test(line.slice(tokens[i - 1]!.end, tokens[i]!.start))) return false;
  }
  return true;
}

/**
 * Whether a capitalised run ending in the heading word `last` names that heading (see SectionVocabulary.openWords).
 * A line that ends with a colon is set as a label, so any heading word it ends in names its section ("Human
 * Languages:").
 */
function suffixNames<K extends string>(vocab: SectionVocabulary<K>, line: string, last: string, before: readonly Token[]): boolean {
  if (!vocab.openWords || vocab.openWords.has(last) || /[:：]$/u.test(line)) return true;
  return before.every((t) => t.norm === "and" || t.norm === "of" || vocab.modifiers?.has(t.norm) === true);
}

const compactHeadings = new WeakMap<SectionVocabulary<string>, Map<string, { kind: string; words: number }>>();

/**
 * A heading set in spaced-out letters ("E X P E R I E N C E"), or cut inside a word where a PDF's letter-spacing
 * left wider gaps ("exp erience", "int erests"): letters and spaces only, more pieces than the heading has words,
 * and together a known heading.
 */
function letterSpacedHeading<K extends string>(line: string, tokens: readonly Token[], vocab: SectionVocabulary<K>): K | undefined {
  if (tokens.length < 2 || line.length > 60 || !/^[\p{L} ]+$/u.test(line)) return undefined;
  let compact = compactHeadings.get(vocab);
  if (!compact) {
    compact = new Map();
    for (const [key, kind] of vocab.headings) {
      const words = key.split(" ");
      if (words.every((w) => /^\p{L}+$/u.test(w))) compact.set(words.join(""), { kind, words: words.length });
    }
    compactHeadings.set(vocab, compact);
  }
  const found = compact.get(tokens.map((t) => t.norm).join(""));
  return found && tokens.length > found.words ? (found.kind as K) : undefined;
}

/** Recognises heading lines, from the line text and its tokens (offsets relative to the line). */
function classifyHeading<K extends string>(line: string, tokens: readonly Token[], vocab: SectionVocabulary<K>): HeadingMatch<K> | null {
  const spaced = letterSpacedHeading(line, tokens, vocab);
  if (spaced) return { kind: spaced, inline: false, contentStart: line.length };
  // A line that starts in lower case or ends like a sentence is the tail of a wrapped sentence ("courses."), not
  // a heading, even when its words are a heading's. The content after an inline label may end any way: "Nice to
  // have: a culinary degree, fermentation," is a label whose list wraps onto the next line.
  if (/^\p{Ll}/u.test(line)) return null;
  const whole = /[.,;]$/u.test(line) ? undefined : lookupHeading(line, tokens, vocab);
  if (whole) return { kind: whole, inline: false, contentStart: line.length };
  const colon = line.search(COLON);
  // A bulleted item that opens with a label is content of a list, not a section ("- Special Education: Generalist
  // endorsement", "• Training: forklift"); a heading drawn with a glyph ("■ EDUCATION", "➢ Experience") is a heading.
  if (colon >= 2 && colon <= MAX_LABEL_CHARS && /\S/u.test(line.slice(colon + 1)) && !BULLETED.test(line)) {
    const kind = lookupHeading(line, tokens.filter((t) => t.end <= colon), vocab, true);
    return kind ? { kind, inline: true, contentStart: colon + 1 } : null;
  }
  // Formatted as a heading (markdown "#", or a short line ending with a colon) but unknown: it still closes the
  // previous section, so that e.g. benefits listed under "Our office:" are not read as requirements.
  const formatted = /^#{1,6}\s/u.test(line) || /[:：]$/u.test(line);
  return formatted && tokens.length > 0 && tokens.length <= MAX_HEADING_WORDS
    ? { kind: vocab.unknown, inline: false, contentStart: line.length }
    : null;
}

// Words whose trailing period does not end a sentence ("Dr.", "Inc.", "Jan. 2020").
const ABBREVIATIONS = new Set([
  "mr", "mrs", "ms", "dr", "prof", "inc", "ltd", "co", "corp", "jr", "sr", "st", "vs", "etc", "approx", "no", "dept",
  "univ", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "fig", "est", "resp",
]);

/** A period after an abbreviation: a word with inner periods ("M.Sc", "e.g", "Ph.D"), an initial, or a known one. */
function isAbbreviationPeriod(content: string, dot: number): boolean {
  if (content[dot] !== ".") return false;
  let i = dot;
  while (i > 0 && /[\p{L}\p{N}.]/u.test(content[i - 1]!)) i--;
  const word = content.slice(i, dot);
  return word.includes(".") || /^\p{L}$/u.test(word) || ABBREVIATIONS.has(word.toLowerCase());
}

function sentenceSpans(text: string, start: number, end: number): [number, number][] {
  const content = text.slice(start, end);
  const spans: [number, number][] = [];
  let from = 0;
  for (const m of content.matchAll(SENTENCE_END)) {
    if (isAbbreviationPeriod(content, m.index)) continue;
    const to = m.index + 1;
    spans.push([start + from, start + to]);
    from = to;
  }
  if (from < content.length) spans.push([start + from, end]);
  return spans;
}

/**
 * Whether a line breaks off on a capitalised word ("Oregon Professional Teaching", "… CPR"): its last run of letters
 * and hyphens holds a capital. Read backwards over that run only: /\p{Lu}[\p{L}-]*$/u scans to the end from every
 * capital of the line, and a 100,000-letter line of capitals took seconds.
 */
export function endsWithCapitalisedWord(text: string): boolean {
  let i = text.length;
  while (i > 0 && /[\p{L}-]/u.test(text[i - 1]!)) i--;
  return /\p{Lu}/u.test(text.slice(i));
}

/**
 * A lone heading word that names the section the text is already in, right below a line that breaks off on a
 * capitalised word, is the end of that line cut by a narrow column, not a new heading: "Oregon Professional Teaching" /
 * "License" under "Licensure". It opens no section, so reading it as content changes nothing else.
 */
function runOnHeading<K extends string>(
  text: string,
  previous: Line<K> | undefined,
  lineStart: number,
  tokens: readonly Token[],
  section: K,
  heading: HeadingMatch<K> | null,
): HeadingMatch<K> | null {
  if (!heading || heading.inline || heading.kind !== section || tokens.length !== 1 || !previous || previous.heading) return heading;
  if (previous.section !== section || /\n[^\S\n]*\r?\n/u.test(text.slice(previous.end, lineStart))) return heading;
  return previous.tokens.length >= 2 && endsWithCapitalisedWord(previous.text) ? null : heading;
}

export function parseDocument<K extends string>(text: string, vocab: SectionVocabulary<K>): Document<K> {
  const lines: Line<K>[] = [];
  const sections: K[] = [];
  let section = vocab.preamble;
  let from = 0;
  const pushLine = (lineStart: number, lineEnd: number) => {
    const raw = text.slice(lineStart, lineEnd);
    const lead = raw.length - raw.trimStart().length;
    const content = raw.trim();
    if (!content) return;
    const start = lineStart + lead;
    const end = start + content.length;
    const own = tokenize(content);
    const heading = runOnHeading(text, lines[lines.length - 1], lineStart, own, section, classifyHeading(content, own, vocab));
    if (heading) {
      section = heading.kind;
      if (heading.kind !== vocab.unknown && !sections.includes(heading.kind)) sections.push(heading.kind);
    }
    // The label of an inline heading ("Education: BSc Physics") is structure, not evidence: drop its tokens so that
    // nothing is extracted from it (the word "Education" is also a field of study).
    const labelEnd = heading?.inline ? heading.contentStart : 0;
    // A job word with a gendered ending, or its stem before the mask of a redacted one, reads as its neutral word
    // ("Foreman", "Forewoman", "Fore" + MASK → "foreperson"; occupations.ts): the same reading for every gender.
    const tokens = own
      .filter((t) => t.start >= labelEnd)
      .map((t) => ({
        ...t,
        start: t.start + start,
        end: t.end + start,
        norm: occupationalReading(t.norm, text[t.end + start]) ?? t.norm,
      }));
    lines.push({
      index: lines.length,
      start,
      end,
      text: content,
      section,
      heading: heading !== null && !heading.inline,
      tokens,
      sentences: sentenceSpans(text, start, end),
    });
  };
  for (const m of text.matchAll(LINE_BREAK)) {
    pushLine(from, m.index);
    from = m.index + m[0].length;
  }
  pushLine(from, text.length);
  return { text, lines, sections };
}

/** The sentence span of a line that contains [start, end) (widened when the evidence crosses a sentence end). */
export function sentenceOf(line: Line<string>, start: number, end: number): [number, number] {
  // The sentences are in order, adjoining and never empty: binary searches rather than a walk of the line, which was
  // quadratic on a line of thousands of sentences. The walk stopped at the first sentence holding `end`, and took
  // the sentence holding `start` only up to there.
  const ss = line.sentences;
  const endAt = firstIndex(ss.length, (i) => ss[i]![1] >= end);
  const stops = endAt < ss.length && ss[endAt]![0] < end;
  const startAt = firstIndex(ss.length, (i) => ss[i]![0] > start) - 1;
  const from = startAt >= 0 && start < ss[startAt]![1] && (!stops || startAt <= endAt) ? ss[startAt]![0] : line.start;
  const to = stops ? ss[endAt]![1] : line.end;
  return [from, Math.max(from, to)];
}

/** The first index in [0, n) from which `from` holds (it holds from some index on, up to n), or n. */
function firstIndex(n: number, from: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (from(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The sentence of a line that holds [start, end), as line.sentences.find(([s, e]) => s <= start && end <= e) finds
 * it, by binary search (a per-match search of the line is quadratic on long lines).
 */
export function sentenceHolding(line: { sentences: [number, number][] }, start: number, end: number): [number, number] | undefined {
  const ss = line.sentences;
  if (end <= start) return ss.find(([s, e]) => s <= start && end <= e);
  const at = firstIndex(ss.length, (i) => ss[i]![0] > start) - 1;
  return at >= 0 && end <= ss[at]![1] ? ss[at] : undefined;
}

/** Index of the first token that starts at `start`, or -1, as tokens.findIndex((t) => t.start === start) (by binary search). */
export function tokenStartingAt(tokens: readonly Token[], start: number): number {
  const at = firstIndex(tokens.length, (i) => tokens[i]!.start >= start);
  return at < tokens.length && tokens[at]!.start === start ? at : -1;
}

/** Index of the first token that ends at `end`, or -1, as tokens.findIndex((t) => t.end === end) (by binary search). */
export function tokenEndingAt(tokens: readonly Token[], end: number): number {
  const at = firstIndex(tokens.length, (i) => tokens[i]!.end >= end);
  return at < tokens.length && tokens[at]!.end === end ? at : -1;
}

/** Index of the first token that starts at or after `pos`, or -1, as tokens.findIndex((t) => t.start >= pos). */
export function tokenFrom(tokens: readonly Token[], pos: number): number {
  const at = firstIndex(tokens.length, (i) => tokens[i]!.start >= pos);
  return at < tokens.length ? at : -1;
}
