import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { occupationalReading } from "@winnow/core/analysis/text/occupations";
import { tokenize } from "@winnow/core/text/tokens";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const titlesIn = (text: string): string[] => catalogue.titleMatcher.findAll(text).map((h) => catalogue.title(h.value)!.name);

describe("foreman and the other job words with a gendered ending", () => {
  it("knows the neutral forms the engine reads them as (blind scoring: occupations.ts)", () => {
    for (const written of ["Foreperson", "General Foreperson", "Construction Foreperson", "Site Foreperson", "General Foreman — Acme Electric"]) {
      expect(titlesIn(written), written).toEqual(["Foreman"]);
    }
    expect(titlesIn("Maintenance Foreperson")).toEqual(["Maintenance Supervisor"]);
    expect(titlesIn("Salesperson, 2019 – 2022")).toEqual(["Sales Representative"]);
  });

  it("leaves words that only begin like them alone", () => {
    expect(titlesIn("Foremost Builders")).toEqual([]);
    expect(titlesIn("Car Salesperson")).not.toContain("Sales Representative");
    expect(titlesIn("Sales Manager")).not.toContain("Sales Representative");
  });

  it("reads every name and alias with a gendered job word, in its neutral reading, as the same entry", () => {
    // Postings are read with the neutral word ("General Foreman" → general foreperson), so each such alias needs
    // its neutral twin, or a posting would lose a title it had.
    const gendered = /\b(?:fore|chair|sales|crafts|spokes|business)(?:wo)?m[ae]n\b/iu;
    const neutral = (phrase: string) =>
      tokenize(phrase).map((t, i, all) => {
        const next = all[i + 1];
        return { ...t, norm: occupationalReading(t.norm, next ? phrase[t.end] : undefined) ?? t.norm };
      });
    let checked = 0;
    for (const title of catalogue.titles) {
      for (const phrase of [title.name, ...title.aliases].filter((p) => gendered.test(p))) {
        // The whole phrase, not a part of it: "General Foreman" must not shrink to "Foreperson".
        const whole = catalogue.titleMatcher.findAll(phrase, neutral(phrase)).filter((h) => h.start === 0 && h.end === phrase.length);
        expect(whole.map((h) => h.value), phrase).toContain(title.id);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});
