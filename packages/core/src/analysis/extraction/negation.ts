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

export function isNegated(text: string, hit: Hit<unknown, string>): boolean {
  const [from] = sentenceHolding(hit.line, hit.start, hit.start + 1) ?? [hit.line.start];
  const before = text.slice(Math.max(from, hit.start - LOOK_BACK), hit.start);
  return NEGATED_TAIL.test(before) && !NOT_ONLY.test(before) && !FAULT_AFTER.test(text.slice(hit.end, hit.end + LOOK_AHEAD));
}

/** The scan without its negated skill mentions: a candidate who writes "no Java" does not have Java. */
export function withoutNegatedSkills<K extends string>(scan: Scan<K>): Scan<K> {
  const skills = scan.skills.filter((hit) => !isNegated(scan.doc.text, hit));
  return skills.length === scan.skills.length ? scan : { ...scan, skills };
}
