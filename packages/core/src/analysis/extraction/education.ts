import type { LexEntry } from "../lexicon/index.ts";
import {
  educationRank,
  fieldEntry,
  type DegreeEntry,
  type EducationLevel,
  type FieldEntry,
} from "../lexicon/education.ts";
import { partitionPoint } from "../../partition-point.ts";
import { isRegion, ORGANISATION_WORD, splitCityBeforeRegion } from "../lexicon/cities.ts";
import { CUES } from "../lexicon/cues.ts";
import { endsMidSentence, sentenceOf, type Line } from "../text/document.ts";
import type { JobSection, ResumeSection } from "../text/headings.ts";
import { linesPassage, snippetAround } from "../text/snippet.ts";
import type {
  CandidateEducation,
  Degree,
  DegreeRequirement,
  EducationRequirement,
  FieldOfStudy,
  Strength,
} from "../types.ts";
import { endsInFuture } from "./dates.ts";
import { firmer, nearestCue, requirementStrength } from "./requirements.ts";
import { postNominals, skillsByLine, type Hit, type Scan } from "./scan.ts";

type LexHit<K extends string> = Hit<LexEntry, K>;

// Trade training is given at a training centre or alliance too ("South Texas Electrical Training Alliance", "Alamo
// Trades Training Center"), and by a JATC, the joint apprenticeship and training committee of a union and contractors.
const INSTITUTION_WORD =
  "University|UNIVERSITY|College|COLLEGE|Institute|INSTITUTE|School|SCHOOL|Academy|ACADEMY|Polytechnic|POLYTECHNIC|" +
  "Universität|Université|Universidad|Università|Universidade|Hochschule|Conservatory|" +
  "Training\\s+(?:Center|Centre|Alliance|Trust)|TRAINING\\s+(?:CENTER|CENTRE|ALLIANCE|TRUST)|JATC";
const NAME_WORD = "[\\p{Lu}][\\p{L}'’.&-]*";
// "Technical University of Munich", "Stanford University", "University of California", "Lincoln High School",
// "Institute of Science and Technology" (a name after "of" may join two words with "and").
const INSTITUTION = new RegExp(
  `(?:${NAME_WORD}\\s+){0,5}(?:${INSTITUTION_WORD})` +
    `(?:\\s+(?:of|for|de|di|der|du|do)(?:\\s+(?:the\\s+)?${NAME_WORD}){1,5}(?:\\s+(?:and|&)(?:\\s+${NAME_WORD}){1,3})?)?(?![\\p{L}])`,
  "u",
);
// A degree written just before the name ("PhD Princeton University, Computer Science"; "BS Boğaziçi University")
// is capitalised like a name word, but is the degree.
const LEADING_DEGREE = /^(?:(?:Ph\.?\s?D|D\.?Phil|[BM]\.?\s?(?:Sc|Eng|Tech|Ed|Arch|Phil|A|S|E|F\.?A|B\.?A)|MBA|MPH|LL\.?[BM]|J\.?D|M\.?D|Ed\.?D)\.?,?\s+)+/u;

const INSTITUTION_HINT = new RegExp(INSTITUTION_WORD, "u");
const YEAR = /\b(?:19|20)\d{2}\b/u;
const SCHOOL_KIND = /^(?:high|secondary|middle|grade|trade|vocational)\s+school$/iu;

// The part after the name up to the next separator: "…Technology Atlanta, GA" → "GA".
const NEXT_PART = /^\s*,\s*([^,|·•;()]+)/u;

/**
 * The institution named in a text. A city that column merging ran onto the name is cut where a region follows
 * ("Georgia Institute of Technology Atlanta, GA"); a city the name ends with and no region follows is kept
 * ("University of California Los Angeles" reads as written).
 */
export function findInstitution(text: string): string | null {
  if (!INSTITUTION_HINT.test(text)) return null;
  const first = INSTITUTION.exec(text);
  if (!first) return null;
  let found = first[0];
  let end = first.index + found.length;
  // A kind of school is not a school's name: "High School Diploma – Lanier Heights High School" names the second.
  if (SCHOOL_KIND.test(found.trim())) {
    const next = INSTITUTION.exec(text.slice(end));
    if (!next || SCHOOL_KIND.test(next[0].trim())) return null;
    found = next[0];
    end += next.index + found.length;
  }
  const region = NEXT_PART.exec(text.slice(end))?.[1];
  const name = found.trim();
  const named = region !== undefined && isRegion(region) ? (splitCityBeforeRegion(name)?.name ?? name) : name;
  return named.replace(LEADING_DEGREE, "") || null;
}

// "PhD Fellowship", "Master's Scholarship", "Doctoral Dissertation Award": a degree naming an award, not one held.
const AWARD_AFTER_DEGREE = new Set(["fellowship", "fellowships", "scholarship", "scholarships", "award", "awards", "prize", "grant", "bursary", "stipend"]);

function namesAnAward<K extends string>(hit: Hit<DegreeEntry, K>): boolean {
  const tokens = hit.line.tokens;
  // Tokens are in text order: a binary search, not a search of the line for every degree.
  const after = partitionPoint(tokens, (t) => t.start < hit.end);
  const next = after < tokens.length ? after : -1;
  // The next word, or the one after a qualifier ("Doctoral Dissertation Award").
  return [tokens[next], tokens[next + 1]].some((t) => t !== undefined && AWARD_AFTER_DEGREE.has(t.norm));
}

const asField = (entry: FieldEntry): FieldOfStudy => ({ id: entry.id, name: entry.name, family: entry.family });

const degreeHits = <K extends string>(hits: readonly LexHit<K>[]) =>
  hits.filter((h): h is Hit<DegreeEntry, K> => h.value.kind === "degree");
const fieldHits = <K extends string>(hits: readonly LexHit<K>[]) =>
  hits.filter((h): h is Hit<FieldEntry, K> => h.value.kind === "field");

/**
 * Whether a bare "diploma" is the secondary school's named in its sentence ("Diploma, Teche Parish High School, 2014",
 * "GED diploma"): that is the high-school diploma, which the school's name already counts, not a vocational one.
 */
function schoolsDiploma<K extends string>(
  hit: Hit<DegreeEntry, K>,
  secondary: readonly Hit<DegreeEntry, K>[],
): boolean {
  if (!hit.value.bare || secondary.length === 0) return false;
  const [from, to] = sentenceOf(hit.line, hit.start, hit.end);
  return secondary.some((h) => h.start >= from && h.end <= to);
}

// A school's name ending in its kind ("Worthington Ridge High School"), and what makes a line about its diploma.
const NAMED_BEFORE = /\p{Lu}[\p{L}.'’-]*\s+$/u;
const SCHOOL_NAME_KIND = /^(?:high|secondary) school$/iu;
const SCHOOL_LEAVING = /\b(?:diploma|graduat\w*|ged|equivalency|class of)\b/iu;

// A range of dates on a line, "2015 – 2020", "Aug 2015 to Jun 2020", "2019 – Present", "since 2015": a job's.
const DATE_RANGE_ON_LINE =
  /\b(?:19|20)\d{2}\s*(?:-{1,2}|–|—|−|to|until|till|through|thru)\s*(?:\p{L}{3,9}\.?\s+)?(?:(?:19|20)\d{2}|present|current|now|today)\b|\bsince\s+(?:\p{L}{3,9}\.?\s+)?(?:19|20)\d{2}\b/iu;
// The roles of a school's staff, as a line names them beside the school ("Custodian, Westside High School …").
const SCHOOL_ROLE =
  /\b(?:teacher|teaching|coach|custodian|janitor|nurse|principal|counsel(?:l)?or|aide|paraprofessional|para|librarian|secretary|administrator|director|coordinator|instructor|tutor|substitute|driver|cook|cashier|clerk|manager|specialist|psychologist|therapist|pathologist|technician|officer|guard|maintenance|groundskeeper|registrar|dean|superintendent|advis[eo]r|interventionist|assistant|associate|staff|chair|worker|attendant|educator|faculty)s?\b/iu;

// What a line says about the schools named on it, read once per line: a line naming thousands of high schools was
// scanned whole for each of them (1.1 s at 100,000 characters).
const schoolLineMarksOf = new WeakMap<object, { leaving: boolean; dateRange: boolean; firstRole: number }>();
function schoolLineMarks(line: { text: string }): { leaving: boolean; dateRange: boolean; firstRole: number } {
  let marks = schoolLineMarksOf.get(line);
  if (!marks) {
    const role = SCHOOL_ROLE.exec(line.text);
    marks = { leaving: SCHOOL_LEAVING.test(line.text), dateRange: DATE_RANGE_ON_LINE.test(line.text), firstRole: role ? role.index : Infinity };
    schoolLineMarksOf.set(line, marks);
  }
  return marks;
}

/**
 * Whether a secondary "degree" is the name of a school someone worked at: in the experience section, "High School" ending
 * a school's name ("Social Studies Teacher, Worthington Ridge High School, Worthington, OH — 2014 to 2026"), on a line
 * that says nothing of a diploma, and with a job's marks: a range of dates on the line, or a staff role before the
 * school's name, right after it, or on the short undated line above or below ("Westside High School, Omaha, NE — 2015 to
 * 2020\nMath Teacher"). "Lincoln High School Diploma, 2010", "Lincoln High School, Springfield, IL, 2010" under the
 * experience heading (a single year, no role) and a school in the education section stay the writer's schooling.
 */
function workplaceSchool<K extends string>(scan: Scan<K>, hit: Hit<DegreeEntry, K>): boolean {
  const { line } = hit;
  if (line.section !== "experience" || hit.value.level !== "secondary" || !SCHOOL_NAME_KIND.test(hit.surface)) return false;
  const before = hit.start - line.start;
  if (!NAMED_BEFORE.test(line.text.slice(Math.max(0, before - 80), before))) return false;
  const marks = schoolLineMarks(line);
  if (marks.leaving) return false;
  // The name ends in a space (NAMED_BEFORE), so a role word starting before it ends before it.
  if (marks.dateRange || marks.firstRole < before) return true;
  // The words right after the name, up to the next separator: "Westside High School — Math Teacher (2015)".
  const after = line.text.slice(hit.end - line.start, hit.end - line.start + 200).replace(/^[\s,;:|·—–-]+/u, "");
  if (SCHOOL_ROLE.test(/^[\p{L}\s.'’-]{0,40}/u.exec(after)![0])) return true;
  return [scan.doc.lines[line.index - 1], scan.doc.lines[line.index + 1]].some(
    (l) => !!l && !l.heading && l.section === line.section && l.tokens.length <= 6 && !/\b(?:19|20)\d{2}\b/u.test(l.text) && !SCHOOL_LEAVING.test(l.text) &&
      SCHOOL_ROLE.test(l.text) && !/^\s*[•·*-]/u.test(l.text),
  );
}

/** Whether a degree word is part of a catalogue skill's name ("Journeyman Electrician License", "CIM Diploma"). */
function inSkillName<K extends string>(scan: Scan<K>, hit: Hit<DegreeEntry, K>): boolean {
  return (skillsByLine(scan).get(hit.line.index) ?? []).some(
    (s) => s.start <= hit.start && s.end >= hit.end && s.end - s.start > hit.end - hit.start,
  );
}


/**
 * Whether a degree is a trade qualification listed with licences and certificates, where tradespeople often list a
 * completed apprenticeship, an NVQ or a City & Guilds award ("Licences & Training"). A vocational word that is part
 * of a catalogue credential's name ("Texas Journeyman Electrician License") is that credential, read as a skill.
 */
function tradeQualification(scan: Scan<ResumeSection>, hit: Hit<DegreeEntry, ResumeSection>): boolean {
  if (hit.line.section !== "certifications" || hit.value.level !== "vocational") return false;
  return !hit.value.bare && !hit.value.ambiguous && !inSkillName(scan, hit);
}

// Schools that teach a trade: "South Texas Electrical Training Alliance", "Hill Country Electrical JATC", "Tulsa
// Trades Institute", "Northside Vocational School".
const TRADE_SCHOOL =
  /\b(?:Training\s+(?:Center|Centre|Alliance|Trust)|JATC|Trades?\s+(?:School|Institute|College)|Vocational\s+(?:School|Institute|College|Center|Centre))\b/iu;
const TRADE_TRAINING: DegreeEntry = {
  kind: "degree",
  id: "vocational-trade-school",
  level: "vocational",
  ambiguous: false,
  generic: false,
  field: null,
  bare: false,
  resumeOnly: false,
};

/**
 * A trade programme named by its school alone, on an education line that names no degree ("Electrical program —
 * Alamo Trades Training Center, 2021"): vocational training, read at the school's name. Not the school line of an
 * entry whose degree is on the line above ("Associate of Applied Science\nLone Star Trades Institute").
 */
function tradeProgramme(
  scan: Scan<ResumeSection>,
  line: Line<ResumeSection>,
  institution: string,
): Hit<DegreeEntry, ResumeSection> | null {
  if (!TRADE_SCHOOL.test(institution)) return null;
  const above = scan.doc.lines[line.index - 1];
  const aboveNamesDegree =
    above !== undefined && degreeHits(scan.lexiconByLine[above.index] ?? []).some((d) => !d.value.generic);
  if (aboveNamesDegree && !above.heading && above.section === line.section) return null;
  const at = line.text.indexOf(institution);
  if (at < 0) return null;
  const start = line.start + at;
  return { value: TRADE_TRAINING, start, end: start + institution.length, surface: institution, line };
}

const DEGREE_FOLLOWERS = new Set(["in", "of", "from", "degree", "degrees"]);

/**
 * Whether degree initials that are also a state's postal code are the state, written after a place and a comma
 * ("Johns Hopkins University, Baltimore, MD", "Georgetown University, Washington, D.C.", "Tufts University, Medford,
 * MA"), after a place without one ("Towson University, Towson MD 2015", "Howard University | Washington DC") or
 * before a ZIP code ("College Park, MD 20742"). Not after a degree or a field ("BS, MS in Physics", "Computer Science,
 * MA"), nor straight after a school's name ("Harvard Medical School MD 2010").
 */
function regionAfterPlace<K extends string>(hit: Hit<DegreeEntry, K>, lineHits: readonly LexHit<K>[]): boolean {
  if (!isRegion(hit.surface.replace(/\./gu, ""))) return false;
  const { tokens, text, start } = hit.line;
  const at = partitionPoint(tokens, (t) => t.start < hit.start);
  const before = tokens[at - 1];
  const after = tokens[partitionPoint(tokens, (t) => t.start < hit.end)];
  if (after && /^\d{5}$/u.test(after.raw) && /^\.?[^\S\n]+$/u.test(text.slice(hit.end - start, after.start - start))) return true;
  if (!before || !/^\p{Lu}/u.test(before.raw)) return false;
  const gap = text.slice(before.end - start, hit.start - start);
  const spaced = /^[^\S\n]+$/u.test(gap);
  if (!/^\s*,\s*$/u.test(gap) && !spaced) return false;
  if (spaced && ORGANISATION_WORD.test(before.raw)) return false;
  return !(hitsByEnd(lineHits).get(before.end) ?? []).some((h) => h.value.kind === "degree" || h.value.kind === "field");
}

// Capitalised words that go on a degree's initials without naming someone: "J.D. Candidate", "M.D. Program".
const DEGREE_NOUNS = new Set([
  "candidate", "candidates", "student", "students", "program", "programme", "degree", "graduate", "thesis",
  "dissertation", "residency", "class", "cum", "magna", "summa", "with", "in", "of", "from", "honors", "honours",
  "expected", "and", "or", "required", "preferred", "coursework", "studies", "track",
]);

/**
 * Whether a doctorate's two-letter initials are a name's ("M.D. Anderson Cancer Center", "J.D. Power", "J.D. Edwards"): followed
 * straight away by a capitalised word that is no field, degree or school ("M.D. Harvard Medical School" is the
 * degree) nor a word that goes with a degree ("J.D. Candidate").
 */
function namesSomeone<K extends string>(hit: Hit<DegreeEntry, K>, lineHits: readonly LexHit<K>[]): boolean {
  if (hit.value.level !== "doctorate" || hit.surface.replace(/\./gu, "").length !== 2) return false;
  const { tokens, text, start } = hit.line;
  const at = partitionPoint(tokens, (t) => t.start < hit.end);
  const next = tokens[at];
  if (!next || !/^\p{Lu}\p{Ll}/u.test(next.raw) || DEGREE_NOUNS.has(next.norm)) return false;
  if (!/^\.?\s+$/u.test(text.slice(hit.end - start, next.start - start))) return false;
  if ((hitsByStart(lineHits).get(next.start) ?? []).some((h) => h.value.kind === "degree" || h.value.kind === "field")) return false;
  // A school's name is a few words long: the rest of a long line is not searched for every pair of initials.
  const rest = text.slice(next.start - start, next.start - start + 120);
  const school = findInstitution(rest);
  return school === null || !rest.startsWith(school.split(/\s/u)[0]!);
}

/**
 * Whether an ambiguous abbreviation ("MS", "BA", "AS") is a degree here: it must be followed by "in"/"of" or a field
 * of study ("MS in Computer Science", "BA History"), or stand next to another degree ("BS/MS"). "MS Office" is not.
 */
function abbreviationIsDegree<K extends string>(hit: Hit<DegreeEntry, K>, lineHits: readonly LexHit<K>[]): boolean {
  const tokens = hit.line.tokens;
  const found = partitionPoint(tokens, (t) => t.start < hit.start);
  const at = tokens[found]?.start === hit.start ? found : -1;
  const next = tokens[at + 1];
  // "MS in Physics", "JD from an ABA-accredited law school", "MD degree".
  if (next && DEGREE_FOLLOWERS.has(next.norm)) return true;
  const window = [tokens[at - 1], tokens[at + 1], tokens[at + 2]].filter((t) => t !== undefined);
  // The hits starting at the window's words, from an index of the line's hits by start: going through the line's
  // hits for every abbreviation was quadratic ("BS MS BS MS …" took 9 s at 100,000 characters).
  const byStart = hitsByStart(lineHits);
  // Initials that are also a state's code take a field after them in capitals only: "DC law firm", "MD nursing
  // homes" name the place.
  const regional = isRegion(hit.surface.replace(/\./gu, ""));
  return window.some((t) =>
    (byStart.get(t.start) ?? []).some(
      (h) =>
        h !== hit &&
        ((h.value.kind === "field" && !(regional && h.start > hit.start && /^\p{Ll}/u.test(h.surface))) ||
          (h.value.kind === "degree" && !h.value.generic)),
    ),
  );
}

const hitsByStartOf = new WeakMap<readonly object[], Map<number, LexHit<string>[]>>();
const hitsByEndOf = new WeakMap<readonly object[], Map<number, LexHit<string>[]>>();

const hitsByStart = <K extends string>(hits: readonly LexHit<K>[]) => hitIndex(hits, hitsByStartOf, "start");
const hitsByEnd = <K extends string>(hits: readonly LexHit<K>[]) => hitIndex(hits, hitsByEndOf, "end");

function hitIndex<K extends string>(
  hits: readonly LexHit<K>[],
  cache: WeakMap<readonly object[], Map<number, LexHit<string>[]>>,
  key: "start" | "end",
): Map<number, LexHit<K>[]> {
  let index = cache.get(hits) as Map<number, LexHit<K>[]> | undefined;
  if (!index) {
    index = new Map();
    for (const h of hits) {
      const list = index.get(h[key]);
      if (list) list.push(h);
      else index.set(h[key], [h]);
    }
    cache.set(hits, index as Map<number, LexHit<string>[]>);
  }
  return index;
}

/** The hits of `hits` (in text order) that lie within [from, to), in order: a binary search for the block. */
function hitsWithin<T extends { start: number; end: number }>(hits: readonly T[], from: number, to: number): T[] {
  const out: T[] = [];
  for (let i = partitionPoint(hits, (h) => h.start < from); i < hits.length && hits[i]!.start < to; i++) {
    if (hits[i]!.end <= to) out.push(hits[i]!);
  }
  return out;
}

/**
 * Whether some hit of `hits` (in text order) lies within [from, to): the smallest end among the hits that start at
 * or after `from` is at most `to`. `minEnd` holds, for each index, the smallest end from there to the last hit.
 */
function anyWithin(hits: readonly { start: number; end: number }[], minEnd: Float64Array, from: number, to: number): boolean {
  const i = partitionPoint(hits, (h) => h.start < from);
  return i < hits.length && minEnd[i]! <= to;
}

function suffixMinEnd(hits: readonly { end: number }[]): Float64Array {
  const out = new Float64Array(hits.length);
  for (let i = hits.length - 1; i >= 0; i--) out[i] = Math.min(hits[i]!.end, i + 1 < hits.length ? out[i + 1]! : Infinity);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Job side

// The cues a degree's sentence may carry onto the next line of a hard-wrapped posting, each as one phrase that the
// break may also cut ("substantial equivalent" + "experience").
const cuePhrase = (kind: "equivalent-experience" | "related-field") =>
  new RegExp(String.raw`\b(?:${CUES[kind].replace(/ /gu, String.raw`\s+`)})\b`, "iu");
const WRAPPED_CUES = { equivalent: cuePhrase("equivalent-experience"), related: cuePhrase("related-field") };

/**
 * The cues of a degree's sentence that runs on past its line's end into the first sentence of the next line, which
 * goes on in lower case:
 * postings are often hard-wrapped and the lexicon reads line by line, so "… is expected, though substantial
 * equivalent" + "experience will be considered." hides the phrase from the line's cues.
 */
function wrappedCues(scan: Scan<JobSection>, line: Line<JobSection>, to: number): { equivalent: boolean; related: boolean } {
  const none = { equivalent: false, related: false };
  const text = scan.doc.text;
  const last = line.sentences.at(-1) ?? [line.start, line.end];
  if (to < last[1] || !endsMidSentence(line)) return none;
  const next = scan.doc.lines[line.index + 1];
  // A next line in capitals or after a bullet starts an item of its own.
  if (!next || next.heading || next.section !== line.section || !/^\p{Ll}/u.test(next.text)) return none;
  const [, end] = next.sentences[0] ?? [next.start, next.end];
  const joined = `${text.slice(last[0], line.end)} ${text.slice(next.start, end)}`;
  return { equivalent: WRAPPED_CUES.equivalent.test(joined), related: WRAPPED_CUES.related.test(joined) };
}

/**
 * Degree and field requirements of a posting. Per sentence, the lowest degree named is the requirement
 * ("Bachelor's or Master's" → Bachelor's); a bare "degree" is read as a bachelor's and ignored when the sentence
 * names a specific degree. Fields count only in sentences that name a degree, and only those of the firmest such
 * sentences. The required degree is the lowest must-have one; a nice-to-have degree is kept only when higher ("BS
 * required, MS preferred").
 */
export function extractJobEducation(scan: Scan<JobSection>): EducationRequirement {
  const lowest: Partial<Record<Strength, EducationLevel>> = {};
  // Fields by the strength of the sentence naming them: a field named only with a preferred degree ("Master's in
  // Education is desirable") does not make the field of a plain required degree a must.
  const fieldsBy: Record<Strength, Map<string, FieldOfStudy>> = { must: new Map(), nice: new Map() };
  let relatedAccepted = false;
  let equivalentExperience = false;

  for (const lineHits of scan.lexiconByLine) {
    const degrees = degreeHits(lineHits);
    if (degrees.length === 0) continue;
    const line = degrees[0]!.line;
    // Hits are in text order: each sentence's are found by binary search, once (a line of thousands of sentences
    // and degrees was quadratic).
    let clauseIndex: { fieldish: LexHit<JobSection>[]; fieldishEnd: Float64Array; degrees: LexHit<JobSection>[]; degreesEnd: Float64Array } | undefined;
    for (const [from, to] of line.sentences) {
      let sentenceHits: LexHit<JobSection>[] | undefined;
      const hitsOfSentence = (): LexHit<JobSection>[] => (sentenceHits ??= hitsWithin(lineHits, from, to));
      const sentenceDegrees = hitsWithin(degrees, from, to);
      const specific = sentenceDegrees.some((d) => !d.value.generic);
      const accepted = sentenceDegrees.filter((d) => {
        // A licence asked for is a skill, not a degree ("Active Texas Journeyman Electrician license"); some degree
        // words name the job's level in a posting (DegreeEntry.resumeOnly).
        if (inSkillName(scan, d) || d.value.resumeOnly || namesSomeone(d, lineHits)) return false;
        if (d.value.ambiguous) return !regionAfterPlace(d, lineHits) && abbreviationIsDegree(d, lineHits);
        if (d.value.generic) return !specific && genericDegreeIsRequirement(scan, line, d, hitsOfSentence());
        return true;
      });
      let sentenceStrength: Strength | undefined;
      const sentenceFields = new Map<string, FieldOfStudy>();
      // After a comma, fields, "a related field" and a choice of degrees ("BS, MS or PhD preferred") still belong to
      // the degree; a degree of its own ("Bachelor's in Finance, MBA preferred") or anything else is another clause.
      // (Some hit within [a, b) that is a field or "related field", or a degree when the clause has an "or": looked up
      // in an index of the line's hits by start, not by going through them for every clause asked about.)
      const continues = (a: number, b: number) => {
        if (!clauseIndex) {
          const fieldish = lineHits.filter((h) => h.value.kind === "field" || (h.value.kind === "cue" && h.value.id === "related-field"));
          const degreeWords = lineHits.filter((h) => h.value.kind === "degree");
          clauseIndex = { fieldish, fieldishEnd: suffixMinEnd(fieldish), degrees: degreeWords, degreesEnd: suffixMinEnd(degreeWords) };
        }
        if (anyWithin(clauseIndex.fieldish, clauseIndex.fieldishEnd, a, b)) return true;
        return anyWithin(clauseIndex.degrees, clauseIndex.degreesEnd, a, b) && /\bor\b/iu.test(scan.doc.text.slice(a, b));
      };
      for (const d of accepted) {
        const strength = requirementStrength(scan, line, d.start, d.end, { about: null, ownClause: true, continues });
        if (!strength) continue;
        sentenceStrength = firmer(sentenceStrength, strength);
        const known = lowest[strength];
        if (!known || educationRank(d.value.level) < educationRank(known)) lowest[strength] = d.value.level;
        const implied = d.value.field ? fieldEntry(d.value.field) : undefined;
        if (implied) sentenceFields.set(implied.id, asField(implied));
      }
      if (!sentenceStrength) continue;
      for (const f of fieldHits(hitsOfSentence())) sentenceFields.set(f.value.id, asField(f.value));
      for (const [id, f] of sentenceFields) fieldsBy[sentenceStrength].set(id, f);
      const cues = hitsOfSentence().flatMap((h) => (h.value.kind === "cue" ? [h.value.id] : []));
      const wrapped = wrappedCues(scan, line, to);
      relatedAccepted ||= cues.includes("related-field") || wrapped.related;
      equivalentExperience ||= cues.includes("equivalent-experience") || wrapped.equivalent;
    }
  }

  const degrees: DegreeRequirement[] = [];
  if (lowest.must) degrees.push({ level: lowest.must, strength: "must" });
  if (lowest.nice && (!lowest.must || educationRank(lowest.nice) > educationRank(lowest.must))) {
    degrees.push({ level: lowest.nice, strength: "nice" });
  }
  const fieldStrength: Strength = fieldsBy.must.size ? "must" : "nice";
  const fields = fieldsBy[fieldStrength];
  return {
    degrees,
    fields: fields.size ? { fields: [...fields.values()], strength: fieldStrength, relatedAccepted } : null,
    equivalentExperience,
  };
}

/** A bare "degree" is a requirement only with a field, a requirement cue, or under a requirements heading. */
function genericDegreeIsRequirement(
  scan: Scan<JobSection>,
  line: Line<JobSection>,
  hit: Hit<DegreeEntry, JobSection>,
  sentenceHits: readonly LexHit<JobSection>[],
): boolean {
  if (line.section === "requirements" || line.section === "preferred") return true;
  if (sentenceHits.some((h) => h.value.kind === "field")) return true;
  return nearestCue(scan, line, hit.start, hit.end, ["must", "nice"]) !== null;
}

// ---------------------------------------------------------------------------------------------------------------
// Candidate side

/**
 * The degrees of a line that a word of an unfinished degree belongs to. The line is cut into clauses at ";", "|",
 * a sentence's end and a comma right before another degree ("MSN Nursing Education, in progress, BSN 2016"), and a
 * cue goes to a degree of its own clause, whatever the field or school written between them: a trailing one ("(in
 * progress)", "expected 2027", "incomplete", "candidate") to the degree before it, a leading one ("pursuing",
 * "coursework toward") to the degree after it, either the other way when there is none. A clause without a degree
 * gives its cue to the degree before it on the line (after it, for a leading cue): "B.S. Biology, Kent State. In
 * progress." The degrees of one level in a clause are one degree named twice ("Associate degree coursework toward
 * A.A.S."). Binary searches over the degrees and the cuts, so a line of thousands of both is no quadratic walk.
 */
function unfinishedDegrees<T extends { start: number; end: number; value: { level: EducationLevel } }, K extends string>(
  text: string,
  line: Line<K>,
  degrees: readonly T[],
  cues: readonly { start: number; end: number }[],
): Set<T> {
  const marked = new Set<T>();
  if (degrees.length === 0 || cues.length === 0) return marked;
  const byStart = [...degrees].sort((a, b) => a.start - b.start);
  const starts = new Set(byStart.map((d) => d.start));
  // The cuts between clauses, in order.
  const cuts: number[] = [];
  const segment = text.slice(line.start, line.end);
  for (const m of segment.matchAll(/[;|]|,\s*/gu)) {
    const at = line.start + m.index;
    if (m[0] === ";" || m[0] === "|" || starts.has(at + m[0].length)) cuts.push(at);
  }
  for (const [, to] of line.sentences) if (to < line.end) cuts.push(to);
  cuts.sort((a, b) => a - b);
  const firstAtOrAfter = <V>(xs: readonly V[], key: (v: V) => number, at: number): number => partitionPoint(xs, (v) => key(v) < at);
  const clauseOf = (at: number) => firstAtOrAfter(cuts, (c) => c, at + 1);
  for (const cue of cues) {
    const clause = clauseOf(cue.start);
    const afterAt = firstAtOrAfter(byStart, (d) => d.start, cue.end);
    const before = byStart[afterAt - 1];
    const after = byStart[afterAt];
    const beforeInClause = before && clauseOf(before.start) === clause ? before : undefined;
    const afterInClause = after && clauseOf(after.start) === clause ? after : undefined;
    const words = text.slice(cue.start, Math.min(line.end, cue.end + 4));
    const leading = /toward|pursuing|enrolled|^candidate\s+for\b/iu.test(words);
    const own = leading ? (afterInClause ?? beforeInClause) : (beforeInClause ?? afterInClause);
    const chosen = own ?? (leading ? (after ?? before) : (before ?? after));
    if (!chosen) continue;
    marked.add(chosen);
  }
  // The same level named twice in a clause is one degree.
  const markedByClause = new Map<number, Set<EducationLevel>>();
  for (const d of marked) {
    const c = clauseOf(d.start);
    const levels = markedByClause.get(c) ?? new Set<EducationLevel>();
    levels.add(d.value.level);
    markedByClause.set(c, levels);
  }
  for (const d of byStart) if (markedByClause.get(clauseOf(d.start))?.has(d.value.level)) marked.add(d);
  return marked;
}

/**
 * A degree the sentence says is still being earned, by the verb right before it: "Completing my bachelor's degree",
 * "currently finishing a B.S. in Accounting", "working toward my BSN", "studying for an MBA", "while completing my
 * associate degree". Not when its clause tells what came after it: after "after", "since", "upon", "on" or "before",
 * with an adverb in -ly or another "…ing … and" between ("After successfully completing my bachelor's …", "After
 * passing the NCLEX and completing my BSN …"); nor when the sentence dates it in a past year and expects nothing
 * ("Finishing my Bachelor of Science … in 2014, I moved to Chicago."). The verb must stand within a few words of the
 * degree, in the same sentence.
 */
const STUDYING_FOR =
  /\b(?:completing|finishing|working\s+towards?|studying\s+for)\s+(?:(?:my|a|an|the|her|his|their|our|final\s+year\s+of|last\s+year\s+of)\s+){0,2}$/iu;
// The words of the verb's clause before it that make the degree a past one.
const AFTER_COMPLETING =
  /\b(?:after|since|upon|on|before)\s+(?:\p{L}+ly\s+)?(?:\p{L}+ing\b[^,.;:!?]{0,60}?\s+and\s+(?:\p{L}+ly\s+)?)?$/iu;
const EXPECTED = /\b(?:expect(?:ed|ing)?|anticipated|graduating|graduation|in\s+progress|ongoing|currently|now)\b/iu;

// Before a year: words that make it the year the study began, and what attaches it to the degree as its completion.
const START_BEFORE_YEAR =
  /\b(?:started|starting|start|since|began|begun|beginning|begin|enrolled|enrolling|from|entered|entering|commenced|joined)\b[^,.;:!?]{0,20}$/iu;
const COMPLETION_BEFORE_YEAR = /(?:\bin\s+(?:(?:\p{L}{3,9}\.?|the\s+\p{L}+\s+of)\s+)?|[,(]\s*(?:\p{L}{3,9}\.?\s+)?)$/iu;
// A verb in the past tense after the year: the sentence goes on to what came after the degree.
const PAST_TENSE =
  /\b(?:\p{L}{2,}ed|was|were|had|went|became|began|took|got|left|made|won|led|ran|spent|found|joined|moved|built|grew|held|kept|met|sold|taught|wrote)\b/iu;

export function studyingFor(lineText: string, degreeAt: number, now?: Date): boolean {
  if (degreeAt <= 0) return false;
  const windowStart = Math.max(0, degreeAt - 60);
  const verb = STUDYING_FOR.exec(lineText.slice(windowStart, degreeAt));
  if (!verb) return false;
  const verbAt = windowStart + verb.index;
  // The clause before the verb, back to the previous comma, full stop or other break (at most 120 characters).
  const back = lineText.slice(Math.max(0, verbAt - 120), verbAt);
  const clause = back.slice(Math.max(...[",", ".", ";", ":", "!", "?", "(", "•"].map((c) => back.lastIndexOf(c))) + 1);
  if (AFTER_COMPLETING.test(clause)) return false;
  if (now) {
    const sentenceEnd = lineText.slice(degreeAt).search(/[.!?;](?:\s|$)/u);
    const breaks = [...back.matchAll(/[.!?;]\s/gu)];
    const sentenceStart = breaks.length > 0 ? Math.max(0, verbAt - 120) + breaks[breaks.length - 1]!.index + 1 : Math.max(0, verbAt - 120);
    const sentence = lineText.slice(sentenceStart, sentenceEnd < 0 ? lineText.length : degreeAt + sentenceEnd);
    const years = [...sentence.matchAll(/\b(?:19|20)\d{2}\b/gu)];
    if (years.length > 0 && years.every((y) => Number(y[0]) < now.getUTCFullYear()) && !EXPECTED.test(sentence)) {
      // A past year is the degree's completion only when it is attached to it ("… at DePaul University in 2014", "…,
      // 2014"), is no start ("started 2024", "since 2023", "in 2024 –"), and the sentence goes on in the past tense
      // ("…, I moved to Chicago"): "Completing my MBA at Kent State University, started 2024" is still being earned.
      const offset = sentenceStart;
      const completed = years.some((y) => {
        const at = offset + y.index;
        if (at < degreeAt) return false;
        const lead = lineText.slice(Math.max(degreeAt, at - 40), at);
        if (START_BEFORE_YEAR.test(lead) || !COMPLETION_BEFORE_YEAR.test(lead)) return false;
        const rest = lineText.slice(at + 4, sentenceEnd < 0 ? lineText.length : degreeAt + sentenceEnd);
        return !/^\s*(?:-{1,2}|–|—|−|to\b|until\b|till\b|through\b|thru\b)/u.test(rest) && PAST_TENSE.test(rest);
      });
      if (completed) return false;
    }
  }
  return true;
}

/**
 * Degrees of a candidate. A degree counts on a line of the education section, or on any line that also names a
 * field of study or an institution (so "taught Master's students" in a job description does not count); a vocational
 * qualification also in a certifications section (see tradeQualification), and a trade school named alone on an
 * education line is a trade programme (see tradeProgramme). A diploma named with a high school is that school's (see
 * schoolsDiploma). A degree with "expected", "pursuing", "– present" or a future end date is in progress and does
 * not raise the level.
 */
export function extractCandidateEducation(
  scan: Scan<ResumeSection>,
  now: Date,
): { education: CandidateEducation; lines: Set<number> } {
  const text = scan.doc.text;
  const degrees: Degree[] = [];
  const fields = new Map<string, FieldOfStudy>();
  const institutions: string[] = [];
  const educationLines = new Set<number>();
  const addInstitution = (name: string | null) => {
    if (name && !institutions.includes(name)) institutions.push(name);
  };

  for (const line of scan.doc.lines) {
    if (line.heading) continue;
    const lineHits = scan.lexiconByLine[line.index] ?? [];
    const lineFields = fieldHits(lineHits);
    const institution = findInstitution(line.text);
    const inEducation = line.section === "education";
    const supported = inEducation || lineFields.length > 0 || institution !== null;
    const lineDegrees = degreeHits(lineHits);
    const secondary = lineDegrees.filter((d) => d.value.level === "secondary");
    // Degrees written after the name ("Priya Nair, PharmD, RPh", "Robert Hale, MD") are the writer's.
    const credentials = postNominals(scan.doc, line);
    const afterName = (d: Hit<DegreeEntry, ResumeSection>) =>
      credentials !== null && d.start >= credentials[0] && d.end <= credentials[1] && !d.value.generic && !d.value.bare;
    const accepted = lineDegrees.filter(
      (d) =>
        afterName(d) ||
        (!d.value.generic &&
        (supported || tradeQualification(scan, d)) &&
        (!d.value.ambiguous || ((inEducation || abbreviationIsDegree(d, lineHits)) && !regionAfterPlace(d, lineHits))) &&
        // Initials that open a catalogue skill's name are the product's ("MS Project", "MS Access"), wherever listed,
        // but on an education line that names a school they are the degree ("MS Project Management, Northeastern
        // University, 2019").
        !(d.value.ambiguous && !(inEducation && institution !== null) && inSkillName(scan, d)) &&
        !namesAnAward(d) &&
        !namesSomeone(d, lineHits) &&
        !schoolsDiploma(d, secondary) &&
        !workplaceSchool(scan, d)),
    );
    if (accepted.length === 0 && inEducation && institution !== null) {
      const programme = tradeProgramme(scan, line, institution);
      if (programme) accepted.push(programme);
    }
    if (inEducation) {
      for (const f of lineFields) fields.set(f.value.id, asField(f.value));
      addInstitution(institution);
    }
    if (accepted.length === 0) {
      if (inEducation) educationLines.add(line.index);
      continue;
    }
    educationLines.add(line.index);
    addInstitution(institution);
    const below = entryLinesBelow(scan, line);
    // A degree line without a year of its own takes the dates of its institution's line right below ("Evening
    // apprenticeship program\nSan Antonio Electrical Training Center (2023 – 2027)"), not those of a next entry.
    const schoolBelow = below[0] !== undefined && findInstitution(below[0].text) !== null ? below[0] : undefined;
    const datedInProgress =
      endsInFuture(line.text, now) ||
      (!YEAR.test(line.text) && schoolBelow !== undefined && endsInFuture(schoolBelow.text, now));
    // A word that says a degree is unfinished ("expected", "pursuing", "coursework toward") is that of one degree of
    // its clause: "GED, 2014. Some coursework toward an associate degree" holds a finished GED.
    const unfinished = unfinishedDegrees(
      text,
      line,
      accepted,
      lineHits.filter((h) => h.value.kind === "cue" && h.value.id === "in-progress"),
    );
    // An institution on the line just above or below belongs to the degree ("BSc Physics\nUniversity of Leeds"); in
    // a narrow column, on a line further down the entry ("B.S.\nComputer Science\nUniversity of Alabama").
    const neighbour = [scan.doc.lines[line.index - 1], scan.doc.lines[line.index + 1], ...below.slice(1)].find(
      (l) => l && !l.heading && l.section === line.section && findInstitution(l.text) !== null,
    );
    const degreeInstitution = institution ?? (neighbour ? findInstitution(neighbour.text) : null);
    addInstitution(degreeInstitution);
    // A degree line naming no field takes the field written alone on the line below ("B.S.\nComputer Science").
    const fieldLine = lineFields.length === 0 ? below[0] : undefined;
    const fieldsBelow = fieldLine ? fieldsAlone(fieldLine, fieldHits(scan.lexiconByLine[fieldLine.index] ?? [])) : [];
    // The distinct fields of each sentence, once per sentence: a line can hold thousands of degrees and fields.
    const fieldsBySentence = new Map<string, FieldOfStudy[]>();
    const sentenceFields = (hits: readonly Hit<FieldEntry, ResumeSection>[], from: number, to: number): FieldOfStudy[] => {
      const key = `${from}:${to}`;
      let found = fieldsBySentence.get(key);
      if (!found) {
        const distinct = new Map<string, FieldOfStudy>();
        for (const f of hitsWithin(hits, from, to)) distinct.set(f.value.id, asField(f.value));
        found = [...distinct.values()];
        fieldsBySentence.set(key, found);
      }
      return found;
    };
    for (const d of accepted) {
      const own = new Map<string, FieldOfStudy>();
      const implied = d.value.field ? fieldEntry(d.value.field) : undefined;
      if (implied) own.set(implied.id, asField(implied));
      const [from, to] = sentenceOf(line, d.start, d.end);
      const inProgress = datedInProgress || unfinished.has(d);
      for (const f of sentenceFields(lineFields, from, to)) own.set(f.id, f);
      if (own.size === 0) for (const f of [...lineFields, ...fieldsBelow]) own.set(f.value.id, asField(f.value));
      for (const [id, f] of own) fields.set(id, f);
      const quoted = [line, ...(neighbour && !institution ? [neighbour] : []), ...(fieldsBelow.length ? [fieldLine!] : [])];
      const first = quoted.reduce((a, b) => (b.index < a.index ? b : a));
      const last = quoted.reduce((a, b) => (b.index > a.index ? b : a));
      const passage = first !== last ? linesPassage(text, first, last) : null;
      degrees.push({
        level: d.value.level,
        fields: [...own.values()],
        institution: degreeInstitution,
        inProgress: inProgress || studyingFor(line.text, d.start - line.start, now),
        evidence: {
          snippet: passage ?? snippetAround(text, line, d.start, d.end),
          section: line.section,
          confidence: inEducation ? 0.9 : 0.75,
        },
      });
    }
  }

  const completed = degrees.filter((d) => !d.inProgress).map((d) => d.level);
  const pending = degrees.filter((d) => d.inProgress).map((d) => d.level);
  const highest = (levels: EducationLevel[]): EducationLevel =>
    levels.reduce<EducationLevel>((a, b) => (educationRank(b) > educationRank(a) ? b : a), "none");
  const level = highest(completed);
  const pendingLevel = highest(pending);
  return {
    education: {
      level,
      inProgressLevel: educationRank(pendingLevel) > educationRank(level) ? pendingLevel : null,
      degrees: dedupeDegrees(degrees),
      fields: [...fields.values()],
      institutions,
    },
    lines: educationLines,
  };
}

/**
 * The fields of a line that names little else ("Computer Science", "Majoring in Economics"); none for a list such
 * as "Coursework: Statistics, Algebra" or a sentence that mentions a field.
 */
function fieldsAlone<K extends string>(line: Line<K>, hits: Hit<FieldEntry, K>[]): Hit<FieldEntry, K>[] {
  if (hits.length === 0 || line.text.includes(":")) return [];
  const other = line.tokens.filter((t) => !hits.some((h) => t.start >= h.start && t.end <= h.end));
  return other.length <= 2 ? hits : [];
}

/**
 * The next two lines of a degree's entry, for narrow layouts that put the degree, the field and the institution on
 * lines of their own; the entry ends at a heading, another section or a line naming another degree.
 */
function entryLinesBelow(scan: Scan<ResumeSection>, line: Line<ResumeSection>): Line<ResumeSection>[] {
  const out: Line<ResumeSection>[] = [];
  for (let i = line.index + 1; i <= line.index + 2; i++) {
    const next = scan.doc.lines[i];
    if (!next || next.heading || next.section !== line.section) break;
    if (degreeHits(scan.lexiconByLine[i] ?? []).some((d) => !d.value.generic)) break;
    out.push(next);
  }
  return out;
}

/** One entry per degree line and level (a line naming "B.Sc." and "Bachelor of Science" is one degree). */
function dedupeDegrees(degrees: Degree[]): Degree[] {
  const seen = new Set<string>();
  return degrees
    .filter((d) => {
      const key = `${d.level}|${d.evidence.snippet}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => educationRank(b.level) - educationRank(a.level));
}
