import { byName } from "../format.ts";
import type { CandidateProfile, JobProfile, SkillsBreakdown } from "../types.ts";

/**
 * The candidate's skills by kind: technical = specialized skills and certifications, soft = common skills,
 * transferable = skills the posting does not ask for but that are related to its skills (catalogue co-occurrence),
 * plus spoken languages. A skill can be both technical and transferable.
 */
export function skillsBreakdown(job: JobProfile, candidate: CandidateProfile): SkillsBreakdown {
  const asked = new Set(job.skills.flatMap((s) => [s.id, ...s.alternatives.map((a) => a.id)]));
  const related = new Set(job.relatedSkillIds);
  const names = (keep: (s: CandidateProfile["skills"][number]) => boolean) =>
    candidate.skills.filter(keep).map((s) => s.name).sort(byName);
  return {
    soft: names((s) => s.type === "Common Skill"),
    technical: names((s) => s.type === "Specialized Skill" || s.type === "Certification"),
    transferable: names((s) => !asked.has(s.id) && (s.type === "Language" || related.has(s.id))),
  };
}
