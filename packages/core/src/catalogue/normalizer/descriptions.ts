import { tokenize } from "../../text/tokens.ts";
import { fold } from "./clean.ts";
import { stem } from "./words.ts";

/**
 * Occupation descriptions as a weak third field: BM25 over their word stems. A vacancy title often shares no word
 * with any label of its occupation while the description names the domain ("Sales representations" against
 * "… promote products … marketing …"). Descriptions are long and say much besides the job, so this field only
 * nudges a ranking; names and aliases decide it.
 */

/**
 * Words too common in descriptions to tell occupations apart, and words that only glue the sentence. Words under
 * three letters never reach this list (`descriptionStems` drops them first).
 */
const STOPWORDS = new Set([
  "the", "and", "for", "with", "from", "per", "such", "they", "their", "them", "this", "these", "that", "those", "are",
  "been", "which", "who", "also", "may", "can", "other", "into", "within", "all", "any", "its", "not", "well",
  "including", "etc",
]);
/** BM25 term-frequency saturation and length normalisation (the usual values). */
const K1 = 1.2;
const B = 0.75;
/**
 * A stem used by more than this share of descriptions says little ("perform", "ensure", "work") and would make the
 * query touch a large part of the catalogue; it is left out (a stem of one description never is).
 */
const MAX_SHARE = 0.1;

/** Stems of the content words of a text, in order, repeats kept. */
export function descriptionStems(text: string): string[] {
  const out: string[] = [];
  for (const t of tokenize(fold(text))) {
    const w = t.norm;
    if (w.length < 3 || STOPWORDS.has(w) || !/^\p{L}+$/u.test(w)) continue;
    out.push(stem(w));
  }
  return out;
}

/** One query word: ids of the stems it may stand for (`DescriptionIndex.id`), each with a similarity in (0, 1]. */
export interface DescriptionSlot {
  stems: { id: number; sim: number }[];
}

export class DescriptionIndex {
  /** Number of documents (titles); a title without a description is an empty document. */
  readonly count: number;
  private readonly ids = new Map<string, number>();
  /** Postings of stem `s`: `docs[offset[s]] … docs[offset[s + 1] - 1]`, with their BM25 weights. */
  private readonly offset: Int32Array;
  private readonly docs: Int32Array;
  private readonly weights: Float32Array;
  /** Largest weight of each stem: a query's best possible score, to put scores on a 0–1 scale. */
  private readonly maxWeight: Float32Array;
  private readonly acc: Float64Array;
  private readonly slotBest: Float64Array;
  private readonly stack: Int32Array;

  constructor(descriptions: readonly (string | undefined)[]) {
    const count = (this.count = descriptions.length);
    const docStems = descriptions.map((d) => (d ? descriptionStems(d) : []));
    const df: number[] = [];
    const docIds: Int32Array[] = docStems.map((stems) => {
      const local = new Int32Array(stems.length);
      const seen = new Set<number>();
      stems.forEach((s, i) => {
        let id = this.ids.get(s);
        if (id === undefined) this.ids.set(s, (id = df.length)), df.push(0);
        local[i] = id;
        if (!seen.has(id)) seen.add(id), df[id]!++;
      });
      return local;
    });
    const vocabulary = df.length;
    const described = docStems.filter((s) => s.length).length || 1;
    const avgLength = docStems.reduce((n, s) => n + s.length, 0) / described || 1;
    const offset = (this.offset = new Int32Array(vocabulary + 1));
    const useful = (id: number) => df[id]! <= Math.max(1, MAX_SHARE * described);
    for (let id = 0; id < vocabulary; id++) offset[id + 1] = offset[id]! + (useful(id) ? df[id]! : 0);
    this.docs = new Int32Array(offset[vocabulary]!);
    this.weights = new Float32Array(offset[vocabulary]!);
    this.maxWeight = new Float32Array(vocabulary);
    const fill = offset.slice(0, vocabulary);
    const tf = new Map<number, number>();
    docIds.forEach((ids, d) => {
      tf.clear();
      for (const id of ids) tf.set(id, (tf.get(id) ?? 0) + 1);
      const norm = K1 * (1 - B + (B * ids.length) / avgLength);
      for (const [id, f] of tf) {
        if (!useful(id)) continue;
        const idf = Math.log(1 + (described - df[id]! + 0.5) / (df[id]! + 0.5));
        const w = (idf * f * (K1 + 1)) / (f + norm);
        const at = fill[id]!++;
        this.docs[at] = d;
        this.weights[at] = w;
        if (w > this.maxWeight[id]!) this.maxWeight[id] = w;
      }
    });
    this.acc = new Float64Array(count);
    this.slotBest = new Float64Array(count);
    this.stack = new Int32Array(2 * count);
  }

  /** Id of a stem, for `score`; undefined when no description uses it. */
  id(stem: string): number | undefined {
    return this.ids.get(stem);
  }

  /**
   * Scores documents against query words, each given as the stems it may stand for with a similarity: a word adds
   * its best stem's weight times that similarity. The sum is divided by the best sum any document could reach for
   * these words, then multiplied by `factor`; `out[d]` keeps the larger of itself and that, and documents whose entry
   * goes from 0 to positive are appended to `touched`.
   */
  score(slots: readonly DescriptionSlot[], factor: number, out: Float64Array, touched: number[]): void {
    const { acc, slotBest, stack } = this;
    let accCount = 0;
    let ceiling = 0;
    for (const slot of slots) {
      let slotCount = 0;
      let slotCeiling = 0;
      for (const { id, sim } of slot.stems) {
        slotCeiling = Math.max(slotCeiling, sim * this.maxWeight[id]!);
        for (let k = this.offset[id]!; k < this.offset[id + 1]!; k++) {
          const d = this.docs[k]!;
          const v = sim * this.weights[k]!;
          const prev = slotBest[d]!;
          if (v > prev) {
            if (prev === 0) stack[accCount + slotCount++] = d;
            slotBest[d] = v;
          }
        }
      }
      ceiling += slotCeiling;
      const end = accCount + slotCount;
      for (let k = accCount; k < end; k++) {
        const d = stack[k]!;
        if (acc[d] === 0) stack[accCount++] = d;
        acc[d]! += slotBest[d]!;
        slotBest[d] = 0;
      }
    }
    const scale = ceiling > 0 ? factor / ceiling : 0;
    for (let k = 0; k < accCount; k++) {
      const d = stack[k]!;
      const v = acc[d]! * scale;
      acc[d] = 0;
      const prev = out[d]!;
      if (prev === 0 && v > 0) touched.push(d);
      if (v > prev) out[d] = v;
    }
  }
}
