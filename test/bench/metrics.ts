/** Ranking metrics of a title normalizer over labelled titles (gold = the catalogue title named `label`). */
import type { LabelledTitle } from "./jobbert.ts";

export interface RankingMetrics {
  n: number;
  acc1: number;
  r5: number;
  r10: number;
  /** Mean reciprocal rank over the returned list (a gold title outside it counts 0). */
  mrr: number;
}

/** 0-based position of the gold title in each ranking, -1 when absent. `rank` returns title names, best first. */
export function goldPositions(items: readonly LabelledTitle[], rank: (text: string) => readonly string[]): Int32Array {
  return Int32Array.from(items, ({ text, label }) => {
    const gold = label.toLowerCase();
    return rank(text).findIndex((name) => name.toLowerCase() === gold);
  });
}

/** Metrics over the positions whose index passes `keep` (all by default). */
export function summarize(positions: Int32Array, keep: (index: number) => boolean = () => true): RankingMetrics {
  let n = 0;
  let acc1 = 0;
  let r5 = 0;
  let r10 = 0;
  let mrr = 0;
  positions.forEach((pos, i) => {
    if (!keep(i)) return;
    n++;
    if (pos < 0) return;
    if (pos === 0) acc1++;
    if (pos < 5) r5++;
    if (pos < 10) r10++;
    mrr += 1 / (pos + 1);
  });
  return { n, acc1: acc1 / n, r5: r5 / n, r10: r10 / n, mrr: mrr / n };
}

export const evaluate = (items: readonly LabelledTitle[], rank: (text: string) => readonly string[]): RankingMetrics =>
  summarize(goldPositions(items, rank));
