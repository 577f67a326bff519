import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../catalogue/build.ts";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "../text/headings.ts";
import { scanText } from "./scan.ts";
import { extractJobSkills } from "./skills.ts";

// One-letter languages and skills that are also fields of study, which the shared fixture catalogue does not have.
const catalogue = new Catalogue(
  buildCatalogue(
    [
      {
        path: "skills.json",
        content: {
          skills: [
            { name: "C", type: "Specialized Skill", case_sensitive: true },
            { name: "R", type: "Specialized Skill", case_sensitive: true },
            { name: "Statistics", type: "Specialized Skill" },
            { name: "Accounting", type: "Specialized Skill" },
            { name: "Python", type: "Specialized Skill" },
            { name: "Negotiation", type: "Common Skill" },
            { name: "Scheduling", type: "Common Skill", aliases: ["Staff Scheduling"] },
            { name: "Butchery", type: "Specialized Skill" },
            { name: "Joinery", type: "Specialized Skill" },
            { name: "Installation", type: "Specialized Skill" },
            { name: "Registered Nurse (RN) License", type: "Certification" },
            { name: "Critical Care Registered Nurse (CCRN)", type: "Certification" },
            { name: "Teaching License", type: "Certification" },
          ],
        },
      },
      { path: "titles.json", content: { career_group: "Data", titles: [{ name: "Data Scientist", skills: ["Python", "R"] }] } },
    ],
    "test",
  ),
);
const skillNames = (text: string) => scanText(text, RESUME_SECTIONS, catalogue).skills.map((s) => s.surface);
const jobSkills = (text: string) => extractJobSkills(scanText(text, JOB_SECTIONS, catalogue), catalogue, null).map((s) => [s.name, s.strength]);

describe("one-letter skills", () => {
  it("are not the letter that completes a name such as a funding round or a plan", () => {
    expect(skillNames("We are a Series C company with a Plan B and a Class C licence.")).toEqual([]);
  });

  it("are still read as languages elsewhere", () => {
    expect(skillNames("Built parsers in C and models in R; C, Python")).toEqual(["C", "R", "C", "Python"]);
  });
});

describe("fields of study in a degree's sentence", () => {
  it("are the education requirement, not skills asked for", () => {
    expect(jobSkills("Requirements\n- BS in Statistics or a related field\n- Python")).toEqual([["Python", "must"]]);
    expect(jobSkills("Requirements\n- Bachelor's degree in Accounting")).toEqual([]);
  });

  it("are skills when no degree is named with them", () => {
    expect(jobSkills("Requirements\n- Strong statistics and Python")).toEqual([["Statistics", "must"], ["Python", "must"]]);
  });
});

describe("skills shown by the verb of the work", () => {
  const verbs = (text: string) => scanText(text, RESUME_SECTIONS, catalogue).skills.map((s) => [s.surface, catalogue.skill(s.value)!.name]);

  it("reads a past-tense verb of the work history as the skill its noun names", () => {
    expect(verbs("Experience\nSous Chef, Acme, 2020 – 2024\n- Butchered whole hogs; scheduled a crew of 12; negotiated with farms")).toEqual([
      ["Butchered", "Butchery"],
      ["scheduled", "Scheduling"],
      ["negotiated", "Negotiation"],
    ]);
    expect(verbs("Experience\n- Installed panels")).toEqual([["Installed", "Installation"]]);
  });

  it("reads no verb outside the work history, no present tense, no word a catalogue phrase covers, no unrelated noun", () => {
    expect(verbs("Summary\nNegotiated deals for ten years")).toEqual([]);
    expect(verbs("Experience\n- Negotiates renewals; joined the team in 2020")).toEqual([]);
    // A past tense whose everyday sense is not the skill.
    expect(verbs("Experience\n- Accounted for 30% of regional revenue")).toEqual([]);
    expect(verbs("Experience\n- Staff Scheduling for 40 nurses")).toEqual([["Staff Scheduling", "Scheduling"]]);
  });
});

describe("licensed roles in a licences section", () => {
  const named = (text: string) => scanText(text, RESUME_SECTIONS, catalogue).skills.map((s) => [s.surface, catalogue.skill(s.value)!.name]);

  it("read the role's name, or its abbreviation in capitals, as its licence", () => {
    expect(named("Licenses & Certifications\nRegistered Nurse, Illinois (active, #041-123456)\nRN – Wisconsin")).toEqual([
      ["Registered Nurse", "Registered Nurse (RN) License"],
      ["RN", "Registered Nurse (RN) License"],
    ]);
  });

  it("leave the role a role elsewhere, a longer credential whole, and a one-word role alone", () => {
    expect(named("Experience\nRegistered Nurse, Mercy Hospital, 2019 – 2024")).toEqual([]);
    expect(named("Certifications\nCritical Care Registered Nurse (CCRN)").map(([, name]) => name)).toEqual(["Critical Care Registered Nurse (CCRN)"]);
    expect(named("Certifications\nTeaching assistant training, 2019")).toEqual([]);
  });
});
