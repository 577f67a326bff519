import type { LabelStore } from "./labels.ts";

/**
 * A catalogue-derived prior of how general each title is: the number of other titles with a label that contains all
 * the words of its name ("software developer" is inside "java software developer", "mobile software developer", …).
 * A vague raw title more often means the general occupation than one of its specialisations, and a title that
 * heads many others is a general one. On a log scale, 0 for a title nobody extends, 1 for the most extended one.
 */
export function generalityPrior(labels: LabelStore, titleCount: number): Float64Array {
  // Labels by word, to look only at the labels sharing a name's rarest word.
  const offset = new Int32Array(maxWord(labels) + 2);
  for (const w of labels.words) offset[w + 1]!++;
  for (let w = 1; w < offset.length; w++) offset[w]! += offset[w - 1]!;
  const byWord = new Int32Array(labels.words.length);
  const fill = offset.slice();
  for (let l = 0; l < labels.count; l++) {
    for (let k = labels.start[l]!; k < labels.start[l + 1]!; k++) byWord[fill[labels.words[k]!]!++] = l;
  }
  const frequency = (w: number) => offset[w + 1]! - offset[w]!;

  const extended = new Float64Array(titleCount);
  const seen = new Int32Array(titleCount).fill(-1);
  for (let l = 0; l < labels.count; l++) {
    if (!labels.isName[l]) continue;
    const own = labels.title[l]!;
    const words = labels.words.subarray(labels.start[l]!, labels.start[l + 1]!);
    if (!words.length) continue;
    let rarest = words[0]!;
    for (const w of words) if (frequency(w) < frequency(rarest)) rarest = w;
    let count = 0;
    for (let k = offset[rarest]!; k < offset[rarest + 1]!; k++) {
      const other = byWord[k]!;
      const title = labels.title[other]!;
      if (title === own || seen[title] === l) continue;
      const otherWords = labels.words.subarray(labels.start[other]!, labels.start[other + 1]!);
      if (otherWords.length > words.length && words.every((w) => otherWords.includes(w))) {
        seen[title] = l;
        count++;
      }
    }
    extended[own] = Math.max(extended[own]!, count);
  }
  let max = 0;
  for (const c of extended) max = Math.max(max, c);
  for (let t = 0; t < titleCount; t++) extended[t] = max > 0 ? Math.log1p(extended[t]!) / Math.log1p(max) : 0;
  return extended;
}

function maxWord(labels: LabelStore): number {
  let max = -1;
  for (const w of labels.words) if (w > max) max = w;
  return max;
}
