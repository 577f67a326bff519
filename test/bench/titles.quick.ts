/**
 * Quick quality check of the title normalizer on both halves of the JobBERT development set (A = even rows, on which
 * global weights may be tuned; B = odd rows, held out). Weights can be overridden as JSON:
 *
 *   node --experimental-strip-types test/bench/titles.quick.ts '{"part":0.3}'
 */
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { TitleNormalizer, type NormalizerWeights } from "@winnow/core/catalogue/normalizer";
import { loadEscoCatalogue, loadValTitles } from "./jobbert.ts";
import { goldPositions, summarize } from "./metrics.ts";

const weights = JSON.parse(process.argv[2] ?? "{}") as Partial<NormalizerWeights>;
const normalizer = new TitleNormalizer(new Catalogue(loadEscoCatalogue()), { weights });
const positions = goldPositions(loadValTitles(), (text) => normalizer.inspect(text, 100).map((r) => r.title.name));
const show = (name: string, keep?: (i: number) => boolean) => {
  const m = summarize(positions, keep);
  console.log(`${name}: acc@1 ${m.acc1.toFixed(4)}  R@5 ${m.r5.toFixed(4)}  R@10 ${m.r10.toFixed(4)}  MRR ${m.mrr.toFixed(4)}`);
};
show("all");
show("A", (i) => i % 2 === 0);
show("B", (i) => i % 2 === 1);
