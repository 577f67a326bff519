import type { Catalogue } from "../../catalogue/catalogue.ts";
import { isLevelWord } from "../../catalogue/normalizer/levels.ts";
import { tokenize, type Token } from "../../text/tokens.ts";
import type { JobSection } from "../text/headings.ts";
import type { VocabularyTerm } from "../types.ts";
import { isSkillTerm, sentenceStarts, skillTerm, stem, termsOf } from "./duties.ts";
import { skillsByLine, type Scan } from "./scan.ts";

/**
 * The domain vocabulary of a posting: the words of its trade that the catalogue has no skill for ("brigade",
 * "ventilator", "terminate", "feeders", "reconciliations"), weighted by how specific they are to one profession.
 *
 * Catalogue skills are scored on their own; a posting also describes the work in plain words, and a candidate who
 * did that work uses the same words in their work history. Each word is weighted by the spread of its stem over the
 * catalogue's career groups (titles, their skills and the skills' descriptions): a word of one or two professions
 * ("kitchen", "conduit") says much more about the work than one every profession uses ("manage", "report").
 */

/** Sections that describe the hire and the work; the company pitch and the benefits do not. */
const VOCABULARY_SECTIONS: ReadonlySet<JobSection> = new Set(["preamble", "requirements", "preferred", "responsibilities", "other"]);

interface Spread {
  groups: number;
  /** Stem → number of career groups whose catalogue text uses it. */
  groupsUsing: Map<string, number>;
}

const spreads = new WeakMap<Catalogue, Spread>();

/** Built once per catalogue and kept with it; each skill's text is read once however many titles use it. */
function spreadOf(catalogue: Catalogue): Spread {
  const known = spreads.get(catalogue);
  if (known) return known;
  const stemOf = new Map<string, string>();
  const stemsOfText = (text: string, into: Set<string>) => {
    for (const t of tokenize(text)) {
      let s = stemOf.get(t.norm);
      if (s === undefined) stemOf.set(t.norm, (s = stem(t.norm)));
      into.add(s);
    }
  };
  const bySkill = new Map<string, Set<string>>();
  const stemsByGroup = new Map<string, Set<string>>();
  for (const title of catalogue.titles) {
    let stems = stemsByGroup.get(title.career_group);
    if (!stems) stemsByGroup.set(title.career_group, (stems = new Set()));
    for (const text of [title.name, ...title.aliases]) stemsOfText(text, stems);
    for (const id of title.skill_ids) {
      let skillStems = bySkill.get(id);
      if (!skillStems) {
        skillStems = new Set();
        const skill = catalogue.skill(id);
        if (skill) for (const text of [skill.name, ...skill.aliases, skill.description ?? ""]) stemsOfText(text, skillStems);
        bySkill.set(id, skillStems);
      }
      for (const s of skillStems) stems.add(s);
      // The skill itself, for the posting's wording: "skill:<id>" never collides with a word's stem.
      stems.add(skillTerm(id));
    }
  }
  const groupsUsing = new Map<string, number>();
  for (const stems of stemsByGroup.values()) for (const s of stems) groupsUsing.set(s, (groupsUsing.get(s) ?? 0) + 1);
  const spread = { groups: stemsByGroup.size, groupsUsing };
  spreads.set(catalogue, spread);
  return spread;
}

/**
 * Specificity of a stem: ln((G + 1) / (g + 1)) for a stem used by g of the catalogue's G career groups. A word the
 * catalogue never uses is weighted like a word of a single profession: it is as likely to be jargon ("megger") as
 * the posting's own prose, and prose rarely recurs in a work history anyway.
 */
export function termWeight(spread: Spread, term: string): number {
  const g = Math.max(1, spread.groupsUsing.get(term) ?? 0);
  return Math.log((spread.groups + 1) / (g + 1));
}

/**
 * A posting with fewer distinct words than this says too little to have a vocabulary of its own ("We are a friendly
 * company."): it gets no vocabulary attribute rather than one resting on a word or two.
 */
export const MIN_VOCABULARY_TERMS = 10;

/**
 * The posting's content words outside its catalogue skills and its title, each once, with its specificity. The
 * title is scored as the role (and its level words as seniority); the skills are scored one by one.
 */
export function extractJobVocabulary(scan: Scan<JobSection>, catalogue: Catalogue, titleSpan: readonly [number, number] | null): VocabularyTerm[] {
  const spread = spreadOf(catalogue);
  const skills = skillsByLine(scan);
  const out = new Map<string, VocabularyTerm>();
  for (const line of scan.doc.lines) {
    if (line.heading || !VOCABULARY_SECTIONS.has(line.section)) continue;
    const tokens = titleSpan ? line.tokens.filter((t) => t.end <= titleSpan[0] || t.start >= titleSpan[1]) : line.tokens;
    for (const [term, word] of termsOf(tokens, skills.get(line.index) ?? [], sentenceStarts([line]))) {
      if (isSkillTerm(term) || out.has(term)) continue;
      const weight = termWeight(spread, term);
      if (weight > 0) out.set(term, { term, word, weight });
    }
  }
  return out.size >= MIN_VOCABULARY_TERMS ? [...out.values()] : [];
}

/**
 * The posting's whole wording, for lexical relevance (scoring/relevance.ts): the terms of the sections that
 * describe the hire and the work, its catalogue skills (by id) and the words of its title included, each once with
 * its specificity. The weights come from the catalogue alone, never from the candidates being ranked, so a
 * candidate's relevance does not depend on who else applies. A catalogue skill is weighted by the career groups
 * whose titles list it, like a word by the groups whose text uses it.
 */
export function extractJobWording(scan: Scan<JobSection>, catalogue: Catalogue, titleSpan: readonly [number, number] | null): VocabularyTerm[] {
  const spread = spreadOf(catalogue);
  const skills = skillsByLine(scan);
  const out = new Map<string, VocabularyTerm>();
  for (const line of scan.doc.lines) {
    if (line.heading || !VOCABULARY_SECTIONS.has(line.section)) continue;
    // The title's level words ("Senior") say how senior the hire is, which the seniority attribute scores; matched
    // in a résumé they would reward the rank held in any profession. In the body they describe the work ("train
    // junior cooks", "lead the line") and stay.
    const inTitle = (t: Token) => titleSpan !== null && t.start >= titleSpan[0] && t.end <= titleSpan[1];
    const tokens = line.tokens.filter((t) => !(inTitle(t) && isLevelWord(t.norm)));
    for (const [term, word] of termsOf(tokens, skills.get(line.index) ?? [], sentenceStarts([line]))) {
      if (out.has(term)) continue;
      const weight = termWeight(spread, term);
      if (weight > 0) out.set(term, { term, word, weight });
    }
  }
  return out.size >= MIN_VOCABULARY_TERMS ? [...out.values()] : [];
}
