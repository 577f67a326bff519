/**
 * Letter-spaced text ("J A R E D  S M I T H"): headings and names set with wide tracking come out of pdf.js
 * with a space between every letter, because the tracking is wider than its space threshold.
 */

// A token of one letter, or two for kerned pairs such as "JA", "AV", "Te" that pdf.js keeps together.
const SHORT_TOKEN = /^\p{L}{1,2}$/u;
const SINGLE_LETTER = /^\p{L}$/u;

/**
 * Rejoins letter-spaced runs in a line. Inside a run a single space separates letters and two or more
 * spaces separate words (layoutPage's joinFragments marks wider gaps that way). A run needs at least three
 * tokens, three quarters of them single letters, so that ordinary short words ("a", "is", "C") stay apart.
 */
export function collapseLetterSpacing(line: string): string {
  if (!/(?:^|\s)\p{L}{1,2} \p{L}{1,2} \p{L}{1,2}(?:\s|$)/u.test(line)) return line;
  const parts = line.split(/( +)/);
  const out: string[] = [];
  let i = 0;
  while (i < parts.length) {
    const end = runEnd(parts, i);
    if (end > i) {
      out.push(joinRun(parts.slice(i, end + 1)));
      i = end + 1;
    } else {
      out.push(parts[i]!);
      i++;
    }
  }
  return out.join("");
}

/** Index of the last word part of a letter-spaced run starting at word part i, or i when there is none. */
function runEnd(parts: string[], i: number): number {
  if (i % 2 !== 0 || !SHORT_TOKEN.test(parts[i]!)) return i;
  let end = i;
  while (end + 2 < parts.length && SHORT_TOKEN.test(parts[end + 2]!)) end += 2;
  const tokens = parts.slice(i, end + 1).filter((_, k) => k % 2 === 0);
  const singles = tokens.filter((token) => SINGLE_LETTER.test(token)).length;
  // Some separator inside the run must be a single space, or these are just short words set apart.
  const hasLetterGap = parts.slice(i, end + 1).some((part, k) => k % 2 === 1 && part === " ");
  return tokens.length >= 3 && singles >= 0.75 * tokens.length && hasLetterGap ? end : i;
}

function joinRun(parts: string[]): string {
  return parts.map((part, k) => (k % 2 === 0 ? part : part.length > 1 ? " " : "")).join("");
}

/** True for a pdf.js item whose word gaps were lost: letter-spaced with single spaces only. */
export function isAmbiguousLetterSpacing(text: string): boolean {
  const trimmed = text.trim();
  if (/ {2}/.test(trimmed)) return false;
  const tokens = trimmed.split(" ");
  if (tokens.length < 4 || !tokens.every((token) => SHORT_TOKEN.test(token))) return false;
  return tokens.filter((token) => SINGLE_LETTER.test(token)).length >= 0.75 * tokens.length;
}
