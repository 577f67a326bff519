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

describe("job words with a gendered ending (foreman, forewoman)", () => {
  const catalogue = new Catalogue(
    buildCatalogue(
      [
        {
          path: "skills.json",
          content: {
            skills: [
              { name: "Blueprint Reading", type: "Specialized Skill" },
              { name: "OSHA 30", type: "Certification" },
              { name: "Conduit Bending", type: "Specialized Skill" },
            ],
          },
        },
        {
          path: "trades.json",
          content: {
            career_group: "Construction & Skilled Trades",
            titles: [
              // As in the shipped catalogue: the gendered and the neutral forms of the title.
              { name: "Foreman", aliases: ["Foreperson", "Forewoman", "General Foreman", "General Foreperson"], skills: ["Blueprint Reading", "OSHA 30"] },
              { name: "Electrician", skills: ["Conduit Bending", "Blueprint Reading"] },
            ],
          },
        },
      ],
      "test",
    ),
  );
  const trades = { catalogue, normalizer: new TitleNormalizer(catalogue) };
  const JOB_TEXT =
    "General Foreman\nRequirements\n- 5+ years of experience, including time as a foreman on commercial electrical jobs\n" +
    "- Blueprint reading\n- OSHA 30\n- Conduit bending";
  const RESUME =
    "Sam Rivera\nExperience\nGeneral Foreman — Acme Electric\nJan 2016 – Present\n" +
    "- Ran crews of 12 electricians as foreman on schools; blueprint reading, conduit bending\n" +
    "Electrician — Acme Electric\nJan 2010 – Dec 2015\n- Conduit bending\nCertifications\nOSHA 30\n";
  const asWoman = (text: string) => text.replace(/Foreman/gu, "Forewoman").replace(/foreman/gu, "forewoman");
  const read = (text: string) => analyseCandidate(text, trades, NOW);
  const score = (text: string) => scoreMatch(analyseJob(JOB_TEXT, trades), read(text), { candidateName: "A", postedDate: POSTED }, trades);

  it("reads Foreman and Forewoman alike, as the foreman title, and scores them identically", () => {
    const man = score(RESUME);
    const woman = score(asWoman(RESUME));
    expect(woman.match_score).toBe(man.match_score);
    expect(woman.summary).toEqual(man.summary);
    for (const block of ["analysed_education", "analysed_experience", "analysed_skills", "analysed_interests"] as const) {
      expect(woman.recommendation_insights[block]).toEqual(man.recommendation_insights[block]);
    }
    expect(woman.recommendation_insights.context_snippets.overall_confidence_score).toBe(
      man.recommendation_insights.context_snippets.overall_confidence_score,
    );
    for (const text of [RESUME, asWoman(RESUME)]) {
      const positions = read(text).experience.positions;
      // The catalogue's own name too ("related role: …"): never the gendered one.
      expect(positions.map((p) => p.catalogueTitle)).toEqual(["Foreperson", "Electrician"]);
      // Shown in its neutral form, never the gendered one.
      expect(positions[0]!.title).toBe("General Foreperson");
    }
    expect(man.recommendation_insights.analysed_experience.matched_attributes.join(" ")).toContain("Experience as Foreman");
  });

  it("never quotes the gendered word, nor the stem left by its mask", () => {
    for (const text of [RESUME, asWoman(RESUME)]) {
      const r = score(text);
      const snippets = r.recommendation_insights.context_snippets.source_snippets.map((s) => s.snippet);
      expect(snippets.length).toBeGreaterThan(0);
      for (const s of snippets) {
        expect(text).toContain(s);
        expect(s).not.toMatch(/fore(?:wo)?m[ae]n|\bfore\b/iu);
      }
    }
  });

  it("keeps a first line that is only the title as a title, in either form", () => {
    const resume = (title: string) => `${title}\nExperience\n${title} — Acme Electric\nJan 2016 – Present\n- Conduit bending\n`;
    const man = read(resume("General Foreman"));
    const woman = read(resume("General Forewoman"));
    expect(woman.textLength).toBe(man.textLength);
    expect(woman.experience.positions).toEqual(man.experience.positions);
    // Not masked as a name: the two words count as text.
    expect(man.textLength).toBe(resume("General Foreman").length - 2 * "man".length);
  });

  it("makes no job of a non-title use ('foreman of the jury')", () => {
    const resume = (word: string) =>
      `Sam Rivera\nSummary\nCommercial electrician. Served as ${word} of the jury in a county civil trial.\n` +
      "Experience\nElectrician — Acme Electric\nJan 2010 – Present\n- Conduit bending\n";
    for (const word of ["foreman", "forewoman"]) {
      const p = read(resume(word));
      expect(p.experience.positions.map((x) => x.catalogueTitle)).toEqual(["Electrician"]);
      expect(p.experience.titles.map((t) => t.name)).toEqual(["Electrician"]);
    }
    expect(score(resume("foreman")).match_score).toBe(score(resume("forewoman")).match_score);
  });
});
