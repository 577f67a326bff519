/**
 * The page's shown glyphs in drawing order, as a fallback source for what pdf.js's text content loses:
 * space glyphs inside letter-spaced words and hyphens mapped to U+00AD. pdf.js skips U+00AD as an
 * invisible format mark, but fonts set by LuaTeX/XeTeX (Awesome-CV and others) map their only hyphen glyph
 * to it, so "high-impact" comes out as "highimpact" and "Mar. 2010 - Aug. 2017" loses its dash.
 */

export interface GlyphStream {
  /** Visible characters, spaces removed, NFKC-normalised like pdf.js's text content. */
  chars: string;
  /** spaceBefore[i]: a space glyph (or a wide TJ gap) preceded chars[i]. */
  spaceBefore: boolean[];
  /** hyphenAfter[i]: a U+00AD glyph followed chars[i]. */
  hyphenAfter: boolean[];
}

/** One shown glyph as it appears in pdf.js operator-list arguments; numbers are TJ adjustments. */
export type ShownGlyph = number | { unicode?: string; isSpace?: boolean } | null;

export function buildGlyphStream(shows: Iterable<ShownGlyph[]>): GlyphStream {
  let chars = "";
  const spaceBefore: boolean[] = [];
  const hyphenAfter: boolean[] = [];
  let pendingSpace = false;
  for (const glyphs of shows) {
    for (const glyph of glyphs) {
      if (typeof glyph === "number") {
        // TJ adjustments are in thousandths of an em; a large negative one moves right by a word space.
        if (glyph < -250) pendingSpace = true;
        continue;
      }
      const unicode = glyph?.unicode ?? "";
      if (glyph?.isSpace || /^\s+$/.test(unicode)) {
        pendingSpace = true;
        continue;
      }
      if (unicode === "\u00ad") {
        if (chars.length > 0) hyphenAfter[chars.length - 1] = true;
        continue;
      }
      for (const char of unicode.normalize("NFKC")) {
        if (/\s/.test(char)) {
          pendingSpace = true;
          continue;
        }
        for (let k = 0; k < char.length; k++) {
          spaceBefore[chars.length + k] = pendingSpace && k === 0;
          hyphenAfter[chars.length + k] = false;
        }
        chars += char;
        pendingSpace = false;
      }
    }
  }
  return { chars, spaceBefore, hyphenAfter };
}

/**
 * Finds the fragment's characters in the glyph stream, searching forward from `from` first (fragments and
 * glyphs share drawing order) and from the start otherwise. Returns the stream index or -1.
 */
export function locate(stream: GlyphStream, letters: string, from: number): number {
  if (letters === "") return -1;
  const ahead = stream.chars.indexOf(letters, from);
  return ahead >= 0 ? ahead : stream.chars.indexOf(letters);
}

/**
 * Puts back the hyphens pdf.js dropped from a fragment. Returns the repaired text and where the match
 * ended (the next search start), or null when the fragment cannot be matched to glyphs.
 */
export function restoreHyphens(text: string, stream: GlyphStream, from: number): { text: string; end: number } | null {
  const letters = text.replace(/\s+/g, "");
  const at = locate(stream, letters, from);
  if (at < 0) return null;
  let out = "";
  let k = at;
  const chars = [...text];
  chars.forEach((char, i) => {
    out += char;
    if (/\s/.test(char)) return;
    k += char.length;
    // A dash followed by a space in the text is a range or aside ("2010 - 2017"), so it gets spaces too.
    if (stream.hyphenAfter[k - 1]) out += /\s/.test(chars[i + 1] ?? "") ? " -" : "-";
  });
  return { text: out, end: at + letters.length };
}

/**
 * Restores the word breaks of a letter-spaced item ("JA R E D R I C H A R D S", whose word gap pdf.js
 * could not tell from the letter gaps) from the space glyphs in the stream. Null when not found.
 */
export function resolveWordBreaks(item: string, stream: GlyphStream): string | null {
  const letters = item.replace(/\s+/g, "");
  const at = locate(stream, letters, 0);
  if (at < 0) return null;
  let out = "";
  for (let k = at; k < at + letters.length; k++) {
    if (k > at && stream.spaceBefore[k]) out += " ";
    out += stream.chars[k]!;
  }
  return out;
}
