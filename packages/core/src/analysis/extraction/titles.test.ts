import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../catalogue/build.ts";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { parseDocument } from "../text/document.ts";
import { RESUME_SECTIONS } from "../text/headings.ts";
import { titleOnLine } from "./titles.ts";

const catalogue = new Catalogue(
  buildCatalogue(
    [
      { path: "skills.json", content: { skills: [{ name: "IT Strategy", type: "Specialized Skill" }] } },
      {
        path: "it.json",
        content: { career_group: "IT", titles: [{ name: "IT Director", aliases: ["Director of IT Operations"], skills: ["IT Strategy"] }] },
      },
    ],
    "test",
  ),
);
const ctx = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const titleOf = (text: string) => {
  const doc = parseDocument(text, RESUME_SECTIONS);
  const found = titleOnLine(ctx, text, doc.lines[0]!);
  return found && [found.title.name, found.written];
};

describe("a rank set apart from its field", () => {
  it("reads '<Rank> – <Field>' as the catalogue's '<Rank> of <Field>', written as on the line", () => {
    expect(titleOf("Director – IT Operations March 2006 – November 2010")).toEqual(["IT Director", "Director – IT Operations"]);
    expect(titleOf("Director: IT Operations")).toEqual(["IT Director", "Director: IT Operations"]);
  });

  it("reads no title when the words after the dash make none", () => {
    expect(titleOf("Director – Windows Platform 2019 – 2021")).toBeNull();
    expect(titleOf("Director of Marketing")).toBeNull();
  });
});

describe("level words after a title", () => {
  it("widen the title, unless they open a repeat of it", () => {
    expect(titleOf("IT Director Senior, Acme")).toEqual(["IT Director", "IT Director Senior"]);
    expect(titleOf("Senior IT Director Senior IT Director")).toEqual(["IT Director", "Senior IT Director"]);
  });
});
