import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { analyseCandidate, analyseJob, scoreMatch } from "../index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const NOW = new Date(Date.UTC(2026, 10, 21));

/** The skills layer of a one-line marketer's résumé against one requirement. */
function skillsScore(requirement: string, duty: string, title = "Marketing Coordinator"): number {
  const job = analyseJob(`${title}\nRequirements\n- ${requirement}`, ctx);
  const text = `Pat Lee\nExperience\n${title} — Acme Corp — 2019 – Present\n- ${duty}`;
  const match = scoreMatch(job, analyseCandidate(text, ctx, NOW), { candidateName: "Pat Lee", postedDate: NOW }, ctx);
  return match.recommendation_insights.analysed_skills.layer_two_score;
}

describe("inclusions followed through each other", () => {
  it("meets digital marketing with an ad platform, through the channel it buys", () => {
    // Google Ads is paid search, Meta and TikTok ads paid social, and both channels are digital marketing.
    expect(skillsScore("Digital marketing experience", "Ran Google Ads campaigns")).toBe(1);
    expect(skillsScore("Digital marketing experience", "Ran Facebook Ads and TikTok ads")).toBe(1);
  });

  it("still meets it with the channel itself, and still does not with offline marketing", () => {
    expect(skillsScore("Digital marketing experience", "Ran PPC campaigns")).toBe(1);
    expect(skillsScore("Digital marketing experience", "Ran paid social")).toBe(1);
    expect(skillsScore("Digital marketing experience", "Ran trade-show booths and event marketing")).toBeLessThan(1);
  });
});

describe("ADA compliance as employment law", () => {
  it("meets employment law from accommodating employees, not from a website's or a building's ADA compliance", () => {
    const hr = (duty: string) => skillsScore("Knowledge of employment law", duty, "HR Generalist");
    expect(hr("Ran the reasonable-accommodation conversation with team members and their supervisors")).toBe(1);
    expect(hr("Rebuilt the careers site for ADA compliance (WCAG 2.1 AA)")).toBeLessThan(1);
    expect(hr("Brought store ramps and restrooms into ADA compliance")).toBeLessThan(1);
  });
});
