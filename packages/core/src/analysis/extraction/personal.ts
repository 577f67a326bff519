import type { NamedEntry } from "../lexicon/index.ts";
import type { NamedKind } from "../lexicon/named.ts";
import type { JobSection, ResumeSection } from "../text/headings.ts";
import { sentenceOf, tokenFrom } from "../text/document.ts";
import { snippetAround } from "../text/snippet.ts";
import type { NamedEvidence, NamedRequirement, Strength } from "../types.ts";
import { evidenceAt } from "./evidence.ts";
import { firmer, nearestCue, requirementStrength } from "./requirements.ts";
import type { Hit, Scan } from "./scan.ts";

const namedHits = <K extends string>(scan: Scan<K>, kind: NamedKind): Hit<NamedEntry, K>[] =>
  scan.lexicon.filter((h): h is Hit<NamedEntry, K> => h.value.kind === kind);

/** Outside an interests section, an interest word counts only next to an interest cue ("passionate about …"). */
const hasInterestCue = <K extends string>(scan: Scan<K>, hit: Hit<NamedEntry, K>): boolean =>
  nearestCue(scan, hit.line, hit.start, hit.end, ["interest"]) !== null;

/**
 * Whether a hit is a word of a name inside running prose ("Lakeview Independent School District seeks …"): it is
 * capitalised, not the first word of its sentence, and at least half the words of its line are in lower case (in a Title Case
 * bullet, "Strong Communication Skills", capitals say nothing).
 */
export function inProperName<K extends string>(text: string, hit: Hit<unknown, K>): boolean {
  if (!/^\p{Lu}/u.test(text.slice(hit.start, hit.end))) return false;
  const [from] = sentenceOf(hit.line, hit.start, hit.end);
  if (!/\p{L}/u.test(text.slice(from, hit.start))) return false;
  const words = hit.line.tokens.filter((t) => /^\p{L}/u.test(t.raw));
  const lower = words.filter((t) => /^\p{Ll}/u.test(t.raw)).length;
  return lower * 2 >= words.length;
}

// Nouns a trait word may qualify and still describe the hire: "a reliable self-starter", "a curious mind", "an organized
// approach", "a reliable work ethic".
const PERSON_NOUNS = new Set(
  "person people individual individuals professional professionals team teammate teammates colleague colleagues player players self starter starters worker workers employee employees candidate candidates communicator communicators leader leaders learner learners thinker thinkers problem mind minds mindset attitude approach manner nature personality character presence ethic nurse nurses chef chefs cook cooks writer writers hire hires staff agent agents rep reps coach attendance".split(" "),
);
const LINKS = new Set("and or but nor to in into with under at on for from when who whom which that as than of by about".split(" "));
// A noun for a person by its ending: "engineer", "supervisor", "analyst", "technician", "accountant", "student". Short
// words and "-ment" words with these endings are mostly things ("floor", "center", "environment").
const PERSON_ENDING = /(?:ist|yst|ian)s?$/u;
const LONG_PERSON_ENDING = /(?:er|or|ant|ent)s?$/u;
// Things and arrangements with such endings: "a reliable computer", "an independent contractor" (a way of being hired).
const NOT_PERSONS = new Set("computer computers printer printers server servers container containers contractor contractors center centers".split(" "));
const isPersonNoun = (word: string): boolean =>
  !NOT_PERSONS.has(word) &&
  (PERSON_NOUNS.has(word) || PERSON_ENDING.test(word) || (word.length >= 7 && LONG_PERSON_ENDING.test(word) && !/ments?$/u.test(word)));

// A verb that gives the trait to its object ("keep our pipelines fast and reliable", "hold leads accountable",
// "keeping a brigade organized and calm"): the trait is the object's, not the hire's.
const OBJECT_VERB =
  /\b(?:keep|keeps|keeping|kept|hold|holds|holding|held|make|makes|making|made|leave|leaves|leaving|render|renders)\s+(?!(?:yourself|you|oneself)\b)(?:(?!\b(?:while|stay|stays|remain|remains|be)\b)[^.;:!?])*$/iu;
// The employer speaking of itself, the trait right after a few of its words: "We are curious, a little nerdy", "our
// team is independent". Not "We are looking for a reliable analyst" nor "Our ideal candidate is organized".
const EMPLOYER_SUBJECT =
  /\b(?:we\s+are|we['’]re|our\s+(?:team|company|culture|people|kitchen|crew|staff|office|firm|school|clinic|shop)\s+(?:is|are))\s+(?:(?!(?:looking|seeking|hiring|searching|recruiting|after|in\s+need)\b)[\p{L}-]+[\s,]+){0,3}$/iu;

/**
 * Whether a trait word of a posting describes the hire. Not when it qualifies a thing ("reliable transportation",
 * "independent trucking companies", "a freelance creative studio", "a clean, organized floor"), when a verb gives it
 * to its object ("keep our pipelines reliable", "hold associates accountable"), or when the employer describes itself
 * ("We are curious, a little nerdy").
 */
function describesTheHire(text: string, hit: Hit<unknown, JobSection>): boolean {
  // The words the trait qualifies: those right after it, up to a conjunction, a preposition or a punctuation mark.
  const tokens = hit.line.tokens;
  const qualified: string[] = [];
  let end = hit.end;
  for (let i = tokenFrom(tokens, hit.end); i >= 0 && i < tokens.length && qualified.length < 3; i++) {
    const t = tokens[i]!;
    if (!/^\s+$/u.test(text.slice(end, t.start)) || !/^\p{L}/u.test(t.raw) || LINKS.has(t.norm)) break;
    qualified.push(t.norm);
    end = t.end;
  }
  if (qualified.length > 0 && !qualified.some(isPersonNoun)) return false;
  const [from] = sentenceOf(hit.line, hit.start, hit.end);
  const before = text.slice(Math.max(from, hit.start - 80), hit.start);
  return !OBJECT_VERB.test(before) && !EMPLOYER_SUBJECT.test(before);
}

/**
 * Traits, interests and values a posting asks for. Traits and interests take their strength like skills do, except
 * in the company description, which describes the company and its customers ("independent trucking companies"),
 * not the hire; values describe the company more than the candidate, so they are always nice-to-have. A trait word
 * inside a name ("Lakeview Independent School District") is no trait, nor one that describes something else than
 * the hire (describesTheHire).
 */
export function extractJobPersonal(scan: Scan<JobSection>): Record<NamedKind, NamedRequirement[]> {
  const text = scan.doc.text;
  const collect = (kind: NamedKind, keep: (h: Hit<NamedEntry, JobSection>) => boolean) => {
    const out = new Map<string, NamedRequirement>();
    for (const hit of namedHits(scan, kind)) {
      if (hit.line.section === "benefits" || !keep(hit) || inProperName(text, hit)) continue;
      const strength: Strength | null =
        kind === "value" ? "nice" : requirementStrength(scan, hit.line, hit.start, hit.end, { about: null });
      if (!strength) continue;
      const known = out.get(hit.value.id);
      out.set(hit.value.id, { kind, id: hit.value.id, name: hit.value.name, strength: firmer(known?.strength, strength) });
    }
    return [...out.values()];
  };
  return {
    trait: collect("trait", (h) => describesTheHire(text, h)),
    interest: collect("interest", (h) => hasInterestCue(scan, h)),
    value: collect("value", () => true),
  };
}

const SECTION_CONFIDENCE: Partial<Record<ResumeSection, number>> = { interests: 0.75, summary: 0.65 };
const DEFAULT_CONFIDENCE = 0.6;
const ITEM_SEPARATORS = /([,;•·▪|/]+|\s+(?:and|&)\s+)/u;
const MAX_ITEM_WORDS = 4;
const wordCount = (s: string): number => s.split(/\s+/u).filter(Boolean).length;

/**
 * Traits, interests and values a candidate shows. Interests come from the interests section (lexicon words, plus
 * the other listed items as written) and from sentences with an interest cue elsewhere.
 */
export function extractCandidatePersonal(scan: Scan<ResumeSection>): Record<NamedKind, NamedEvidence[]> {
  const text = scan.doc.text;
  const collect = (kind: NamedKind, keep: (h: Hit<NamedEntry, ResumeSection>) => boolean) => {
    const out = new Map<string, NamedEvidence>();
    for (const hit of namedHits(scan, kind)) {
      if (out.has(hit.value.id) || !keep(hit)) continue;
      const confidence = SECTION_CONFIDENCE[hit.line.section] ?? DEFAULT_CONFIDENCE;
      out.set(hit.value.id, {
        id: hit.value.id,
        name: hit.value.name,
        evidence: evidenceAt(text, hit.line, hit.start, hit.end, confidence),
      });
    }
    return [...out.values()];
  };
  const interests = collect("interest", (h) => h.line.section === "interests" || hasInterestCue(scan, h));
  return {
    trait: collect("trait", () => true),
    interest: [...interests, ...listedInterests(scan, interests)],
    value: collect("value", () => true),
  };
}

/** Items of the interests section that the lexicon does not know ("Woodworking, chess") keep their own wording. */
function listedInterests(scan: Scan<ResumeSection>, known: NamedEvidence[]): NamedEvidence[] {
  const text = scan.doc.text;
  const knownHits = namedHits(scan, "interest");
  const names = new Set(known.map((k) => k.name.toLowerCase()));
  const out: NamedEvidence[] = [];
  let inProse = false;
  for (const line of scan.doc.lines) {
    if (line.section !== "interests" || line.heading || line.tokens.length === 0) {
      inProse = false;
      continue;
    }
    // Splitting with a capturing separator keeps the separators, so every item's offset is known exactly.
    let offset = line.tokens[0]!.start;
    const pieces = text.slice(offset, line.end).split(ITEM_SEPARATORS);
    // A sentence is no list: its clauses between commas and "and" are not interests, nor are the words of its
    // wrapped lines, which start in lower case after an unfinished prose line ("… spans over\nseveral lines.").
    const continues: boolean = inProse && /^\p{Ll}/u.test(line.text.trim());
    // A sentence: a long item on a line that ends like a sentence, or that is no list of three or more, or in which
    // most items are long. One long item in a list ("Woodworking, pottery, restoring old motorcycles at weekends")
    // leaves the short ones interests.
    const items = pieces.filter((p, i) => i % 2 === 0 && /\p{L}/u.test(p));
    const long = items.filter((p) => wordCount(p) > MAX_ITEM_WORDS).length;
    const sentenceEnd = /[.!?]["”’)]*\s*$/u.test(line.text);
    const prose: boolean = continues || (long > 0 && (sentenceEnd || items.length < 3 || long * 2 > items.length));
    inProse = prose && !/[.!?]["”’)]*\s*$/u.test(line.text);
    if (prose) continue;
    for (const [i, piece] of pieces.entries()) {
      const pieceStart = offset;
      offset += piece.length;
      if (i % 2 === 1) continue;
      const item = piece.trim().replace(/[.!]+$/u, "");
      const start = pieceStart + piece.indexOf(item);
      const end = start + item.length;
      const words = wordCount(item);
      // Page furniture ("RÉSUMÉ 2", "NOVEMBER 3, 2019") and template placeholders are not interests.
      if (!/\p{L}{2}/u.test(item) || /\d/u.test(item) || item === item.toUpperCase() || words > MAX_ITEM_WORDS) continue;
      if (knownHits.some((h) => h.start < end && start < h.end)) continue;
      const name = item.charAt(0).toUpperCase() + item.slice(1);
      if (names.has(name.toLowerCase())) continue;
      names.add(name.toLowerCase());
      out.push({
        id: null,
        name,
        evidence: { snippet: snippetAround(text, line, start, end), section: line.section, confidence: 0.7 },
      });
    }
  }
  return out;
}
