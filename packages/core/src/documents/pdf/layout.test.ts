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

  describe("sidebars on the main column's baselines", () => {
    // Both columns on one 16 pt grid, as a Word table or a CSS grid lays them out.
    const sidebar = ["SKILLS", "Kubernetes", "Terraform", "Go", "LANGUAGES", "German", "Spanish"];
    const main = [
      "EXPERIENCE",
      "Site Reliability Engineer, Globex, 2021 – Present",
      "Ran the production Kubernetes clusters.",
      "Systems Administrator, Initech, 2016 – 2020",
      "Maintained Linux servers and backups.",
      "EDUCATION",
      "BSc Computer Science, Leeds, 2012 – 2016",
    ];
    const grid = (texts: string[], x: number, top = 100) => texts.map((text, i) => frag(text, x, top + i * 16));

    it("reads the sidebar, then the main column, when every line has a neighbour across the gutter", () => {
      expect(read([...grid(main, 220), ...grid(sidebar, 40)])).toEqual([...sidebar, ...main]);
    });

    it("reads a sidebar of contact details and language levels as a column: digits there are no dates", () => {
      const contact = ["CONTACT", "+44 20 7946 0958", "London E1 6AN", "LANGUAGES", "English C2", "German B1", "Spanish A2"];
      expect(read([...grid(main, 220), ...grid(contact, 40)])).toEqual([...contact, ...main]);
    });

    it("reads them column by column when the sidebar stops halfway down the main column", () => {
      const longer = [...main, "Certified Kubernetes Administrator, 2022", "AWS Solutions Architect, 2021", "Volunteer mentor at Code Club"];
      expect(read([...grid(longer, 220), ...grid(sidebar.slice(0, 4), 40)])).toEqual([...sidebar.slice(0, 4), ...longer]);
    });

    it("still reads a column of dates beside one-line entries row by row", () => {
      const dates = ["2021 – 2024", "2018 – 2021", "2016 – 2018", "2014 – 2016"].map((text, i) => frag(text, 40, 100 + i * 16));
      const roles = ["Engineer, Globex", "Developer, Initech", "Analyst, Acme Corporation", "Intern, Umbrella"].map((text, i) => frag(text, 160, 100 + i * 16));
      expect(read([...roles, ...dates])).toEqual(["2021 – 2024 Engineer, Globex", "2018 – 2021 Developer, Initech", "2016 – 2018 Analyst, Acme Corporation", "2014 – 2016 Intern, Umbrella"]);
    });

    it("still reads a bullet column beside its items row by row", () => {
      const items = ["Certified Public Accountant", "Month-end close and reconciliations", "Accounts payable", "Payroll"];
      const fragments = items.flatMap((text, i) => [frag("•", 60, 100 + i * 14, 10, 4), frag(text, 80, 100 + i * 14)]);
      expect(read(fragments)).toEqual(items.map((text) => `• ${text}`));
    });

    it("still reads a column of repeated places beside one-line entries row by row", () => {
      const entries = ["Problem Writer, Hacking Contest", "Organizer, Security Conference", "Staff, Hacking Camp"];
      const fragments = entries.flatMap((text, i) => [frag(text, 50, 100 + i * 14), frag("S.Korea", 480, 100 + i * 14)]);
      expect(read(fragments)).toEqual(entries.map((text) => `${text} S.Korea`));
    });

    it("still reads labels beside values that run over several lines row by row", () => {
      const fragments = [
        frag("Languages", 40, 100),
        frag("English (native), German (fluent), French", 160, 100),
        frag("(conversational), Spanish (basic)", 160, 113),
        frag("Programming", 40, 126),
        frag("Python, Go, TypeScript, SQL, Bash and a", 160, 126),
        frag("little Rust", 160, 139),
        frag("Tools", 40, 152),
        frag("Terraform, Kubernetes, Docker, GitHub", 160, 152),
        frag("Actions and Grafana", 160, 165),
      ];
      expect(read(fragments)[0]).toBe("Languages English (native), German (fluent), French");
      expect(read(fragments)).toContain("Programming Python, Go, TypeScript, SQL, Bash and a");
    });

    it("still keeps tab-stop dates on their entry's line", () => {
      const fragments = [
        frag("Engineer, Globex", 50, 100),
        frag("2019 – 2021", 460, 100),
        frag("Built the billing service", 60, 113),
        frag("Ran the on-call rota", 60, 126),
        frag("Developer, Initech", 50, 145),
        frag("2016 – 2019", 460, 145),
        frag("Wrote the reporting tools", 60, 158),
        frag("Analyst, Acme", 50, 177),
        frag("2014 – 2016", 460, 177),
        frag("Kept the books", 60, 190),
      ];
      expect(read(fragments)).toEqual([
        "Engineer, Globex 2019 – 2021",
        "Built the billing service",
        "Ran the on-call rota",
        "Developer, Initech 2016 – 2019",
        "Wrote the reporting tools",
        "Analyst, Acme 2014 – 2016",
        "Kept the books",
      ]);
    });
  });

  it("keeps a main column's heading with its column when the sidebar starts a few points lower", () => {
    // The name reaches far enough right to cross the gutter and head the page, and the page's text spans
    // x 40–420, so "EXPERIENCE" (200–250) is centred on it by accident.
    const sidebar = ["SKILLS", "Kubernetes", "Terraform", "Go", "LANGUAGES", "German", "Spanish"].map((text, i) => frag(text, 40, 105 + i * 16));
    const main = [
      "EXPERIENCE",
      "Site Reliability Engineer, Globex",
      "Ran the production clusters in three regions",
      "Systems Administrator, Initech",
      "Maintained Linux servers and backups.",
      "EDUCATION",
      "BSc Computer Science, Leeds",
    ].map((text, i) => frag(text, 200, 100 + i * 16));
    expect(read([frag("PRIYA NAIR", 40, 60, 20, 115), ...main, ...sidebar])).toEqual(["PRIYA NAIR", ...[...sidebar, ...main].map((f) => f.text)]);
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
