import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { NOW, paymentsPosting } from "../__fixtures__/texts.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import { MIN_VOCABULARY_TERMS } from "../extraction/vocabulary.ts";
import { RECENCY_FLOOR } from "./recency.ts";
import { scoreMatch } from "./match.ts";
import { VOCABULARY_FULL_COVERAGE, vocabularyAttribute } from "./vocabulary.ts";

const ctx = fixtureContext();
const JOB = paymentsPosting("Payments Engineer", "You write runbooks and handle incidents as an engineer on call");
const job = analyseJob(JOB, ctx);
const terms = new Map(job.vocabulary.map((v) => [v.term, v.weight]));
const attribute = (resume: string) => vocabularyAttribute(job, analyseCandidate(resume, ctx, NOW))!;

describe("posting vocabulary", () => {
  it("keeps the content words of the requirements, without skills, the title, the company pitch and the benefits", () => {
    const words = job.vocabulary.map((v) => v.word.toLowerCase());
    expect(words).toEqual(expect.arrayContaining(["ledgers", "chargebacks", "settlement", "runbooks", "comfortable"]));
    // Python and Docker are catalogue skills, scored on their own; "Payments" is the title's.
    expect([...terms.keys()].some((t) => t.startsWith("skill:"))).toBe(false);
    expect(words).not.toEqual(expect.arrayContaining(["python"]));
    expect(words).not.toContain("payments");
    // The company section and the benefits describe the employer, not the work.
    expect(words).not.toContain("treasury");
    expect(words).not.toContain("pension");
    // Function words and the vocabulary of any job ad.
    expect(words).not.toContain("you");
    expect(words).not.toContain("have");
  });

  it("reads the first word of each sentence of a line, capitalised by grammar rather than a name", () => {
    const prose = analyseJob(
      "Requirements\nYou reconcile ledgers nightly. Chargebacks land on your desk. Settlement files arrive hourly. Runbooks guide incidents.",
      ctx,
    );
    const words = prose.vocabulary.map((v) => v.word);
    expect(words).toEqual(expect.arrayContaining(["Chargebacks", "Settlement", "Runbooks"]));
  });

  it("weighs a word by how few of the catalogue's professions use it", () => {
    // The fixture catalogue: "accountant" is used by one career group, "engineer" by two of three.
    expect(terms.get("accountant")!).toBeGreaterThan(terms.get("engine")!);
    // A word the catalogue never uses weighs like one of a single profession.
    expect(terms.get("chargeback")).toBeCloseTo(terms.get("accountant")!, 10);
  });

  it("gives a posting that says too little no vocabulary", () => {
    const terse = analyseJob("Requirements\n- Reconcile payouts and chargebacks", ctx);
    expect(terse.vocabulary.length).toBe(0);
    expect(job.vocabulary.length).toBeGreaterThanOrEqual(MIN_VOCABULARY_TERMS);
    expect(vocabularyAttribute(terse, analyseCandidate("Experience\nAcme, 2021 – Present\n- Reconciled payouts", ctx, NOW))).toBeNull();
  });
});

describe("vocabulary attribute", () => {
  const recent = "Experience\nAnalyst, Acme, 2022 – Present\n- Reconciled chargebacks and settlement files nightly";

  it("credits the posting's words used in the work history, names them as written and quotes the passage", () => {
    const a = attribute(recent);
    expect(a.credit).toBeGreaterThan(0);
    expect(a.note).toMatch(/chargebacks/u);
    expect(a.note).toMatch(/settlement/u);
    const result = scoreMatch(job, analyseCandidate(recent, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx);
    const snippets = result.recommendation_insights.context_snippets.source_snippets.map((s) => s.snippet);
    expect(snippets).toContain("Reconciled chargebacks and settlement files nightly");
    for (const s of snippets) expect(recent).toContain(s);
  });

  it("earns nothing for the same words in a skills list or a summary", () => {
    const claimed = "Summary\nReconciled chargebacks and settlement files\nSkills\nChargebacks, settlement files, ledgers, payouts";
    const a = attribute(claimed);
    expect(a.credit).toBe(0);
    expect(a.note).toBe("not found in the work history");
  });

  it("weighs words from an old position by its recency", () => {
    const old = "Experience\nAnalyst, Acme, 2010 – 2014\n- Reconciled chargebacks and settlement files nightly";
    const fresh = attribute(recent).credit;
    expect(fresh).toBeLessThan(1);
    expect(attribute(old).credit).toBeCloseTo(fresh * RECENCY_FLOOR, 10);
  });

  it("is full once the work history shows VOCABULARY_FULL_COVERAGE of the weighted vocabulary", () => {
    const total = job.vocabulary.reduce((s, v) => s + v.weight, 0);
    const used = new Set(analyseCandidate(recent, ctx, NOW).work.flatMap((l) => l.terms));
    const shown = job.vocabulary.filter((v) => used.has(v.term)).reduce((s, v) => s + v.weight, 0);
    expect(shown).toBeGreaterThan(0);
    expect(attribute(recent).credit).toBeCloseTo(Math.min(1, shown / total / VOCABULARY_FULL_COVERAGE), 10);
    const all = `Experience\nAnalyst, Acme, 2022 – Present\n- ${job.vocabulary.map((v) => v.word.toLowerCase()).join(" ")}`;
    expect(attribute(all).credit).toBe(1);
  });
});
