import type { Words } from "./clean.ts";
import type { Alternative, Lexicon } from "./lexicon.ts";

export interface QueryWeights {
  /** Weight multiplier of the head noun, on both sides. */
  head: number;
  /** Weight of a query word the catalogue does not know (in units of the largest IDF). */
  unknown: number;
  /** Weight factor of seniority modifiers. */
  levelWord: number;
  /** Weight factor of bracketed words. */
  aside: number;
}

/** One query word: the catalogue words it may stand for and its IDF weight. */
export interface Slot {
  alts: Alternative[];
  weight: number;
}

export interface Query {
  slots: Slot[];
  norm: number;
}

/**
 * Turns a cleaned phrase into weighted slots. A known word weighs its own IDF; an unknown word that resembles
 * catalogue words weighs the IDF of the rarest of them; one that resembles nothing still counts (`unknown`), so a
 * phrase that is mostly unknown cannot look like a perfect match. Returns null when no word is usable.
 */
export function buildQuery(lexicon: Lexicon, phrase: Words, weights: QueryWeights): Query | null {
  const slots: Slot[] = [];
  let norm = 0;
  let known = false;
  phrase.words.forEach((w, i) => {
    const alts = lexicon.alternatives(w);
    // A seniority word the catalogue never uses says nothing about the job.
    if (phrase.level[i] && !alts.length) return;
    const own = lexicon.id(w);
    let weight = weights.unknown * lexicon.maxIdf;
    if (own !== undefined) weight = lexicon.idf[own]!;
    else if (alts.length) weight = Math.max(...alts.map((a) => lexicon.idf[a.word]!));
    if (i === phrase.head) weight *= weights.head;
    if (phrase.level[i]) weight *= weights.levelWord;
    if (phrase.aside[i]) weight *= weights.aside;
    if (alts.length) known = true;
    slots.push({ alts, weight });
    norm += weight * weight;
  });
  return known ? { slots, norm: Math.sqrt(norm) } : null;
}

/**
 * Soft cosine between a query and a set of documents (word-weight vectors): each query word contributes the best
 * similarity it finds among the document's words (1 for the word itself, less for an inflection, synonym,
 * abbreviation or misspelling) times both weights. Documents are found through an inverted index, so only those
 * sharing a word or a variant with the query are touched.
 */
export class SoftCosineIndex {
  /**
   * Postings of word `w`: `docs[offset[w]] … docs[offset[w + 1] - 1]`, with their normalized weights. Flat arrays
   * rather than a view per word: each view is an object, and ESCO's labels have 6,000 words.
   */
  private readonly offset: Int32Array;
  private readonly docs: Int32Array;
  private readonly weights: Float32Array;
  private readonly acc: Float64Array;
  private readonly slotBest: Float64Array;
  /** Documents touched by the query so far, then those of the current word, in one preallocated array. */
  private readonly stack: Int32Array;

  /**
   * Document `d` has the words `words[start[d]] … words[start[d + 1] - 1]` with the weights at the same positions
   * (no word twice in a document). Weights are divided by the document's norm here.
   */
  constructor(start: Int32Array, words: Int32Array, weights: Float64Array, vocabularySize: number) {
    const docCount = start.length - 1;
    // Postings as one flat array per field, sliced per word: counting pass, then filling pass.
    const offset = new Int32Array(vocabularySize + 1);
    for (const w of words) offset[w + 1]!++;
    for (let w = 0; w < vocabularySize; w++) offset[w + 1]! += offset[w]!;
    const docs = new Int32Array(words.length);
    const normalized = new Float32Array(words.length);
    const fill = offset.slice(0, vocabularySize);
    for (let d = 0; d < docCount; d++) {
      let sum = 0;
      for (let k = start[d]!; k < start[d + 1]!; k++) sum += weights[k]! ** 2;
      const norm = Math.sqrt(sum) || 1;
      for (let k = start[d]!; k < start[d + 1]!; k++) {
        const at = fill[words[k]!]!++;
        docs[at] = d;
        normalized[at] = weights[k]! / norm;
      }
    }
    this.offset = offset;
    this.docs = docs;
    this.weights = normalized;
    this.acc = new Float64Array(docCount);
    this.slotBest = new Float64Array(docCount);
    this.stack = new Int32Array(2 * docCount);
  }

  /**
   * Scores the documents sharing a word or a variant with the query: `best[d]` becomes the larger of itself and
   * `factor` × cosine, and every document whose entry goes from 0 to positive is appended to `touched`.
   */
  score(query: Query, factor: number, best: Float64Array, touched: number[]): void {
    const { acc, slotBest, stack, docs, weights, offset } = this;
    let accCount = 0;
    for (const slot of query.slots) {
      let slotCount = 0;
      for (const alt of slot.alts) {
        const sim = alt.sim;
        for (let k = offset[alt.word]!, end = offset[alt.word + 1]!; k < end; k++) {
          const d = docs[k]!;
          const v = sim * weights[k]!;
          const prev = slotBest[d]!;
          if (v > prev) {
            if (prev === 0) stack[accCount + slotCount++] = d;
            slotBest[d] = v;
          }
        }
      }
      // The slot's documents sit above the accumulated ones on the stack; merge them down.
      const w = slot.weight;
      const end = accCount + slotCount;
      for (let k = accCount; k < end; k++) {
        const d = stack[k]!;
        if (acc[d] === 0) stack[accCount++] = d;
        acc[d]! += w * slotBest[d]!;
        slotBest[d] = 0;
      }
    }
    const scale = factor / query.norm;
    for (let k = 0; k < accCount; k++) {
      const d = stack[k]!;
      const v = acc[d]! * scale;
      acc[d] = 0;
      const prev = best[d]!;
      if (prev === 0) touched.push(d);
      if (v > prev) best[d] = v;
    }
  }
}
