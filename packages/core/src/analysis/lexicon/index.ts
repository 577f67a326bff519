import { PhraseMatcher } from "../../text/matcher.ts";
import { CULTURE_CUES, type CultureEntry, type CultureStyle } from "../culture/styles.ts";
import { CUES, type CueEntry, type CueKind } from "./cues.ts";
import { educationPatterns, type DegreeEntry, type FieldEntry, type LexiconPattern } from "./education.ts";
import { INTERESTS } from "./interests.ts";
import { namedPatterns, type NamedEntry } from "./named.ts";
import { TRAITS } from "./traits.ts";
import { VALUES } from "./values.ts";

export type LexEntry = DegreeEntry | FieldEntry | NamedEntry | CultureEntry | CueEntry;

function culturePatterns(): LexiconPattern<CultureEntry>[] {
  return Object.entries(CULTURE_CUES).flatMap(([style, cues]) =>
    cues.flatMap((group) => {
      const phrases = group.split("|");
      const value: CultureEntry = { kind: "culture", id: `${style}:${phrases[0]}`, style: style as CultureStyle };
      return phrases.map((phrase) => ({ phrase, value }));
    }),
  );
}

function cuePatterns(): LexiconPattern<CueEntry>[] {
  return Object.entries(CUES).flatMap(([id, phrases]) => {
    const value: CueEntry = { kind: "cue", id: id as CueKind };
    return phrases.split("|").map((phrase) => ({ phrase, value }));
  });
}

/**
 * One matcher for every fixed vocabulary, so a text is scanned once. Being leftmost-longest, a longer phrase of one
 * vocabulary hides a shorter one of another ("machine learning" the interest hides "learning" the culture cue), which
 * is the intended reading; a phrase listed in several vocabularies yields one match per vocabulary.
 */
export const LEXICON = new PhraseMatcher<LexEntry>([
  ...educationPatterns(),
  ...namedPatterns("trait", TRAITS),
  ...namedPatterns("interest", INTERESTS),
  ...namedPatterns("value", VALUES),
  ...culturePatterns(),
  ...cuePatterns(),
]);

export type { CueKind } from "./cues.ts";
export type { DegreeEntry, FieldEntry } from "./education.ts";
export type { NamedEntry } from "./named.ts";
