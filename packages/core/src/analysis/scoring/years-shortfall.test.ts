import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import type { EngineContext } from "../types.ts";
import { scoreAttributes } from "./blocks.ts";
import { scoreMatch } from "./match.ts";
import { HARD_SHORTFALL_SHARE, hardRequirementFactor } from "./weights.ts";

// A must-have minimum of years is a bar (isYearsBar): its shortfall scales the whole score; preferred years do not.
describe("a required minimum of years", () => {
  const catalogue = new Catalogue(loadDefaultCatalogue());
  const ctx: EngineContext = { catalogue, normalizer: new TitleNormalizer(catalogue) };
  const NOW = new Date(Date.UTC(2025, 5, 15));
  const score = (posting: string, resume: string) => scoreAttributes(analyseJob(posting, ctx), analyseCandidate(resume, ctx, NOW));
  const resume = (from: string) =>
    [
      "Jordan Lee",
      "Experience",
      "Registered Nurse, Mercy Hospital, Chicago, IL",
      `${from} – Present`,
      "- Cared for 4–5 patients per shift on a medical-surgical unit",
    ].join("\n");
  const posting = (line: string) => ["Registered Nurse", "", "Requirements", line, "- BLS certification"].join("\n");
  const REQUIRED = posting("- Minimum 2 years of experience as a registered nurse required");
  const PREFERRED = posting("- 2+ years of experience as a registered nurse preferred");

  it("scales the whole score by a clear shortfall: 8 months of a required 2 years", () => {
    const blocks = score(REQUIRED, resume("Oct 2024"));
    const years = blocks.experience.find((a) => a.kind === "years")!;
    expect(years.strength).toBe("must");
    expect(years.hard).toBe(true);
    expect(years.credit).toBeCloseTo(9 / 24, 2);
    expect(hardRequirementFactor(blocks)).toBeCloseTo(1 - HARD_SHORTFALL_SHARE * (1 - years.credit), 6);
  });

  it("changes nothing for a candidate who meets the minimum", () => {
    const blocks = score(REQUIRED, resume("Jan 2020"));
    expect(blocks.experience.find((a) => a.kind === "years")!.credit).toBe(1);
    expect(hardRequirementFactor(blocks)).toBe(1);
  });

  it("leaves preferred years one proportional attribute, no bar", () => {
    const blocks = score(PREFERRED, resume("Oct 2024"));
    const years = blocks.experience.find((a) => a.kind === "years")!;
    expect(years.strength).toBe("nice");
    expect(years.hard).toBeUndefined();
    expect(years.credit).toBeCloseTo(9 / 24, 2);
    expect(hardRequirementFactor(blocks)).toBe(1);
  });

  it("is no bar when the posting would waive it: another way to meet it, or new graduates welcome", () => {
    for (const line of [
      "- 2 years of experience as a registered nurse required, or an equivalent combination of education and experience",
      "- Minimum 2 years of experience as a registered nurse\n- New graduates are encouraged to apply",
    ]) {
      const blocks = score(posting(line), resume("Oct 2024"));
      const years = blocks.experience.find((a) => a.kind === "years")!;
      expect(years.strength, line).toBe("must");
      expect(years.hard, line).toBeUndefined();
      expect(years.credit, line).toBeCloseTo(9 / 24, 2);
      expect(hardRequirementFactor(blocks), line).toBe(1);
    }
  });

  it("names the missing licence as the reason for the scaling, and the years short by less as also short", () => {
    const job = analyseJob(posting("- Minimum 2 years of experience as a registered nurse required\n- Active RN license"), ctx);
    const said = (licence: string) =>
      JSON.stringify(scoreMatch(job, analyseCandidate(`${resume("Oct 2024")}\n\nLicenses\n${licence}`, ctx, NOW), { candidateName: "Jordan", postedDate: NOW }, ctx)).match(
        /The score is scaled[^.]*\./u,
      )?.[0];
    expect(said("BLS")).toMatch(
      /because a requirement the work cannot be done without is not fully met: Registered Nurse \(RN\) License \(also short, by less: 2\+ years of experience\)\.$/u,
    );
    expect(said("RN License, Illinois; BLS")).toMatch(/because the experience is short of the required minimum: 2\+ years of experience\.$/u);
  });
});
