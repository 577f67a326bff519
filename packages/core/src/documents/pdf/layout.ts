/**
 * Reading order for one PDF page, from positioned text fragments only (no fonts, no pdf.js objects), so that
 * the geometry can be tested with made-up coordinates.
 *
 * Fragments are grouped into rows by baseline and split into segments at wide horizontal gaps. A page is
 * then searched for a gutter: a vertical band crossed by (almost) no segment with text on both sides. The
 * two sides are columns (a sidebar, a two-column CV) and are read one after the other, unless one side
 * annotates the other on its baselines (a date column, tab-stop dates, bullets: see table.ts), which makes
 * them a table read row by row. The search recurses into each column. Rows that cross the gutter (a centred
 * name, a contact line) split the page into bands that are read top to bottom; a header band of many such rows
 * (a summary above a sidebar and a main column), or a footer band below them, is found by searching the gutter
 * on the rows beside it (findColumnsBetweenBands).
 */

import { readsAsTable, type SideRow } from "./table.ts";

export interface Fragment {
  text: string;
  /** Left edge, in page units, origin top-left. */
  x: number;
  /** Baseline, growing downwards. */
  y: number;
  width: number;
  size: number;
}

export interface Line {
  text: string;
  y: number;
  size: number;
}

/** Lines read in order; blocks are separated by a blank line in the output. */
export type Block = Line[];

interface Segment {
  fragments: Fragment[];
  x0: number;
  x1: number;
  y: number;
  size: number;
  row: number;
}

interface Row<T extends { y: number; size: number }> {
  items: T[];
  y: number;
  size: number;
}

// Glyph box of a text, in ems above and below its baseline, for deciding which texts share a row.
const LINE_ASCENT = 0.7;
const LINE_DESCENT = 0.15;
// A gap wider than this (in ems) inside a row separates segments; pdf.js already splits items at 0.6 em.
const SEGMENT_GAP = 0.9;
// Gaps between fragments, in ems: below JOIN_GAP the fragments touch (ligatures, colour changes).
const JOIN_GAP = 0.12;
const WIDE_GAP = 0.6;
const MIN_SIDE_ROWS = 3;
// A heading leads the column below it when their baselines are at most this many line pitches apart.
const MAX_LEAD_PITCH = 1.5;

export function layoutPage(fragments: Fragment[]): Block[] {
  const segments = buildSegments(dropDuplicates(fragments));
  return orderSegments(segments).map((block) => block.lines);
}

/** Blocks to text: lines one per line, a blank line where the vertical gap shows a new paragraph or section. */
export function blocksToText(blocks: Block[]): string {
  return blocks.map(blockToText).filter((text) => text !== "").join("\n\n");
}

function blockToText(block: Block): string {
  const lines = block.filter((line) => line.text !== "");
  if (lines.length === 0) return "";
  const pitches: number[] = [];
  for (let i = 1; i < lines.length; i++) pitches.push(lines[i]!.y - lines[i - 1]!.y);
  const pitch = median(pitches.filter((p) => p > 0)) ?? 0;
  let out = lines[0]!.text;
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!;
    const line = lines[i]!;
    const gap = line.y - prev.y;
    const paragraphBreak = gap > 1.55 * pitch && gap > 1.6 * Math.max(prev.size, line.size);
    out += (paragraphBreak ? "\n\n" : "\n") + line.text;
  }
  return out;
}

function dropDuplicates(fragments: Fragment[]): Fragment[] {
  // Fake bold and shadows draw the same string twice, a fraction of a point apart.
  const seen = new Map<string, Fragment[]>();
  const kept: Fragment[] = [];
  for (const fragment of fragments) {
    const twins = seen.get(fragment.text);
    const near = (other: Fragment) => Math.abs(other.x - fragment.x) < 2 && Math.abs(other.y - fragment.y) < 2;
    if (twins?.some(near)) continue;
    if (twins) twins.push(fragment);
    else seen.set(fragment.text, [fragment]);
    kept.push(fragment);
  }
  return kept;
}

/**
 * Groups items whose glyph boxes overlap into rows. An item never joins a row in which it would
 * cover another item: a large name beside three small contact lines must not pull them into one line.
 * Partial overlaps are allowed, as kerned logos (the raised A of LaTeX) overlap their neighbours.
 */
function clusterRows<T extends { y: number; size: number }>(items: T[], span: (item: T) => [number, number]): Row<T>[] {
  const sorted = [...items].sort((a, b) => a.y - b.y);
  const rows: Array<Row<T> & { spans: Array<[number, number]> }> = [];
  for (const item of sorted) {
    const [x0, x1] = span(item);
    // Every member must agree, or a large heading in the other column would chain two lines together.
    const fits = (row: (typeof rows)[number]) =>
      row.items.every((member) => sharesLine(member, item)) &&
      !row.spans.some(([a0, a1]) => Math.min(a1, x1) - Math.max(a0, x0) > Math.max(1, 0.85 * Math.min(a1 - a0, x1 - x0)));
    let row: (typeof rows)[number] | undefined;
    // Rows are in baseline order, so only the last few can still be within reach.
    for (let r = rows.length - 1; r >= 0 && item.y - rows[r]!.y <= rows[r]!.size + item.size; r--) {
      if (fits(rows[r]!)) {
        row = rows[r];
        break;
      }
    }
    if (row) {
      row.items.push(item);
      row.spans.push([x0, x1]);
      // The row's baseline follows its largest text: a 7 pt superscript must not drag it upwards.
      if (item.size > row.size) {
        row.size = item.size;
        row.y = item.y;
      }
    } else {
      rows.push({ items: [item], y: item.y, size: item.size, spans: [[x0, x1]] });
    }
  }
  return rows.sort((a, b) => a.y - b.y);
}

/**
 * Two texts share a line when their glyph boxes (baseline to ascender, roughly) overlap by at least half
 * the smaller one: a superscript or a raised logo letter does, a 7 pt subtitle under a 32 pt name does not,
 * however close their baselines.
 */
function sharesLine(a: { y: number; size: number }, b: { y: number; size: number }): boolean {
  const top = (t: { y: number; size: number }) => t.y - LINE_ASCENT * t.size;
  const bottom = (t: { y: number; size: number }) => t.y + LINE_DESCENT * t.size;
  const overlap = Math.min(bottom(a), bottom(b)) - Math.max(top(a), top(b));
  return overlap >= 0.5 * (LINE_ASCENT + LINE_DESCENT) * Math.min(a.size, b.size);
}

const fragmentSpan = (fragment: Fragment): [number, number] => [fragment.x, fragment.x + fragment.width];
const segmentSpan = (segment: Segment): [number, number] => [segment.x0, segment.x1];

function buildSegments(fragments: Fragment[]): Segment[] {
  const segments: Segment[] = [];
  clusterRows(fragments, fragmentSpan).forEach((row, index) => {
    const sorted = [...row.items].sort((a, b) => a.x - b.x);
    let current: Segment | undefined;
    for (const fragment of sorted) {
      const gap = current ? fragment.x - current.x1 : Infinity;
      if (current && gap <= SEGMENT_GAP * Math.max(current.fragments.at(-1)!.size, fragment.size)) {
        current.fragments.push(fragment);
        current.x1 = Math.max(current.x1, fragment.x + fragment.width);
        if (fragment.size > current.size) {
          current.size = fragment.size;
          current.y = fragment.y;
        }
      } else {
        // The segment keeps its own baseline: the row's is shared with the other column and would make
        // two columns look like one table in sharesBaselines.
        current = { fragments: [fragment], x0: fragment.x, x1: fragment.x + fragment.width, y: fragment.y, size: fragment.size, row: index };
        segments.push(current);
      }
    }
  });
  return segments;
}

interface ColumnSplit {
  left: Segment[];
  right: Segment[];
  spanning: Segment[];
}

interface OrderedBlock {
  lines: Line[];
  /** A run of rows that cross the gutter, such as a centred header. */
  spanning: boolean;
}

function orderSegments(segments: Segment[]): OrderedBlock[] {
  const split = findColumns(segments);
  if (!split) return [{ lines: toLines(segments), spanning: false }];
  const blocks: OrderedBlock[] = [];
  let left = split.left;
  let right = split.right;
  for (const row of clusterRows(split.spanning, segmentSpan)) {
    const above = (segment: Segment) => segment.y < row.y;
    blocks.push(...orderSegmentsIfAny(left.filter(above)), ...orderSegmentsIfAny(right.filter(above)));
    left = left.filter((segment) => !above(segment));
    right = right.filter((segment) => !above(segment));
    const last = blocks.at(-1);
    if (last?.spanning) last.lines.push(rowToLine(row));
    else blocks.push({ lines: [rowToLine(row)], spanning: true });
  }
  blocks.push(...orderSegmentsIfAny(left), ...orderSegmentsIfAny(right));
  return blocks;
}

function orderSegmentsIfAny(segments: Segment[]): OrderedBlock[] {
  return segments.length > 0 ? orderSegments(segments) : [];
}

function findColumns(segments: Segment[]): ColumnSplit | null {
  if (segments.length < 2 * MIN_SIDE_ROWS) return null;
  const sizes = segments.map((segment) => segment.size);
  const minGutter = Math.max(6, 0.8 * (median(sizes) ?? 10));
  const maxCrossing = crossingBudget(segments);
  for (const candidate of gutterCandidates(segments, minGutter, maxCrossing)) {
    const split = splitAt(segments, candidate.g0, candidate.g1, maxCrossing);
    if (split) return split;
  }
  return findColumnsBetweenBands(segments, minGutter);
}

/** Rows that may cross a gutter (a header, a footer) before the page no longer reads as two columns. */
function crossingBudget(segments: Segment[]): number {
  const rowCount = new Set(segments.map((segment) => segment.row)).size;
  return Math.max(2, Math.floor(rowCount * 0.15));
}

/**
 * Candidate gutters, best first: maximal bands crossed by at most `crossing` segments, for each allowed
 * crossing count. A wide band crossed by a centred header beats a sliver that nothing crosses, so candidates
 * are ranked by width discounted for crossings.
 */
function gutterCandidates(segments: Segment[], minGutter: number, maxCrossing: number): Array<{ g0: number; g1: number }> {
  const edges = [...new Set(segments.flatMap((segment) => [segment.x0, segment.x1]))].sort((a, b) => a - b);
  const counts: number[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const mid = (edges[i]! + edges[i + 1]!) / 2;
    counts.push(segments.reduce((n, segment) => (segment.x0 < mid && segment.x1 > mid ? n + 1 : n), 0));
  }
  const candidates = new Map<string, { g0: number; g1: number; score: number }>();
  for (let crossing = 0; crossing <= maxCrossing; crossing++) {
    let start = -1;
    for (let i = 0; i <= counts.length; i++) {
      const open = i < counts.length && counts[i]! <= crossing;
      if (open && start < 0) start = i;
      if (!open && start >= 0) {
        const g0 = edges[start]!;
        const g1 = edges[i]!;
        const worst = Math.max(...counts.slice(start, i));
        // Bands touching the outermost edges are margins, not gutters.
        if (start > 0 && i < counts.length && g1 - g0 >= minGutter) candidates.set(`${g0}:${g1}`, { g0, g1, score: (g1 - g0) / (1 + worst) });
        start = -1;
      }
    }
  }
  return [...candidates.values()].sort((a, b) => b.score - a.score);
}

/**
 * Two columns below a full-width header band (a name, a contact line, a summary of several lines) or above a
 * full-width footer band. Every band row crosses the gutter, so a long band exhausts the crossing budget of
 * findColumns although the columns themselves are clean. The columns are where rows hold text on both sides
 * of a gap: the gutter is searched on the rows from the first to the last row with more than one segment,
 * and the page is then split there with the band rows above and below left out of the budget (splitAt).
 */
function findColumnsBetweenBands(segments: Segment[], minGutter: number): ColumnSplit | null {
  const perRow = new Map<number, number>();
  for (const segment of segments) perRow.set(segment.row, (perRow.get(segment.row) ?? 0) + 1);
  let first = Infinity;
  let last = -Infinity;
  for (const [row, count] of perRow) {
    if (count < 2) continue;
    first = Math.min(first, row);
    last = Math.max(last, row);
  }
  const zone = segments.filter((segment) => segment.row >= first && segment.row <= last);
  // Without rows outside the zone there is no band, and findColumns has already judged these rows.
  if (zone.length < 2 * MIN_SIDE_ROWS || zone.length === segments.length) return null;
  for (const candidate of gutterCandidates(zone, minGutter, crossingBudget(zone))) {
    const split = splitAt(segments, candidate.g0, candidate.g1, null);
    if (split) return split;
  }
  return null;
}

interface SideBySide {
  leftRows: Row<Segment>[];
  rightRows: Row<Segment>[];
  /** Baselines between which both sides have text. */
  top: number;
  bottom: number;
}

function sideBySide(left: Segment[], right: Segment[]): SideBySide | null {
  const leftRows = clusterRows(left, segmentSpan);
  const rightRows = clusterRows(right, segmentSpan);
  if (leftRows.length < MIN_SIDE_ROWS || rightRows.length < MIN_SIDE_ROWS) return null;
  const top = Math.max(leftRows[0]!.y, rightRows[0]!.y);
  const bottom = Math.min(leftRows.at(-1)!.y, rightRows.at(-1)!.y);
  return bottom > top ? { leftRows, rightRows, top, bottom } : null;
}

/**
 * Splits the page at the gutter g0–g1, or returns null when the two sides do not read as columns. With a
 * `maxCrossing` budget, at most that many rows may cross the gutter; with none (null), any number may, as long
 * as they lie above or below the columns: a header band and a footer band. The columns then must not pair up
 * row for row (see pairsRowForRow).
 */
function splitAt(segments: Segment[], g0: number, g1: number, maxCrossing: number | null): ColumnSplit | null {
  const epsilon = 0.5;
  const crossingRows = new Set<number>();
  for (const segment of segments) {
    if (segment.x0 < g1 - epsilon && segment.x1 > g0 + epsilon) crossingRows.add(segment.row);
  }
  const heads = columnHeadRows(segments, g0, g1, crossingRows);
  for (const row of heads) crossingRows.delete(row);
  if (maxCrossing !== null && crossingRows.size > maxCrossing) return null;
  const spanning: Segment[] = [];
  let left: Segment[] = [];
  let right: Segment[] = [];
  for (const segment of segments) {
    if (crossingRows.has(segment.row)) spanning.push(segment);
    else if (segment.x1 <= g0 + epsilon || (heads.has(segment.row) && segment.x0 < g0)) left.push(segment);
    else right.push(segment);
  }
  // A centred title above (or a centred note below) both columns belongs to the header, even when it is
  // narrow enough to sit on one side of the gutter.
  const x0 = Math.min(...segments.map((segment) => segment.x0));
  const x1 = Math.max(...segments.map((segment) => segment.x1));
  const centred = (row: Row<Segment>) => {
    const rowX0 = Math.min(...row.items.map((segment) => segment.x0));
    const rowX1 = Math.max(...row.items.map((segment) => segment.x1));
    return Math.abs((rowX0 + rowX1) / 2 - (x0 + x1) / 2) <= Math.max(6, 0.04 * (x1 - x0));
  };
  const outside = (side: Segment[], other: Segment[]) =>
    rowsBeyondColumn(clusterRows(side, segmentSpan), clusterRows(other, segmentSpan))
      .filter(centred)
      .flatMap((row) => row.items);
  if (left.length > 0 && right.length > 0) {
    const moved = new Set([...outside(left, right), ...outside(right, left)]);
    spanning.push(...moved);
    left = left.filter((segment) => !moved.has(segment));
    right = right.filter((segment) => !moved.has(segment));
  }
  let columns = sideBySide(left, right);
  if (!columns) return null;
  // Rows crossing the gutter belong above or below the columns (a header, a footer); several crossing it
  // where both sides have text show a single column with a ragged edge, not two columns.
  const { top, bottom } = columns;
  const interior = clusterRows(spanning, segmentSpan).filter((row) => row.y > top && row.y < bottom);
  if (interior.length > 1) return null;
  if (maxCrossing === null) {
    // Text on one side of the gutter belongs to a band when it lies above the header band's last row or below
    // the footer band's first (a short heading, the last line of a paragraph), or when it stands apart from
    // its own column beyond the other column's ends (a heading over the footer band).
    const headerEnd = Math.max(...spanning.filter((segment) => segment.y < top).map((segment) => segment.y));
    const footerStart = Math.min(...spanning.filter((segment) => segment.y > bottom).map((segment) => segment.y));
    const band = new Set([...left, ...right].filter((segment) => segment.y < headerEnd || segment.y > footerStart));
    const beyond = (rows: Row<Segment>[], otherRows: Row<Segment>[]) => rowsBeyondColumn(rows, otherRows).flatMap((row) => row.items);
    for (const segment of [...beyond(columns.leftRows, columns.rightRows), ...beyond(columns.rightRows, columns.leftRows)]) band.add(segment);
    if (band.size > 0) {
      spanning.push(...band);
      left = left.filter((segment) => !band.has(segment));
      right = right.filter((segment) => !band.has(segment));
      columns = sideBySide(left, right);
      if (!columns) return null;
    }
  }
  const { leftRows, rightRows } = columns;
  if (readsAsTable(sideRows(leftRows), sideRows(rightRows))) return null;
  if (maxCrossing === null && pairsRowForRow(leftRows, rightRows, columns.top, columns.bottom)) return null;
  return { left, right, spanning };
}

/**
 * Rows among those crossing the gutter g0–g1 that are the heads of the two columns: a heading on the left side
 * wider than its column's text reaches into the gutter but stops short of the right side, and the row's other
 * segment, in the same type, starts on the right side ("EDUCATION AND CREDENTIALS" over a narrow sidebar beside
 * "WHERE I HAVE WORKED" over the main column). Each heading leads its own column; read as a header across both,
 * the two would run together on one line above the columns. A name beside a contact line is in two sizes and stays
 * a header row.
 */
function columnHeadRows(segments: Segment[], g0: number, g1: number, crossingRows: ReadonlySet<number>): Set<number> {
  const epsilon = 0.5;
  const byRow = new Map<number, Segment[]>();
  for (const segment of segments) {
    if (!crossingRows.has(segment.row)) continue;
    const row = byRow.get(segment.row);
    if (row) row.push(segment);
    else byRow.set(segment.row, [segment]);
  }
  const heads = new Set<number>();
  for (const [row, members] of byRow) {
    if (members.length !== 2) continue;
    const [a, b] = [...members].sort((s, t) => s.x0 - t.x0) as [Segment, Segment];
    const overhangs = a.x0 < g0 - epsilon && a.x1 < g1 - epsilon;
    const onRight = b.x0 >= g1 - epsilon;
    if (overhangs && onRight && Math.abs(a.size - b.size) <= 0.5) heads.add(row);
  }
  return heads;
}

// Share of each side's lines beside the other column that must sit on the other side's baselines for the two
// sides to pair up row for row.
const ROW_FOR_ROW = 0.8;

/**
 * Whether the lines of both sides, where they run side by side, sit on each other's baselines. Columns under a
 * long header band have no crossing budget to vouch for them, and two short sides paired line by line are as
 * likely a list of labels beside values ("English  Native") as two columns: they keep their row reading.
 */
function pairsRowForRow(leftRows: Row<Segment>[], rightRows: Row<Segment>[], top: number, bottom: number): boolean {
  return pairedShare(leftRows, rightRows, top, bottom) >= ROW_FOR_ROW && pairedShare(rightRows, leftRows, top, bottom) >= ROW_FOR_ROW;
}

/** Share of the rows between top and bottom that share a baseline (as in table.ts) with one of `others`; both in baseline order. */
function pairedShare(rows: Row<Segment>[], others: Row<Segment>[], top: number, bottom: number): number {
  const tolerance = (a: { size: number }, b: { size: number }) => Math.max(1, 0.15 * Math.min(a.size, b.size));
  let beside = 0;
  let paired = 0;
  let k = 0;
  for (const row of rows) {
    if (row.y < top - tolerance(row, row) || row.y > bottom + tolerance(row, row)) continue;
    beside++;
    while (k < others.length && others[k]!.y < row.y - tolerance(row, others[k]!)) k++;
    if (k < others.length && Math.abs(others[k]!.y - row.y) <= tolerance(row, others[k]!)) paired++;
  }
  return beside === 0 ? 0 : paired / beside;
}

/**
 * The rows of one side that lie above or below the other side's column and are not part of their own column.
 * A row less than a line pitch from the other column's first or last line sits beside it; a heading flush with
 * its column's left edge, at most MAX_LEAD_PITCH line pitches above the column's next line, leads that column (a
 * main column's "EXPERIENCE" a few points above the sidebar's first line), however centred on the page it happens
 * to be.
 */
function rowsBeyondColumn(rows: Row<Segment>[], otherRows: Row<Segment>[]): Row<Segment>[] {
  const first = otherRows[0];
  const last = otherRows.at(-1);
  if (!first || !last) return [];
  const slot = linePitch(otherRows) ?? first.size;
  const inside = rows.filter((row) => row.y > first.y - slot && row.y < last.y + slot);
  if (inside.length === 0) return rows;
  const pitch = linePitch(inside) ?? inside[0]!.size;
  const edge = mode(inside.map((row) => Math.round(rowX0(row))));
  const leads = (row: Row<Segment>, next: Row<Segment>) =>
    Math.abs(rowX0(row) - edge) <= 1 && Math.abs(next.y - row.y) <= MAX_LEAD_PITCH * pitch;
  let top = rows.indexOf(inside[0]!);
  while (top > 0 && leads(rows[top - 1]!, rows[top]!)) top--;
  let bottom = rows.indexOf(inside.at(-1)!);
  while (bottom + 1 < rows.length && leads(rows[bottom + 1]!, rows[bottom]!)) bottom++;
  return [...rows.slice(0, top), ...rows.slice(bottom + 1)];
}

const rowX0 = (row: Row<Segment>) => Math.min(...row.items.map((segment) => segment.x0));

/** The usual distance between consecutive baselines of rows. */
function linePitch(rows: Row<Segment>[]): number | undefined {
  const gaps: number[] = [];
  for (let i = 1; i < rows.length; i++) gaps.push(rows[i]!.y - rows[i - 1]!.y);
  return median(gaps.filter((gap) => gap > 0));
}

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

function sideRows(rows: Row<Segment>[]): SideRow[] {
  return rows.map((row) => ({
    y: row.y,
    size: row.size,
    x0: rowX0(row),
    x1: Math.max(...row.items.map((segment) => segment.x1)),
    text: rowToLine(row).text,
  }));
}

function toLines(segments: Segment[]): Block {
  return clusterRows(segments, segmentSpan).map(rowToLine);
}

function rowToLine(row: Row<Segment>): Line {
  const fragments = row.items.flatMap((segment) => segment.fragments).sort((a, b) => a.x - b.x);
  return { text: joinFragments(fragments), y: row.y, size: row.size };
}

/**
 * Joins a row's fragments with the spacing their gaps suggest: nothing where they touch (ligatures split off
 * by pdf.js, colour changes mid-word), one space for a word gap, two for a wide gap. Runs of single letters
 * (letter-spaced headings drawn glyph by glyph) are judged against their own typical gap, so that only the
 * wider gaps between words become double spaces, which collapseLetterSpacing then reads as word breaks.
 */
export function joinFragments(fragments: Fragment[]): string {
  let out = "";
  for (let i = 0; i < fragments.length; i++) {
    const fragment = fragments[i]!;
    if (i > 0) {
      const prev = fragments[i - 1]!;
      const gap = fragment.x - (prev.x + prev.width);
      const em = Math.max(prev.size, fragment.size);
      let separator = gap < JOIN_GAP * em ? "" : gap > WIDE_GAP * em ? "  " : " ";
      const runGap = letterRunGap(fragments, i);
      if (runGap !== null) separator = gap > 1.6 * runGap && gap - runGap > 0.15 * em ? "  " : " ";
      if (/\s$/.test(out) || /^\s/.test(fragment.text)) separator = separator === "  " ? " " : "";
      out += separator;
    }
    out += fragment.text;
  }
  return out;
}

/** The typical gap inside the run of single-letter fragments that fragment i belongs to, if any. */
function letterRunGap(fragments: Fragment[], i: number): number | null {
  const isLetter = (f: Fragment | undefined) => f !== undefined && /^\p{L}$/u.test(f.text.trim());
  if (!isLetter(fragments[i]) || !isLetter(fragments[i - 1])) return null;
  let start = i - 1;
  while (isLetter(fragments[start - 1])) start--;
  let end = i;
  while (isLetter(fragments[end + 1])) end++;
  if (end - start + 1 < 3) return null;
  const gaps: number[] = [];
  for (let k = start + 1; k <= end; k++) gaps.push(fragments[k]!.x - (fragments[k - 1]!.x + fragments[k - 1]!.width));
  return median(gaps) ?? null;
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
