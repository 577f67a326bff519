/**
 * node --experimental-strip-types test/bench/devset-dump.ts <job-id> <candidate-id>... — what the engine reads from
 * dev-set résumés (test/fixtures/screening, and half C in screening-fresh) and how it scores them against one posting: for looking into a ranking.
 * DUMP_TEXT=1 also prints the text as the API reads it (PDF and DOCX decoded); DUMP_LINES=1 each line's section.
 */
import { asText, scanText } from "@winnow/core/analysis/extraction/scan";
import { RESUME_SECTIONS } from "@winnow/core/analysis/text/headings";
import { analyseCandidate, analyseJob, scoreMatch, type EngineContext } from "@winnow/core/analysis/index";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { TitleNormalizer } from "@winnow/core/catalogue/normalizer";
import { loadDefaultCatalogue } from "@winnow/catalogue";
import { decodeAll, loadOpenLabels, readJob } from "./screening/dataset.ts";

const NOW = new Date("2026-11-21T00:00:00Z");
const POSTED = new Date("2026-11-01T00:00:00Z");
const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx: EngineContext = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const [jobId, ...ids] = process.argv.slice(2);
const jobs = loadOpenLabels();
const job = jobs.find((j) => j.id === jobId)!;
const texts = await decodeAll([job]);
const profile = analyseJob(readJob(job), ctx);
console.log(`job ${jobId}: years ${JSON.stringify(profile.experience)}, education ${JSON.stringify(profile.education)}`);
console.log(`  skills: ${profile.skills.map((s) => `${[s, ...s.alternatives].map((a) => a.name).join(" | ")}(${s.strength})`).join(", ")}`);
for (const id of ids) {
  const cand = job.candidates.find((c) => c.id === id);
  const text = texts.get(id)!;
  if (process.env.DUMP_TEXT === "1") console.log(`----- text of ${id} -----\n${text}\n----------------`);
  if (process.env.DUMP_LINES === "1") {
    for (const l of scanText(asText(text), RESUME_SECTIONS, catalogue).doc.lines) {
      console.log(`${l.section.padEnd(15)}${l.heading ? "H" : " "} ${l.text}`);
    }
  }
  const p = analyseCandidate(text, ctx, NOW);
  const r = scoreMatch(profile, p, { candidateName: id, postedDate: POSTED }, ctx);
  const ins = r.recommendation_insights;
  console.log(`\n=== ${id} grade ${cand?.grade} score ${r.match_score}`);
  console.log(`years ${p.experience.years} (${p.experience.source}) relevant? titles: ${p.experience.titles.map((t) => `${t.name}[${t.level}]`).join("; ")}`);
  for (const pos of p.experience.positions) console.log(`  • ${pos.title} → ${pos.catalogueTitle ?? "—"} @ ${pos.employer} | ${pos.start}..${pos.end} ${pos.months}m`);
  console.log(`education ${p.education.level}: ${p.education.degrees.map((d) => `${d.level} ${d.fields.map((f) => f.name).join("/")}`).join("; ")}`);
  for (const k of ["analysed_education", "analysed_experience", "analysed_skills", "analysed_interests"] as const) {
    console.log(`${k}: ${JSON.stringify(ins[k]).slice(0, Number(process.env.DUMP_W ?? 400))}`);
  }
  console.log(`skills_breakdown: ${JSON.stringify(ins.skills_breakdown).slice(0, 1500)}`);
  console.log(`gaps: ${ins.context_summary.requirement_gaps.join(" | ")}`);
  console.log(`strengths: ${r.summary.strengths.join(" | ")}`);
  console.log(`improve: ${r.summary.areas_for_improvement.join(" | ")}`);
}
