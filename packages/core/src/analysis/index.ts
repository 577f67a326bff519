/**
 * Winnow screening analysis engine: reads a job description and candidate texts, and scores candidates against the
 * posting with explainable, deterministic rules (see docs/scoring.md).
 *
 *   const job = analyseJob(description, ctx);                 // once per posting
 *   const candidate = analyseCandidate(resumeText, ctx, now);  // once per candidate
 *   const result = scoreMatch(job, candidate, { candidateName, postedDate }, ctx);
 */
export { analyseCandidate } from "./engine/candidate.ts";
export { analyseJob } from "./engine/job.ts";
export { scoreMatch } from "./scoring/match.ts";
export { ADVISORY_STATEMENT, ENGINE_VERSION } from "./version.ts";
export { CULTURE_STYLES } from "./culture/styles.ts";
export { EDUCATION_LEVELS, type EducationLevel } from "./lexicon/education.ts";
export type {
  AnalysisBlock,
  CandidateProfile,
  CompactInsights,
  ContextSnippets,
  ContextSummary,
  CultureFit,
  CultureLabel,
  EngineContext,
  FullInsights,
  JobProfile,
  MatchResult,
  Potential,
  SkillsBreakdown,
  SourceSnippet,
} from "./types.ts";
