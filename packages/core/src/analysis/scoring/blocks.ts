import { JOB_LEVELS, type JobLevel } from "../../catalogue/normalizer.ts";
import { levelRank } from "../extraction/titles.ts";
import { formatYears, joinOr } from "../format.ts";
import { EDUCATION_LEVEL_NAMES, educationRank } from "../lexicon/education.ts";
import type { CandidateProfile, Evidence, JobProfile, NamedEvidence, NamedRequirement } from "../types.ts";
import { weightOf, type Attribute } from "./attributes.ts";

/** Credit for a missing skill when the candidate has one of its most related skills. */
export const RELATED_SKILL_CREDIT = 0.25;
/** Credit for a held title of the same career group as the posting's title. */
export const RELATED_ROLE_CREDIT = 0.5;
/** Credit for a seniority level one step below the one in the posting's title. */
export const NEAR_LEVEL_CREDIT = 0.5;
/** Weight of the seniority attribute (it refines the role attribute rather than standing alone). */
export const SENIORITY_WEIGHT = 0.5;
/** Credit for a degree in progress, or for experience where the posting accepts equivalent experience. */
export const DEGREE_ALTERNATIVE_CREDIT = 0.5;
/** Years of experience that stand in for a degree when the posting accepts equivalent experience. */
export const EQUIVALENT_EXPERIENCE_YEARS = 4;
/** Credit for a field of study of the same family (full credit when the posting accepts "a related field"). */
export const RELATED_FIELD_CREDIT = 0.5;
/** Stated values describe the company more than the hire: they weigh like a nice-to-have. */
export const VALUE_WEIGHT = 0.5;
/** Levels from which a posting's title implies a seniority requirement. */
export const SENIOR_FROM: JobLevel = "senior";

const MAX_POSITION_EVIDENCE = 3;

export interface Blocks {
  skills: Attribute[];
  experience: Attribute[];
  education: Attribute[];
  interests: Attribute[];
}

function skillAttributes(job: JobProfile, candidate: CandidateProfile): Attribute[] {
  const have = new Map(candidate.skills.map((s) => [s.id, s]));
  return job.skills.map((req) => {
    const own = have.get(req.id);
    const related = own ? undefined : req.related.find((r) => have.has(r.id));
    return {
      kind: "skill",
      name: req.name,
      strength: req.strength,
      weight: weightOf(req.strength),
      credit: own ? 1 : related ? RELATED_SKILL_CREDIT : 0,
      note: related ? `related skill: ${related.name}` : null,
      statedMust: req.strength === "must",
      evidence: own ? [own.evidence] : related ? [have.get(related.id)!.evidence] : [],
    };
  });
}

const LEVEL_NAMES: Record<JobLevel, string> = {
  intern: "Intern", entry: "Entry", mid: "Mid", senior: "Senior", lead: "Lead", manager: "Manager",
  director: "Director", executive: "Executive",
};

function experienceAttributes(job: JobProfile, candidate: CandidateProfile): Attribute[] {
  const exp = candidate.experience;
  const out: Attribute[] = [];
  const timeline: Evidence[] =
    exp.source === "dates"
      ? exp.positions.slice(0, MAX_POSITION_EVIDENCE).map((p) => p.evidence)
      : exp.statedEvidence
        ? [exp.statedEvidence]
        : [];

  if (job.experience) {
    const need = job.experience.years;
    const found = exp.years > 0 ? `found ${formatYears(exp.years)}` : "none found";
    out.push({
      kind: "years",
      name: `${need}+ years of experience`,
      strength: job.experience.strength,
      weight: weightOf(job.experience.strength),
      // Proportional partial credit: 3 of 5 years earns 0.6.
      credit: need > 0 ? Math.min(1, exp.years / need) : 1,
      note: found,
      statedMust: job.experience.strength === "must",
      evidence: exp.years > 0 ? timeline : [],
    });
  }

  if (job.title.id && job.title.name) {
    const held = exp.titles.find((t) => t.id === job.title.id);
    const near = held ? undefined : exp.titles.find((t) => t.careerGroup === job.title.careerGroup);
    const supporting = exp.positions.filter((p) => p.titleId === (held ?? near)?.id);
    out.push({
      kind: "role",
      name: `Experience as ${job.title.name}`,
      strength: "must",
      weight: 1,
      credit: held ? 1 : near ? RELATED_ROLE_CREDIT : 0,
      note: near ? `related role: ${near.name}` : null,
      statedMust: false,
      evidence: supporting.slice(0, MAX_POSITION_EVIDENCE).map((p) => p.evidence),
    });
  }

  const required = job.title.levels.filter((l) => levelRank(l) >= levelRank(SENIOR_FROM)).at(-1);
  if (required) {
    const need = levelRank(required);
    // Seniority only carries over within the posting's career group: a senior accountant is not a senior engineer.
    const group = job.title.careerGroup;
    const pool = group ? exp.titles.filter((t) => t.careerGroup === group) : exp.titles;
    const ranked = pool.map((t) => ({ rank: levelRank(t.level), id: t.id }));
    const best = ranked.reduce((a, b) => (b.rank > a.rank ? b : a), { rank: -1, id: "" });
    const none = group ? `no ${group} title held` : "no recognised title held";
    out.push({
      kind: "seniority",
      name: `${LEVEL_NAMES[required]}-level role${group ? ` in ${group}` : ""}`,
      strength: "must",
      weight: SENIORITY_WEIGHT,
      credit: best.rank >= need ? 1 : best.rank === need - 1 ? NEAR_LEVEL_CREDIT : 0,
      note: best.rank >= 0 ? `highest level held: ${LEVEL_NAMES[JOB_LEVELS[best.rank]!]}` : none,
      statedMust: false,
      evidence: exp.positions
        .filter((p) => p.titleId === best.id)
        .slice(0, 1)
        .map((p) => p.evidence),
    });
  }
  return out;
}

function educationAttributes(job: JobProfile, candidate: CandidateProfile): Attribute[] {
  const edu = candidate.education;
  const out: Attribute[] = [];
  for (const req of job.education.degrees) {
    const need = educationRank(req.level);
    const name = `${EDUCATION_LEVEL_NAMES[req.level]} or higher`;
    const completed = edu.degrees.find((d) => !d.inProgress && educationRank(d.level) >= need);
    const pending = edu.degrees.find((d) => d.inProgress && educationRank(d.level) >= need);
    const equivalent =
      job.education.equivalentExperience && candidate.experience.years >= EQUIVALENT_EXPERIENCE_YEARS;
    let credit = 0;
    let note: string | null = edu.level === "none" ? "no degree found" : `found ${EDUCATION_LEVEL_NAMES[edu.level]}`;
    let evidence: Evidence[] = [];
    if (completed) {
      credit = 1;
      evidence = [completed.evidence];
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
      statedMust: false,
      evidence: own ? [own.evidence] : [],
    };
  });
}

/** Every requirement of the posting as a scored attribute, per analysis block. */
export function scoreAttributes(job: JobProfile, candidate: CandidateProfile): Blocks {
  return {
    skills: skillAttributes(job, candidate),
    experience: experienceAttributes(job, candidate),
    education: educationAttributes(job, candidate),
    interests: [
      ...namedAttributes("trait", "Trait", job.traits, candidate.traits),
      ...namedAttributes("interest", "Interest", job.interests, candidate.interests),
      ...namedAttributes("value", "Value", job.values, candidate.values),
    ],
  };
}
