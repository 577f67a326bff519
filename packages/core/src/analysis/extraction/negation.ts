import { sentenceHolding } from "../text/document.ts";
import type { Hit, Scan } from "./scan.ts";

/**
 * A negation word at most three words before a mention, in the same sentence: "no experience with Java", "never
 * used Kubernetes", "Java, not Python", "without SAP". "Not only X" is an affirmation and is left alone, and so is a
 * negated fault of the skill ("no HOS violations": the candidate keeps to the rules).
 */
const NEGATED_TAIL = /(?<![\p{L}\p{N}])(?:no|not|never|without|lacks?|lacking|none)\s+(?:[\p{L}\p{N}/+#.'’-]+,?\s+){0,3}$/iu;
const NOT_ONLY = /\bnot\s+only\s+(?:[\p{L}\p{N}/+#.'’-]+\s+){0,2}$/iu;
const LOOK_BACK = 60;
// A negated fault of the skill, not of the skill itself: "no HOS violations", "no HIPAA breaches", "without OSHA
// recordables". Only a fault noun right after the mention (at most one word between: "no HOS log violations") lifts
// the negation; "no Java, errors in Python" and "no SAP; findings were…" keep it (the punctuation ends the phrase).
// The fault noun must end the phrase: as the first word of a compound ("incident management", "error handling",
// "breach response experience") it names work the candidate says they lack, and the negation stands.
const FAULT_AFTER =
  /^[\s-]+(?:[\p{L}\p{N}]+\s+)?(?:violations?|viols?|infractions?|citations?|findings?|deficienc(?:y|ies)|incidents?|errors?|breach(?:es)?|recordables?|write-?ups?|penalt(?:y|ies)|fines?|complaints?)(?![\p{L}])(?![\s-]+(?:management|response|handling|reporting|tracking|logging|resolution|analysis|investigations?|prevention|detection|monitoring|triage|review|command|notification|remediation|experience|knowledge|skills?|exposure|background|training)(?![\p{L}]))/iu;
const LOOK_AHEAD = 64;

// A negation carries over a list that offers no choice but "or"/"nor": "Have not used cloud services, containers or
// Go professionally", "I have not yet used Power BI, Tableau or a modern cloud data warehouse", "No client contact,
// filing or case-management duties". The negation, at most three words, then items of at most four words each
// joined by commas, "or" or "nor", up to the mention; the list must have its "or" before the mention or right after
// its item. An "and" ends the list: "no HOS violations, Samsara ELD and hazmat" negates the violations only.
const WORD = String.raw`[\p{L}\p{N}/+#.'’-]+`;
const ITEM = String.raw`${WORD}(?:\s+${WORD}){0,3}`;
const NEGATED_LIST_TAIL = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:no|not|never|without|nor)\s+(?:${WORD}\s+){0,3}?(?:${ITEM}\s*(?:,\s*|,?\s+(?:or|nor)\s+))+(?:${WORD}\s+){0,3}$`,
  "iu",
);
const OR_BEFORE = /(?:,?\s+(?:or|nor)\s+)(?:[^,;:.()]*)$/iu;
const OR_AFTER = /^(?:\s+[\p{L}\p{N}/+#.'’-]+){0,3}\s*,?\s+(?:or|nor)\s/iu;
const LIST_LOOK_BACK = 140;

function inNegatedList(text: string, from: number, hit: Hit<unknown, string>): boolean {
  const before = text.slice(Math.max(from, hit.start - LIST_LOOK_BACK), hit.start);
  // Cheap tests first: a list needs a comma or an "or", and a negation word somewhere before.
  if (!/,|\bn?or\b/iu.test(before) || !/\b(?:no|not|never|without|nor)\b/iu.test(before)) return false;
  const m = NEGATED_LIST_TAIL.exec(before);
  if (!m || NOT_ONLY.test(before)) return false;
  const list = m[0];
  return OR_BEFORE.test(list) || OR_AFTER.test(text.slice(hit.end, Math.min(hit.line.end, hit.end + LOOK_AHEAD)));
}

export function isNegated(text: string, hit: Hit<unknown, string>): boolean {
  const [from] = sentenceHolding(hit.line, hit.start, hit.start + 1) ?? [hit.line.start];
  const before = text.slice(Math.max(from, hit.start - LOOK_BACK), hit.start);
  if (FAULT_AFTER.test(text.slice(hit.end, hit.end + LOOK_AHEAD))) return false;
  return (NEGATED_TAIL.test(before) && !NOT_ONLY.test(before)) || inNegatedList(text, from, hit);
}

/** The scan without its negated skill mentions: a candidate who writes "no Java" does not have Java. */
export function withoutNegatedSkills<K extends string>(scan: Scan<K>): Scan<K> {
  const skills = scan.skills.filter((hit) => !isNegated(scan.doc.text, hit));
  return skills.length === scan.skills.length ? scan : { ...scan, skills };
}
