import { stripInvisible } from "../normalize.ts";
import type { Line } from "./layout.ts";

/**
 * Pictographs (icon fonts with a real Unicode mapping: 📱, 🖂, ✉, ☎, ♀…), but not ©, ® and ™: emoji and
 * pictograph blocks, miscellaneous symbols and dingbats, variation selectors.
 */
const PICTOGRAPH = /(?![\u00a9\u00ae\u2122])\p{Extended_Pictographic}|[\u{1f000}-\u{1faff}\u2600-\u27bf\ufe0e\ufe0f]/gu;
/** Skill-level dots and stars ("● ● ● ○ ○") carry no text. */
const RATING_RUN = /(?:[●○◐◑◒◓◉◎★☆✩✪⬤■□▪▫◆◇]\s*){2,}/gu;

export function cleanFragmentText(text: string): string {
  return stripInvisible(text).replace(PICTOGRAPH, "");
}

export function cleanLineText(text: string): string {
  return text.replace(RATING_RUN, " ").replace(/\s+/g, " ").trim();
}

const KEPT_PUNCTUATION = /^[\p{Pd}•◦‣⁃∙·▪|,.:;/&+()]$/u;

export interface PlacedText {
  font: string;
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/**
 * Drops icon glyphs that survive character filtering:
 * - glyphs of icon fonts, recognised as fonts that only ever draw isolated single glyphs (FontAwesome,
 *   academicons, dingbats), including those mapped to ordinary letters ("z" for a calendar, "#" for an
 *   envelope). Letter-spaced headings also draw one glyph at a time, but their glyphs stand side by side;
 *   and a fallback font that supplies one missing letter ("ğ" in "Boğaziçi") touches the word it belongs to.
 * - glyphs whose Unicode mapping is the icon's name ("HOUSE-CHIMNEY" drawn in the width of one glyph).
 */
export function dropIcons<T extends PlacedText>(items: T[]): T[] {
  const byFont = new Map<string, T[]>();
  for (const item of items) {
    // Rating dots are dropped anyway and would make a dingbat font look like a text font.
    if (cleanLineText(item.text) === "") continue;
    const list = byFont.get(item.font);
    if (list) list.push(item);
    else byFont.set(item.font, [item]);
  }
  const iconFonts = new Set<string>();
  for (const [font, list] of byFont) {
    if (!list.every((item) => [...item.text.trim()].length === 1)) continue;
    const adjacent = list.some((a) =>
      list.some((b) => a !== b && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.x - b.x) < 1.5 * Math.max(a.size, b.size)),
    );
    if (!adjacent) iconFonts.add(font);
  }
  const touchesWord = (item: T) =>
    /^\p{L}$/u.test(item.text.trim()) &&
    items.some(
      (other) =>
        other !== item &&
        Math.abs(other.y - item.y) < 0.3 * item.size &&
        (Math.abs(other.x + other.width - item.x) < 0.1 * item.size || Math.abs(item.x + item.width - other.x) < 0.1 * item.size),
    );
  const namedGlyph = (item: T) => {
    const chars = [...item.text.trim()].length;
    return chars >= 3 && item.width < 0.12 * item.size * chars;
  };
  // Dashes and separators often come from a fallback font too, and "2019 – 2021" needs its dash.
  const punctuation = (item: T) => KEPT_PUNCTUATION.test(item.text.trim());
  return items.filter((item) => (!iconFonts.has(item.font) || punctuation(item) || touchesWord(item)) && !namedGlyph(item));
}

// Prefixes that are usually written with a hyphen, so a line break after them keeps it ("self-motivated").
const HYPHENATED_PREFIXES = new Set([
  "self", "non", "co", "cross", "well", "high", "low", "full", "part", "long", "short", "multi", "end", "real",
  "front", "back", "open", "team", "client", "customer", "detail", "results", "goal", "data", "cloud", "user",
  "mission", "time", "cost", "hands", "fast", "world", "state", "peer", "post", "pre", "e",
]);

/**
 * Rejoins words hyphenated at a line end ("imag-" / "ination") by moving the rest of the word up, so line
 * structure survives. Only the obvious case: a lowercase letter before the hyphen and a lowercase word after.
 */
export function dehyphenate(lines: Line[]): Line[] {
  const out = lines.map((line) => ({ ...line }));
  for (let i = 0; i + 1 < out.length; i++) {
    const line = out[i]!;
    const next = out[i + 1]!;
    const head = /(?:^|[\s(/])(\p{L}*\p{Ll})-$/u.exec(line.text);
    const tail = /^(\p{Ll}[\p{L}\p{M}'’]*[.,;:!?)]*)(?:\s+|$)/u.exec(next.text);
    if (!head || !tail) continue;
    const keepHyphen = HYPHENATED_PREFIXES.has(head[1]!.toLowerCase());
    line.text = (keepHyphen ? line.text : line.text.slice(0, -1)) + tail[1]!;
    next.text = next.text.slice(tail[0].length);
  }
  return out.filter((line) => line.text !== "");
}
