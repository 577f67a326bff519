import type { CueKind } from "../lexicon/index.ts";
import { sentenceOf, type Line } from "../text/document.ts";
import type { JobSection } from "../text/headings.ts";
import type { Strength } from "../types.ts";
import type { Scan } from "./scan.ts";

/**
 * The cue of the given kinds closest to [start, end) within the same sentence, or null. Closeness decides between
 * cues of a mixed sentence: in "Python (required), Go (preferred)" Python is required and Go preferred.
 */
export function nearestCue<K extends string>(
  scan: Scan<K>,
  line: Line<K>,
  start: number,
  end: number,
  kinds: readonly CueKind[],
): CueKind | null {
  const [from, to] = sentenceOf(line, start, end);
  let best: { kind: CueKind; distance: number; rank: number } | null = null;
  for (const hit of scan.lexiconByLine[line.index] ?? []) {
    if (hit.value.kind !== "cue" || hit.start < from || hit.end > to) continue;
    const rank = kinds.indexOf(hit.value.id);
    if (rank === -1) continue;
    const distance = hit.end <= start ? start - hit.end : hit.start >= end ? hit.start - end : 0;
    if (!best || distance < best.distance || (distance === best.distance && rank < best.rank)) {
      best = { kind: hit.value.id, distance, rank };
    }
  }
  return best?.kind ?? null;
}

export interface StrengthOptions {
  /** What a mention in the company description counts as (skills: nice; years, degrees: nothing). */
  about: Strength | null;
}

/**
 * Reads how firmly a posting asks for the thing at [start, end):
 * 1. benefits sections never state requirements;
 * 2. a "must"/"nice" cue in the same sentence decides (the closest one);
 * 3. otherwise the section decides: requirements → must, preferred → nice, company description → options.about;
 * 4. elsewhere (intro, duties, unknown sections) → must when the posting has no requirements section of its own,
 *    nice when it has one (the thing is mentioned, but not listed among the requirements).
 */
export function requirementStrength(
  scan: Scan<JobSection>,
  line: Line<JobSection>,
  start: number,
  end: number,
  options: StrengthOptions,
): Strength | null {
  if (line.section === "benefits") return null;
  const cue = nearestCue(scan, line, start, end, ["nice", "must"]);
  if (cue === "nice" || cue === "must") return cue;
  switch (line.section) {
    case "requirements":
      return "must";
    case "preferred":
      return "nice";
    case "about":
      return options.about;
    default:
      return scan.doc.sections.includes("requirements") ? "nice" : "must";
  }
}

/** Keeps the firmer of two strengths. */
export const firmer = (a: Strength | undefined, b: Strength): Strength => (a === "must" || b === "must" ? "must" : "nice");
