import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { RESUME_SECTIONS } from "../text/headings.ts";
import { withoutNegatedSkills } from "./negation.ts";
import { scanText } from "./scan.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const kept = (text: string): string[] => {
  const scan = scanText(text, RESUME_SECTIONS, catalogue);
  return [...new Set(withoutNegatedSkills(scan).skills.map((h) => catalogue.skill(h.value)!.name))].sort();
};
const resume = (work: string, summary: string): string => `Experience\n- ${work}\nSummary\n${summary}`;

// A negation drops the negated mention only. A writer who tells what they have not done ("I have not used Java since
// 2016", "I have no formal experience with Python; I taught myself") keeps the skill their work history shows, as a
// writer who says nothing about it does: candour costs no credit, whatever the phrasing, contraction or case.
describe("a first-person statement of lacking a skill", () => {
  const cases: [string, string, string][] = [
    ["Java", "Built Java payroll services for a logistics firm, 2010-2016.", "I have not used Java since 2016."],
    ["Microsoft Excel", "Built Excel budget models for six departments.", "I have never stopped using Excel."],
    ["Git", "Ran Git branching and code review for a team of eight.", "I have never worked without Git."],
    ["Python", "Wrote Python ETL jobs feeding the finance warehouse.", "I have never used anything but Python for ETL."],
    ["Terraform", "Managed AWS infrastructure with Terraform modules.", "I have never deployed without Terraform."],
    ["Tableau", "Built Tableau dashboards for regional sales.", "I have no trouble using Tableau."],
    ["Salesforce", "Administered Salesforce for a food bank's donor program.", "I have not worked with Salesforce outside the nonprofit sector."],
    ["Python", "Automated reporting with Python scripts.", "I have no formal experience with Python; I taught myself and use Python daily."],
    ["Java", "Six years of Java 8 development on banking back ends.", "I have no experience with Java 21 yet."],
    ["Java", "Maintained Java reporting services for the claims team.", "I have not much experience with Java."],
    ["Java", "Java services for payroll.", 'My first manager told me, "I have no experience with Java," before I trained the team.'],
    ["Java", "Java services for payroll.", "i have not used Java professionally outside payroll."],
    ["Java", "Java services for payroll.", "I haven't used Java professionally outside payroll."],
    ["Java", "Java services for payroll.", "I don't have production experience with Java outside payroll."],
  ];

  it.each(cases)("keeps %s from the work history beside: %s / %s", (skill, work, summary) => {
    expect(kept(resume(work, summary))).toContain(skill);
  });

  it("treats the full and the contracted phrasing alike", () => {
    const work = "Java services for payroll.";
    const full = kept(resume(work, "I have not used Java outside payroll."));
    expect(kept(resume(work, "I haven't used Java outside payroll."))).toEqual(full);
    expect(kept(resume(work, "i have not used Java outside payroll."))).toEqual(full);
  });

  it("still drops the negated mention itself, and a skill named only there", () => {
    expect(kept(resume("Python services for payroll.", "I have no production experience with PostgreSQL."))).not.toContain("PostgreSQL");
    expect(kept(resume("Python services for payroll.", "I have never used Kubernetes."))).toEqual(["Python"]);
    expect(kept("Experience\n- Python services; no experience with Java. Never used Kubernetes")).toEqual(["Python"]);
  });
});
