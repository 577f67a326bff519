import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import { quotaAttribute } from "../scoring/blocks.ts";
import { scoreMatch } from "../index.ts";
import { RESUME_SECTIONS } from "../text/headings.ts";
import { extractCandidateQuota } from "./quota.ts";
import { scanText } from "./scan.ts";

const ctx = fixtureContext();
const NOW = new Date("2026-11-01T00:00:00Z");
const job = (body: string) => analyseJob(`Account Executive\n\n${body}`, ctx);
const candidate = (body: string) => analyseCandidate(body, ctx, NOW);
const resume = (...lines: string[]) =>
  ["Jordan Example", "", "Experience", "Account Executive | Acme Software | Denver, CO | Jan 2020 - Present", ...lines, "", "Education", "BA, Business, State University, 2015"].join("\n");
const figures = (...lines: string[]) => (candidate(resume(...lines)).quota?.periods ?? []).map((p) => [p.year, p.percent]);

describe("posting: a record of quota attainment", () => {
  it("reads 'N of the last M years' as a must in a requirements list", () => {
    const j = job("Requirements\n- 3+ years as a quota-carrying AE\n- A documented record of hitting or exceeding quota in at least two of the last three years\n");
    expect(j.quota).toEqual({ strength: "must", need: 2, window: 3 });
  });

  it("reads 'consistent track record' as most of the last three, and President's Club as a plus", () => {
    expect(job("Requirements\n- Consistent track record of meeting or exceeding quota\n").quota).toEqual({ strength: "must", need: 2, window: 3 });
    expect(job("Requirements\n- 3+ years of B2B sales\n\nNice to have\n- President's Club a plus\n").quota).toEqual({ strength: "nice", need: 1, window: 3 });
  });

  it("reads a record asked for in prose (the review posting 11)", () => {
    const j = job("A driven sales professional. You will need a proven record of meeting quota and strong negotiation skills.");
    expect(j.quota?.strength).toBe("must");
    expect(job("Requirements\n- Proven quota attainment in a B2B role\n").quota).toEqual({ strength: "must", need: 2, window: 3 });
  });

  it("asks nothing for a duty, a quota-carrying role or a benefit", () => {
    expect(job("Responsibilities\n- Carry and exceed a quarterly new-business quota\n\nRequirements\n- 3+ years as a quota-carrying Account Executive\n").quota).toBeNull();
    expect(job("Requirements\n- 3+ years of B2B sales\n\nBenefits\n- Ramp of 3 months with reduced quota and accelerators above 100% of quota\n").quota).toBeNull();
    expect(job("Requirements\n- 5+ years of backend engineering in Go\n").quota).toBeNull();
    expect(job("Requirements\n- Build Salesforce dashboards of quota attainment by rep and region\n").quota).toBeNull();
    expect(job("Responsibilities\n- Partner with Customer Success to exceed quota every quarter\n\nRequirements\n- 2+ years in SaaS sales\n").quota).toBeNull();
  });
});

describe("résumé: attainment figures", () => {
  it("pairs figures with their years, whichever way they are written", () => {
    expect(figures("- Annual quota $900K ARR; attainment 118% (2023), 104% (2024), 127% (2025)")).toEqual([[2023, 118], [2024, 104], [2025, 127]]);
    expect(figures("- Quota attainment: 2022 – 106%, 2023 – 94%")).toEqual([[2022, 106], [2023, 94]]);
    expect(figures("- My annual number is $780K; I closed 2023 at 124%, 2024 at 101% and 2025 at 97%.")).toEqual([[2023, 124], [2024, 101], [2025, 97]]);
    expect(figures("- 103% and 118% of quota in 2012 and 2013.")).toEqual([[2012, 103], [2013, 118]]);
    expect(figures("- Reached 103% of plan in 2020 despite the pandemic slowdown.")).toEqual([[2020, 103]]);
  });

  it("reads a figure wrapped onto the next line (PDF)", () => {
    expect(figures("Carry an $850K annual target. Closed 2023 at 112% of", "plan, 2024 at 99% and 2025 at 131%.")).toEqual([[2023, 112], [2024, 99], [2025, 131]]);
  });

  it("leaves out the current year and year-to-date figures", () => {
    expect(figures("- Quota $820K ARR. 2024: 89%. 2025: 109%. 2026 YTD 94%, two commits open.")).toEqual([[2024, 89], [2025, 109]]);
    expect(figures("- Currently at 97% of year-to-date quota with a strong Q4 pipeline")).toEqual([]);
  });

  it("reads counted statements", () => {
    const periods = candidate(resume("- 100%+ of quota in four of five years")).quota!.periods;
    expect(periods.map((p) => p.percent)).toEqual([100, 100, 100, 100, 0]);
  });

  it("does not read percentages of other things, nor a team's figures", () => {
    expect(figures("- Reduced churn by 12% and kept 95% CSAT while carrying a $600K quota")).toEqual([]);
    expect(figures("- Grew pipeline 40% against quota; 60% of my pipeline self-sourced")).toEqual([]);
    expect(figures("- Managed 36 reps; team finished at 104%, 92% and 110% of plan")).toEqual([]);
    expect(figures("- Improved first-call resolution to 85%; met every service target")).toEqual([]);
  });

  it("reads recognition given for attainment, not a club membership or a low rank", () => {
    const rec = (line: string) => candidate(resume(line)).quota!.recognition.length;
    expect(rec("- President's Club 2023 and 2025")).toBe(1);
    expect(rec("- Rep of the Quarter, Q2 2023")).toBe(1);
    expect(rec("- Ranked #2 of 40 reps in 2025")).toBe(1);
    expect(rec("- Ranked 12th of 15 reps in 2025")).toBe(0);
    expect(rec("- Member of the company running club")).toBe(0);
    const awards = (line: string) =>
      candidate(["Jordan Example", "", "Experience", "Account Executive | Acme | Jan 2020 - Present", "- Full-cycle sales", "", "Awards", line].join("\n")).quota!.recognition.length;
    expect(awards("President's Club 2024")).toBe(1);
    expect(awards("Graduated in the top 10% of my class")).toBe(0);
  });

  it("stays fast on a 100,000-character line", () => {
    const long = `quota ${"1".repeat(20_000)}% ${"2023 at 99% of quota, ".repeat(2_000)}${"team hit plan 101% ".repeat(2_000)}`.slice(0, 100_000);
    const scan = scanText(resume(long), RESUME_SECTIONS, ctx.catalogue);
    const t = performance.now();
    extractCandidateQuota(scan, new Map(), 2026);
    expect(performance.now() - t).toBeLessThan(1000);
  });
});

describe("scoring: Quota attainment", () => {
  const ask = job("Requirements\n- A documented record of hitting or exceeding quota in at least two of the last three years\n");

  it("meets the ask with two of the last three years at or above 100%", () => {
    const a = quotaAttribute(ask, candidate(resume("- I closed 2023 at 124%, 2024 at 101% and 2025 at 97% of quota.")))!;
    expect(a).toMatchObject({ kind: "quota", strength: "must", statedMust: true, credit: 1 });
    expect(a.note).toBe("met quota in 2 of the last 3 stated years: 124%, 101%, 97%");
  });

  it("gives proportional credit, recognition as one met period, and 0 for misses or no evidence", () => {
    expect(quotaAttribute(ask, candidate(resume("- Quota attainment: 2023 – 78%, 2024 – 84%, 2025 – 104%")))!.credit).toBe(0.5);
    expect(quotaAttribute(ask, candidate(resume("- Quota attainment: 2025 – 104%", "- President's Club 2025")))!.credit).toBe(1);
    const missed = quotaAttribute(ask, candidate(resume("- Quota attainment: 2023 – 78%, 2024 – 84%, 2025 – 88%")))!;
    expect(missed.credit).toBe(0);
    expect(missed.note).toBe("met quota in 0 of the last 3 stated years: 78%, 84%, 88%");
    const none = quotaAttribute(ask, candidate(resume("- Full-cycle sales to mid-market finance teams")))!;
    expect(none).toMatchObject({ credit: 0, note: "no attainment figures found", evidence: [] });
  });

  it("fades figures from long ago and is absent for postings that do not ask", () => {
    expect(quotaAttribute(ask, candidate(resume("- 112% of quota in 2013, 118% in 2014")))!.credit).toBeLessThan(1);
    expect(quotaAttribute(job("Requirements\n- 3+ years of B2B sales\n"), candidate(resume("- 120% of quota in 2025")))).toBeNull();
  });

  it("explains a missed record in the report, and never as a held role", () => {
    const c = candidate(resume("- Quota attainment: 2023 – 78%, 2024 – 84%, 2025 – 88%"));
    const report = JSON.stringify(scoreMatch(ask, c, { candidateName: "A", postedDate: NOW }, ctx));
    expect(report).toContain("Quota attainment short of the posting's ask of quota met in 2 of the last 3 years (met quota in 0 of the last 3 stated years: 78%, 84%, 88%)");
    expect(report).not.toContain("held a quota");
  });
});
