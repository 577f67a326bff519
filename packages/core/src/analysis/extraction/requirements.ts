import { partitionPoint } from "../../partition-point.ts";
import type { CueKind, LexEntry } from "../lexicon/index.ts";
import type { CueEntry } from "../lexicon/cues.ts";
import { sentenceOf, type Line } from "../text/document.ts";
import type { JobSection } from "../text/headings.ts";
import type { Strength } from "../types.ts";
import type { Hit, Scan } from "./scan.ts";

const cuesOfLine = new WeakMap<readonly object[], readonly object[]>();

/** The cues among a line's hits, in text order; worked out once per line (every degree and skill asks). */
function cuesOf<K extends string>(hits: readonly Hit<LexEntry, K>[]): readonly (Hit<LexEntry, K> & { value: CueEntry })[] {
  let cues = cuesOfLine.get(hits);
  if (!cues) {
    cues = hits.filter((h) => h.value.kind === "cue");
    cuesOfLine.set(hits, cues);
  }
  return cues as readonly (Hit<LexEntry, K> & { value: CueEntry })[];
}

/**
 * The cue of the given kinds closest to [start, end) within the same sentence, or null. Closeness decides between
 * cues of a mixed sentence: in "Python (required), Go (preferred)" Python is required and Go preferred. `accept`
 * leaves out cues that do not bear on the thing (see StrengthOptions.ownClause).
 */
export function nearestCue<K extends string>(
  scan: Scan<K>,
  line: Line<K>,
  start: number,
  end: number,
  kinds: readonly CueKind[],
  accept: (cue: { start: number; end: number }) => boolean = () => true,
): CueKind | null {
  const [from, to] = sentenceOf(line, start, end);
  // (Set inside `consider`: typed by a cast so the checks after each call do not take it for null.)
  let best = null as { kind: CueKind; distance: number; rank: number } | null;
  const { cues, longest } = cuesOfKinds(scan.lexiconByLine[line.index] ?? [], kinds);
  // Only the line's cues of the kinds asked for, in text order, walked outward from the thing and no further than a
  // closer cue found: a long one-line posting has thousands of cues in one sentence, and every skill and degree on it
  // asks (a line of "MBA in progress, BS expected, …" took 12 s at 100,000 characters). A tie in distance and rank is
  // a cue of the same kind, so the order of the walk does not change what is found.
  const consider = (hit: Hit<LexEntry, K> & { value: CueEntry }): void => {
    if (hit.end > to) return;
    const rank = kinds.indexOf(hit.value.id);
    const distance = hit.end <= start ? start - hit.end : hit.start >= end ? hit.start - end : 0;
    if (best && (distance > best.distance || (distance === best.distance && rank >= best.rank))) return;
    if (accept(hit)) best = { kind: hit.value.id, distance, rank };
  };
  const first = partitionPoint(cues, (h) => h.start < from);
  const pivot = Math.max(first, partitionPoint(cues, (h) => h.start < start));
  // Rightward: the distance grows with the start.
  for (let i = pivot; i < cues.length && cues[i]!.start < to; i++) {
    const hit = cues[i]!;
    if (best && Math.max(0, hit.start - end) > best.distance) break;
    consider(hit);
  }
  // Leftward: no cue ends later than its start plus the line's longest cue.
  for (let i = pivot - 1; i >= first; i--) {
    const hit = cues[i]!;
    if (best && start - (hit.start + longest) > best.distance) break;
    consider(hit);
  }
  return best?.kind ?? null;
}

const cuesOfKindsOfLine = new WeakMap<readonly object[], Map<string, { cues: readonly object[]; longest: number }>>();

/** The cues of the given kinds among a line's hits, in text order, and the length of the longest; once per line and kinds. */
function cuesOfKinds<K extends string>(
  hits: readonly Hit<LexEntry, K>[],
  kinds: readonly CueKind[],
): { cues: readonly (Hit<LexEntry, K> & { value: CueEntry })[]; longest: number } {
  let byKinds = cuesOfKindsOfLine.get(hits);
  if (!byKinds) cuesOfKindsOfLine.set(hits, (byKinds = new Map()));
  const key = kinds.join(" ");
  let known = byKinds.get(key);
  if (!known) {
    const cues = cuesOf(hits).filter((h) => kinds.includes(h.value.id));
    known = { cues, longest: cues.reduce((m, h) => Math.max(m, h.end - h.start), 0) };
    byKinds.set(key, known);
  }
  return known as { cues: readonly (Hit<LexEntry, K> & { value: CueEntry })[]; longest: number };
}

export interface StrengthOptions {
  /** What a mention in the company description counts as (skills: nice; years, degrees: nothing). */
  about: Strength | null;
  /**
   * Only cues of the thing's own clause, or of a clause that is nothing but the cue (", preferred"), apply. For
   * years and degrees, which are not list members: in "4–6 years of experience, public accounting a plus" the
   * "a plus" is about public accounting. Skills leave it off, since a cue closing a list ("SQL, Tableau preferred")
   * is about the whole list.
   */
  ownClause?: boolean;
  /** With ownClause: whether another clause [from, to) still belongs to the thing ("Bachelor's in Finance, Economics or a related field preferred"). */
  continues?: (from: number, to: number) => boolean;
}

// Statements about the employer's hiring practice ("We are an equal opportunity employer", "without regard to race",
// "participates in E-Verify"): whatever they mention ("applicants with disabilities", "veterans") is not asked of the
// candidate. Phrases that a posting could ask for as knowledge ("affirmative action plans") are left out.
const EMPLOYER_STATEMENT =
  /\b(?:equal (?:employment )?opportunit(?:y|ies) (?:employer|workplace)|eeo(?:\/aa)? (?:statement|employer)|affirmative action employer|without regard to|participates? in e-?verify|(?:applicants|candidates) (?:of|from) all backgrounds|regardless of (?:race|age|gender|sex|religion|disability))\b/iu;

/** Whether a line is an equal-opportunity or similar statement of the employer, which never states a requirement. */
export const isEmployerStatement = (text: string): boolean => EMPLOYER_STATEMENT.test(text);

// Asked once per line, not once per skill on it: a long one-line posting has thousands of them.
const employerStatementLines = new WeakMap<Line<JobSection>, boolean>();
function isEmployerStatementLine(line: Line<JobSection>): boolean {
  let known = employerStatementLines.get(line);
  if (known === undefined) employerStatementLines.set(line, (known = isEmployerStatement(line.text)));
  return known;
}

// Words that may stand beside a cue in a clause of its own without giving it a subject (", strongly preferred").
const CLAUSE_FILLER = new Set(
  "a an is are be but not also very highly strongly definitely certainly greatly would will considered though although".split(" "),
);

// The cuts of a line's last sentence asked about, kept with the line (and dropped with it): the skills of one sentence
// ask in turn, and a long one-line posting has thousands of them in one sentence.
const lastCuts = new WeakMap<object, { from: number; to: number; cuts: number[] }>();

function clauseCuts(line: object, text: string, from: number, to: number): number[] {
  const known = lastCuts.get(line);
  if (known && known.from === from && known.to === to) return known.cuts;
  const cuts: number[] = [];
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = text[i]!;
    if (c === "(" || c === "[") depth++;
    else if ((c === ")" || c === "]") && depth > 0) depth--;
    else if (depth === 0 && (c === "," || c === ";")) cuts.push(i);
  }
  lastCuts.set(line, { from, to, cuts });
  return cuts;
}

/** The clause (cut at commas and semicolons outside brackets) of the sentence [from, to) of a line around pos. */
function clauseAround(line: object, text: string, from: number, to: number, pos: number): [number, number] {
  const cuts = clauseCuts(line, text, from, to);
  const at = partitionPoint(cuts, (c) => c < pos);
  return [at > 0 ? cuts[at - 1]! + 1 : from, cuts[at] ?? to];
}

function cueOwnsClause(text: string, clause: [number, number], cue: { start: number; end: number }): boolean {
  const rest = `${text.slice(clause[0], cue.start)} ${text.slice(cue.end, clause[1])}`.toLowerCase();
  return (rest.match(/\p{L}+/gu) ?? []).every((w) => CLAUSE_FILLER.has(w));
}

/**
 * Reads how firmly a posting asks for the thing at [start, end):
 * 1. benefits sections and the employer's equal-opportunity statements never state requirements;
 * 2. a "must"/"nice" cue in the same sentence decides (the closest one);
 * 3. otherwise the section decides: requirements → must, preferred → nice, company description → options.about;
 * 4. elsewhere (intro, duties, unknown sections) → must when the posting has no requirements section of its own,
 *    nice when it has one (the thing is mentioned, but not listed among the requirements).
 */
export function requirementStrength(
  scan: Scan<JobSection>,
  line: Line<JobSection>,
  start: number,
  end: number,
  options: StrengthOptions,
): Strength | null {
  if (line.section === "benefits" || isEmployerStatementLine(line)) return null;
  const text = scan.doc.text;
  const [from, to] = sentenceOf(line, start, end);
  const own = clauseAround(line, text, from, to, start);
  const applies = (cue: { start: number; end: number }): boolean => {
    if (!options.ownClause || (cue.start >= own[0] && cue.end <= own[1])) return true;
    const clause = clauseAround(line, text, from, to, cue.start);
    return cueOwnsClause(text, clause, cue) || (options.continues?.(...clause) ?? false);
  };
  const cue = nearestCue(scan, line, start, end, ["nice", "must"], applies);
  if (cue === "nice" || cue === "must") return cue;
  switch (line.section) {
    case "requirements":
      return "must";
    case "preferred":
      return "nice";
    case "about":
      return options.about;
    default:
      return scan.doc.sections.includes("requirements") ? "nice" : "must";
  }
}

/** Keeps the firmer of two strengths. */
export const firmer = (a: Strength | undefined, b: Strength): Strength => (a === "must" || b === "must" ? "must" : "nice");
