/**
 * Tokenisation shared by every dictionary lookup (skills, titles, lexicons), so that patterns and texts are cut the
 * same way. Tokens keep the symbols that make technical names distinct ("c++", "c#", ".net", "node.js") and are
 * otherwise runs of letters and digits: matching whole tokens is what gives word-boundary matching ("platform" never
 * yields "tform").
 */
export interface Token {
  /** Surface form as written. */
  raw: string;
  /** Lower-cased, accent-preserving form used for case-insensitive lookups. */
  norm: string;
  start: number;
  end: number;
}

const TOKEN = /(?:\.(?=\p{L}))?[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)*(?:\+\+|\+|#)?/gu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0];
    const start = m.index;
    tokens.push({ raw, norm: raw.toLowerCase(), start, end: start + raw.length });
  }
  return tokens;
}

/** Lower-cased tokens joined by single spaces: the key under which a phrase is looked up. */
export const phraseKey = (text: string): string =>
  tokenize(text)
    .map((t) => t.norm)
    .join(" ");

/** Exact-case variant of phraseKey, for entries that must match their letter case. */
export const rawPhraseKey = (text: string): string =>
  tokenize(text)
    .map((t) => t.raw)
    .join(" ");
