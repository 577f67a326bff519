/**
 * Self-identified sex and race/ethnicity labels → the categories of NYC Local Law 144 bias audits (DCWP rules
 * §5-301, which take them from the EEO-1 component 1 report). Uploads come from many ATS exports, so spelling, case,
 * punctuation and the usual abbreviations vary; each label is reduced to a key of lower-case words (without "or",
 * "and", "other") before lookup.
 */

export const SEX_CATEGORIES = ["Male", "Female"] as const;

export const RACE_ETHNICITY_CATEGORIES = [
  "Hispanic or Latino",
  "White",
  "Black or African American",
  "Native Hawaiian or Pacific Islander",
  "Asian",
  "Native American or Alaska Native",
  "Two or More Races",
] as const;

/** What a label stands for: a category (standard or the person's own words), or no usable answer. */
export type Classified = { kind: "category"; category: string; standard: boolean } | { kind: "missing" };

const FILLER = new Set(["or", "and", "other"]);

/** "Native Hawaiian / Other Pacific-Islander" → "native hawaiian pacific islander". */
export function labelKey(label: string): string {
  return label
    .normalize("NFKC")
    .toLowerCase()
    .replace(/&/g, " and ")
    .split(/[^\p{L}\p{N}+]+/u)
    .filter((w) => w && !FILLER.has(w))
    .join(" ");
}

const aliases = (entries: Record<string, readonly string[]>): Map<string, string> => {
  const map = new Map<string, string>();
  for (const [category, names] of Object.entries(entries)) {
    for (const name of [category, ...names]) map.set(labelKey(name), category);
  }
  return map;
};

const SEX_ALIASES = aliases({
  Male: ["m", "man", "men", "masculine", "cis male", "cis man"],
  Female: ["f", "woman", "women", "feminine", "cis female", "cis woman"],
});

const RACE_ALIASES = aliases({
  "Hispanic or Latino": ["hispanic", "latino", "latina", "latinx", "latine", "hispanic latina", "hispanic latinx", "h", "hl"],
  White: ["w", "caucasian", "white caucasian", "white not hispanic latino"],
  "Black or African American": ["black", "african american", "b", "aa", "baa", "black not hispanic latino"],
  "Native Hawaiian or Pacific Islander": [
    "native hawaiian",
    "pacific islander",
    "native hawaiian other pacific islander",
    "nhpi",
    "nhopi",
    "nh pi",
  ],
  Asian: ["a", "asian american", "asian not hispanic latino"],
  "Native American or Alaska Native": [
    "american indian",
    "native american",
    "alaska native",
    "alaskan native",
    "american indian alaska native",
    "american indian alaskan native",
    "native american alaskan native",
    "aian",
    "ai an",
  ],
  "Two or More Races": ["two more", "2 more races", "2 more", "2+", "2+ races", "multiracial", "multi racial", "mixed", "mixed race", "tmr"],
});

/** Answers that say nothing about the person: counted as missing data, never as a category. */
const MISSING = new Set(
  [
    "",
    "unknown",
    "decline",
    "declined",
    "decline to answer",
    "declined to answer",
    "decline to self identify",
    "declined to self identify",
    "decline to state",
    "i do not wish to answer",
    "i don't wish to answer",
    "prefer not to say",
    "prefer not to answer",
    "not specified",
    "not disclosed",
    "undisclosed",
    "not provided",
    "no answer",
    "none",
    "n/a",
    "na",
    "null",
    "-",
    "?",
  ].map(labelKey),
);

/** Collapses runs of white space, so "Non  binary " and "Non binary" become one category. */
const tidy = (label: string) => label.normalize("NFKC").trim().replace(/\s+/g, " ");

function classify(label: string | undefined, known: Map<string, string>): Classified {
  if (label === undefined) return { kind: "missing" };
  const key = labelKey(label);
  if (MISSING.has(key)) return { kind: "missing" };
  const standard = known.get(key);
  if (standard) return { kind: "category", category: standard, standard: true };
  return { kind: "category", category: tidy(label), standard: false };
}

export const classifySex = (label: string | undefined): Classified => classify(label, SEX_ALIASES);
export const classifyRaceEthnicity = (label: string | undefined): Classified => classify(label, RACE_ALIASES);

/**
 * The key under which non-standard answers are grouped: the same words in any case or spacing are one category.
 * Standard categories are their own key.
 */
export const groupKey = (category: string) => labelKey(category) || category.toLowerCase();
