import type { Catalogue } from "../../catalogue/catalogue.ts";
import { LEXICON, type LexEntry } from "../lexicon/index.ts";
import { PhraseMatcher, type Match } from "../../text/matcher.ts";
import type { Token } from "../../text/tokens.ts";
import { BULLET_MARKS, endsWithCapitalisedWord, parseDocument, tokenStartingAt, type Document, type Line, type SectionVocabulary } from "../text/document.ts";
import { RESUME_SECTIONS } from "../text/headings.ts";
import { MASK } from "../text/mask.ts";
import { partitionPoint } from "../../partition-point.ts";
import { CANADIAN_PROVINCES, US_STATES } from "../lexicon/jurisdictions.ts";
import {
  describesEmployer,
  inOtherFamily,
  isAudience,
  isClippedModifier,
  isPluralOfShorterAcronym,
  isReceivedCall,
  namesAnotherHolder,
  outOfProfession,
  withoutBrackets,
} from "./senses.ts";

export interface Hit<T, K extends string> {
  value: T;
  start: number;
  end: number;
  surface: string;
  line: Line<K>;
  /** A skill read from the verb of the work rather than named (see verbFormHits). */
  byVerb?: boolean;
}

/** A parsed document with its catalogue-skill and lexicon matches, computed once and shared by every extractor. */
export interface Scan<K extends string> {
  doc: Document<K>;
  skills: Hit<string, K>[];
  lexicon: Hit<LexEntry, K>[];
  /** Lexicon hits per line index. */
  lexiconByLine: Hit<LexEntry, K>[][];
}

const skillIndexes = new WeakMap<object, Map<number, Hit<string, string>[]>>();

/**
 * The catalogue-skill hits of each line, by line index. Built once per scan and shared by the extractors that ask
 * (duties, vocabulary, education): the hits of a scan never change.
 */
export function skillsByLine<K extends string>(scan: Scan<K>): ReadonlyMap<number, readonly Hit<string, K>[]> {
  let index = skillIndexes.get(scan) as Map<number, Hit<string, K>[]> | undefined;
  if (!index) {
    index = new Map();
    for (const hit of scan.skills) {
      const list = index.get(hit.line.index);
      if (list) list.push(hit);
      else index.set(hit.line.index, [hit]);
    }
    skillIndexes.set(scan, index as Map<number, Hit<string, string>[]>);
  }
  return index;
}

// Longer inputs are cut: no résumé or posting is this long, and it keeps the cost of one request bounded.
export const MAX_TEXT_LENGTH = 100_000;

export const asText = (input: unknown): string =>
  typeof input === "string" ? input.slice(0, MAX_TEXT_LENGTH) : "";

// Words that a single capital letter completes into a name of its own: "Series C" is a funding round, "Plan B",
// "Class C licence", "Vitamin C", "Type A", "Grade B", "Schedule C" are not the C or R languages.
const LETTER_NAMERS = new Set(["series", "plan", "class", "vitamin", "type", "grade", "schedule", "part", "section", "phase", "building", "unit", "hepatitis", "exhibit", "appendix", "level", "category", "form", "option", "team", "group", "row", "gate", "block", "wing", "zone"]);

/** Whether a one-letter skill match ("C", "R") is the second half of a name such as "Series C". */
function lettersAsName<K extends string>(line: Line<K>, start: number, surface: string): boolean {
  if (!/^\p{Lu}$/u.test(surface)) return false;
  const at = tokenStartingAt(line.tokens, start);
  const before = at > 0 ? line.tokens[at - 1] : undefined;
  return before !== undefined && LETTER_NAMERS.has(before.norm);
}

/**
 * Matching runs line by line, so a phrase never spans a line break ("Apache" at the end of one line and "Spark" at
 * the start of the next are two things) and every match keeps its line for section and sentence lookups.
 */
export function scanText<K extends string>(text: string, vocab: SectionVocabulary<K>, catalogue: Catalogue): Scan<K> {
  const doc = parseDocument(text, vocab);
  const skills: Hit<string, K>[] = [];
  const lexicon: Hit<LexEntry, K>[] = [];
  const lexiconByLine: Hit<LexEntry, K>[][] = [];
  // The end of a phrase read across the line break before the current line: that line's own hits inside it are parts.
  let carried = -1;
  // Only a résumé's writer says "I'm licensed": in a posting "a licensed Registered Nurse" is someone else.
  const resume = (vocab as SectionVocabulary<string>) === RESUME_SECTIONS;
  for (const line of doc.lines) {
    const onLine: Hit<LexEntry, K>[] = [];
    lexiconByLine.push(onLine);
    if (line.heading || line.tokens.length === 0) {
      carried = -1;
      continue;
    }
    const next = doc.lines[line.index + 1];
    const tokens = wrapsInto(text, line, next) ? [...line.tokens, ...next!.tokens.slice(0, WRAP_REACH)] : line.tokens;
    const matched = catalogue.skillMatcher.findAll(text, tokens);
    const matches = [...matched, ...coordinatedHits(text, catalogue, tokens, matched)].sort((a, b) => a.start - b.start);
    const found = matches
      .filter((m) => m.start >= carried && m.start < line.end)
      .map((m) => ({ ...m, line }));
    carried = found.reduce((end, h) => Math.max(end, h.end), line.end);
    if (line.section === "experience") {
      const previous = doc.lines[line.index - 1];
      found.push(...verbFormHits(catalogue, line, found, previous && wrapsInto(text, previous, line) ? previous.tokens : []));
    }
    found.push(...stateDriverLicenceHits(catalogue, line, found));
    if (line.section === "certifications" || (resume && line.section !== "experience" && saysLicensed(line.text))) {
      // In prose a licence named by its field ("worked in real estate") is no licence; in a licences section it is.
      found.push(...licensedRoleHits(text, catalogue, line, found, line.section !== "certifications"));
    }
    for (const hit of found) {
      const skill = catalogue.skill(hit.value);
      if (lettersAsName(line, hit.start, hit.surface) || isAudience(hit) || (skill && inOtherFamily(catalogue, skill, hit))) continue;
      if (skill && (isPluralOfShorterAcronym(skill, hit.surface) || namesAnotherHolder(skill, hit, text) || isClippedModifier(skill, hit, text) || isReceivedCall(hit, text))) {
        continue;
      }
      // What a writer's employer sells or makes is not the writer's skill; a posting's own business is its domain.
      if (resume && describesEmployer(hit, doc.lines)) continue;
      skills.push(hit);
    }
    for (const m of LEXICON.findAll(text, line.tokens)) {
      const hit = { ...m, line };
      // "Present results to leadership" claims no leadership, as a trait no more than as a skill.
      if (m.value.kind === "trait" && isAudience(hit)) continue;
      onLine.push(hit);
    }
    lexicon.push(...onLine);
  }
  const foreign = outOfProfession(catalogue, skills);
  return { doc, skills: skills.filter((_, i) => !foreign.has(i)), lexicon, lexiconByLine };
}

// Tokens of the next line read with a line that wraps into it: enough for the rest of any catalogue phrase.
const WRAP_REACH = 6;

/**
 * Whether a line runs on into the next mid-sentence, so a phrase may be cut by the break ("… advanced cardiac life" /
 * "support, and …"): same section, no blank line between, no punctuation at the end of the line, and the next line
 * starts in lower case, as a wrapped sentence does. A list keeps its items apart: "Apache" at the end of one line and
 * "Spark" at the start of the next are two things.
 */
function wrapsInto<K extends string>(text: string, line: Line<K>, next: Line<K> | undefined): boolean {
  return (
    next !== undefined &&
    !/\n[^\S\n]*\r?\n/u.test(text.slice(line.end, next.start)) &&
    !next.heading &&
    next.section === line.section &&
    next.tokens.length > 0 &&
    /[\p{L}\p{N}]$/u.test(line.text) &&
    (/^\p{Ll}/u.test(next.text) || credentialWrap(line, next))
  );
}

/**
 * In a certifications or licences section, a credential's name cut by a narrow column runs on into a capitalised
 * line ("Oregon Professional Teaching" / "License, Elementary Multiple", "APhA Pharmacy-Based Immunization" /
 * "Delivery (2014)"): credential names are written in title case, so the capital does not start a new item. A new
 * item starts with a bullet (the next line's text then starts with no letter) and the line before it ends with its
 * item's details — a year, a closing bracket, a date — which `wrapsInto` already leaves apart. Only the phrases that
 * cross the break are read from it (see scanText: a hit must start on the line).
 */
function credentialWrap<K extends string>(line: Line<K>, next: Line<K>): boolean {
  return (line.section as string) === "certifications" && /^\p{Lu}/u.test(next.text) && endsWithCapitalisedWord(line.text);
}

const CONJUNCTIONS: ReadonlySet<string> = new Set(["and", "or"]);
// A word after one of these is as often a noun of its own ("cleaned the warehouse and document management systems",
// "the plant and PCB layout teams"): no head is shared.
const DETERMINERS: ReadonlySet<string> = new Set([
  "the", "a", "an", "our", "their", "its", "this", "that", "these", "those", "his", "her", "my", "your", "each", "every",
]);

/**
 * Skills named by a conjunct that shares the head of the phrase after it, as a reader completes it: "basic and
 * advanced cardiac life support" names Basic Cardiac Life Support too. Only a word that is no skill of its own before
 * a plain "and"/"or" ("in sales and marketing strategy" the word "sales" is a skill of its own), and a shared head of at
 * least two words: a one-word head is as often a noun phrase of its own ("Python and data analysis"); nor a word after a
 * determiner (see DETERMINERS). `matches` are the matcher's, in text order and not overlapping.
 */
function coordinatedHits(
  text: string,
  catalogue: Catalogue,
  tokens: readonly Token[],
  matches: readonly Match<string>[],
): Match<string>[] {
  const out: Match<string>[] = [];
  if (matches.length === 0) return out;
  const at = new Map(tokens.map((t, i) => [t.start, i]));
  matches.forEach((m, k) => {
    const i = at.get(m.start);
    if (i === undefined || i < 2 || !CONJUNCTIONS.has(tokens[i - 1]!.norm)) return;
    const word = tokens[i - 2]!;
    if (i >= 3 && DETERMINERS.has(tokens[i - 3]!.norm)) return;
    // "basic and advanced", not "basic; and advanced" nor "basic, and advanced".
    if (!/^\s+$/u.test(text.slice(word.end, tokens[i - 1]!.start)) || !/^\s+$/u.test(text.slice(tokens[i - 1]!.end, m.start))) return;
    // Only the match right before can cover the word: matches do not overlap.
    const before = matches[k - 1];
    if (before && before.end > word.start) return;
    let j = i;
    while (j < tokens.length && tokens[j]!.end <= m.end) j++;
    if (j - i < 3) return;
    const phrase = [word, ...tokens.slice(i + 1, j)];
    const whole = catalogue.skillMatcher.findAll(text, phrase).find((x) => x.start === word.start && x.end === m.end);
    if (whole && whole.value !== m.value) out.push(whole);
  });
  return out;
}

// Endings that turn a verb's stem into the noun a catalogue names a skill by: negotiat-ion, install-ation,
// reconcil-iation, compos-ition, manag-ement, butcher-y, schedul-ing.
const NOUN_ENDINGS = ["ion", "ation", "iation", "ition", "ement", "ment", "y", "ing"];
const MIN_VERB_LENGTH = 6;
// Past tenses whose everyday sense is not the skill: "accounted for 30% of revenue", "illustrated the impact",
// "interpreted the results", "tendered my resignation", "as prescribed", "plumbed the data".
const OTHER_SENSE_VERBS: ReadonlySet<string> = new Set([
  "accounted", "illustrated", "interpreted", "tendered", "prescribed", "plumbed", "policed", "earthed", "lettered",
  "rippled", "snagged", "pigged", "moored", "drummed",
]);
const verbIndexes = new WeakMap<Catalogue, Map<string, string>>();
const NEGATED_PREFIX = /(?<![\p{L}])(?:not|non|un|never)-$/iu;

/** One-word catalogue skills by lower-case name or alias: nouns a past-tense verb of the work history can name. */
function oneWordSkills(catalogue: Catalogue): Map<string, string> {
  let index = verbIndexes.get(catalogue);
  if (!index) {
    index = new Map();
    for (const s of catalogue.skills) {
      // Credentials and languages are held, not done; a case-sensitive name is an ordinary word in other senses.
      if (s.type === "Certification" || s.type === "Language" || s.case_sensitive) continue;
      for (const name of [s.name, ...s.aliases]) {
        if (/^\p{L}+$/u.test(name) && name.length >= MIN_VERB_LENGTH) index.set(name.toLowerCase(), s.id);
      }
    }
    verbIndexes.set(catalogue, index);
  }
  return index;
}

// Words between a first-person subject and its verb: "I also negotiate", "we still schedule".
const SUBJECT_ADVERBS: ReadonlySet<string> = new Set(["also", "still", "personally", "now", "then", "regularly", "usually", "often", "directly"]);

/**
 * Whether the token at `at` is the present-tense verb of a first-person subject: "I negotiate the order form", with
 * at most one adverb between ("I also negotiate"). A résumé written in prose says its duties so as often as in the
 * past tense; after "I" the word is a verb, never the noun it is spelt like ("a schedule"). "We" is the writer's team
 * only on a bulleted duty ("- We schedule 14 cooks a night"); in a sentence it is as often the employer, whose
 * business is no skill of the writer ("Acme is a staffing agency: we recruit nurses for 40 hospitals").
 */
function firstPersonVerb(tokens: readonly Token[], at: number, before: readonly Token[], bulleted: boolean): boolean {
  // The subject may end the line before, when the sentence wraps ("… and I" / "negotiate the order form").
  const carried = at < 3 ? Math.min(before.length, 3) : 0;
  const all = at < 3 ? [...before.slice(before.length - carried), ...tokens.slice(0, at)] : tokens.slice(at - 3, at);
  let k = all.length - 1;
  if (k >= 0 && SUBJECT_ADVERBS.has(all[k]!.norm)) k--;
  if (k < 0) return false;
  const subject = all[k]!;
  if (subject.norm === "we") return bulleted && k >= carried;
  if (subject.raw !== "I") return false;
  if (k >= carried) return true;
  // An "I" ending the line before follows a word of its sentence ("… and then I", "… for the CFO. I"), not a title
  // word whose grade it is, right after it ("Accountant I" / "schedule audits for 12 clients").
  const word = all[k - 1];
  return word !== undefined && (/^\p{Ll}/u.test(word.raw) || subject.start - word.end > 1);
}

// A bulleted line: a list mark and a space ("- ", "• ").
const BULLETED_LINE = new RegExp(`^${BULLET_MARKS}\\s`, "u");

/**
 * Skills a work-history line shows by the verb of the work rather than its noun: "negotiated renewals" shows
 * Negotiation, "scheduled a crew of 12" Scheduling, "butchered whole hogs" Butchery. Past-tense forms, the way
 * duties are written, and present-tense ones after a first-person subject ("I negotiate the order form"), of one-word
 * skill names, and only where no catalogue phrase already covers the word.
 */
function verbFormHits<K extends string>(
  catalogue: Catalogue,
  line: Line<K>,
  found: readonly Hit<string, K>[],
  before: readonly Token[] = [],
): Hit<string, K>[] {
  const index = oneWordSkills(catalogue);
  const hits: Hit<string, K>[] = [];
  const bulleted = BULLETED_LINE.test(line.text);
  // Covered spans by start, walked alongside the tokens (both in text order): no search of the hits per token.
  const spans = [...found].sort((a, b) => a.start - b.start);
  let next = 0;
  let reach = -1;
  line.tokens.forEach((token, at) => {
    while (next < spans.length && spans[next]!.start <= token.start) reach = Math.max(reach, spans[next++]!.end);
    const word = token.norm;
    if (word.length < MIN_VERB_LENGTH || token.end <= reach) return;
    const past = word.endsWith("ed");
    // "I account for 30% of revenue" is no more accounting than "accounted for" is.
    const present = !past && firstPersonVerb(line.tokens, at, before, bulleted) && !OTHER_SENSE_VERBS.has(`${word}ed`) && !OTHER_SENSE_VERBS.has(`${word}d`);
    if ((!past && !present) || OTHER_SENSE_VERBS.has(word)) return;
    // A participle negated inside a compound names what was not done: "goods received-not-invoiced",
    // "non-negotiated rates" ("co-planned", "lacto-fermented" are work done).
    if (NEGATED_PREFIX.test(line.text.slice(Math.max(0, token.start - line.start - 8), token.start - line.start))) return;
    // "negotiated" → negotiat-ion, "scheduled" → schedul-ing, "planned" → plann-ing, "butchered" → butcher-y; "negotiate"
    // → negotiat-ion, "butcher" → butcher-y.
    const stem = past ? word.slice(0, -2) : word.endsWith("e") ? word.slice(0, -1) : word;
    const id = NOUN_ENDINGS.map((ending) => index.get(stem + ending)).find((x) => x !== undefined);
    if (id) hits.push({ value: id, start: token.start, end: token.end, surface: token.raw, line, byVerb: true });
  });
  return hits;
}

const LICENCE_NAME = /^(.+?)\s+licen[cs]e$/iu;
// Words naming a person who holds a licence: "Registered Nurse", "Journeyman Electrician", "Real Estate Agent",
// "Commercial Pilot", "Nail Tech". A list, not word endings: "Property Management", "Water Treatment" are fields.
const HOLDER_NOUNS = new Set([
  "nurse", "nurses", "practitioner", "pharmacist", "therapist", "hygienist", "technician", "technologist", "tech", "scientist",
  "assistant", "aide", "medic", "paramedic", "doctor", "physician", "dentist", "pathologist", "counselor", "counsellor",
  "dispenser", "specialist", "electrician", "plumber", "wireman", "journeyman", "journeyperson", "engineer", "operator",
  "surveyor", "applicator", "pilot", "dispatcher", "mariner", "driver", "drivers", "broker", "agent", "salesperson",
  "producer", "originator", "adjuster", "appraiser", "guard", "officer", "teacher", "educator", "administrator",
  "reporter", "accountant", "mechanic", "inspector", "contractor", "architect", "veterinarian", "psychologist",
  "worker", "cosmetologist", "barber", "esthetician", "aesthetician", "optician", "optometrist",
  "midwife", "chiropractor", "embalmer", "director", "auctioneer", "locksmith", "investigator", "attorney", "lawyer",
]);

/**
 * Whether the words before "License" in a licence's name name its holder ("Registered Nurse", "Compact RN",
 * "Journeyman Electrician's", "Series 7") rather than the field it is held in ("Real Estate License", "Social Work
 * License", "Physical Therapy License"): "worked in real estate" or "a social work degree" is no licence.
 */
function namesHolder(role: string): boolean {
  return /\p{Lu}{2,}|\p{N}|['’]s$/u.test(role) || role.split(/\s+/u).some((w) => HOLDER_NOUNS.has(w.toLowerCase()));
}
const roleMatchers = new WeakMap<Catalogue, { listed: PhraseMatcher<string>; prose: PhraseMatcher<string> }>();

/**
 * The licensed roles of the catalogue's licences, by the name before "License" and its bracketed abbreviation:
 * "Registered Nurse (RN) License" → "Registered Nurse", "RN"; "Journeyman Electrician License" → "Journeyman
 * Electrician".
 */
function licensedRoles(catalogue: Catalogue, prose: boolean): PhraseMatcher<string> {
  let matchers = roleMatchers.get(catalogue);
  if (!matchers) {
    const listed: { phrase: string; value: string; caseSensitive?: boolean }[] = [];
    const inProse: typeof listed = [];
    for (const s of catalogue.skills) {
      if (s.type !== "Certification") continue;
      for (const name of [s.name, ...s.aliases]) {
        const role = LICENCE_NAME.exec(name)?.[1];
        if (!role) continue;
        const { base: full, bracketed } = withoutBrackets(role);
        const bracket = bracketed.at(-1);
        const patterns: typeof listed = [];
        // A one-word role ("Teaching", "Dental") says too little on its own; its abbreviation is written in capitals.
        // A role named by its field ("Real Estate", "Social Work") is the licence on a line of a licences section;
        // in prose it is the field the writer worked in (see namesHolder).
        if (/\s/u.test(full)) (namesHolder(full) ? patterns : listed).push({ phrase: full, value: s.id });
        if (bracket) patterns.push({ phrase: bracket, value: s.id, caseSensitive: true });
        // A one-word role in initials is the licensed title as its holders write it ("RPh License" → "RPh, Ohio";
        // "PT License" → "PT – Colorado #1234"); not one that names a degree ("DDS License": a DDS is a degree, its
        // licence is another thing), which the education reading takes.
        else if (/^[\p{L}.]+$/u.test(full) && (full.match(/\p{Lu}/gu)?.length ?? 0) >= 2 && !namesDegree(full)) {
          patterns.push({ phrase: full, value: s.id, caseSensitive: true });
        }
        // A one-word role after "Licensed" is the licence: "Licensed Pharmacist, State of Ohio" (see LICENSED_ROLE_END).
        if (!/\s/u.test(full) && !bracket) patterns.push({ phrase: `licensed ${full}`, value: s.id });
        listed.push(...patterns);
        inProse.push(...patterns);
      }
    }
    matchers = { listed: new PhraseMatcher(listed), prose: new PhraseMatcher(inProse) };
    roleMatchers.set(catalogue, matchers);
  }
  return prose ? matchers.prose : matchers.listed;
}

// A line that says its writer is licensed: "I have been a registered nurse for six years … I'm licensed in
// Pennsylvania", "Licensed registered nurse with …".
const LICENSED = /\blicen[cs](?:ed|ure)\b/giu;
// "the licensed RN on duty", "our licensed staff": another person's licence. On a résumé "a licensed RN" is the
// writer ("Currently a licensed RN in Texas", "Compassionate nurse and a licensed RN", "six years as a licensed RN")
// unless it is the person the writer works for or with, or one the writer means to become ("for a licensed
// Registered Nurse", "assisted a licensed electrician", "to become a licensed RN").
const ANOTHERS = /\b(?:the|our|their|his|her|its|this|that|each|every|any|your)\s+$/iu;
const ANOTHER_A =
  /\b(?:for|with|alongside|beside|to|under|by|from|supervis(?:e|ed|es|ing)|assist(?:ed|s|ing)?|support(?:ed|s|ing)?|help(?:ed|s|ing)?|shadow(?:ed|s|ing)?|become|becoming|aspiring)\s+(?:a|an)\s+$/iu;

/** Whether a line of a résumé says its writer is licensed (see LICENSED, ANOTHERS, ANOTHER_A). */
function saysLicensed(text: string): boolean {
  for (const m of text.matchAll(LICENSED)) {
    const before = text.slice(Math.max(0, m.index - 24), m.index);
    if (!ANOTHERS.test(before) && !ANOTHER_A.test(before)) return true;
  }
  return false;
}

/**
 * In a résumé's licences section, or on a line outside its work history that says the writer is licensed (see
 * saysLicensed), the licensed role stands for its licence: "Registered Nurse, Illinois (active, #041-123456)" or
 * "RN – Illinois" is the Registered Nurse (RN) License. Only where no catalogue phrase already covers the words.
 */
function licensedRoleHits<K extends string>(
  text: string,
  catalogue: Catalogue,
  line: Line<K>,
  found: readonly Hit<string, K>[],
  prose: boolean,
): Hit<string, K>[] {
  // Whether a match overlaps a hit found: of the hits starting before its end (sorted by start), the furthest end
  // passes its start. Looked up by binary search, not by going through the hits for every match.
  const spans = [...found].sort((a, b) => a.start - b.start);
  const reach: number[] = [];
  for (const h of spans) reach.push(Math.max(reach.at(-1) ?? -1, h.end));
  const covered = (m: { start: number; end: number }) => {
    const n = partitionPoint(spans, (h) => h.start < m.end);
    return n > 0 && reach[n - 1]! > m.start;
  };
  return licensedRoles(catalogue, prose)
    .findAll(text, line.tokens)
    .filter((m) => !covered(m))
    .filter((m) => !/^licensed\s/iu.test(m.surface) || LICENSED_ROLE_END.test(text.slice(m.end, m.end + 12)))
    .map((m) => ({ ...m, line }));
}

// "Licensed Pharmacist, State of Ohio", "Licensed Psychologist (#PSY 12345)", "Licensed Paramedic in Texas": the role
// ends the phrase. "Licensed Personal Trainer" is no Personal Licence, "Licensed Driver Trainer" no driver's licence.
const LICENSED_ROLE_END = /^\s*(?:$|[,;:(\[–—|#/-]|(?:in|since|of)\b|\d)/u;

const namesDegree = (phrase: string): boolean => LEXICON.lookup(phrase).some((e) => e.kind === "degree");

/**
 * The credentials written after the name on a résumé's first line, as a span of the text: "Priya Nair, PharmD, RPh",
 * "Jane Doe, RN, BSN", "Robert Hale, MD | Baltimore, MD" (the part after the name, up to the first separator). Null
 * when the first line is not a name followed by short comma-separated credentials.
 */
export function postNominals<K extends string>(doc: Document<K>, line: Line<K>): [number, number] | null {
  if (line.section !== "preamble" || line.heading || firstLine(doc) !== line) return null;
  const head = line.text.split(/\s+[-–—|@·•]\s+|\s*[|·•]\s*/u)[0] ?? "";
  const comma = head.indexOf(",");
  if (comma < 0) return null;
  // Blind scoring masks the name itself (text/redact.ts): then the credentials follow the mask.
  const name = head.slice(0, comma).trim();
  const masked = name === "" && doc.text.slice(Math.max(0, line.start - 1), line.start + comma).includes(MASK);
  if (!masked && !PERSON_NAME.test(name)) return null;
  const parts = head.slice(comma + 1).split(",");
  if (!parts.every((p) => CREDENTIAL.test(p.trim()))) return null;
  return [line.start + comma + 1, line.start + head.length];
}

const firstLines = new WeakMap<object, Line<string> | null>();

/** The first line with words, once per document (postNominals is asked about every line). */
function firstLine<K extends string>(doc: Document<K>): Line<K> | null {
  let first = firstLines.get(doc) as Line<K> | null | undefined;
  if (first === undefined) {
    first = doc.lines.find((l) => l.tokens.length > 0) ?? null;
    firstLines.set(doc, first);
  }
  return first;
}

// Two to four capitalised words ("Priya Nair", "Mary-Kate O'Neil", "JANE DOE").
const PERSON_NAME = /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3}$/u;
// A credential as written after a name: initials with a letter in capitals ("RN", "PharmD", "Ph.D.", "SHRM-CP",
// "MLS(ASCP)"), no sentence or place name.
const CREDENTIAL = /^(?=[^\s]*\p{Lu}[^\s]*\p{Lu})[\p{L}.()&/-]{2,14}$/u;

// "TX DL", "Texas DL", "CA DL": a state's driver's licence by the shorthand "DL", which alone is too many things
// (deep learning, distribution list) to read as one. Written in capitals, after the state's postal code or name.
const PLACES = [...US_STATES, ...CANADIAN_PROVINCES];
const STATE_DL = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${PLACES.map(([code]) => code).join("|")}|${PLACES.map(([, name]) => name).join("|")})\s+DL(?![\p{L}\p{N}])`,
  "gu",
);
const driverLicenceIds = new WeakMap<Catalogue, string | null>();

/** A state's driver's licence written "TX DL" as the catalogue's driver's licence, where no catalogue phrase covers it. */
function stateDriverLicenceHits<K extends string>(catalogue: Catalogue, line: Line<K>, found: readonly Hit<string, K>[]): Hit<string, K>[] {
  if (!line.text.includes("DL")) return [];
  let id = driverLicenceIds.get(catalogue);
  if (id === undefined) {
    id = catalogue.findSkills("Driver's License").find((m) => m.start === 0)?.value ?? null;
    driverLicenceIds.set(catalogue, id);
  }
  if (id === null) return [];
  const hits: Hit<string, K>[] = [];
  // Covered spans by start, walked alongside the matches (both in text order): no search of the hits per match.
  const spans = [...found].sort((a, b) => a.start - b.start);
  let next = 0;
  let reach = -1;
  for (const m of line.text.matchAll(STATE_DL)) {
    const start = line.start + m.index;
    const end = start + m[0].length;
    while (next < spans.length && spans[next]!.start < end) reach = Math.max(reach, spans[next++]!.end);
    if (reach > start) continue;
    hits.push({ value: id, start, end, surface: m[0], line });
  }
  return hits;
}
