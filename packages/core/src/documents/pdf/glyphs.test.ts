import { describe, expect, it } from "vitest";
import { buildGlyphStream, resolveWordBreaks, restoreHyphens, type ShownGlyph } from "./glyphs.ts";

const glyphs = (text: string): ShownGlyph[] => [...text].map((char) => (char === " " ? { unicode: " ", isSpace: true } : { unicode: char }));

describe("glyph stream repairs", () => {
  it("restores a word break from a space glyph", () => {
    // Chromium draws every glyph with its own show operation.
    const stream = buildGlyphStream([..."JARED RICHARDS"].map((char) => glyphs(char)));
    expect(resolveWordBreaks("JA R E D R I C H A R D S", stream)).toBe("JARED RICHARDS");
  });

  it("treats a wide TJ adjustment as a word break", () => {
    const stream = buildGlyphStream([[...glyphs("JANE"), -600, ...glyphs("DOE")]]);
    expect(resolveWordBreaks("J A N E D O E", stream)).toBe("JANE DOE");
  });

  it("returns null when the letters are not on the page", () => {
    expect(resolveWordBreaks("X Y Z Z Y", buildGlyphStream([glyphs("JANE DOE")]))).toBeNull();
  });

  it("puts back hyphens that were mapped to U+00AD, spaced when the text has a gap after them", () => {
    const stream = buildGlyphStream([glyphs("seeking high\u00adimpact roles"), glyphs("Mar. 2010 \u00ad Aug. 2017")]);
    expect(restoreHyphens("seeking highimpact roles", stream, 0)).toEqual({ text: "seeking high-impact roles", end: 22 });
    expect(restoreHyphens("Mar. 2010 Aug. 2017", stream, 22)?.text).toBe("Mar. 2010 - Aug. 2017");
  });

  it("keeps a line-end hyphen so that the line can be rejoined", () => {
    const stream = buildGlyphStream([glyphs("evaluating Con\u00ad"), glyphs("sul and Istio")]);
    expect(restoreHyphens("evaluating Con", stream, 0)?.text).toBe("evaluating Con-");
  });

  it("matches ligature glyphs against pdf.js's decomposed text", () => {
    const stream = buildGlyphStream([[{ unicode: "e" }, { unicode: "\ufb03" }, { unicode: "cient" }, { unicode: "\u00ad" }, { unicode: "ly" }]]);
    expect(restoreHyphens("efficiently", stream, 0)?.text).toBe("efficient-ly");
  });
});
