import { describe, expect, it } from "vitest";
import { cleanFragmentText, cleanLineText, dehyphenate, dropIcons, type PlacedText } from "./cleanup.ts";

const placed = (font: string, text: string, x: number, y: number, width = text.length * 5, size = 10): PlacedText => ({ font, text, x, y, width, size });
const line = (text: string, y: number) => ({ text, y, size: 10 });

describe("cleanFragmentText and cleanLineText", () => {
  it("removes private-use icons, pictographs and control characters", () => {
    expect(cleanFragmentText("\uf0e0 jane@example.com \u{1f4f1} +1 555\u0007 \u2709")).toBe(" jane@example.com  +1 555 ");
  });

  it("keeps ©, ® and ™", () => {
    expect(cleanFragmentText("Acme® Widget™ ©2020")).toBe("Acme® Widget™ ©2020");
  });

  it("removes skill-rating dots", () => {
    expect(cleanLineText("English ● ● ● ● ○")).toBe("English");
    expect(cleanLineText("Spanish ★★★☆☆ (fluent)")).toBe("Spanish (fluent)");
  });
});

describe("dropIcons", () => {
  it("drops glyphs of a font that only draws isolated single characters", () => {
    const items = [placed("icons", "z", 10, 100), placed("text", "July 2012 – Ongoing", 22, 100), placed("icons", "#", 10, 120), placed("text", "jane@example.com", 22, 120)];
    expect(dropIcons(items).map((item) => item.text)).toEqual(["July 2012 – Ongoing", "jane@example.com"]);
  });

  it("keeps letter-spaced text, whose single glyphs stand side by side", () => {
    const letters = "JANE".split("").map((letter, i) => placed("display", letter, 10 + i * 14, 60, 10, 20));
    expect(dropIcons(letters)).toHaveLength(4);
  });

  it("keeps a fallback-font letter that touches its word, and dashes", () => {
    const items = [placed("text", "Bo", 10, 100, 10), placed("fallback", "ğ", 20, 100, 5), placed("text", "aziçi", 25, 100, 25), placed("symbols", "–", 60, 100, 5), placed("text", "2018", 70, 100, 20)];
    expect(dropIcons(items).map((item) => item.text).join("")).toBe("Boğaziçi–2018");
  });

  it("drops a glyph whose Unicode mapping is the icon's name", () => {
    const items = [placed("fa", "HOUSE-CHIMNEY", 10, 100, 7, 13), placed("text", "www.example.com", 20, 100)];
    expect(dropIcons(items).map((item) => item.text)).toEqual(["www.example.com"]);
  });
});

describe("dehyphenate", () => {
  it("rejoins a word split at the line end, keeping the rest of the line", () => {
    expect(dehyphenate([line("a strange world ruled by imag-", 1), line("ination and fantasy.", 2)]).map((l) => l.text)).toEqual([
      "a strange world ruled by imagination",
      "and fantasy.",
    ]);
  });

  it("keeps the hyphen of usual compounds", () => {
    expect(dehyphenate([line("a highly self-", 1), line("motivated engineer", 2)]).map((l) => l.text)).toEqual(["a highly self-motivated", "engineer"]);
  });

  it("drops a line that the moved word emptied", () => {
    expect(dehyphenate([line("Alice dis-", 1), line("plays.", 2), line("Next", 3)]).map((l) => l.text)).toEqual(["Alice displays.", "Next"]);
  });

  it("leaves dashes, capitalised continuations and list items alone", () => {
    const lines = [line("2019 -", 1), line("present", 2), line("Python-", 3), line("Django", 4), line("co-", 5), line("- item", 6)];
    expect(dehyphenate(lines).map((l) => l.text)).toEqual(lines.map((l) => l.text));
  });
});
