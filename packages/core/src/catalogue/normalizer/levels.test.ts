import { describe, expect, it } from "vitest";
import { detectLevels, isStaffRank } from "./levels.ts";

describe("isStaffRank, the one reading of 'staff' shared by the normalizer and the screening engine", () => {
  it("is a rank before the head of a technical ladder, wherever the head stands", () => {
    expect(isStaffRank(["engineer"])).toBe(true);
    expect(isStaffRank(["software", "engineers"])).toBe(true);
    expect(isStaffRank(["data", "scientist"])).toBe(true);
  });

  it("is no rank before any other title, or with nothing after it", () => {
    expect(isStaffRank(["accountant"])).toBe(false);
    expect(isStaffRank(["nurse"])).toBe(false);
    expect(isStaffRank(["data", "analyst"])).toBe(false);
    expect(isStaffRank([])).toBe(false);
  });

  it("decides the level detectLevels gives 'staff'", () => {
    expect(detectLevels("Staff Machine Learning Engineer")).toEqual(["lead"]);
    expect(detectLevels("Staff Data Analyst")).toEqual([]);
    expect(detectLevels("Senior Staff Accountant")).toEqual(["senior"]);
  });
});
