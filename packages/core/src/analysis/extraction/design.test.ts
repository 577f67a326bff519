import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import type { EngineContext } from "../types.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx: EngineContext = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const NOW = new Date(Date.UTC(2026, 10, 15));
const skill = (text: string, name: string) => analyseCandidate(text, ctx, NOW).skills.find((s) => s.name === name);

describe("a discipline's design work read from the role that did it", () => {
  it("credits a Mechanical Engineer who designed parts with mechanical design, dated by the role", () => {
    const found = skill(
      "EXPERIENCE\nMechanical Engineer II, Lakeshore Packaging Machines, Holland MI | 2022-present\n" +
        "- Designed conveyor modules, sheet-metal enclosures and machined guide parts\n" +
        "- Build and debug prototypes on the floor\n",
      "Mechanical Design",
    );
    expect(found).toMatchObject({ use: "work", lastUsed: "2026-11" });
    expect(found!.evidence.snippet).toContain("Designed conveyor modules");
  });

  it("reads the discipline of other designing roles too", () => {
    expect(
      skill("EXPERIENCE\nSenior Database Engineer, Ferrosight | 2019-present\n- Designed the billing schemas and partitioning\n", "Database Design"),
    ).toMatchObject({ use: "work" });
  });

  it("gives no credit without design work, for a title with no design discipline, or to a manager", () => {
    // The same title, but the lines maintain machines: nothing was designed.
    expect(
      skill(
        "EXPERIENCE\nMechanical Engineer, Harbor Foods, Tacoma WA | 2021-present\n- Maintained fillers and cappers; PM schedules\n" +
          "- Attended design reviews for the new line\n",
        "Mechanical Design",
      ),
    ).toBeUndefined();
    // "Sales Engineer" names no design discipline; "Mechanical" here is not the title's.
    expect(
      skill(
        "EXPERIENCE\nSales Engineer, Corliss Pumps | 2020-present\n- Designed quotes for mechanical seal upgrades\n",
        "Mechanical Design",
      ),
    ).toBeUndefined();
    // A level word is no discipline: the "Level" of an entry-level title is not level design.
    expect(
      skill("EXPERIENCE\nEntry Level Engineer, Brightline Games | 2024-present\n- Designing test rigs for controllers\n", "Level Design"),
    ).toBeUndefined();
    // A manager's head is not a designer's.
    expect(
      skill(
        "EXPERIENCE\nMechanical Maintenance Manager, Harbor Foods | 2020-present\n- Designed the PM program for the plant\n",
        "Mechanical Design",
      ),
    ).toBeUndefined();
  });

  it("reads no design work the writer did not state as their own, denied, or of another discipline", () => {
    const none = (text: string, name = "Mechanical Design") => expect(skill(text, name), text).toBeUndefined();
    none("EXPERIENCE\nMechanical Engineer, Designing Minds Inc | 2020-present\n- Maintained fillers\n");
    none("EXPERIENCE\nMechanical Engineer, Acme | 2020-present\n- Never designed parts; maintenance only\n");
    none("EXPERIENCE\nMechanical Engineer, Acme | 2020-present\n- Supported the designers who designed the frame; ran PM schedules\n");
    none("EXPERIENCE\nMechanical Engineer, Acme | 2020-present\n- Designed-in reliability targets with suppliers\n");
    none("EXPERIENCE\nMechanical Engineer, Acme | 2020-present\n- Designed brackets\n\nSKILLS\nNo experience in mechanical design\n");
    // "Production Design" names theatre's set design in the catalogue: a Production Engineer's fixtures are not it.
    none("EXPERIENCE\nProduction Engineer, Ford Motor | 2019-present\n- Designed weld fixtures for the body shop\n", "Set Design");
  });
});
