import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();

describe("critical care nurses' shorthand in the catalogue", () => {
  it("reads ventilator, line and drip shorthand of an ICU work history", () => {
    expect(skillsIn("Vent pts w/ RT; proning, SBT/SAT bundle. A-lines, CVCs, CVP monitoring; arterial line placement.")).toEqual(
      expect.arrayContaining(["Ventilator Management", "Hemodynamic Monitoring"]),
    );
    expect(skillsIn("Most of my patients are on the vent. I run pressor drips and help with emergency intubations.")).toEqual(
      expect.arrayContaining(["Ventilator Management", "Vasoactive Drip Titration", "Airway Management"]),
    );
    expect(skillsIn("Fresh CABG recovery, early extubation protocol; proning and paralytics for ARDS")).toContain("Ventilator Management");
    expect(skillsIn("Sitting in on goals-of-care conversations and supporting families through withdrawal of care")).toContain(
      "Palliative Care",
    );
  });

  it("reads certifications written out in words", () => {
    expect(skillsIn("Critical care registered nurse certification (adult) through AACN")).toContain("Critical Care Registered Nurse (CCRN)");
    expect(skillsIn("Basic cardiac life support (BCLS), American Heart Association")).toContain("Basic Life Support (BLS)");
  });

  it("leaves the words' other senses alone", () => {
    // A dress cut is no arterial line, an air vent no ventilator, a job title no certification.
    expect(skillsIn("Designed an A-line dress; cleaned the dryer vent")).toEqual([]);
    // CVP is also a cost-volume-profit analysis and a value proposition; "art lines" a fashion or design term.
    expect(skillsIn("Built CVP analysis and break-even models")).not.toContain("Hemodynamic Monitoring");
    expect(skillsIn("Sketched the art lines for the spring collection")).not.toContain("Hemodynamic Monitoring");
    expect(skillsIn("Critical Care Registered Nurse, MICU")).not.toContain("Critical Care Registered Nurse (CCRN)");
  });
});
