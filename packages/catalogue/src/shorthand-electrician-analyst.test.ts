import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();

describe("data analysts' shorthand for their tools", () => {
  it("reads Power BI's reports, dashboards and workspace written 'PBI'", () => {
    for (const text of [
      "I own eleven PBI reports, from the daily capacity board to the denials tracker",
      "I own the agency's PBI workspace: eight reports on ridership",
      "Published PBI dashboards with row-level security; PBI Desktop and PBI Service",
    ]) {
      expect(skillsIn(text), text).toContain("Power BI");
    }
  });

  it("does not read a backlog item, a school's behaviour programme or a pivot as them", () => {
    expect(skillsIn("Each PBI must meet the definition of ready; groomed PBIs with the product owner")).not.toContain("Power BI");
    expect(skillsIn("PBIS coach and Tier 1 team lead")).not.toContain("Power BI");
    expect(skillsIn("Led the company's pivot to enterprise customers")).not.toContain("Pivot Tables");
    // "pivots" alone is as often the verb ("the startup pivots to B2B") as the spreadsheet's tables.
    expect(skillsIn("The startup pivots to B2B every other quarter")).not.toContain("Pivot Tables");
  });
});

describe("customer analytics titles", () => {
  const titlesIn = (text: string): string[] => catalogue.titleMatcher.findAll(text).map((m) => catalogue.title(m.value)!.name);

  it("reads a customer analytics manager and analyst as data analytics titles", () => {
    expect(titlesIn("Customer Analytics Manager")).toEqual(["Data Analytics Manager"]);
    expect(titlesIn("Manager of Customer Analytics")).toEqual(["Data Analytics Manager"]);
    expect(titlesIn("Customer Analytics Analyst")).toEqual(["Data Analyst"]);
  });

  it("leaves customer service and customer success managers as they are", () => {
    expect(titlesIn("Customer Service Manager")).not.toContain("Data Analytics Manager");
    expect(titlesIn("Customer Success Manager")).not.toContain("Data Analytics Manager");
  });
});
