import type { CandidateProfile, JobProfile, WorkLine } from "../types.ts";
import type { Attribute } from "./attributes.ts";
import { wordCoverage, type EarnedWord } from "./coverage.ts";
import { ageInYears, recencyWeight } from "./recency.ts";

/** Weight of the vocabulary attribute in the experience block, beside the role (1) and the duties (2 together). */
export const VOCABULARY_WEIGHT = 1;
/**
 * Share of the posting's weighted vocabulary the work history must use for full credit. A posting's prose is far
 * longer than any one candidate's description of the same work; a third of its specific words is a clear sign.
 */
export const VOCABULARY_FULL_COVERAGE = 0.3;

/**
 * How much of the posting's domain vocabulary (extraction/vocabulary.ts) the candidate's work history uses, each
 * word weighted by its specificity and by the recency of the most recent position that uses it: the words of the
 * work a candidate did last year say more than those of a job a decade ago. A skills list or a summary is never
 * read here, so keywords pasted into one earn nothing.
 */
export function vocabularyAttribute(job: JobProfile, candidate: CandidateProfile): Attribute | null {
  const total = job.vocabulary.reduce((sum, v) => sum + v.weight, 0);
  if (total <= 0) return null;
  const recency = (line: WorkLine) => (line.lastUsed ? recencyWeight(ageInYears(line.lastUsed, candidate.asOf)) : 1);
  const best = new Map<string, { line: WorkLine; recency: number }>();
  for (const line of candidate.work) {
    const r = recency(line);
    for (const term of line.terms) {
      const known = best.get(term);
      if (!known || r > known.recency) best.set(term, { line, recency: r });
    }
  }
  const earned: EarnedWord[] = [];
  for (const v of job.vocabulary) {
    const hit = best.get(v.term);
    if (hit) earned.push({ word: hit.line.words[hit.line.terms.indexOf(v.term)] ?? v.word, weight: v.weight * hit.recency, line: hit.line });
  }
  const { credit, words, evidence } = wordCoverage(earned, total, VOCABULARY_FULL_COVERAGE);
  return {
    kind: "vocabulary",
    name: "Vocabulary of the role in the work history",
    strength: "must",
    weight: VOCABULARY_WEIGHT,
    credit,
    note: words.length ? `${credit >= 1 ? "shown" : "partly shown"}: ${words.join(", ")}` : "not found in the work history",
    statedMust: false,
    evidence,
  };
}
