import { formatYears, joinAnd, joinOr } from "../format.ts";
import { EDUCATION_LEVEL_NAMES } from "../lexicon/education.ts";
import type { CandidateProfile, CultureFit, JobProfile } from "../types.ts";
import { isMet, type Attribute } from "./attributes.ts";
import type { Blocks } from "./blocks.ts";
import { describeEducation } from "./summary.ts";
import { hardRequirementFactor } from "./weights.ts";

export const MAX_SENTENCES = 5;
/** Unshown duties named in one sentence; the rest are counted (each is listed in analysed_experience). */
const MAX_DUTIES_NAMED = 3;

const names = (attrs: readonly Attribute[]) => attrs.map((a) => a.name);
const unprefixed = (attrs: readonly Attribute[]) => attrs.map((a) => a.name.replace(/^[A-Z][a-z]+: /u, ""));
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
/** The skills the posting asks for; the skills block also holds the résumé's lexical relevance, which is no skill. */
const askedSkills = (blocks: Blocks) => blocks.skills.filter((a) => a.kind === "skill");

/** Top matched evidence as sentences, most important block first. */
export function strengths(blocks: Blocks, fit: CultureFit, job: JobProfile, candidate: CandidateProfile): string[] {
  const out: string[] = [];
  const mustSkills = askedSkills(blocks).filter((a) => a.strength === "must");
  const metMust = mustSkills.filter(isMet);
  if (metMust.length) out.push(`Has ${metMust.length} of ${mustSkills.length} required skills: ${joinAnd(names(metMust))}.`);
  const metNice = askedSkills(blocks).filter((a) => a.strength === "nice" && isMet(a));
  if (metNice.length) out.push(`Also brings nice-to-have skills: ${joinAnd(names(metNice))}.`);

  const duties = blocks.experience.filter((a) => a.kind === "responsibility");
  for (const a of blocks.experience.filter((x) => isMet(x) && x.kind !== "responsibility")) {
    if (a.kind === "years") {
      out.push(`Experience meets the ${job.experience?.years}+ years asked for (${a.note}).`);
    } else if (a.kind === "role") {
      // Held under a broader title the posting's title narrows ("as Mechanical Engineer" for Mechanical Design Engineer).
      const broader = a.note?.startsWith("as ") ? a.note.slice(3) : null;
      out.push(broader ? `Has worked as ${broader}, the posting's role under a broader title.` : `Has worked as ${job.title.name}.`);
    } else if (a.kind === "vocabulary") {
      out.push(`Work history uses the vocabulary of the role (${a.note}).`);
    } else if (a.kind === "quota") {
      out.push(`Record of quota attainment meets the posting's ask (${a.note}).`);
    } else {
      out.push(`Has already held a ${lowerFirst(a.name)}.`);
    }
  }
  const shown = duties.filter(isMet);
  if (shown.length) out.push(`Work history shows ${shown.length} of the ${duties.length} responsibilities of the role.`);
  // One sentence for the degree, whichever of the posting's degree requirements it meets ("High school diploma or
  // higher" required and "Bachelor's degree or higher" nice to have).
  const metDegrees = blocks.education.filter((a) => isMet(a) && a.kind === "degree");
  if (metDegrees.length) {
    const requirements = metDegrees.length > 1 ? "requirements" : "requirement";
    const { level, inProgressLevel } = candidate.education;
    // A secondary school met through college work still under way (scoring/blocks.ts): no degree held to name.
    const holds =
      level === "none" && inProgressLevel
        ? `Has studied toward ${withArticle(EDUCATION_LEVEL_NAMES[inProgressLevel])}`
        : `Holds ${withArticle(EDUCATION_LEVEL_NAMES[level])}`;
    out.push(`${holds}, meeting the ${joinAnd(metDegrees.map((a) => a.name))} ${requirements}.`);
  }
  if (blocks.education.some((a) => isMet(a) && a.kind === "field")) {
    // A field of the same family is accepted, not asked for: "Accounting" meets "Economics or a related field".
    const asked = job.education.fields?.fields ?? [];
    const exact = candidate.education.fields.find((f) => asked.some((r) => r.id === f.id));
    const related = candidate.education.fields.find((f) => asked.some((r) => r.family === f.family));
    out.push(
      exact
        ? `Studied ${exact.name}, as the posting asks.`
        : related
          ? `Studied ${related.name}, a field related to the ones the posting asks for.`
          : "Studied a field the posting asks for.",
    );
  }
  const personal = blocks.interests.filter(isMet);
  if (personal.length) out.push(`Shows ${joinAnd(unprefixed(personal))}, as the posting asks.`);
  if (fit.label === "High Alignment") out.push(`Culture signals align strongly with the company's (score ${fit.score.toFixed(2)}).`);
  return out.slice(0, MAX_SENTENCES);
}

/** A name with its indefinite article: "an Associate degree", "a Bachelor's degree", "a High school diploma". */
function withArticle(name: string): string {
  return `${/^[AEIOU]/u.test(name) ? "an" : "a"} ${name}`;
}

/** Credit of the vocabulary attribute below which areas_for_improvement mentions it. */
const VOCABULARY_MENTION_BELOW = 0.5;

/** Unmet requirements as sentences, most important block first. */
export function areasForImprovement(blocks: Blocks, fit: CultureFit, job: JobProfile, candidate: CandidateProfile): string[] {
  const out: string[] = [];
  // A stated lack of the work authorisation the posting requires comes first: it decides before anything else does.
  const authorisation = blocks.skills.find((a) => a.kind === "authorisation" && !isMet(a));
  if (authorisation && job.workAuthorisation) {
    out.push(
      `The candidate states "${authorisation.evidence[0]?.snippet ?? ""}", and the posting requires ${lowerFirst(authorisation.name)}: "${job.workAuthorisation.evidence.snippet.replace(/[.!]$/u, "")}".`,
    );
  }
  const must = askedSkills(blocks).filter((a) => a.strength === "must");
  const missing = must.filter((a) => a.credit === 0);
  if (missing.length) out.push(`Missing required skills: ${joinAnd(names(missing))}.`);
  const related = must.filter((a) => a.credit > 0 && a.credit < 1);
  if (related.length) {
    out.push(`Required skills only partly evidenced: ${joinAnd(related.map((a) => `${a.name} (${a.note})`))}.`);
  }
  const nice = askedSkills(blocks).filter((a) => a.strength === "nice" && !isMet(a));
  if (nice.length) out.push(`Lacks nice-to-have skills: ${joinAnd(names(nice))}.`);

  const duties = blocks.experience.filter((a) => a.kind === "responsibility");
  for (const a of blocks.experience.filter((x) => !isMet(x) && x.kind !== "responsibility")) {
    if (a.kind === "years") {
      const need = job.experience?.years;
      out.push(
        candidate.experience.years > 0
          ? `Experience short of the ${need}+ years asked for (${a.note}).`
          : `No dated positions or stated years of experience found; the posting asks for ${need}+ years.`,
      );
    } else if (a.kind === "role") {
      out.push(`No position as ${job.title.name} found${a.note ? ` (${a.note})` : ""}.`);
    } else if (a.kind === "vocabulary") {
      // Partial use of the posting's words is the norm; only a work history that barely uses them is worth saying.
      if (a.credit < VOCABULARY_MENTION_BELOW) out.push(`Work history uses little of the vocabulary of the role (${a.note}).`);
    } else if (a.kind === "quota") {
      const ask = job.quota && job.quota.need > 1 ? `quota met in ${job.quota.need} of the last ${job.quota.window} years` : "a record of meeting quota";
      out.push(`Quota attainment short of the posting's ask of ${ask} (${a.note}).`);
    } else {
      out.push(`No ${lowerFirst(a.name)} found in the work history (${a.note}).`);
    }
  }
  const unshown = duties.filter((a) => a.credit === 0);
  if (unshown.length) {
    const named = unshown.slice(0, MAX_DUTIES_NAMED).map((a) => `"${a.name.replace(/^Responsibility: /u, "")}"`);
    const rest = unshown.length - named.length;
    out.push(`Work history does not show ${unshown.length} of the ${duties.length} responsibilities of the role: ${named.join("; ")}${rest > 0 ? ` and ${rest} more` : ""}.`);
  }
  for (const a of blocks.education.filter((x) => !isMet(x))) {
    if (a.kind === "degree") {
      out.push(`No ${a.name} found${candidate.education.level !== "none" || a.credit > 0 ? ` (${a.note})` : ""}.`);
    } else {
      const asked = job.education.fields?.fields.map((f) => f.name) ?? [];
      out.push(`Field of study ${joinOr(asked)} not found${a.note ? ` (${a.note})` : ""}.`);
    }
  }
  // Interests are scored but their absence is never called out (docs/fairness.md): a hobby can stand for a protected trait.
  const personal = blocks.interests.filter((a) => !isMet(a) && a.kind !== "interest");
  if (personal.length) out.push(`No evidence of ${joinAnd(unprefixed(personal))}, which the posting asks for.`);
  if (fit.label === "Low Alignment") out.push(`Culture signals differ from the company's (score ${fit.score.toFixed(2)}).`);
  return out.slice(0, MAX_SENTENCES);
}

/** The narrative of context_snippets: what was found, in plain sentences built from the extracted facts. */
export function narrative(
  blocks: Blocks,
  layerOne: number,
  fit: CultureFit,
  job: JobProfile,
  candidate: CandidateProfile,
  candidateName: string,
): string {
  const who = candidateName.trim() || "The candidate";
  const posting = job.title.text ? `the ${job.title.text} posting` : "the posting";
  const sentences: string[] = [];
  const total = blocks.skills.length + blocks.experience.length + blocks.education.length + blocks.interests.length;
  sentences.push(
    total
      ? `${who} matches ${Math.round(layerOne * 100)}% of ${posting}.`
      : `${posting.charAt(0).toUpperCase()}${posting.slice(1)} states no requirements that can be scored.`,
  );
  // A hard requirement not fully met scales the whole score (hardRequirementFactor): say so, or the score would
  // contradict the blocks' own scores, whose weighted mean it then no longer is.
  const factor = hardRequirementFactor(blocks);
  if (factor < 1) {
    const all = [...blocks.skills, ...blocks.experience, ...blocks.education, ...blocks.interests].filter((a) => a.hard && a.credit < 1);
    // The factor is the largest shortfall's: the requirements short by it are the reason; one short by less (20 of 24
    // months beside a missing licence) moved nothing and is named as also short.
    const shortfall = (a: (typeof all)[number]) => 1 - Math.min(1, Math.max(0, a.credit));
    const largest = Math.max(...all.map(shortfall));
    const decisive = all.filter((a) => shortfall(a) >= largest - 1e-9);
    const lesser = all.filter((a) => shortfall(a) < largest - 1e-9);
    // A required minimum of years is a bar (isYearsBar, scoring/blocks.ts), not something the work cannot be done without.
    const short = decisive.filter((a) => a.kind !== "years");
    const years = decisive.filter((a) => a.kind === "years");
    const reasons = [
      short.length
        ? `${short.length === 1 ? "a requirement" : "requirements"} the work cannot be done without ${short.length === 1 ? "is" : "are"} not fully met: ${joinAnd(names(short))}`
        : null,
      years.length ? `the experience is short of the required minimum: ${joinAnd(names(years))}` : null,
    ].filter((r): r is string => r !== null);
    const also = lesser.length ? ` (also short, by less: ${joinAnd(names(lesser))})` : "";
    sentences.push(`The score is scaled to ${Math.round(factor * 100)}% of the requirements' weighted mean because ${reasons.join(", and ")}${also}.`);
  }

  const must = askedSkills(blocks).filter((a) => a.strength === "must");
  if (must.length) {
    const missing = must.filter((a) => !isMet(a));
    sentences.push(
      `Skills: ${must.length - missing.length} of ${must.length} required skills${missing.length ? ` (not fully met: ${joinAnd(names(missing))})` : ""}.`,
    );
  } else if (candidate.skills.length) {
    sentences.push(`Skills: ${joinAnd(candidate.skills.map((s) => s.name))}.`);
  }

  const exp = candidate.experience;
  if (exp.source === "dates") {
    const latest = exp.positions.find((p) => p.title);
    sentences.push(
      `Experience: ${formatYears(exp.years)} across ${exp.positions.length} dated position${exp.positions.length === 1 ? "" : "s"}${latest ? `, most recently ${latest.title}` : ""}.`,
    );
  } else if (exp.source === "stated") {
    sentences.push(`Experience: ${formatYears(exp.years)} as stated; no dated positions found.`);
  } else {
    sentences.push("Experience: no dated positions or stated years found.");
  }

  sentences.push(`Education: ${describeEducation(candidate)}.`);
  sentences.push(
    fit.label === "Insufficient Evidence"
      ? "Culture: not enough culture signals to compare."
      : `Culture: ${fit.label.toLowerCase()} (${fit.score.toFixed(2)}).`,
  );
  return sentences.join(" ");
}
