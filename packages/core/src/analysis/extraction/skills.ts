import type { Catalogue } from "../../catalogue/catalogue.ts";
import type { Skill } from "../../catalogue/types.ts";
import type { JobSection, ResumeSection } from "../text/headings.ts";
import type { CandidateSkill, RelatedSkillRef, SkillRequirement, Strength } from "../types.ts";
import { evidenceAt } from "./evidence.ts";
import { firmer, requirementStrength } from "./requirements.ts";
import type { Hit, Scan } from "./scan.ts";

/** Partial credit comes from the skills most related to a requirement, when reasonably related. */
export const RELATED_PER_SKILL = 10;
export const MIN_RELATED_SCORE = 0.3;
/** Size of the pool of skills related to the posting as a whole (transferable skills). */
export const RELATED_TO_JOB = 50;

/**
 * Catalogue skills a posting names, with how firmly (see requirementStrength; a skill named in the title, as in
 * "Python Developer", is a must-have). A skill named several times keeps its firmest strength. Must-haves come
 * first, then nice-to-haves, each in order of first mention.
 */
export function extractJobSkills(
  scan: Scan<JobSection>,
  catalogue: Catalogue,
  titleSpan: [number, number] | null,
): SkillRequirement[] {
  const found = new Map<string, { strength: Strength; order: number }>();
  const inTitle = (start: number, end: number) => titleSpan !== null && start >= titleSpan[0] && end <= titleSpan[1];
  scan.skills.forEach((hit, order) => {
    const strength = inTitle(hit.start, hit.end)
      ? "must"
      : requirementStrength(scan, hit.line, hit.start, hit.end, { about: "nice" });
    if (!strength) return;
    const seen = found.get(hit.value);
    found.set(hit.value, { strength: firmer(seen?.strength, strength), order: seen?.order ?? order });
  });
  return [...found]
    .flatMap(([id, { strength, order }]) => {
      const skill = catalogue.skill(id);
      return skill ? [{ skill, strength, order }] : [];
    })
    .sort((a, b) => (a.strength === b.strength ? a.order - b.order : a.strength === "must" ? -1 : 1))
    .map(({ skill, strength }) => ({
      id: skill.id,
      name: skill.name,
      type: skill.type,
      strength,
      related: relatedForCredit(catalogue, skill),
    }));
}

/**
 * Skills whose presence earns partial credit for a missing one. Only specialized skills stand in for each other:
 * co-occurring with Docker says nothing about "Collaboration", and a related certification is not the certificate.
 */
function relatedForCredit(catalogue: Catalogue, skill: Skill): RelatedSkillRef[] {
  if (skill.type !== "Specialized Skill") return [];
  return catalogue
    .relatedSkills([skill.id], RELATED_PER_SKILL)
    .filter((r) => r.score >= MIN_RELATED_SCORE && r.skill.type === "Specialized Skill")
    .map((r) => ({ id: r.skill.id, name: r.skill.name, score: Math.round(r.score * 1000) / 1000 }));
}

// A skill used in a job or project is better evidence than the same skill in a keyword list.
const SECTION_CONFIDENCE: Partial<Record<ResumeSection, number>> = {
  experience: 0.9,
  projects: 0.85,
  summary: 0.8,
  skills: 0.8,
  certifications: 0.85,
  languages: 0.8,
};
const OTHER_SECTION_CONFIDENCE = 0.7;
const REPEAT_BONUS = 0.05;

/** Catalogue skills in a candidate text, in order of first mention, each with its best-supported mention quoted. */
export function extractCandidateSkills(scan: Scan<ResumeSection>, catalogue: Catalogue): CandidateSkill[] {
  const byId = new Map<string, Hit<string, ResumeSection>[]>();
  for (const hit of scan.skills) {
    const list = byId.get(hit.value) ?? [];
    list.push(hit);
    byId.set(hit.value, list);
  }
  const out: CandidateSkill[] = [];
  for (const [id, hits] of byId) {
    const skill = catalogue.skill(id);
    if (!skill) continue;
    const confidenceOf = (h: Hit<string, ResumeSection>) => SECTION_CONFIDENCE[h.line.section] ?? OTHER_SECTION_CONFIDENCE;
    // First mention among the best-supported ones.
    const best = hits.reduce((a, b) => (confidenceOf(b) > confidenceOf(a) ? b : a));
    const confidence = confidenceOf(best) + (hits.length > 1 ? REPEAT_BONUS : 0);
    out.push({
      id,
      name: skill.name,
      type: skill.type,
      mentions: hits.length,
      evidence: evidenceAt(scan.doc.text, best.line, best.start, best.end, confidence),
    });
  }
  return out;
}
