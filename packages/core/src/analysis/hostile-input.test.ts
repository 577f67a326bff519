import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../catalogue/catalogue.ts";
import { TitleNormalizer } from "../catalogue/normalizer.ts";
import { analyseCandidate, analyseJob, scoreMatch, type EngineContext } from "./index.ts";
import { redactProtected } from "./text/redact.ts";
import { RESUME_SECTIONS } from "./text/headings.ts";

/**
 * The API takes résumés and postings of up to 100,000 characters: no such input may cost seconds of CPU. Each case
 * below is an input that did, before the path it hit was made linear (times in the comments: one 100,000-character
 * input, measured before the fix on the development machine; all now run in well under a second). The bound is
 * generous so that a slow CI machine does not fail it; a quadratic path at this size is far above it.
 */
const CAP = 100_000;
const BOUND_MS = 2_000;
const NOW = new Date("2026-11-21T00:00:00Z");
const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx: EngineContext = { catalogue, normalizer: new TitleNormalizer(catalogue) };

const fill = (unit: string): string => unit.repeat(Math.floor(CAP / unit.length));

const CASES: [name: string, text: string][] = [
  // E-mail pattern tried from every letter of one word (redaction): ~6 s, 40 s on a loaded machine.
  ["one 100,000-letter word", fill("Electrical")],
  // The same pattern over a run of "-" (an e-mail character): 11 s.
  ["a run of dashes", fill("-")],
  // Citizenship pattern from every capital of "A.A.A…" / "A-A-A…" (redaction): 9 s each.
  ["dotted capitals", fill("A.")],
  ["hyphenated capitals", fill("A-")],
  // Age pattern from every "born" of a run without a year (redaction): 3–4 s.
  ["born without a year", fill("born in ")],
  // Unclosed brackets (title cleaning in the header): 10 s.
  ["unclosed brackets", fill("(")],
  ["unclosed square brackets", fill("[")],
  // Figures of years each testing the whole line before them for a deadline (posting): 5.4 s.
  ["a line of year figures", fill("5 years ")],
  ["a line of experience figures", fill("5+ years of experience in Python. ")],
  // Degree abbreviations each searching the line's hits, cues and clauses (posting): 9 s.
  ["a line of degree abbreviations", fill("BS MS ")],
  ["a line of degrees", fill("BSc ")],
  // Every degree of a line gathering every field of its sentence (résumé): 1.1 s.
  ["a line of degrees with fields", fill("MS in Computer Science ")],
  // A hyphenated-compound test of the whole line before every skill word, and the audience checks: 1.6 s.
  ["a line of department words", fill("sales ")],
  ["a line of audiences", fill("presented results to sales ")],
  // Every date line walking back to its section's start, every range checked against all found: 0.9 s.
  ["thousands of date lines", fill("Jan 2019 - Present\n")],
  // Every degree of a one-line requirement walking all the sentence's cues, each cue's clause read (posting): 12–14 s.
  ["a line of degrees in progress", ("Data Analyst\nRequirements\n" + "MBA in progress, BS expected, ".repeat(4000)).slice(0, CAP)],
  // An entry line of unclosed or many brackets: the employer's bracket pattern (3–4.5 s), then its separator pattern
  // tried from every space of the run the brackets leave (2–3 s).
  ["an entry line of unclosed brackets", `${"(a".repeat(49_000)} 2019 - 2021`],
  ["an entry line of bracketed asides", `${"(a) ".repeat(24_700)} 2019 - 2021`],
  // The student-engineering title pattern tried from every letter of a 99,000-letter employer line: 5.5 s.
  ["an entry of one long word", `EXPERIENCE\nSoftware Engineer\n${"A".repeat(99_000)}\nJan 2019 - Present\n`],
];

describe("a 100,000-character input costs no more than a moment", () => {
  for (const [name, text] of CASES) {
    it(name, () => {
      const t0 = performance.now();
      const candidate = analyseCandidate(text, ctx, NOW);
      const t1 = performance.now();
      const job = analyseJob(text, ctx);
      const t2 = performance.now();
      scoreMatch(job, candidate, { candidateName: "x", postedDate: NOW }, ctx);
      const t3 = performance.now();
      expect({ candidate: t1 - t0 < BOUND_MS, job: t2 - t1 < BOUND_MS, score: t3 - t2 < BOUND_MS }).toEqual({
        candidate: true,
        job: true,
        score: true,
      });
    });
  }

  it("reads a heading line with thousands of bracketed remarks without overflowing the stack", () => {
    // Each trailing remark was stripped by a recursive call: "(a) (a) …" threw RangeError at 25,000 remarks.
    const text = `Skills ${"(a) ".repeat(24_000)}\nPython`;
    expect(() => analyseCandidate(text, ctx, NOW)).not.toThrow();
    expect(() => analyseJob(text, ctx)).not.toThrow();
  });

  it("reads a department after a word that is also an Object property", () => {
    // "constructor" before "marketing" was looked up as a preposition on a plain object and threw.
    expect(() => analyseCandidate("Jane Doe\nEXPERIENCE\nLed constructor marketing.\n", ctx, NOW)).not.toThrow();
    expect(() => analyseJob("Presented constructor sales, daily.", ctx)).not.toThrow();
  });
});

describe("the linear redaction masks what the patterns masked", () => {
  const masked = (text: string): string => redactProtected(text, RESUME_SECTIONS).text;
  it("still masks e-mail addresses, stated citizenship and birth years", () => {
    expect(masked("reach me at jane.doe@example.com today")).not.toContain("jane.doe");
    expect(masked("Skills\nU.S. citizen, fluent in Spanish")).not.toContain("citizen");
    expect(masked("Skills\nborn in Lagos, 1990 and raised in Leeds")).not.toContain("1990");
    expect(masked("Skills\nAged 34, two children")).not.toContain("34");
  });
  it("leaves alike text without those alone", () => {
    expect(masked("Skills\nElectrical design, A.B. testing, reborn 2019 project")).toBe(
      "Skills\nElectrical design, A.B. testing, reborn 2019 project",
    );
  });
});
