import { PhraseMatcher, type Match } from "../text/matcher.ts";
import { tokenize } from "../text/tokens.ts";
import type { CatalogueData, Skill, Title } from "./types.ts";

export interface RelatedSkill {
  skill: Skill;
  score: number;
}

/** Strength of a curated skill–skill relation in related-skill scores. */
export const RELATION_WEIGHTS = { essential: 1, optional: 0.5 } as const;
/** Share of a related-skill score that comes from curated relations, in catalogues that have any. */
export const RELATION_SHARE = 0.5;

/**
 * Weight of a title's skill at a position. Ranked lists fall off with position; lists that only split essential from
 * optional skills (ESCO) give every essential skill the full weight and every optional one half.
 */
const incidenceWeight = (title: Title, pos: number): number =>
  title.essential_skills === undefined ? 1 / (1 + 0.15 * pos) : pos < title.essential_skills ? 1 : 0.5;

/**
 * In-memory index of one catalogue version: id lookups, a name-ordered title list for paging, phrase matchers for
 * skills and titles, and the title–skill incidence used to rank related skills. Built once per version and shared.
 */
const phraseOf = (name: string): string =>
  tokenize(name)
    .map((t) => t.norm)
    .join(" ");

/**
 * Punctuation between two words that a skill's name does not run on over: a sentence's end, a clause's or a list's
 * separator ("Sold on Amazon, cloud kitchens", "Apache; Spark", "Python | SQL", "Excel • Word", "Amazon · cloud"), a
 * dash standing apart ("Amazon — cloud kitchens"), a colon or an opening bracket ("Amazon (cloud kitchens …)"). A
 * name that has the mark itself still reads ("Certified Public Accountant (CPA)"). A line break inside a sentence
 * (the scan joins a wrapped line to the next), a hyphen, a dash between two words or a slash ("CI/CD",
 * "Cold-Calling") is no break.
 */
const PHRASE_BREAKS = /[.;,:(|•·▪◦●○■□➢►✓✔]|\s[–—]|[–—]\s/u;
/** Words whose full stop closes an abbreviation, not a sentence: "budget vs. actual analysis", "e.g. cost control". */
const ABBREVIATIONS: ReadonlySet<string> = new Set(["vs", "no", "nos", "st", "dept", "approx", "incl", "e.g", "i.e", "e", "g", "i"]);

export class Catalogue {
  readonly version: string;
  readonly source: string;
  readonly skills: readonly Skill[];
  readonly titles: readonly Title[];
  /** Titles ordered by name (then id): the order of GET /titles and its cursors. */
  readonly titlesByName: readonly Title[];
  readonly skillMatcher: PhraseMatcher<string>;
  readonly titleMatcher: PhraseMatcher<string>;
  private readonly skillById = new Map<string, Skill>();
  private readonly titleById = new Map<string, Title>();
  /** skill id → (title index → weight); weight falls with the skill's position in the title's list. */
  private readonly incidence = new Map<string, Map<number, number>>();
  private readonly norms = new Map<string, number>();
  private readonly titlesOfSkill = new Map<string, Title[]>();
  /** skill id → (related skill id → relation weight), both directions, the stronger kind when linked twice. */
  private readonly relations = new Map<string, Map<string, number>>();
  /** Built on first use of kindsOf: only the screening engine asks. */
  private tails: Map<string, Set<string>> | undefined;
  /** True when some skill carries curated relations; related-skill scores then blend them in. */
  readonly hasSkillRelations: boolean;

  constructor(data: CatalogueData) {
    this.version = data.version;
    this.source = data.source;
    this.skills = data.skills;
    this.titles = data.titles;
    for (const s of data.skills) this.skillById.set(s.id, s);
    for (const t of data.titles) this.titleById.set(t.id, t);
    this.titlesByName = [...data.titles].sort((a, b) => a.name.localeCompare(b.name, "en") || a.id.localeCompare(b.id));

    // Case sensitivity guards single words that double as ordinary words ("Go", "VAT"); a multi-word phrase such as
    // "value added tax" is unambiguous in any case.
    this.skillMatcher = new PhraseMatcher(
      data.skills.flatMap((s) =>
        [s.name, ...s.aliases].map((phrase) => ({
          phrase,
          value: s.id,
          caseSensitive: s.case_sensitive && tokenize(phrase).length === 1,
        })),
      ),
      { breaks: PHRASE_BREAKS, abbreviations: ABBREVIATIONS },
    );
    this.titleMatcher = new PhraseMatcher(
      data.titles.flatMap((t) => [t.name, ...t.aliases].map((phrase) => ({ phrase, value: t.id }))),
    );

    data.titles.forEach((t, ti) => {
      t.skill_ids.forEach((sid, pos) => {
        const row = this.incidence.get(sid) ?? new Map<number, number>();
        row.set(ti, incidenceWeight(t, pos));
        this.incidence.set(sid, row);
        const list = this.titlesOfSkill.get(sid) ?? [];
        list.push(t);
        this.titlesOfSkill.set(sid, list);
      });
    });
    for (const [sid, row] of this.incidence) {
      let sum = 0;
      for (const w of row.values()) sum += w * w;
      this.norms.set(sid, Math.sqrt(sum));
    }

    const link = (a: string, b: string, w: number) => {
      const row = this.relations.get(a) ?? new Map<string, number>();
      row.set(b, Math.max(w, row.get(b) ?? 0));
      this.relations.set(a, row);
    };
    for (const s of data.skills) {
      for (const r of s.related ?? []) {
        if (r.id === s.id || !this.skillById.has(r.id)) continue;
        link(s.id, r.id, RELATION_WEIGHTS[r.kind]);
        link(r.id, s.id, RELATION_WEIGHTS[r.kind]);
      }
    }
    this.hasSkillRelations = this.relations.size > 0;
  }

  skill(id: string): Skill | undefined {
    return this.skillById.get(id);
  }

  title(id: string): Title | undefined {
    return this.titleById.get(id);
  }

  /** Titles whose skill list contains the skill. */
  titlesWithSkill(id: string): readonly Title[] {
    return this.titlesOfSkill.get(id) ?? [];
  }

  /**
   * Specialized skills that are a kind of the given one by name: a name or alias of theirs ends with one of its
   * names or aliases after words of their own ("Epic EHR" is a kind of "Electronic Health Records (EHR)" through
   * "EHR"; "TIG Welding" of "Welding"). Names of one or two characters ("C", "R") are left out: "Objective-C" is
   * not C. Empty for other skill types.
   */
  kindsOf(id: string): string[] {
    const skill = this.skillById.get(id);
    if (!skill || skill.type !== "Specialized Skill") return [];
    const tails = this.tailIndex();
    const kinds = new Set<string>();
    for (const name of [skill.name, ...skill.aliases]) {
      if (name.length <= 2) continue;
      for (const other of tails.get(phraseOf(name)) ?? []) if (other !== id) kinds.add(other);
    }
    return [...kinds];
  }

  /** Tail phrase of a specialized skill's name or alias (all its last words but not the whole) → skill ids. */
  private tailIndex(): Map<string, Set<string>> {
    if (this.tails) return this.tails;
    const tails = new Map<string, Set<string>>();
    for (const s of this.skills) {
      if (s.type !== "Specialized Skill") continue;
      for (const name of [s.name, ...s.aliases]) {
        const words = tokenize(name).map((t) => t.norm);
        for (let n = 1; n < words.length; n++) {
          const tail = words.slice(words.length - n).join(" ");
          const ids = tails.get(tail) ?? new Set<string>();
          ids.add(s.id);
          tails.set(tail, ids);
        }
      }
    }
    return (this.tails = tails);
  }

  /** Skill mentions in a text: whole-token matches of names and aliases, leftmost-longest. */
  findSkills(text: string): Match<string>[] {
    return this.skillMatcher.findAll(text);
  }

  /**
   * Skills related to a set of skills (the inputs themselves excluded), best first:
   *
   *   cooc(c) = mean over inputs i of cos(v_i, v_c)    v = a skill's weighted incidence over titles (incidenceWeight)
   *   rel(c)  = mean over inputs i of w(i, c)          w = 1 essential, 0.5 optional, 0 unrelated (either direction)
   *   score   = (1 − RELATION_SHARE) · cooc + RELATION_SHARE · rel   when the catalogue has relations, else cooc
   *
   * Cosine rather than raw counts keeps ubiquitous skills from crowding out specific ones; curated relations lift
   * skills that titles rarely list together but experts link (a knowledge item and the skill that applies it).
   */
  relatedSkills(ids: readonly string[], limit: number): RelatedSkill[] {
    const inputs = new Set(ids);
    const cooc = new Map<string, number>();
    const rel = new Map<string, number>();
    for (const id of inputs) {
      const row = this.incidence.get(id);
      const norm = this.norms.get(id);
      if (row && norm) {
        const dots = new Map<string, number>();
        for (const [ti, w] of row) {
          for (const other of this.titles[ti]!.skill_ids) {
            if (inputs.has(other)) continue;
            const w2 = this.incidence.get(other)!.get(ti)!;
            dots.set(other, (dots.get(other) ?? 0) + w * w2);
          }
        }
        for (const [other, dot] of dots) cooc.set(other, (cooc.get(other) ?? 0) + dot / (norm * this.norms.get(other)!));
      }
      for (const [other, w] of this.relations.get(id) ?? []) {
        if (!inputs.has(other)) rel.set(other, (rel.get(other) ?? 0) + w);
      }
    }
    const share = this.hasSkillRelations ? RELATION_SHARE : 0;
    const scores = new Map<string, number>();
    for (const [id, v] of cooc) scores.set(id, (1 - share) * v);
    for (const [id, v] of rel) scores.set(id, (scores.get(id) ?? 0) + share * v);
    return [...scores]
      .filter(([, score]) => score > 0)
      .map(([id, score]) => ({ skill: this.skillById.get(id)!, score: score / inputs.size }))
      .sort((a, b) => b.score - a.score || a.skill.name.localeCompare(b.skill.name, "en"))
      .slice(0, limit);
  }
}
