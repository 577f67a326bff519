import type { Catalogue } from "./catalogue.ts";
import type { Title } from "./types.ts";
import { calibrate, CALIBRATION, type CalibrationFeatures, type CalibrationModel } from "./normalizer/calibration.ts";
import { querySegments, type Segment } from "./normalizer/clean.ts";
import { DescriptionIndex, type DescriptionSlot } from "./normalizer/descriptions.ts";
import type { LabelStore } from "./normalizer/labels.ts";
import { detectLevels, isManagerial, JOB_LEVELS, type JobLevel } from "./normalizer/levels.ts";
import { Lexicon, type VariantWeights } from "./normalizer/lexicon.ts";
import { generalityPrior } from "./normalizer/prior.ts";
import { buildQuery, SoftCosineIndex, type QueryWeights } from "./normalizer/ranker.ts";
import { TopK } from "./normalizer/topk.ts";
import { stem } from "./normalizer/words.ts";

export { JOB_LEVELS, type JobLevel };
export { CONFIDENCE_THRESHOLD } from "./normalizer/calibration.ts";

export interface NormalizedTitle {
  title: Title;
  /** In [0, 1], calibrated: about the probability that this title is the right one (see docs/catalogue.md). */
  confidence: number;
  job_levels: JobLevel[];
}

/** A ranked title with the features its confidence is computed from (diagnostics and calibration). */
export interface ScoredTitle extends CalibrationFeatures {
  title: Title;
  confidence: number;
}

export interface NormalizerWeights extends VariantWeights, QueryWeights {
  /** Score factor of a part of the title (between separators, in brackets) relative to the whole title. */
  part: number;
  /** Score factor of an alias relative to the title's name. */
  alias: number;
  /** Weight of the mean score over all of a title's labels, added to its best label's score. */
  spread: number;
  /** Pseudo-count of unmatched labels in that mean, so a title with two labels gets no free boost. */
  spreadPrior: number;
  /**
   * Weight of the description match, a 0–1 share of the best score any description could reach for the term's
   * words (descriptions.ts). Only catalogues with descriptions use it.
   */
  description: number;
  /** Weight of the generality prior (prior.ts, 0–1): general titles win near-ties with their specialisations. */
  prior: number;
  /**
   * Share of its score a management title (its name names a lead, manager, director or executive rank) loses when
   * the term names none: "Marketing Executive" or "Accounts Staff" rarely mean the department's manager.
   */
  rankMismatch: number;
}

/**
 * Global weights. The similarities of word variants and the ranking weights were tuned by coordinate ascent on
 * acc@1 + MRR over half of the JobBERT development set (even rows of val.csv); the other half is held out.
 */
export const DEFAULT_WEIGHTS: NormalizerWeights = {
  stem: 0.8,
  synonym: 1.2,
  abbreviation: 0.675,
  spelling: 0.85,
  minSimilarity: 0.25,
  minPairs: 1,
  idfSmoothing: 0.008,
  head: 1,
  unknown: 0.49,
  levelWord: 0.9,
  aside: 0.6,
  part: 0.225,
  alias: 0.85,
  spread: 0.52,
  spreadPrior: 10,
  description: 0.1,
  prior: 0.05,
  rankMismatch: 0.2,
};

export interface NormalizerOptions {
  weights?: Partial<NormalizerWeights>;
  calibration?: CalibrationModel;
}

interface Ranked {
  title: number;
  /** 2: the cleaned term is the title's name; 1: one of its aliases; 0: neither. */
  exact: 0 | 1 | 2;
  score: number;
}

/**
 * The exact phase compares words in any order: "UX/UI Designer" is the alias "UI/UX Designer", "Engineer, Software"
 * the name "Software Engineer". Different titles whose labels share a word set compete on score, as for one key.
 */
const exactKey = (words: readonly string[]): string => [...words].sort().join(" ");

const byRank = (a: Ranked, b: Ranked): number => b.exact - a.exact || b.score - a.score;

/**
 * Whether a title of this tier and score ranks no lower than `bar` under `byRank` (the name order settles a tie), so
 * that a full top list may keep it. Takes the fields rather than a `Ranked` so that losers cost no allocation.
 */
const mayEnter = (exact: Ranked["exact"], score: number, bar: Ranked | undefined): boolean =>
  !bar || exact > bar.exact || (exact === bar.exact && score >= bar.score);

/**
 * Title normalizer. A raw title is cleaned (brackets, places and departments after separators, ad noise) into
 * candidate phrases. Exact phase: a title whose name or alias equals the cleaned title ranks first, names before
 * aliases. Ranking phase: every title is scored by a soft TF-IDF cosine over words between each phrase and each of
 * its names and aliases, with word variants learned from the catalogue (lexicon.ts); a title scores its best label
 * plus a share of the mean over all its labels, which favours titles whose aliases agree with the term again and
 * again, plus small shares of its description's match (descriptions.ts) and of its generality (prior.ts); a
 * management title loses part of its score when the term names no managerial rank. Confidences are calibrated
 * probabilities (calibration.ts).
 */
export class TitleNormalizer {
  private readonly catalogue: Catalogue;
  private readonly weights: NormalizerWeights;
  private readonly calibration: CalibrationModel;
  private readonly lexicon: Lexicon;
  private readonly store: LabelStore;
  private readonly labels: SoftCosineIndex;
  private readonly labelCount: Float64Array;
  /** Cleaned name or alias → its first label; `sameKey` chains the other labels with the same words. */
  private readonly exact = new Map<string, number>();
  private readonly sameKey: Int32Array;
  /** Position of each title in name order: the tie-break, so equal scores always rank the same way. */
  private readonly nameRank: Int32Array;
  // Scratch buffers reused across queries; a query runs synchronously, so they are never shared.
  private readonly labelBest: Float64Array;
  private readonly titleBest: Float64Array;
  private readonly titleSum: Float64Array;
  private readonly descriptionScore: Float64Array;
  /** Null when the catalogue has no descriptions. */
  private readonly descriptions: DescriptionIndex | null;
  /** Description stem id of each catalogue word, -1 when no description uses its stem. */
  private readonly descriptionStem: Int32Array;
  private readonly prior: Float64Array;
  /** 1 for a title whose name names a managerial rank. */
  private readonly managerial: Uint8Array;

  constructor(catalogue: Catalogue, options: NormalizerOptions = {}) {
    this.catalogue = catalogue;
    const w = (this.weights = { ...DEFAULT_WEIGHTS, ...options.weights });
    this.calibration = options.calibration ?? CALIBRATION;
    const titles = catalogue.titles;
    const lexicon = (this.lexicon = new Lexicon(titles, w));
    const labels = (this.store = lexicon.labels);
    const weights = new Float64Array(labels.words.length);
    for (let l = 0; l < labels.count; l++) {
      for (let k = labels.start[l]!; k < labels.start[l + 1]!; k++) {
        const head = k - labels.start[l]! === labels.head[l] ? w.head : 1;
        weights[k] = lexicon.idf[labels.words[k]!]! * head * (labels.level[k] ? w.levelWord : 1);
      }
    }
    this.labels = new SoftCosineIndex(labels.start, labels.words, weights, lexicon.words.length);
    this.labelCount = new Float64Array(titles.length);
    this.sameKey = new Int32Array(labels.count).fill(-1);
    for (let l = 0; l < labels.count; l++) {
      this.labelCount[labels.title[l]!]!++;
      const key = this.labelKey(l);
      const first = this.exact.get(key);
      if (first === undefined) this.exact.set(key, l);
      else (this.sameKey[l] = this.sameKey[first]!), (this.sameKey[first] = l);
    }
    const index = new Map(titles.map((t, i) => [t, i]));
    this.nameRank = new Int32Array(titles.length);
    catalogue.titlesByName.forEach((t, rank) => (this.nameRank[index.get(t)!] = rank));
    this.labelBest = new Float64Array(labels.count);
    this.titleBest = new Float64Array(titles.length);
    this.titleSum = new Float64Array(titles.length);
    const descriptions = (this.descriptions = titles.some((t) => t.description)
      ? new DescriptionIndex(titles.map((t) => t.description))
      : null);
    this.descriptionStem = Int32Array.from(lexicon.words, (word) => descriptions?.id(stem(word)) ?? -1);
    this.descriptionScore = new Float64Array(titles.length);
    this.prior = generalityPrior(labels, titles.length);
    this.managerial = Uint8Array.from(titles, (t) => (isManagerial(detectLevels(t.name)) ? 1 : 0));
  }

  /** The description stems a phrase's words may stand for: their own and those of their catalogue variants. */
  private descriptionSlots(descriptions: DescriptionIndex, segment: Segment): DescriptionSlot[] {
    const slots: DescriptionSlot[] = [];
    segment.words.forEach((w, i) => {
      if (segment.level[i]) return;
      const stems: DescriptionSlot["stems"] = [];
      const offer = (id: number | undefined, sim: number) => {
        if (id === undefined || id < 0) return;
        const seen = stems.find((s) => s.id === id);
        if (!seen) stems.push({ id, sim });
        else if (sim > seen.sim) seen.sim = sim;
      };
      offer(descriptions.id(stem(w)), 1);
      for (const alt of this.lexicon.alternatives(w)) offer(this.descriptionStem[alt.word], alt.sim);
      if (stems.length) slots.push({ stems });
    });
    return slots;
  }

  /** A label's words but seniority modifiers, as one string: the key of the exact phase. */
  private labelKey(label: number): string {
    const { start, words, level } = this.store;
    const parts: string[] = [];
    for (let k = start[label]!; k < start[label + 1]!; k++) if (!level[k]) parts.push(this.lexicon.words[words[k]!]!);
    // join() gives a flat string; `+=` would keep a rope of pieces alive as the key of each of 33k labels.
    return exactKey(parts);
  }

  detectLevels(term: string): JobLevel[] {
    return detectLevels(term);
  }

  /** Titles ranked for a raw term, best first, at most `limit`. */
  inspect(term: string, limit: number): NormalizedTitle[] {
    const scored = this.score(term, limit);
    const levels = scored.length ? detectLevels(term) : [];
    return scored.map((s) => ({ title: s.title, confidence: Math.round(s.confidence * 1000) / 1000, job_levels: levels }));
  }

  /**
   * The best title for a raw term, or null when nothing in the term resembles any title's labels or description. A
   * confidence below `CONFIDENCE_THRESHOLD` marks a weak guess.
   */
  normalize(term: string): NormalizedTitle | null {
    return this.inspect(term, 1)[0] ?? null;
  }

  /** Like `inspect`, with the raw features behind each confidence. */
  score(term: string, limit: number): ScoredTitle[] {
    if (limit <= 0) return [];
    // The runner-up is needed for the top title's margin even when only one title is asked for.
    const ranked = this.rank(term, Math.max(limit, 2));
    const out: ScoredTitle[] = [];
    let previous = 1;
    for (let i = 0; i < Math.min(limit, ranked.length); i++) {
      const r = ranked[i]!;
      const rival = i === 0 ? (ranked[1]?.score ?? 0) : ranked[0]!.score;
      const features: CalibrationFeatures = { score: r.score, margin: r.score - rival, exact: r.exact };
      // An exact alias can score below the next title; confidence still never increases down the list.
      previous = Math.min(previous, calibrate(features, this.calibration));
      out.push({ title: this.catalogue.titles[r.title]!, ...features, confidence: previous });
    }
    return out;
  }

  private rank(term: string, limit: number): Ranked[] {
    const { weights, labelBest, titleBest, titleSum } = this;
    const { title: labelTitle, isName } = this.store;
    const segments = querySegments(term, (tokens) => this.lexicon.queryWords(tokens));
    // Exact phase: the whole cleaned title, seniority and bracketed words aside, equals a name or an alias.
    const exact = new Map<number, 1 | 2>();
    const whole = segments[0];
    const key = whole && exactKey(whole.words.filter((_, i) => !whole.level[i] && !whole.aside[i]));
    // A one-word alias names a generic role ("driver" under hearse driver, "technician" under several titles): it
    // earns no priority; a one-word name still does.
    const oneWord = key !== undefined && !key.includes(" ");
    for (let label = key ? (this.exact.get(key) ?? -1) : -1; label >= 0; label = this.sameKey[label]!) {
      const title = labelTitle[label]!;
      if (oneWord && !isName[label]) continue;
      exact.set(title, Math.max(exact.get(title) ?? 0, isName[label] ? 2 : 1) as 1 | 2);
    }
    const touched: number[] = [];
    for (const segment of segments) {
      const query = buildQuery(this.lexicon, segment, weights);
      if (query) this.labels.score(query, segment.order === 0 ? 1 : weights.part, labelBest, touched);
    }
    const { descriptionScore, descriptions } = this;
    const described: number[] = [];
    // The whole title only: its parts are subsets of its words, and a weak field gains nothing from them.
    if (descriptions && weights.description > 0 && segments[0]) {
      descriptions.score(this.descriptionSlots(descriptions, segments[0]), 1, descriptionScore, described);
    }
    const titles: number[] = [];
    for (const label of touched) {
      const title = labelTitle[label]!;
      const score = labelBest[label]!;
      labelBest[label] = 0;
      if (titleSum[title] === 0) titles.push(title);
      titleSum[title]! += score;
      titleBest[title] = Math.max(titleBest[title]!, score * (isName[label] ? 1 : weights.alias));
    }
    // A title only its description matches still competes (23% of vacancy titles share no word with their title).
    for (const title of described) if (titleSum[title] === 0) titles.push(title);
    const managerialTerm = isManagerial(detectLevels(term));
    const top = new TopK<Ranked>(limit, (a, b) => byRank(a, b) || this.nameRank[a.title]! - this.nameRank[b.title]!);
    for (const title of titles) {
      const spread = titleSum[title]! / (this.labelCount[title]! + weights.spreadPrior);
      let score =
        titleBest[title]! +
        weights.spread * spread +
        weights.description * descriptionScore[title]! +
        weights.prior * this.prior[title]!;
      let tier: Ranked["exact"] = exact.size ? (exact.get(title) ?? 0) : 0;
      if (this.managerial[title] && !managerialTerm && weights.rankMismatch > 0) {
        score *= 1 - weights.rankMismatch;
        // Nor does an alias match put it first: ESCO lists "marketing executive" under marketing manager.
        if (tier === 1) tier = 0;
      }
      titleBest[title] = titleSum[title] = descriptionScore[title] = 0;
      // Most titles fall short of the k-th best: they are dropped before anything is allocated for them.
      if (mayEnter(tier, score, top.bar())) top.offer({ title, exact: tier, score });
    }
    return top.sorted();
  }
}
