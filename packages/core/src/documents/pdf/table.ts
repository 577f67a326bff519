/**
 * Whether two sides of a gutter whose lines share baselines are a table (read row by row) or two columns that
 * happen to sit on one grid (read one after the other).
 *
 * Baselines alone cannot tell them apart: a Word table or a CSS grid puts a sidebar on the main column's
 * baselines just as a date column sits on its entries'. What separates them is the role of the narrower side.
 * A table's narrow side annotates the other: its cells are dates, places, markers or labels, either scattered
 * (one per entry, the entry running on over several lines) or short values that repeat in kind (years,
 * bullets, the same city). A sidebar is a text of its own: one line after another, words that do not repeat.
 */

export interface SideRow {
  /** Baseline, growing downwards. */
  y: number;
  size: number;
  x0: number;
  x1: number;
  text: string;
}

// Share of a side's rows that must sit on the other side's baselines for it to annotate that side.
const TABLE_ALIGNMENT = 0.6;
// Share of a side's cells that must look like annotations (see isAnnotationCell) when they are not scattered.
const ANNOTATION_CELLS = 0.5;
// Share of the steps between a side's cells that must skip lines of the other side for the cells to be scattered.
const SCATTERED_STEPS = 0.5;

/** Both sides' rows in baseline order. */
export function readsAsTable(a: SideRow[], b: SideRow[]): boolean {
  return annotates(a, b) || annotates(b, a);
}

function annotates(side: SideRow[], other: SideRow[]): boolean {
  if (side.length === 0 || other.length === 0) return false;
  // Annotations are narrower than the text they annotate: a main column beside a sidebar of skills is not a
  // set of labels for the sidebar, however many dates it holds or lines it skips.
  if (medianWidth(side) >= medianWidth(other)) return false;
  const partners = side.map((row) => other.findIndex((candidate) => sameBaseline(row, candidate)));
  const aligned = partners.filter((index) => index >= 0);
  if (aligned.length < TABLE_ALIGNMENT * side.length) return false;
  if (isScattered(aligned)) return true;
  const alignedRows = side.filter((_, i) => partners[i]! >= 0);
  return alignedRows.filter((row) => isAnnotationCell(row, alignedRows)).length >= ANNOTATION_CELLS * alignedRows.length;
}

function sameBaseline(a: SideRow, b: SideRow): boolean {
  return Math.abs(a.y - b.y) <= Math.max(1, 0.15 * Math.min(a.size, b.size));
}

/** True when most steps from one cell to the next pass lines of the other side that have no cell of their own. */
function isScattered(partnerIndexes: number[]): boolean {
  const sorted = [...new Set(partnerIndexes)].sort((a, b) => a - b);
  if (sorted.length < 2) return false;
  let skipping = 0;
  for (let i = 1; i < sorted.length; i++) if (sorted[i]! - sorted[i - 1]! > 1) skipping++;
  return skipping >= SCATTERED_STEPS * (sorted.length - 1);
}

// A year, a numeric date or an open end ("2019 – Present", "03/2021", "Sept 2020 – now").
const DATE_CELL = /\b(?:19|20)\d{2}\b|\b\d{1,2}[/.-]\d{2,4}\b|\b(?:present|current|now|today)\b/iu;
// A short figure: a grade, a share, a count ("3.8", "95%", "12").
const FIGURE_CELL = /^[+-]?\p{N}[\p{N}.,%/]{0,4}$/u;
const MARK_LENGTH = 3;

/**
 * A cell reads as an annotation when it holds a date or a short figure, a mark without letters (a bullet, a dash,
 * an icon), or the same text as another cell (a city, a "Comment" placeholder). Sidebar content with digits in it —
 * a phone number, "London E1 6AN", "English C2" — is not an annotation.
 */
function isAnnotationCell(row: SideRow, rows: SideRow[]): boolean {
  const text = row.text.trim();
  if (DATE_CELL.test(text) || FIGURE_CELL.test(text) || (!/\p{L}/u.test(text) && text.length <= MARK_LENGTH)) return true;
  const key = text.toLowerCase();
  return rows.some((other) => other !== row && other.text.trim().toLowerCase() === key);
}

function medianWidth(rows: SideRow[]): number {
  const widths = rows.map((row) => row.x1 - row.x0).sort((a, b) => a - b);
  return widths[Math.floor(widths.length / 2)] ?? 0;
}
