import { sentenceOf, type Line } from "./document.ts";
import { MASK } from "./mask.ts";
import { quotable } from "./redact.ts";

export const MAX_SNIPPET_LENGTH = 240;

const LEADING_NOISE = /^[\s•·▪◦●○■□➢►✓✔*\-–—>|,;:]+/u;
// Separators a passage does not end with. Walked backwards rather than matched with /[…]+$/, which tries every
// position of a long run of spaces in turn.
const TRAILING_NOISE = /[\s|,;:]/u;

/** Trims bullets and separators by moving the bounds, so the result stays a substring of the text. */
function tighten(text: string, from: number, to: number): [number, number] {
  const slice = text.slice(from, to);
  const lead = slice.length - slice.replace(LEADING_NOISE, "").length;
  let end = to;
  while (end > from + lead && TRAILING_NOISE.test(text[end - 1]!)) end--;
  return end <= from + lead ? [from, from] : [from + lead, end];
}

/**
 * The verbatim passage quoted as evidence for [start, end) on a line: the whole line when it fits, else the sentence
 * around the evidence, else a window around the evidence cut at word boundaries. Always a substring of `text`, at
 * most MAX_SNIPPET_LENGTH long. In a redacted candidate text, only an unmasked stretch is quoted (see quotable), so
 * no snippet ever shows protected content.
 */
export function snippetAround(text: string, line: Line<string>, start: number, end: number): string {
  return quote(text, ...passageAround(text, line, start, end));
}

/**
 * quotable for the passage [from, to) of `text`, with a mask right outside it counted: a line's bounds leave the
 * mask out, and the stem of a job word before it ("Fore" of a masked "Foreman") is not quoted either way.
 */
function quote(text: string, from: number, to: number): string {
  const before = from > 0 && text[from - 1] === MASK ? MASK : "";
  const after = text[to] === MASK ? MASK : "";
  return quotable(before + text.slice(from, to) + after);
}

function passageAround(text: string, line: Line<string>, start: number, end: number): [number, number] {
  let [from, to] = tighten(text, line.start, line.end);
  if (to - from <= MAX_SNIPPET_LENGTH) return [from, to];
  [from, to] = tighten(text, ...sentenceOf(line, start, end));
  if (to - from <= MAX_SNIPPET_LENGTH) return [from, to];
  const room = Math.max(0, MAX_SNIPPET_LENGTH - (end - start));
  let a = Math.max(from, start - Math.floor(room / 2));
  let b = Math.min(to, a + MAX_SNIPPET_LENGTH);
  a = Math.max(from, b - MAX_SNIPPET_LENGTH);
  // Cut at spaces so no word is split; fall back to the hard window when the passage has no spaces.
  const firstSpace = text.indexOf(" ", a);
  if (a > from && firstSpace !== -1 && firstSpace < start) a = firstSpace + 1;
  const lastSpace = text.lastIndexOf(" ", b);
  if (b < to && lastSpace > end) b = lastSpace;
  [from, to] = tighten(text, a, b);
  return [from, Math.min(to, from + MAX_SNIPPET_LENGTH)];
}

/** A passage spanning whole lines (e.g. a job title line and the date line under it), or null when too long. */
export function linesPassage(text: string, first: Line<string>, last: Line<string>): string | null {
  const [from, to] = tighten(text, first.start, last.end);
  if (to <= from || to - from > MAX_SNIPPET_LENGTH) return null;
  return quote(text, from, to) || null;
}
