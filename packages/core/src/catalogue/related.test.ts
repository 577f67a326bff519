import { describe, expect, it } from "vitest";
import { Catalogue, RELATION_SHARE } from "./catalogue.ts";
import type { CatalogueData, Skill, SkillRelation, Title } from "./types.ts";

const skill = (id: string, related?: SkillRelation[]): Skill => ({
  id,
  name: `skill ${id}`,
  description: null,
  type: "Specialized Skill",
  aliases: [],
  case_sensitive: false,
  ...(related ? { related } : {}),
});
const title = (id: string, skill_ids: string[], essential_skills?: number): Title => ({
  id,
  name: `title ${id}`,
  career_group: "g",
  aliases: [],
  skill_ids,
  ...(essential_skills === undefined ? {} : { essential_skills }),
});
const catalogue = (skills: Skill[], titles: Title[]) =>
  new Catalogue({ version: "v", source: "test", skills, titles } satisfies CatalogueData);
const scores = (cat: Catalogue, ids: string[], limit = 10) =>
  Object.fromEntries(cat.relatedSkills(ids, limit).map((r) => [r.skill.id, r.score]));

// Ranked lists: weight 1 / (1 + 0.15 · position).
const w = (pos: number) => 1 / (1 + 0.15 * pos);

describe("relatedSkills: co-occurrence", () => {
  const cat = catalogue(
    ["A", "B", "C", "D", "X"].map((s) => skill(s)),
    [title("t1", ["A", "B", "C"]), title("t2", ["A", "B"]), title("t3", ["C", "D"])],
  );

  it("scores the cosine of title-incidence vectors, best first, leaving out unrelated skills and the inputs", () => {
    // v_A = (1, 1, 0); v_B = (w1, w1, 0); v_C = (w2, 0, 1) over titles t1, t2, t3.
    const cosAC = (1 * w(2)) / (Math.SQRT2 * Math.hypot(w(2), 1));
    const got = cat.relatedSkills(["A"], 10);
    expect(got.map((r) => r.skill.id)).toEqual(["B", "C"]);
    expect(got[0]!.score).toBeCloseTo(1, 10);
    expect(got[1]!.score).toBeCloseTo(cosAC, 10);
  });

  it("averages over several input skills", () => {
    const cosAC = (1 * w(2)) / (Math.SQRT2 * Math.hypot(w(2), 1));
    const cosBC = (w(1) * w(2)) / (Math.hypot(w(1), w(1)) * Math.hypot(w(2), 1));
    const cosDC = (w(1) * 1) / (w(1) * Math.hypot(w(2), 1));
    expect(scores(cat, ["A", "B", "D"])).toEqual({ C: expect.closeTo((cosAC + cosBC + cosDC) / 3, 10) });
  });

  it("honours the limit", () => {
    expect(cat.relatedSkills(["A"], 1).map((r) => r.skill.id)).toEqual(["B"]);
    expect(cat.hasSkillRelations).toBe(false);
  });

  it("weighs every essential skill alike when the title splits essential from optional", () => {
    // Essential A and B in swapped positions: with the split their scores against C agree; ranked, they differ.
    const split = catalogue(["A", "B", "C"].map((s) => skill(s)), [title("t1", ["A", "B", "C"], 2), title("t2", ["B", "A"], 2)]);
    const s = scores(split, ["C"]);
    expect(s.A).toBeCloseTo(s.B!, 12);
    // C is optional (weight 0.5) in t1 only; A has weight 1 in both titles: cos = 0.5 / (0.5 · √2).
    expect(s.A).toBeCloseTo(1 / Math.SQRT2, 12);

    const ranked = catalogue(["A", "B", "C"].map((s) => skill(s)), [title("t1", ["A", "B", "C"]), title("t2", ["B", "A"])]);
    const r = scores(ranked, ["C"]);
    expect(r.A).not.toBeCloseTo(r.B!, 6);
  });
});

describe("relatedSkills: with curated skill–skill relations", () => {
  const cat = catalogue(
    [
      skill("A", [
        { id: "E", kind: "essential" },
        { id: "F", kind: "optional" },
        { id: "A", kind: "essential" }, // self-links and unknown ids carry no weight
        { id: "nope", kind: "essential" },
      ]),
      skill("B"),
      skill("C"),
      skill("E"),
      skill("F", [{ id: "A", kind: "essential" }]),
    ],
    [title("t1", ["A", "B"]), title("t2", ["A", "B"]), title("t3", ["C"])],
  );

  it("blends co-occurrence and relation strength: (1 − share) · cosine + share · weight", () => {
    expect(cat.hasSkillRelations).toBe(true);
    const s = scores(cat, ["A"]);
    expect(s.B).toBeCloseTo((1 - RELATION_SHARE) * 1, 12);
    expect(s.E).toBeCloseTo(RELATION_SHARE * 1, 12);
    // F is linked both ways, optional from A and essential from F: the stronger link counts.
    expect(s.F).toBeCloseTo(RELATION_SHARE * 1, 12);
    expect(Object.keys(s).sort()).toEqual(["B", "E", "F"]);
  });

  it("reads relations in both directions", () => {
    expect(scores(cat, ["E"])).toEqual({ A: expect.closeTo(RELATION_SHARE, 12) });
  });

  it("averages relation weights over the inputs and excludes the inputs", () => {
    const s = scores(cat, ["E", "F"]);
    expect(Object.keys(s)).toEqual(["A"]);
    expect(s.A).toBeCloseTo((RELATION_SHARE * 1 + RELATION_SHARE * 1) / 2, 12);
  });

  it("ranks an optional relation below an essential one", () => {
    const c2 = catalogue([skill("A", [{ id: "E", kind: "essential" }, { id: "F", kind: "optional" }]), skill("E"), skill("F")], []);
    const got = c2.relatedSkills(["A"], 10);
    expect(got.map((r) => r.skill.id)).toEqual(["E", "F"]);
    expect(got[1]!.score).toBeCloseTo(RELATION_SHARE * 0.5, 12);
  });
});
