import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../catalogue/build.ts";
import { Catalogue } from "../catalogue/catalogue.ts";
import { TitleNormalizer } from "../catalogue/normalizer.ts";
import { fixtureContext } from "./__fixtures__/catalogue.ts";
import { JOB, NOW, POSTED, STRONG_RESUME } from "./__fixtures__/texts.ts";
import { analyseCandidate, analyseJob, scoreMatch } from "./index.ts";
import { YEARS_CREDIT_CAP } from "./scoring/blocks.ts";

const ctx = fixtureContext();
const match = (jobText: string, resume: string) =>
  scoreMatch(analyseJob(jobText, ctx), analyseCandidate(resume, ctx, NOW), { candidateName: "A", postedDate: POSTED }, ctx);

describe("blind scoring", () => {
  it("takes no evidence from a stated nationality, only from the text about skills", () => {
    const skills = (r: string) => analyseCandidate(r, ctx, NOW).skills.map((s) => s.name).sort();
    expect(skills("Alex Kim\nNationality: German\n\nSkills\nPython")).toEqual(["Python"]);
    expect(skills("Alex Kim\n\nSkills\nPython\n\nLanguages\nGerman")).toEqual(["German", "Python"]);
  });

  it("takes no evidence from a name that is also a skill", () => {
    const skills = (r: string) => analyseCandidate(r, ctx, NOW).skills.map((s) => s.name).sort();
    expect(skills("Java Helm\n\nSkills\nPython")).toEqual(["Python"]);
    expect(skills("Java Helm, PhD\n\nSkills\nPython, Java")).toEqual(["Java", "Python"]);
  });

  it("scores a résumé the same under any name, pronouns or personal-data lines", () => {
    const base = match(JOB, STRONG_RESUME);
    const variant = STRONG_RESUME.replace("Jane Doe", "Oluwaseun Adeyemi-Okonkwo")
      .replace("jane.doe@example.com", "oluwaseun.adeyemi-okonkwo@example.com")
      .replace("Summary\n", "Pronouns: he/him\nDate of birth: 01.01.1960\nMarital status: married\nSummary\n");
    const r = match(JOB, variant);
    expect(r.match_score).toBe(base.match_score);
    expect(r.recommendation_insights.context_snippets.overall_confidence_score).toBe(
      base.recommendation_insights.context_snippets.overall_confidence_score,
    );
    expect(r.summary).toEqual(base.summary);
  });

  it("quotes only verbatim, unprotected passages", () => {
    const resume = STRONG_RESUME.replace(
      "- Introduced Terraform for all infrastructure; mentoring two junior engineers",
      "- She introduced Terraform for all infrastructure while on maternity leave cover; mentoring two junior engineers",
    );
    const snippets = match(JOB, resume).recommendation_insights.context_snippets.source_snippets.map((s) => s.snippet);
    expect(snippets.length).toBeGreaterThan(0);
    expect(snippets.some((s) => s.includes("Terraform"))).toBe(true);
    for (const s of snippets) {
      expect(resume).toContain(s);
      expect(s).not.toMatch(/Jane|jane\.doe|\bShe\b|maternity/u);
    }
  });
});

describe("years of experience cannot act as an age proxy", () => {
  const job = "Backend Engineer\nRequirements\n- 5+ years of experience\n- Python";
  const resume = (from: number) => `Experience\nBackend Engineer, Acme\nJan ${from} – Jun 2025\n- Python services`;

  it("gives no more credit for years beyond YEARS_CREDIT_CAP × the requirement", () => {
    expect(YEARS_CREDIT_CAP).toBe(1);
    const atCap = match(job, resume(2020));
    for (const from of [2010, 1995, 1980]) {
      const longer = match(job, resume(from));
      expect(longer.match_score).toBe(atCap.match_score);
      expect(longer.recommendation_insights.analysed_experience.layer_two_score).toBe(
        atCap.recommendation_insights.analysed_experience.layer_two_score,
      );
    }
  });

  it("still gives proportional credit below the requirement", () => {
    const short = match(job, resume(2023)).recommendation_insights.analysed_experience.layer_two_score;
    expect(short).toBeLessThan(match(job, resume(2020)).recommendation_insights.analysed_experience.layer_two_score);
  });
});

describe("a name that contains a job title", () => {
  it("is masked like any name: its length and words change nothing", () => {
    const catalogue = new Catalogue(
      buildCatalogue(
        [
          { path: "skills.json", content: { skills: [{ name: "Bread Baking", type: "Specialized Skill" }] } },
          { path: "food.json", content: { career_group: "Food", titles: [{ name: "Baker", skills: ["Bread Baking"] }] } },
        ],
        "test",
      ),
    );
    const bakery = { catalogue, normalizer: new TitleNormalizer(catalogue) };
    const read = (name: string) => analyseCandidate(`${name}\nExperience\nBaker, Rise Bakery, 2019 – 2024\n- Bread baking`, bakery, NOW);
    const greg = read("Greg Baker");
    const alexandra = read("Alexandra Whitfield");
    expect(greg.textLength).toBe(alexandra.textLength);
    expect(greg.experience.positions.map((p) => p.catalogueTitle)).toEqual(["Baker"]);
    // A first line that is only a title (with its level) is kept: it is no name.
    expect(read("Senior Baker").textLength).toBeGreaterThan(alexandra.textLength);
  });
});
