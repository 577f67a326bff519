import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../catalogue/build.ts";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { includingCredentials } from "./credentials.ts";

const catalogue = new Catalogue(
  buildCatalogue(
    [
      {
        path: "credentials.json",
        content: {
          skills: [
          { name: "OSHA 10", type: "Certification" },
          { name: "OSHA 30", type: "Certification" },
          { name: "CDL Class A", type: "Certification" },
          { name: "CDL Class B", type: "Certification" },
          { name: "Commercial Driver's License (CDL)", type: "Certification" },
          { name: "Food Handler Certificate", type: "Specialized Skill" },
          ],
        },
      },
    ],
    "test",
  ),
);
const including = (name: string) =>
  includingCredentials(catalogue, catalogue.skills.find((s) => s.name === name)!).map((id) => catalogue.skill(id)!.name).sort();

describe("includingCredentials", () => {
  it("names the higher credentials of a ladder for the lower one", () => {
    expect(including("OSHA 10")).toEqual(["OSHA 30"]);
    expect(including("CDL Class B")).toEqual(["CDL Class A"]);
    expect(including("Commercial Driver's License (CDL)")).toEqual(["CDL Class A", "CDL Class B"]);
  });

  it("names none for the top of a ladder, for skills that are not credentials, or for names the catalogue lacks", () => {
    expect(including("OSHA 30")).toEqual([]);
    expect(including("CDL Class A")).toEqual([]);
    // Typed as a skill here, so no ladder applies; and ServSafe is not in this catalogue.
    expect(including("Food Handler Certificate")).toEqual([]);
  });
});
