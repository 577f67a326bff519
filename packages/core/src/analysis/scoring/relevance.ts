import type { CandidateProfile, JobProfile, Strength, WorkLine } from "../types.ts";
import { weightOf, type Attribute } from "./attributes.ts";
import { wordCoverage, type EarnedWord } from "./coverage.ts";
import { ageInYears, recencyWeight } from "./recency.ts";

/**
 * Lexical relevance: how much of the posting's wording (extraction/vocabulary.ts, `extractJobWording`) the résumé
 * uses. The catalogue sees a skill only under a name it knows; a recruiter reading the résumé beside the posting
 * also sees the posting's other words, its title and its skills recur in the candidate's account of their work.
 * This attribute reads exactly that, per candidate: each word's weight comes from the catalogue, never from the
 * pool being ranked.
 */

/** Weight of the attribute among the posting's skills (a must-have skill weighs 1). */
export const RELEVANCE_WEIGHT = 1;
/**
 * Share of the posting's weighted wording the résumé must use for full credit. Postings say far more than any one
 * résumé; using half of what they say, skills and title included, is a résumé written about the same work.
 */
export const RELEVANCE_FULL_COVERAGE = 0.5;
/** Credit of a word named only in a skills list, summary, certifications or projects: stated, not shown in a role. */
export const STATED_TERM_CREDIT = 0.5;

interface Use {
  word: string;
  credit: number;
  line: WorkLine | null;
}

/**
 * Each term of the posting's wording earns its weight times the best evidence the résumé gives of it: the recency
 * weight of the most recent work-history passage that uses it (a word of last year's job says more than one of a
 * job a decade ago), else STATED_TERM_CREDIT when only stated. The credit is the share earned of the whole weighted
 * wording, full at RELEVANCE_FULL_COVERAGE. Null when the posting has no wording of its own.
 */
export function relevanceAttribute(job: JobProfile, candidate: CandidateProfile, strength: Strength): Attribute | null {
  const total = job.wording.reduce((sum, v) => sum + v.weight, 0);
  if (total <= 0) return null;
  const uses = new Map<string, Use>();
  for (const line of candidate.work) {
    const credit = line.lastUsed ? recencyWeight(ageInYears(line.lastUsed, candidate.asOf)) : 1;
    line.terms.forEach((term, i) => {
      const known = uses.get(term);
      if (!known || credit > known.credit) uses.set(term, { word: line.words[i] ?? term, credit, line });
    });
  }
  for (const s of candidate.stated) {
    const known = uses.get(s.term);
    if (!known || STATED_TERM_CREDIT > known.credit) uses.set(s.term, { word: s.word, credit: STATED_TERM_CREDIT, line: null });
  }
  const earned: EarnedWord[] = [];
  for (const v of job.wording) {
    const use = uses.get(v.term);
    if (use) earned.push({ word: use.word, weight: v.weight * use.credit, line: use.line });
  }
  const { credit, words, evidence } = wordCoverage(earned, total, RELEVANCE_FULL_COVERAGE);
  return {
    kind: "relevance",
    name: "Wording of the posting in the résumé",
    strength,
    weight: RELEVANCE_WEIGHT * weightOf(strength),
    credit,
    note: words.length ? `${credit >= 1 ? "used" : "partly used"}: ${words.join(", ")}` : "not used in the résumé",
    statedMust: false,
    evidence,
  };
}
