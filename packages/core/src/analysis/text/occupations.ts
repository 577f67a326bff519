/**
 * Job words with a gendered ending: foreman/forewoman, chairman/chairwoman, salesman/saleswoman,
 * craftsman/craftswoman, spokesman/spokeswoman, businessman/businesswoman, journeyman/journeywoman,
 * lineman/linewoman, draftsman/draftswoman (and draughts-), tradesman/tradeswoman, repairman/repairwoman,
 * councilman/councilwoman (and their plurals). Blind scoring
 * (docs/fairness.md) must not read the gender, but the words name an occupation a posting may ask for ("Foreman or
 * lead experience") and a résumé may hold ("General Foreman, 2016 – 2022").
 *
 * How they are read, and why this way:
 * - The redactor (redact.ts) masks only the gendered ending ("man", "woman", "men", "women") and keeps the neutral
 *   stem as written: "Forewoman" and "Foreman" both leave "Fore" followed by MASK. The letters kept are the
 *   original's own letters at their own offsets, so every guarantee of redaction stands unchanged: offsets and line
 *   breaks kept, an unmasked stretch is a verbatim quote, and no quote can contain the gendered word (its ending is
 *   masked; quotable also drops the stem cut off by the mask, so a quote never ends in "Fore").
 *   Writing a neutral word into the masked span instead ("Foreperson") does not fit: the neutral words are longer
 *   than the gendered ones, and a written-in word would no longer be a quote of the original.
 * - Every document's tokens (document.ts) then read both the stem before MASK and the gendered words themselves
 *   (postings are not redacted) as one neutral word, `foreperson`, `chair`, `salesperson`…: a posting's "foreman"
 *   meets a résumé's "forewoman", and both meet the catalogue's neutral aliases (Foreperson, General Foreperson,
 *   Car Salesperson). Only token-based reading (catalogue titles and skills, duties, vocabulary) sees the neutral
 *   word; the text itself keeps the stem and the mask.
 */
import { MASK } from "./mask.ts";

/** Stem shared by both gendered forms → the neutral word read for it (lower case). */
const NEUTRAL: Readonly<Record<string, string>> = {
  fore: "foreperson",
  chair: "chair",
  sales: "salesperson",
  crafts: "craftsperson",
  spokes: "spokesperson",
  business: "businessperson",
  journey: "journeyperson",
  line: "lineworker",
  drafts: "draftsperson",
  draughts: "draughtsperson",
  trades: "tradesperson",
  repair: "repairer",
  council: "councilperson",
};

const STEMS = Object.keys(NEUTRAL).join("|");

/**
 * A gendered job word as a whole word, in any case: group 1 is the neutral stem kept, the rest (the gendered ending)
 * is masked. A slash or hyphen bounds it too: "Foreman/Superintendent", "Salesman-of-the-Year".
 */
export const GENDERED_OCCUPATION = new RegExp(`(?<![\\p{L}\\p{N}])(${STEMS})(?:wo)?m[ae]n(?![\\p{L}\\p{N}])`, "giu");

// A token (lower case) that is a gendered or neutral form of one of the words: "forewomen", "chairperson".
const ANY_FORM = new RegExp(`^(${STEMS})(?:(?:wo)?m[ae]n|persons?|people)$`, "u");

/**
 * The neutral word a token stands for, or null when it is none of these words: a stem directly followed by MASK (a
 * redacted "Foreman" or "Forewoman"), or a gendered or neutral form written out ("foremen", "Chairperson").
 * `norm` is the token's lower-cased form, `next` the character right after it in the text.
 */
export function occupationalReading(norm: string, next: string | undefined): string | null {
  // Own keys only: "constructor" before a mask must not read Object's constructor.
  if (next === MASK) return Object.hasOwn(NEUTRAL, norm) ? NEUTRAL[norm]! : null;
  const stem = norm.length >= 7 ? ANY_FORM.exec(norm)?.[1] : undefined;
  return stem === undefined ? null : NEUTRAL[stem]!;
}

/** `word` (lower case) in the letter case of `like`: "FORE" → "FOREPERSON", "Fore" → "Foreperson". */
function inCaseOf(like: string, word: string): string {
  if (like.length > 1 && like === like.toUpperCase()) return word.toUpperCase();
  return /^\p{Lu}/u.test(like) ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/**
 * A token's word as shown (the evidence words of a duty): its neutral word when it was read as one (the stem before
 * a mask is no word to show), else as written.
 */
export const shownWord = (token: { raw: string; norm: string }): string =>
  token.norm === token.raw.toLowerCase() ? token.raw : inCaseOf(token.raw, token.norm);

const STEM_BEFORE_MASK = new RegExp(`(\\p{L}+)${MASK}+`, "gu");

/**
 * A phrase as it is shown (a skill's words in an explanation): each stem cut off by the mask completed to its neutral
 * word, the mask gone, so that "Journey" + MASK + " license" reads "Journeyperson license" and the mask's length
 * (three letters or five) tells nothing.
 */
export function shownPhrase(surface: string): string {
  if (!surface.includes(MASK)) return surface;
  return surface.replace(STEM_BEFORE_MASK, (run: string, stem: string) =>
    Object.hasOwn(NEUTRAL, stem.toLowerCase()) ? inCaseOf(stem, NEUTRAL[stem.toLowerCase()]!) : run,
  );
}

/**
 * A title as it is shown: a stem cut off by the mask is completed to its neutral word, in the case it is written
 * in ("General Fore" before MASK → "General Foreperson"). `end` is the title's end in `text`.
 */
export function shownTitle(text: string, start: number, end: number): string {
  const written = text.slice(start, end);
  if (text[end] !== MASK) return written;
  const stem = /\p{L}+$/u.exec(written)?.[0] ?? "";
  const neutral = NEUTRAL[stem.toLowerCase()];
  if (!neutral) return written;
  return written.slice(0, written.length - stem.length) + inCaseOf(stem, neutral);
}

/**
 * A catalogue name as it is shown for a candidate: a gendered job word in it in its neutral form, in the case it is
 * written in ("Foreman" → "Foreperson", "Journeyman Lineman" → "Journeyperson Lineworker"), so that a report reads
 * alike whoever the candidate is.
 */
export const neutralName = (name: string): string =>
  name.replace(GENDERED_OCCUPATION, (word: string, stem: string) => inCaseOf(stem, NEUTRAL[stem.toLowerCase()]!));
