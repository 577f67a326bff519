import { positionLevel } from "../extraction/titles.ts";
import type { CandidateProfile, JobProfile, Potential } from "../types.ts";

export interface PotentialSignals {
  /** Learning-culture cues, or a "curious"/"fast learner" trait, or a continuous-learning value. */
  learning: boolean;
  /** A certification skill, or a certifications section. */
  certifications: boolean;
  /** A later position at a higher level than an earlier one. */
  progression: boolean;
  /** Every must-have skill met, or at least half of the missing ones covered by a related skill. */
  gapsCoverable: boolean;
}

const LEARNING_TRAITS = new Set(["trait:curious", "trait:fast learner"]);
const LEARNING_VALUES = new Set(["value:continuous learning"]);

export function potentialSignals(job: JobProfile, candidate: CandidateProfile): PotentialSignals {
  const learning =
    candidate.culture.counts.learning > 0 ||
    candidate.traits.some((t) => t.id !== null && LEARNING_TRAITS.has(t.id)) ||
    candidate.values.some((v) => v.id !== null && LEARNING_VALUES.has(v.id));
  const certifications =
    candidate.skills.some((s) => s.type === "Certification") || candidate.sections.includes("certifications");

  // Oldest first; positions without a recognised title say nothing about level.
  const levels = candidate.experience.positions
    .filter((p) => p.titleId)
    .slice()
    .reverse()
    .map((p) => positionLevel(p.levels));
  const progression = levels.some((level, i) => levels.slice(0, i).some((earlier) => level > earlier));

  const have = new Set(candidate.skills.map((s) => s.id));
  const must = job.skills.filter((s) => s.strength === "must");
  const options = (s: (typeof must)[number]) => [s, ...s.alternatives];
  const missing = must.filter((s) => !options(s).some((o) => have.has(o.id)));
  const coverable = missing.filter((s) => options(s).some((o) => o.related.some((r) => have.has(r.id))));
  const gapsCoverable = must.length > 0 && (missing.length === 0 || coverable.length * 2 >= missing.length);

  return { learning, certifications, progression, gapsCoverable };
}

/** High with 3–4 of the signals, Medium with 2, Low with 0–1. */
export function longTermPotential(signals: PotentialSignals): Potential {
  const count = Object.values(signals).filter(Boolean).length;
  if (count >= 3) return "High";
  return count === 2 ? "Medium" : "Low";
}
