import { describe, expect, it } from "vitest";
import { fixtureContext } from "./__fixtures__/catalogue.ts";
import { JOB, NOW, POSTED, STRONG_RESUME, WEAK_RESUME } from "./__fixtures__/texts.ts";
import { analyseCandidate, analyseJob, CULTURE_STYLES, scoreMatch, type MatchResult } from "./index.ts";

const ctx = fixtureContext();
const job = analyseJob(JOB, ctx);
const score = (resume: string, name = "Jane Doe"): MatchResult =>
  scoreMatch(job, analyseCandidate(resume, ctx, NOW), { candidateName: name, postedDate: POSTED }, ctx);
const strong = score(STRONG_RESUME);
const weak = score(WEAK_RESUME, "John Smith");
const empty = score("", "");

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
};

describe("analyseJob on the fixture posting", () => {
  it("reads title, location and requirements", () => {
    expect(job.title).toMatchObject({ text: "Senior Backend Engineer", name: "Backend Engineer", levels: ["senior"] });
    expect(job.location).toBe("Berlin, Germany (Hybrid)");
    expect(job.skills.map((s) => `${s.name}:${s.strength}`)).toEqual([
      "Python:must",
      "Kubernetes:must",
      "PostgreSQL:must",
      "Docker:must",
      "Go:nice",
      "Amazon Web Services:nice",
      "Terraform:nice",
      "GraphQL:nice",
    ]);
    // "Terraform or Helm" is one requirement with a choice.
    expect(job.skills.find((s) => s.name === "Terraform")!.alternatives.map((a) => a.name)).toEqual(["Helm"]);
    expect(job.experience).toEqual({ years: 5, strength: "must" });
    expect(job.education).toMatchObject({ degrees: [{ level: "bachelor", strength: "must" }], equivalentExperience: true });
    expect(job.education.fields).toMatchObject({ strength: "must", relatedAccepted: true });
    expect(job.responsibilities).toEqual([
      "Design and build scalable APIs in Python and Go",
      "Run our services on Kubernetes and AWS",
      "Mentor engineers and review code",
    ]);
    expect(job.traits.map((t) => t.name)).toEqual(["Detail-oriented", "Team player"]);
    expect(job.interests.map((t) => `${t.name}:${t.strength}`)).toEqual(["Open source:nice"]);
    expect(job.values.map((t) => t.name)).toEqual(["Transparency", "Ownership", "Continuous learning"]);
    expect(job.culture.total).toBeGreaterThan(0);
  });

  it("lists responsibilities without bullets, numbering or an inline label", () => {
    const text = "Data Engineer\nResponsibilities: Own the warehouse\n1. Build pipelines\n• Review code";
    expect(analyseJob(text, ctx).responsibilities).toEqual(["Own the warehouse", "Build pipelines", "Review code"]);
  });

  it("is plain data that survives a JSON round trip (it is cached and shared)", () => {
    expect(JSON.parse(JSON.stringify(job))).toEqual(job);
  });
});

describe("scoreMatch, field by field", () => {
  it("fills the top-level fields", () => {
    expect(strong.job_title).toBe("Senior Backend Engineer");
    expect(strong.job_located_at).toBe("Berlin, Germany (Hybrid)");
    expect(strong.job_title_id).toBe(ctx.catalogue.titles.find((t) => t.name === "Backend Engineer")!.id);
    expect(strong.candidate_name).toBe("Jane Doe");
    expect(strong.match_score).toBe(Math.round(strong.recommendation_insights.layer_one_score * 10000) / 100);
    expect(strong.summary.score).toBe(Math.round(strong.match_score));
    expect(strong.recommendation_insights.posted_date).toBe("01-06-2025");
  });

  it("ranks the strong candidate above the weak one, and the empty one at 0", () => {
    expect(strong.match_score).toBeGreaterThan(75);
    expect(weak.match_score).toBeLessThan(20);
    expect(empty.match_score).toBe(0);
  });

  it("explains the skills block", () => {
    const block = strong.recommendation_insights.analysed_skills;
    // Eight skill requirements and the résumé's lexical relevance to the posting's wording (scoring/relevance.ts).
    expect(block.attributes_matched).toBe("6/9");
    expect(block.matched_attributes).toEqual([
      "Python",
      "Kubernetes",
      "PostgreSQL",
      "Go (nice to have)",
      "Amazon Web Services (nice to have)",
      "Terraform or Helm (nice to have)",
    ]);
    // Docker was last used in a position that ended in 2020, four and a half years before NOW: recency-weighted.
    expect(block.unmatched_attributes.slice(0, 2)).toEqual(["Docker (last used 2020)", "GraphQL (nice to have; related skill: PostgreSQL)"]);
    expect(block.unmatched_attributes[2]).toMatch(/^Wording of the posting in the résumé \(partly used: .*\bPython\b/u);
    expect(weak.recommendation_insights.analysed_skills.matched_attributes).toEqual([]);
  });

  it("explains the experience and education blocks", () => {
    const i = strong.recommendation_insights;
    // The current position counts in full (54 months); the one that ended in Dec 2020, 4.5 years before NOW, at
    // recencyWeight(4.5) = 1 − 0.5 × 1.5 / 7 for each of its 58 months: 54 + 51.8 months = 8.8 years.
    expect(i.analysed_experience.matched_attributes[0]).toBe(
      "5+ years of experience (found 8.8 years relevant, recency-weighted, of 9.3 years in total)",
    );
    // An accountant's years are not years of software engineering.
    expect(weak.recommendation_insights.analysed_experience.unmatched_attributes[0]).toBe(
      "5+ years of experience (found 0 years relevant, recency-weighted, of 2 years in total)",
    );
    expect(i.analysed_education).toMatchObject({ attributes_matched: "2/2", layer_two_score: 1 });
    expect(weak.recommendation_insights.analysed_education.unmatched_attributes[0]).toBe(
      "Bachelor's degree or higher (found High school diploma)",
    );
  });

  it("lists the unmet must-haves as requirement gaps", () => {
    expect(strong.recommendation_insights.context_summary.requirement_gaps).toEqual(["Docker"]);
    expect(weak.recommendation_insights.context_summary.requirement_gaps).toEqual([
      "Python",
      "Kubernetes",
      "PostgreSQL",
      "Docker",
      "5+ years of experience",
      "Bachelor's degree or higher",
      "Field: Computer Science or a related field",
      // Traits the requirements list ("- Detail-oriented team player") are must-haves like the skills.
      "Trait: Detail-oriented",
      "Trait: Team player",
    ]);
  });

  it("writes computed buckets", () => {
    const c = strong.recommendation_insights.context_summary;
    expect(c.skills_bucket).toBe("Strong: 3 of 4 required skills, 3 of 4 nice-to-have skills; 2 more partly covered by related skills");
    expect(c.experience_bucket).toMatch(/^Strong: 9\.3 years across 3 dated positions against 5\+ years asked/);
    expect(c.education_bucket).toMatch(/^Strong: Master's degree in Computer Science \(Technical University of Munich\)/);
    expect(c.culture_compatibility_label).toBe(strong.recommendation_insights.culture_fit.label);
    expect(weak.recommendation_insights.context_summary.skills_bucket).toBe("Weak: 0 of 4 required skills, 0 of 4 nice-to-have skills");
    expect(empty.recommendation_insights.context_summary.values_bucket).toBe("Insufficient evidence to compare values");
  });

  it("quotes only verbatim passages of the candidate text, with confidences in range", () => {
    for (const [result, text] of [[strong, STRONG_RESUME], [weak, WEAK_RESUME]] as const) {
      const snippets = result.recommendation_insights.context_snippets.source_snippets;
      expect(snippets.length).toBeGreaterThan(0);
      for (const s of snippets) {
        expect(text.includes(s.snippet)).toBe(true);
        expect(s.snippet.length).toBeLessThanOrEqual(240);
        expect(s.snippet).toBe(s.snippet.trim());
        expect(s.confidence_score).toBeGreaterThanOrEqual(0);
        expect(s.confidence_score).toBeLessThanOrEqual(1);
      }
    }
    // The bullet is left out, the passage is still verbatim.
    expect(strong.recommendation_insights.context_snippets.source_snippets[0]!.snippet).toBe(
      "Built Python and Go services on Kubernetes and AWS, backed by PostgreSQL",
    );
    expect(empty.recommendation_insights.context_snippets.source_snippets).toEqual([]);
  });

  it("tells a narrative from the facts and scales overall confidence with the evidence", () => {
    const snippets = strong.recommendation_insights.context_snippets;
    const percent = Math.round(strong.recommendation_insights.layer_one_score * 100);
    expect(percent).toBeGreaterThan(75);
    expect(snippets.summary).toContain(`Jane Doe matches ${percent}% of the Senior Backend Engineer posting.`);
    expect(snippets.summary).toContain("(not fully met: Docker)");
    expect(snippets.summary).toContain("most recently Senior Software Engineer");
    expect(empty.recommendation_insights.context_snippets.summary).toContain("The candidate matches 0%");
    const confidence = (r: MatchResult) => r.recommendation_insights.context_snippets.overall_confidence_score;
    expect(confidence(strong)).toBeGreaterThan(confidence(weak));
    expect(confidence(weak)).toBeGreaterThan(confidence(empty));
    expect(confidence(empty)).toBe(0);
  });

  it("breaks down skills and lists interests and traits by name", () => {
    const i = strong.recommendation_insights;
    expect(i.skills_breakdown.soft).toEqual(["Mentorship"]);
    expect(i.skills_breakdown.technical).toEqual([...i.skills_breakdown.technical].sort((a, b) => a.localeCompare(b, "en")));
    expect(i.skills_breakdown.technical).toContain("AWS Certified Solutions Architect");
    expect(i.skills_breakdown.transferable).toEqual(expect.arrayContaining(["English", "German"]));
    expect(i.skills_breakdown.transferable).not.toContain("Python");
    expect(i.interests).toEqual(["Climbing", "Open source", "Woodworking"]);
    expect(i.traits).toEqual(["Curious", "Detail-oriented", "Team player"]);
  });

  it("charts the eight culture styles for both sides", () => {
    for (const r of [strong, weak, empty]) {
      const fit = r.recommendation_insights.culture_fit;
      expect(fit.chart_data.map((c) => c.type)).toEqual(CULTURE_STYLES.map((s) => s.type));
      for (const c of fit.chart_data) {
        expect(Number.isInteger(c.company) && Number.isInteger(c.candidate)).toBe(true);
        expect(Math.min(c.company, c.candidate)).toBeGreaterThanOrEqual(0);
        expect(Math.max(c.company, c.candidate)).toBeLessThanOrEqual(100);
      }
    }
    expect(weak.recommendation_insights.culture_fit).toMatchObject({ score: 0, label: "Insufficient Evidence" });
    expect(strong.recommendation_insights.culture_fit.score).toBeGreaterThan(0);
  });

  it("writes the compact insights", () => {
    expect(strong.summary.strengths[0]).toBe("Has 3 of 4 required skills: Python, Kubernetes and PostgreSQL.");
    expect(strong.summary.areas_for_improvement[0]).toBe("Required skills only partly evidenced: Docker (last used 2020).");
    expect(strong.summary.cultural_fit).toBe(strong.recommendation_insights.culture_fit.label);
    expect(strong.summary.long_term_potential).toBe("High");
    expect(weak.summary.areas_for_improvement[0]).toBe("Missing required skills: Python, Kubernetes, PostgreSQL and Docker.");
    expect(weak.summary.long_term_potential).toBe("Low");
    expect(empty.summary).toMatchObject({ score: 0, strengths: [], cultural_fit: "Insufficient Evidence", long_term_potential: "Low" });
  });
});

describe("determinism and isolation", () => {
  it("gives deep-equal results for the same input", () => {
    const again = scoreMatch(analyseJob(JOB, ctx), analyseCandidate(STRONG_RESUME, ctx, NOW), { candidateName: "Jane Doe", postedDate: POSTED }, ctx);
    expect(again).toEqual(strong);
  });

  it("never modifies the profiles it scores", () => {
    const frozenJob = deepFreeze(structuredClone(job));
    const frozenCandidate = deepFreeze(analyseCandidate(STRONG_RESUME, ctx, NOW));
    expect(scoreMatch(frozenJob, frozenCandidate, { candidateName: "Jane Doe", postedDate: POSTED }, ctx)).toEqual(strong);
  });

  it("does not read the clock: 'Present' is resolved against the given date", () => {
    const later = analyseCandidate(STRONG_RESUME, ctx, new Date(Date.UTC(2026, 5, 15)));
    const now = analyseCandidate(STRONG_RESUME, ctx, NOW);
    expect(later.experience.months - now.experience.months).toBe(12);
  });
});
