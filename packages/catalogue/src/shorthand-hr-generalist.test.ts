import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { TitleNormalizer } from "@winnow/core/catalogue/normalizer";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const normalizer = new TitleNormalizer(catalogue);
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();
const idOf = (name: string) => catalogue.skills.find((s) => s.name === name)!.id;

describe("HR generalists' shorthand in the catalogue", () => {
  it("reads the names retail and distribution employers give employee relations", () => {
    expect(skillsIn("Most of my week goes to team member relations: intake, interviews, findings.")).toContain("Employee Relations");
    expect(skillsIn("Handled associate relations cases for four distribution centers")).toContain("Employee Relations");
    expect(skillsIn("Led 30 harassment investigations and conduct investigations a year")).toContain("Workplace Investigations");
    // A team member's relations with a vendor are no ER casework, and "investigations" alone stays unread.
    expect(skillsIn("Built strong relations with every team member and vendor")).not.toContain("Employee Relations");
    expect(skillsIn("Supported safety incident investigations")).not.toContain("Workplace Investigations");
  });

  it("reads the US employment-law forms and acts by their written-out names", () => {
    expect(skillsIn("New-hire paperwork and employment eligibility verification for 15 hires a week")).toContain("I-9 Compliance");
    expect(skillsIn("Advised managers on wage and hour questions and exempt classification")).toContain("FLSA");
    expect(skillsIn("Tracked intermittent Family Medical Leave Act cases")).toContain("FMLA");
    expect(skillsIn("Handled the reasonable-accommodation conversation and disability accommodations")).toContain("ADA Compliance");
    expect(skillsIn("Administer ADA accommodation requests with our TPA")).toContain("ADA Compliance");
    // An hourly wage and the hours of a shift are no wage-and-hour law, and guest accommodation is no disability case.
    expect(skillsIn("Booked guest accommodation for the sales team")).not.toContain("ADA Compliance");
    expect(skillsIn("Paid an hourly wage; worked 40 hours a week")).not.toContain("FLSA");
  });

  it("reads FMLA by the leave it grants and Form I-9 by the checks it records", () => {
    // The FMLA is the US law of job-protected leave (the Department of Labor's own words); Form I-9 and E-Verify are
    // the employment eligibility checks every US employer makes.
    expect(skillsIn("For job-protected leave and disability accommodations I handle the interactive process")).toContain("FMLA");
    expect(skillsIn("Offer paperwork, employment-eligibility checks through the federal online system")).toContain("I-9 Compliance");
    expect(skillsIn("Ran employment eligibility checks for 40 seasonal hires")).toContain("I-9 Compliance");
    // Leave in general is no FMLA, and other eligibility checks (benefits, rehire) are no Form I-9.
    expect(skillsIn("Approved paid time off and leave requests for the team")).not.toContain("FMLA");
    expect(skillsIn("Checked benefits eligibility and rehire eligibility for returning associates")).not.toContain("I-9 Compliance");
  });

  it("reads an HCM suite as an HRIS, so a posting's 'HRIS (… or similar)' accepts Dayforce", () => {
    expect(skillsIn("Experience with an HCM system")).toContain("HRIS");
    expect(catalogue.kindsOf(idOf("HRIS"))).toContain(idOf("Dayforce"));
    expect(catalogue.kindsOf(idOf("HRIS"))).toContain(idOf("Workday HCM"));
    // A payroll bureau is not thereby an HRIS.
    expect(catalogue.kindsOf(idOf("HRIS"))).not.toContain(idOf("Payroll Processing"));
  });

  it("reads an HR partner's title as the HR business partner, and team member relations as an ER specialist", () => {
    expect(normalizer.normalize("Site HR Partner")?.title.name).toBe("HR Business Partner");
    expect(normalizer.normalize("Team Member Relations Specialist")?.title.name).toBe("Employee Relations Specialist");
    expect(normalizer.normalize("Associate Relations Specialist")?.title.name).toBe("Employee Relations Specialist");
    // A partner of a firm is not an HR partner.
    expect(normalizer.normalize("Partner")?.title.name).not.toBe("HR Business Partner");
  });
});
