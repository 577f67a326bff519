import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { NOW, paymentsPosting } from "../__fixtures__/texts.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import { skillTerm, stem } from "../extraction/duties.ts";
import type { JobProfile } from "../types.ts";
import { scoreMatch } from "./match.ts";
import { RECENCY_FLOOR } from "./recency.ts";
import { RELEVANCE_FULL_COVERAGE, RELEVANCE_WEIGHT, relevanceAttribute, STATED_TERM_CREDIT } from "./relevance.ts";

const ctx = fixtureContext();
const JOB = paymentsPosting("Senior Payments Engineer", "Train junior engineers and write runbooks");
const job = analyseJob(JOB, ctx);
const weightOf = new Map(job.wording.map((v) => [v.term, v.weight]));
const words = job.wording.map((v) => v.word.toLowerCase());
const skillOf = (name: string) => skillTerm(ctx.catalogue.findSkills(name)[0]!.value);
const attribute = (resume: string, profile: JobProfile = job) => relevanceAttribute(profile, analyseCandidate(resume, ctx, NOW), "must")!;
const total = job.wording.reduce((s, v) => s + v.weight, 0);
/** The credit expected from the weights of the terms a résumé shows, each with the evidence credit it earns. */
const expected = (shown: [term: string, credit: number][]) =>
  Math.min(1, shown.reduce((s, [t, c]) => s + (weightOf.get(t) ?? 0) * c, 0) / total / RELEVANCE_FULL_COVERAGE);

describe("the posting's wording", () => {
  it("holds its words, its catalogue skills and its title, not the company pitch or the benefits", () => {
    expect(weightOf.has(skillOf("Python"))).toBe(true);
    expect(weightOf.has(skillOf("Docker"))).toBe(true);
    expect(words).toEqual(expect.arrayContaining(["payments", "ledgers", "chargebacks", "runbooks", "junior"]));
    expect(words).not.toContain("treasury");
    expect(words).not.toContain("pension");
  });

  it("leaves out the title's level words, which the seniority attribute scores", () => {
    expect(words).not.toContain("senior");
    // In the body a level word describes the work ("train junior engineers") and stays.
    expect(words).toContain("junior");
  });

  it("weighs a skill by how few of the catalogue's career groups list it", () => {
    // Python is listed by the software group only; Docker by software and operations.
    const python = weightOf.get(skillOf("Python"))!;
    const docker = weightOf.get(skillOf("Docker"))!;
    expect(python).toBeGreaterThan(docker);
  });
});

describe("lexical relevance", () => {
  const recent = "Experience\nAnalyst, Acme, 2022 – Present\n- Reconciled chargebacks and ledgers in Python";

  it("credits the posting's words used in the work history at their weight, named as written", () => {
    const a = attribute(recent);
    const python = skillOf("Python");
    const shown = ["chargebacks", "ledgers", "reconciled"].map((w): [string, number] => [stem(w), 1]);
    expect(a.credit).toBeCloseTo(expected([...shown, [python, 1]]), 10);
    expect(a.credit).toBeGreaterThan(0);
    expect(a.note).toMatch(/^partly used: .*\bchargebacks\b/u);
    expect(a.note).toContain("Python");
    expect(a.statedMust).toBe(false);
    expect(a.weight).toBe(RELEVANCE_WEIGHT);
  });

  it("credits words only stated in a skills list or a summary at STATED_TERM_CREDIT", () => {
    const stated = "Summary\nChargebacks and ledgers\nSkills\nPython";
    const python = skillOf("Python");
    const a = attribute(stated);
    const shown = ["chargebacks", "ledgers"].map((w): [string, number] => [stem(w), STATED_TERM_CREDIT]);
    expect(a.credit).toBeCloseTo(expected([...shown, [python, STATED_TERM_CREDIT]]), 10);
    // Stated words are not work: nothing to quote.
    expect(a.evidence).toEqual([]);
    // Shown in a role, the same words earn more than stated.
    expect(attribute("Experience\nAnalyst, Acme, 2022 – Present\n- Chargebacks and ledgers in Python").credit).toBeGreaterThan(a.credit);
  });

  it("weighs words of an old position by its recency", () => {
    const old = "Experience\nAnalyst, Acme, 2008 – 2012\n- Reconciled chargebacks and ledgers in Python";
    expect(attribute(old).credit).toBeCloseTo(attribute(recent).credit * RECENCY_FLOOR, 10);
  });

  it("is full once the résumé shows RELEVANCE_FULL_COVERAGE of the weighted wording, and 0 without any", () => {
    const all = `Experience\nAnalyst, Acme, 2022 – Present\n- ${job.wording.map((v) => v.word.toLowerCase()).join(" ")}`;
    expect(attribute(all).credit).toBe(1);
    const none = attribute("Experience\nGardener, Parks Dept, 2022 – Present\n- Pruned hedges");
    expect(none.credit).toBe(0);
    expect(none.note).toBe("not used in the résumé");
  });

  it("quotes the work-history passage verbatim and joins the skills block of the match", () => {
    const result = scoreMatch(job, analyseCandidate(recent, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx);
    const skills = result.recommendation_insights.analysed_skills;
    expect([...skills.matched_attributes, ...skills.unmatched_attributes].some((a) => a.startsWith("Wording of the posting in the résumé"))).toBe(true);
    const snippets = result.recommendation_insights.context_snippets.source_snippets.map((s) => s.snippet);
    expect(snippets).toContain("Reconciled chargebacks and ledgers in Python");
    for (const s of snippets) expect(recent).toContain(s);
    // Counted as no skill in the bucket: the posting asks for two.
    expect(result.recommendation_insights.context_summary.skills_bucket).toMatch(/of 2 required skills/u);
    expect(result.recommendation_insights.context_summary.requirement_gaps.some((g) => g.startsWith("Wording"))).toBe(false);
  });

  it("carries the skills block alone when the posting names no catalogue skill", () => {
    const noSkills = analyseJob(JOB.replace("- Python and Docker\n", ""), ctx);
    expect(noSkills.wording.length).toBeGreaterThan(0);
    const result = scoreMatch(noSkills, analyseCandidate(recent, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx);
    const skills = result.recommendation_insights.analysed_skills;
    expect(skills.attributes_matched).toMatch(/^[01]\/1$/u);
    expect([...skills.matched_attributes, ...skills.unmatched_attributes][0]).toMatch(/^Wording of the posting in the résumé/u);
    expect(result.recommendation_insights.context_summary.requirement_gaps).toEqual([]);
  });
});
