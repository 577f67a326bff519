import { describe, expect, it } from "vitest";
import { DEFAULT_WEIGHTS } from "../normalizer.ts";
import { Lexicon } from "./lexicon.ts";
import { generalityPrior } from "./prior.ts";

const prior = (titles: { name: string; aliases: string[] }[]) => {
  const lexicon = new Lexicon(titles, DEFAULT_WEIGHTS);
  return Array.from(generalityPrior(lexicon.labels, titles.length));
};

describe("generalityPrior", () => {
  it("ranks a title by how many other titles have a label containing its name, on a log scale", () => {
    const p = prior([
      { name: "software developer", aliases: ["programmer"] },
      { name: "java software developer", aliases: [] },
      { name: "mobile app developer", aliases: ["mobile software developer"] },
      { name: "web developer", aliases: [] },
      { name: "developer", aliases: [] },
    ]);
    // "developer" is inside all four others, "software developer" inside two, the rest inside none.
    expect(p[4]).toBe(1);
    expect(p[0]).toBeCloseTo(Math.log(3) / Math.log(5), 12);
    expect(p[1]).toBe(0);
    expect(p[2]).toBe(0);
    expect(p[3]).toBe(0);
  });

  it("counts a title once however many of its labels contain the name, and never the title itself", () => {
    const p = prior([
      { name: "nurse", aliases: ["staff nurse"] },
      { name: "psychiatric nurse", aliases: ["mental health nurse", "psychiatric nurse practitioner"] },
      { name: "midwife", aliases: [] },
    ]);
    expect(p).toEqual([1, 0, 0]);
  });

  it("is all zeros when no name is inside another title's label", () => {
    expect(prior([{ name: "baker", aliases: [] }, { name: "welder", aliases: [] }])).toEqual([0, 0]);
  });
});
