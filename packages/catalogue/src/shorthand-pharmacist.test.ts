import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { scanText } from "@winnow/core/analysis/extraction/scan";
import { RESUME_SECTIONS } from "@winnow/core/analysis/text/headings";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();
const resumeSkills = (text: string): string[] =>
  [...new Set(scanText(text, RESUME_SECTIONS, catalogue).skills.map((h) => catalogue.skill(h.value)!.name))].sort();

describe("community pharmacists' shorthand in the catalogue", () => {
  it("reads the review, MTM and claims work of a pharmacist's work history", () => {
    expect(skillsIn("Final check and DUR on the whole queue; prospective DUR for interactions")).toContain("Drug Utilization Review");
    expect(skillsIn("Completed comprehensive medication reviews and targeted medication reviews in OutcomesMTM")).toContain(
      "Medication Therapy Management",
    );
    expect(skillsIn("Resolved third-party rejections and prior authorizations")).toEqual(
      expect.arrayContaining(["Third-Party Billing", "Prior Authorization"]),
    );
  });

  it("knows point-of-care testing and the dispensing of controlled substances", () => {
    expect(skillsIn("Run A1c and strep point-of-care tests at the stores certified for test-and-treat")).toContain("Point-of-Care Testing (POCT)");
    expect(skillsIn("NCPA Point-of-Care Testing certificate; POCT for flu and COVID")).toContain("Point-of-Care Testing (POCT)");
    expect(skillsIn("Dispense controlled substances in compliance with DEA rules")).toContain("Controlled Substances Management");
  });

  it("reads the immunizer's certificate and the RPh licence of a licences section", () => {
    expect(skillsIn("APhA immunizer (2015) · BLS (AHA)")).toContain("APhA Immunization Certificate");
    expect(resumeSkills("LICENSES\nOH RPh, active/unrestricted, 2017")).toContain("Pharmacist License");
  });

  it("leaves the words' other senses alone", () => {
    // An RPh named in a work history is a colleague or a title, not the writer's licence; "immunizer" alone is no APhA certificate.
    expect(resumeSkills("EXPERIENCE\nPharmacy Technician — supported the RPh on duty, 2019–2024")).not.toContain("Pharmacist License");
    expect(skillsIn("Flu-clinic immunizer at employer sites")).not.toContain("APhA Immunization Certificate");
    // A claim in a road-freight or insurance office is no pharmacy's third-party billing.
    // A bedside ultrasound is its own skill, not a point-of-care test.
    expect(skillsIn("Point-of-care ultrasound (POCUS) for line placement")).not.toContain("Point-of-Care Testing (POCT)");
    expect(skillsIn("Handled freight claims and insurance claims for damaged loads")).not.toContain("Third-Party Billing");
    // A litigator's third-party claim (impleader) is no pharmacy claim either.
    expect(skillsIn("Drafted third-party claims and cross-claims in product-liability cases")).not.toContain("Third-Party Billing");
  });
});
