/** `s` as a literal in a regular expression: every character with a meaning there is escaped. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
