/** Word-level string helpers of the lexicon: stems, edit distance, abbreviation shapes, trigrams, acronyms. */

const SUFFIXES = [
  "ations", "ation", "ators", "ator", "ements", "ement", "ments", "ment", "ances", "ance", "ancy", "ences", "ence",
  "ency", "ists", "ist", "ians", "ian", "ings", "ing", "ives", "ive", "ions", "ion", "ants", "ant", "ents", "ent",
  "ical", "ics", "ic", "ers", "er", "ors", "or", "ery", "ry", "als", "al", "ies", "es", "s", "y", "e",
];

/**
 * Light suffix-stripping stem (at least four letters stay): the inflections and derivations of job words share one,
 * "accounting", "accountant", "accounts" → "account"; "marketer", "marketing" → "market".
 */
export function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Restricted Damerau–Levenshtein (optimal string alignment) distance, or `max + 1` once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1);
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

const isSubsequence = (short: string, long: string): boolean => {
  let i = 0;
  for (let j = 0; j < long.length && i < short.length; j++) if (long[j] === short[i]) i++;
  return i === short.length;
};

/**
 * Whether `abbreviation` shortens `full`: a prefix ("exec", "admin"), or a consonant skeleton that keeps the first
 * and last letters ("mgr", "asst", "mktg", "dept"; a vowel may only open it).
 */
export function abbreviates(abbreviation: string, full: string): boolean {
  if (full.length <= abbreviation.length + 1 || abbreviation[0] !== full[0]) return false;
  if (full.startsWith(abbreviation)) return true;
  return !/[aeiouy]/.test(abbreviation.slice(1)) && abbreviation.at(-1) === full.at(-1) && isSubsequence(abbreviation, full);
}

/** Letter trigrams of a word with boundary marks, the keys of the misspelling index. */
export function trigrams(word: string): string[] {
  const padded = `^${word}$`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

const ACRONYM_FILLERS = new Set(["and", "of", "&"]);

/**
 * The contiguous words of `words` whose initials spell `acronym` ("information and communication technology" for
 * "ict"; "and"/"of" may be skipped inside), or null.
 */
export function spelledOut(acronym: string, words: readonly string[]): string[] | null {
  for (let start = 0; start < words.length; start++) {
    if (words[start]![0] !== acronym[0]) continue;
    let k = 0;
    let end = start;
    while (end < words.length && k < acronym.length) {
      const w = words[end]!;
      if (w[0] === acronym[k]) k++;
      else if (!(ACRONYM_FILLERS.has(w) && end > start)) break;
      end++;
    }
    if (k === acronym.length && end - start > 1) return words.slice(start, end);
  }
  return null;
}
