import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();

describe("a skill's name does not run on over punctuation between its words", () => {
  it("reads no skill from words that a comma, a full stop, a semicolon, a bar or a bullet keeps apart", () => {
    expect(skillsIn("Sold on Amazon, cloud kitchens and food trucks")).not.toContain("Amazon Web Services");
    expect(skillsIn("We sold on Amazon. Cloud storage was someone else's job")).not.toContain("Amazon Web Services");
    expect(skillsIn("It was cold, calling it off was easy")).not.toContain("Cold Calling");
    // "Spark" alone is Apache Spark too: no match runs over the punctuation.
    for (const text of ["Stack: Apache; Spark is next", "Apache | Spark • Kafka", "Apache, Spark"]) {
      expect(catalogue.findSkills(text).map((m) => m.surface)).not.toContain(text.slice(0, text.indexOf("Spark") + 5).replace(/^Stack: /u, ""));
      expect(catalogue.findSkills(text).every((m) => !/[;|•,]/u.test(m.surface))).toBe(true);
    }
  });

  it("still reads names written with their own hyphens, slashes and commas", () => {
    expect(skillsIn("moved the services to the Amazon cloud in 2022")).toContain("Amazon Web Services");
    expect(skillsIn("Apache Spark, Kafka and CI/CD pipelines; cold-calling")).toEqual(expect.arrayContaining(["Apache Spark", "CI/CD", "Cold Calling"]));
    expect(skillsIn("Commercial Driver's License, Class A – Missouri")).toContain("CDL Class A");
    expect(skillsIn("Commercial Driver's License, Class B (2019)")).toContain("CDL Class B");
  });

  it("reads a name across the full stop of an abbreviation (vs., e.g.)", () => {
    expect(skillsIn("Prepared budget vs. actual analysis for 12 cost centres")).toContain("Variance Analysis");
    expect(skillsIn("Tracked actual vs. theoretical food cost weekly")).toContain("Food Cost Control");
    // A full stop after any other word still ends the name, and so does a comma after the abbreviation's.
    expect(skillsIn("Prepared the budget. Actual analysis came later")).not.toContain("Variance Analysis");
    expect(skillsIn("We sold on Amazon. Cloud storage was someone else's job")).not.toContain("Amazon Web Services");
    expect(skillsIn("Compared budget vs., actual analysis")).not.toContain("Variance Analysis");
  });

  it("reads no skill across a bullet mark, a spaced dash, a colon or an opening bracket", () => {
    expect(skillsIn("Sold on Amazon · cloud kitchens")).not.toContain("Amazon Web Services");
    expect(skillsIn("Sold on Amazon — cloud kitchens")).not.toContain("Amazon Web Services");
    expect(skillsIn("Sold on Amazon – cloud kitchens")).not.toContain("Amazon Web Services");
    for (const mark of ["▪", "◦", "●", "○", "■", "□", "➢", "►", "✓", "✔"]) {
      expect(skillsIn(`Sold on Amazon ${mark} cloud kitchens`)).not.toContain("Amazon Web Services");
    }
    expect(skillsIn("Sold on Amazon, cloud kitchens")).not.toContain("Amazon Web Services");
    expect(skillsIn("Channels: Amazon: cloud kitchens, Etsy")).not.toContain("Amazon Web Services");
    expect(skillsIn("Sold on Amazon (cloud kitchens took the rest)")).not.toContain("Amazon Web Services");
    expect(skillsIn("Stack: Apache Spark (PySpark), Certified Public Accountant (CPA)")).toEqual(
      expect.arrayContaining(["Apache Spark", "Certified Public Accountant (CPA)"]),
    );
    // A name still runs over an unspaced dash or a hyphen, and a bullet before it starts it.
    expect(skillsIn("Moved the services to the Amazon cloud · Kafka")).toContain("Amazon Web Services");
    expect(skillsIn("Apache Spark · Kafka — cold-calling")).toEqual(expect.arrayContaining(["Apache Spark", "Cold Calling"]));
  });

  it("stays linear on a long run of abbreviations and marks", () => {
    const text = "budget vs. · actual — ".repeat(5_000).slice(0, 100_000);
    const t0 = performance.now();
    catalogue.findSkills(text);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});
