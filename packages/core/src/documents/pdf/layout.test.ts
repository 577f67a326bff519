import { describe, expect, it } from "vitest";
import { blocksToText, joinFragments, layoutPage, type Fragment } from "./layout.ts";

/** A fragment of `text` at (x, baseline y), about 0.5 em per character wide. */
function frag(text: string, x: number, y: number, size = 10, width = text.length * size * 0.5): Fragment {
  return { text, x, y, size, width };
}

// Wide gaps come out as double spaces (read by the letter-spacing step); single ones are enough here.
const read = (fragments: Fragment[]) =>
  blocksToText(layoutPage(fragments))
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => line.replace(/ +/g, " "));

describe("layoutPage", () => {
  it("orders lines by baseline, whatever the drawing order", () => {
    expect(read([frag("third", 50, 130), frag("first", 50, 100), frag("second", 50, 115)])).toEqual(["first", "second", "third"]);
  });

  it("reads a sidebar before the main column, each top to bottom", () => {
    const sidebar = ["Contact", "jane@example.com", "Skills", "Python", "Go"].map((text, i) => frag(text, 20, 100 + i * 14));
    const main = ["Experience", "Acme, engineer", "Built things", "Initech, intern", "Fixed things"].map((text, i) => frag(text, 200, 104 + i * 13));
    expect(read([...main, ...sidebar])).toEqual([...sidebar, ...main].map((f) => f.text));
  });

  it("keeps a full-width header above the columns", () => {
    const header = frag("Jane Doe, Site Reliability Engineer", 60, 60, 16);
    const left = ["Skills", "Python", "Go", "SQL"].map((text, i) => frag(text, 20, 100 + i * 14));
    const right = ["Experience", "Acme", "Initech", "Globex"].map((text, i) => frag(text, 300, 104 + i * 13));
    expect(read([...right, ...left, header])).toEqual([header, ...left, ...right].map((f) => f.text));
  });

  it("keeps a centred title that fits on one side with the header", () => {
    // The page's text spans x 20–560, so its centre is 290; the title sits right of the gutter, but centred.
    const name = frag("JANE DOE", 225, 60, 24, 130);
    const title = frag("ENGINEER", 255, 90, 12, 70);
    const left = ["Contact", "Berlin", "Skills", "Go"].map((text, i) => frag(text, 20, 130 + i * 14));
    const right = ["Experience", "Acme", "Initech", "Globex"].map((text, i) => frag(text, 250, 134 + i * 13, 10, i === 1 ? 310 : 60));
    expect(read([...left, ...right, title, name])).toEqual([name, title, ...left, ...right].map((f) => f.text));
  });

  it("reads a date column row by row, as a table, not as a column", () => {
    const rows = [
      [frag("2019–2021", 20, 100), frag("Engineer, Acme", 150, 100)],
      [frag("Built the platform", 150, 113)],
      [frag("2016–2019", 20, 130), frag("Developer, Initech", 150, 130)],
      [frag("Wrote the reports", 150, 143)],
      [frag("2014–2016", 20, 160), frag("Intern, Globex", 150, 160)],
    ];
    expect(read(rows.flat())).toEqual(["2019–2021 Engineer, Acme", "Built the platform", "2016–2019 Developer, Initech", "Wrote the reports", "2014–2016 Intern, Globex"]);
  });

  it("keeps a superscript on its line", () => {
    expect(read([frag("2014 1", 50, 100), frag("st", 80, 96.5, 7), frag("/50 Coding Competition", 87, 100)])).toEqual(["2014 1st/50 Coding Competition"]);
  });

  it("does not pull small lines beside a large name into one line", () => {
    const lines = read([frag("John Doe", 40, 100, 34, 140), frag("john@doe.org", 400, 90), frag("jdoe", 420, 102), frag("+1 555 0100", 400, 114)]);
    expect(lines.filter((line) => line.includes("jdoe"))).toEqual([expect.not.stringContaining("john@doe.org")]);
    expect(lines.join("\n")).toMatch(/john@doe\.org[\s\S]*jdoe[\s\S]*\+1 555 0100/);
  });

  it("does not chain a subtitle to a name through a large heading in the other column", () => {
    const lines = read([frag("BS, Physics", 50, 100, 13), frag("Online", 414, 108, 20), frag("University of San Francisco", 65, 113.5, 10.5)]);
    expect(lines).not.toContainEqual(expect.stringContaining("PhysicsUniversity"));
    expect(lines).toContainEqual("University of San Francisco");
  });

  it("drops a fragment drawn twice for fake bold", () => {
    expect(read([frag("Experience", 50, 100), frag("Experience", 50.4, 100)])).toEqual(["Experience"]);
  });

  it("separates paragraphs by a blank line where the vertical gap is large", () => {
    const text = blocksToText(layoutPage([frag("Experience", 50, 100, 14), frag("Acme", 50, 118), frag("Built things", 50, 130), frag("Education", 50, 170, 14), frag("MIT", 50, 188)]));
    expect(text).toBe("Experience\nAcme\nBuilt things\n\nEducation\nMIT");
  });
});

describe("joinFragments", () => {
  it("joins touching fragments without a space (ligatures split off by pdf.js)", () => {
    expect(joinFragments([frag("Certi", 10, 100, 10, 27), frag("fi", 37, 100, 10, 7), frag("ed", 44, 100, 10, 12)])).toBe("Certified");
  });

  it("puts one space at a word gap and two at a wide gap", () => {
    expect(joinFragments([frag("Jane", 10, 100, 10, 20), frag("Doe", 33, 100, 10, 15), frag("Berlin", 80, 100, 10, 30)])).toBe("Jane Doe  Berlin");
  });

  it("marks word breaks in a run of single letters by their wider gaps", () => {
    const letters = "JAREDSMITH".split("").map((letter, i) => frag(letter, 10 + i * 14 + (i >= 5 ? 10 : 0), 100, 20, 10));
    expect(joinFragments(letters)).toBe("J A R E D  S M I T H");
  });
});
