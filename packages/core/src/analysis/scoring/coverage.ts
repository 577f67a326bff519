import type { Evidence, WorkLine } from "../types.ts";

/** Words named in an explanation, most weight first. */
const MAX_WORDS_NAMED = 8;
/** Work-history passages quoted as evidence, the ones that show the most weight first. */
const MAX_PASSAGES = 2;

/** A word of the posting the résumé uses: as written there, the weight it earned, and the passage that shows it. */
export interface EarnedWord {
  word: string;
  weight: number;
  line: WorkLine | null;
}

/**
 * The credit for using `earned` out of a posting's `total` weighted words, full at the share `fullCoverage`; the
 * words to name and the passages to quote. Ties keep the posting's order (`earned` is in it), so the explanation
 * is deterministic.
 */
export function wordCoverage(earned: readonly EarnedWord[], total: number, fullCoverage: number): { credit: number; words: string[]; evidence: Evidence[] } {
  let shown = 0;
  const byLine = new Map<WorkLine, number>();
  for (const e of earned) {
    shown += e.weight;
    if (e.line) byLine.set(e.line, (byLine.get(e.line) ?? 0) + e.weight);
  }
  return {
    credit: Math.min(1, shown / total / fullCoverage),
    words: [...earned].sort((a, b) => b.weight - a.weight).slice(0, MAX_WORDS_NAMED).map((e) => e.word),
    evidence: [...byLine].sort((a, b) => b[1] - a[1]).slice(0, MAX_PASSAGES).map(([line]) => line.evidence),
  };
}
