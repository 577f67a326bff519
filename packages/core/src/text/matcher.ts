import { phraseKey, rawPhraseKey, tokenize, type Token } from "./tokens.ts";

/** A phrase to find, and what it stands for. */
export interface Pattern<T> {
  phrase: string;
  value: T;
  caseSensitive?: boolean;
}

export interface Match<T> {
  value: T;
  /** Offsets into the searched text; text.slice(start, end) is the verbatim surface form. */
  start: number;
  end: number;
  surface: string;
}

/** Characters that glue a token to its neighbour into another word: "R&D", "C-suite", "Go-Live". */
const GLUE = new Set(["&", "-", "'", "’"]);

/** Whether the token at `start` follows an "e-" prefix written as its own letter ("e-filing", "E-Commerce"). */
function isElectronicPrefix(text: string, start: number): boolean {
  if (start < 2 || text[start - 1] !== "-" || (text[start - 2] !== "e" && text[start - 2] !== "E")) return false;
  return start < 3 || !/[\p{L}\p{N}]/u.test(text[start - 3]!);
}

interface Entry<T> {
  value: T;
  caseSensitive: boolean;
  raw: string;
  /** Bit k set: the phrase itself has a break (see MatcherOptions.breaks) between its words k and k + 1. */
  breaks: number;
}

export interface MatcherOptions {
  /**
   * Punctuation that ends a phrase: a match may not have it between two of its words unless the phrase itself does
   * ("Amazon, cloud kitchens" is no "Amazon Cloud"). Without it, any characters between words are allowed.
   */
  breaks?: RegExp;
  /**
   * Lower-cased tokens whose following "." closes an abbreviation, not a sentence: that full stop is no break
   * ("budget vs. actual analysis", "e.g. cloud kitchens"). Any other break in the same gap still counts.
   */
  abbreviations?: ReadonlySet<string>;
}

/** Bit k set when the gap between tokens k and k + 1 (of at most 31 gaps) holds a break. */
function breakMask(
  text: string,
  tokens: readonly Token[],
  from: number,
  n: number,
  breaks: RegExp,
  abbreviations: ReadonlySet<string> | undefined,
): number {
  let mask = 0;
  for (let k = 0; k < n - 1 && k < 31; k++) {
    const before = tokens[from + k]!;
    let gap = text.slice(before.end, tokens[from + k + 1]!.start);
    if (gap.startsWith(".") && abbreviations?.has(before.norm)) gap = gap.slice(1);
    if (breaks.test(gap)) mask |= 1 << k;
  }
  return mask;
}

/**
 * Dictionary matcher over whole tokens: leftmost-longest, non-overlapping. Phrases are indexed by their first token,
 * so a position whose token starts no phrase costs one Map probe, and one that does tries only the phrase lengths
 * that occur after that token: extraction stays linear in the document size.
 */
export class PhraseMatcher<T> {
  private readonly entries = new Map<string, Entry<T>[]>();
  /** First token → the token counts of phrases starting with it, longest first. */
  private readonly lengthsByFirst = new Map<string, number[]>();

  private readonly breaks: RegExp | undefined;
  private readonly abbreviations: ReadonlySet<string> | undefined;

  constructor(patterns: Iterable<Pattern<T>>, options: MatcherOptions = {}) {
    this.breaks = options.breaks;
    this.abbreviations = options.abbreviations;
    for (const p of patterns) this.add(p);
  }

  add(pattern: Pattern<T>): void {
    const key = phraseKey(pattern.phrase);
    if (!key) return;
    const words = key.split(" ");
    const lengths = this.lengthsByFirst.get(words[0]!) ?? [];
    if (!lengths.includes(words.length)) {
      lengths.push(words.length);
      lengths.sort((a, b) => b - a);
      this.lengthsByFirst.set(words[0]!, lengths);
    }
    const list = this.entries.get(key) ?? [];
    const raw = rawPhraseKey(pattern.phrase);
    const caseSensitive = pattern.caseSensitive ?? false;
    const phraseTokens = tokenize(pattern.phrase);
    const breaks = this.breaks ? breakMask(pattern.phrase, phraseTokens, 0, phraseTokens.length, this.breaks, this.abbreviations) : 0;
    if (!list.some((e) => e.value === pattern.value && e.caseSensitive === caseSensitive && e.raw === raw && e.breaks === breaks)) {
      list.push({ value: pattern.value, caseSensitive, raw, breaks });
    }
    this.entries.set(key, list);
  }

  findAll(text: string, tokens: Token[] = tokenize(text)): Match<T>[] {
    const out: Match<T>[] = [];
    let i = 0;
    while (i < tokens.length) {
      let matched = 0;
      // The electronic form of a thing is another word: "e-filing systems" are courts' filing portals, not an
      // office's Filing Systems, and "e-prescribing" is not Prescribing. No phrase starts after the "e-".
      if (isElectronicPrefix(text, tokens[i]!.start)) {
        i++;
        continue;
      }
      const lengths = this.lengthsByFirst.get(tokens[i]!.norm);
      for (const n of lengths ?? []) {
        if (matched !== 0) break;
        if (i + n > tokens.length) continue;
        const slice = tokens.slice(i, i + n);
        const list = this.entries.get(slice.map((t) => t.norm).join(" "));
        if (!list) continue;
        const raw = slice.map((t) => t.raw).join(" ");
        const first = slice[0]!;
        const last = slice[n - 1]!;
        const glued = GLUE.has(text[first.start - 1] ?? "") || GLUE.has(text[last.end] ?? "");
        // A phrase does not run on over a break the text has between its words and the phrase itself has not.
        const breaks = this.breaks && n > 1 ? breakMask(text, tokens, i, n, this.breaks, this.abbreviations) : 0;
        const seen = new Set<T>();
        for (const e of list) {
          if ((breaks & ~e.breaks) !== 0) continue;
          // Case-sensitive entries are the ones that double as ordinary words or letters, so they must stand alone.
          if (e.caseSensitive && (e.raw !== raw || glued)) continue;
          if (seen.has(e.value)) continue;
          seen.add(e.value);
          out.push({ value: e.value, start: first.start, end: last.end, surface: text.slice(first.start, last.end) });
          matched = n;
        }
      }
      i += matched || 1;
    }
    return out;
  }

  /** Exact lookup of a whole phrase (after tokenisation), honouring case-sensitive entries. */
  lookup(phrase: string): T[] {
    const list = this.entries.get(phraseKey(phrase));
    if (!list) return [];
    const raw = rawPhraseKey(phrase);
    return [...new Set(list.filter((e) => !e.caseSensitive || e.raw === raw).map((e) => e.value))];
  }
}
