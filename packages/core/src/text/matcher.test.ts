import { describe, expect, it } from "vitest";
import { PhraseMatcher } from "./matcher.ts";
import { tokenize } from "./tokens.ts";

describe("tokenize", () => {
  it("keeps technical names whole and drops sentence punctuation", () => {
    expect(tokenize("I use C++, C#, .NET and Node.js. Also Python.").map((t) => t.raw)).toEqual([
      "I", "use", "C++", "C#", ".NET", "and", "Node.js", "Also", "Python",
    ]);
  });

  it("gives offsets that slice back to the surface form", () => {
    const text = "Ops: Kubernetes (k8s)";
    for (const t of tokenize(text)) expect(text.slice(t.start, t.end)).toBe(t.raw);
  });
});

describe("PhraseMatcher", () => {
  const m = new PhraseMatcher([
    { phrase: "Terraform", value: "tf" },
    { phrase: "Java", value: "java" },
    { phrase: "JavaScript", value: "js" },
    { phrase: "Machine Learning", value: "ml" },
    { phrase: "Machine", value: "machine" },
    { phrase: "Go", value: "go", caseSensitive: true },
    { phrase: "Golang", value: "go" },
    { phrase: "C++", value: "cpp" },
  ]);

  it("matches whole tokens only (no 'Tform' inside 'platform', no Java inside JavaScript)", () => {
    expect(m.findAll("platform engineering with JavaScript")).toEqual([
      { value: "js", start: 26, end: 36, surface: "JavaScript" },
    ]);
  });

  it("prefers the longest phrase at a position", () => {
    expect(m.findAll("machine learning models").map((x) => x.value)).toEqual(["ml"]);
  });

  it("honours case-sensitive entries", () => {
    expect(m.findAll("we go to Go meetups and write golang").map((x) => x.surface)).toEqual(["Go", "golang"]);
  });

  it("does not let case-sensitive entries match inside glued words", () => {
    const r = new PhraseMatcher([
      { phrase: "R", value: "r", caseSensitive: true },
      { phrase: "Go", value: "go", caseSensitive: true },
    ]);
    expect(r.findAll("R&D lead; Go-Live; C-suite").map((x) => x.value)).toEqual([]);
    expect(r.findAll("Statistics in R, services in Go.").map((x) => x.value)).toEqual(["r", "go"]);
  });

  it("starts no phrase after an 'e-' prefix: the electronic form of a thing is another word", () => {
    const r = new PhraseMatcher([
      { phrase: "Filing Systems", value: "filing" },
      { phrase: "Prescribing", value: "prescribing" },
      { phrase: "E-Discovery", value: "ediscovery" },
      { phrase: "Systems", value: "systems" },
    ]);
    expect(r.findAll("File through state e-filing systems; handle e-prescribing").map((x) => x.value)).toEqual(["systems"]);
    // The compound written as the catalogue writes it, the word alone, or after another hyphenated word still match.
    expect(r.findAll("E-Discovery; office filing systems; Prescribing; pre-filing systems; type-Prescribing").map((x) => x.value)).toEqual([
      "ediscovery",
      "filing",
      "prescribing",
      "filing",
      "prescribing",
    ]);
  });

  it("finds symbol-bearing names, once per mention", () => {
    expect(m.findAll("Modern C++ (C++20)").map((x) => x.surface)).toEqual(["C++", "C++"]);
  });

  it("looks up whole phrases", () => {
    expect(m.lookup("machine  LEARNING")).toEqual(["ml"]);
    expect(m.lookup("go")).toEqual([]);
    expect(m.lookup("Go")).toEqual(["go"]);
  });
});
