import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "../text/headings.ts";
import { extractCandidatePersonal, extractJobPersonal } from "./personal.ts";
import { scanText } from "./scan.ts";

const ctx = fixtureContext();
const candidate = (text: string) => extractCandidatePersonal(scanText(text, RESUME_SECTIONS, ctx.catalogue));
const job = (text: string) => extractJobPersonal(scanText(text, JOB_SECTIONS, ctx.catalogue));

describe("candidate traits and interests", () => {
  it("reads traits from the lexicon anywhere, in their canonical name", () => {
    const traits = candidate("Summary\nMeticulous self-starter with great attention to detail; a true team player.").trait;
    expect(traits.map((t) => t.name)).toEqual(["Detail-oriented", "Self-motivated", "Team player"]);
    expect(traits[0]!.evidence.snippet).toBe("Meticulous self-starter with great attention to detail; a true team player.");
  });

  it("reads interests in the interests section, and elsewhere only next to an interest cue", () => {
    expect(candidate("Experience\nBuilt a travel booking site").interest).toEqual([]);
    expect(candidate("Summary\nI love travel and chess.").interest.map((i) => i.name)).toEqual(["Travel", "Chess"]);
    const listed = candidate("Interests\nRock climbing, woodworking & sourdough baking | NOVEMBER 2019").interest;
    expect(listed.map((i) => [i.name, i.id])).toEqual([
      ["Climbing", "interest:climbing"],
      ["Cooking", "interest:cooking"],
      ["Woodworking", null],
    ]);
    expect(listed[2]!.evidence.snippet).toBe("Rock climbing, woodworking & sourdough baking | NOVEMBER 2019");
  });
  it("reads no interests from prose in the interests section, nor from its wrapped lines", () => {
    const interests = candidate(
      [
        "Interests",
        "Chess, woodworking",
        "Item one is long and therefore it normally spans over",
        "several lines, and more.",
        "The heroine and the dreamer; she is the principal character.",
        "knitting",
      ].join("\n"),
    ).interest;
    expect(interests.map((i) => i.name)).toEqual(["Chess", "Woodworking", "Knitting"]);
  });

  it("keeps the short items of a list that has one long item", () => {
    const interests = candidate(["Interests", "Chess, pottery, restoring old British motorcycles at weekends"].join("\n")).interest;
    expect(interests.map((i) => i.name)).toEqual(["Chess", "Pottery"]);
  });
});

describe("traits, interests and values a posting asks for", () => {
  it("takes strengths like skills do; values are always nice-to-have", () => {
    const asked = job("Requirements\n- Detail-oriented\n- A passion for healthcare\nNice to have\n- Team player\nOur values\nIntegrity first.");
    expect(asked.trait.map((t) => [t.name, t.strength])).toEqual([["Detail-oriented", "must"], ["Team player", "nice"]]);
    expect(asked.interest.map((t) => [t.name, t.strength])).toEqual([["Healthcare", "must"]]);
    expect(asked.value.map((t) => [t.name, t.strength])).toEqual([["Integrity", "nice"]]);
  });

  it("does not read an interest word without a cue, or anything in the benefits", () => {
    const asked = job("Requirements\n- Experience with healthcare data\nBenefits\n- A team of detail-oriented people who love music");
    expect(asked.interest).toEqual([]);
    expect(asked.trait).toEqual([]);
  });
});

describe("traits that describe the company or name it", () => {
  it("reads no trait from the company description", () => {
    const asked = job("About us\nWe build software for independent trucking companies.\nRequirements\n- Detail-oriented");
    expect(asked.trait.map((t) => t.name)).toEqual(["Detail-oriented"]);
  });

  it("reads no trait from a word of a name in running prose, but does from a Title Case bullet", () => {
    expect(job("Lakeview Independent School District seeks a certified teacher.").trait).toEqual([]);
    expect(job("Requirements\n- Strong Detail-Oriented Worker").trait.map((t) => t.name)).toEqual(["Detail-oriented"]);
    expect(job("Requirements\n- Independent and detail-oriented").trait.map((t) => t.name)).toContain("Independent");
  });
});

describe("posting traits: only those of the hire", () => {
  const traits = (text: string) => job(`Requirements\n${text}`).trait.map((t) => t.name);

  it("reads a trait said of the hire, alone or qualifying a person", () => {
    expect(traits("- Reliable, punctual and calm under pressure")).toEqual(["Reliable"]);
    expect(traits("- A driven sales professional")).toEqual(["Self-motivated"]);
    expect(traits("- You are organized and keep yourself organized")).toEqual(["Organized"]);
    expect(traits("- A reliable work ethic")).toEqual(["Reliable"]);
    expect(traits("We are looking for a reliable and curious analyst")).toEqual(["Reliable", "Curious"]);
    expect(traits("Our ideal candidate is reliable")).toEqual(["Reliable"]);
    expect(traits("- Curious by nature")).toEqual(["Curious"]);
    expect(traits("- Reliable attendance")).toEqual(["Reliable"]);
  });

  it("reads none said of a thing, of another's state or of the employer", () => {
    expect(traits("- Valid driver's license and reliable transportation to job sites")).toEqual([]);
    expect(traits("- Software for independent trucking and freight companies")).toEqual([]);
    expect(traits("- Keep our CI/CD pipelines fast and reliable")).toEqual([]);
    expect(traits("- Hold associates and leads accountable")).toEqual([]);
    expect(traits("- Maintain a clean, organized floor")).toEqual([]);
    expect(traits("- We are curious, a little nerdy, and kind")).toEqual([]);
    expect(traits("- A reliable computer and an independent contractor agreement")).toEqual([]);
  });
});
