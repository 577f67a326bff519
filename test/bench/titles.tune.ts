/**
 * Coordinate ascent of the title normalizer's global weights on half A of the JobBERT development set (even rows of
 * val.csv), maximising acc@1 + MRR; prints the held-out half B with the result. This is how DEFAULT_WEIGHTS were set.
 *
 *   node --experimental-strip-types test/bench/titles.tune.ts [rounds]
 */
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { DEFAULT_WEIGHTS, TitleNormalizer, type NormalizerWeights } from "@winnow/core/catalogue/normalizer";
import { loadEscoCatalogue, loadValTitles } from "./jobbert.ts";
import { evaluate } from "./metrics.ts";

const catalogue = new Catalogue(loadEscoCatalogue());
const val = loadValTitles();
const halfA = val.filter((_, i) => i % 2 === 0);
const halfB = val.filter((_, i) => i % 2 === 1);
const rounds = Number(process.argv[2] ?? 2);

const run = (weights: NormalizerWeights, items = halfA) => {
  const normalizer = new TitleNormalizer(catalogue, { weights });
  const m = evaluate(items, (t) => normalizer.inspect(t, 100).map((r) => r.title.name));
  return { ...m, objective: m.acc1 + m.mrr };
};
const show = (m: { acc1: number; mrr: number }) => `acc@1 ${m.acc1.toFixed(4)} MRR ${m.mrr.toFixed(4)}`;

let weights = { ...DEFAULT_WEIGHTS };
let best = run(weights);
console.log(`start: ${show(best)}`);
for (let round = 0; round < rounds; round++) {
  for (const key of Object.keys(weights) as (keyof NormalizerWeights)[]) {
    const value = weights[key];
    const candidates = key === "minPairs" ? [value - 1, value + 1].filter((v) => v >= 1) : [value * 0.75, value * 1.3];
    for (const candidate of candidates) {
      const trial = { ...weights, [key]: candidate };
      const result = run(trial);
      if (result.objective > best.objective + 1e-4) {
        [weights, best] = [trial, result];
        console.log(`  ${key} = ${candidate.toFixed(3)}: ${show(result)}`);
      }
    }
  }
}
console.log(`half A (tuned): ${show(best)}\nhalf B (held out): ${show(run(weights, halfB))}`);
console.log(JSON.stringify(weights));
