import type { LexEntry } from "../lexicon/index.ts";
import type { CultureSignals } from "../types.ts";
import { CULTURE_STYLES, type CultureStyle } from "./styles.ts";

/**
 * Culture signals of a text: the number of distinct cues per style. A cue counts once however often it is repeated,
 * so a posting that says "fast-paced" five times is not five times more results-minded.
 */
export function cultureSignals(hits: readonly { value: LexEntry }[]): CultureSignals {
  const counts = Object.fromEntries(CULTURE_STYLES.map((s) => [s.key, 0])) as Record<CultureStyle, number>;
  const seen = new Set<string>();
  for (const { value } of hits) {
    if (value.kind !== "culture" || seen.has(value.id)) continue;
    seen.add(value.id);
    counts[value.style] += 1;
  }
  return { counts, total: seen.size };
}
