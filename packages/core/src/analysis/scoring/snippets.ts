import { round2 } from "../extraction/evidence.ts";
import { clamp01 } from "../format.ts";
import type { CandidateProfile, Evidence, SourceSnippet } from "../types.ts";
import type { Attribute } from "./attributes.ts";
import type { Blocks } from "./blocks.ts";

export const MAX_SNIPPETS = 10;
/** Each further piece of evidence quoted by the same passage adds this much confidence. */
export const CORROBORATION_BONUS = 0.05;

/**
 * Passages quoted from the candidate text: first the evidence behind the requirements met (fully or partly), in
 * block order, then the candidate's most recent positions and highest degree for context. Identical passages are
 * quoted once with the highest confidence plus a small bonus per extra piece of evidence.
 */
export function sourceSnippets(blocks: Blocks, candidate: CandidateProfile): SourceSnippet[] {
  const credited = (attrs: Attribute[]) => attrs.filter((a) => a.credit > 0).flatMap((a) => a.evidence);
  const ordered: Evidence[] = [
    ...credited(blocks.skills),
    ...credited(blocks.experience),
    ...credited(blocks.education),
    ...credited(blocks.interests),
    ...candidate.experience.positions.slice(0, 2).map((p) => p.evidence),
    ...candidate.education.degrees.slice(0, 1).map((d) => d.evidence),
  ];
  const merged = new Map<string, { confidence: number; count: number }>();
  // The same evidence backing several requirements (a position for years and for role) is not corroboration.
  const seen = new Set<Evidence>();
  for (const e of ordered) {
    if (!e.snippet || seen.has(e)) continue;
    seen.add(e);
    const known = merged.get(e.snippet);
    if (known) {
      known.confidence = Math.max(known.confidence, e.confidence);
      known.count += 1;
    } else {
      merged.set(e.snippet, { confidence: e.confidence, count: 1 });
    }
  }
  return [...merged]
    .slice(0, MAX_SNIPPETS)
    .map(([snippet, { confidence, count }]) => ({
      snippet,
      confidence_score: round2(clamp01(confidence + CORROBORATION_BONUS * (count - 1))),
    }));
}

/**
 * How much there was to go on, in [0, 1]: four equal parts for text length (full at 1,500 characters), recognised
 * sections (full at 3), dated positions (full at 2) and extracted evidence items (skills + degrees + traits and
 * interests, full at 8).
 */
export function overallConfidence(candidate: CandidateProfile): number {
  const part = (value: number, full: number) => Math.min(1, value / full) / 4;
  const evidence = candidate.skills.length + candidate.education.degrees.length + candidate.traits.length + candidate.interests.length;
  return round2(
    part(candidate.textLength, 1500) +
      part(candidate.sections.length, 3) +
      part(candidate.experience.positions.length, 2) +
      part(evidence, 8),
  );
}
