import type { CandidateProfile, Evidence, JobProfile, WorkLine } from "../types.ts";
import type { Attribute } from "./attributes.ts";
import { ageInYears, recencyWeight } from "./recency.ts";

/** Weight of the vocabulary attribute in the experience block, beside the role (1) and the duties (2 together). */
export const VOCABULARY_WEIGHT = 1;
/**
 * Share of the posting's weighted vocabulary the work history must use for full credit. A posting's prose is far
 * longer than any one candidate's description of the same work; a third of its specific words is a clear sign.
 */
export const VOCABULARY_FULL_COVERAGE = 0.3;
/** Words named in the explanation, most specific first. */
const MAX_WORDS_NAMED = 8;
/** Work-history passages quoted as evidence, the ones that show the most weight first. */
const MAX_PASSAGES = 2;

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
  let shown = 0;
  const found: { word: string; weight: number; line: WorkLine }[] = [];
  const byLine = new Map<WorkLine, number>();
  for (const v of job.vocabulary) {
    const hit = best.get(v.term);
    if (!hit) continue;
    const earned = v.weight * hit.recency;
    shown += earned;
    found.push({ word: hit.line.words[hit.line.terms.indexOf(v.term)] ?? v.word, weight: earned, line: hit.line });
    byLine.set(hit.line, (byLine.get(hit.line) ?? 0) + earned);
  }
  const credit = Math.min(1, shown / total / VOCABULARY_FULL_COVERAGE);
  // Stable order: most weight first, then the posting's order (found is in it), so the explanation is deterministic.
  const words = [...found].sort((a, b) => b.weight - a.weight).slice(0, MAX_WORDS_NAMED).map((f) => f.word);
  const evidence: Evidence[] = [...byLine]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_PASSAGES)
    .map(([line]) => line.evidence);
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
