import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();
const titlesIn = (text: string): string[] => catalogue.titleMatcher.findAll(text).map((h) => catalogue.title(h.value)!.name);

describe("retail store titles", () => {
  it("leaves ASM unread: Assistant Store Manager, Area Sales Manager and Assistant Stage Manager all write it", () => {
    expect(titlesIn("ASM – Ops — Allsport Warehouse #0409 08/2016 – 03/2018")).toEqual([]);
  });

  it("does not read the letters inside other words or names as the title", () => {
    expect(titlesIn("Wrote firmware in ASMX and C")).toEqual([]);
    expect(titlesIn("Assistant Manager, Harbor Grill")).not.toContain("Assistant Store Manager");
  });
});

describe("retail workforce management tools", () => {
  it("reads Reflexis, the stores' scheduling suite, by its names", () => {
    expect(skillsIn("Build schedules in Reflexis against hourly traffic")).toContain("Reflexis");
    expect(skillsIn("Store P&L and forecasting · Reflexis WFM · Oracle Xstore")).toContain("Reflexis");
    expect(skillsIn("Zebra Reflexis task management")).toContain("Reflexis");
  });

  it("does not read the word reflex as the tool", () => {
    expect(skillsIn("Quick reflexes and a calm manner at the register")).not.toContain("Reflexis");
  });
});

describe("retail merchandising and inventory shorthand", () => {
  it("reads POG, the stores' abbreviation of planogram, and physical inventories in the plural", () => {
    expect(skillsIn("POGs/VM: 4 seasonal resets a yr + 2 floor moves; 98% POG compliance on DM visits")).toContain("Planograms");
    expect(skillsIn("New-launch and holiday sets to corporate POGs")).toContain("Planograms");
    expect(skillsIn("Under 1.2% for the last three physical inventories")).toContain("Physical Inventory Counts");
  });

  it("does not read the letters inside other words, nor an inventory that is not counted, as those skills", () => {
    expect(skillsIn("Pogo stick champion; managed the pogonip weather station")).not.toContain("Planograms");
    expect(skillsIn("Kept the inventory of physical assets for the IT department")).not.toContain("Physical Inventory Counts");
  });
});
