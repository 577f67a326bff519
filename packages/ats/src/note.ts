import { ADVISORY_STATEMENT } from "@winnow/core/analysis/index";
import type { ScoredStep } from "@winnow/storage/repos/screening-jobs";

/**
 * The trace every note carries. Before posting, the worker looks for it among the application's notes: a note
 * posted by an attempt that died before recording it is found and recorded instead of posted again.
 */
export const noteMarker = (matchId: string) => `winnow-match:${matchId}`;

const MAX_ITEMS = 5;

/** Plain text (Lever renders HTML literally, Greenhouse and Ashby accept text): score, strengths, gaps, advisory, link. */
export function formatNote(scored: ScoredStep, matchUrl: string | undefined): string {
  const lines = [`Winnow screening: ${scored.score.toFixed(0)}/100 for ${scored.jobTitle || "this job"}`];
  if (scored.strengths.length) lines.push("", "Strengths:", ...scored.strengths.slice(0, MAX_ITEMS).map((s) => `- ${s}`));
  if (scored.gaps.length) lines.push("", "Gaps:", ...scored.gaps.slice(0, MAX_ITEMS).map((g) => `- ${g}`));
  if (scored.warnings.length) lines.push("", ...scored.warnings.map((w) => `Note: ${w}`));
  lines.push("", ADVISORY_STATEMENT);
  if (matchUrl) lines.push("", `Details: ${matchUrl}`);
  lines.push("", noteMarker(scored.matchId));
  return lines.join("\n");
}

/** The configured tag with `{score}` filled in. */
export const tagText = (template: string, score: number) => template.replaceAll("{score}", score.toFixed(0));
