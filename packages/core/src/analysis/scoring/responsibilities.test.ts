import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import { scoreMatch } from "./match.ts";
import { DUTY_FULL_COVERAGE, RESPONSIBILITIES_WEIGHT, responsibilityAttributes } from "./responsibilities.ts";
import { VOCABULARY_WEIGHT, vocabularyAttribute } from "./vocabulary.ts";

const ctx = fixtureContext();
const NOW = new Date(Date.UTC(2025, 5, 15));
const JOB = [
  "Backend Engineer",
  "Responsibilities",
  "- Reconcile merchant payouts against bank statements every night",
  "- Design ledger schemas and tune slow queries",
  "Requirements",
  "- Python",
].join("\n");
const experience = (resume: string) =>
  scoreMatch(analyseJob(JOB, ctx), analyseCandidate(resume, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx).recommendation_insights
    .analysed_experience;
// The posting's vocabulary is scored beside its duties in the experience block (scoring/vocabulary.ts).
const vocabulary = (resume: string) => vocabularyAttribute(analyseJob(JOB, ctx), analyseCandidate(resume, ctx, NOW))!.credit;
const duty = (block: { matched_attributes: string[]; unmatched_attributes: string[] }, start: string) =>
  [...block.matched_attributes, ...block.unmatched_attributes].find((a) => a.startsWith(`Responsibility: ${start}`));

describe("responsibilities", () => {
  it("credits a duty described in the work history and quotes the line verbatim", () => {
    const resume = "Experience\nBackend Engineer, Acme, 2021 – Present\n- Reconciled merchant payouts against the bank statements nightly";
    const block = experience(resume);
    const met = block.matched_attributes.find((a) => a.startsWith("Responsibility: Reconcile merchant payouts"));
    expect(met).toBe(
      "Responsibility: Reconcile merchant payouts against bank statements every night (evidenced in the work history: Reconciled, merchant, payouts, bank, statements, nightly)",
    );
    const result = scoreMatch(analyseJob(JOB, ctx), analyseCandidate(resume, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx);
    expect(result.recommendation_insights.context_snippets.source_snippets.map((s) => s.snippet)).toContain(
      "Reconciled merchant payouts against the bank statements nightly",
    );
    expect(duty(block, "Design ledger")).toContain("not found in the work history");
  });

  it("weighs a duty shown in an old position by that position's recency", () => {
    // Three of the duty's six terms: full credit at DUTY_FULL_COVERAGE when recent, half of it twelve years on.
    const line = "- Reconciled merchant payouts";
    const recent = duty(experience(`Experience\nAcme, 2021 – Present\n${line}`), "Reconcile merchant payouts")!;
    const old = duty(experience(`Experience\nAcme, 2009 – 2013\n${line}`), "Reconcile merchant payouts")!;
    expect(recent).toContain("(evidenced in the work history: Reconciled, merchant, payouts)");
    expect(old).toContain("(partly evidenced in the work history: Reconciled, merchant, payouts)");
  });

  it("credits a duty shown in an old and a recent position by the recent one, whichever comes first", () => {
    const line = "- Reconciled merchant payouts against bank statements";
    const credit = (resume: string) => responsibilityAttributes(analyseJob(JOB, ctx), analyseCandidate(resume, ctx, NOW))[0]!;
    const oldFirst = credit(`Experience\nAcme, 2008 – 2012\n${line}\nBeta, 2021 – Present\n${line}`);
    const recentFirst = credit(`Experience\nBeta, 2021 – Present\n${line}\nAcme, 2008 – 2012\n${line}`);
    expect(oldFirst.credit).toBe(1);
    expect(oldFirst.credit).toBe(recentFirst.credit);
    expect(oldFirst.evidence).toEqual(recentFirst.evidence);
  });

  it("does not count a duty claimed only in a skills list or a summary", () => {
    const block = experience(
      "Summary\nReconciled merchant payouts against bank statements\nSkills\nPayout reconciliation, bank statements, merchant payouts",
    );
    expect(duty(block, "Reconcile merchant payouts")).toContain("not found in the work history");
  });

  it("gives partial credit by the share of the duty's terms shown, full at DUTY_FULL_COVERAGE", () => {
    const job = analyseJob(JOB, ctx);
    const terms = job.duties[0]!.terms.length;
    const block = experience("Experience\nAcme, 2021 – Present\n- Checked payouts");
    const attribute = duty(block, "Reconcile merchant payouts")!;
    expect(attribute).toContain("(partly evidenced in the work history: payouts)");
    // One term of the first duty shown; no title, so the role and level attributes (weights 1 and 0.5) earn nothing.
    const credit = 1 / terms / DUTY_FULL_COVERAGE;
    expect(credit).toBeLessThan(1);
    const words = vocabulary("Experience\nAcme, 2021 – Present\n- Checked payouts");
    expect(words).toBeGreaterThan(0);
    expect(block.layer_two_score).toBeCloseTo(
      ((RESPONSIBILITIES_WEIGHT / 2) * credit + VOCABULARY_WEIGHT * words) / (1.5 + RESPONSIBILITIES_WEIGHT + VOCABULARY_WEIGHT),
      4,
    );
  });

  it("weighs all duties together as RESPONSIBILITIES_WEIGHT in the experience block", () => {
    const job = analyseJob(JOB, ctx);
    expect(job.duties).toHaveLength(2);
    // Under a catalogue title of another profession: untitled work in the posting's words would earn a related role.
    const nothingText = "Experience\nAccountant, Acme, 2021 – Present\n- Answered phones";
    const bothText =
      "Experience\nAccountant, Acme, 2021 – Present\n- Reconciled merchant payouts against bank statements\n- Designed ledger schemas, tuned slow queries";
    const [nothing, both] = [experience(nothingText), experience(bothText)];
    expect(vocabulary(nothingText)).toBe(0);
    // Role and level attributes (weights 1 and SENIORITY_WEIGHT) are the same for both candidates.
    const total = 1.5 + RESPONSIBILITIES_WEIGHT + VOCABULARY_WEIGHT;
    const others = nothing.layer_two_score * total;
    expect(both.layer_two_score).toBeCloseTo((others + RESPONSIBILITIES_WEIGHT + VOCABULARY_WEIGHT * vocabulary(bothText)) / total, 4);
  });
});
