/**
 * npm run bench:screening — ranking quality and speed of the screening engine on the labelled dev set
 * (test/fixtures/screening: 12 jobs × 30 candidates — 25 of the job's profession, 5 of others — text, PDF and DOCX
 * résumés, grades 0–3), on its half C (test/fixtures/screening-fresh: 4 more professions, same shape; the fresh set
 * of 2.12, opened for tuning in 2.13) and on the fresh blind set (test/fixtures/screening-fresh2: 4 more professions,
 * never read by anyone tuning the engine).
 *
 * 1. Quality: per job, NDCG@10 (gains 2^grade − 1) and P@5 (relevant = grade ≥ 2) of the engine's ranking and of a
 *    BM25 ranking of the same decoded texts (job description as the query), for dev half A, dev half B, the whole
 *    the 12-job dev set A + B (the target), half C and the fresh set; beside them the same metrics for an independent second reading of the
 *    dev set by readers blind to the grades (second-reading.json): how consistent the labels are.
 * 2. Speed on one core: text and PDF résumés per second, bytes → extracted text → analyseCandidate → scoreMatch.
 * 3. p50 latency of POST /v1/match-insights/recommend-candidates with 100 text résumés served from a loopback HTTP
 *    server, on the local server with an in-memory DynamoDB Local.
 *
 * BENCH_QUALITY_ONLY=1 runs part 1 only; BENCH_DETAIL=<job id>|A|B|C prints the engine's ranking of those jobs
 * (the fresh set's rankings are never printed: reading them would tune on it). A run with BENCH_DETAIL is a tuning
 * run, so it leaves out the fresh set's figures altogether.
 */
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import { analyseCandidate, analyseJob, scoreMatch, type EngineContext } from "@winnow/core/analysis/index";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { TitleNormalizer } from "@winnow/core/catalogue/normalizer";
import { extractText } from "@winnow/core/documents/index";
import { loadDefaultCatalogue } from "@winnow/catalogue";
import { FRESH_FIXTURES, SET_C_FIXTURES, decodeAll, loadLabels, readBytes, readJob } from "./screening/dataset.ts";
import { mean } from "./screening/metrics.ts";
import { evaluate, type JobQuality, type RankingQuality } from "./screening/quality.ts";
import { agreement, loadSecondReading, secondReadingQuality } from "./screening/second-reading.ts";

const TARGETS = { ndcgMargin: 0.15, textPerSecond: 200, pdfPerSecond: 20, recommendP50Ms: 1000 };
// "Present" in the résumés resolves to the date the dev set was written, so results do not drift with the clock.
const NOW = new Date("2026-11-21T00:00:00Z");
const QUALITY_ONLY = process.env.BENCH_QUALITY_ONLY === "1";
const DETAIL = process.env.BENCH_DETAIL ?? "";

const data = loadDefaultCatalogue();
const catalogue = new Catalogue(data);
const ctx: EngineContext = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const jobs = loadLabels();
const cJobs = loadLabels(SET_C_FIXTURES);
const freshJobs = loadLabels(FRESH_FIXTURES);
const texts = await decodeAll([...jobs, ...cJobs, ...freshJobs]);

// ---------------------------------------------------------------------------------------------------------------
// 1. Quality

const f3 = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(3)}`;
const quality = evaluate(jobs, texts, ctx, NOW);
const cQuality = evaluate(cJobs, texts, ctx, NOW);
const freshQuality = evaluate(freshJobs, texts, ctx, NOW);
const readings = loadSecondReading(jobs);
const second = new Map<string, RankingQuality>(jobs.map((j) => [j.id, secondReadingQuality(j, readings.get(j.id)!)]));

function printQuality(rows: JobQuality[]): void {
  console.log(
    `\nbench:screening — dev set ${jobs.length} + ${cJobs.length} jobs + fresh set ${freshJobs.length} jobs, × ${jobs[0]!.candidates.length} candidates; NDCG@10 (gain 2^g−1), P@5 (grade ≥ 2),`,
  );
  console.log("own@5 = NDCG@5 of each job's own candidates ranked among themselves (same profession, the hard part)");
  console.log("2nd = an independent second reading by readers blind to the grades (second-reading.json): the labels' consistency");
  console.log("dev A = tuned on since engine 2.0; dev B = held out until 2.11, tuned on since 2.12;\ndev C = the fresh set of 2.12, tuned on since 2.13; fresh = never read by anyone tuning\n");
  const head = ["job", "half", "NDCG engine", "NDCG BM25", "Δ NDCG", "P@5 engine", "P@5 BM25", "own@5 eng", "own@5 BM25", "NDCG 2nd", "own@5 2nd"];
  const widths = [28, 9, 12, 11, 9, 12, 10, 11, 11, 10, 11];
  const line = (cells: string[]) => console.log(cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(""));
  line(head);
  const halfName = { A: "dev A", B: "dev B", C: "dev C", fresh: "fresh" } as const;
  const secondOf = (q: JobQuality, pick: (r: RankingQuality) => number) => (second.has(q.id) ? f3(pick(second.get(q.id)!)) : "—");
  for (const q of rows) {
    line([
      q.id,
      halfName[q.half],
      f3(q.engine.ndcg10),
      f3(q.bm25.ndcg10),
      signed(q.engine.ndcg10 - q.bm25.ndcg10),
      f3(q.engine.p5),
      f3(q.bm25.p5),
      f3(q.engine.ownNdcg5),
      f3(q.bm25.ownNdcg5),
      secondOf(q, (r) => r.ndcg10),
      secondOf(q, (r) => r.ownNdcg5),
    ]);
  }
  console.log("-".repeat(widths.reduce((a, b) => a + b, 0)));
  const summary = (name: string, part: JobQuality[]) => {
    const e = mean(part.map((q) => q.engine.ndcg10));
    const b = mean(part.map((q) => q.bm25.ndcg10));
    const m = (pick: (q: JobQuality) => number) => f3(mean(part.map(pick)));
    const unread = part.some((q) => !second.has(q.id));
    const s = unread ? ["—", "—"] : [m((q) => second.get(q.id)!.ndcg10), m((q) => second.get(q.id)!.ownNdcg5)];
    line([`mean: ${name}`, `${part.length} jobs`, f3(e), f3(b), signed(e - b), m((q) => q.engine.p5), m((q) => q.bm25.p5), m((q) => q.engine.ownNdcg5), m((q) => q.bm25.ownNdcg5), ...s]);
  };
  const dev = rows.filter((q) => q.half === "A" || q.half === "B");
  summary("dev half A", dev.filter((q) => q.half === "A"));
  summary("dev half B", dev.filter((q) => q.half === "B"));
  summary("dev set", dev);
  summary("dev half C", rows.filter((q) => q.half === "C"));
  if (!DETAIL) summary("fresh set", rows.filter((q) => q.half === "fresh"));
}

function printDetail(q: JobQuality): void {
  console.log(`\n${q.id} — engine ranking (grade, score, BM25 rank; layer-two skills/experience/education/interests)`);
  q.rows.forEach((r, i) => {
    const ins = r.result.recommendation_insights;
    const l2 = [ins.analysed_skills, ins.analysed_experience, ins.analysed_education, ins.analysed_interests]
      .map((b) => b.layer_two_score.toFixed(2))
      .join("/");
    console.log(`${String(i + 1).padStart(3)}  g${r.grade}${r.own ? " " : "*"} ${r.score.toFixed(2).padStart(6)}  bm25#${String(r.bm25Rank).padEnd(3)} ${l2}  ${r.id}`);
  });
}

printQuality([...quality, ...cQuality, ...(DETAIL ? [] : freshQuality)]);
for (const q of [...quality, ...cQuality]) if (DETAIL === q.id || DETAIL === q.half) printDetail(q);
const allEngine = mean(quality.map((q) => q.engine.ndcg10));
const allBm25 = mean(quality.map((q) => q.bm25.ndcg10));

// ---------------------------------------------------------------------------------------------------------------
// 2. Speed on one core

interface Speed {
  perSecond: number;
  documents: number;
}

/** Candidates per second through the full path, repeated until at least `minMs` have passed (after a warm-up pass). */
async function throughput(format: "text" | "pdf", minMs = 3000): Promise<Speed> {
  const items = jobs.flatMap((job) => {
    const profile = analyseJob(readJob(job), ctx);
    return job.candidates.filter((c) => c.own && c.format === format).map((c) => ({ bytes: readBytes(c.file), profile }));
  });
  const pass = async () => {
    for (const { bytes, profile } of items) {
      const { text } = await extractText(bytes);
      scoreMatch(profile, analyseCandidate(text, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx);
    }
  };
  await pass();
  let done = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    await pass();
    done += items.length;
  }
  return { perSecond: (done / (performance.now() - start)) * 1000, documents: items.length };
}

// ---------------------------------------------------------------------------------------------------------------
// 3. recommend-candidates on the local server

async function recommendLatency(requests = 15, candidates = 100): Promise<{ p50: number; p90: number; failed: number }> {
  const { serve } = await import("@hono/node-server");
  const { createApp } = await import("@winnow/api");
  const { createServices } = await import("@winnow/services");
  const { benchStack } = await import("./local-stack.ts");

  const stack = await benchStack();
  const { store, key } = stack;

  // The résumés are fetched over HTTP as in production; loopback needs allowPrivateUrls.
  const files = jobs.flatMap((j) => j.candidates.filter((c) => c.own && c.format === "text"));
  const resumeServer = createServer((req, res) => {
    const id = decodeURIComponent((req.url ?? "").split("?")[0]!.slice(1));
    const c = files.find((x) => x.id === id);
    if (!c) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end(readBytes(c.file));
  });
  await new Promise<void>((r) => resumeServer.listen(0, "127.0.0.1", r));
  const resumeBase = `http://127.0.0.1:${(resumeServer.address() as { port: number }).port}`;

  const app = createApp(createServices(store, { adminToken: randomUUID(), allowPrivateUrls: true }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1/match-insights/recommend-candidates`;

  const job = jobs[0]!;
  const body = JSON.stringify({
    jobDescription: readJob(job),
    candidates: Array.from({ length: candidates }, (_, i) => ({
      first_name: `Candidate ${i + 1}`,
      resume: `${resumeBase}/${files[i % files.length]!.id}?n=${i}`,
    })),
  });
  const call = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body });
    const json = (await res.json()) as { data?: { warnings: string[] }[] };
    const ok = res.status === 201 && json.data?.length === candidates && json.data.every((d) => d.warnings.length === 0);
    return { ms: performance.now() - t0, ok };
  };
  try {
    for (let i = 0; i < 2; i++) await call();
    const timings: number[] = [];
    let failed = 0;
    for (let i = 0; i < requests; i++) {
      const r = await call();
      timings.push(r.ms);
      if (!r.ok) failed++;
    }
    timings.sort((a, b) => a - b);
    const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!;
    return { p50: at(0.5), p90: at(0.9), failed };
  } finally {
    server.close();
    resumeServer.close();
    await stack.close();
  }
}

const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");
console.log(`\ntarget NDCG@10 ≥ BM25 + ${TARGETS.ndcgMargin}: engine ${f3(allEngine)} vs BM25 ${f3(allBm25)} (${signed(allEngine - allBm25)}) ${verdict(allEngine - allBm25 >= TARGETS.ndcgMargin)}`);
{
  const allSecond = mean([...second.values()].map((q) => q.ndcg10));
  const a = agreement(jobs, readings);
  console.log(
    `  independent second reading: NDCG@10 ${f3(allSecond)} (BM25 ${signed(allSecond - allBm25)}, engine ${signed(allSecond - allEngine)}); ` +
      `grades agree exactly ${(a.exact * 100).toFixed(0)} %, within one ${(a.withinOne * 100).toFixed(0)} %, quadratic-weighted κ ${f3(a.quadraticKappa)}`,
  );
}

if (!DETAIL) {
  const e = mean(freshQuality.map((q) => q.engine.ndcg10));
  const b = mean(freshQuality.map((q) => q.bm25.ndcg10));
  console.log(`fresh blind set (${freshQuality.length} jobs, not tuned on): engine ${f3(e)} vs BM25 ${f3(b)} (${signed(e - b)}) — how far the dev-set margin generalises`);
}

if (!QUALITY_ONLY) {
  const text = await throughput("text");
  const pdf = await throughput("pdf");
  console.log(`\nspeed, one core (bytes → text → analyse → score):`);
  console.log(`  text résumés: ${text.perSecond.toFixed(0)} candidates/s (${text.documents} documents; target ≥ ${TARGETS.textPerSecond}) ${verdict(text.perSecond >= TARGETS.textPerSecond)}`);
  console.log(`  PDF résumés:  ${pdf.perSecond.toFixed(0)} candidates/s (${pdf.documents} documents; target ≥ ${TARGETS.pdfPerSecond}) ${verdict(pdf.perSecond >= TARGETS.pdfPerSecond)}`);
  const api = await recommendLatency();
  console.log(`\nPOST /v1/match-insights/recommend-candidates, 100 text résumés over loopback HTTP, 15 sequential calls:`);
  console.log(`  p50 ${api.p50.toFixed(0)} ms, p90 ${api.p90.toFixed(0)} ms, ${api.failed} failed (target p50 ≤ ${TARGETS.recommendP50Ms} ms) ${verdict(api.p50 <= TARGETS.recommendP50Ms && api.failed === 0)}`);
}
process.exit(0);
