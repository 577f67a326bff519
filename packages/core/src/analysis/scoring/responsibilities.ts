import type { CandidateProfile, Evidence, JobProfile, WorkLine } from "../types.ts";
import type { Attribute } from "./attributes.ts";
import { ageInYears, recencyWeight } from "./recency.ts";

/**
 * Weight of all the posting's duties together in the experience block, shared equally among them: a posting with
 * twelve duties does not drown the years and role requirements, and one with three does not inflate them.
 */
export const RESPONSIBILITIES_WEIGHT = 2;
/**
 * Share of a duty's terms the quoted work-history lines must show for full credit. Nobody describes a job in the
 * posting's words; half of them, in the candidate's own lines, is a clear sign of the same work.
 */
export const DUTY_FULL_COVERAGE = 0.5;
/** At most this many work-history lines are quoted for one duty, and only they earn its credit. */
export const MAX_DUTY_EVIDENCE = 3;

/**
 * Each duty of the posting scored against the candidate's work history. Up to MAX_DUTY_EVIDENCE passages are
 * chosen greedily, each for the most recency-weighted terms of the duty not yet shown; the credit is the
 * recency-weighted share of the duty's terms those passages show, relative to DUTY_FULL_COVERAGE. The credit rests
 * on those passages alone: the explanation names the words they show and source_snippets quotes them. A skills list
 * or a summary is not work history and is never read here.
 */
export function responsibilityAttributes(job: JobProfile, candidate: CandidateProfile): Attribute[] {
  if (job.duties.length === 0) return [];
  const weight = RESPONSIBILITIES_WEIGHT / job.duties.length;
  const lines = candidate.work.map((line) => ({
    line,
    terms: new Set(line.terms),
    recency: line.lastUsed ? recencyWeight(ageInYears(line.lastUsed, candidate.asOf)) : 1,
  }));
  return job.duties.map((duty): Attribute => {
    const remaining = new Set(duty.terms);
    const quoted: WorkLine[] = [];
    const written = new Map<string, string>();
    let shownWeight = 0;
    while (remaining.size > 0 && quoted.length < MAX_DUTY_EVIDENCE) {
      // The passage that earns the most, not the one that shows the most terms: the same duty described in an old
      // job and a recent one earns the recent one's credit whichever the résumé lists first.
      let best: { line: WorkLine; shown: string[]; earned: number } | null = null;
      for (const { line, terms, recency } of lines) {
        const shown = [...remaining].filter((t) => terms.has(t));
        const earned = shown.length * recency;
        if (shown.length > 0 && (!best || earned > best.earned)) best = { line, shown, earned };
      }
      if (!best) break;
      for (const t of best.shown) {
        remaining.delete(t);
        written.set(t, best.line.words[best.line.terms.indexOf(t)] ?? t);
      }
      shownWeight += best.earned;
      quoted.push(best.line);
    }
    const coverage = duty.terms.length > 0 ? shownWeight / duty.terms.length : 0;
    const credit = Math.min(1, coverage / DUTY_FULL_COVERAGE);
    const evidence: Evidence[] = quoted.map((l) => l.evidence);
    return {
      kind: "responsibility",
      name: `Responsibility: ${duty.name}`,
      strength: "must",
      weight,
      credit,
      note: dutyNote(credit, duty.terms.flatMap((t) => written.get(t) ?? [])),
      statedMust: false,
      evidence,
    };
  });
}

/**
 * The explanation names the candidate's own words that show the duty, in the duty's order; the passages they come
 * from are quoted verbatim in source_snippets. Whole passages are not repeated here: an explanation must not change
 * with unscored text around the evidence (docs/fairness.md, counterfactual tests).
 */
function dutyNote(credit: number, words: readonly string[]): string {
  if (words.length === 0) return "not found in the work history";
  return `${credit >= 1 ? "evidenced" : "partly evidenced"} in the work history: ${words.join(", ")}`;
}
