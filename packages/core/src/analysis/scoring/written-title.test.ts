import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import { scoreAttributes } from "./blocks.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const NOW = new Date(Date.UTC(2026, 10, 21));
const roleCredit = (posting: string, held: string): number => {
  const job = analyseJob(`${posting}\nRequirements\n- 3+ years of experience`, ctx);
  const candidate = analyseCandidate(`Pat Lee\nExperience\n${held}, Acme, 2021 – Present\n- Led the work.`, ctx, NOW);
  return scoreAttributes(job, candidate).experience.find((a) => a.kind === "role")?.credit ?? Number.NaN;
};

describe("the title as written held as the posting's own", () => {
  it("is not when the posting's title adds a word of the work, a rank that is another job, or another symbol", () => {
    const pairs: [string, string][] = [
      ["Product Marketing Manager", "Partner Marketing Manager"],
      ["C++ Developer", "C# Developer"],
      ["Chief Medical Officer", "Medical Officer"],
      ["Insurance Defense Attorney", "Defense Attorney"],
      ["Auto Body Technician", "Auto Technician"],
      ["Clinical Research Nurse", "Clinical Nurse"],
      ["Community Development Officer", "Development Officer"],
      ["General Counsel", "Associate General Counsel"],
      ["High School Teacher", "Intermediate School Teacher"],
    ];
    expect(pairs.filter(([posting, held]) => roleCredit(posting, held) === 1)).toEqual([]);
  });

  it("is when the posting's title adds only a generic word or seniority", () => {
    expect(roleCredit("Backend Software Engineer", "Backend Engineer")).toBe(1);
    expect(roleCredit("Senior Backend Software Engineer", "Backend Engineer")).toBe(1);
  });
});
