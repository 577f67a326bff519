import { sentenceHolding } from "../text/document.ts";
import type { JobSection, ResumeSection } from "../text/headings.ts";
import type { Evidence, Strength, YearsRequirement } from "../types.ts";
import { evidenceAt } from "./evidence.ts";
import { requirementStrength } from "./requirements.ts";
import type { Scan } from "./scan.ts";

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  thirty: 30,
};
const NUM_SRC = `(\\d{1,2}(?:\\.\\d)?|${Object.keys(NUMBER_WORDS).join("|")})`;
const YEARS_SRC = "(?:years?|yrs?)";
const MAX_YEARS = 40;

/** A count written in figures or in words ("3", "three"). */
export const toNumber = (s: string): number => NUMBER_WORDS[s.toLowerCase()] ?? Number(s);

// "5+ years", "at least three years", "3–5 years", "minimum of 4 yrs", "10 years of experience".
const JOB_YEARS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(at least|minimum(?: of)?|min\\.?|over|more than|no less than|a minimum of)\\s+)?` +
    `${NUM_SRC}\\s*(\\+|plus)?\\s*(?:(?:-|–|—|to)\\s*${NUM_SRC}\\s*\\+?\\s*)?${YEARS_SRC}(?![\\p{L}])`,
  "giu",
);
const EXPERIENCE_WORD = /\bexperience[ds]?\b/iu;
// A deadline or a period of the job, not experience: "complete a BSN within five years of hire", "eligible for the
// bonus after 2 years", "certified in the first 3 years of employment", "renewed every 2 years".
// A look-back window is no experience either: "no moving violations in the last three years", "no DUI within the past
// five years", "employed by us during the previous 2 years".
// Read before the figure and its spaces (deadlineBefore); "within the preceding" is the longest.
const DEADLINE_WORDS = /\b(?:within|after|every|(?:in|during) the (?:first|next)|(?:in|during|over|within) the (?:last|past|previous|prior|preceding))$/iu;
const DEADLINE_WINDOW = 32;

/**
 * Whether the deadline words and then spaces end `text.slice(0, end)`, as /\b(?:within|…)\s+$/iu would tell, without
 * testing the whole start of the line for every figure (an end anchor does not spare the regex a scan: a
 * 100,000-character line of figures took 5 s): the spaces before `end`, then the deadline words right before them,
 * read in a window that also holds the character before the words.
 */
function deadlineBefore(text: string, end: number): boolean {
  let j = end;
  while (j > 0 && /\s/u.test(text[j - 1]!)) j -= 1;
  return j < end && DEADLINE_WORDS.test(text.slice(Math.max(0, j - DEADLINE_WINDOW), j));
}
const DEADLINE_AFTER = /^\s+(?:of|after|from)\s+(?:your\s+|the\s+)?(?:hire|hiring|joining|start(?:ing)?(?:\s+date)?)(?![\p{L}-])/iu;
// An age, not experience: "at least 21 years of age", "18+ years old", "must be 18 years or older".
const AGE_AFTER = /^\s*(?:of\s+age|old|or\s+older)(?![\p{L}-])/iu;

// "internships don't count towards this", "co-ops do not count", "excluding internships", "not including student work".
// Only a statement about counting towards the figure: "internships that do not count toward credit" is about credit.
const TRAINING_SRC = String.raw`(?:internships?|interns|co-?ops?|co-?op terms?|student (?:jobs?|work|employment)|practicums?)`;
const NOT_COUNTED = String.raw`(?:do(?:es)?n['’]t|do(?:es)?\s+not|will\s+not|won['’]t|cannot|can['’]t|are\s+not|aren['’]t|is\s+not|isn['’]t)\s+(?:be\s+)?count(?:ed)?`;
const COUNT_TOWARDS = String.raw`(?:\s+(?:towards?|to|for)\s+(?:this|these|that|it|them|the\s+(?:\p{L}+\s+)?(?:years?|requirement|total|minimum)|(?:your\s+)?(?:years?|experience)))?`;
const TRAINING_EXCLUDED = new RegExp(
  String.raw`\b${TRAINING_SRC}\b[^.;]{0,30}?\b${NOT_COUNTED}${COUNT_TOWARDS}(?=\s*(?:[.,;:)!]|$|(?:but|and)\b))` +
    String.raw`|\b(?:excluding|not\s+including|exclusive\s+of)\s+(?:\p{L}+\s+)?${TRAINING_SRC}\b`,
  "iu",
);

// "internships count too", "co-op terms count towards this", "including internships", "internships are considered":
// the posting counts student work towards its figure. No negation between ("interns, who do not count hours").
const TRAINING_COUNTED = new RegExp(
  String.raw`\b${TRAINING_SRC}\b(?:(?!\bnot\b|n['’]t\b|\bnever\b)[^.;]){0,30}?\b(?:count(?:s|ed)?|are\s+(?:included|considered|accepted)|qualify)\b` +
    String.raw`|\b(?:including|incl\.)\s+(?:\p{L}+\s+)?${TRAINING_SRC}\b`,
  "iu",
);

// "two years of recent RN experience", "2+ years' recent acute care experience", "3 years recent experience": the
// years must be recent ones. Read right after the figure (its own words), at most one word between ("relevant and
// recent", "relevant, recent"), and only of experience: "2 years; recent graduates welcome", "5 years of recent
// versions of Java" and "2 years, not recent" ask for no recent years.
const RECENT_YEARS_ASKED = /^['’]?\s+(?:of\s+)?(?!not\b)(?:[\p{L}-]+,?\s+(?:and\s+)?)?recent\s+(?:[\p{L}\/-]+\s+){0,3}experience\b/iu;

// Another way to meet the figure, in its own words: "2 years of experience required or equivalent education", "or
// an associate degree in a related field", "or a paralegal certificate", "4 years of experience in lieu of a degree",
// "an equivalent combination of education and experience", "2+ years (or 1 year with a bachelor's degree)". Read up
// to the end of the figure's clause. Bounded: at most three words between "or" and the credential.
const SUBSTITUTE_AFTER =
  /\bor\s+(?:an?\s+|the\s+|any\s+)?(?:equivalent|equivalency|comparable|(?:[\p{L}'’-]+\s+){0,3}(?:degree|diploma|certificate|certification|education|training\s+program(?:me)?))\b|\bin\s+lieu\b|\bequivalent\s+combination\b|\bor\s*$/iu;
// The figure as the other way to meet a credential, right before it: "Bachelor's degree or 4 years of experience",
// "associate degree or equivalent, or two years of". Read in a window before the figure, not the whole line.
const SUBSTITUTE_BEFORE = /\b(?:degree|diploma|certificate|certification|education|equivalent)\b[^.;]{0,24}\bor\s+(?:(?:at\s+least|a\s+minimum\s+of|minimum(?:\s+of)?)\s+)?$/iu;
const SUBSTITUTE_WINDOW = 60;
// The posting welcomes candidates with no years yet: "new grads welcome", "recent graduates are encouraged to apply",
// "will consider recent CDL school graduates", not "new grads are not considered" nor "we do not accept new grads". Then
// no figure of it is a bar, whatever its wording.
const GRADUATES_WELCOME = new RegExp(
  String.raw`\b(?:new|recent)\s+(?:[\p{L}-]+\s+){0,2}?grad(?:uate)?s\b(?:(?!\bnot\b|n['’]t\b|\bno\b)[^.;\n]){0,30}?\b(?:welcome[ds]?|encouraged|considered|may\s+apply|are\s+eligible|accepted)\b` +
    String.raw`|(?<!(?:\bnot|\bnever|n['’]t)\s+)\b(?:welcome|encourage|consider|accept)s?\s+(?:applications\s+from\s+)?(?:new|recent)\s+(?:[\p{L}-]+\s+){0,2}?grad(?:uate)?s\b`,
  "iu",
);

/**
 * Minimum years of experience a posting asks for. A figure counts when it is phrased as a minimum ("5+", "at least",
 * a range), when its sentence mentions experience, or when it sits in a requirements section; company history ("for
 * 20 years we have…") therefore does not count, nor does a deadline ("a BSN within five years of hire"). The largest
 * must-have figure wins ("5+ years overall, 2+ with Go" → 5); without one, the largest nice-to-have figure. The
 * requirement excludes training when the winning figure is itself stated with internships left out, after it and
 * before the next figure on its line ("2+ years … (internships don't count towards this)", "excluding co-ops"): "5+
 * years overall; 2 years of SQL (internships don't count)" leaves the 5 years as they are. It asks for recent years
 * when the figure's own words say so ("two years of recent RN experience"). It is waivable when its own clause offers
 * another way to meet it ("or equivalent education", "or an associate degree") or the posting welcomes new graduates.
 */
export function extractJobYears(scan: Scan<JobSection>): YearsRequirement | null {
  const best: Partial<Record<Strength, { years: number; excludesTraining: boolean; includesTraining: boolean; recent: boolean; substitutable: boolean }>> = {};
  for (const line of scan.doc.lines) {
    if (line.heading) continue;
    const figures = [...line.text.matchAll(JOB_YEARS)];
    for (const [i, m] of figures.entries()) {
      const years = toNumber(m[2]!);
      if (!(years > 0 && years <= MAX_YEARS)) continue;
      const start = line.start + m.index;
      const end = start + m[0].length;
      const sentence = scan.doc.text.slice(...sentenceBounds(line, start));
      const after = line.text.slice(m.index + m[0].length);
      if (deadlineBefore(line.text, m.index) || DEADLINE_AFTER.test(after) || AGE_AFTER.test(after)) continue;
      const phrasedAsMinimum = Boolean(m[1] || m[3] || m[4]);
      const inRequirements = line.section === "requirements" || line.section === "preferred";
      if (!phrasedAsMinimum && !inRequirements && !EXPERIENCE_WORD.test(sentence)) continue;
      const strength = requirementStrength(scan, line, start, end, { about: null, ownClause: true });
      if (!strength) continue;
      const known = best[strength];
      if (known && known.years > years) continue;
      // The figure's own words: up to the next figure on the line.
      const own = line.text.slice(m.index + m[0].length, figures[i + 1]?.index ?? line.text.length);
      const excludesTraining = TRAINING_EXCLUDED.test(own);
      const includesTraining = !excludesTraining && TRAINING_COUNTED.test(own);
      // The same figure written twice is one requirement: left out by either statement.
      const recent = RECENT_YEARS_ASKED.test(own);
      const clause = own.split(/[.;]/u)[0]!;
      const substitutable =
        SUBSTITUTE_AFTER.test(clause) || SUBSTITUTE_BEFORE.test(line.text.slice(Math.max(0, m.index - SUBSTITUTE_WINDOW), m.index));
      best[strength] = {
        years,
        excludesTraining: excludesTraining || (known?.years === years && known.excludesTraining),
        includesTraining: includesTraining || (known?.years === years && known.includesTraining),
        recent: recent || (known?.years === years && known.recent),
        substitutable: substitutable || (known?.years === years && known.substitutable),
      };
    }
  }
  const welcome = best.must !== undefined && GRADUATES_WELCOME.test(scan.doc.text);
  const of = (strength: Strength): YearsRequirement | null => {
    const found = best[strength];
    if (!found) return null;
    return {
      years: found.years,
      strength,
      ...(found.excludesTraining ? { excludesTraining: true } : found.includesTraining ? { includesTraining: true } : {}),
      ...(found.recent ? { recent: true } : {}),
      ...(found.substitutable || welcome ? { waivable: true } : {}),
    };
  };
  return of("must") ?? of("nice");
}

const sentenceBounds = (line: { start: number; end: number; sentences: [number, number][] }, pos: number): [number, number] =>
  sentenceHolding(line, pos, pos + 1) ?? [line.start, line.end];

// "8 years of experience", "12+ years of professional experience", "over 10 years in software", "5+ yrs", "Over 12
// years as an ICU nurse" (years in a role).
const STATED_YEARS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(?:over|more than|nearly|almost|about|around)\\s+)?${NUM_SRC}\\s*(\\+|plus)?\\s*${YEARS_SRC}['’]?` +
    `(?:\\s+(?:of\\s+)?(?:[\\p{L}-]+\\s+){0,3}?(experience)|\\s+(as\\s+an?)\\s+(?!volunteer)\\p{L})?`,
  "giu",
);

/** The largest "N years of experience" statement of a candidate text (education lines excluded). */
export function extractStatedYears(
  scan: Scan<ResumeSection>,
  excludedLines: ReadonlySet<number>,
): { years: number; evidence: Evidence } | null {
  let best: { years: number; evidence: Evidence } | null = null;
  for (const line of scan.doc.lines) {
    if (line.heading || excludedLines.has(line.index) || line.section === "education") continue;
    for (const m of line.text.matchAll(STATED_YEARS)) {
      // Without "+" or the word "experience" the figure may be anything ("a 3 years project").
      if (!m[2] && !m[3] && !m[4]) continue;
      const years = toNumber(m[1]!);
      if (!(years > 0 && years <= MAX_YEARS) || (best && best.years >= years)) continue;
      const start = line.start + m.index;
      best = { years, evidence: evidenceAt(scan.doc.text, line, start, start + m[0].length, 0.7) };
    }
  }
  return best;
}
