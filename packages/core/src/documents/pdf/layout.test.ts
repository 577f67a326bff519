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

  describe("full-width bands above and below two columns", () => {
    // Lines of a column, one every `pitch` points from `top`: templates set the sidebar and the main column with
    // their own leading, so their baselines drift apart down the page.
    const column = (texts: string[], x: number, top: number, pitch: number, size = 9.5) => texts.map((text, i) => frag(text, x, top + i * pitch, size));
    const header = [
      frag("PRIYA RAMAN, M.Ed.", 24, 62, 18),
      frag("Beaverton, OR 97005 | 971-555-0163 | priya.raman@example.com", 24, 82, 9.5),
      frag("Areas of Expertise", 24, 94, 9.5),
      ...column(
        [
          "- Specially designed instruction in reading, writing and math (grades K–5)",
          "- IEP development, progress monitoring and case management",
          "- Structured literacy (Orton-Gillingham certified at Associate level)",
          "- Behavior intervention plans and functional behavior assessments",
          "- Co-teaching and push-in support in general education classrooms",
          "- Differentiated instruction and universal design for learning (UDL)",
        ],
        24,
        106,
        12,
      ),
    ];
    const sidebar = [
      "Licensure",
      "Oregon Teaching License",
      "Special Education endorsement",
      "Education",
      "M.Ed. Special Education",
      "Columbia Gorge University",
      "Portland, OR, 2019",
      "B.A. Human Development",
      "Columbia Gorge University",
      "Beaverton, OR, 2016",
    ];
    const main = [
      "Employment",
      "Learning Specialist, Sunset Ridge Elementary, 2021 – Present",
      "Manage a caseload of 24 students with IEPs in grades K–5 and deliver",
      "small-group reading and math instruction in a resource room.",
      "Co-teach literacy blocks in grades 2 and 3 with general education staff.",
      "Special Education Teacher, Maple Terrace Elementary, 2019 – 2021",
      "Co-led a self-contained classroom of 9 students in grades 1–4 with",
      "significant behavioral and communication needs.",
      "Instructional Assistant, Maple Terrace Elementary, 2017 – 2019",
      "Supported students with disabilities in general education classrooms.",
    ];

    it("reads a header band of several full-width rows first, then the sidebar, then the main column", () => {
      const fragments = [...header, ...column(sidebar, 24, 197, 11.5), ...column(main, 226, 197.5, 12.5)];
      expect(read(fragments)).toEqual([...header.map((f) => f.text), ...sidebar, ...main]);
    });

    it("keeps a short line among the band's rows in the band's block", () => {
      const blocks = layoutPage([...header, ...column(sidebar, 24, 197, 11.5), ...column(main, 226, 197.5, 12.5)]);
      expect(blocks[0]!.map((line) => line.text)).toEqual(header.map((f) => f.text));
    });

    it("reads two columns above a full-width footer band, then the band", () => {
      const projects = [
        "Projects",
        "Reading intervention schedule: redesigned the Tier 2 reading intervention schedule for grades K–5,",
        "moving groups to a six-week cycle with progress checks every two weeks; adopted district-wide in 2024.",
        "Visual schedules library: built a shared library of visual schedules and first-then boards for",
        "general education classrooms, used by twelve teachers across two schools.",
        "Family literacy nights: organised four evenings a year on reading at home for families of",
        "students with IEPs, with materials in English and Spanish.",
        "Volunteer: Beaverton Public Library summer reading programme, 2018 – present.",
      ];
      const footer = column(projects, 24, 340, 12);
      const fragments = [frag("PRIYA RAMAN", 24, 62, 18), ...column(sidebar, 24, 100, 14), ...column(main, 226, 101, 13), ...footer];
      expect(read(fragments)).toEqual(["PRIYA RAMAN", ...sidebar, ...main, ...projects]);
    });

    it("reads two columns below a long single-column part, such as a two-column last section", () => {
      const body = column(main, 24, 60, 12);
      const education = ["Education", "M.Ed. Special Education,", "Columbia Gorge University, 2019", "B.A. Human Development,", "Columbia Gorge University, 2016"];
      const learning = ["Recent Learning", "Completed an online course on structured literacy (2025)", "and a workshop on co-teaching models (2026).", "Why I am applying", "I want to lead a class of my own."];
      const fragments = [...body, ...column(education, 24, 200, 11.5), ...column(learning, 226, 200.5, 12.5)];
      expect(read(fragments)).toEqual([...main, ...education, ...learning]);
    });

    it("keeps a single column with a long header one column, with its places at the right on their lines", () => {
      const summary = column(
        [
          "Special education teacher with seven years in resource rooms and co-taught classrooms, licensed in Oregon",
          "with endorsements in special education and elementary multiple subjects; structured literacy trained and",
          "experienced with IEP development, progress monitoring, behavior plans and family communication in English",
          "and Spanish. Looking for a third-grade homeroom position in a school with a strong co-teaching culture.",
        ],
        40,
        80,
        12,
      );
      const entries = [
        [frag("Learning Specialist, Sunset Ridge Elementary", 40, 150), frag("Beaverton, OR", 470, 150)],
        [frag("Manage a caseload of 24 students with IEPs in grades K–5, deliver small-group instruction", 50, 162)],
        [frag("Co-teach literacy blocks in grades 2 and 3", 50, 174)],
        [frag("Special Education Teacher, Maple Terrace Elementary", 40, 192), frag("Tigard, OR", 470, 192)],
        [frag("Co-led a self-contained classroom of 9 students with significant behavioral needs, with two", 50, 204)],
        [frag("Built structured routines and token economies", 50, 216)],
        [frag("Instructional Assistant, Lincoln Elementary", 40, 234), frag("Portland, OR", 470, 234)],
        [frag("Supported students with disabilities in general education and resource settings", 50, 246)],
      ];
      expect(read([...summary, ...entries.flat()])).toEqual([
        ...summary.map((f) => f.text),
        ...entries.map((row) => row.map((f) => f.text).join(" ")),
      ]);
    });

    it("still reads a date column below a header band row by row, as a table", () => {
      const rows = [
        [frag("2021 – now", 40, 200), frag("Learning Specialist, Sunset Ridge Elementary", 150, 200)],
        [frag("Resource room and co-taught literacy, grades K–5", 150, 213)],
        [frag("2019 – 2021", 40, 230), frag("Special Education Teacher, Maple Terrace Elementary", 150, 230)],
        [frag("Self-contained classroom, grades 1–4", 150, 243)],
        [frag("2017 – 2019", 40, 260), frag("Instructional Assistant, Maple Terrace Elementary", 150, 260)],
        [frag("Resource settings while completing licensure", 150, 273)],
      ];
      const fragments = [...header, ...rows.flat()];
      expect(read(fragments)).toEqual([...header.map((f) => f.text), ...rows.map((row) => row.map((f) => f.text).join(" "))]);
    });

    it("still reads labels beside values below a paragraph row by row", () => {
      const paragraph = column(
        [
          "After seven years in special education, much of it supporting teachers in their classrooms, I want to",
          "lead a class of my own. I have co-taught third-grade literacy for three years and know the Grade 3",
          "standards and curriculum well, and I have planned units with the grade team every week since 2022.",
          "I would bring structured literacy, differentiation for mixed-ability groups and close work with families.",
        ],
        40,
        80,
        12,
      );
      const labels = ["Languages", "English", "Spanish", "Tagalog"];
      const values = ["native speaker, teaching language", "fluent, parent conferences and translation", "conversational, learned at home"];
      const fragments = [...paragraph, frag(labels[0]!, 40, 140, 11), ...labels.slice(1).map((text, i) => frag(text, 40, 154 + i * 12)), ...values.map((text, i) => frag(text, 160, 154 + i * 12))];
      expect(read(fragments)).toEqual([...paragraph.map((f) => f.text), "Languages", ...labels.slice(1).map((label, i) => `${label} ${values[i]}`)]);
    });

    describe("a sidebar heading wider than the sidebar's text, beside the main column's heading", () => {
      const band = [
        frag("Ngozi Adeyemi, PHR", 24, 62, 18),
        frag("Gahanna, OH | 614-555-0113 | ngozi.adeyemi@example.com", 24, 82, 9.5),
        ...column(
          [
            "I am a people partner who has spent six years in the kind of workplace where HR has to walk the floor: grocery",
            "centers and stores running around the clock. My work sits where people issues meet the law, and I am at my",
            "best when a supervisor calls with a messy situation and needs a fair, documented answer the same day.",
          ],
          24,
          106,
          12,
        ),
      ];
      // The sidebar's lines reach x 171 at most (about 0.5 em a character), its heading x 198: the widest gap free
      // of sidebar text (171–226) is crossed by the heading alone.
      const sidebar = ["B.S., Industrial/Organizational", "Psychology — Olentangy Valley", "University, 2018", "Professional in HR (PHR),", "HRCI — 2021", "Yoruba and English"];
      const main = [
        "People Partner, Distribution & Transportation",
        "Harvestlane Markets, Columbus, OH — 2022 to now",
        "I am the HR partner for our central Ohio distribution center and fleet, about 480",
        "team members across three shifts, plus drivers based in Indiana and West Virginia.",
        "Team Member Relations Specialist",
        "Harvestlane Markets, Columbus, OH — 2020 to 2022",
        "Handled employee concerns for 22 stores through the central relations team.",
        "People Services Coordinator",
        "Maplestone Health Plan, Columbus, OH — 2018 to 2020",
        // Enough lines for the page's crossing budget to admit the header band and the heading row.
        ...Array.from({ length: 24 }, (_, i) => `Processed hires, transfers and separations in the HR system, batch ${i + 1}.`),
      ];
      const page = (leftHead: Fragment, rightHead: Fragment) => [...band, leftHead, rightHead, ...column(sidebar, 24, 182, 11.5), ...column(main, 226, 184, 12.5)];

      it("gives each heading its own column instead of joining them into one header line", () => {
        const lines = read(page(frag("EDUCATION AND CREDENTIALS", 24, 161, 11, 174), frag("WHERE I HAVE WORKED", 226, 162, 11, 134)));
        expect(lines).toEqual([...band.map((f) => f.text), "EDUCATION AND CREDENTIALS", ...sidebar, "WHERE I HAVE WORKED", ...main]);
      });

      it("still keeps a row of a large name beside a small contact line as one header line", () => {
        const lines = read(page(frag("NGOZI ADEYEMI", 24, 161, 16, 180), frag("ngozi@example.com", 226, 162, 9.5, 90)));
        expect(lines).toContain("NGOZI ADEYEMI ngozi@example.com");
      });
    });

    it("does not take a name beside a contact block for two columns over a single-column body", () => {
      const contact = [
        "12 Alder Street",
        "Beaverton, OR 97005",
        "971-555-0163",
        "priya.raman@example.com",
        "linkedin.com/in/praman",
        "github.com/praman",
        "Oregon teaching license",
        "Spanish, conversational",
        "Available from August",
      ].map((text, i) => frag(text, 360, 30 + i * 10));
      const name = [frag("Priya Raman", 74, 70, 30, 150), frag("Learning Specialist", 74, 95, 16, 140), frag("Special education, grades K–5", 74, 110)];
      const body = column(
        [
          "Education",
          "2019 M.Ed. in Special Education, Columbia Gorge University, Portland",
          "Thesis on co-teaching models",
          "Experience",
          "2021 – now Learning Specialist, Sunset Ridge Elementary, Beaverton",
          "Caseload of 24 students",
          "Co-taught literacy blocks in grades 2 and 3 with the general education teachers",
          "2019 – 2021 Special Education Teacher, Maple Terrace Elementary",
          "Self-contained classroom",
          "Wrote individual reading plans for every student and reported progress to families",
        ],
        74,
        130,
        13,
        10,
      );
      // The page number, right of the gap between the name and the contact block, stretches that "column" down the page.
      const lines = read([...contact, ...name, ...body, frag("Page 1 of 2", 480, 400)]);
      expect(lines.slice(-body.length - 1)).toEqual([...body.map((f) => f.text), "Page 1 of 2"]);
    });
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
