import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();
const titlesIn = (text: string): string[] => catalogue.titleMatcher.findAll(text).map((m) => catalogue.title(m.value)!.name);

describe("data analysts' shorthand", () => {
  it("reads SQL features by name, significance tests and lookup formulas", () => {
    const found = skillsIn(
      "Own eleven Power BI reports; long queries with common table expressions and SQL window functions; two-proportion z-test, " +
        "chi-sq and significance tests on monthly KPIs; workbooks with INDEX/MATCH.",
    );
    expect(found).toEqual(expect.arrayContaining(["Power BI", "SQL", "Hypothesis Testing", "VLOOKUP"]));
  });

  it("does not read ordinary words as the shorthand", () => {
    // "window functions" alone is signal processing too; a z-score is no test; an index is no lookup formula.
    expect(skillsIn("Applied Hann window functions to the vibration signal; z-scores")).toEqual([]);
    expect(skillsIn("Rebuilt the search index to match the new schema")).not.toContain("VLOOKUP");
  });
});

describe("mechanical design engineers' shorthand", () => {
  it("reads SWX and SW PDM, Y14.5 drawings, tolerance stacks and DFx", () => {
    const found = skillsIn(
      "Everything in SWX; Y14.5-2018 drawings with feature control frames; tol stacks (worst case and RSS); DFx reviews " +
        "with the fab shop; FEA in SW Sim; changes through SW PDM.",
    );
    expect(found).toEqual(
      expect.arrayContaining([
        "SolidWorks",
        "Geometric Dimensioning and Tolerancing (GD&T)",
        "Tolerance Stack-Up Analysis",
        "Design for Manufacturing (DFM)",
        "Finite Element Analysis (FEA)",
        "SolidWorks PDM",
      ]),
    );
  });

  it("does not read a software stack or a SolidWorks mention as the other skills", () => {
    expect(skillsIn("Maintained the LAMP stack and the ELK stack")).not.toContain("Tolerance Stack-Up Analysis");
    // Other trades' words: a board's layer stackup, a Scrum backlog item, a software simulation.
    expect(skillsIn("Designed 12-layer PCB stackups")).not.toContain("Tolerance Stack-Up Analysis");
    expect(skillsIn("Each PBI must meet the definition of ready")).not.toContain("Power BI");
    expect(skillsIn("SW simulation of the control loop")).not.toContain("Finite Element Analysis (FEA)");
    expect(skillsIn("Modeled brackets in SolidWorks Simulation")).toContain("SolidWorks");
    expect(skillsIn("SW region sales lead; southwest territory")).not.toContain("SolidWorks");
  });
});

describe("titles of the two professions", () => {
  it("reads a performance and information analyst as a reporting analyst, a bare performance analyst as nothing", () => {
    expect(titlesIn("Performance and Information Analyst, City Council")).toEqual(["Reporting Analyst"]);
    // Load testing in IT, match analysis in sport, reporting in the public sector: too many meanings to pick one.
    expect(titlesIn("Performance Analyst — LoadRunner and JMeter test suites")).toEqual([]);
  });

  it("keeps the longer titles that contain the words", () => {
    expect(titlesIn("Store Performance Analyst")).toEqual(["Retail Analyst"]);
    expect(titlesIn("Mechanical Design Engineer")).toEqual(["Design Engineer"]);
  });
});
