import { cultureFit } from "../culture/fit.ts";
import { byName, clamp01, formatPostedDate, round4 } from "../format.ts";
import type { CandidateProfile, EngineContext, JobProfile, MatchResult } from "../types.ts";
import { toBlock } from "./attributes.ts";
import { scoreAttributes } from "./blocks.ts";
import { skillsBreakdown } from "./breakdown.ts";
import { areasForImprovement, narrative, strengths } from "./narrative.ts";
import { longTermPotential, potentialSignals } from "./potential.ts";
import { overallConfidence, sourceSnippets } from "./snippets.ts";
import { contextSummary } from "./summary.ts";
import { layerOneScore } from "./weights.ts";

export const NOT_SPECIFIED = "Not specified";

/**
 * Scores one candidate against one analysed posting. Pure: depends only on its arguments (neither profile is
 * modified), so candidates can be scored in any order or in parallel against a shared JobProfile. The profiles
 * already carry everything needed from the catalogue; `ctx` is accepted so that callers need not know that.
 */
export function scoreMatch(
  job: JobProfile,
  candidate: CandidateProfile,
  input: { candidateName: string; postedDate: Date },
  _ctx: EngineContext,
): MatchResult {
  const blocks = scoreAttributes(job, candidate);
  // Rounded once, so that match_score is exactly layer_one_score × 100 with two decimals.
  const basisPoints = Math.round(clamp01(layerOneScore(blocks)) * 10_000);
  const layerOne = round4(basisPoints / 10_000);
  const matchScore = basisPoints / 100;
  const fit = cultureFit(job.culture, candidate.culture);
  const candidateName = typeof input?.candidateName === "string" ? input.candidateName.trim() : "";
  const byNameSorted = (items: { name: string }[]) => [...new Set(items.map((i) => i.name))].sort(byName);

  return {
    match_score: matchScore,
    job_title: job.title.text || NOT_SPECIFIED,
    job_located_at: job.location ?? NOT_SPECIFIED,
    candidate_name: candidateName,
    recommendation_insights: {
      layer_one_score: layerOne,
      analysed_education: toBlock(blocks.education),
      analysed_experience: toBlock(blocks.experience),
      analysed_skills: toBlock(blocks.skills),
      analysed_interests: toBlock(blocks.interests),
      context_summary: contextSummary(blocks, layerOne, fit, job, candidate),
      context_snippets: {
        summary: narrative(blocks, layerOne, fit, job, candidate, candidateName),
        source_snippets: sourceSnippets(blocks, candidate),
        overall_confidence_score: overallConfidence(candidate),
      },
      posted_date: formatPostedDate(input?.postedDate),
      skills_breakdown: skillsBreakdown(job, candidate),
      interests: byNameSorted(candidate.interests),
      traits: byNameSorted(candidate.traits),
      culture_fit: fit,
    },
    summary: {
      score: Math.round(matchScore),
      strengths: strengths(blocks, fit, job, candidate),
      areas_for_improvement: areasForImprovement(blocks, fit, job, candidate),
      cultural_fit: fit.label,
      long_term_potential: longTermPotential(potentialSignals(job, candidate)),
    },
    job_title_id: job.title.id,
  };
}
