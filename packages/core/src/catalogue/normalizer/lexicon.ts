import { contentWords, fold, rawTokens, type RawToken, type Words } from "./clean.ts";
import { LabelStoreBuilder, type LabelStore } from "./labels.ts";
import { isLevelWord } from "./levels.ts";
import { abbreviates, editDistance, spelledOut, stem, trigrams } from "./words.ts";

/**
 * The vocabulary of a catalogue's names and aliases and everything the normalizer learns from it: word weights
 * (IDF over titles), acronyms and their expansions, synonyms mined from alias pairs, phrases by their initials, and,
 * for a word of a raw title, the catalogue words it may stand for (inflections, synonyms, abbreviations,
 * misspellings, compounds). Nothing here is written for particular titles; all of it comes from the labels.
 */

/** A catalogue word a query word may stand for, with a similarity in (0, 1]. */
export interface Alternative {
  word: number;
  sim: number;
}

export interface VariantWeights {
  /** Same stem: inflections and derivations ("assistants", "marketer" ~ "marketing"). */
  stem: number;
  /** Synonym learned from alias pairs, scaled by the square root of the pair's strength. */
  synonym: number;
  /** Abbreviation of a catalogue word ("exec", "mgr", "asst"), scaled by how common the word is. */
  abbreviation: number;
  /** One typing error (two in long words): "asistant", "bookeeper". */
  spelling: number;
  /** Variants less similar than this are dropped: they touch thousands of labels for little evidence. */
  minSimilarity: number;
  /** Titles in which an alias pair must recur before its two words count as synonyms. */
  minPairs: number;
  /**
   * Pseudo-count added to document frequencies, as a share of the number of titles. Without it a word the catalogue
   * uses once ("admin") outweighs everything else in a query, although it is seldom the telling word.
   */
  idfSmoothing: number;
}

/** Names and aliases of one catalogue title. */
export interface TitleLabels {
  name: string;
  aliases: readonly string[];
}

const ACRONYM = /^[A-Z]{2,6}$/;
/** English words first: as acronyms ("IT", "AM") they count only when written in capitals. */
const ORDINARY_WORDS = new Set([
  "it", "am", "an", "and", "as", "at", "be", "by", "for", "he", "if", "in", "is", "me", "no", "of", "on", "or", "re",
  "so", "the", "to", "up", "us", "we",
]);
const MAX_CACHE = 20_000;
/** No job word is longer; a longer unknown token is a code or a run-on, not worth fuzzy matching. */
const MAX_FUZZY_LENGTH = 30;
/** Known words this short and used by this few titles may still be abbreviations ("dev", "admin"). */
const RARE_MAX_LENGTH = 5;
const RARE_TITLES = 2;

export class Lexicon {
  readonly words: string[] = [];
  /** Every name and alias, cleaned, as word ids. */
  readonly labels: LabelStore;
  /** ln(1 + titles / (titles using the word + smoothing)). */
  readonly idf: Float64Array;
  readonly maxIdf: number;
  private readonly ids = new Map<string, number>();
  private readonly weights: VariantWeights;
  /** Acronym (lower case) → expansion, mined from labels of one title that spell each other out. */
  private readonly acronyms = new Map<string, string[]>();
  /** Initials → the phrase with those initials used by the most titles ("qa" → "quality assurance"). */
  private readonly initials = new Map<string, string[]>();
  private readonly synonyms = new Map<number, Alternative[]>();
  private readonly titleCount: Uint32Array;
  private readonly minTitles: { short: number; long: number };
  private readonly byStem = new Map<string, number[]>();
  private readonly byFirstLetter = new Map<string, number[]>();
  private readonly byTrigram = new Map<string, number[]>();
  private readonly cache = new Map<string, Alternative[]>();

  constructor(titles: readonly TitleLabels[], weights: VariantWeights) {
    this.weights = weights;
    const acronymCounts = new Map<string, Map<string, number>>();
    for (const t of titles) mineAcronyms([t.name, ...t.aliases].map(rawTokens), acronymCounts);
    for (const [acronym, row] of acronymCounts) {
      const [expansion] = [...row].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      this.acronyms.set(acronym, expansion![0].split(" "));
    }
    const builder = new LabelStoreBuilder();
    titles.forEach((t, title) => {
      [t.name, ...t.aliases].forEach((text, i) => {
        const words = this.prepare(rawTokens(text), false);
        if (words.words.length) builder.add(title, i === 0, words.words.map((w) => this.intern(w)), words.level, words.head);
      });
    });
    const labels = (this.labels = builder.build());

    const n = this.words.length;
    this.titleCount = new Uint32Array(n);
    const lastTitle = new Int32Array(n).fill(-1);
    for (let l = 0; l < labels.count; l++) {
      for (let k = labels.start[l]!; k < labels.start[l + 1]!; k++) {
        const id = labels.words[k]!;
        if (lastTitle[id] !== labels.title[l]) (lastTitle[id] = labels.title[l]!), this.titleCount[id]!++;
      }
    }
    this.idf = new Float64Array(n);
    const smoothing = weights.idfSmoothing * titles.length;
    let maxIdf = 0;
    for (let id = 0; id < n; id++) {
      this.idf[id] = Math.log(1 + titles.length / (this.titleCount[id]! + smoothing));
      maxIdf = Math.max(maxIdf, this.idf[id]!);
      const word = this.words[id]!;
      push(this.byStem, stem(word), id);
      push(this.byFirstLetter, word[0]!, id);
      for (const g of trigrams(word)) push(this.byTrigram, g, id);
    }
    this.maxIdf = maxIdf;
    // Abbreviations shorten common words: an unknown "sap" is no "sapper". ~20 and ~5 titles of ESCO's 2,942.
    this.minTitles = { short: Math.max(2, 0.007 * titles.length), long: Math.max(1, 0.0017 * titles.length) };
    this.mineSynonyms();
    this.indexInitials();
  }

  id(word: string): number | undefined {
    return this.ids.get(word);
  }

  /** Cleans the tokens of a label (or, with `dropNoise`, of a raw title part): acronyms spelled out, then `contentWords`. */
  prepare(tokens: readonly RawToken[], dropNoise: boolean): Words {
    const words: string[] = [];
    for (const t of tokens) words.push(...(this.minedAcronym(t) ?? [t.word]));
    return contentWords(words, dropNoise);
  }

  /**
   * Folded words of a raw title, made comparable with the catalogue's: acronyms spelled out (mined ones, then
   * capitalised unknown words and "F&B"-style letters whose initials start a phrase common in the catalogue),
   * camelCase and glued compounds split ("Salesgirl" → "sales girl"), and two words joined when the catalogue
   * writes them as one ("book keeper" → "bookkeeper").
   */
  queryWords(tokens: readonly RawToken[]): string[] {
    const words: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      let letters = t.raw.length === 1 ? t.word : "";
      let j = i + 1;
      while (letters && tokens[j]?.ampersand && tokens[j]!.raw.length === 1) letters += tokens[j++]!.word;
      const joined = letters.length > 1 ? this.initials.get(letters) : undefined;
      if (joined) {
        words.push(...joined);
        i = j - 1;
        continue;
      }
      const mined = this.minedAcronym(t);
      if (mined) words.push(...mined);
      else if (this.ids.has(t.word)) words.push(t.word);
      else if (/^\p{Lu}{2,5}$/u.test(t.raw) && !ORDINARY_WORDS.has(t.word) && this.initials.has(t.word)) {
        words.push(...this.initials.get(t.word)!);
      } else if (/\p{Ll}\p{Lu}/u.test(t.raw)) words.push(...t.raw.split(/(?<=\p{Ll})(?=\p{Lu})/u).map(fold));
      // A seniority word stays whole: "internship" is no "intern" + "ship".
      else if (this.alternatives(t.word).length || isLevelWord(t.word)) words.push(t.word);
      else words.push(...(this.splitCompound(t.word) ?? [t.word]));
    }
    const out: string[] = [];
    for (const w of words) {
      const prev = out.at(-1);
      if (prev !== undefined && !(this.ids.has(prev) && this.ids.has(w)) && this.ids.has(prev + w)) out[out.length - 1] = prev + w;
      else out.push(w);
    }
    return out;
  }

  /** Catalogue words a query word may stand for, best first; empty when it resembles none. */
  alternatives(word: string): Alternative[] {
    let alts = this.cache.get(word);
    if (!alts) {
      alts = this.computeAlternatives(word);
      if (this.cache.size >= MAX_CACHE) this.cache.clear();
      this.cache.set(word, alts);
    }
    return alts;
  }

  private computeAlternatives(word: string): Alternative[] {
    const best = new Map<number, number>();
    const offer = (id: number, similarity: number) => {
      const sim = Math.min(1, similarity);
      if (sim >= this.weights.minSimilarity && sim > (best.get(id) ?? 0)) best.set(id, sim);
    };
    const own = this.ids.get(word);
    if (own === undefined && word.length > MAX_FUZZY_LENGTH) return [];
    if (own !== undefined) {
      offer(own, 1);
      for (const s of this.synonyms.get(own) ?? []) offer(s.word, s.sim);
    } else {
      this.misspellingsOf(word, offer);
    }
    // A short word the catalogue barely uses is more likely an abbreviation of a common one ("dev", "admin").
    if (own === undefined || (word.length <= RARE_MAX_LENGTH && this.titleCount[own]! <= RARE_TITLES)) {
      this.abbreviationsOf(word, offer);
    }
    for (const id of this.byStem.get(stem(word)) ?? []) offer(id, this.weights.stem);
    return [...best].map(([w, sim]) => ({ word: w, sim })).sort((a, b) => b.sim - a.sim || a.word - b.word);
  }

  /** Common catalogue words that an unknown short word abbreviates; the more titles use one, the likelier it is meant. */
  private abbreviationsOf(word: string, offer: (id: number, sim: number) => void): void {
    if (word.length < 3 || word.length > 6 || !/^\p{L}+$/u.test(word)) return;
    const min = word.length === 3 ? this.minTitles.short : this.minTitles.long;
    const found = (this.byFirstLetter.get(word[0]!) ?? []).filter(
      (id) => this.titleCount[id]! >= min && abbreviates(word, this.words[id]!),
    );
    if (!found.length) return;
    const top = Math.max(...found.map((id) => this.titleCount[id]!));
    for (const id of found) {
      const prefix = this.words[id]!.startsWith(word) ? 1 : 0.9;
      offer(id, this.weights.abbreviation * prefix * Math.sqrt(this.titleCount[id]! / top));
    }
  }

  /**
   * Catalogue words within one edit (two for words of eight letters or more) of an unknown word. Short words are
   * left alone: one edit away from "mall" lie "hall", "wall" and "small". Typing errors rarely hit the first letter.
   */
  private misspellingsOf(word: string, offer: (id: number, sim: number) => void): void {
    if (word.length < 5) return;
    const max = word.length >= 8 ? 2 : 1;
    const shared = new Map<number, number>();
    for (const g of trigrams(word)) for (const id of this.byTrigram.get(g) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    for (const [id, count] of shared) {
      if (count < 2 || this.words[id]![0] !== word[0]) continue;
      const d = editDistance(word, this.words[id]!, max);
      if (d <= max) offer(id, this.weights.spelling * (d === 1 ? 1 : 0.85));
    }
  }

  /**
   * An unknown glued word as two parts: two catalogue words ("boilerman"), else the longest catalogue word of four
   * letters or more it starts or ends with, and the rest ("salesgirl" → "sales girl").
   */
  private splitCompound(word: string): string[] | null {
    if (word.length < 7 || word.length > MAX_FUZZY_LENGTH || !/^\p{L}+$/u.test(word)) return null;
    let best: string[] | null = null;
    let bestScore = 0;
    for (let i = 3; i <= word.length - 3; i++) {
      const left = word.slice(0, i);
      const right = word.slice(i);
      const known = [left, right].filter((part) => this.ids.has(part));
      if (!known.length || (known.length === 1 && known[0]!.length < 4)) continue;
      const score = known.length * 100 + Math.max(...known.map((part) => part.length));
      if (score > bestScore) (bestScore = score), (best = [left, right]);
    }
    return best;
  }

  private minedAcronym(t: RawToken): string[] | undefined {
    const expansion = this.acronyms.get(t.word);
    return expansion && (!ORDINARY_WORDS.has(t.word) || t.raw === t.raw.toUpperCase()) ? expansion : undefined;
  }

  private intern(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(word);
      this.ids.set(word, id);
    }
    return id;
  }

  /**
   * Two labels of one title with the same words but one ("machine operator" / "machine operative") make the two
   * differing words synonyms. A pair's strength is how often it recurs across titles relative to how often each
   * word takes part in any pair (Dice coefficient), so "operator ~ operative" (hundreds of titles) counts far more
   * than a one-off.
   */
  private mineSynonyms(): void {
    const { labels } = this;
    const n = this.words.length;
    const pairs = new Map<number, number>();
    for (let first = 0; first < labels.count; ) {
      let end = first;
      while (end < labels.count && labels.title[end] === labels.title[first]) end++;
      const seen = new Set<number>();
      for (let a = first; a < end; a++) {
        for (let b = a + 1; b < end; b++) {
          const key = this.singleDifference(a, b);
          if (key < 0 || seen.has(key)) continue;
          seen.add(key);
          pairs.set(key, (pairs.get(key) ?? 0) + 1);
        }
      }
      first = end;
    }
    const involvement = new Float64Array(n);
    for (const [key, count] of pairs) {
      involvement[Math.floor(key / n)]! += count;
      involvement[key % n]! += count;
    }
    for (const [key, count] of pairs) {
      if (count < this.weights.minPairs) continue;
      const x = Math.floor(key / n);
      const y = key % n;
      const sim = this.weights.synonym * Math.sqrt((2 * count) / (involvement[x]! + involvement[y]!));
      push(this.synonyms, x, { word: y, sim });
      push(this.synonyms, y, { word: x, sim });
    }
  }

  /** `min · n + max` of the two word ids in which labels `a` and `b` differ, when they differ in exactly one; else -1. */
  private singleDifference(a: number, b: number): number {
    const { start, words } = this.labels;
    const length = start[a + 1]! - start[a]!;
    if (length !== start[b + 1]! - start[b]!) return -1;
    let key = -1;
    for (let k = 0; k < length; k++) {
      const x = words[start[a]! + k]!;
      const y = words[start[b]! + k]!;
      if (x === y) continue;
      if (key >= 0) return -1;
      key = Math.min(x, y) * this.words.length + Math.max(x, y);
    }
    return key;
  }

  /** Phrases of two and three words used by at least two titles, by their initials; the most used phrase wins. */
  private indexInitials(): void {
    const { labels } = this;
    const n = this.words.length;
    // Phrase keys are word ids in base n; three ids must fit a double's 53-bit mantissa.
    const maxLength = 4 * n ** 3 < 2 ** 53 ? 3 : 2;
    const count = new Map<number, number>();
    const last = new Map<number, number>();
    for (let l = 0; l < labels.count; l++) {
      for (let i = labels.start[l]!; i < labels.start[l + 1]!; i++) {
        let key = labels.words[i]!;
        for (let len = 2; len <= maxLength && i + len <= labels.start[l + 1]!; len++) {
          key = key * n + labels.words[i + len - 1]!;
          const phrase = key * 4 + len;
          if (last.get(phrase) === labels.title[l]) continue;
          last.set(phrase, labels.title[l]!);
          count.set(phrase, (count.get(phrase) ?? 0) + 1);
        }
      }
    }
    const best = new Map<string, { words: string[]; count: number }>();
    for (const [phrase, c] of count) {
      if (c < 2) continue;
      const words: string[] = [];
      for (let key = Math.floor(phrase / 4), len = phrase % 4; len > 0; len--, key = Math.floor(key / n)) {
        words.unshift(this.words[key % n]!);
      }
      const initials = words.map((w) => w[0]).join("");
      const current = best.get(initials);
      const text = words.join(" ");
      if (!current || c > current.count || (c === current.count && text < current.words.join(" "))) best.set(initials, { words, count: c });
    }
    for (const [initials, { words }] of best) if (!this.ids.has(initials)) this.initials.set(initials, words);
  }
}

/**
 * A capitalised word in one label of a title ("ICT consultant") is an acronym when another label of the same title
 * spells it out ("information and communication technology consultant"). Counts (acronym, spelling) pairs.
 */
function mineAcronyms(labels: readonly RawToken[][], counts: Map<string, Map<string, number>>): void {
  for (const label of labels) {
    for (const t of label) {
      if (!ACRONYM.test(t.raw)) continue;
      for (const other of labels) {
        const expansion = other === label ? null : spelledOut(t.word, other.map((o) => o.word));
        if (!expansion) continue;
        const row = counts.get(t.word) ?? new Map<string, number>();
        row.set(expansion.join(" "), (row.get(expansion.join(" ")) ?? 0) + 1);
        counts.set(t.word, row);
      }
    }
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
