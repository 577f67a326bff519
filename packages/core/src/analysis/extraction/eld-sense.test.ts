import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { analyseCandidate } from "../engine/candidate.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const NOW = new Date(Date.UTC(2026, 10, 21));
const skills = (text: string) => analyseCandidate(`Pat Lee\n${text}`, ctx, NOW).skills.map((s) => s.name);

describe("ELD: English Language Development to a teacher, Electronic Logging Devices to a trucker", () => {
  it("reads a teacher's ELD teacher and designated ELD as ESL instruction, not logging devices", () => {
    const teacher = skills("Experience\n3rd Grade Teacher — Oak USD — 2019 – Present\n- Served as ELD teacher for newcomers; lesson planning and classroom management");
    expect(teacher).not.toContain("Electronic Logging Devices");
    expect(teacher).toContain("ESL Instruction");
    const designated = skills("Experience\nTeacher — Oak USD — 2019 – Present\n- Taught designated ELD and integrated ELD daily");
    expect(designated).not.toContain("Electronic Logging Devices");
    expect(designated).toContain("ESL Instruction");
  });

  it("judges a bare ELD by the document's profession (senses.ts), as an initialism of one profession's skill", () => {
    const teacher = skills("Experience\nELD Specialist — Oak USD — 2019 – Present\n- Co-taught ELD with grade-level teachers; lesson planning, classroom management and differentiated instruction");
    expect(teacher).not.toContain("Electronic Logging Devices");
  });

  it("still reads a trucker's ELD, and an ELD specialist of a fleet, as electronic logging devices", () => {
    expect(skills("Experience\nClass A Driver — Swift — 2019 – Present\n- Logged hours on ELD; pre-trip inspections")).toContain("Electronic Logging Devices");
    const fleet = skills("Experience\nDriver — Swift — 2019 – Present\n- Trained new drivers as ELD specialist for the fleet");
    expect(fleet).not.toContain("ESL Instruction");
  });
});
