/**
 * node --experimental-strip-types test/bench/profile-dump.ts [name-filter] — prints what the engine reads from each
 * real résumé in ../shared/data/resumes (sections, positions, education, years, skills, named evidence) and how it
 * explains a match against two or three related postings of test/fixtures/screening, for a recruiter's review.
 * DUMP_TEXT=1 also prints the extracted text.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { analyseCandidate, analyseJob, scoreMatch, type CandidateProfile, type EngineContext, type JobProfile } from "@winnow/core/analysis/index";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { TitleNormalizer } from "@winnow/core/catalogue/normalizer";
import { extractText } from "@winnow/core/documents/index";
import { loadDefaultCatalogue } from "@winnow/catalogue";

const ROOT = new URL("../..", import.meta.url).pathname;
const RESUMES = join(ROOT, "../shared/data/resumes");
const JOBS = join(ROOT, "test/fixtures/screening/jobs");
// Fixed clock, so that "Present" and the years read the same on every run.
const NOW = new Date("2026-11-21T00:00:00Z");
const POSTED = new Date("2026-11-01T00:00:00Z");

const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx: EngineContext = { catalogue, normalizer: new TitleNormalizer(catalogue) };

// Postings related to each résumé's field, chosen from the file name; software is the default.
const FIELDS: [RegExp, string[]][] = [
  [/accountant|banking/, ["staff-accountant", "data-analyst"]],
  [/office_coordinator|minnie|mickey/, ["hr-generalist", "account-executive", "warehouse-supervisor"]],
  [/desktop_support/, ["backend-engineer", "data-analyst"]],
  [/mmayer/, ["backend-engineer", "digital-marketing-manager"]],
  [/./, ["backend-engineer", "data-analyst", "mechanical-design-engineer"]],
];

const jobCache = new Map<string, JobProfile>();
function job(id: string): JobProfile {
  let profile = jobCache.get(id);
  if (!profile) {
    profile = analyseJob(readFileSync(join(JOBS, `${id}.txt`), "utf8"), ctx);
    jobCache.set(id, profile);
  }
  return profile;
}

const short = (s: string | null | undefined, n = 60) => (s == null ? "—" : s.length > n ? `${s.slice(0, n - 1)}…` : s);

function printProfile(p: CandidateProfile): void {
  const x = p.experience;
  console.log(`sections: ${p.sections.join(", ")}`);
  console.log(`years: ${x.years} (${x.source}; stated ${x.statedYears ?? "—"}; months ${x.months})`);
  console.log(`titles held: ${x.titles.map((t) => `${t.name} [${t.level}]`).join("; ") || "—"}`);
  for (const pos of x.positions) {
    console.log(
      `  • ${short(pos.title, 40)} → ${pos.catalogueTitle ?? "—"} [${pos.levels.join("/") || "-"}] @ ${short(pos.employer, 40)}` +
        ` | ${pos.start}..${pos.end} ${pos.months}m${pos.current ? " current" : ""}${pos.share < 1 ? ` share ${pos.share}` : ""}`,
    );
    console.log(`      ↳ "${short(pos.evidence.snippet ?? "", 100)}"`);
  }
  const e = p.education;
  console.log(`education: ${e.level}${e.inProgressLevel ? ` (in progress ${e.inProgressLevel})` : ""}`);
  for (const d of e.degrees) {
    console.log(`  • ${d.level}${d.inProgress ? " (in progress)" : ""} in ${d.fields.map((f) => f.name).join("/") || "—"} @ ${short(d.institution, 50)}`);
  }
  const byType = new Map<string, string[]>();
  for (const s of p.skills) byType.set(s.type, [...(byType.get(s.type) ?? []), `${s.name}${s.use === "work" ? "" : `(${s.use[0]})`}${s.status === "held" ? "" : `[${s.status}]`}`]);
  for (const [type, names] of byType) console.log(`skills/${type}: ${names.join(", ")}`);
  console.log(`interests: ${p.interests.map((i) => i.name).join(", ") || "—"}`);
  console.log(`traits: ${p.traits.map((i) => i.name).join(", ") || "—"}`);
  console.log(`values: ${p.values.map((i) => i.name).join(", ") || "—"}`);
}

const filter = process.argv[2] ?? "";
const files = ["pdf", "docx"].flatMap((dir) =>
  readdirSync(join(RESUMES, dir))
    .filter((f) => f.includes(filter))
    .sort()
    .map((f) => join(RESUMES, dir, f)),
);

for (const file of files) {
  const name = file.slice(RESUMES.length + 1);
  const { text } = await extractText(new Uint8Array(readFileSync(file)));
  console.log(`\n${"=".repeat(100)}\n${name} (${text.length} chars)`);
  if (process.env.DUMP_TEXT === "1") console.log(`----- text -----\n${text}\n----------------`);
  const profile = analyseCandidate(text, ctx, NOW);
  printProfile(profile);
  const jobs = FIELDS.find(([re]) => re.test(name))![1];
  for (const id of jobs) {
    const r = scoreMatch(job(id), profile, { candidateName: name, postedDate: POSTED }, ctx);
    const ins = r.recommendation_insights;
    console.log(`-- vs ${id}: ${r.match_score} (${r.summary.long_term_potential})`);
    console.log(`   strengths: ${r.summary.strengths.join(" | ")}`);
    console.log(`   improve: ${r.summary.areas_for_improvement.join(" | ")}`);
    console.log(`   gaps: ${ins.context_summary.requirement_gaps.join(" | ")}`);
    console.log(`   experience bucket: ${ins.context_summary.experience_bucket} / education: ${ins.context_summary.education_bucket}`);
    for (const s of ins.context_snippets.source_snippets) console.log(`   snippet ${s.confidence_score}: "${short(s.snippet, 110)}"`);
  }
}
