import type { Catalogue } from "../../catalogue/catalogue.ts";
import type { Skill } from "../../catalogue/types.ts";
import { escapeRegExp } from "../text/regexp.ts";
import { perDocument, sentenceHolding, tokenFrom, tokenStartingAt, type Line } from "../text/document.ts";

/**
 * Word-sense checks for catalogue matches: a skill's name is often an ordinary word, an acronym or part of another
 * product's name, and a recruiter reads it as the skill only when the text uses it in that sense. Each rule reads
 * the surrounding words or the document's profession; none knows a particular skill.
 */

export interface SpanOnLine<K extends string> {
  start: number;
  end: number;
  surface: string;
  line: Line<K>;
}

// Words that name a group of people in an organisation as well as a discipline: "present results to leadership",
// "partner with marketing and sales". As the audience of the work they are not the skill.
const AUDIENCE_NOUNS = new Set([
  "leadership", "management", "sales", "marketing", "finance", "engineering", "operations", "product", "design",
  "legal", "compliance", "procurement", "executives", "hr",
]);
// Between the preposition and the audience: "to senior leadership", "with the marketing and sales".
const AUDIENCE_MODIFIERS = new Set([
  "the", "our", "your", "their", "senior", "executive", "company", "upper", "top", "local", "site", "store", "plant",
  "regional", "global", "and", "or", "&",
]);
// Stems of the words that address an audience or work alongside one, by preposition. A preposition alone is not
// enough: "experience with marketing" and "passion for design" name the discipline.
const ADDRESS = "present report escalat communicat brief recommend pitch updat explain propos insight finding result summar deck dashboard";
const ALONGSIDE = "partner collaborat liais work coordinat align interfac engag consult meet sync closely alongside";
const AUDIENCE_VERBS: Record<string, ReadonlySet<string>> = {
  to: new Set(ADDRESS.split(" ")),
  for: new Set(`${ADDRESS} prepar`.split(" ")),
  with: new Set(ALONGSIDE.split(" ")),
  across: new Set(ALONGSIDE.split(" ")),
};
// After the audience, the phrase ends: "to marketing campaigns" makes "marketing" a modifier, the skill.
const PHRASE_END = new Set(["and", "or", "on", "about", "in", "at", "weekly", "monthly", "quarterly", "regularly", "every", "each", "teams", "team", "stakeholders", "partners", "colleagues", "counterparts", "leaders"]);

/**
 * Whether the words at [start, end) name the audience of the work rather than the skill: a department noun after
 * "to/for/with/across" (and optional determiners, ranks or other department nouns) in a sentence that presents,
 * reports or works alongside ("present results to leadership", "prepare dashboards for senior management",
 * "partner closely with marketing and sales teams").
 */
export function isAudience<K extends string>(span: SpanOnLine<K>): boolean {
  const { line } = span;
  // The cheap test first: most matches are no audience noun, and finding the token is a search of the line.
  if (!AUDIENCE_NOUNS.has(line.text.slice(span.start - line.start, span.end - line.start).toLowerCase())) return false;
  // Tokens and sentences are in order and do not overlap: found by binary search, and the walks back over the line
  // below come from per-line tables (audienceTables), since a line can hold thousands of audience nouns ("sales").
  const { tokens } = line;
  const at = firstAtOrAfter(tokens.length, (i) => tokens[i]!.start >= span.start);
  if (at >= tokens.length || tokens[at]!.start !== span.start) return false;
  if (tokens[at]!.end !== span.end || !AUDIENCE_NOUNS.has(tokens[at]!.norm)) return false;
  const si = firstAtOrAfter(line.sentences.length, (i) => line.sentences[i]![0] > span.start) - 1;
  const [from, to] = si >= 0 && span.end <= line.sentences[si]![1] ? line.sentences[si]! : [line.start, line.end];
  const next = tokens[at + 1];
  const nextInSentence = next !== undefined && next.start < to;
  const gap = nextInSentence ? line.text.slice(span.end - line.start, next.start - line.start) : "";
  const ends = !nextInSentence || /[,;:()]/u.test(gap) || PHRASE_END.has(next.norm) || AUDIENCE_NOUNS.has(next.norm);
  if (!ends) return false;
  const tables = audienceTables(line);
  // Back over the determiners, ranks and other department nouns before it, within the sentence.
  const inSentence = firstAtOrAfter(tokens.length, (i) => tokens[i]!.start >= from);
  const k = at === 0 ? -1 : Math.max(tables.modifierRun[at - 1]!, inSentence) - 1;
  const preposition = k >= 0 && tokens[k]!.start >= from ? tokens[k]!.norm : "";
  // Own keys only: a word such as "constructor" before the noun ("Led constructor marketing.") read Object's own
  // constructor as its verbs and threw.
  const verbs = Object.hasOwn(AUDIENCE_VERBS, preposition) ? AUDIENCE_VERBS[preposition] : undefined;
  if (!verbs) return false;
  // Stems are prefixes: "presenting", "presentations" and "present" all address. Any such word before the
  // preposition in the sentence.
  if (k < 1) return false;
  const verb = tables.lastVerb(preposition, verbs)[k - 1]!;
  return verb >= 0 && tokens[verb]!.start >= from;
}

/** The first index in [0, n) at which `past` holds (it holds from some index on), or n. */
function firstAtOrAfter(n: number, past: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (past(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

interface AudienceTables {
  /** For each token, the first of the run of modifiers and audience nouns that ends with it (its own index + 1 if none). */
  modifierRun: Int32Array;
  /** For a preposition, for each token, the last token at or before it that starts with one of its verbs, or -1. */
  lastVerb: (preposition: string, verbs: ReadonlySet<string>) => Int32Array;
}

const audienceTablesOf = new WeakMap<object, AudienceTables>();

function audienceTables(line: Line<string>): AudienceTables {
  let tables = audienceTablesOf.get(line);
  if (tables) return tables;
  const { tokens } = line;
  const modifierRun = new Int32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    const norm = tokens[i]!.norm;
    const modifier = AUDIENCE_MODIFIERS.has(norm) || AUDIENCE_NOUNS.has(norm);
    modifierRun[i] = modifier ? (i > 0 ? modifierRun[i - 1]! : 0) : i + 1;
  }
  const verbTables = new Map<string, Int32Array>();
  const lastVerb = (preposition: string, verbs: ReadonlySet<string>): Int32Array => {
    let table = verbTables.get(preposition);
    if (!table) {
      table = new Int32Array(tokens.length);
      const stems = [...verbs];
      for (let i = 0; i < tokens.length; i++) {
        const norm = tokens[i]!.norm;
        table[i] = stems.some((v) => norm.startsWith(v)) ? i : i > 0 ? table[i - 1]! : -1;
      }
      verbTables.set(preposition, table);
    }
    return table;
  };
  tables = { modifierRun, lastVerb };
  audienceTablesOf.set(line, tables);
  return tables;
}

interface Namespaces {
  /** Product families: words the catalogue both writes before product names and leaves out ("Apache Kafka", "Kafka"). */
  prefixes: ReadonlySet<string>;
  /** skill id → the families its own names place it in ("Salesforce Apex" → "salesforce"). */
  families: ReadonlyMap<string, ReadonlySet<string>>;
  /** family → the families that name the same vendor. */
  kin: ReadonlyMap<string, ReadonlySet<string>>;
}

const MIN_FAMILY_SIZE = 3;
const namespacesOf = new WeakMap<Catalogue, Namespaces>();

function namespaces(catalogue: Catalogue): Namespaces {
  const known = namespacesOf.get(catalogue);
  if (known) return known;
  // "<Family> <Product>" where the same skill is also called "<Product>": the family word is optional, a vendor's.
  const familyWords = (s: Skill): Set<string> => {
    const names = [s.name, ...s.aliases];
    const keys = new Set(names.map((n) => n.toLowerCase()));
    const out = new Set<string>();
    for (const n of names) {
      const m = /^(\p{Lu}[\p{L}\p{N}]+)\s+(.+)$/u.exec(n);
      if (m && keys.has(m[2]!.toLowerCase())) out.add(m[1]!.toLowerCase());
    }
    return out;
  };
  const count = new Map<string, number>();
  for (const s of catalogue.skills) for (const w of familyWords(s)) count.set(w, (count.get(w) ?? 0) + 1);
  const prefixes = new Set([...count].filter(([, n]) => n >= MIN_FAMILY_SIZE).map(([w]) => w));
  const families = new Map<string, Set<string>>();
  for (const s of catalogue.skills) {
    const own = new Set([s.name, ...s.aliases].map((n) => /^(\p{Lu}[\p{L}\p{N}]+)\s/u.exec(n)?.[1]?.toLowerCase()).filter((w): w is string => w !== undefined && prefixes.has(w)));
    if (own.size) families.set(s.id, own);
  }
  // Families named together on one skill ("Amazon S3", "AWS S3") are one vendor under two names.
  const kin = new Map<string, Set<string>>();
  for (const own of families.values()) {
    for (const a of own) {
      let set = kin.get(a);
      if (!set) kin.set(a, (set = new Set([a])));
      for (const b of own) set.add(b);
    }
  }
  const built = { prefixes, families, kin };
  namespacesOf.set(catalogue, built);
  return built;
}

/**
 * Whether a skill match is the second word of another family's product: "Apache Apex" is not Salesforce's Apex,
 * which the catalogue itself calls "Salesforce Apex". Only skills whose own names place them in a family are
 * checked, so a product the catalogue names without its vendor is read after any vendor.
 */
export function inOtherFamily<K extends string>(catalogue: Catalogue, skill: Skill, span: SpanOnLine<K>): boolean {
  const { prefixes, families, kin } = namespaces(catalogue);
  const own = families.get(skill.id);
  if (!own) return false;
  const at = tokenStartingAt(span.line.tokens, span.start);
  const before = at > 0 ? span.line.tokens[at - 1]! : undefined;
  if (!before || !/^\s+$/u.test(span.line.text.slice(before.end - span.line.start, span.start - span.line.start))) return false;
  if (!prefixes.has(before.norm) || !/^\p{Lu}/u.test(before.raw)) return false;
  return ![...own].some((f) => kin.get(f)?.has(before.norm));
}

// A skill listed by titles of more career groups than this belongs to no one profession.
const MAX_PROFESSION_GROUPS = 2;
// The document must show its profession with at least this many profession-specific skills before one is judged.
const MIN_PROFESSION_EVIDENCE = 3;
// Skills of more groups than this are asked of every profession ("Communication", "Microsoft Excel") and place an
// ambiguous word in none.
const MAX_CONTEXT_GROUPS = 5;

const groupsOf = new WeakMap<Catalogue, Map<string, ReadonlySet<string>>>();

/** Career groups whose titles list the skill. */
export function skillGroups(catalogue: Catalogue, id: string): ReadonlySet<string> {
  let cache = groupsOf.get(catalogue);
  if (!cache) groupsOf.set(catalogue, (cache = new Map()));
  let groups = cache.get(id);
  if (!groups) cache.set(id, (groups = new Set(catalogue.titlesWithSkill(id).map((t) => t.career_group))));
  return groups;
}

/** "ELD" for "Electronic Logging Devices": the letters are the initials of the name, which the text does not spell out. */
function isInitialism(surface: string, name: string): boolean {
  const initials = name.split(/[\s-]+/u).filter((w) => /^\p{L}/u.test(w)).map((w) => w[0]!.toUpperCase()).join("");
  return initials === surface.replace(/s$/u, "") && !name.includes(surface);
}

/**
 * Whether a match is an ambiguous form of its skill: an acronym standing for the skill through an alias ("ELD" is
 * Electronic Logging Devices to a trucker, English Language Development to a teacher), or an ordinary lower-case
 * word that is the head of a compound the catalogue does not know ("foreign-currency translation"). A name written
 * as the catalogue writes it is not, and nothing on a line written all in capitals is an acronym.
 */
export function isAmbiguousForm<K extends string>(skill: Skill, span: SpanOnLine<K>): boolean {
  const { surface, line } = span;
  if (/\s/u.test(surface)) return false;
  if (/^\p{Lu}{2,5}s?$/u.test(surface)) return isInitialism(surface, skill.name) && hasLowerCase(line);
  if (!/^\p{Ll}+$/u.test(surface)) return false;
  return compoundBefore(line.text, span.start - line.start);
}

const lowerCaseLines = new WeakMap<object, boolean>();

/** Whether a line has a lower-case letter, worked out once per line (an all-caps line can hold thousands of acronyms). */
function hasLowerCase(line: Line<string>): boolean {
  let lower = lowerCaseLines.get(line);
  if (lower === undefined) {
    lower = /\p{Ll}/u.test(line.text);
    lowerCaseLines.set(line, lower);
  }
  return lower;
}

const LETTER = /^\p{L}$/u;

/** The character that ends at `end` in `text` (a surrogate pair as one), or "" at the start. */
function charBefore(text: string, end: number): string {
  if (end <= 0) return "";
  const low = text.charCodeAt(end - 1);
  const high = end >= 2 ? text.charCodeAt(end - 2) : 0;
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? text.slice(end - 2, end) : text[end - 1]!;
}

/**
 * Whether `text.slice(0, end)` ends with a hyphenated compound and spaces ("foreign-currency "), as
 * /\p{L}-\p{L}+\s+$/u would tell, reading back from `end` only: the regex tried the whole start of the line for every
 * word matched on it (quadratic on a long line of skill words).
 */
function compoundBefore(text: string, end: number): boolean {
  let j = end;
  while (j > 0 && /\s/u.test(text[j - 1]!)) j--;
  if (j === end) return false;
  let k = j;
  for (let c = charBefore(text, k); c && LETTER.test(c); c = charBefore(text, k)) k -= c.length;
  if (k === j || text[k - 1] !== "-") return false;
  return LETTER.test(charBefore(text, k - 1));
}

// A word the catalogue ends this many skill names with ("lesson planning", "route planning", "menu planning") says
// which kind of that work only with the word before it.
const MIN_COMPOUND_HEADS = 5;
const headsOf = new WeakMap<Catalogue, Map<string, number>>();

/** How many catalogue skills have a name or alias of several words ending with each word, lower case. */
function compoundHeads(catalogue: Catalogue): Map<string, number> {
  const known = headsOf.get(catalogue);
  if (known) return known;
  const count = new Map<string, number>();
  for (const s of catalogue.skills) {
    const heads = new Set([s.name, ...s.aliases].map((n) => /\s(\p{L}+)$/u.exec(n)?.[1]?.toLowerCase()).filter((w): w is string => w !== undefined));
    for (const w of heads) count.set(w, (count.get(w) ?? 0) + 1);
  }
  headsOf.set(catalogue, count);
  return count;
}

/**
 * Whether a match is a general skill named by a bare lower-case word that heads many of the catalogue's compound
 * skills: a teacher's "planning, grading, report cards" is lesson planning, a marketer's "content planning" is
 * content work, neither the catalogue's general "Planning". Only common skills are judged so: a specialised word
 * alone ("accounting") names its discipline.
 */
export function isGenericHead<K extends string>(catalogue: Catalogue, skill: Skill, span: SpanOnLine<K>): boolean {
  if (skill.type !== "Common Skill" || !/^\p{L}\p{Ll}+$/u.test(span.surface)) return false;
  if (/^\p{Lu}/u.test(span.surface) && !opensProse(span)) return false;
  return (compoundHeads(catalogue).get(span.surface.toLowerCase()) ?? 0) >= MIN_COMPOUND_HEADS;
}

/**
 * Whether a capitalised word is capitalised only as the first of a sentence that goes on in lower case ("Planning
 * and executing release cycles"), not as a name or a listed skill ("Planning, Budgeting").
 */
function opensProse<K extends string>(span: SpanOnLine<K>): boolean {
  const { line } = span;
  const sentence = sentenceHolding(line, span.start, span.end) ?? [line.start, line.end];
  const firstAt = tokenFrom(line.tokens, sentence[0]);
  const first = firstAt >= 0 ? line.tokens[firstAt] : undefined;
  return first?.start === span.start && /^\s+\p{Ll}+\s+\p{L}/u.test(line.text.slice(span.end - line.start));
}

/**
 * Whether a lower-case match of several words is the skill's name with a word of its middle left out: "corrective
 * action" of "Corrective and Preventive Action (CAPA)" is as much a supervisor's discipline talk as the quality
 * method. The words kept are an everyday phrase; the one left out said which sense. A name shortened at its end
 * ("sheet metal" of "Sheet Metal Fabrication") keeps its opening words, the sense, and is not judged so.
 */
export function isShortenedName<K extends string>(skill: Skill, span: SpanOnLine<K>): boolean {
  // A capital that only opens a line or a sentence ("Corrective action and final warnings…") is the same words.
  const surface = /^\p{Lu}\p{Ll}/u.test(span.surface) && opensSentence(span) ? span.surface[0]!.toLowerCase() + span.surface.slice(1) : span.surface;
  if (!/^\p{Ll}+(?:[\s-]+\p{Ll}+)+$/u.test(surface)) return false;
  // "corrective actions", "corrective-action": the plural and the hyphenated form are the same words.
  const words = singularLast(surface.split(/[\s-]+/u));
  const name = singularLast(withoutBrackets(skill.name).base.toLowerCase().split(/[\s-]+/u));
  if (words.length >= name.length || words[0] !== name[0] || words.at(-1) !== name.at(-1)) return false;
  // In order, each word of the surface a word of the name.
  let k = 0;
  for (const w of name) if (w === words[k]) k++;
  return k === words.length;
}

/** The words with a trailing "s" dropped from the last: "corrective actions" and "corrective action" alike. */
function singularLast(words: string[]): string[] {
  return words.map((w, i) => (i === words.length - 1 ? w.replace(/s$/u, "") : w));
}

/** A name without its bracketed parts, and those parts: "Registered Nurse (RN)" → "Registered Nurse", ["RN"]. */
export function withoutBrackets(name: string): { base: string; bracketed: string[] } {
  return { base: name.replace(/\([^()]*\)/gu, "").replace(/\s+/gu, " ").trim(), bracketed: [...name.matchAll(/\(([^()]+)\)/gu)].map((b) => b[1]!.trim()) };
}

/** Whether a match is the first token of its sentence (or of its line). */
function opensSentence<K extends string>(span: SpanOnLine<K>): boolean {
  const { line } = span;
  const sentence = sentenceHolding(line, span.start, span.end) ?? [line.start, line.end];
  const firstAt = tokenFrom(line.tokens, sentence[0]);
  return firstAt >= 0 && line.tokens[firstAt]!.start === span.start;
}

// The word a credential's name adds to its acronym: "EMT Certification", "TWIC Card", "ESL Endorsement".
const CREDENTIAL_WORD = /^(\p{Lu}{2,6})\s+(?:certification|certificate|licen[cs]e|card|credential|endorsement|permit)$/iu;

/**
 * Whether a match is the bare acronym of a credential the catalogue names by that acronym and a word for the
 * credential: "EMT" of "EMT Certification" is an emergency medical technician to a paramedic and electrical metallic
 * tubing to an electrician ("hand benders for EMT"). Judged, like an initialism, by the document's profession.
 */
export function isBareCredentialAcronym(skill: Skill, surface: string): boolean {
  return skill.type === "Certification" && CREDENTIAL_WORD.exec(skill.name)?.[1] === surface;
}

// Clippings that are ordinary words or slang outside their trade, so that the trade must show in the document:
// "POG"/"POGs" (planograms in a store, "person other than grunt" to a soldier). Kept to an explicit list: most
// clippings are a product's established shorthand (QBO, JS, PSSE, TSQL, CTPAT) and mean it wherever they stand.
const CLIPPED_SLANG = new Set(["POG"]);

/**
 * Whether an acronym match is a clipping of the skill's name, its letters taken in order from the name's one word
 * rather than the initials of several: "POG" of "Planograms" is a store's word, and a soldier's ("Army veteran (POG,
 * supply clerk)"). Judged, like a bare credential acronym, by the document's profession. Not on a line written all
 * in capitals. Only the clippings of CLIPPED_SLANG: an established product's shorthand ("QBO", "JS", "TSQL", "CTPAT")
 * is that product in any document.
 */
export function isClippedAbbreviation<K extends string>(skill: Skill, span: SpanOnLine<K>): boolean {
  const m = /^(\p{Lu}{2,5})s?$/u.exec(span.surface);
  if (!m || !CLIPPED_SLANG.has(m[1]!) || !hasLowerCase(span.line)) return false;
  const letters = m[1]!.toLowerCase();
  const name = skill.name.toLowerCase();
  if (/\s/u.test(name) || name.includes(letters) || name[0] !== letters[0]) return false;
  let k = 0;
  for (const c of name) if (c === letters[k]) k++;
  return k === letters.length;
}

// After a name cut to a prefixed compound, the words that leave it a noun: a verb, a conjunction, a preposition, a
// time ("My pre-trip is the same every morning", "pre-trip and post-trip", "pre-trip every day").
const NOUN_GOES_ON = new Set(
  ("and or & is was are were be been takes took should must will would can could did does do done completed " +
    "every each daily before after on at in of to with for then first always never").split(" "),
);

// Nouns after "pre-trip" (and the like) that are still the vehicle inspection: a driver's "pre-trip checks",
// "pre-trip safety inspections", "pre-trip walkarounds", "pre-trip brake checks", "pre-trip dvir".
const INSPECTION_NOUNS = new Set(
  ("check checks walkaround walkarounds walk-around walk-arounds safety vehicle vehicles brake brakes report reports " +
    "dvir dvirs log logs checklist checklists").split(" "),
);
// A document that shows commercial driving (a CDL, a Class A or B licence, DOT, a DVIR, FMCSA, trucking) keeps a
// prefixed compound the inspection before any noun. Not "ELD", a teacher's English Language Development as well.
const DRIVING = /\b(?:CDL(?:-?[AB])?|DOT|DVIRs?|FMCSA|[Cc]lass [AB]|[Tt]ruck [Dd]rivers?|[Tt]rucking|[Tt]ractor-[Tt]railers?)\b/u;
/** Whether the document shows driving (DRIVING), worked out once per document. */
const showsDriving = perDocument(DRIVING);

/**
 * Whether a match is a prefixed compound that opens a longer skill name ("pre-trip" of "Pre-Trip Inspection") written
 * as the modifier of another noun: a tour guide's "pre-trip briefings", a travel agent's "pre-trip planning". Such a
 * word is the skill only standing as a noun: before punctuation, the line's end, a word of the skill's own names
 * ("pre-trip inspections") or a word that leaves it a noun (NOUN_GOES_ON); before a noun of the inspection itself
 * (INSPECTION_NOUNS: "pre-trip checks", "pre-trip walkarounds"); or anywhere in a document that shows driving.
 */
export function isClippedModifier<K extends string>(skill: Skill, span: SpanOnLine<K>, text: string): boolean {
  if (!/^(?:pre|post|mid|in|on|off)-\p{L}+$/iu.test(span.surface)) return false;
  const name = skill.name.toLowerCase();
  if (!name.startsWith(span.surface.toLowerCase()) || name.length === span.surface.length) return false;
  const next = /^[^\S\r\n]+(\p{Ll}[\p{L}-]*)/u.exec(text.slice(span.end, Math.min(span.line.end, span.end + 40)));
  if (!next) return false;
  const word = next[1]!;
  if (NOUN_GOES_ON.has(word) || INSPECTION_NOUNS.has(word) || showsDriving(text)) return false;
  const own = new Set(
    [skill.name, ...skill.aliases].flatMap((n) => n.toLowerCase().split(/[^\p{L}-]+/u)).flatMap((w) => [w, w.replace(/s$/u, "")]),
  );
  return !own.has(word) && !own.has(word.replace(/s$/u, ""));
}

/**
 * Ambiguous matches (see isAmbiguousForm and isGenericHead) of profession-specific skills that no title of the
 * catalogue lists together with another profession-specific skill of the document: the skills around them say which
 * professions the text is about, and a teacher's "ELD" or "planning" or an accountant's "translation" fits none of
 * them. A document with too little such evidence is left as it is.
 */
export function outOfProfession<K extends string>(catalogue: Catalogue, matches: readonly (SpanOnLine<K> & { value: string })[]): Set<number> {
  const specific = new Set<string>();
  const context = new Set<string>();
  const suspect: number[] = [];
  const clipped: number[] = [];
  matches.forEach((m, i) => {
    const skill = catalogue.skill(m.value);
    const groups = skillGroups(catalogue, m.value);
    if (!skill || groups.size === 0) return;
    if (isClippedAbbreviation(skill, m)) {
      clipped.push(i);
      return;
    }
    const bare = isBareCredentialAcronym(skill, m.surface);
    const ambiguous = isAmbiguousForm(skill, m) || isGenericHead(catalogue, skill, m) || isShortenedName(skill, m) || bare;
    // An initialism has many expansions, so only one of a single profession is judged by it; a credential's own
    // acronym written bare is the credential in its professions only.
    const narrow = bare || /\s/u.test(m.surface) || /^\p{Ll}/u.test(m.surface) ? MAX_PROFESSION_GROUPS : 1;
    if (ambiguous && groups.size <= narrow) suspect.push(i);
    if (groups.size > MAX_CONTEXT_GROUPS) return;
    context.add(m.value);
    if (!ambiguous && groups.size <= MAX_PROFESSION_GROUPS) specific.add(m.value);
  });
  const out = new Set<number>();
  // A clipping is a word of its trade's shorthand: the document must show that trade by a skill of its own, however
  // little else it shows ("POGs" beside a store's merchandising; a soldier's "POG" beside nothing of a store).
  for (const i of clipped) {
    const id = matches[i]!.value;
    const groups = skillGroups(catalogue, id);
    if (![...specific].some((other) => [...skillGroups(catalogue, other)].some((g) => groups.has(g)))) out.add(i);
  }
  if (specific.size < MIN_PROFESSION_EVIDENCE) return out;
  for (const i of suspect) {
    const id = matches[i]!.value;
    // The same skill written unambiguously elsewhere, or a title that needs it alongside another skill named here.
    const groups = skillGroups(catalogue, id);
    const fits =
      specific.has(id) ||
      catalogue.titlesWithSkill(id).some((t) => t.skill_ids.some((other) => other !== id && context.has(other))) ||
      [...context].some((other) => other !== id && [...skillGroups(catalogue, other)].some((g) => groups.has(g)));
    if (!fits) out.add(i);
  }
  return out;
}

/**
 * Whether an acronym match is the plural of a shorter acronym: the catalogue writes "DCS" (distributed control system)
 * or "CMMS", and the text's "DCs" (distribution centres) or "CMMs" (coordinate measuring machines) ends in a lower-case
 * s, the plural of "DC" and "CMM". Only when the skill has no name or alias that is the shorter acronym itself or the
 * text's own form ("SLAs" of "SLA" stays the skill).
 */
export function isPluralOfShorterAcronym(skill: Skill, surface: string): boolean {
  const m = /^(\p{Lu}[\p{Lu}\p{N}&]+)s$/u.exec(surface);
  if (!m) return false;
  const singular = m[1]!;
  const forms = new Set<string>();
  for (const n of [skill.name, ...skill.aliases]) {
    forms.add(n);
    for (const b of withoutBrackets(n).bracketed) forms.add(b);
  }
  return forms.has(`${singular}S`) && !forms.has(singular) && !forms.has(surface);
}

// A sentence about what the employer of a position is or does rather than what the writer did: "Polar Crest stores and
// ships frozen and refrigerated food for grocery chains", "Riverbend makes commercial HVAC parts", "Northstar is a
// 40-person health-tech startup that schedules home-care visits", "The company sells scheduling software to clinics".
// A name of one to four capitalised words (or "the company"…), then "is a" or a present-tense verb of a business.
const BUSINESS_VERBS =
  "makes|builds|sells|distributes|manufactures|produces|provides|operates|develops|serves|owns|imports|exports|" +
  "publishes|fabricates|wholesales|retails|stores|ships|designs|supplies|offers|markets|runs|delivers|processes|packs|repairs|installs";
// Verbs that are also plural nouns ("Check designs against the NEC", "Ran stores with annual sales of $6M"): read as
// the business's verb only after a name of two words or more, or joined to another such verb ("stores and ships").
const NOUN_VERBS = new Set(["stores", "ships", "designs", "supplies", "offers", "markets", "runs", "delivers", "processes", "packs", "repairs", "installs"]);
const BUSINESS_VERB = new Set(BUSINESS_VERBS.split("|"));
// Words that open a sentence without naming anyone, or open a duty with its verb ("Ran stores with annual sales of
// $6M", "Run safety training for all stores personnel": "stores" is the noun there).
const NOT_A_NAME = new Set([
  "a", "an", "the", "i", "we", "my", "our", "they", "he", "she", "it", "this", "that", "these", "those", "each", "every", "all", "team",
  "everyone", "nobody", "who", "which", "what", "one", "ran", "run", "runs", "led", "lead", "leads", "manage", "manages",
  "own", "owns", "oversee", "oversaw", "open", "opens", "support", "supervise", "build", "built", "grew", "grow", "help",
  "made", "make", "sold", "sell", "kept", "keep", "took", "take", "set", "won", "drove", "drive", "ship", "store",
]);
const EMPLOYER_NOUNS =
  "company|firm|business|employer|organi[sz]ation|client|plant|facility|distributor|manufacturer|startup|start-up|retailer|wholesaler|group|agency|chain|hospital|practice";
const NAME_WORD = String.raw`\p{Lu}[\p{L}\p{N}&'’.-]*`;
const EMPLOYER_CLAUSE = new RegExp(
  String.raw`^[\s•·*–—-]*(?:(${NAME_WORD}(?:\s+(?:${NAME_WORD}|&|of|and))*?)|(?:[Tt]he|[Tt]his)\s+(?:${EMPLOYER_NOUNS}))\s+(?:(?:is|was)\s+(?:a|an|the)\s|(${BUSINESS_VERBS})\s+(and\s+(?:${BUSINESS_VERBS})\s)?)`,
  "u",
);
// The writer anywhere in the bullet: "Acme makes hydraulic systems; I designed them" is the writer's work as well.
const FIRST_PERSON = /(?<![\p{L}\p{N}])(?:I|[Mm]y|[Mm]e|[Ww]e|[Oo]ur|us)(?![\p{L}\p{N}])/u;
// A position whose employer is the writer: what the business does is the writer's own work.
const OWN_BUSINESS = /(?<![\p{L}\p{N}])(?:owner|co-?owner|owner-operator|founder|co-?founder|self[-\s]employed|proprietor|freelance|freelancer|independent|sole|principal|contractor|consultant)(?![\p{L}\p{N}])/iu;
// A name that ends with a word of a job title ("Senior Welder", "Store Manager") names a person, not the employer.
const TITLE_END = /(?:er|or|ist|ian|ant|nurse|lead|tech|aide|associate|partner|head|chief|clerk|staff|crew)$/iu;
// Lines read back from a sentence for the entry that names its employer.
const ENTRY_REACH = 3;
// Per line: whether the writer speaks on it, and for each sentence start the end of the employer's description (-1: none).
const employerSentences = new WeakMap<object, { firstPerson: boolean; ends: Map<number, number> }>();

/**
 * Whether an entry line above a work-history line names `name` as its employer (or, for "the company", any entry line
 * with a year), within ENTRY_REACH lines of the same section. Not when the position is the writer's own business
 * (owner, founder, self-employed…) or the name is the writer's own (it opens with the résumé's first line).
 */
function entryOfEmployer<K extends string>(lines: readonly Line<K>[], line: Line<K>, name: string | null): boolean {
  const first = lines[0]?.text.split(/[,|–—]/u)[0]?.trim() ?? "";
  if (name !== null && first !== "" && line.index > 0 && name.startsWith(first)) return false;
  const pattern = name === null ? /\b(?:19|20)\d\d\b|\bpresent\b/iu : new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "u");
  for (let i = line.index - 1; i >= 0 && i >= line.index - ENTRY_REACH; i--) {
    const above = lines[i]!;
    if (above.heading || above.section !== line.section) return false;
    if (pattern.test(above.text)) {
      // The position around the entry line: its title may sit on the line before or after it.
      for (let j = Math.max(0, i - 1); j < line.index; j++) if (OWN_BUSINESS.test(lines[j]!.text)) return false;
      return true;
    }
  }
  return false;
}

/**
 * Whether a work-history match sits in a sentence that describes the employer of the position ("Polar Crest stores
 * and ships refrigerated food", under "HR Partner, Polar Crest"): what the company sells, makes or stores is not the
 * writer's skill. The subject must be the employer an entry line above names; a line that speaks of the writer, a
 * summary, a duty opening with its verbs ("Designs and builds React apps"), a person ("Senior Welder fabricates…"),
 * the writer's own business and anything after ";" or a dash are left as they are.
 */
export function describesEmployer<K extends string>(span: SpanOnLine<K>, lines: readonly Line<K>[]): boolean {
  const { line } = span;
  if (line.section !== "experience") return false;
  const sentence = sentenceHolding(line, span.start, span.end) ?? [line.start, line.end];
  let cache = employerSentences.get(line);
  if (!cache) employerSentences.set(line, (cache = { firstPerson: FIRST_PERSON.test(line.text), ends: new Map() }));
  let end = cache.ends.get(sentence[0]);
  if (end === undefined) {
    end = -1;
    const text = line.text.slice(sentence[0] - line.start, sentence[1] - line.start);
    const m = cache.firstPerson ? null : EMPLOYER_CLAUSE.exec(text);
    if (m) {
      const name = m[1]?.trim();
      const words = name?.split(/\s+/u) ?? [];
      const first = words[0]?.toLowerCase() ?? "";
      // A verb opening a duty ("Designs and builds", "Sells and installs") is no name, nor a word of a title.
      const named = name === undefined || (!NOT_A_NAME.has(first) && !/ed$/u.test(first) && !words.some((w) => BUSINESS_VERB.has(w.toLowerCase())) && !TITLE_END.test(words.at(-1)!));
      // A verb that is also a noun needs a longer name or a second verb.
      const verb = m[2];
      const plain = verb === undefined || !NOUN_VERBS.has(verb) || m[3] !== undefined || words.length !== 1;
      if (named && plain && entryOfEmployer(lines, line, name ?? null)) {
        // The description ends at a dash: "Acme builds React apps — sole React developer".
        const rest = text.slice(m[0].length);
        const cut = /\s[–—-]\s|[–—]/u.exec(rest);
        end = sentence[0] + m[0].length + (cut ? cut.index : rest.length);
      }
    }
    cache.ends.set(sentence[0], end);
  }
  return span.start > sentence[0] && span.end <= end;
}

// Around a credential's name, words that make it another person or a firm: "an outside CPA firm", "the CPA's
// adjusting entries", "reviewed by our external CPA", "the RN's patients". The writer holds none of it.
// "his/her/their CPA" is the writer's in a third-person résumé ("James earned his CPA"), and "CPA partner", "a CPA
// practice" are the writer's title and business.
const HOLDER_BEFORE = /(?<![\p{L}\p{N}])(?:outside|external|independent|contracted|our)\s+$/iu;
const HOLDER_AFTER = /^(?:['’]s(?![\p{L}\p{N}])|\s+(?:firms?|reviews|reviewed|prepares|prepared|signs|signed)(?![\p{L}\p{N}]))/iu;

/**
 * Whether a credential's mention is another holder of it, not the writer: a firm or a person the writer works with
 * ("an outside CPA firm", "post the CPA's adjusting entries"). "CPA (2019)", "CPA, active" and "passed the CPA exam"
 * are the writer's.
 */
export function namesAnotherHolder<K extends string>(skill: Skill, span: SpanOnLine<K>, text: string): boolean {
  if (skill.type !== "Certification") return false;
  const before = text.slice(Math.max(span.line.start, span.start - 24), span.start);
  const after = text.slice(span.end, Math.min(span.line.end, span.end + 16));
  return HOLDER_BEFORE.test(before) || HOLDER_AFTER.test(after);
}

// A word right before a call that makes it one the writer received: "screened cold calls", "fielded cold calls from
// vendors", "took a cold call", "received incoming cold calls". Made calls are the work ("Made 80+ cold calls").
const RECEIVED_BEFORE =
  /(?<![\p{L}\p{N}])(?:screen(?:ed|s|ing)?|field(?:ed|s|ing)?|answer(?:ed|s|ing)?|took|tak(?:e|es|ing)|rout(?:e|ed|es|ing)|receiv(?:e|ed|es|ing)|incoming|inbound)\s+(?:(?:a|an|the|all|any|incoming|inbound|unsolicited)\s+){0,2}$/iu;

/**
 * Whether a skill named by calls ("Cold Calling" from "cold calls") is read from calls the writer received, not made:
 * a front desk's "screened cold calls" is no prospecting. Only the word right before the match counts.
 */
export function isReceivedCall<K extends string>(span: SpanOnLine<K>, text: string): boolean {
  if (!/(?<![\p{L}\p{N}])calls?$/iu.test(span.surface)) return false;
  return RECEIVED_BEFORE.test(text.slice(Math.max(span.line.start, span.start - 48), span.start));
}
