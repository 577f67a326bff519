import type { Catalogue } from "../../catalogue/catalogue.ts";
import { LEXICON, type LexEntry } from "../lexicon/index.ts";
import { parseDocument, type Document, type Line, type SectionVocabulary } from "../text/document.ts";
import { inOtherFamily, isAudience, outOfProfession } from "./senses.ts";

export interface Hit<T, K extends string> {
  value: T;
  start: number;
  end: number;
  surface: string;
  line: Line<K>;
}

/** A parsed document with its catalogue-skill and lexicon matches, computed once and shared by every extractor. */
export interface Scan<K extends string> {
  doc: Document<K>;
  skills: Hit<string, K>[];
  lexicon: Hit<LexEntry, K>[];
  /** Lexicon hits per line index. */
  lexiconByLine: Hit<LexEntry, K>[][];
}

// Longer inputs are cut: no résumé or posting is this long, and it keeps the cost of one request bounded.
export const MAX_TEXT_LENGTH = 100_000;

export const asText = (input: unknown): string =>
  typeof input === "string" ? input.slice(0, MAX_TEXT_LENGTH) : "";

// Words that a single capital letter completes into a name of its own: "Series C" is a funding round, "Plan B",
// "Class C licence", "Vitamin C", "Type A", "Grade B", "Schedule C" are not the C or R languages.
const LETTER_NAMERS = new Set(["series", "plan", "class", "vitamin", "type", "grade", "schedule", "part", "section", "phase", "building", "unit", "hepatitis", "exhibit", "appendix", "level", "category", "form", "option", "team", "group", "row", "gate", "block", "wing", "zone"]);

/** Whether a one-letter skill match ("C", "R") is the second half of a name such as "Series C". */
function lettersAsName<K extends string>(line: Line<K>, start: number, surface: string): boolean {
  if (!/^\p{Lu}$/u.test(surface)) return false;
  const at = line.tokens.findIndex((t) => t.start === start);
  const before = at > 0 ? line.tokens[at - 1] : undefined;
  return before !== undefined && LETTER_NAMERS.has(before.norm);
}

/**
 * Matching runs line by line, so a phrase never spans a line break ("Apache" at the end of one line and "Spark" at
 * the start of the next are two things) and every match keeps its line for section and sentence lookups.
 */
export function scanText<K extends string>(text: string, vocab: SectionVocabulary<K>, catalogue: Catalogue): Scan<K> {
  const doc = parseDocument(text, vocab);
  const skills: Hit<string, K>[] = [];
  const lexicon: Hit<LexEntry, K>[] = [];
  const lexiconByLine: Hit<LexEntry, K>[][] = [];
  for (const line of doc.lines) {
    const onLine: Hit<LexEntry, K>[] = [];
    lexiconByLine.push(onLine);
    if (line.heading || line.tokens.length === 0) continue;
    for (const m of catalogue.skillMatcher.findAll(text, line.tokens)) {
      const hit = { ...m, line };
      const skill = catalogue.skill(m.value);
      if (lettersAsName(line, m.start, m.surface) || isAudience(hit) || (skill && inOtherFamily(catalogue, skill, hit))) continue;
      skills.push(hit);
    }
    for (const m of LEXICON.findAll(text, line.tokens)) {
      const hit = { ...m, line };
      // "Present results to leadership" claims no leadership, as a trait no more than as a skill.
      if (m.value.kind === "trait" && isAudience(hit)) continue;
      onLine.push(hit);
    }
    lexicon.push(...onLine);
  }
  const foreign = outOfProfession(catalogue, skills);
  return { doc, skills: skills.filter((_, i) => !foreign.has(i)), lexicon, lexiconByLine };
}
