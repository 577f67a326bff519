import { describe, expect, it } from "vitest";
import { DescriptionIndex, descriptionStems, type DescriptionSlot } from "./descriptions.ts";
import { stem } from "./words.ts";


// Twelve descriptions: a word in one of them is kept, one in nine of them is too common to index.
const filler = Array.from({ length: 9 }, (_, i) => `Workers of kind ${i} operate machine number ${"x".repeat(i + 3)} daily.`);
const index = new DescriptionIndex([
  "Forklift drivers move pallets in warehouses and load trucks.",
  "Marketing assistants support advertising campaigns and branding.",
  undefined,
  ...filler,
]);

/** Query slots of whole words, each standing for its own stem only. */
const slots = (...words: string[]): DescriptionSlot[] =>
  words.map((w) => {
    const id = index.id(stem(w));
    return { stems: id === undefined ? [] : [{ id, sim: 1 }] };
  });

function run(query: DescriptionSlot[], factor = 1) {
  const out = new Float64Array(index.count);
  const touched: number[] = [];
  index.score(query, factor, out, touched);
  return { out, touched };
}

describe("descriptionStems", () => {
  it("keeps stemmed content words, folding accents and dropping glue words, short words and numbers", () => {
    expect(descriptionStems("They operate the Forklifts in 2 café warehouses.")).toEqual(
      ["operate", "forklifts", "cafe", "warehouses"].map(stem),
    );
  });
});

describe("DescriptionIndex", () => {
  it("scores the documents that contain a query word, on a 0–1 scale of the best reachable score", () => {
    const { out, touched } = run(slots("forklift"));
    expect(touched).toEqual([0]);
    expect(out[0]).toBeCloseTo(1, 9);
    const two = run(slots("forklift", "advertising"));
    expect(two.touched.sort()).toEqual([0, 1]);
    // Each document has one of the two words: about half of what a document with both would reach.
    expect(two.out[0]! + two.out[1]!).toBeCloseTo(1, 9);
  });

  it("scales by the factor and the similarity of a variant, and keeps the larger of repeated scorings", () => {
    const forklift = index.id(stem("forklift"))!;
    const full = run([{ stems: [{ id: forklift, sim: 1 }] }, ...slots("advertising")]).out[0]!;
    const variant = run([{ stems: [{ id: forklift, sim: 0.5 }] }, ...slots("advertising")]).out[0]!;
    expect(variant).toBeGreaterThan(0);
    expect(variant).toBeLessThan(full);
    expect(run(slots("forklift", "advertising"), 0.5).out[0]).toBeCloseTo(full / 2, 12);

    const out = new Float64Array(index.count);
    const touched: number[] = [];
    index.score(slots("forklift"), 0.5, out, touched);
    index.score(slots("forklift"), 1, out, touched);
    index.score(slots("forklift"), 0.1, out, touched);
    expect(out[0]).toBeCloseTo(1, 12);
    expect(touched).toEqual([0]);
  });

  it("ignores unknown words, documents without a description and words most descriptions use", () => {
    expect(index.id(stem("astronaut"))).toBeUndefined();
    expect(index.id(stem("operate"))).toBeDefined();
    expect(run(slots("operate")).touched).toEqual([]);
    const empty = new DescriptionIndex([undefined, ""]);
    expect(empty.count).toBe(2);
    expect(empty.id(stem("forklift"))).toBeUndefined();
  });
});
