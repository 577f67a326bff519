import { describe, expect, it } from "vitest";
import { PhraseMatcher } from "./matcher.ts";

const BREAKS = /[.;,|•]/u;
const patterns = [
  { phrase: "Amazon Cloud", value: "aws" },
  { phrase: "Amazon", value: "amazon" },
  { phrase: "Apache Spark", value: "spark" },
  { phrase: "Cold Calling", value: "cold-calling" },
  { phrase: "CI/CD", value: "cicd" },
  { phrase: "Commercial Driver's License, Class A", value: "cdl-a" },
];
const values = (m: PhraseMatcher<string>, text: string) => m.findAll(text).map((x) => x.value);

describe("PhraseMatcher with breaks", () => {
  const m = new PhraseMatcher(patterns, { breaks: BREAKS });

  it("does not run a phrase on over a sentence's end, a comma, a semicolon, a bar or a bullet", () => {
    expect(values(m, "Sold on Amazon, cloud kitchens")).toEqual(["amazon"]);
    expect(values(m, "Amazon. Cloud")).toEqual(["amazon"]);
    expect(values(m, "Apache; Spark")).toEqual([]);
    expect(values(m, "It was cold, calling it off")).toEqual([]);
    expect(values(m, "Apache | Spark • Apache•Spark")).toEqual([]);
  });

  it("still runs it on over spaces, line breaks, hyphens and slashes, and over the phrase's own punctuation", () => {
    expect(values(m, "moved to the Amazon\ncloud")).toEqual(["aws"]);
    expect(values(m, "Apache-Spark jobs; cold-calling; CI/CD")).toEqual(["spark", "cold-calling", "cicd"]);
    expect(values(m, "Commercial Driver's License, Class A – Missouri")).toEqual(["cdl-a"]);
  });

  it("runs on over anything without breaks, as before", () => {
    expect(values(new PhraseMatcher(patterns), "Sold on Amazon, cloud kitchens; Apache; Spark")).toEqual(["aws", "spark"]);
  });

  it("stays linear on a long text of near-phrases cut by breaks", () => {
    const text = "Amazon, cloud; Apache. Spark | ".repeat(4000).slice(0, 100_000);
    const started = performance.now();
    expect(values(m, text).filter((v) => v !== "amazon")).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
