import { describe, expect, it } from "vitest";
import { canonicalKey, isUuidShaped, skillId, titleId } from "@winnow/core/catalogue/ids";
import { phraseKey } from "@winnow/core/text/tokens";
import { SKILL_TYPES } from "@winnow/core/catalogue/types";
import { DEFAULT_DATA_DIR, loadDefaultCatalogue, readSourceFiles } from "./index.ts";

const data = loadDefaultCatalogue();
const groups = new Map<string, number>();
for (const t of data.titles) groups.set(t.career_group, (groups.get(t.career_group) ?? 0) + 1);

describe("default catalogue", () => {
  it("is broad enough", () => {
    expect(data.titles.length).toBeGreaterThanOrEqual(1000);
    expect(data.skills.length).toBeGreaterThanOrEqual(3000);
    expect(groups.size).toBeGreaterThanOrEqual(25);
  });

  it("has UUID-shaped, unique ids derived from canonical names", () => {
    const ids = new Set<string>();
    for (const s of data.skills) {
      expect(isUuidShaped(s.id)).toBe(true);
      expect(s.id).toBe(skillId(s.name));
      ids.add(s.id);
    }
    for (const t of data.titles) {
      expect(isUuidShaped(t.id)).toBe(true);
      expect(t.id).toBe(titleId(t.name));
      ids.add(t.id);
    }
    expect(ids.size).toBe(data.skills.length + data.titles.length);
  });

  it("maps every title to at least 8 existing skills", () => {
    const skillIds = new Set(data.skills.map((s) => s.id));
    const short = data.titles.filter((t) => t.skill_ids.length < 8).map((t) => t.name);
    expect(short).toEqual([]);
    for (const t of data.titles) for (const id of t.skill_ids) expect(skillIds.has(id)).toBe(true);
  });

  it("has no alias that points to two titles, or that is another title's name", () => {
    const owner = new Map<string, string>();
    for (const t of data.titles) owner.set(phraseKey(t.name), t.name);
    const clashes: string[] = [];
    for (const t of data.titles) {
      for (const a of t.aliases) {
        const key = phraseKey(a);
        const other = owner.get(key);
        if (other && other !== t.name) clashes.push(`${t.name} / ${other}: "${a}"`);
        owner.set(key, t.name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("has no skill alias shared by two skills", () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const s of data.skills) {
      for (const phrase of [s.name, ...s.aliases]) {
        const key = s.case_sensitive ? `cs:${phrase}` : phraseKey(phrase);
        const other = owner.get(key);
        if (other && other !== s.name) clashes.push(`${s.name} / ${other}: "${phrase}"`);
        owner.set(key, s.name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("uses only known skill types, has descriptions, and non-empty career groups", () => {
    for (const s of data.skills) expect(SKILL_TYPES).toContain(s.type);
    const described = data.skills.filter((s) => s.description).length;
    expect(described / data.skills.length).toBeGreaterThan(0.95);
    for (const [group, count] of groups) {
      expect(group.trim()).not.toBe("");
      expect(count).toBeGreaterThan(0);
    }
  });

  it("has no seniority variants of other titles (levels are detected, not catalogued)", () => {
    const known = new Set(data.titles.flatMap((t) => [t.name, ...t.aliases].map(phraseKey)));
    const variants = data.titles.filter((t) => {
      const m = /^(?:senior|junior|sr\.?|jr\.?|lead|principal|staff)\s+(.+)$|^(.+?)\s+(?:i{1,3}|iv)$/i.exec(t.name);
      return m !== null && known.has(phraseKey(m[1] ?? m[2]!));
    });
    expect(variants.map((t) => t.name)).toEqual([]);
  });

  it("builds from the source files reproducibly", () => {
    const files = readSourceFiles(DEFAULT_DATA_DIR);
    expect(files.length).toBeGreaterThanOrEqual(26);
    expect(new Set(files.map((f) => canonicalKey(f.path))).size).toBe(files.length);
  });
});
