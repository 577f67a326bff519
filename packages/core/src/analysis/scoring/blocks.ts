import { JOB_LEVELS, type JobLevel } from "../../catalogue/normalizer.ts";
import { detectLevels } from "../../catalogue/normalizer/levels.ts";
import { isStateLicence, meetsJurisdiction } from "../extraction/qualifiers.ts";
import { namesStudentWork } from "../extraction/experience.ts";
import { levelRank, positionLevel } from "../extraction/titles.ts";
import { formatYears, joinOr } from "../format.ts";
import { EDUCATION_LEVEL_NAMES, educationRank } from "../lexicon/education.ts";
import { includesAsHeld } from "../lexicon/inclusions.ts";
import { escapeRegExp } from "../text/regexp.ts";
import { tokenize } from "../../text/tokens.ts";
import type { CandidateProfile, CandidateSkill, Evidence, JobProfile, NamedEvidence, NamedRequirement, Position, QuotaPeriod, SkillAlternative, SkillRequirement, WorkAuthorisationRequirement, WorkAuthorisationStatement, YearsRequirement } from "../types.ts";
import { weightOf, type Attribute } from "./attributes.ts";
import { ageInYears, monthOf, RECENT_YEARS, recencyWeight } from "./recency.ts";
import { responsibilityAttributes } from "./responsibilities.ts";
import { vocabularyAttribute } from "./vocabulary.ts";
import { relevanceAttribute } from "./relevance.ts";

/** Credit for a missing skill when the candidate has one of its most related skills (times that skill's evidence). */
export const RELATED_SKILL_CREDIT = 0.25;
/** Credit for a skill shown only in projects, volunteering or activities, not in the work history. */
export const PROJECT_SKILL_CREDIT = 0.75;
/** Credit for a skill only listed (skills list, summary, coursework): a claim without evidence of use. */
export const LISTED_SKILL_CREDIT = 0.5;
/** Credit for a held title of the same career group as the posting's title. */
export const RELATED_ROLE_CREDIT = 0.75;
/** Credit for a level one step below a senior posting's, or for a level far from a non-senior posting's. */
export const NEAR_LEVEL_CREDIT = 0.5;
/** Weight of the level attribute (it refines the role attribute rather than standing alone). */
export const SENIORITY_WEIGHT = 0.5;
/** Credit for a degree in progress, or for experience where the posting accepts equivalent experience. */
export const DEGREE_ALTERNATIVE_CREDIT = 0.5;
/** Years of experience that stand in for a degree when the posting accepts equivalent experience. */
export const EQUIVALENT_EXPERIENCE_YEARS = 4;
/** Credit for a field of study of the same family (full credit when the posting accepts "a related field"). */
export const RELATED_FIELD_CREDIT = 0.5;
/** Stated values describe the company more than the hire: they weigh like a nice-to-have. */
export const VALUE_WEIGHT = 0.5;
/**
 * Multiple of the required years past which experience earns nothing more (docs/fairness.md): at 1, ten years
 * against "3+ years" score exactly like three, so length of career, a proxy for age, cannot outscore the requirement.
 */
export const YEARS_CREDIT_CAP = 1;
/**
 * Whether the years attribute is a hard requirement (see HARD_SHORTFALL_SHARE, scoring/weights.ts): a must-have
 * minimum of years ("minimum 2 years as a licensed RN", "4+ years required") is a bar a recruiter grades a candidate
 * under it against whatever the rest, so its shortfall scales the whole score — 1.6 of 4 years (credit 0.4) leaves
 * 82 % of it, 20 of 24 months 95 % — rather than weighing as one attribute among fourteen. Credit stays proportional
 * (3 of 5 years earns 0.6), so the scaling grows with the shortfall, and met years (credit 1) change nothing. Preferred
 * years ("3+ years preferred") are no bar: they keep their proportional credit on their nice-to-have weight alone.
 * A must-have figure the posting itself would waive is no bar either: one whose own clause offers another way to meet
 * it ("2 years of experience or equivalent education", "or an associate degree") — the candidate may hold that instead
 * — or in a posting that welcomes new graduates (YearsRequirement.waivable).
 */
export const isYearsBar = (required: YearsRequirement): boolean => required.strength === "must" && !required.waivable;
/** Levels from which a posting's title asks for at least that seniority. */
export const SENIOR_FROM: JobLevel = "senior";
/** Levels from which a candidate is above a non-senior posting (people leaders applying for individual roles). */
export const OVER_LEVEL_FROM: JobLevel = "manager";
/** A position without the posting's career group is relevant when it names this many of the posting's skills. */
export const RELEVANT_SKILL_MATCHES = 2;

const MAX_POSITION_EVIDENCE = 3;

export interface Blocks {
  skills: Attribute[];
  experience: Attribute[];
  education: Attribute[];
  interests: Attribute[];
}

/** Credit for a certification or licence stated as not held yet ("pending", "exam scheduled", "candidate"). */
export const PENDING_CREDENTIAL_CREDIT = 0.25;
/** Credit for a certification or licence stated as no longer held ("expired", "lapsed"): it was earned once. */
export const LAPSED_CREDENTIAL_CREDIT = 0.5;

/**
 * Credit for a licence held only from another state or province than the one the posting requires ("Oklahoma
 * Journeyman Electrician License" for "Active Texas Journeyman Electrician license"): it is not held here yet, as
 * with a pending one, though a transfer may be quicker than a first licence.
 */
export const OTHER_JURISDICTION_CREDIT = PENDING_CREDENTIAL_CREDIT;
// A driver's licence moves with its holder: a new state issues one in exchange for the old.
const FOLLOWS_ITS_HOLDER = /\bdriver/iu;

/**
 * The places a held credential is from when none of them is the one the posting requires; null when it meets the
 * requirement or nothing tells.
 */
function heldElsewhere(option: SkillAlternative, own: CandidateSkill): string[] | null {
  if (!option.jurisdiction || own.status !== "held" || !own.jurisdictions?.length || FOLLOWS_ITS_HOLDER.test(option.name)) return null;
  const required = option.jurisdiction;
  return own.jurisdictions.some((place) => meetsJurisdiction(place, required)) ? null : own.jurisdictions;
}

// "the United States", "the Philippines", as a place is written after "in" or "not".
const placeName = (place: string): string => (/^(?:United|Philippines$|Netherlands$)/u.test(place) ? `the ${place}` : place);

/**
 * Weight, in must-haves, of a licence the posting requires from a named state or province ("Active Texas Journeyman
 * Electrician license"): the law lets no one do the work without it, so a recruiter reads its absence as a knock-out,
 * not as one missing skill among fifteen; held elsewhere or pending it earns its reduced credit on this weight too.
 * A driver's licence is not one of them: it follows its holder from state to state.
 */
export const REQUIRED_STATE_LICENCE_WEIGHT = 4;

/** Whether a requirement is a must-have licence the posting ties to a state or province (see above). */
export function isRequiredStateLicence(req: SkillRequirement): boolean {
  return req.strength === "must" && [req, ...req.alternatives].some((o) => o.jurisdiction && !FOLLOWS_ITS_HOLDER.test(o.name));
}

// A licence to practise named otherwise than a state's (isStateLicence): a commercial driver's licence of any class.
const LICENCE_TO_PRACTISE = /\bCDL\b|commercial driver/iu;

/**
 * Whether a skill requirement is a hard requirement: a must-have licence to practise the posting's work — one a state
 * issues (a pharmacist's, a teacher's, an RN's, a journeyman electrician's, a CPA: isStateLicence) or a commercial
 * driver's licence — asked for without a path to it after hiring ("or willing to get it in the first 30 days", "or
 * eligible": `obtainable`), whether or not the posting names the state; a licence the posting ties to a state is one
 * whatever else its line says (isRequiredStateLicence). A preferred licence is none, nor an ordinary driver's licence
 * (most résumés leave it unsaid, and it follows its holder), nor a certification (a course, BLS or ServSafe, is
 * quickly taken). A recruiter grades a candidate without one low whatever the rest: see HARD_SHORTFALL_SHARE.
 */
export function isHardRequirement(req: SkillRequirement): boolean {
  if (req.strength !== "must") return false;
  if (isRequiredStateLicence(req)) return true;
  return [req, ...req.alternatives].some(
    (o) =>
      o.type === "Certification" &&
      !o.obtainable &&
      ((isStateLicence(o.name) && !FOLLOWS_ITS_HOLDER.test(o.name)) || LICENCE_TO_PRACTISE.test(o.name)),
  );
}

/**
 * Weight, in must-haves, of the work authorisation a posting requires (see authorisationAttribute): like a licence
 * the posting ties to a state, the law lets no one be hired without it, so a recruiter reads a stated lack of it as a
 * knock-out, not as one missing skill among fifteen.
 */
export const WORK_AUTHORISATION_WEIGHT = REQUIRED_STATE_LICENCE_WEIGHT;

/**
 * The candidate's own statement that does not meet the posting's work authorisation, or null: a stated need for
 * visa sponsorship or no authorisation in the country asked for; a status that will need sponsorship (F-1 OPT, a
 * current H-1B) only where the posting states it will not sponsor, unless the candidate states that they need none.
 * A statement about another country than the posting's does not bear on it.
 */
export function authorisationGap(job: JobProfile, candidate: CandidateProfile): WorkAuthorisationStatement | null {
  const ask = job.workAuthorisation;
  if (!ask) return null;
  const here = (candidate.workAuthorisation ?? []).filter((s) => s.country === null || ask.country === null || s.country === ask.country);
  const stated = here.find((s) => s.status === "needs-sponsorship" || s.status === "not-authorised");
  if (stated) return stated;
  if (!ask.noSponsorship || here.some((s) => s.status === "needs-no-sponsorship")) return null;
  return here.find((s) => s.status === "temporary") ?? null;
}

/** How a posting's work authorisation reads as a requirement ("Work authorisation in the United States, no visa sponsorship"). */
export function authorisationName(ask: WorkAuthorisationRequirement): string {
  const where = ask.country ? ` in ${placeName(ask.country)}` : "";
  return `Work authorisation${where}${ask.noSponsorship ? ", no visa sponsorship" : ""}`;
}

/**
 * The posting's work authorisation, scored only against what the candidate states. The engine otherwise reads absent
 * evidence as unmatched; here silence is no gap: most people do not write their authorisation, and a requirement
 * that scored silence would mark down everyone who did not, so only a stated need is evidence. A statement that
 * meets it earns nothing either, so that stating it (a status that can stand for origin) never outscores silence:
 * the attribute is there, a must-have weighing WORK_AUTHORISATION_WEIGHT with no credit, only for a candidate who
 * states a need for sponsorship or no authorisation (authorisationGap). Nationality, origin and birthplace are never
 * read for it, only statements of authorisation and sponsorship.
 */
function authorisationAttribute(job: JobProfile, candidate: CandidateProfile): Attribute | null {
  const gap = authorisationGap(job, candidate);
  if (!gap || !job.workAuthorisation) return null;
  return {
    kind: "authorisation",
    name: authorisationName(job.workAuthorisation),
    strength: "must",
    weight: WORK_AUTHORISATION_WEIGHT,
    // The law lets no one be hired without it: a hard requirement like a licence to practise.
    hard: true,
    credit: 0,
    note: `stated: "${gap.evidence.snippet}"`,
    statedMust: true,
    evidence: [gap.evidence],
  };
}

/** Certificates, licences and languages are evidenced by being stated; other skills by being used. */
const STATED_IS_EVIDENCE: ReadonlySet<string> = new Set(["Certification", "Language"]);

/** Credit a skill the candidate has earns, by how it is evidenced and how recently it was used. */
export function skillEvidence(skill: CandidateSkill, asOf: string): { credit: number; note: string | null } {
  if (skill.status === "pending") return { credit: PENDING_CREDENTIAL_CREDIT, note: "not held yet" };
  if (skill.status === "lapsed") return { credit: LAPSED_CREDENTIAL_CREDIT, note: "expired or lapsed" };
  if (STATED_IS_EVIDENCE.has(skill.type)) return { credit: 1, note: null };
  if (skill.use === "project") return { credit: PROJECT_SKILL_CREDIT, note: "projects only" };
  if (skill.use === "listed") return { credit: LISTED_SKILL_CREDIT, note: "listed, not shown in work history" };
  if (!skill.lastUsed) return { credit: 1, note: null };
  const weight = recencyWeight(ageInYears(skill.lastUsed, asOf));
  return weight < 1 ? { credit: weight, note: `last used ${skill.lastUsed.slice(0, 4)}` } : { credit: 1, note: null };
}

/** Credit for a held skill that meets the option asked for: as evidenced, unless issued where the posting does not ask. */
function heldEvidence(option: SkillAlternative, own: CandidateSkill, asOf: string): { credit: number; note: string | null } {
  const elsewhere = heldElsewhere(option, own);
  return elsewhere
    ? { credit: OTHER_JURISDICTION_CREDIT, note: `held in ${elsewhere.map(placeName).join(" and ")}, not ${placeName(option.jurisdiction!)}` }
    : skillEvidence(own, asOf);
}

function skillAttributes(job: JobProfile, candidate: CandidateProfile): Attribute[] {
  const have = new Map(candidate.skills.map((s) => [s.id, s]));
  const heldNames = new Set(candidate.skills.map((s) => s.name));
  return job.skills.map((req) => {
    const options = [req, ...req.alternatives];
    let best: { credit: number; note: string | null; evidence: Evidence[] } = { credit: 0, note: null, evidence: [] };
    const consider = (credit: number, note: string | null, evidence: Evidence) => {
      if (credit > best.credit) best = { credit, note, evidence: [evidence] };
    };
    for (const option of options) {
      const own = have.get(option.id);
      if (own) {
        const { credit, note } = heldEvidence(option, own, candidate.asOf);
        const via = option === req ? null : `as ${own.name}`;
        consider(credit, [via, note].filter(Boolean).join(", ") || null, own.evidence);
      }
    }
    // A kind of the skill asked for is the skill ("Epic EHR" for "EHR"), and a credential that includes it meets it
    // (OSHA 30 for OSHA 10), evidenced as it is and from where it was issued (a Master Electrician License from
    // Oklahoma is no Texas journeyman licence).
    for (const option of options) {
      for (const id of option.kinds ?? []) {
        const kind = have.get(id);
        // A compact nursing licence of an LPN is no RN licence (includesAsHeld).
        if (!kind || !includesAsHeld(kind.name, heldNames, kind.evidence.snippet)) continue;
        const { credit, note } = heldEvidence(option, kind, candidate.asOf);
        consider(credit, [`as ${kind.name}`, note].filter(Boolean).join(", "), kind.evidence);
      }
    }
    for (const option of options) {
      for (const r of option.related) {
        const related = have.get(r.id);
        if (related) {
          const credit = RELATED_SKILL_CREDIT * skillEvidence(related, candidate.asOf).credit;
          consider(credit, `related skill: ${related.name}`, related.evidence);
        }
      }
    }
    return {
      kind: "skill",
      name: joinOr(options.map((o) => o.name)),
      strength: req.strength,
      weight: weightOf(req.strength) * (isRequiredStateLicence(req) ? REQUIRED_STATE_LICENCE_WEIGHT : 1),
      ...(isHardRequirement(req) ? { hard: true } : {}),
      credit: best.credit,
      note: best.note,
      statedMust: req.strength === "must",
      evidence: best.evidence,
    };
  });
}

/**
 * Weight of catalogue skills (a must-have 1, a nice-to-have 0.5) a posting names before the lexical relevance of the
 * résumé weighs just RELEVANCE_WEIGHT among them. A posting of a profession the catalogue barely knows resolves few
 * of its requirements to catalogue skills, and a recruiter then reads the résumé against the posting's own words:
 * below this weight, relevance makes up the difference (none resolved: the block is relevance alone) and is a
 * must-have whatever the firmness of the few skills found, so that one stray nice-to-have does not halve the block.
 * Few skills alone do not say the catalogue missed the rest — a short posting of a known title ("Data Analyst: SQL,
 * Tableau") asks for just those — so the rule holds only where the catalogue visibly missed something
 * (`catalogueMisses`).
 */
export const RESOLVED_SKILLS_WEIGHT = 8;

/**
 * Whether the catalogue visibly missed part of the posting: it does not know the posting's title, or more of the
 * posting's duties name no catalogue skill than the weight of the skills it resolved (the work is written in words
 * the catalogue does not know).
 */
function catalogueMisses(job: JobProfile, resolved: number): boolean {
  if (job.title.id === null) return true;
  const unresolved = job.duties.filter((d) => !d.terms.some((t) => t.startsWith("skill:"))).length;
  return unresolved > resolved;
}

/**
 * The posting's skills, then the lexical relevance of the résumé to the posting's wording. Relevance refines the
 * skills the posting states, as firm as the firmest of them; when the posting resolves few skills
 * (RESOLVED_SKILLS_WEIGHT) where the catalogue missed part of it (`catalogueMisses`), it carries the block instead,
 * and a posting without catalogue skills is scored on its wording alone.
 */
function skillsBlock(job: JobProfile, candidate: CandidateProfile): Attribute[] {
  const skills = skillAttributes(job, candidate);
  // A stated lack of the work authorisation the posting requires weighs where licences do; it is no skill the
  // catalogue resolved, so it leaves the relevance rule below as it is.
  const authorisation = authorisationAttribute(job, candidate);
  const hard = authorisation ? [authorisation] : [];
  const resolved = skills.reduce((sum, a) => sum + a.weight, 0);
  const sparse = resolved < RESOLVED_SKILLS_WEIGHT && (skills.length === 0 || catalogueMisses(job, resolved));
  const strength = sparse || skills.some((a) => a.strength === "must") ? "must" : "nice";
  const relevance = relevanceAttribute(job, candidate, strength);
  if (!relevance) return [...skills, ...hard];
  if (sparse) relevance.weight = Math.max(relevance.weight, RESOLVED_SKILLS_WEIGHT - resolved);
  return [...skills, relevance, ...hard];
}

/** Share of the posting title's catalogue skills a related title must share to earn all of RELATED_ROLE_CREDIT. */
export const KIN_FULL_OVERLAP = 0.3;
/** Share of RELATED_ROLE_CREDIT a title of the same career group earns however few skills it shares. */
export const KIN_FLOOR = 0.5;

/**
 * Credit for a held title of the posting's career group: RELATED_ROLE_CREDIT, scaled by how many of the posting
 * title's catalogue skills that title shares (a Chef de Partie is closer to a Sous Chef than a Banquet Server is).
 * Sharing a career group is already evidence of related work, hence the floor.
 */
export function relatedRoleCredit(job: JobProfile, held: Position): number {
  const overlap = job.title.kin.find((k) => k.id === held.titleId)?.overlap ?? 0;
  return RELATED_ROLE_CREDIT * (KIN_FLOOR + (1 - KIN_FLOOR) * Math.min(1, overlap / KIN_FULL_OVERLAP));
}

const LEVEL_NAMES: Record<JobLevel, string> = {
  intern: "Intern", entry: "Entry", mid: "Mid", senior: "Senior", lead: "Lead", manager: "Manager",
  director: "Director", executive: "Executive",
};

// Where the role part of a posting's title ends: a spaced dash, bar, at or slash, a comma, bracket or colon.
const TITLE_CORE_END = /\s+[-–—|@/]\s+|[,(:]/u;
const WORD = /\p{L}[\p{L}'’-]*/gu;
const TITLE_FILLERS: ReadonlySet<string> = new Set(["and", "of", "the", "for", "in", "at", "to", "with", "on"]);

/** The words of a text ("Inbound Operations Supervisor" → three words). */
function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * The role part of a title: its words before any separator, and where the title is "<rank> of <field>" ("Director of
 * Engineering", "Head of People"), the words before the "of": the rank is the role, the field what it is of.
 */
function titleCore(text: string): { words: string[]; field: string[] } {
  const words = wordsOf(text.split(TITLE_CORE_END)[0] ?? "");
  const of = words.findIndex((w, i) => i > 0 && w.toLowerCase() === "of");
  return of < 0 ? { words, field: [] } : { words: words.slice(0, of), field: words.slice(of + 1) };
}

/**
 * The word that names the posting's role: the last word of its title before any separator ("Nurse" in "Registered
 * Nurse - Medical/Surgical Intensive Care Unit", "Supervisor" in "WAREHOUSE SUPERVISOR - 2ND SHIFT"), or before "of"
 * ("Director" in "Director of Engineering"), lower-cased; null when the title has none (a roman numeral or figure is
 * a grade, not a role: "Engineer II" → "engineer"). A two-letter word is a role when written in capitals, as
 * shorthand is ("RN" in "ICU RN"); shorter words and lower-case two-letter words are not.
 */
export function titleHead(text: string): string | null {
  const { words } = titleCore(text);
  for (let i = words.length - 1; i >= 0; i--) {
    const written = words[i]!;
    const word = written.toLowerCase();
    if (/^[ivx]+$/u.test(word) || TITLE_FILLERS.has(word)) continue;
    if (word.length >= 3 || (word.length === 2 && written === written.toUpperCase())) return word;
  }
  return null;
}

/**
 * Credit for a position under a title the catalogue does not know that names the posting's role word ("Inbound
 * Operations Supervisor" for a Warehouse Supervisor posting, "Staff Nurse" for a Registered Nurse one): the same
 * role in another setting, as a related title of the posting's career group is.
 */
export const NAMED_ROLE_CREDIT = RELATED_ROLE_CREDIT;
/**
 * Credit for a position under a title the catalogue does not know whose lines use RELEVANT_WORDING_SHARE of the
 * posting's wording: work of the posting's kind, whatever it was called; less than a title naming the role.
 */
export const DESCRIBED_ROLE_CREDIT = RELATED_ROLE_CREDIT * KIN_FLOOR;

/**
 * Role words that name a kind of position in many lines of work, not the work: "Engineer" is a software engineer's
 * and a ship's engineer's, "Representative" a customer service one's and a union's. ("Analyst" is left out: an
 * analyst of another modifier — reporting, statistical, decision support — mostly does the same analysis of data.)
 */
const BROAD_ROLE_WORDS: ReadonlySet<string> = new Set([
  "engineer", "representative", "assistant", "technician", "specialist", "associate", "officer", "coordinator", "consultant",
]);

/**
 * Whether a written title that names the posting title's role word also names its line of work. A role word that is
 * a rank ("Supervisor", "Manager", "Lead", "Director", the "Head" of "Head of Engineering") or a broad noun
 * (BROAD_ROLE_WORDS: "Engineer", "Representative") names no work by itself: "Inventory Control Supervisor" and
 * "Warehouse Supervisor" share the rank, not the job, nor do "Engineer, Merchant Marine" and "Software Engineer", so
 * such a title must also share one of the posting title's other words ("Warehouse Operations Supervisor", "Backend
 * Software Engineer"); any other role word ("Nurse", "Chef", "RN") names the work.
 */
export function namesTheWork(postingTitle: string): (written: string) => boolean {
  const head = titleHead(postingTitle);
  if (head === null) return () => true;
  const { words, field } = titleCore(postingTitle);
  const rank = field.length > 0 || detectLevels(head).length > 0;
  if (!rank && !BROAD_ROLE_WORDS.has(head)) return () => true;
  // The words that say what the work is: not the role word, its rank, or fillers ("of", "and").
  const modifiers = [...words, ...field]
    .map((w) => w.toLowerCase())
    .filter((w) => w !== head && w.length >= 2 && !TITLE_FILLERS.has(w) && detectLevels(w).length === 0)
    .map(rolePattern);
  return (written) => modifiers.some((m) => m.test(written));
}

/**
 * Whether the posting's title narrows a catalogue title: the title's name, of at least two words, is the posting
 * title as written (before any separator) less some of its qualifiers, on the same role word — every word of the
 * name, in order, among the posting title's words, the last word last ("Mechanical Engineer" in "Mechanical Design
 * Engineer", "Marketing Manager" in "Digital Marketing Manager"); level words and grades aside on both sides. A
 * recruiter reads such a title as the posting's own job under its broader name, and tells the narrower work from the
 * work history and skills. A one-word title ("Engineer"; "Lead Engineer" once its level word is aside) names a role
 * word, not a line of work, and a title on another role word ("Mechanical Engineering Technician") is another job.
 */
export function narrowsTitle(postingTitle: string): (name: string | null) => boolean {
  const words = titleWords(postingTitle.split(TITLE_CORE_END)[0] ?? "");
  return (name) => {
    const own = name ? titleWords(name) : [];
    if (own.length < 2 || own.at(-1) !== words.at(-1)) return false;
    let i = 0;
    for (const w of words) if (w === own[i]) i++;
    return i === own.length;
  };
}

// Words a posting's title may add to a title as written and still name the same job: the kind of engineering it is
// ("Backend Software Engineer" for "Backend Engineer").
const GENERIC_TITLE_WORDS: ReadonlySet<string> = new Set(["software"]);
// Seniority words either side may add: how senior the job is, graded apart (levelAttribute), not what it is. Ranks
// that name another job ("Chief Medical Officer", "Associate General Counsel", "Partner Marketing Manager") and
// words that only look like ranks ("Intermediate School Teacher") are no such words.
// Narrower than the normalizer's level modifiers (isLevelWord) on purpose: "Associate General Counsel" and
// "Intermediate School Teacher" name other jobs than "General Counsel" and "High School Teacher".
const SENIORITY_WORDS: ReadonlySet<string> = new Set(["senior", "sr", "snr", "junior", "jr", "lead", "principal", "staff", "experienced"]);

/**
 * Whether the posting's title narrows a title as written, stricter than for the catalogue's own name
 * (`narrowsTitle`): every word of the written title, symbols kept ("C#" is not "C++") and rank words kept but for
 * seniority ("Senior", "Lead"), is among the posting title's words in order, the last word last, and the posting's
 * title adds only seniority, grades or a generic word ("Backend Engineer" for "Backend Software Engineer"). A
 * posting title that adds a word of the work ("Insurance Defense Attorney", "Auto Body Technician") or a rank that
 * is another job ("Chief Medical Officer") is another job than the one written.
 */
export function narrowsWrittenTitle(postingTitle: string): (written: string | null) => boolean {
  const posting = writtenTitleWords(postingTitle.split(TITLE_CORE_END)[0] ?? "");
  return (written) => {
    const own = written ? writtenTitleWords(written) : [];
    if (own.length < 2 || own.at(-1) !== posting.at(-1)) return false;
    let i = 0;
    for (const w of posting) {
      if (w === own[i]) i++;
      else if (!GENERIC_TITLE_WORDS.has(w) && !SENIORITY_WORDS.has(w)) return false;
    }
    return i === own.length;
  };
}

/** The words of a title as written, lower-cased with their symbols ("c#", "c++"), less grades and seniority words. */
function writtenTitleWords(text: string): string[] {
  const words = tokenize(text)
    .map((t) => t.norm)
    .filter((w) => !/^(?:[ivx]+|\p{N}+)$/u.test(w));
  return words.filter((w, i) => i === words.length - 1 || !SENIORITY_WORDS.has(w));
}

/**
 * The words of a title, lower-cased, but grades and the level words before its role word ("Senior Engineer II" →
 * ["engineer"]; a rank that is the role word stays: "Marketing Manager").
 */
function titleWords(text: string): string[] {
  const words = (text.match(/\p{L}[\p{L}'’-]*/gu) ?? []).map((w) => w.toLowerCase()).filter((w) => !/^[ivx]+$/u.test(w));
  return words.filter((w, i) => i === words.length - 1 || detectLevels(w).length === 0);
}


/** The role word of a title as a pattern (`titleHead`, `rolePattern`); null when the title has none. */
export function rolePatternOf(text: string): RegExp | null {
  const head = titleHead(text);
  return head === null ? null : rolePattern(head);
}

/** A pattern for the role word as a whole word, in any case, singular or plural. */
export function rolePattern(head: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(head)}s?(?![\\p{L}\\p{N}])`, "iu");
}

// Marks between the parts of a title line: the title, the employer, the place, the dates ("Inbound Operations
// Supervisor, 2nd shift | 2022–Present", "Night Shift Supervisor — Acme Foods"), and the lines themselves.
const TITLE_LINE_PARTS = /\n|\s[-–—/@]\s|[|·•,;()]/u;
/** Words past which a part of a title line is a sentence about the work, not a title. */
export const MAX_TITLE_WORDS = 6;

/**
 * The title a position whose title the catalogue does not know is written under, when it names the posting's role
 * word: the first part of its title lines (`Position.titleLines`, split at the marks between title, employer, place
 * and dates) that names the word and is short enough to be a title, as a recruiter finds "Inbound Operations
 * Supervisor" on the line of a position for a Warehouse Supervisor posting; null when no part does (the word only in
 * a duty, or a sentence).
 */
export function writtenRoleTitle(p: Position, role: RegExp | null): string | null {
  if (role === null || p.titleId !== null || p.titleLines === undefined) return null;
  for (const part of p.titleLines.split(TITLE_LINE_PARTS)) {
    const words = wordsOf(part);
    if (words.length > 0 && words.length <= MAX_TITLE_WORDS && role.test(part)) return part.trim();
  }
  return null;
}

/**
 * The title under which a position names the posting's role, as a recruiter reads it: for a title the catalogue does
 * not know, the part of its title lines that names the posting title's role word (`writtenRoleTitle`); for a
 * catalogue title when the catalogue does not know the posting's, the title as shown when it names the word; either
 * way only when it also names the posting's line of work (`namesTheWork`: "Mortuary Manager" names a Project
 * Manager posting's rank, not its work). Null otherwise. The one test of "names the role" for relevant years, the
 * role credit and the level.
 */
export function namedRole(job: JobProfile): (p: Position) => string | null {
  const role = rolePatternOf(job.title.text);
  if (role === null) return () => null;
  const sameWork = namesTheWork(job.title.text);
  return (p) => {
    const written =
      p.titleId === null ? writtenRoleTitle(p, role) : job.title.id === null && p.title !== null && role.test(p.title) ? p.title : null;
    return written !== null && sameWork(written) ? written : null;
  };
}

/**
 * Positions that count towards the posting: the posting's title or one of its career group, or — for titles the
 * catalogue does not know or other groups — a position that names at least RELEVANT_SKILL_MATCHES of the posting's
 * skills (all of them when it names fewer). A position whose title as written names the posting's role counts, as a
 * recruiter reads it (`namedRole`, the same test as for the role credit and the level: a "Staff Nurse" for a
 * Registered Nurse posting, a "Warehouse Operations Supervisor" for a Warehouse Supervisor one, not an "Inventory
 * Control Supervisor"). And any position whose own lines use RELEVANT_WORDING_SHARE of the posting's weighted
 * wording counts (`wordingShares`, computed once per score and passed in): the posting's own words tell its kind of
 * work where the catalogue knows neither title nor skills. A posting with no recognised title, no skills and
 * no wording (under MIN_VOCABULARY_TERMS terms) gives too little to tell relevance by, so every position counts.
 */
export function relevantPositions(job: JobProfile, candidate: CandidateProfile, shares?: ReadonlyMap<Position, number>): Position[] {
  const asked = new Set(job.skills.flatMap((s) => [s, ...s.alternatives]).filter((s) => s.type !== "Common Skill").map((s) => s.id));
  if (job.title.id === null && asked.size === 0 && job.wording.length === 0) return candidate.experience.positions;
  const needed = Math.min(RELEVANT_SKILL_MATCHES, asked.size);
  const named = namedRole(job);
  const described = shares ?? wordingShares(job, candidate);
  return candidate.experience.positions.filter(
    (p) =>
      (job.title.id !== null && p.titleId === job.title.id) ||
      (job.title.careerGroup !== null && p.careerGroup === job.title.careerGroup) ||
      (needed > 0 && p.skills.filter((id) => asked.has(id)).length >= needed) ||
      named(p) !== null ||
      (described.get(p) ?? 0) >= RELEVANT_WORDING_SHARE,
  );
}

/**
 * Share of the posting's weighted wording (extraction/vocabulary.ts, `extractJobWording`) a position's own lines must
 * use for the position to count as relevant experience, whatever its title and skills: a job described in the
 * posting's words is the posting's kind of work, as a recruiter reads it, also where the catalogue knows neither
 * the title nor the skills. (The whole résumé earns full lexical relevance at half of the wording.)
 */
export const RELEVANT_WORDING_SHARE = 0.15;

/**
 * By position: the share of the posting's weighted wording the position's own work-history lines use (the lines of
 * its entry, `Position.lines`; in a profile without them, the lines whose last month is the position's last month).
 * Computed once per score and passed on (`relevantPositions`, `untitledRole`).
 */
function wordingShares(job: JobProfile, candidate: CandidateProfile): Map<Position, number> {
  const weights = new Map(job.wording.map((v) => [v.term, v.weight]));
  let total = 0;
  for (const w of weights.values()) total += w;
  const out = new Map<Position, number>();
  if (total <= 0) return out;
  const owns = (p: Position, line: (typeof candidate.work)[number]): boolean =>
    p.lines !== undefined && line.line !== undefined ? line.line >= p.lines.first && line.line <= p.lines.last : line.lastUsed === p.end;
  for (const p of candidate.experience.positions) {
    const set = new Set<string>();
    for (const line of candidate.work) if (line.lastUsed && owns(p, line)) for (const t of line.terms) if (weights.has(t)) set.add(t);
    let sum = 0;
    for (const t of set) sum += weights.get(t)!;
    out.set(p, sum / total);
  }
  return out;
}

/**
 * Years of the given positions, overlaps once, each month weighted by how long ago its position ended
 * (recencyWeight: a current position counts in full however long it is, one that ended a decade ago at half) and by
 * the share of a full-time professional month it stands for (internships and part-time work count less); where
 * positions overlap, the month counts for the one that weighs most.
 */
export function weightedYears(positions: readonly Position[], asOf: string, withinYears: number | null = null): number {
  const now = monthOf(asOf);
  // Recent years only: the months of the last `withinYears` years (the current month and the ones before it).
  const from = withinYears === null ? -Infinity : now - Math.round(withinYears * 12) + 1;
  const months = new Map<number, number>();
  for (const p of positions) {
    const end = monthOf(p.end);
    const weight = p.share * recencyWeight((now - end) / 12);
    for (let m = Math.max(monthOf(p.start), from); m <= end; m++) months.set(m, Math.max(months.get(m) ?? 0, weight));
  }
  let sum = 0;
  for (const weight of months.values()) sum += weight;
  return sum / 12;
}

function experienceAttributes(job: JobProfile, candidate: CandidateProfile): Attribute[] {
  const exp = candidate.experience;
  const out: Attribute[] = [];
  const shares = wordingShares(job, candidate);
  const relevant = relevantPositions(job, candidate, shares);

  if (job.experience) {
    const need = job.experience.years;
    // Dated positions: relevant ones only, recency-weighted. A stated figure cannot be split, so it counts as is.
    // Student work (internships, co-ops, externships, clinical placements, student nurse or teacher posts: a
    // position marked trainee) is no professional year of the posting's role, whatever its title: it stays evidence
    // of the work (skills, responsibilities), not years of it, and the note says so ("as the posting asks" when its
    // own figure says internships do not count).
    // A position whose holder stopped the hands-on work is no year of it, unless it is the posting's own role.
    const handsOn = relevant.filter((p) => !p.handsOff || (job.title.id !== null && p.titleId === job.title.id));
    // A student role ("Summer Analyst Intern", "Student Nurse Extern") asks for years of student work, and a posting
    // may say it counts ("2+ years (internships count too)"): there it counts, at its trainee share, unless the
    // posting's own figure leaves it out.
    const studentRole = job.title.levels.includes("intern") || namesStudentWork(job.title.text);
    const countsTraining = job.experience.includesTraining === true || (studentRole && !job.experience.excludesTraining);
    const counted = countsTraining ? handsOn : handsOn.filter((p) => !p.trainee);
    const leftOut = [
      handsOn.length < relevant.length ? ", roles without hands-on work left out" : "",
      counted.length < handsOn.length
        ? `, internships and student work left out${job.experience.excludesTraining ? " as the posting asks" : ""}`
        : "",
    ].join("");
    // Recent years asked for ("two years of recent RN experience") are the months of the last RECENT_YEARS years (of
    // the last N when more are asked): a nurse who left the bedside four years ago has no recent years of it.
    const within = job.experience.recent ? Math.max(RECENT_YEARS, need) : null;
    // A stated figure ("Over 12 years as an ICU nurse") tells no dates: within a recent window it counts for the
    // window at most, never for more recent years than the window holds.
    const years = exp.source === "dates" ? weightedYears(counted, candidate.asOf, within) : within !== null ? Math.min(exp.years, within) : exp.years;
    const found =
      exp.source === "dates"
        ? within !== null
          ? `found ${formatYears(years)} relevant in the last ${formatYears(within)}, of ${formatYears(exp.years)} in total${leftOut}`
          : `found ${formatYears(years)} relevant, recency-weighted, of ${formatYears(exp.years)} in total${leftOut}`
        : exp.years > 0
          ? within !== null && exp.years > within
            ? `found ${formatYears(years)} in the last ${formatYears(within)} of ${formatYears(exp.years)} as stated, undated`
            : `found ${formatYears(exp.years)} as stated`
          : "none found";
    const timeline = exp.source === "dates" ? relevant.map((p) => p.evidence) : exp.statedEvidence ? [exp.statedEvidence] : [];
    out.push({
      kind: "years",
      name: `${need}+ years of experience`,
      strength: job.experience.strength,
      weight: weightOf(job.experience.strength),
      // Proportional partial credit: 3 of 5 years earns 0.6; nothing beyond YEARS_CREDIT_CAP × the requirement.
      credit: need > 0 ? Math.min(1, Math.min(years, need * YEARS_CREDIT_CAP) / need) : 1,
      note: found,
      statedMust: job.experience.strength === "must",
      evidence: years > 0 ? timeline.slice(0, MAX_POSITION_EVIDENCE) : [],
      // A must-have minimum is a bar: its shortfall scales the whole score (isYearsBar).
      ...(isYearsBar(job.experience) ? { hard: true } : {}),
    });
  }

  if (job.title.id && job.title.name) {
    // The most recent position under the title, else under a title of its career group or under a title the
    // catalogue does not know that names the posting's role word, whichever earns more; credit fades with its age.
    // A title of the group that the posting's title narrows ("Mechanical Engineer" for "Mechanical Design Engineer")
    // is held as the posting's own, whether the catalogue's name or the title as written is the one the posting's
    // title contains ("Backend Engineer", the catalogue's Backend Developer, for "Backend Software Engineer"); the
    // title as written only when the posting adds no word of the work to it (`narrowsWrittenTitle`).
    const ageOf = (p: Position) => recencyWeight(ageInYears(p.end, candidate.asOf));
    const narrowed = narrowsTitle(job.title.text);
    const narrowedAsWritten = narrowsWrittenTitle(job.title.text);
    const held = exp.positions.find(
      (p) =>
        p.titleId === job.title.id ||
        (p.careerGroup !== null && p.careerGroup === job.title.careerGroup && (narrowed(p.catalogueTitle) || narrowedAsWritten(p.title))),
    );
    const group = held ? undefined : exp.positions.find((p) => p.careerGroup !== null && p.careerGroup === job.title.careerGroup);
    const groupCredit = group ? relatedRoleCredit(job, group) * ageOf(group) : 0;
    const untitled = held ? null : untitledRole(job, candidate, shares);
    const other = untitled !== null && untitled.credit > groupCredit ? untitled : null;
    const position = held ?? other?.position ?? group;
    const weight = position ? ageOf(position) : 0;
    const heldUndated = !position && exp.titles.find((t) => t.id === job.title.id);
    const related = other ? other.label : group ? group.catalogueTitle : null;
    const broader = held && held.titleId !== job.title.id ? held.catalogueTitle : null;
    const notes = [
      related ? `related role: ${related}` : broader ? `as ${broader}` : null,
      position && weight < 1 ? `last held ${position.end.slice(0, 4)}` : null,
    ];
    out.push({
      kind: "role",
      name: `Experience as ${job.title.name}`,
      strength: "must",
      weight: 1,
      credit: held ? weight : other ? other.credit : group ? groupCredit : heldUndated ? 1 : 0,
      note: notes.filter(Boolean).join(", ") || null,
      statedMust: false,
      evidence: position ? [position.evidence] : [],
    });
    out.push(levelAttribute(job, candidate, relevant));
  }
  const quota = quotaAttribute(job, candidate);
  if (quota) out.push(quota);
  out.push(...responsibilityAttributes(job, candidate));
  const vocabulary = vocabularyAttribute(job, candidate);
  if (vocabulary) out.push(vocabulary);
  return out;
}

/**
 * The most recent position under a title the catalogue does not know that a recruiter still reads as the posting's
 * role: one whose title as written names the posting title's role word (`writtenRoleTitle`, `namesTheWork`),
 * NAMED_ROLE_CREDIT; else one described in the posting's words (RELEVANT_WORDING_SHARE of its wording in the
 * position's own lines), DESCRIBED_ROLE_CREDIT. Credit fades with the position's age; null when there is none.
 */
export function untitledRole(
  job: JobProfile,
  candidate: CandidateProfile,
  shares: ReadonlyMap<Position, number> = wordingShares(job, candidate),
): { position: Position; label: string; credit: number } | null {
  const positions = candidate.experience.positions;
  const named = namedRole(job);
  const age = (p: Position) => recencyWeight(ageInYears(p.end, candidate.asOf));
  for (const p of positions) {
    const title = p.titleId === null ? named(p) : null;
    if (title !== null) return { position: p, label: title, credit: NAMED_ROLE_CREDIT * age(p) };
  }
  const described = positions.find((p) => p.titleId === null && (shares.get(p) ?? 0) >= RELEVANT_WORDING_SHARE);
  return described ? { position: described, label: "work described in the posting's words", credit: DESCRIBED_ROLE_CREDIT * age(described) } : null;
}

/** An attainment percentage at or above this meets its period's quota. */
export const QUOTA_MET_PERCENT = 100;

/**
 * Quota attainment, for postings that ask for a record of it: the candidate's most recent `window` stated periods
 * (by year; undated figures in the order written), met when at least `need` of them reach QUOTA_MET_PERCENT;
 * recognition given for attainment (President's Club, a top rank) counts as one more met period when fewer are
 * shown. Partial credit in proportion (1 of 2 → 0.5); figures that all missed, or no evidence, earn 0. Old figures
 * fade with recencyWeight, like any experience.
 */
export function quotaAttribute(job: JobProfile, candidate: CandidateProfile): Attribute | null {
  const ask = job.quota;
  if (!ask) return null;
  const shown = candidate.quota ?? { periods: [], recognition: [] };
  // One figure per year (the first written); an undated figure is placed by the last year of its position.
  const seen = new Set<number>();
  const when = (p: QuotaPeriod) => p.year ?? p.held ?? Number.NEGATIVE_INFINITY;
  const considered = shown.periods
    .filter((p) => p.year === null || (!seen.has(p.year) && Boolean(seen.add(p.year))))
    .map((p, i) => ({ p, i }))
    .sort((a, b) => when(b.p) - when(a.p) || a.i - b.i)
    .map(({ p }) => p)
    .slice(0, ask.window);
  const met = considered.filter((p) => p.percent >= QUOTA_MET_PERCENT).length;
  const recognised = shown.recognition.length > 0 && met < ask.need ? 1 : 0;
  const latest = considered.length ? when(considered[0]!) : Number.NEGATIVE_INFINITY;
  const dated = Number.isFinite(latest);
  const fade = dated ? recencyWeight(Number(candidate.asOf.slice(0, 4)) - 1 - latest) : 1;
  const credit = Math.min(1, (met + recognised) / ask.need) * fade;
  // Oldest first, as a record reads ("124%, 101%, 97%"); years when every period is a dated one.
  const figures = considered.filter((p) => !p.counted).map((p) => `${p.percent}%`).reverse();
  const unit = considered.every((p) => p.year !== null) ? "year" : "period";
  const parts: string[] = [];
  if (considered.length) {
    const last = considered.length === 1 ? `the last stated ${unit}` : `the last ${considered.length} stated ${unit}s`;
    parts.push(`met quota in ${met} of ${last}${figures.length ? `: ${figures.join(", ")}` : ""}`);
  }
  if (recognised || (shown.recognition.length && !considered.length)) parts.push("recognised for attainment");
  if (dated && fade < 1) parts.push(`last figure ${latest}`);
  const evidence = [...new Set([...considered.map((p) => p.evidence), ...shown.recognition])].slice(0, MAX_POSITION_EVIDENCE);
  return {
    kind: "quota",
    name: ask.need > 1 ? `Quota attainment (${ask.need} of the last ${ask.window} years)` : "Quota attainment",
    strength: ask.strength,
    weight: weightOf(ask.strength),
    credit,
    note: parts.join("; ") || "no attainment figures found",
    statedMust: ask.strength === "must",
    evidence: credit > 0 || considered.length ? evidence : [],
  };
}

/**
 * Level fit within the posting's career group. A senior posting ("Senior", "Lead", …) asks for that level: met at
 * it or above, half one level below. A posting at mid level or below is met from one level below up to lead; a
 * candidate whose latest relevant title is a people-leader level (manager and above) is over-levelled for it, and
 * one two levels below is under-levelled: half credit either way. A title the catalogue does not know counts when it
 * names the posting's role word (`writtenRoleTitle`, `namesTheWork`), at the level words written in it. No title of
 * the group: not met.
 */
function levelAttribute(job: JobProfile, candidate: CandidateProfile, relevant: readonly Position[]): Attribute {
  const group = job.title.careerGroup;
  const posting = job.title.levels.length ? positionLevel(job.title.levels) : levelRank("mid");
  // Titles of the group, and titles the catalogue does not know that name the posting's role word, read at the
  // level words written in them ("Senior Payments Engineer" for a Senior Software Engineer posting).
  const named = namedRole(job);
  const titled = relevant.flatMap((p) => {
    if (p.titleId !== null) return p.careerGroup === group || p.titleId === job.title.id ? [p] : [];
    const written = named(p);
    return written === null ? [] : [{ ...p, levels: detectLevels(written) }];
  });
  const latest = titled[0];
  const highest = titled.reduce<Position | undefined>((a, p) => (!a || positionLevel(p.levels) > positionLevel(a.levels) ? p : a), undefined);
  const senior = posting >= levelRank(SENIOR_FROM);
  let credit = 0;
  let note = group ? `no ${group} title held` : "no recognised title held";
  let evidence: Evidence[] = [];
  if (senior && highest) {
    const rank = positionLevel(highest.levels);
    credit = rank >= posting ? 1 : rank === posting - 1 ? NEAR_LEVEL_CREDIT : 0;
    note = `highest level held: ${LEVEL_NAMES[JOB_LEVELS[rank]!]}`;
    evidence = [highest.evidence];
  } else if (!senior && latest) {
    const rank = positionLevel(latest.levels);
    const over = rank >= levelRank(OVER_LEVEL_FROM);
    // A latest role that stopped the hands-on work (an educator's, a manager's) is off this role's level as a
    // people leader's is, unless it is the posting's own role.
    const offFloor = latest.handsOff === true && latest.titleId !== job.title.id;
    credit = over || offFloor || rank < posting - 1 ? NEAR_LEVEL_CREDIT : 1;
    const off = over ? ", above this role" : offFloor ? ", no longer hands-on" : rank < posting - 1 ? ", below this role" : "";
    note = `latest level: ${LEVEL_NAMES[JOB_LEVELS[rank]!]}${off}`;
    evidence = [latest.evidence];
  }
  return {
    kind: "seniority",
    name: `${LEVEL_NAMES[JOB_LEVELS[posting]!]}-level role${group ? ` in ${group}` : ""}`,
    strength: "must",
    weight: SENIORITY_WEIGHT,
    credit,
    note,
    statedMust: false,
    evidence,
  };
}

function educationAttributes(job: JobProfile, candidate: CandidateProfile): Attribute[] {
  const edu = candidate.education;
  const out: Attribute[] = [];
  for (const req of job.education.degrees) {
    const need = educationRank(req.level);
    const name = `${EDUCATION_LEVEL_NAMES[req.level]} or higher`;
    const completed = edu.degrees.find((d) => !d.inProgress && educationRank(d.level) >= need);
    // The highest degree in progress, whatever the order of the entries: a vocational one does not hide a college one.
    const pending = edu.degrees
      .filter((d) => d.inProgress && educationRank(d.level) >= need)
      .reduce<(typeof edu.degrees)[number] | undefined>((a, d) => (!a || educationRank(d.level) > educationRank(a.level) ? d : a), undefined);
    const equivalent =
      job.education.equivalentExperience && candidate.experience.years >= EQUIVALENT_EXPERIENCE_YEARS;
    let credit = 0;
    let note: string | null = edu.level === "none" ? "no degree found" : `found ${EDUCATION_LEVEL_NAMES[edu.level]}`;
    let evidence: Evidence[] = [];
    // College work, finished or not, stands on a finished secondary school: coursework toward a bachelor's meets a
    // "high school diploma or GED" even where the résumé does not name the diploma; not where it names the diploma
    // as unfinished ("Dual enrollment: coursework toward A.A., Lincoln High School (expected graduation 2027)").
    const schoolUnfinished = edu.degrees.some((d) => d.inProgress && d.level === "secondary");
    const collegeOnSchool =
      pending !== undefined &&
      !schoolUnfinished &&
      need <= educationRank("secondary") &&
      educationRank(pending.level) >= educationRank("associate");
    if (completed) {
      credit = 1;
      evidence = [completed.evidence];
    } else if (collegeOnSchool) {
      credit = 1;
      note = `${EDUCATION_LEVEL_NAMES[pending.level]} in progress`;
      evidence = [pending.evidence];
    } else if (pending) {
      credit = DEGREE_ALTERNATIVE_CREDIT;
      note = `${EDUCATION_LEVEL_NAMES[pending.level]} in progress`;
      evidence = [pending.evidence];
    } else if (equivalent) {
      credit = DEGREE_ALTERNATIVE_CREDIT;
      note = `equivalent experience: ${formatYears(candidate.experience.years)}`;
      evidence = candidate.experience.positions.slice(0, 1).map((p) => p.evidence);
    }
    out.push({
      kind: "degree",
      name,
      strength: req.strength,
      weight: weightOf(req.strength),
      credit,
      note,
      statedMust: req.strength === "must",
      evidence,
    });
  }

  const fields = job.education.fields;
  if (fields) {
    const names = fields.fields.map((f) => f.name);
    const exact = edu.fields.find((f) => fields.fields.some((r) => r.id === f.id));
    const related = exact ? undefined : edu.fields.find((f) => fields.fields.some((r) => r.family === f.family));
    const matchedField = exact ?? related;
    out.push({
      kind: "field",
      name: `Field: ${joinOr(names)}${fields.relatedAccepted ? " or a related field" : ""}`,
      strength: fields.strength,
      weight: weightOf(fields.strength),
      credit: exact ? 1 : related ? (fields.relatedAccepted ? 1 : RELATED_FIELD_CREDIT) : 0,
      note: related ? `related field: ${related.name}` : null,
      statedMust: fields.strength === "must",
      evidence: matchedField
        ? edu.degrees.filter((d) => d.fields.some((f) => f.id === matchedField.id)).slice(0, 1).map((d) => d.evidence)
        : [],
    });
  }
  return out;
}

function namedAttributes(
  kind: "trait" | "interest" | "value",
  label: string,
  asked: readonly NamedRequirement[],
  shown: readonly NamedEvidence[],
): Attribute[] {
  const have = new Map(shown.flatMap((s) => (s.id ? [[s.id, s] as const] : [])));
  return asked.map((req) => {
    const own = have.get(req.id);
    return {
      kind,
      name: `${label}: ${req.name}`,
      strength: req.strength,
      weight: kind === "value" ? VALUE_WEIGHT : weightOf(req.strength),
      credit: own ? 1 : 0,
      note: null,
      // A trait the posting requires is a requirement like any other. Interests are not: sports, dance or meditation
      // can stand for disability, age, sex or religion, and are never put to a recruiter as a gap; values are always
      // nice-to-have.
      statedMust: kind === "trait" && req.strength === "must",
      evidence: own ? [own.evidence] : [],
    };
  });
}

/** Every requirement of the posting as a scored attribute, per analysis block. */
export function scoreAttributes(job: JobProfile, candidate: CandidateProfile): Blocks {
  return {
    skills: skillsBlock(job, candidate),
    experience: experienceAttributes(job, candidate),
    education: educationAttributes(job, candidate),
    interests: [
      ...namedAttributes("trait", "Trait", job.traits, candidate.traits),
      ...namedAttributes("interest", "Interest", job.interests, candidate.interests),
      ...namedAttributes("value", "Value", job.values, candidate.values),
    ],
  };
}
