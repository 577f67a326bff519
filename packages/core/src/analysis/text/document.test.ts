import { describe, expect, it } from "vitest";
import { endsWithCapitalisedWord, parseDocument, sentenceOf } from "./document.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "./headings.ts";
import { MAX_SNIPPET_LENGTH, snippetAround } from "./snippet.ts";

describe("parseDocument", () => {
  it("reads a lone heading word that ends a credential cut by a narrow column as content of its section", () => {
    const text = ["Licensure", "Oregon Professional Teaching", "License", "• Special Education: Generalist", "endorsement"].join("\n");
    expect(parseDocument(text, RESUME_SECTIONS).lines.map((l) => [l.text, l.section, l.heading])).toEqual([
      ["Licensure", "certifications", true],
      ["Oregon Professional Teaching", "certifications", false],
      ["License", "certifications", false],
      ["• Special Education: Generalist", "certifications", false],
      ["endorsement", "certifications", false],
    ]);
  });

  it("reads whether a line breaks off on a capitalised word from its last word, fast on a hostile line", () => {
    expect(endsWithCapitalisedWord("Oregon Professional Teaching")).toBe(true);
    expect(endsWithCapitalisedWord("CPR / BLS")).toBe(true);
    expect(endsWithCapitalisedWord("Oregon professional teaching")).toBe(false);
    expect(endsWithCapitalisedWord("OSHA 30")).toBe(false);
    expect(endsWithCapitalisedWord("BLS (2024)")).toBe(false);
    // A 100,000-letter line of capitals that ends on a figure: an end-anchored regex took seconds from every capital.
    const hostile = `Licensure\n${"A".repeat(100_000)}1\nLicense`;
    const t = performance.now();
    expect(parseDocument(hostile, RESUME_SECTIONS).lines.filter((l) => l.heading).map((l) => l.text)).toEqual(["Licensure", "License"]);
    expect(endsWithCapitalisedWord(`${"A".repeat(100_000)}1`)).toBe(false);
    expect(performance.now() - t).toBeLessThan(500);
  });

  it("keeps the heading after a finished item, a blank line, or when it names another section (negative)", () => {
    const headings = (text: string) => parseDocument(text, RESUME_SECTIONS).lines.filter((l) => l.heading).map((l) => l.text);
    // The line above ends with its details: the heading starts a list of its own.
    expect(headings("Certifications\nBLS, American Heart Association, 2024\nLicenses\nRN, Oregon")).toEqual(["Certifications", "Licenses"]);
    expect(headings("Certifications\nAmerican Heart Association BLS\n\nLicense\nRN, Oregon")).toEqual(["Certifications", "License"]);
    // Another section's heading always opens it.
    expect(headings("Certifications\nAmerican Heart Association BLS\nExperience\nStaff Nurse, Acme, 2020 – 2024")).toEqual([
      "Certifications",
      "Experience",
    ]);
  });

  it("reads a heading qualified by a bracketed remark, and job headings in their common phrasings", () => {
    const text = ["Qualifications (must have)", "- Go", "What you need to bring", "- SQL", "What you'll own", "- The ledger"].join("\n");
    const doc = parseDocument(text, JOB_SECTIONS);
    expect(doc.lines.filter((l) => !l.heading).map((l) => l.section)).toEqual(["requirements", "requirements", "responsibilities"]);
  });

  it("keeps a line whose bracket holds a figure as content: the bracket is the requirement, not a remark", () => {
    const doc = parseDocument(["Requirements", "Experience (3+ years)", "Education (2 years of college)"].join("\n"), JOB_SECTIONS);
    expect(doc.lines.map((l) => [l.section, l.heading])).toEqual([
      ["requirements", true],
      ["requirements", false],
      ["requirements", false],
    ]);
  });

  it("reads an inline label whose list wraps onto the next line, but never a wrapped tail as a heading", () => {
    const text = ["Requirements", "- Go", "Nice to have: a culinary degree, fermentation,", "working Spanish"].join("\n");
    const doc = parseDocument(text, JOB_SECTIONS);
    expect(doc.lines.map((l) => l.section)).toEqual(["requirements", "requirements", "preferred", "preferred"]);
    expect(parseDocument("Skills\nPython, Go,\nExperience,", RESUME_SECTIONS).lines.map((l) => l.section)).toEqual([
      "skills",
      "skills",
      "skills",
    ]);
  });

  it("reads a bilingual heading by its known half and never a wrapped sentence tail as a heading", () => {
    const text = ["PARCOURS / CAREER", "Second de cuisine, 2020 – 2024", "Menu degustation in six and nine", "courses.", "Led a brigade"].join("\n");
    const doc = parseDocument(text, RESUME_SECTIONS);
    expect(doc.lines.map((l) => [l.section, l.heading])).toEqual([
      ["experience", true],
      ["experience", false],
      ["experience", false],
      ["experience", false],
      ["experience", false],
    ]);
  });

  it("keeps offsets into the original text for every line and token", () => {
    const text = "  Jane Doe \r\n\r\nExperience\n  - Built things in Python  ";
    const doc = parseDocument(text, RESUME_SECTIONS);
    for (const line of doc.lines) {
      expect(text.slice(line.start, line.end)).toBe(line.text);
      for (const t of line.tokens) expect(text.slice(t.start, t.end)).toBe(t.raw);
    }
    expect(doc.lines.map((l) => l.text)).toEqual(["Jane Doe", "Experience", "- Built things in Python"]);
  });

  it("assigns sections from headings, including decorated, upper-case and combined ones", () => {
    const text = ["Jane", "## WORK EXPERIENCE", "Engineer", "Skills & Languages:", "Go", "Hobbies and Interests", "Chess"].join("\n");
    const doc = parseDocument(text, RESUME_SECTIONS);
    expect(doc.lines.map((l) => [l.text, l.section, l.heading])).toEqual([
      ["Jane", "preamble", false],
      ["## WORK EXPERIENCE", "experience", true],
      ["Engineer", "experience", false],
      ["Skills & Languages:", "skills", true],
      ["Go", "skills", false],
      ["Hobbies and Interests", "interests", true],
      ["Chess", "interests", false],
    ]);
    expect(doc.sections).toEqual(["experience", "skills", "interests"]);
  });

  it("reads a heading set in spaced-out letters or cut inside a word by letter-spacing", () => {
    const text = ["Sam Rivera", "W O R K  E X P E R I E N C E", "Baker, Crumb & Co", "edu cation", "BSc Chemistry", "int erests", "Chess"].join("\n");
    const doc = parseDocument(text, RESUME_SECTIONS);
    expect(doc.lines.map((l) => [l.section, l.heading])).toEqual([
      ["preamble", false],
      ["experience", true],
      ["experience", false],
      ["education", true],
      ["education", false],
      ["interests", true],
      ["interests", false],
    ]);
    expect(doc.sections).toEqual(["experience", "education", "interests"]);
  });

  it("does not read a line of words that happen to spell a heading when joined, nor one piece per word", () => {
    const doc = parseDocument("Profile\nGo Ruby Rust\nmy work\nOpen Source\n", RESUME_SECTIONS);
    expect(doc.lines.map((l) => l.heading)).toEqual([true, false, false, true]);
    expect(doc.lines[3]!.section).toBe("projects");
  });

  it("reads a capitalised line ending in a heading word as that heading, but not a sentence", () => {
    const doc = parseDocument("International Awards\nBest paper\nI have 5 years experience\n", RESUME_SECTIONS);
    expect(doc.lines[0]).toMatchObject({ section: "awards", heading: true });
    expect(doc.lines[2]).toMatchObject({ heading: false });
  });

  it("does not read a title ending in a heading word as a heading: a heading is the phrase, with heading modifiers", () => {
    const text = [
      "Experience",
      "Learning Specialist — Sunset Ridge Elementary, 2021 – Present",
      "Instructional Assistant, Special Education",
      "Maple Terrace Elementary",
      "2017 – 2019",
      "Special Education",
      "Hospital Volunteer",
      "Lumen Technologies",
      "Boys & Girls Clubs",
      "2015 – 2017",
    ].join("\n");
    const doc = parseDocument(text, RESUME_SECTIONS);
    expect(doc.lines.map((l) => [l.section, l.heading])).toEqual([
      ["experience", true],
      ...Array.from({ length: 9 }, () => ["experience", false]),
    ]);
    expect(doc.sections).toEqual(["experience"]);
  });

  it("still reads a heading word after heading modifiers, or an open heading word after any capitalised words", () => {
    const headings = ["Relevant Training", "Continuing Education", "Electrical Training", "Kitchen Experience", "CULINARY PROFILE", "Software Engineering Career", "International Awards"];
    const doc = parseDocument(headings.map((h) => `${h}\nSome content`).join("\n"), RESUME_SECTIONS);
    expect(doc.lines.filter((l) => l.heading).map((l) => [l.text, l.section])).toEqual([
      ["Relevant Training", "certifications"],
      ["Continuing Education", "certifications"],
      ["Electrical Training", "certifications"],
      ["Kitchen Experience", "experience"],
      ["CULINARY PROFILE", "summary"],
      ["Software Engineering Career", "experience"],
      ["International Awards", "awards"],
    ]);
  });

  it("never reads a bulleted item as a heading, though its label names one; a heading drawn with a glyph is one", () => {
    const text = [
      "Licensure",
      "Oregon Professional Teaching License",
      "  - Special Education: Generalist endorsement",
      "  - Elementary – Multiple Subjects endorsement (added 2023)",
      "■ EDUCATION",
      "Skills",
      "• Languages: Python, Go, SQL",
      "• Infrastructure: AWS, Docker",
      "• Human Languages:",
      "• English (native speaker)",
    ].join("\n");
    expect(parseDocument(text, RESUME_SECTIONS).lines.map((l) => [l.section, l.heading])).toEqual([
      ["certifications", true],
      ["certifications", false],
      ["certifications", false],
      ["certifications", false],
      ["education", true],
      ["skills", true],
      ["skills", false],
      ["skills", false],
      ["languages", true],
      ["languages", false],
    ]);
  });

  it("treats an inline heading as a section start whose label is not content", () => {
    const text = "Education: BSc Physics\nUniversity of Leeds";
    const doc = parseDocument(text, RESUME_SECTIONS);
    expect(doc.lines[0]).toMatchObject({ section: "education", heading: false });
    expect(doc.lines[0]!.tokens.map((t) => t.raw)).toEqual(["BSc", "Physics"]);
    expect(doc.lines[1]!.section).toBe("education");
  });

  it("closes a section at an unknown heading, so later lines are not read as requirements", () => {
    const doc = parseDocument("Requirements\n- Python\nOur office:\n- Free Python books", JOB_SECTIONS);
    expect(doc.lines.map((l) => l.section)).toEqual(["requirements", "requirements", "other", "other"]);
  });

  it("does not read labels such as 'Role:' as headings of a posting", () => {
    const doc = parseDocument("Role: Data Engineer\nWe build pipelines.", JOB_SECTIONS);
    expect(doc.lines.every((l) => l.section === "preamble")).toBe(true);
  });
});

describe("sentences", () => {
  it("splits on sentence ends but not after abbreviations, initials or inside names like Node.js", () => {
    const text = "M.Sc. Computer Science, e.g. Node.js and Dr. Who. Second sentence; third part.";
    const [line] = parseDocument(text, RESUME_SECTIONS).lines;
    expect(line!.sentences.map(([a, b]) => text.slice(a, b).trim())).toEqual([
      "M.Sc. Computer Science, e.g. Node.js and Dr. Who.",
      "Second sentence;",
      "third part.",
    ]);
    const at = text.indexOf("third");
    expect(text.slice(...sentenceOf(line!, at, at + 5))).toBe(" third part.");
  });
});

describe("snippetAround", () => {
  it("quotes the whole line when it fits, without the bullet", () => {
    const text = "Experience\n  • Built Python services. Ran Kubernetes.\n";
    const line = parseDocument(text, RESUME_SECTIONS).lines[1]!;
    const at = text.indexOf("Kubernetes");
    expect(snippetAround(text, line, at, at + 10)).toBe("Built Python services. Ran Kubernetes.");
  });

  it("falls back to the sentence, then to a word-aligned window, always a verbatim substring", () => {
    const long = `${"word ".repeat(80)}Kubernetes ${"more ".repeat(80)}`.trim();
    const text = `Intro sentence here. ${long}`;
    const line = parseDocument(text, RESUME_SECTIONS).lines[0]!;
    const at = text.indexOf("Kubernetes");
    const snippet = snippetAround(text, line, at, at + 10);
    expect(text.includes(snippet)).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(MAX_SNIPPET_LENGTH);
    expect(snippet).toContain("Kubernetes");
    expect(snippet.startsWith("word") || snippet.startsWith("Kubernetes")).toBe(true);
  });
});
