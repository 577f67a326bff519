/**
 * node --experimental-strip-types test/bench/job-dump.ts [name-filter] — prints what the engine reads from each job
 * posting (title, location, must-have and nice-to-have skills, years, degree, responsibilities, values, traits), for
 * a recruiter's review of requirement extraction. Reads the review postings of
 * packages/core/src/analysis/__fixtures__/postings and the 12 postings of the screening dev set (never the fresh
 * set's, which stays unseen). DUMP_TEXT=1 also prints each posting's text; DUMP_DUTIES=1 the duties and vocabulary.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { analyseJob, type EngineContext, type JobProfile } from "@winnow/core/analysis/index";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { TitleNormalizer } from "@winnow/core/catalogue/normalizer";
import { loadDefaultCatalogue } from "@winnow/catalogue";

const ROOT = new URL("../..", import.meta.url).pathname;
const POSTINGS = join(ROOT, "packages/core/src/analysis/__fixtures__/postings");
const DEV_JOBS = join(ROOT, "test/fixtures/screening/jobs");

const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx: EngineContext = { catalogue, normalizer: new TitleNormalizer(catalogue) };

const short = (s: string, n = 90) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function printProfile(p: JobProfile): void {
  const t = p.title;
  console.log(`title: "${t.text}" → ${t.name ?? "—"} (${t.confidence.toFixed(2)}) [${t.levels.join("/") || "-"}]`);
  console.log(`location: ${p.location ?? "—"}`);
  for (const strength of ["must", "nice"] as const) {
    const names = p.skills
      .filter((s) => s.strength === strength)
      .map((s) => [s.name, ...s.alternatives.map((a) => a.name)].join(" | "));
    console.log(`${strength}: ${names.join(", ") || "—"}`);
  }
  const x = p.experience;
  console.log(`years: ${x ? `${x.years} (${x.strength})` : "—"}`);
  const e = p.education;
  const degrees = e.degrees.map((d) => `${d.level} (${d.strength})`).join(", ") || "—";
  const fields = e.fields
    ? `; fields ${e.fields.fields.map((f) => f.name).join("/")} (${e.fields.strength}${e.fields.relatedAccepted ? ", related ok" : ""})`
    : "";
  console.log(`education: ${degrees}${fields}${e.equivalentExperience ? "; or equivalent experience" : ""}`);
  const named = (label: string, list: JobProfile["traits"]) =>
    console.log(`${label}: ${list.map((n) => `${n.name}${n.strength === "nice" ? "(n)" : ""}`).join(", ") || "—"}`);
  named("traits", p.traits);
  named("interests", p.interests);
  named("values", p.values);
  console.log(`responsibilities (${p.responsibilities.length}):`);
  for (const r of p.responsibilities) console.log(`  - ${short(r)}`);
  if (process.env.DUMP_DUTIES === "1") {
    for (const d of p.duties) console.log(`  duty: ${short(d.name, 60)} ← ${d.terms.join(" ")}`);
    console.log(`vocabulary: ${p.vocabulary.map((v) => v.term).join(" ")}`);
  }
}

const filter = process.argv[2] ?? "";
const files = [
  ...readdirSync(POSTINGS).sort().map((f) => join(POSTINGS, f)),
  ...readdirSync(DEV_JOBS).sort().map((f) => join(DEV_JOBS, f)),
].filter((f) => f.includes(filter));

for (const file of files) {
  const text = readFileSync(file, "utf8");
  console.log(`\n${"=".repeat(100)}\n${file.slice(ROOT.length)}`);
  if (process.env.DUMP_TEXT === "1") console.log(`----- text -----\n${text}\n----------------`);
  printProfile(analyseJob(text, ctx));
}
