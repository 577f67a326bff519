/**
 * npm run bench:unseen — how the engine degrades on a profession the catalogue barely knows.
 *
 * The dev set's catalogue entries and rules were written while looking at its twelve professions, so the engine's
 * margin over BM25 there overstates what it does for a posting of a profession the catalogue knows poorly. This
 * probe re-runs the dev-set ranking of each job with a catalogue degraded for that job's profession only (its domain
 * file: the career group of the title the full catalogue reads from the posting, else the group whose file defines
 * most of the posting's skills; screening/degrade.ts), and prints NDCG@10 of the engine and of BM25 (which reads
 * the raw texts and does not move):
 *
 *   full     the shipped catalogue;
 *   aliases  every skill and title of the domain file keeps its canonical name only (no synonyms, no shorthand);
 *   title    the posting's catalogue title (name and aliases) is gone, so the normalizer reads the posting's title
 *            as whatever else it resembles, or as nothing;
 *   skills   the skills the posting names that the domain file defines are gone (and from every title's list);
 *   unseen   all three at once.
 *
 * BENCH_MODES=full,unseen picks modes; BENCH_DETAIL=<job id>:<mode> prints that ranking (grade, score, BM25 rank,
 * layer-two scores); BENCH_READ=1 the posting's title and skill count as read under each mode. Only the jobs open
 * for tuning are read (halves A, B and C; never the fresh blind set).
 */
import { analyseJob, type EngineContext } from "@winnow/core/analysis/index";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { TitleNormalizer } from "@winnow/core/catalogue/normalizer";
import { loadDefaultCatalogue } from "@winnow/catalogue";
import { DEGRADE_MODES, degrade, professionOf, type DegradeMode } from "./screening/degrade.ts";
import { decodeAll, loadOpenLabels, readJob } from "./screening/dataset.ts";
import { mean } from "./screening/metrics.ts";
import { evaluate } from "./screening/quality.ts";

const NOW = new Date("2026-11-21T00:00:00Z");
type Mode = DegradeMode;
const MODES: Mode[] = process.env.BENCH_MODES ? (process.env.BENCH_MODES.split(",") as Mode[]) : [...DEGRADE_MODES];

const full = loadDefaultCatalogue();
const fullCatalogue = new Catalogue(full);
const fullCtx: EngineContext = { catalogue: fullCatalogue, normalizer: new TitleNormalizer(fullCatalogue) };
const jobs = loadOpenLabels();
const texts = await decodeAll(jobs);

const f3 = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(3)}`;
const results = new Map<Mode, { id: string; engine: number; bm25: number; title: string }[]>(MODES.map((m) => [m, []]));

for (const job of jobs) {
  const profile = analyseJob(readJob(job), fullCtx);
  const postingSkills = new Set(profile.skills.flatMap((s) => [s.id, ...s.alternatives.map((a) => a.id)]));
  for (const mode of MODES) {
    const data = degrade(mode, profile.title.id, professionOf(profile.title.careerGroup, postingSkills), postingSkills);
    const catalogue = data === full ? fullCatalogue : new Catalogue(data);
    const ctx: EngineContext = data === full ? fullCtx : { catalogue, normalizer: new TitleNormalizer(catalogue) };
    const [q] = evaluate([job], texts, ctx, NOW);
    if (process.env.BENCH_DETAIL === `${job.id}:${mode}`) {
      for (const [i, r] of q!.rows.entries()) {
        const ins = r.result.recommendation_insights;
        const l2 = [ins.analysed_skills, ins.analysed_experience, ins.analysed_education, ins.analysed_interests].map((b) => b.layer_two_score.toFixed(2)).join("/");
        console.log(`${String(i + 1).padStart(3)} g${r.grade}${r.own ? " " : "*"} ${r.score.toFixed(2).padStart(6)} bm25#${String(r.bm25Rank).padEnd(3)} ${l2} ${r.id}`);
      }
    }
    const read = analyseJob(readJob(job), ctx);
    results.get(mode)!.push({
      id: job.id,
      engine: q!.engine.ndcg10,
      bm25: q!.bm25.ndcg10,
      title: `${read.title.name ?? "—"}; ${read.skills.length} skills`,
    });
  }
}

console.log(`\nbench:unseen — NDCG@10 of the engine (and Δ against BM25) per job, with the catalogue degraded for that job's profession`);
console.log("aliases: domain skills and titles without aliases; title: the posting's title gone; skills: the posting's domain skills gone; unseen: all three\n");
const widths = [28, 8, ...MODES.map(() => 17)];
const line = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(""));
line(["job", "BM25", ...MODES.map((m) => m)]);
jobs.forEach((job, i) => {
  const bm25 = results.get(MODES[0]!)![i]!.bm25;
  line([job.id, f3(bm25), ...MODES.map((m) => `${f3(results.get(m)![i]!.engine)} (${signed(results.get(m)![i]!.engine - bm25)})`)]);
});
console.log("-".repeat(widths.reduce((a, b) => a + b, 0)));
const bm25Mean = mean(results.get(MODES[0]!)!.map((r) => r.bm25));
line(["mean", f3(bm25Mean), ...MODES.map((m) => `${f3(mean(results.get(m)!.map((r) => r.engine)))} (${signed(mean(results.get(m)!.map((r) => r.engine)) - bm25Mean)})`)]);
const worst = (m: Mode) => Math.min(...results.get(m)!.map((r) => r.engine - r.bm25));
line(["worst Δ vs BM25", "", ...MODES.map((m) => signed(worst(m)))]);
if (process.env.BENCH_READ === "1") {
  console.log("\nposting title and skill count as read under each mode:");
  jobs.forEach((job, i) => console.log(`${job.id}: ${MODES.map((m) => `${m}: ${results.get(m)![i]!.title}`).join(" | ")}`));
}
process.exit(0);
