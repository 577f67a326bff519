/**
 * Blind scoring (docs/fairness.md): protected content of a candidate text is overwritten with MASK before any
 * extractor reads it (redact.ts).
 *
 * MASK is whitespace to every pattern of the engine (tokens, sentence ends, snippet trimming) and practically never
 * occurs in real text; where it does, the only effect is a shorter quote (see quotable), never a leak.
 */
export const MASK = "\u2000";
