import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();

describe("weldments and sheet metal, the trade's own words", () => {
  it("reads weldments as welding and bare sheet metal as sheet metal fabrication", () => {
    expect(skillsIn("SolidWorks parts and drawings; weldments for tube-steel frames, sheet metal for guards and covers")).toEqual(
      expect.arrayContaining(["SolidWorks", "Welding", "Sheet Metal Fabrication"]),
    );
    expect(skillsIn("Designed sheet-metal enclosures and a bolted weldment base")).toEqual(
      expect.arrayContaining(["Welding", "Sheet Metal Fabrication"]),
    );
    expect(skillsIn("Sheet Metal Worker, Local 12 — ductwork and flashing")).toContain("Sheet Metal Fabrication");
  });

  it("keeps the longer names and leaves unrelated words alone", () => {
    // The longer catalogue name still wins: sheet metal design is the designer's skill, not the fabricator's.
    expect(skillsIn("Sheet metal design for enclosures")).toEqual(["Sheet Metal Design"]);
    expect(skillsIn("Interpreted weld symbols on fabrication drawings")).not.toContain("Sheet Metal Fabrication");
    // Neither word is in these lines: no metal sheet, no weld.
    expect(skillsIn("Managed the balance sheet and metal commodity hedges")).toEqual([]);
    expect(skillsIn("Metal detector checks on the packing line; spreadsheet of weights")).not.toContain("Welding");
  });
});
