import type { Token } from "../../text/tokens.ts";
import type { JobSection, ResumeSection } from "../text/headings.ts";
import { endsMidSentence, type Line } from "../text/document.ts";
import { shownPhrase, shownWord } from "../text/occupations.ts";
import { linesPassage, MAX_SNIPPET_LENGTH } from "../text/snippet.ts";
import type { Duty, Evidence, StatedTerm, WorkLine } from "../types.ts";
import { evidenceAt } from "./evidence.ts";
import { skillsByLine, type Scan } from "./scan.ts";

/**
 * Responsibilities of a posting and the work history of a candidate, reduced to comparable terms.
 *
 * A duty ("Run weekly inventory and help keep food cost at 29-31%") is evidenced when the candidate's work history
 * describes the same work. Matching is on whole tokens, like every other lookup of the engine: catalogue skills by
 * id (so an alias in the résumé meets the name in the posting), other words by a light stem ("costing", "costed" and
 * "costs" are one term), with function words and the generic vocabulary of job ads left out, since "team",
 * "ensure" or "daily" say nothing about which work was done.
 */

/** At most this many duties are read from a posting; the first ones are the ones postings lead with. */
export const MAX_DUTIES = 16;
/** A duty needs this many distinct terms to be told apart from filler ("Other duties as assigned"). */
export const MIN_DUTY_TERMS = 3;
const MAX_DUTY_NAME = 80;
/** Confidence of a work-history passage quoted for a duty: a description of work, in the candidate's words. */
const WORK_LINE_CONFIDENCE = 0.8;

const BULLET = /^[•·▪◦●○■□➢►✓✔*\-–—>]/u;
const SKILL_PREFIX = "skill:";
const NO_STARTS: ReadonlySet<number> = new Set();

/** Terms of a skill id, as duties and work lines record them. */
export const skillTerm = (id: string): string => `${SKILL_PREFIX}${id}`;
/** Whether a term stands for a catalogue skill rather than a word. */
export const isSkillTerm = (term: string): boolean => term.startsWith(SKILL_PREFIX);

// Function words, and words of job ads and résumés that describe any job rather than the work itself.
const STOP_WORDS = new Set(
  (
    "a about above across after again against all along also although am among an and any are around as at be because been " +
    "before being below between both but by can could did do does doing done down during each either else etc every few for " +
    "from further get gets got had has have having he her here hers him his how however i if in including into is it its itself " +
    "just least less like made make makes making many may me might more most much must my near need needs new no nor not now of " +
    "off often on once one only onto or other others our ours out over own part per perhaps please put rather same several " +
    "shall she should since so some such than that the their theirs them then there these they this those though through " +
    "throughout to too toward towards under until up upon us use used uses using very via was we well were what when where " +
    "whether which while who whom whose why will with within without would yet you your yours yourself " +
    // the vocabulary of any job
    "ability able across activities activity additional areas assigned assist assisted assisting based best closely " +
    "company daily day days duties duty effective effectively ensure ensured ensures ensuring environment etc excellent " +
    "experience experienced first full good great help helped helping helps high including job jobs key level lead " +
    "maintain maintained maintaining member members month monthly needed ongoing opportunities opportunity overall " +
    "perform performed performing position positions provide provided providing quality regular regularly related " +
    "relevant required responsibilities responsibility responsible role roles strong successful successfully support " +
    "supported supporting supports take takes taking task tasks team teams time times top two three four five six week " +
    "weekly work worked working works year years"
  ).split(" "),
);

/**
 * A light suffix-stripping stem: enough to make inflections of one word meet ("schedules", "scheduling",
 * "scheduled" → "schedul"), not a linguistic analysis. Words shorter than five letters are kept as they are.
 */
export function stem(word: string): string {
  let w = word.replace(/['’]s$/u, "");
  if (w.length < 5) return w;
  // "supplies" and "supplied" are both "supply" before the suffixes below are cut.
  if ((w.endsWith("ies") || w.endsWith("ied")) && w.length > 5) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  for (const suffix of ["ations", "ation", "ings", "ing", "ers", "er", "ed", "ment", "ly", "e"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  // "running" → "runn" → "run", "planned" → "plann" → "plan".
  if (/([b-df-hj-np-tv-z])\1$/u.test(w) && !/(ll|ss|zz|ff)$/u.test(w)) w = w.slice(0, -1);
  return w;
}

export interface SkillSpan {
  value: string;
  start: number;
  end: number;
  surface: string;
  /** Read from the verb of the work ("negotiated" → Negotiation, see scan.ts): the word is a duty's verb too. */
  byVerb?: boolean;
}

/**
 * Offsets of the first token of each sentence of the lines, for termsOf: a capital there is grammar, not a name.
 * A line that continues a wrapped sentence starts in lower case, so counting its start as a sentence's is harmless.
 */
export function sentenceStarts(lines: Iterable<Line<string>>): Set<number> {
  const starts = new Set<number>();
  for (const line of lines) {
    // Sentences and tokens are both in text order: one walk over the tokens, not a search per sentence.
    let t = 0;
    for (const [start, end] of line.sentences) {
      while (t < line.tokens.length && line.tokens[t]!.start < start) t++;
      const first = line.tokens[t];
      if (first && first.end <= end) starts.add(first.start);
    }
  }
  return starts;
}

/**
 * Terms of a run of tokens, each with the words that wrote it first (as written): "skill:<id>" for each catalogue
 * skill named (its words are not counted again), and the stems of the remaining content words (letters only, at
 * least three, not a stop word). `starts` holds the offsets of the tokens that open a sentence (sentenceStarts);
 * the run's first token always does.
 */
export function termsOf(tokens: readonly Token[], skills: readonly SkillSpan[], starts: ReadonlySet<number> = NO_STARTS): Map<string, string> {
  const terms = new Map<string, string>();
  const add = (term: string, surface: string) => {
    if (!terms.has(term)) terms.set(term, surface);
  };
  for (const s of skills) add(skillTerm(s.value), shownPhrase(s.surface));
  // Skill spans by start, walked alongside the tokens (both in text order): a token inside one is the skill's word.
  // A verb read as a skill stays a word as well, so "negotiated renewals" still does the posting's "negotiate".
  const spans = skills.filter((s) => !s.byVerb).sort((a, b) => a.start - b.start);
  let k = 0;
  let reach = -1;
  for (const [i, t] of tokens.entries()) {
    while (k < spans.length && spans[k]!.start <= t.start) reach = Math.max(reach, spans[k++]!.end);
    if (t.end <= reach) continue;
    // A capitalised word inside a sentence is a name (the employer, a place, a product the catalogue does not
    // know): it says where the work was done, not what it was. Acronyms ("EMT", "PVC") are kept. The first word
    // of a sentence is capitalised by grammar: "Ran the pass. Trained new cooks." has two duties' verbs.
    if (i > 0 && !starts.has(t.start) && /^\p{Lu}\p{Ll}/u.test(t.raw)) continue;
    if (t.norm.length < 3 || !/^\p{L}+$/u.test(t.norm) || STOP_WORDS.has(t.norm)) continue;
    add(stem(t.norm), shownWord(t));
  }
  return terms;
}


const shorten = (s: string): string => {
  const flat = s.replace(/\s+/gu, " ").trim();
  if (flat.length <= MAX_DUTY_NAME) return flat;
  const cut = flat.lastIndexOf(" ", MAX_DUTY_NAME - 1);
  return `${flat.slice(0, cut > 0 ? cut : MAX_DUTY_NAME - 1)}…`;
};

// A sentence that tells the hire what they will do: "In this role you will assess, plan and deliver …", "As our
// sous chef, you'll run …", "You will own …", "The successful candidate will …", "Responsibilities include …";
// not what they will get, need or join ("you will receive", "you'll need", "you will join a team of 12").
const PROSE_DUTY =
  /^(?:(?:in this (?:role|position|job)|day to day|as (?:a|an|our|the) [^,.;:]{1,60}),?\s+)?(?:you(?:'ll|’ll| will)|(?:the|our) (?:successful )?(?:candidate|hire|person|applicant) will|(?:key |main |primary |your )?(?:responsibilities|duties) (?:include|are|will include)\b:?)\s+(?:(?:be )?(?:responsible for|expected to|tasked with)\s+)?(?!(?:need|have|hold|possess|bring|receive|get|gain|enjoy|earn|love|thrive|learn|grow|benefit|find|feel|join|report|be (?:paid|eligible|part|joining|based|working with|rewarded|given|offered|provided|reporting|supported|surrounded|welcomed|trained|onboarded|mentored|expected to have)|work (?:with|alongside|closely)|also)\b)/iu;
export interface ProseDuty {
  line: Line<JobSection>;
  /** [from, to): the sentence from its first duty word. */
  from: number;
  to: number;
}

// Only where a posting could describe the work: not what it requires, offers, or says of the company.
const PROSE_DUTY_SECTIONS: ReadonlySet<JobSection> = new Set(["preamble", "other"]);

/**
 * A posting without a responsibilities section that states the duties in prose ("In this role you will assess,
 * plan and deliver patient care …"): the spans of those sentences from their first duty word, as [from, to) with
 * their line. Empty when the posting has a responsibilities section: its list is the posting's own account.
 */
export function proseDuties(scan: Scan<JobSection>): ProseDuty[] {
  if (scan.doc.lines.some((l) => l.section === "responsibilities" && !l.heading && l.tokens.length > 0)) return [];
  const text = scan.doc.text;
  const out: ProseDuty[] = [];
  for (const line of scan.doc.lines) {
    if (line.heading || !PROSE_DUTY_SECTIONS.has(line.section)) continue;
    for (const [start, end] of line.sentences) {
      const sentence = text.slice(start, end);
      const lead = sentence.length - sentence.trimStart().length;
      const cue = PROSE_DUTY.exec(sentence.slice(lead));
      const from = start + lead + (cue?.[0].length ?? 0);
      if (cue && from < end) out.push({ line, from, to: end });
    }
  }
  return out;
}

/**
 * A sentence of a responsibilities section that states the terms of the employment, not work to be done: "This is a
 * full-time position (36 hours a week, 12-hour night shifts)", "This is a permanent, hybrid role based in our London
 * office". Only kinds of contract and place of work may stand between "This is a" and the noun: "This is a hands-on
 * role where you will build …" still describes the work.
 */
const EMPLOYMENT_WORD =
  "full[- ]time|part[- ]time|permanent|temporary|fixed[- ]term|contract|seasonal|per[- ]diem|prn|hybrid|remote|on[- ]?site|in[- ]office|salaried|hourly|exempt|non[- ]exempt|benefits[- ]eligible|union|day|night|evening|weekend|shift";
const TERMS_OF_EMPLOYMENT = new RegExp(
  `^(?:this|it)\\s+is\\s+an?\\s+(?:(?:${EMPLOYMENT_WORD})(?:\\s*,\\s*|\\s+and\\s+|\\s+|\\s*/\\s*))+(?:position|role|job|post|opening|assignment)\\b`,
  "iu",
);

// What may follow the terms of employment and still tell only of them: nothing, brackets, or where or when the work is
// ("… role based in our Leeds office", "… position (36 hours a week …)").
const TERMS_ONLY = /^[\s.,;:!—–-]*(?:$|[(\[]|(?:based|located|working|offering|paying)\b)/iu;

/**
 * The terms of a unit of a responsibilities section, or null for a sentence that states only the terms of the
 * employment. A sentence opening with them and going on to the work keeps the terms of what follows the opening:
 * "This is a part-time role responsible for payroll processing, accounts payable …", "It is a contract/remote
 * position: build ETL pipelines in Python and Airflow".
 */
function dutyTerms(text: string, unit: { tokens: Token[]; skills: SkillSpan[]; from: number; to: number }) {
  const opening = TERMS_OF_EMPLOYMENT.exec(text.slice(unit.from, unit.to));
  if (!opening) return termsOf(unit.tokens, unit.skills);
  const restAt = unit.from + opening[0].length;
  if (TERMS_ONLY.test(text.slice(restAt, unit.to))) return null;
  return termsOf(
    unit.tokens.filter((t) => t.start >= restAt),
    unit.skills.filter((h) => h.start >= restAt),
  );
}

/**
 * The duties of a posting: the sentences of its responsibilities section, with lines wrapped mid-sentence joined
 * again and every bullet a duty of its own, or, without that section, the duties its prose states (`prose`, from
 * proseDuties). Duties with fewer than MIN_DUTY_TERMS terms are left out.
 */
export function extractJobDuties(scan: Scan<JobSection>, prose: readonly ProseDuty[] = proseDuties(scan)): Duty[] {
  const text = scan.doc.text;
  const skills = skillsByLine(scan);
  const units: { tokens: Token[]; skills: SkillSpan[]; from: number; to: number }[] = [];
  for (const { line, from, to } of prose) {
    const tokens = line.tokens.filter((t) => t.start >= from && t.end <= to);
    const hits = (skills.get(line.index) ?? []).filter((h) => h.start >= from && h.end <= to);
    if (tokens.length) units.push({ tokens, skills: hits, from: tokens[0]!.start, to });
  }
  let open = false;
  for (const line of scan.doc.lines) {
    if (line.section !== "responsibilities" || line.heading || line.tokens.length === 0) {
      open = false;
      continue;
    }
    for (const [start, end] of line.sentences) {
      const tokens = line.tokens.filter((t) => t.start >= start && t.end <= end);
      if (tokens.length === 0) continue;
      const continues = open && start === line.sentences[0]![0] && !BULLET.test(line.text) && !/^\p{Lu}/u.test(tokens[0]!.raw);
      const hits = (skills.get(line.index) ?? []).filter((h) => h.start >= start && h.end <= end);
      const last = units[units.length - 1];
      if (continues && last) {
        last.tokens.push(...tokens);
        last.skills.push(...hits);
        last.to = end;
      } else {
        units.push({ tokens, skills: hits, from: tokens[0]!.start, to: end });
      }
    }
    open = endsMidSentence(line);
  }
  const duties: Duty[] = [];
  for (const unit of units) {
    const terms = dutyTerms(text, unit);
    if (terms === null) continue;
    if (terms.size < MIN_DUTY_TERMS) continue;
    duties.push({ name: shorten(text.slice(unit.from, unit.to)), terms: [...terms.keys()] });
    if (duties.length >= MAX_DUTIES) break;
  }
  return duties;
}

/**
 * The work history of a candidate as passages with their terms: the lines of the experience section and of the
 * dated positions (`positionLines`, each with the last month of the most recent position it belongs to), never the
 * skills list or the summary, where a duty is claimed rather than shown.
 * A line that ends mid-sentence and is followed by one starting in lower case is one passage with it (wrapped text,
 * common in PDFs), so the words of one sentence are read together and quoted together.
 */
export function extractWorkLines(scan: Scan<ResumeSection>, positionLines: ReadonlyMap<number, string>): WorkLine[] {
  const text = scan.doc.text;
  const skills = skillsByLine(scan);
  const passages: { lines: Line<ResumeSection>[]; tokens: Token[]; skills: SkillSpan[] }[] = [];
  let previous: Line<ResumeSection> | null = null;
  for (const line of scan.doc.lines) {
    const inWork = !line.heading && line.tokens.length > 0 && (line.section === "experience" || positionLines.has(line.index));
    if (!inWork) {
      previous = null;
      continue;
    }
    const open = passages[passages.length - 1];
    const wrapped =
      previous !== null && open?.lines.at(-1) === previous && endsMidSentence(previous) && /^\p{Ll}/u.test(line.tokens[0]!.raw);
    if (wrapped && open) {
      open.lines.push(line);
      open.tokens.push(...line.tokens);
      open.skills.push(...(skills.get(line.index) ?? []));
    } else {
      passages.push({ lines: [line], tokens: [...line.tokens], skills: [...(skills.get(line.index) ?? [])] });
    }
    previous = line;
  }
  const out: WorkLine[] = [];
  for (const p of passages) {
    const terms = termsOf(p.tokens, p.skills, sentenceStarts(p.lines));
    if (terms.size === 0) continue;
    const first = p.lines[0]!;
    out.push({
      terms: [...terms.keys()],
      words: [...terms.values()],
      lastUsed: positionLines.get(first.index) ?? null,
      line: first.index,
      evidence: passageEvidence(text, first, p.lines.at(-1)!),
    });
  }
  return out;
}

/** The passage quoted whole when it fits a snippet, else its first line. */
function passageEvidence(text: string, first: Line<ResumeSection>, last: Line<ResumeSection>): Evidence {
  const whole = first === last ? null : linesPassage(text, first, last);
  if (whole) return { snippet: whole, section: first.section, confidence: WORK_LINE_CONFIDENCE };
  return evidenceAt(text, first, first.tokens[0]!.start, Math.min(first.end, first.tokens[0]!.start + MAX_SNIPPET_LENGTH), WORK_LINE_CONFIDENCE);
}

/** Sections where a candidate names skills and words of the trade without showing the work done with them. */
const STATED_SECTIONS: ReadonlySet<ResumeSection> = new Set(["summary", "skills", "certifications", "projects"]);

/**
 * The terms a candidate states outside the work history: the skills list, the summary, certifications and
 * projects, each term once with the words that first wrote it. Lines of a dated position are work history, wherever
 * they sit.
 */
export function extractStatedTerms(scan: Scan<ResumeSection>, positionLines: ReadonlyMap<number, string>): StatedTerm[] {
  const skills = skillsByLine(scan);
  const out = new Map<string, string>();
  for (const line of scan.doc.lines) {
    if (line.heading || !STATED_SECTIONS.has(line.section) || positionLines.has(line.index)) continue;
    for (const [term, word] of termsOf(line.tokens, skills.get(line.index) ?? [], sentenceStarts([line]))) {
      if (!out.has(term)) out.set(term, word);
    }
  }
  return [...out].map(([term, word]) => ({ term, word }));
}
