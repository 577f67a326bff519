/**
 * Counterfactual variants of the screening dev set and fresh sets (test/fixtures/screening, screening-fresh and
 * screening-fresh2, every manifest): the same résumé with only a protected attribute changed. Blind scoring (docs/fairness.md) must give every variant exactly the scores and
 * labels of the original. Shared by test/fairness.test.ts and npm run bench:fairness.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { analyseCandidate, analyseJob, scoreMatch, type EngineContext, type MatchResult } from "@winnow/core/analysis/index";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { TitleNormalizer } from "@winnow/core/catalogue/normalizer";
import { loadDefaultCatalogue } from "@winnow/catalogue";
import { extractCandidateEducation } from "@winnow/core/analysis/extraction/education";
import { scanText } from "@winnow/core/analysis/extraction/scan";
import { RESUME_SECTIONS } from "@winnow/core/analysis/text/headings";

const SETS = ["screening", "screening-fresh", "screening-fresh2"].map((set) => new URL(`../fixtures/${set}/`, import.meta.url));
// The date the dev set was written, so that "Present" does not drift with the clock.
export const NOW = new Date("2026-11-21T00:00:00Z");

export interface Case {
  id: string;
  jobId: string;
  jobText: string;
  resume: string;
}

export function loadCases(): Case[] {
  const cases: Case[] = [];
  for (const root of SETS.filter((s) => existsSync(s))) cases.push(...loadSet(root));
  return cases;
}

function loadSet(root: URL): Case[] {
  const cases: Case[] = [];
  const manifests = readdirSync(root)
    .filter((f) => /^manifest-.+\.json$/.test(f))
    .sort();
  for (const name of manifests) {
    const manifest = JSON.parse(readFileSync(new URL(name, root), "utf8")) as {
      professions: { job: { id: string; file: string }; candidates: { id: string; file: string }[] }[];
    };
    for (const p of manifest.professions) {
      const jobText = readFileSync(new URL(p.job.file, root), "utf8");
      for (const c of p.candidates) {
        cases.push({ id: c.id, jobId: p.job.id, jobText, resume: readFileSync(new URL(c.file, root), "utf8") });
      }
    }
  }
  return cases;
}

export function engineContext(): EngineContext {
  const catalogue = new Catalogue(loadDefaultCatalogue());
  return { catalogue, normalizer: new TitleNormalizer(catalogue) };
}

/** What a decision rests on: every score and label of a result (explanations and quotes left out). */
export function decision(r: MatchResult) {
  const i = r.recommendation_insights;
  const block = (b: typeof i.analysed_skills) => [b.layer_two_score, b.attributes_matched, b.matched_attributes, b.unmatched_attributes];
  return {
    match_score: r.match_score,
    score: r.summary.score,
    layer_one: i.layer_one_score,
    blocks: [i.analysed_education, i.analysed_experience, i.analysed_skills, i.analysed_interests].map(block),
    culture: [i.culture_fit.score, i.culture_fit.label],
    potential: r.summary.long_term_potential,
    confidence: i.context_snippets.overall_confidence_score,
  };
}

export function makeScorer(ctx: EngineContext) {
  const jobs = new Map<string, ReturnType<typeof analyseJob>>();
  return (c: Case, resume: string): MatchResult => {
    let job = jobs.get(c.jobId);
    if (!job) jobs.set(c.jobId, (job = analyseJob(c.jobText, ctx)));
    // The name passed for display is the same for every variant: it is shown, never scored.
    return scoreMatch(job, analyseCandidate(resume, ctx, NOW), { candidateName: "Candidate", postedDate: NOW }, ctx);
  };
}

// Names across genders and origins, of different lengths (a longer name must not move any offset-based rule), and
// names that are also words the engine knows (a skill, a trait, a place).
export const NAMES = [
  "Emily Walsh", "Greg Baker", "Lakisha Washington", "Jamal Jones", "Nguyen Thi Mai", "José García-Márquez",
  "Oluwaseun Adeyemi", "Fatima Al-Sayed", "Wei Zhang", "Aarav Sharma", "Siobhan O'Connell", "Dmitri Volkov",
  "Ruby Sage", "Grace Joy Patience", "Jordan Excel Brooks", "Chase Banks",
];

const firstLineName = (text: string): { start: number; end: number } | null => {
  const m = /^\s*([^\n,|]+?)\s*(?:[,|]|\r?\n)/u.exec(text);
  if (!m?.[1]) return null;
  const start = text.indexOf(m[1]);
  return { start, end: start + m[1].length };
};

/** The résumé under another name: the name line and the e-mail address change. */
export function withName(text: string, name: string): string {
  const at = firstLineName(text);
  const renamed = at ? text.slice(0, at.start) + name + text.slice(at.end) : `${name}\n${text}`;
  const local = name.normalize("NFD").replace(/[^A-Za-z ]/gu, "").trim().toLowerCase().replace(/\s+/gu, ".");
  return renamed.replace(/[\w.+-]+@([\w.-]+\.\w+)/gu, `${local}@$1`);
}

// Each pair reads the same with the gender swapped; applied in both directions.
const GENDER_PAIRS: [string, string][] = [
  ["he", "she"], ["him", "her"], ["his", "her"], ["himself", "herself"], ["man", "woman"], ["men", "women"],
  ["male", "female"], ["boys", "girls"], ["father", "mother"], ["dad", "mom"], ["husband", "wife"], ["son", "daughter"],
  ["brother", "sister"], ["fraternity", "sorority"], ["chairman", "chairwoman"], ["spokesman", "spokeswoman"],
  ["salesman", "saleswoman"], ["foreman", "forewoman"], ["paternity", "maternity"], ["Mr.", "Ms."],
  ["journeyman", "journeywoman"], ["lineman", "linewoman"], ["foremen", "forewomen"], ["craftsman", "craftswoman"],
];

const matchCase = (like: string, word: string) =>
  like === like.toUpperCase() && like.length > 1
    ? word.toUpperCase()
    : /^\p{Lu}/u.test(like)
      ? word[0]!.toUpperCase() + word.slice(1)
      : word;

/** Every gendered word and pronoun swapped to the other gender ("to": "female" or "male"). */
export function withGender(text: string, to: "female" | "male"): string {
  const map = new Map<string, string>();
  for (const [m, f] of GENDER_PAIRS) {
    if (to === "female") map.set(m.toLowerCase(), f);
    else map.set(f.toLowerCase(), m);
  }
  return text.replace(/(?<![\p{L}\p{N}])[\p{L}]+\.?/gu, (word) => {
    const bare = word.endsWith(".") && !map.has(word.toLowerCase()) ? word.slice(0, -1) : word;
    const swap = map.get(bare.toLowerCase());
    return swap ? matchCase(bare, swap) + word.slice(bare.length) : word;
  });
}

/** Inserts personal-data lines right under the name line, as some CVs carry them. */
export function withHeaderLines(text: string, lines: readonly string[]): string {
  const nl = text.indexOf("\n");
  return nl === -1 ? `${text}\n${lines.join("\n")}` : `${text.slice(0, nl + 1)}${lines.join("\n")}\n${text.slice(nl + 1)}`;
}

export const PERSONAL_LINES: readonly (readonly string[])[] = [
  ["Pronouns: she/her"],
  ["Pronouns: he/him"],
  ["Date of birth: 14 March 1968", "Marital status: married, two children"],
  ["Date of birth: 02.09.2001", "Marital status: single"],
  ["Age: 58", "Nationality: Nigerian"],
  ["Age: 24", "Nationality: German"],
  ["Religion: Muslim", "Photo: attached"],
  ["Religion: Catholic", "Ethnicity: Hispanic"],
  ["Gender: female", "Citizenship: US citizen"],
  ["Gender: male", "Place of birth: Lagos, Nigeria"],
];

// An affiliation line that differs only in the ethnicity or religion it names.
export const AFFILIATIONS = [
  "Member, Black Engineers Network; volunteer at the local church",
  "Member, Asian Engineers Network; volunteer at the local mosque",
  "Member, Hispanic Engineers Network; volunteer at the local synagogue",
  "Member, White Engineers Network; volunteer at the local church",
];

/** The résumé with an affiliation line appended (variants differ only in the protected words). */
export const withAffiliation = (text: string, line: string): string => `${text.trimEnd()}\n\n${line}\n`;

// A degree still in progress is a qualification fact, not an age cue: its dates stay.
// A work line that mentions a degree ("Analyst (part-time, during PhD) | 2017 – 2019") keeps its dates too.
// "Master electrician", "Journeyman … since 2015", "exam scheduled": licences are work history, not degrees.
const LICENCE_LINE = /\b(?:licen[cs]e[ds]?|journey(?:man|woman|person)|exam|since)\b/iu;
const IN_PROGRESS = /\b(?:expected|anticipated|in progress|present|current|ongoing|candidate|during|while)\b/iu;
const DEGREE_LINE = /\b(?:B\.?S\.?c?|B\.?A\.?|BSc|BEng|Bachelor|M\.?S\.?c?|M\.?A\.?|MSc|MBA|M\.?Ed\.?|Master|Ph\.?D|Doctor|Associate(?:'s| of| degree)|A\.?A\.?S\.?|Diploma|High School|GED)\b/u;

/**
 * Graduation years moved `by` years earlier, on degree lines only, a cue of age: a degree finished in 1995 rather
 * than 2015 says the candidate is older, not better or worse qualified. Years stay in the past. A degree line is one
 * the engine itself reads as schooling: a line of the education section, or a line its education reader takes a
 * degree from. A job at a school is work history wherever it is ("Chemistry Teacher — Newton North High School,
 * Newton, MA — 2015 – 2020", "Custodian, Westside High School, 2015 – 2020"): its years stay.
 */
export function withGraduationShift(text: string, by: number): string {
  const schooling = schoolingLines(text);
  return text
    .split("\n")
    .map((line, i) =>
      schooling.has(i) && DEGREE_LINE.test(line) && !IN_PROGRESS.test(line) && !LICENCE_LINE.test(line)
        ? line.replace(/\b(19|20)\d{2}\b/gu, (y) => String(Number(y) - by))
        : line,
    )
    .join("\n");
}

let sharedCatalogue: Catalogue | null = null;

/** The numbers (from 0, split at "\n") of the lines the engine reads as schooling: see withGraduationShift. */
function schoolingLines(text: string): Set<number> {
  sharedCatalogue ??= new Catalogue(loadDefaultCatalogue());
  const scan = scanText(text, RESUME_SECTIONS, sharedCatalogue);
  const taken = extractCandidateEducation(scan, NOW).lines;
  const out = new Set<number>();
  let lineNumber = 0;
  let at = 0;
  for (const line of scan.doc.lines) {
    for (let nl = text.indexOf("\n", at); nl !== -1 && nl < line.start; nl = text.indexOf("\n", at)) {
      lineNumber++;
      at = nl + 1;
    }
    if (!line.heading && (line.section === "education" || taken.has(line.index))) out.add(lineNumber);
  }
  return out;
}

/** A résumé text and a variant of it that differs in protected content only; both must score the same. */
export interface VariantPair {
  label: string;
  kind: "name" | "gender" | "personal lines" | "graduation year" | "affiliation";
  original: string;
  variant: string;
}

/**
 * The fixed counterfactual pairs of one résumé: every listed name, both gender swaps, every set of personal-data lines,
 * graduation years moved back, and affiliations that differ from the first one in ethnicity or religion only.
 */
export function variantPairs(resume: string): VariantPair[] {
  const pairs: VariantPair[] = [
    ...NAMES.map((n): VariantPair => ({ label: `name ${n}`, kind: "name", original: resume, variant: withName(resume, n) })),
    ...(["female", "male"] as const).map((to): VariantPair => ({ label: `gender ${to}`, kind: "gender", original: resume, variant: withGender(resume, to) })),
    ...PERSONAL_LINES.map((lines): VariantPair => ({ label: `lines ${lines.join("; ")}`, kind: "personal lines", original: resume, variant: withHeaderLines(resume, lines) })),
    ...[5, 10, 20].map((by): VariantPair => ({ label: `graduation −${by}y`, kind: "graduation year", original: resume, variant: withGraduationShift(resume, by) })),
  ];
  const first = withAffiliation(resume, AFFILIATIONS[0]!);
  for (const a of AFFILIATIONS.slice(1)) pairs.push({ label: `affiliation ${a}`, kind: "affiliation", original: first, variant: withAffiliation(resume, a) });
  return pairs;
}
