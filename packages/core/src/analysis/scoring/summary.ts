import { leadingStyles } from "../culture/fit.ts";
import { formatYears, joinAnd, plural } from "../format.ts";
import { EDUCATION_LEVEL_NAMES } from "../lexicon/education.ts";
import type { CandidateProfile, ContextSummary, CultureFit, JobProfile } from "../types.ts";
import { blockScore, describe, isMet, type Attribute } from "./attributes.ts";
import type { Blocks } from "./blocks.ts";

/** Bucket grades on a block's layer-two score. */
export const BUCKET_THRESHOLDS = { strong: 0.75, partial: 0.4 } as const;

export function grade(attributes: readonly Attribute[]): "Strong" | "Partial" | "Weak" | "No requirement" {
  if (attributes.length === 0) return "No requirement";
  const score = blockScore(attributes);
  if (score >= BUCKET_THRESHOLDS.strong) return "Strong";
  return score >= BUCKET_THRESHOLDS.partial ? "Partial" : "Weak";
}

const met = (attributes: readonly Attribute[]) => attributes.filter(isMet).length;
const partial = (attributes: readonly Attribute[]) => attributes.filter((a) => a.credit > 0 && a.credit < 1).length;

function skillsBucket(attrs: Attribute[], candidate: CandidateProfile): string {
  if (attrs.length === 0) {
    return `No requirement: the posting names no catalogue skills; the candidate shows ${plural(candidate.skills.length, "skill")}`;
  }
  // Counted over the skills asked for; the grade also weighs the résumé's lexical relevance, as layer_two_score does.
  const skills = attrs.filter((a) => a.kind === "skill");
  const must = skills.filter((a) => a.strength === "must");
  const nice = skills.filter((a) => a.strength === "nice");
  const parts: string[] = [];
  if (must.length) parts.push(`${met(must)} of ${must.length} required skills`);
  if (nice.length) parts.push(`${met(nice)} of ${nice.length} nice-to-have skills`);
  const related = partial(skills);
  const tail = related ? `; ${related} more partly covered by related skills` : "";
  return `${grade(attrs)}: ${parts.join(", ")}${tail}`;
}

function experienceBucket(attrs: Attribute[], job: JobProfile, candidate: CandidateProfile): string {
  const exp = candidate.experience;
  const found =
    exp.source === "dates"
      ? `${formatYears(exp.years)} across ${plural(exp.positions.length, "dated position")}`
      : exp.source === "stated"
        ? `${formatYears(exp.years)} of experience as stated (no dated positions)`
        : "no dated positions or stated years of experience";
  const years = attrs.find((x) => x.kind === "years");
  const parts = [job.experience ? `${found} against ${job.experience.years}+ years asked${years?.note ? ` (${years.note})` : ""}` : found];
  for (const a of attrs.filter((x) => x.kind !== "years" && x.kind !== "responsibility")) {
    parts.push(`${describe(a)}: ${isMet(a) ? "met" : a.credit > 0 ? "partly met" : "not met"}`);
  }
  // Each duty is explained in analysed_experience; the bucket only counts them.
  const duties = attrs.filter((x) => x.kind === "responsibility");
  if (duties.length) {
    parts.push(`${met(duties)} of ${plural(duties.length, "responsibility", "responsibilities")} evidenced in the work history, ${partial(duties)} partly`);
  }
  const heading = attrs.length ? grade(attrs) : "No requirement";
  return `${heading}: ${parts.join("; ")}`;
}

export function describeEducation(candidate: CandidateProfile): string {
  const edu = candidate.education;
  const top = edu.degrees.find((d) => !d.inProgress && d.level === edu.level);
  if (edu.level === "none") {
    return edu.inProgressLevel ? `${EDUCATION_LEVEL_NAMES[edu.inProgressLevel]} in progress` : "no degree found";
  }
  const field = top?.fields[0]?.name ?? edu.fields[0]?.name;
  const institution = top?.institution ?? edu.institutions[0];
  return `${EDUCATION_LEVEL_NAMES[edu.level]}${field ? ` in ${field}` : ""}${institution ? ` (${institution})` : ""}`;
}

function educationBucket(attrs: Attribute[], candidate: CandidateProfile): string {
  const found = describeEducation(candidate);
  if (attrs.length === 0) return `No requirement: ${found}`;
  const asked = attrs.map((a) => (a.strength === "nice" ? `${a.name} (nice to have)` : a.name));
  return `${grade(attrs)}: ${found}; the posting asks for ${joinAnd(asked)}`;
}

function traitsBucket(attrs: Attribute[], candidate: CandidateProfile): string {
  const shown = [...candidate.traits, ...candidate.interests].map((n) => n.name);
  if (attrs.length === 0) {
    return `No requirement: the candidate shows ${shown.length ? joinAnd(shown) : "no traits or interests"}`;
  }
  const matched = attrs.filter(isMet).map((a) => a.name);
  return `${grade(attrs)}: ${met(attrs)} of ${attrs.length} traits, interests and values asked for${matched.length ? ` (${joinAnd(matched)})` : ""}`;
}

function cultureBucket(fit: CultureFit, job: JobProfile, candidate: CandidateProfile): string {
  if (fit.label === "Insufficient Evidence") {
    return `Insufficient evidence: ${plural(job.culture.total, "culture cue")} in the posting, ${plural(candidate.culture.total, "culture cue")} in the candidate text`;
  }
  return `${fit.label} (${fit.score.toFixed(2)}): the company leans towards ${joinAnd(leadingStyles(job.culture))}; the candidate towards ${joinAnd(leadingStyles(candidate.culture))}`;
}

function valuesBucket(fit: CultureFit, interests: Attribute[], job: JobProfile, candidate: CandidateProfile): string {
  const values = interests.filter((a) => a.kind === "value" && isMet(a)).map((a) => a.name.replace(/^Value: /u, ""));
  const stated = values.length ? `; shared stated values: ${joinAnd(values)}` : "";
  if (fit.label === "Insufficient Evidence") return `Insufficient evidence to compare values${stated}`;
  const company = leadingStyles(job.culture);
  const shared = leadingStyles(candidate.culture).filter((s) => company.includes(s));
  return shared.length
    ? `Shared culture styles: ${joinAnd(shared)}${stated}`
    : `No shared leading culture style${stated}`;
}

function matchedSummary(blocks: Blocks, layerOne: number): string {
  const all = [...blocks.skills, ...blocks.experience, ...blocks.education, ...blocks.interests];
  if (all.length === 0) return "The posting states no requirements that can be scored";
  const parts = (
    [
      ["skills", blocks.skills],
      ["experience", blocks.experience],
      ["education", blocks.education],
      ["traits and interests", blocks.interests],
    ] as const
  )
    .filter(([, attrs]) => attrs.length > 0)
    .map(([name, attrs]) => `${name} ${met(attrs)}/${attrs.length}`);
  return `Meets ${met(all)} of ${all.length} requirements (${parts.join(", ")}); overall match ${Math.round(layerOne * 100)}%`;
}

export function contextSummary(
  blocks: Blocks,
  layerOne: number,
  fit: CultureFit,
  job: JobProfile,
  candidate: CandidateProfile,
): ContextSummary {
  return {
    matched_summary: matchedSummary(blocks, layerOne),
    skills_bucket: skillsBucket(blocks.skills, candidate),
    traits_interest_bucket: traitsBucket(blocks.interests, candidate),
    education_bucket: educationBucket(blocks.education, candidate),
    experience_bucket: experienceBucket(blocks.experience, job, candidate),
    culture_compatibility_bucket: cultureBucket(fit, job, candidate),
    values_bucket: valuesBucket(fit, blocks.interests, job, candidate),
    culture_compatibility_label: fit.label,
    requirement_gaps: [...blocks.skills, ...blocks.experience, ...blocks.education, ...blocks.interests]
      .filter((a) => a.statedMust && !isMet(a))
      .map((a) => a.name),
  };
}
