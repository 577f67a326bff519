import type { Line } from "../text/document.ts";
import { snippetAround } from "../text/snippet.ts";
import type { Evidence } from "../types.ts";

export const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Evidence for [start, end) on a line: the verbatim sentence around it. */
export const evidenceAt = (text: string, line: Line<string>, start: number, end: number, confidence: number): Evidence => ({
  snippet: snippetAround(text, line, start, end),
  section: line.section,
  confidence: round2(Math.min(1, Math.max(0, confidence))),
});
