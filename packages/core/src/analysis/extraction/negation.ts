import { partitionPoint } from "../../partition-point.ts";
import { sentenceHolding } from "../text/document.ts";
import type { Hit, Scan } from "./scan.ts";

/** A word as the negation rules read it: letters, digits and the marks inside skill names ("C++", "C#", "Node.js"). */
const WORD = String.raw`[\p{L}\p{N}/+#.'’-]+`;

/**
 * A negation word at most three words before a mention, in the same sentence and the same comma-separated item: "no
 * experience with Java", "never used Kubernetes", "Java, not Python", "without SAP". A comma ends the negated phrase
 * ("without layoffs, using Excel", "with no downtime, Python and Airflow jobs" keep their skills); a list the negation
 * heads is read by the list rule below ("No Jira, Confluence or Trello"). "Not only X" is an affirmation and is left
 * alone, and so is a negated fault of the skill ("no HOS violations": the candidate keeps to the rules).
 */
const NEGATED_TAIL = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:no|not|never|without|lacks?|lacking|none)\s+(?:${WORD}\s+){0,3}$`, "iu");
const NOT_ONLY = new RegExp(String.raw`\bnot\s+only\s+(?:${WORD}\s+){0,2}$`, "iu");
const LOOK_BACK = 60;
// A negated fault of the skill, not of the skill itself: "no HOS violations", "no HIPAA breaches", "without OSHA
// recordables". Only a fault noun right after the mention (at most one word between: "no HOS log violations") lifts
// the negation; "no Java, errors in Python" and "no SAP; findings were…" keep it (the punctuation ends the phrase).
// The fault noun must end the phrase: as the first word of a compound ("incident management", "error handling",
// "breach response experience") it names work the candidate says they lack, and the negation stands.
const FAULT_AFTER =
  /^[\s-]+(?:[\p{L}\p{N}]+\s+)?(?:violations?|viols?|infractions?|citations?|findings?|deficienc(?:y|ies)|incidents?|errors?|breach(?:es)?|recordables?|write-?ups?|penalt(?:y|ies)|fines?|complaints?)(?![\p{L}])(?![\s-]+(?:management|response|handling|reporting|tracking|logging|resolution|analysis|investigations?|prevention|detection|monitoring|triage|review|command|notification|remediation|experience|knowledge|skills?|exposure|background|training)(?![\p{L}]))/iu;
const LOOK_AHEAD = 64;

// A negation carries over a list that offers no choice but "or"/"nor" when the negated phrase IS the list: "Have not
// used cloud services, containers or Go professionally", "No Java, Docker or Kubernetes work", "I have not yet used
// Kubernetes, Docker or a managed Amazon Web Services account". Read by walking back from the mention, token by token
// (linear, no regex backtracking): items joined by ",", "or", "nor", up to a negation word. The list ends at "and",
// "but", "also", "using", "with", a verb, or any other mark ("Not a manager, but led Python, Go or Java teams",
// "Reduced costs without layoffs, using Excel, SQL or Tableau", "Never missed a release date, shipped Python, Go or
// Docker services"). The negated phrase's first words may be a verb of use ("not used", "no experience with", "without
// using"): then its items may be any short noun phrases. Otherwise every item is a skill named within one word
// ("No Java, Docker or Kubernetes"), so "with no escalation, SQL, Excel or Tableau reporting" and "Never late, drove
// forklifts, reach trucks or pallet jacks" keep their skills. The list needs its "or" before the mention or right
// after its item.
const LIST_TOKEN = new RegExp(String.raw`${WORD}|,|\S`, "gu");
const LIST_NEGATION = /^(?:no|not|never|without|neither)$/iu;
const LIST_SEPARATOR = /^(?:,|or|nor)$/iu;
const LIST_END =
  /^(?:and|but|also|using|with|only|is|are|was|were|be|been|has|have|had|do|does|did|led|ran|drove|built|wrote|made|took|gave|kept|sold|taught|brought|bought|held|won|began|oversaw|got|went|met|set|put|.{2,}ed|.{2,}ing)$/iu;
const USE_LEAD = /^(?:experience|exposure|knowledge|background|familiarity|used|use|using|worked|work|working|touched|programmed|coded|operated|administered|deployed|run|ran|familiar|with)$/iu;
const ITEM_WORDS = 4;
const LEAD_WORDS = 3;
const OR_AFTER = new RegExp(String.raw`^(?:\s+${WORD}){0,3}\s*,?\s+(?:or|nor)\s`, "iu");
const LIST_LOOK_BACK = 140;

interface ListToken {
  text: string;
  /** Whether a skill mention covers the token. */
  skill: boolean;
}

/** The tokens of text[from, to), each marked when one of the skill mentions (sorted by start) covers it. */
function listTokens(text: string, from: number, to: number, skills: readonly Hit<unknown, string>[]): ListToken[] {
  // A mention that starts before `from` may reach into the window: begin a few mentions earlier.
  const covering = skills.slice(Math.max(0, partitionPoint(skills, (h) => h.start < from) - 4), partitionPoint(skills, (h) => h.start < to));
  const tokens: ListToken[] = [];
  LIST_TOKEN.lastIndex = 0;
  const window = text.slice(from, to);
  for (let m = LIST_TOKEN.exec(window); m !== null; m = LIST_TOKEN.exec(window)) {
    const start = from + m.index;
    const end = start + m[0].length;
    tokens.push({ text: m[0], skill: covering.some((h) => h.start < end && start < h.end) });
  }
  return tokens;
}

/**
 * Whether the words of one item (in reading order) are a short noun phrase that the list may hold: no word ends the
 * list, but for a participle after an article ("a managed Amazon Web Services account").
 */
function plainItem(words: readonly ListToken[]): boolean {
  return (
    words.length <= ITEM_WORDS &&
    words.every((w, i) => w.skill || !LIST_END.test(w.text) || (i > 0 && /^(?:a|an|the)$/iu.test(words[i - 1]!.text) && /ed$/iu.test(w.text)))
  );
}

/** Whether the item is a skill named within one word: "Java", "Java work", "a Java". */
function skillItem(words: readonly ListToken[]): boolean {
  return words.some((w) => w.skill) && words.filter((w) => !w.skill).length <= 1 && plainItem(words);
}

function inNegatedList(text: string, from: number, hit: Hit<unknown, string>, skills: readonly Hit<unknown, string>[]): boolean {
  const start = Math.max(from, hit.start - LIST_LOOK_BACK);
  const before = text.slice(start, hit.start);
  // Cheap tests first: a list needs a comma or an "or", and a negation word somewhere before.
  if (!/,|\bn?or\b/iu.test(before) || !/\b(?:no|not|never|without|neither)\b/iu.test(before)) return false;
  if (NOT_ONLY.test(before)) return false;
  const tokens = listTokens(text, start, hit.start, skills);
  // Items read back from the mention; items[0] holds the words just before the mention in its own item.
  const items: ListToken[][] = [[]];
  let orBefore = false;
  // Whether a separator stands right before the mention: "No Jira, Confluence or Trello" read from "Confluence".
  let separatorFirst = false;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (!token.skill && LIST_NEGATION.test(token.text)) {
      // The negated phrase: the words after the negation up to the first separator, its lead then its first item.
      // A mention right after a separator has nothing of its own: the list is its item, then those before it.
      const read = items.length < 2 && separatorFirst ? [[], ...items] : items;
      if (read.length < 2) return false;
      const inOrder = read.map((item) => item.slice().reverse());
      const first = inOrder[inOrder.length - 1]!;
      const useLead = first.slice(0, LEAD_WORDS).some((w) => !w.skill && USE_LEAD.test(w.text));
      const middle = inOrder.slice(1, -1);
      const own = inOrder[0]!;
      const listed = useLead
        ? first.length <= LEAD_WORDS + ITEM_WORDS && middle.every(plainItem)
        : skillItem(first) && middle.every(skillItem);
      if (!listed || own.length > 2 || !plainItem(own)) return false;
      return orBefore || OR_AFTER.test(text.slice(hit.end, Math.min(hit.line.end, hit.end + LOOK_AHEAD)));
    }
    if (!token.skill && LIST_SEPARATOR.test(token.text)) {
      if (token.text !== ",") orBefore = true;
      // ", or": one boundary.
      if (items[items.length - 1]!.length > 0) items.push([]);
      else if (items.length === 1) separatorFirst = true;
      continue;
    }
    // Any other mark ("(", ";", ":", "&", a dash standing alone) ends the list.
    if (!token.skill && !/[\p{L}\p{N}]/u.test(token.text)) return false;
    const item = items[items.length - 1]!;
    item.push(token);
    // No item, nor the negated phrase's lead and first item together, runs longer than this.
    if (item.length > LEAD_WORDS + ITEM_WORDS) return false;
  }
  return false;
}

/** Whether a skill mention is negated. `skills`, sorted by start, are the text's skill mentions (for negated lists). */
export function isNegated(text: string, hit: Hit<unknown, string>, skills: readonly Hit<unknown, string>[] = []): boolean {
  const [from] = sentenceHolding(hit.line, hit.start, hit.start + 1) ?? [hit.line.start];
  const before = text.slice(Math.max(from, hit.start - LOOK_BACK), hit.start);
  if (FAULT_AFTER.test(text.slice(hit.end, hit.end + LOOK_AHEAD))) return false;
  return (NEGATED_TAIL.test(before) && !NOT_ONLY.test(before)) || inNegatedList(text, from, hit, skills);
}

/** The scan without its negated skill mentions: a candidate who writes "no Java" does not have Java. */
export function withoutNegatedSkills<K extends string>(scan: Scan<K>): Scan<K> {
  const sorted = scan.skills.slice().sort((a, b) => a.start - b.start);
  const skills = scan.skills.filter((hit) => !isNegated(scan.doc.text, hit, sorted));
  return skills.length === scan.skills.length ? scan : { ...scan, skills };
}
