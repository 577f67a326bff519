/**
 * Counterfactual fairness on the screening dev set and fresh sets (docs/fairness.md): a résumé and the same résumé with only a
 * protected attribute changed get exactly the same scores and labels. Engine-only: no server or database.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AFFILIATIONS,
  PERSONAL_LINES,
  decision,
  engineContext,
  loadCases,
  makeScorer,
  variantPairs,
  withAffiliation,
  withGender,
  withGraduationShift,
  withHeaderLines,
  withName,
} from "./fairness/counterfactual.ts";

const cases = loadCases();
const score = makeScorer(engineContext());
const decisionOf = (c: (typeof cases)[number], text: string) => decision(score(c, text));

describe("counterfactual variants of the screening benchmark's résumés", () => {
  it("covers every résumé of the dev set and the fresh sets ((12 + 4 + 4) jobs × 25 of their own candidates)", () => {
    expect(cases.length).toBe(500);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it("the variant generators really change the texts they are given", () => {
    const c = cases[0]!;
    expect(withName(c.resume, "Ruby Sage")).toContain("Ruby Sage");
    expect(withName(c.resume, "Ruby Sage")).not.toBe(c.resume);
    expect(withGender("He led his team", "female")).toBe("She led her team");
    expect(withGender("Chairwoman; she is", "male")).toBe("Chairman; he is");
    expect(withGraduationShift("B.S. Computer Science, Foo University, 2019\nAnalyst | 2019 – 2021", 10)).toBe(
      "B.S. Computer Science, Foo University, 2009\nAnalyst | 2019 – 2021",
    );
    // Jobs at a school keep their years, whatever the role or the state's code; schooling lines shift (review).
    for (const job of [
      "Chemistry Teacher — Newton North High School, Newton, MA — 2015 – 2020",
      "Biology Teacher, Starkville High School, Starkville, MS, 2015 – 2020",
      "Custodian, Westside High School, Omaha, NE, 2015 – 2020",
      "School Nurse, Westside High School, Omaha, NE, 2015 – 2020",
      "Athletic Director, Westside High School, 2015 – 2020",
      "Associate Principal, Westside High School, 2015 – 2020",
      "Master Teacher, Westside High School, 2015 – 2020",
      "Westside High School, Omaha, NE — 2015 to 2020\nMath Teacher",
    ]) {
      expect(withGraduationShift(`EXPERIENCE\n${job}`, 10), job).toBe(`EXPERIENCE\n${job}`);
    }
    expect(withGraduationShift("EXPERIENCE\nCashier, Kroger, 2019 – 2021\nWestside High School, 2010; class president; coached by Coach Smith", 10)).toBe(
      "EXPERIENCE\nCashier, Kroger, 2019 – 2021\nWestside High School, 2000; class president; coached by Coach Smith",
    );
    expect(withGraduationShift("EDUCATION\nLincoln High School Diploma, 2010", 10)).toBe("EDUCATION\nLincoln High School Diploma, 2000");
    const shifted = cases.filter((x) => withGraduationShift(x.resume, 10) !== x.resume);
    expect(shifted.length).toBeGreaterThan(cases.length / 2);
  });

  it("fixed pairs: name, gender, personal-data lines and graduation years never change a score or label", () => {
    for (const c of cases) {
      const base = decisionOf(c, c.resume);
      for (const p of variantPairs(c.resume).filter((p) => p.kind !== "affiliation")) {
        expect(decisionOf(c, p.variant), `${c.id}: ${p.label}`).toEqual(base);
      }
    }
    // A sweep over 500 résumés × ~25 variants: about 20 s on a quiet 2-core machine, several times that under load.
  }, 240_000);

  it("fixed pairs: affiliations differing only in ethnicity or religion score the same", () => {
    for (const c of cases) {
      const pairs = variantPairs(c.resume).filter((p) => p.kind === "affiliation");
      expect(pairs.length).toBe(AFFILIATIONS.length - 1);
      const first = decisionOf(c, pairs[0]!.original);
      for (const p of pairs) expect(decisionOf(c, p.variant), `${c.id}: ${p.label}`).toEqual(first);
    }
  });

  // Names built from syllables, so that they look like names of many origins without being words of the catalogue.
  const SYLLABLES = ["ka", "lo", "mi", "ra", "to", "sha", "ne", "ju", "ba", "de", "ngu", "ye", "fa", "ti", "wei", "ol", "an", "se"];
  const namePart = fc
    .array(fc.constantFrom(...SYLLABLES), { minLength: 1, maxLength: 4 })
    .map((s) => s.join(""))
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  const anyName = fc.array(namePart, { minLength: 2, maxLength: 3 }).map((parts) => parts.join(" "));

  it("property: any combination of protected changes leaves scores and labels as they were", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: cases.length - 1 }),
        fc.option(anyName, { nil: undefined }),
        fc.constantFrom(undefined, "female" as const, "male" as const),
        fc.subarray([...PERSONAL_LINES.flat()]),
        fc.integer({ min: 0, max: 30 }),
        fc.option(fc.constantFrom(...AFFILIATIONS.slice(1)), { nil: undefined }),
        (index, name, gender, lines, by, affiliation) => {
          const c = cases[index]!;
          const original = affiliation ? withAffiliation(c.resume, AFFILIATIONS[0]!) : c.resume;
          let variant = affiliation ? withAffiliation(c.resume, affiliation) : c.resume;
          if (gender) variant = withGender(variant, gender);
          variant = withGraduationShift(variant, by);
          if (lines.length) variant = withHeaderLines(variant, lines);
          if (name) variant = withName(variant, name);
          expect(decisionOf(c, variant)).toEqual(decisionOf(c, original));
        },
      ),
      { numRuns: 1000, seed: 8 },
    );
  });
});
