import type { LexiconPattern } from "./education.ts";

export type NamedKind = "trait" | "interest" | "value";

/** A lexicon entry with a display name: what the posting asks for and what the candidate shows are compared by id. */
export interface NamedEntry {
  kind: NamedKind;
  id: string;
  name: string;
}

/** name → extra phrases ("a|b|c"); the name itself is always a phrase. */
export type NamedSpec = Record<string, string>;

export function namedPatterns(kind: NamedKind, spec: NamedSpec): LexiconPattern<NamedEntry>[] {
  return Object.entries(spec).flatMap(([name, phrases]) => {
    const value: NamedEntry = { kind, id: `${kind}:${name.toLowerCase()}`, name };
    return [...new Set([name, ...phrases.split("|").filter(Boolean)])].map((phrase) => ({ phrase, value }));
  });
}
