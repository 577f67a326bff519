/**
 * npm run bench:titles — title normalization on the JobBERT development set: the 2,942 ESCO v1.0 occupations
 * (preferred + alternative labels) as the catalogue, the 15,463 labelled vacancy titles of val.csv as queries.
 * Prints ranking quality, speed, index build time and memory of Winnow's normalizer next to a MiniSearch index of
 * the same names and aliases (fuzzy + prefix search, best label per occupation), with the ratio, then the
 * calibration of the confidence. The product's memory is measured in child processes that load only the catalogue
 * and the normalizer (titles.rss.ts), three times each: with the V8 memory flags `npm start` runs the server with (read
 * from package.json), and with Node's defaults.
 *
 *   --fit-calibration   refit the confidence model on half A and show how the fitted model does on half B
 *
 * The normalizer's global weights were tuned on half A (even rows); half B (odd rows) is held out.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import MiniSearch from "minisearch";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { CONFIDENCE_THRESHOLD, TitleNormalizer } from "@winnow/core/catalogue/normalizer";
import { fitCalibration, reliability, type Outcome } from "./calibration.ts";
import { loadEscoCatalogue, loadValTitles } from "./jobbert.ts";
import { goldPositions, summarize, type RankingMetrics } from "./metrics.ts";
import type { RssReport } from "./titles.rss.ts";

const TOP = 100;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const rssMb = () => {
  gc();
  return process.memoryUsage().rss / 2 ** 20;
};
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const timed = <T>(fn: () => T): [T, number] => {
  const t0 = performance.now();
  const out = fn();
  return [out, performance.now() - t0];
};

interface Speed {
  perSecond: number;
  p50: number;
  p99: number;
}

/** Throughput and per-call latency of `fn` over every text, after a warm-up pass over the first 2,000. */
function measure(texts: readonly string[], fn: (text: string) => unknown): Speed {
  for (const t of texts.slice(0, 2000)) fn(t);
  const latencies = new Float64Array(texts.length);
  const start = performance.now();
  texts.forEach((t, i) => {
    const t0 = performance.now();
    fn(t);
    latencies[i] = performance.now() - t0;
  });
  const total = performance.now() - start;
  latencies.sort();
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { perSecond: (texts.length / total) * 1000, p50: at(0.5), p99: at(0.99) };
}

/**
 * The V8 memory flags of the server `npm start` runs (package.json): V8 sizes the young generation from the machine's
 * memory and keeps it once grown, so the server caps it; the product is measured as it runs.
 */
const packageJson = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
const SERVER_FLAGS = packageJson.scripts.start.split(/\s+/).filter((arg) => /^--max-[a-z-]+-size=/.test(arg));
if (SERVER_FLAGS.length === 0) throw new Error("npm start sets no V8 memory flag: measure the product with its defaults only");

/** Runs titles.rss.ts in a fresh Node process with the given V8 flags. */
function productRss(v8Flags: string[]): RssReport {
  const script = fileURLToPath(new URL("./titles.rss.ts", import.meta.url));
  const flags = ["--expose-gc", ...v8Flags, "--experimental-strip-types", "--disable-warning=ExperimentalWarning"];
  return JSON.parse(execFileSync(process.execPath, [...flags, script], { encoding: "utf8" })) as RssReport;
}

/** RSS after GC varies from run to run (V8 returns freed pages or not; 138–170 MB seen): the median of 3 runs. */
function medianProductRss(v8Flags: string[]): RssReport & { range: [number, number] } {
  const runs = [0, 1, 2].map(() => productRss(v8Flags)).sort((a, b) => a.afterGcMb - b.afterGcMb);
  return { ...runs[1]!, range: [runs[0]!.afterGcMb, runs[2]!.afterGcMb] };
}

// Before this process loads anything, so the children do not compete with it for memory or cores.
const productServer = medianProductRss(SERVER_FLAGS);
const productDefault = medianProductRss([]);

const rssStart = rssMb();
const [catalogue, catalogueMs] = timed(() => new Catalogue(loadEscoCatalogue()));
const val = loadValTitles();
const texts = val.map((v) => v.text);
const labels = catalogue.titles.reduce((n, t) => n + 1 + t.aliases.length, 0);
const rssCatalogue = rssMb();

// Winnow
const heapBefore = heapMb();
const [normalizer, buildMs] = timed(() => new TitleNormalizer(catalogue));
const normalizerHeap = heapMb() - heapBefore;
const rssBuilt = rssMb();
// Speed and memory first, as a service would run: normalize() on every title.
const winnowSpeed = measure(texts, (t) => normalizer.normalize(t));
const rssWinnow = rssMb();
const outcomes: Outcome[] = [];
const positions = goldPositions(val, (text) => normalizer.score(text, TOP).map((s) => s.title.name));
val.forEach(({ text, label }) => {
  const top = normalizer.score(text, 1)[0];
  outcomes.push(top ? { ...top, correct: top.title.name.toLowerCase() === label.toLowerCase() } : { score: 0, margin: 0, exact: 0, correct: false });
});
const winnow = summarize(positions);
const winnowA = summarize(positions, (i) => i % 2 === 0);
const winnowB = summarize(positions, (i) => i % 2 === 1);
const rssQuality = rssMb();

// Baseline: MiniSearch over the same names and aliases, best label per occupation.
const names = catalogue.titles.map((t) => t.name);
const miniHeapBefore = heapMb();
const [mini, miniBuildMs] = timed(() => {
  const index = new MiniSearch<{ id: number; title: number; text: string }>({ fields: ["text"], storeFields: ["title"] });
  let id = 0;
  catalogue.titles.forEach((t, title) => {
    for (const text of [t.name, ...t.aliases]) index.add({ id: id++, title, text });
  });
  return index;
});
const miniHeap = heapMb() - miniHeapBefore;
const miniRank = (text: string, limit: number): string[] => {
  const best = new Map<number, number>();
  for (const hit of mini.search(text, { fuzzy: 0.2, prefix: true })) {
    const title = hit.title as number;
    if (hit.score > (best.get(title) ?? 0)) best.set(title, hit.score);
  }
  return [...best]
    .sort((a, b) => b[1] - a[1] || names[a[0]]!.localeCompare(names[b[0]]!))
    .slice(0, limit)
    .map(([title]) => names[title]!);
};
const baseline = summarize(goldPositions(val, (text) => miniRank(text, TOP)));
const baselineSpeed = measure(texts, (t) => miniRank(t, 1));
const rssBoth = rssMb();
const miniRss = Math.max(0, rssBoth - rssQuality);

// Report
const f3 = (x: number) => x.toFixed(3);
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "–");
const rows: [string, string, string, string, string][] = [];
const quality = (name: keyof RankingMetrics, label: string, target: string) =>
  rows.push([label, f3(winnow[name]), f3(baseline[name]), ratio(winnow[name], baseline[name]), target]);
quality("acc1", "acc@1", "≥ 0.35");
quality("r5", "R@5", "");
quality("r10", "R@10", "");
quality("mrr", `MRR (top ${TOP})`, "≥ 0.45");
rows.push(["titles/s (one core)", winnowSpeed.perSecond.toFixed(0), baselineSpeed.perSecond.toFixed(0), ratio(winnowSpeed.perSecond, baselineSpeed.perSecond), "≥ 5000"]);
rows.push(["p50 latency ms", winnowSpeed.p50.toFixed(3), baselineSpeed.p50.toFixed(3), ratio(baselineSpeed.p50, winnowSpeed.p50), ""]);
rows.push(["p99 latency ms", winnowSpeed.p99.toFixed(3), baselineSpeed.p99.toFixed(3), ratio(baselineSpeed.p99, winnowSpeed.p99), "≤ 2"]);
rows.push(["index build ms", buildMs.toFixed(0), miniBuildMs.toFixed(0), ratio(miniBuildMs, buildMs), "≤ 2000"]);
rows.push(["RSS MB, product", productServer.afterGcMb.toFixed(0), "", "", "≤ 150"]);
rows.push(["  with Node's defaults", productDefault.afterGcMb.toFixed(0), "", "", ""]);
rows.push(["RSS MB, bench process", rssWinnow.toFixed(0), `+${miniRss.toFixed(0)}`, "", ""]);
rows.push(["index heap MB", normalizerHeap.toFixed(1), miniHeap.toFixed(1), ratio(miniHeap, normalizerHeap), ""]);

const widths = [26, 12, 12, 10, 10];
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("");
console.log(
  `\nbench:titles — ${val.length} titles of JobBERT val.csv against ${catalogue.titles.length} ESCO v1.0 occupations ` +
    `(${labels} names and aliases); catalogue parsed and indexed in ${catalogueMs.toFixed(0)} ms, process RSS before: ` +
    `${rssStart.toFixed(0)} MB\n`,
);
console.log(line(["", "winnow", "minisearch", "ratio", "target"]));
for (const r of rows) console.log(line(r));
console.log("(ratios: winnow ÷ baseline for quality and throughput, baseline ÷ winnow for times and memory)");
console.log(
  `Bench process RSS (it also holds val.csv, MiniSearch and the results): ${rssStart.toFixed(0)} MB at start (Node, ` +
    `the TypeScript loader and the modules), ${rssCatalogue.toFixed(0)} MB with the catalogue and val.csv loaded, ${rssBuilt.toFixed(0)} MB with the index built, ${rssWinnow.toFixed(0)} MB after ` +
    `normalizing every title (${rssQuality.toFixed(0)} MB after the top-${TOP} quality pass); the baseline's column is its ` +
    `increment. "index heap" is the live heap an index adds; the rest of the RSS growth is V8's young generation.\n`,
);

const child = (name: string, r: ReturnType<typeof medianProductRss>) =>
  `  ${name}: ${r.startMb.toFixed(0)} MB bare, ${r.loadedMb.toFixed(0)} MB with catalogue and index, ` +
  `${r.afterGcMb.toFixed(0)} MB (3 runs: ${r.range.map((x) => x.toFixed(0)).join("–")}) after normalizing ${r.titles} ` +
  `titles and a GC, peak ${r.peakMb.toFixed(0)} MB; live heap ${r.heapMb.toFixed(0)} MB; ${r.perSecond} titles/s`;
console.log(
  "product RSS (a child process with only the ESCO catalogue and the normalizer, every val title normalized; " +
    "the median of 3 runs):",
);
console.log(child(`npm start's ${SERVER_FLAGS.join(" ")}`, productServer));
console.log(child("Node's defaults", productDefault));
console.log("");
console.log("halves (weights tuned on A = even rows; B = odd rows held out):");
for (const [name, m] of [["A", winnowA], ["B", winnowB]] as const) {
  console.log(`  ${name}: acc@1 ${f3(m.acc1)}  R@5 ${f3(m.r5)}  R@10 ${f3(m.r10)}  MRR ${f3(m.mrr)}  (${m.n} titles)`);
}

const printReliability = (title: string, r: ReturnType<typeof reliability>) => {
  console.log(`\n${title}: ECE ${f3(r.ece)}, Brier ${f3(r.brier)}`);
  console.log(`  confidence ≥ ${CONFIDENCE_THRESHOLD}: ${(r.confident.share * 100).toFixed(1)}% of answers, right ${(r.confident.accuracy * 100).toFixed(1)}%; below: right ${(r.weak.accuracy * 100).toFixed(1)}%`);
  console.log("  bin        n    mean conf  accuracy");
  for (const b of r.bins) console.log(`  ${b.from.toFixed(1)}–${b.to.toFixed(1)} ${String(b.n).padStart(6)}  ${f3(b.confidence).padStart(9)}  ${f3(b.accuracy).padStart(8)}`);
};
const outcomesA = outcomes.filter((_, i) => i % 2 === 0);
const outcomesB = outcomes.filter((_, i) => i % 2 === 1);
printReliability("confidence of the top title, half B (held out)", reliability(outcomesB, undefined, CONFIDENCE_THRESHOLD));
if (process.argv.includes("--fit-calibration")) {
  const model = fitCalibration(outcomesA);
  console.log(`\nfitted on half A: ${JSON.stringify(model)}`);
  printReliability("fitted model on half B", reliability(outcomesB, model, CONFIDENCE_THRESHOLD));
}
