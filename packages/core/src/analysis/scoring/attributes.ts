import { round4 } from "../format.ts";
import type { AnalysisBlock, Evidence, Strength } from "../types.ts";

export type AttributeKind = "skill" | "years" | "role" | "seniority" | "responsibility" | "vocabulary" | "relevance" | "quota" | "authorisation" | "degree" | "field" | "trait" | "interest" | "value";

/** One requirement of the posting, scored against the candidate. */
export interface Attribute {
  kind: AttributeKind;
  /** Human-readable requirement ("Python", "5+ years of experience", "Bachelor's degree or higher"). */
  name: string;
  strength: Strength;
  weight: number;
  /** Credit earned in [0, 1]; 1 = met, between 0 and 1 = documented partial credit. */
  credit: number;
  /** What was found when it explains the credit ("related skill: Docker", "found 3.5 years"). */
  note: string | null;
  /** A must-have the posting states: listed in requirement_gaps (by name) when not fully met. */
  statedMust: boolean;
  /** Candidate evidence behind the credit. */
  evidence: Evidence[];
  /** A hard requirement (see isHardRequirement, scoring/blocks.ts): its shortfall lowers the whole score. */
  hard?: boolean;
}

/** A nice-to-have requirement weighs half as much as a must-have. */
export const NICE_WEIGHT = 0.5;
export const weightOf = (strength: Strength): number => (strength === "must" ? 1 : NICE_WEIGHT);

export const isMet = (a: Attribute): boolean => a.credit >= 1;

export function describe(a: Attribute): string {
  const notes = [a.strength === "nice" ? "nice to have" : null, a.note].filter((n): n is string => Boolean(n));
  return notes.length ? `${a.name} (${notes.join("; ")})` : a.name;
}

/** Weighted share of credit; 0 when there is nothing to score. */
export function blockScore(attributes: readonly Attribute[]): number {
  let weight = 0;
  let earned = 0;
  for (const a of attributes) {
    weight += a.weight;
    earned += a.weight * Math.min(1, Math.max(0, a.credit));
  }
  return weight > 0 ? earned / weight : 0;
}

export function toBlock(attributes: readonly Attribute[]): AnalysisBlock {
  const matched = attributes.filter(isMet);
  return {
    attributes_matched: `${matched.length}/${attributes.length}`,
    matched_attributes: matched.map(describe),
    unmatched_attributes: attributes.filter((a) => !isMet(a)).map(describe),
    layer_two_score: round4(blockScore(attributes)),
  };
}
