import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixtureContext } from "./__fixtures__/catalogue.ts";
import { JOB, NOW, POSTED, STRONG_RESUME, WEAK_RESUME } from "./__fixtures__/texts.ts";
import { analyseCandidate, analyseJob, scoreMatch, type MatchResult } from "./index.ts";

const ctx = fixtureContext();
const job = analyseJob(JOB, ctx);
const input = { candidateName: "A", postedDate: POSTED };

// Pieces of real documents, so that generated texts reach headings, dates, degrees and skills, not just noise.
const FRAGMENTS = [
  "\n", "\n\n", " ", ", ", ". ", "; ", ":", "•", "-", "(", ")", "Experience", "EDUCATION", "Skills:", "Requirements",
  "Nice to have", "Interests", "Python", "Go", "Kubernetes", "platform", "Terraform", "Java", "JavaScript",
  "Jan 2019 – Present", "2015 - 2019", "03/2017 - 12/2018", "Since 2020", "5+ years of experience", "BSc", "MS",
  "Master of Science in Computer Science", "University of Leeds", "expected 2027", "Senior Software Engineer",
  "Backend Developer", "detail-oriented", "team player", "passion for open source", "fast-paced", "mission-driven",
  "required", "a plus", "preferred", "Location: Berlin", "Remote", "Job Title:", "é", "🙂", "\u0000", "\t",
];
const documentText = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 })), { maxLength: 80 }).map((parts) => parts.join("")),
);

const inUnit = (x: number) => Number.isFinite(x) && x >= 0 && x <= 1;

function expectWellFormed(result: MatchResult, candidateText: string): void {
  const i = result.recommendation_insights;
  expect(result.match_score).toBeGreaterThanOrEqual(0);
  expect(result.match_score).toBeLessThanOrEqual(100);
  expect(result.match_score).toBe(Math.round(i.layer_one_score * 10000) / 100);
  expect(Number.isInteger(result.summary.score)).toBe(true);
  expect(inUnit(i.layer_one_score)).toBe(true);
  for (const block of [i.analysed_skills, i.analysed_experience, i.analysed_education, i.analysed_interests]) {
    expect(inUnit(block.layer_two_score)).toBe(true);
    const [m, t] = block.attributes_matched.split("/").map(Number);
    expect(m).toBe(block.matched_attributes.length);
    expect(t).toBe(block.matched_attributes.length + block.unmatched_attributes.length);
    if (t === 0) expect(block.layer_two_score).toBe(0);
  }
  expect(inUnit(i.culture_fit.score)).toBe(true);
  expect(i.culture_fit.chart_data).toHaveLength(8);
  expect(inUnit(i.context_snippets.overall_confidence_score)).toBe(true);
  for (const s of i.context_snippets.source_snippets) {
    expect(candidateText.includes(s.snippet)).toBe(true);
    expect(s.snippet.length).toBeLessThanOrEqual(240);
    expect(inUnit(s.confidence_score)).toBe(true);
  }
  expect(["High", "Medium", "Low"]).toContain(result.summary.long_term_potential);
}

describe("properties", () => {
  it("never throws on any job or candidate text and keeps every score in range", () => {
    fc.assert(
      fc.property(documentText, documentText, (jobText, resume) => {
        const result = scoreMatch(analyseJob(jobText, ctx), analyseCandidate(resume, ctx, NOW), input, ctx);
        expectWellFormed(result, resume);
      }),
      { numRuns: 300 },
    );
  });

  it("scores the fixture posting against arbitrary résumés within range", () => {
    fc.assert(
      fc.property(documentText, (resume) => expectWellFormed(scoreMatch(job, analyseCandidate(resume, ctx, NOW), input, ctx), resume)),
      { numRuns: 300 },
    );
  });

  it("never lowers the skills score when a required skill is added to a résumé", () => {
    const required = job.skills.filter((s) => s.strength === "must").map((s) => s.name);
    fc.assert(
      fc.property(documentText, fc.constantFrom(...required), fc.constantFrom("\n", "\nSkills: ", "\n- Used "), (resume, skill, lead) => {
        const before = scoreMatch(job, analyseCandidate(resume, ctx, NOW), input, ctx);
        const after = scoreMatch(job, analyseCandidate(`${resume}${lead}${skill}`, ctx, NOW), input, ctx);
        const b = before.recommendation_insights.analysed_skills;
        const a = after.recommendation_insights.analysed_skills;
        expect(a.layer_two_score).toBeGreaterThanOrEqual(b.layer_two_score);
        // It now earns credit: met, or partly met with the reason (e.g. only listed) in brackets, never a bare gap.
        expect(a.unmatched_attributes).not.toContain(skill);
      }),
      { numRuns: 200 },
    );
  });

  it("scores a candidate the same whatever else is scored before it", () => {
    const alone = scoreMatch(job, analyseCandidate(STRONG_RESUME, ctx, NOW), input, ctx);
    fc.assert(
      fc.property(fc.array(documentText, { maxLength: 5 }), (others) => {
        for (const other of [...others, WEAK_RESUME]) scoreMatch(job, analyseCandidate(other, ctx, NOW), input, ctx);
        expect(scoreMatch(job, analyseCandidate(STRONG_RESUME, ctx, NOW), input, ctx)).toEqual(alone);
      }),
      { numRuns: 50 },
    );
  });

  it("tolerates invalid dates and non-string input without throwing", () => {
    const invalid = new Date(Number.NaN);
    const candidate = analyseCandidate(STRONG_RESUME, ctx, invalid);
    expect(candidate.experience.positions).toEqual([]);
    const result = scoreMatch(job, candidate, { candidateName: "A", postedDate: invalid }, ctx);
    expect(result.recommendation_insights.posted_date).toBe("Not specified");
    const untyped = analyseJob(undefined as unknown as string, ctx);
    expect(untyped.skills).toEqual([]);
  });
});

describe("large input", () => {
  it("cuts texts at 100,000 characters and still quotes verbatim", () => {
    const huge = `Experience\nSoftware Engineer, 2018 – 2024\n${"Python and Kubernetes on a platform. ".repeat(8000)}`;
    const candidate = analyseCandidate(huge, ctx, NOW);
    expect(candidate.textLength).toBe(100_000);
    const result = scoreMatch(job, candidate, input, ctx);
    expectWellFormed(result, huge);
    expect(result.recommendation_insights.analysed_skills.matched_attributes).toEqual(expect.arrayContaining(["Python", "Kubernetes"]));
  });
});
