/**
 * The product's memory with the ESCO catalogue loaded, measured apart from the benchmark: this process loads the
 * JobBERT ESCO occupations as the catalogue, builds the normalizer and normalizes every val.csv title, and nothing
 * else (no baseline index, no results kept). It prints one JSON line; titles.bench.ts runs it as a child process.
 *
 *   node --expose-gc --experimental-strip-types test/bench/titles.rss.ts
 */
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { TitleNormalizer } from "@winnow/core/catalogue/normalizer";
import { loadEscoCatalogue, loadValTitles } from "./jobbert.ts";

export interface RssReport {
  /** RSS before any data is read (Node, the TypeScript loader and the modules), after GC. */
  startMb: number;
  /** After GC, with the catalogue and the normalizer built. */
  loadedMb: number;
  /** After GC, once every title has been normalized. */
  afterGcMb: number;
  /** Highest RSS the process reached. */
  peakMb: number;
  /** Live heap after GC at the end. */
  heapMb: number;
  /** Titles normalized per second in the pass (one core, cold start of the pass included). */
  perSecond: number;
  titles: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const rssAfterGc = () => {
  gc();
  return mb(process.memoryUsage().rss);
};

const startMb = rssAfterGc();
const texts = loadValTitles().map((v) => v.text);
const normalizer = new TitleNormalizer(new Catalogue(loadEscoCatalogue()));
const loadedMb = rssAfterGc();
let answered = 0;
const t0 = performance.now();
for (const text of texts) if (normalizer.normalize(text)) answered++;
const perSecond = Math.round((texts.length / (performance.now() - t0)) * 1000);
const afterGcMb = rssAfterGc();
const heapMb = mb(process.memoryUsage().heapUsed);
// Used after the measurement, so the collector cannot have freed the index before it.
if (!normalizer.normalize("software developer")) throw new Error("the normalizer lost its catalogue");
const report: RssReport = {
  startMb,
  loadedMb,
  afterGcMb,
  // maxRSS is in kilobytes.
  peakMb: mb(process.resourceUsage().maxRSS * 1024),
  heapMb,
  perSecond,
  titles: answered,
};
console.log(JSON.stringify(report));
