import { phraseKey, tokenize } from "../text/tokens.ts";
import type { Catalogue } from "./catalogue.ts";
import type { Title } from "./types.ts";

/** Seniority vocabulary of `job_levels`, lowest to highest. */
export const JOB_LEVELS = ["intern", "entry", "mid", "senior", "lead", "manager", "director", "executive"] as const;
export type JobLevel = (typeof JOB_LEVELS)[number];

export interface NormalizedTitle {
  title: Title;
  /** In [0, 1]: 1 for an exact name match, slightly less for an alias, a similarity score otherwise. */
  confidence: number;
  job_levels: JobLevel[];
}

// Level words found in raw titles. Modifiers (junior, senior, …) are removed before matching; role words
// (manager, director, chief, …) are kept because they are part of many catalogue titles.
const LEVEL_MODIFIERS: Record<string, JobLevel> = {
  intern: "intern", internship: "intern", trainee: "intern", apprentice: "intern", werkstudent: "intern",
  student: "intern", graduate: "entry", junior: "entry", jr: "entry", entry: "entry", associate: "entry",
  i: "entry", ii: "mid", mid: "mid", intermediate: "mid", iii: "senior", senior: "senior", sr: "senior",
  snr: "senior", experienced: "senior", iv: "lead", lead: "lead", principal: "lead", staff: "lead",
};
const LEVEL_ROLES: Record<string, JobLevel> = {
  supervisor: "manager", manager: "manager", mgr: "manager", head: "director", director: "director",
  vp: "director", vice: "director", chief: "executive", president: "executive", founder: "executive",
  cofounder: "executive", partner: "executive", ceo: "executive", cto: "executive", cfo: "executive",
  coo: "executive", cio: "executive", cmo: "executive", ciso: "executive", chro: "executive",
};
// Words that carry no occupation: employment terms, work mode, gender tags, filler.
const NOISE = new Set([
  "full", "part", "time", "fulltime", "parttime", "contract", "contractor", "temporary", "temp", "permanent",
  "freelance", "remote", "hybrid", "onsite", "on-site", "site", "office", "m", "w", "d", "f", "h", "x", "mwd",
  "all", "genders", "gn", "job", "vacancy", "position", "opening", "role", "wanted", "urgent", "immediate",
  "start", "hiring", "level", "and", "or", "the", "a", "an", "in", "for", "with", "to", "of",
]);

const SEPARATORS = /\s+[-–—|@·•]\s+|\s*[|@·•]\s*|,\s+|\s+\/\s+|\s+(?:at|in)\s+/u;
const BRACKETS = /\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g;

interface Label {
  titleIndex: number;
  exact: "name" | "alias";
  vector: Map<string, number>;
  norm: number;
  words: Set<string>;
}

const trigrams = (text: string): string[] => {
  const out: string[] = [];
  for (const word of text.split(" ")) {
    if (!word) continue;
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  }
  return out;
};

/**
 * Normalizer v1: clean the raw title (brackets, locations after separators, employment and gender words, level
 * modifiers), try an exact match of names and aliases, then rank titles by character-trigram TF-IDF cosine blended
 * with word overlap, taking the best label (name or alias) per title.
 */
export class TitleNormalizer {
  private readonly catalogue: Catalogue;
  private readonly labels: Label[] = [];
  private readonly postings = new Map<string, number[]>();
  private readonly idf = new Map<string, number>();

  constructor(catalogue: Catalogue) {
    this.catalogue = catalogue;
    const texts: { titleIndex: number; exact: "name" | "alias"; text: string }[] = [];
    catalogue.titles.forEach((t, titleIndex) => {
      texts.push({ titleIndex, exact: "name", text: phraseKey(t.name) });
      for (const a of t.aliases) texts.push({ titleIndex, exact: "alias", text: phraseKey(a) });
    });
    const df = new Map<string, number>();
    const grams = texts.map((t) => trigrams(t.text));
    for (const g of grams) for (const gram of new Set(g)) df.set(gram, (df.get(gram) ?? 0) + 1);
    for (const [gram, n] of df) this.idf.set(gram, Math.log(1 + texts.length / n));
    texts.forEach((t, i) => {
      const vector = this.vectorOf(grams[i]!);
      let sum = 0;
      for (const w of vector.values()) sum += w * w;
      const labelIndex = this.labels.length;
      this.labels.push({ titleIndex: t.titleIndex, exact: t.exact, vector, norm: Math.sqrt(sum), words: new Set(t.text.split(" ")) });
      for (const gram of vector.keys()) {
        const list = this.postings.get(gram) ?? [];
        list.push(labelIndex);
        this.postings.set(gram, list);
      }
    });
  }

  private vectorOf(grams: string[]): Map<string, number> {
    const v = new Map<string, number>();
    for (const g of grams) {
      const idf = this.idf.get(g);
      if (idf !== undefined) v.set(g, (v.get(g) ?? 0) + idf);
    }
    return v;
  }

  detectLevels(term: string): JobLevel[] {
    const found = new Set<JobLevel>();
    for (const t of tokenize(term)) {
      const level = LEVEL_MODIFIERS[t.norm] ?? LEVEL_ROLES[t.norm];
      // "I" as a roman numeral only counts at the end of a title ("Engineer I"), not as a pronoun.
      if (level && !(t.norm === "i" && t.raw !== "I")) found.add(level);
    }
    if (/\bentry[\s-]level\b/i.test(term)) found.add("entry");
    if (/\bmid[\s-]level\b/i.test(term)) found.add("mid");
    if (/\b(?:team|tech|technical)\s+lead\b/i.test(term)) found.add("lead");
    return JOB_LEVELS.filter((l) => found.has(l));
  }

  /** Candidate phrases to match: the whole cleaned term, then each segment between separators. */
  private segments(term: string): string[] {
    const noBrackets = term.normalize("NFKC").replace(BRACKETS, " ");
    const parts = [noBrackets, ...noBrackets.split(SEPARATORS)];
    const out: string[] = [];
    for (const part of parts) {
      const words = tokenize(part)
        .map((t) => t.norm)
        .filter((w) => !NOISE.has(w) && !/^\d+$/.test(w) && !(w in LEVEL_MODIFIERS));
      const key = words.join(" ");
      if (key && !out.includes(key)) out.push(key);
    }
    return out;
  }

  inspect(term: string, limit: number): NormalizedTitle[] {
    const levels = this.detectLevels(term);
    const best = new Map<number, number>();
    const consider = (titleIndex: number, score: number) => {
      if (score > (best.get(titleIndex) ?? 0)) best.set(titleIndex, score);
    };
    for (const segment of this.segments(term)) {
      for (const id of this.catalogue.titleMatcher.lookup(segment)) {
        const t = this.catalogue.title(id)!;
        const isName = phraseKey(t.name) === segment;
        consider(this.catalogue.titles.indexOf(t), isName ? 1 : 0.97);
      }
      const query = this.vectorOf(trigrams(segment));
      let qn = 0;
      for (const w of query.values()) qn += w * w;
      if (qn === 0) continue;
      qn = Math.sqrt(qn);
      const dots = new Map<number, number>();
      for (const [gram, w] of query) {
        for (const li of this.postings.get(gram) ?? []) {
          dots.set(li, (dots.get(li) ?? 0) + w * this.labels[li]!.vector.get(gram)!);
        }
      }
      const queryWords = new Set(segment.split(" "));
      for (const [li, dot] of dots) {
        const label = this.labels[li]!;
        const charCos = dot / (qn * label.norm);
        let shared = 0;
        for (const w of queryWords) if (label.words.has(w)) shared++;
        const wordOverlap = shared / Math.sqrt(queryWords.size * label.words.size);
        // Non-exact matches stay below the exact ones (0.97–1).
        consider(label.titleIndex, Math.min(0.95, 0.7 * charCos + 0.3 * wordOverlap));
      }
    }
    return [...best]
      .sort((a, b) => b[1] - a[1] || this.catalogue.titles[a[0]]!.name.localeCompare(this.catalogue.titles[b[0]]!.name, "en"))
      .slice(0, limit)
      .map(([ti, score]) => ({
        title: this.catalogue.titles[ti]!,
        confidence: Math.round(score * 1000) / 1000,
        job_levels: levels,
      }));
  }

  normalize(term: string): NormalizedTitle | null {
    return this.inspect(term, 1)[0] ?? null;
  }
}
