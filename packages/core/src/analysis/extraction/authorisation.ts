import { partitionPoint } from "../../partition-point.ts";
import { BULLET_MARKS, endsMidSentence, type Line } from "../text/document.ts";
import type { JobSection, ResumeSection } from "../text/headings.ts";
import type { WorkAuthorisationRequirement, WorkAuthorisationStatement, WorkAuthorisationStatus } from "../types.ts";
import { MAX_SNIPPET_LENGTH } from "../text/snippet.ts";
import { quotable } from "../text/redact.ts";
import type { Scan } from "./scan.ts";

// Work authorisation and visa sponsorship: a posting's requirement that the hire be authorised to work in a country
// without the employer sponsoring a visa, and what a candidate states about their own authorisation. Patterns run on
// the whole text (a posting's sentence wraps: "authorized to work in the United\nStates"); each is linear, with
// bounded gaps only, so a 100,000-character text is read in linear time.

// The country a requirement or statement names, as written after "in (the)". Abbreviations are checked for case
// afterwards ("work for us" is no country).
const COUNTRY =
  String.raw`(?:the\s+)?(United\s+States(?:\s+of\s+America)?|U\.S\.A\.?|U\.S\.?|USA|US|America|United\s+Kingdom|U\.K\.?|UK|Great\s+Britain|Britain|Canada|Australia|New\s+Zealand|Ireland|Germany|France|Netherlands|Switzerland|Singapore|European\s+Union|EU|EEA|India|Japan|Mexico)(?![\p{L}\d])`;
// The country as an adjective before "work authorization" or "right to work" ("US work authorization").
const COUNTRY_ADJ = String.raw`(US|U\.S\.?|USA|UK|U\.K\.?|EU|Canadian|Australian|American|British)(?![\p{L}\d])`;

const CANONICAL: readonly [RegExp, string][] = [
  [/^(?:United\s+States(?:\s+of\s+America)?|U\.S\.A\.?|U\.S\.?|USA|US|America|American)$/u, "United States"],
  [/^(?:United\s+Kingdom|U\.K\.?|UK|Great\s+Britain|Britain|British)$/u, "United Kingdom"],
  [/^(?:European\s+Union|EU|EEA)$/u, "European Union"],
  [/^(?:Canadian)$/u, "Canada"],
  [/^(?:Australian)$/u, "Australia"],
];

/** The country a written name stands for, or null when it is none (a lower-case "us" is the pronoun). */
function countryOf(written: string | undefined): string | null {
  if (!written) return null;
  const name = written.replace(/\s+/gu, " ");
  if (!/^\p{Lu}/u.test(name)) return null;
  for (const [pattern, canonical] of CANONICAL) if (pattern.test(name)) return canonical;
  return name.replace(/^the /iu, "");
}

// A hot work permit is a safety permit for welding, no authorisation to be employed.
const AUTH_WORDS = String.raw`(?:right\s+to\s+work|(?<!\bhot\s)work(?:ing)?\s+(?:authori[sz]ation|permit|rights?|eligibility)|employment\s+(?:authori[sz]ation|eligibility))`;

// ---------------------------------------------------------------------------------------------------------------
// Posting side

// "Applicants must be (legally) authorized to work in the United States", "must be eligible to work in the UK": in a
// country, or with nothing after "work" ("must be eligible to work overtime" is about hours).
const MUST_BE_AUTHORISED = new RegExp(
  String.raw`\b(?:must|should|will\s+need\s+to|need\s+to|needs\s+to|required\s+to|have\s+to)\s+(?:be\s+)?(?:(?:legally|currently|already|fully|lawfully)\s+)*(?:authori[sz]ed|eligible|permitted|entitled|allowed)\s+to\s+(?:legally\s+)?work(?:\s+(?:in|for|within)\s+${COUNTRY}|(?=[ \t]*(?:[.,;:)!\n]|$)|\s+(?:without|now|lawfully|legally|permanently)\b))`,
  "giu",
);
// "must have the right to work in the UK", "must hold valid US work authorization".
const MUST_HAVE_AUTHORISATION = new RegExp(
  String.raw`\b(?:must|should|need\s+to|needs\s+to|required\s+to)\s+(?:have|hold|possess)\s+(?:(?:a|an|the|valid|current|full|unrestricted|permanent|existing)\s+)*(?:${COUNTRY_ADJ}\s+)?${AUTH_WORDS}(?:\s+(?:in|for)\s+${COUNTRY})?`,
  "giu",
);
// "US work authorization required", "Right to work in the UK is required".
const AUTHORISATION_REQUIRED = new RegExp(
  String.raw`(?:${COUNTRY_ADJ}\s+)?${AUTH_WORDS}(?:\s+(?:in|for)\s+${COUNTRY})?\s+(?:is\s+)?(?:required|mandatory|a\s+must)\b`,
  "giu",
);
// "we are unable to sponsor visas", "we do not offer visa sponsorship", "cannot sponsor or take over sponsorship".
const WILL_NOT_SPONSOR =
  /\b(?:unable|not\s+able|cannot|can\s?not|can['’]t|will\s+not|won['’]t|do(?:es)?\s+not|don['’]t|doesn['’]t|are\s+not|is\s+not|not\s+in\s+a\s+position)\s+(?:to\s+)?(?:(?:currently|now|presently)\s+)?(?:[\w-]+\s+){0,3}?sponsor(?:ship|ing|s)?\b/giu;
// "No visa sponsorship (is) available", "no sponsorship".
const NO_SPONSORSHIP = /\bno\s+(?:[\w-]+\s+){0,2}?sponsorship\b(?!\s+(?:is\s+)?(?:required|needed|necessary))/giu;
// "Visa sponsorship is not available", "sponsorship unavailable".
const SPONSORSHIP_NOT = /\bsponsorship\s+(?:is\s+|will\s+)?(?:not\b|unavailable\b)/giu;
// "authorized to work in the US without sponsorship", "without the need for visa sponsorship".
const WITHOUT_SPONSORSHIP = /\bwithout\s+(?:(?:the|a|any|need|needing|requiring|require|for|current|future|now|or|in|of)\s+){0,6}(?:[\w-]+\s+){0,2}?sponsorship\b/giu;
// What makes "sponsor" a visa's: the posting's sponsorship of an event or a conference is not one.
const VISA_CONTEXT = /\b(?:visas?|H-?1B|immigration|sponsorship|work\s+(?:authori[sz]ation|permits?)|employment|this\s+(?:role|position)|candidates?|applicants?)\b/iu;
// Sponsorship of another thing, named next to the words: the CDL school a carrier pays for, tuition, continuing
// education, a relocation, an event ("We do not sponsor CDL school for applicants", "tuition sponsorship is not
// available for this role"). A visa named in the sentence keeps it a visa's.
const OTHER_SPONSORED =
  /\b(?:training|schools?|tuition|education(?:al)?|CEUs?|continuing|relocation|events?|conferences?|certifications?|licen[cs](?:es?|ing)|memberships?|fees|credits|courses?|classes|travel|teams?|charit(?:y|ies|able)|corporate|political|community|exams?|CDL|scholarships?|sports?|tournaments?)\b/iu;
const VISA_NAMED = /\b(?:visas?|H-?1B|immigration|green\s+card|work\s+(?:authori[sz]ation|permits?)|(?:authori[sz]ed|eligible)\s+to\s+work|right\s+to\s+work)\b/iu;
/** The words next to a sponsorship match: two or three before it, the match, three after it. */
const besideMatch = (text: string, start: number, end: number): string => {
  const after = /^(?:\s+[\w-]+){0,3}/u.exec(text.slice(end, end + 40))?.[0] ?? "";
  return text.slice(Math.max(0, start - 24), end) + after;
};
// The opposite: "Visa sponsorship available", "we sponsor H-1B visas", "willing to sponsor".
const WILL_SPONSOR =
  /\b(?:(?:visa|H-?1B|immigration|work\s+permit)\s+sponsorship\s+(?:is\s+)?(?:available|offered|provided|possible|supported)|we\s+(?:(?:will|can|do|may|gladly|happily)\s+)?sponsor(?:s)?\s+(?:[\w-]+\s+){0,2}?(?:visas?|H-?1B|work\s+permits?)|(?:open|willing|able|happy)\s+to\s+(?:consider\s+)?sponsor(?:ing)?)\b/giu;

// A negation right before a match ("No visa sponsorship available", "not willing to sponsor").
const NEGATED_BEFORE = /\b(?:no|not|never|without)\s+(?:[\w-]+\s+)?$|n['’]t\s+(?:[\w-]+\s+)?$/iu;
const negatedBefore = (text: string, at: number): boolean => NEGATED_BEFORE.test(text.slice(Math.max(0, at - 24), at));

/** The sentence around [start, end): from the last sentence end before it to the next one after it. */
function sentenceAround(text: string, start: number, end: number): string {
  // Searched back over the 200 characters only: a search over the whole text for every match was quadratic ("no visa
  // sponsorship " repeated over 100,000 characters without a blank line took 1.5 s).
  const base = Math.max(0, start - 201);
  const window = text.slice(base, start);
  const last = (mark: string) => {
    const at = window.lastIndexOf(mark);
    return at < 0 ? -1 : base + at;
  };
  const from = Math.max(last("."), last(";"), last("\n\n"), start - 200);
  let to = end;
  while (to < text.length && to < end + 200 && !/[.;!?]/u.test(text[to]!)) to++;
  return text.slice(from + 1, to);
}

const BULLETED = new RegExp(`^[^\\S\\n]*${BULLET_MARKS}\\s`, "u");
const BULLET_OPENING = new RegExp(`^${BULLET_MARKS}\\s+`, "u");

/** Whether a line goes on the sentence of the line before it: no heading, bullet or blank line between them. */
const continues = <K extends string>(before: Line<K> | undefined, line: Line<K> | undefined): boolean =>
  !!before && !!line && !before.heading && !line.heading && before.text.trim() !== "" && !BULLETED.test(line.text) && endsMidSentence(before);

/**
 * The sentence around [start, end) as one passage, over line breaks where it wraps ("authorized to work in the
 * United\nStates"), but not into a heading or another bullet of a list; its whitespace run together; at most
 * MAX_SNIPPET_LENGTH characters, from the sentence's start.
 */
function passageOf<K extends string>(text: string, lines: readonly Line<K>[], start: number, end: number): string {
  const ends = (i: number) => /[.!?]/u.test(text[i]!) && /\s/u.test(text[i + 1] ?? " ");
  let first = partitionPoint(lines, (l) => l.end <= start);
  let last = Math.max(first, partitionPoint(lines, (l) => l.end < end));
  while (first > 0 && start - lines[first - 1]!.start < MAX_SNIPPET_LENGTH && continues(lines[first - 1], lines[first])) first--;
  while (last + 1 < lines.length && lines[last + 1]!.end - end < MAX_SNIPPET_LENGTH && continues(lines[last], lines[last + 1])) last++;
  const lo = lines[first]?.start ?? 0;
  const hi = lines[last]?.end ?? text.length;
  let from = start;
  while (from > lo && start - from < MAX_SNIPPET_LENGTH && !ends(from - 1)) from--;
  let to = end;
  while (to < hi && to - from < MAX_SNIPPET_LENGTH && !ends(to - 1)) to++;
  return text.slice(from, to).replace(/\s+/gu, " ").trim().replace(BULLET_OPENING, "").slice(0, MAX_SNIPPET_LENGTH);
}

function lineAt<K extends string>(lines: readonly Line<K>[], pos: number): Line<K> | undefined {
  const line = lines[partitionPoint(lines, (l) => l.end <= pos)];
  return line && line.start <= pos ? line : undefined;
}

/**
 * A posting's requirement that the hire be authorised to work in a country, or its statement that it will not
 * sponsor a visa ("must be legally authorized to work in the United States", "we are unable to sponsor or take over
 * sponsorship of an employment visa", "No visa sponsorship available", "US work authorization required"); null
 * when it states neither, or when it states that it sponsors ("Visa sponsorship available", "we sponsor H-1B"):
 * then the candidate who needs a visa can have one. The employer's equal-opportunity statement ("regardless of …
 * citizenship") asks for nothing, and none of the patterns reads it. Always a must-have: a recruiter cannot hire
 * around the law, so a posting that states it does so as a condition.
 */
export function extractJobAuthorisation(scan: Scan<JobSection>): WorkAuthorisationRequirement | null {
  const text = scan.doc.text;
  const lines = scan.doc.lines;
  let first: { start: number; end: number } | null = null;
  let country: string | null = null;
  let noSponsorship = false;
  const note = (start: number, end: number) => {
    if (!first || start < first.start) first = { start, end };
  };
  for (const pattern of [MUST_BE_AUTHORISED, MUST_HAVE_AUTHORISATION, AUTHORISATION_REQUIRED]) {
    for (const m of text.matchAll(pattern)) {
      country ??= countryOf(m.slice(1).find((g) => g !== undefined));
      note(m.index, m.index + m[0].length);
    }
  }
  for (const pattern of [WILL_NOT_SPONSOR, NO_SPONSORSHIP, SPONSORSHIP_NOT, WITHOUT_SPONSORSHIP]) {
    for (const m of text.matchAll(pattern)) {
      const end = m.index + m[0].length;
      const sentence = sentenceAround(text, m.index, end);
      if (!VISA_CONTEXT.test(sentence)) continue;
      if (OTHER_SPONSORED.test(besideMatch(text, m.index, end)) && !VISA_NAMED.test(sentence)) continue;
      noSponsorship = true;
      note(m.index, end);
    }
  }
  if (!first) return null;
  if (!noSponsorship) {
    for (const m of text.matchAll(WILL_SPONSOR)) if (!negatedBefore(text, m.index)) return null;
  }
  const at: { start: number; end: number } = first;
  const line = lineAt(lines, at.start);
  if (!line) return null;
  return { country, noSponsorship, evidence: { snippet: passageOf(text, lines, at.start, at.end), section: line.section, confidence: 1 } };
}

// ---------------------------------------------------------------------------------------------------------------
// Résumé side: only what the writer states about their own authorisation. Nationality, origin and birthplace are
// never read (the text is the redacted one, where "<X> citizen" is masked), only statements of authorisation and
// sponsorship. Silence is no gap: most people do not write it.

// "Requires H-1B sponsorship", "will need visa sponsorship", "seeking employer sponsorship".
const SPONSOR_KIND = String.raw`(?:H-?1B|TN|L-?1|O-?1|E-?3|work|employment|employer|immigration|Tier\s+2|skilled\s+worker)`;
// Sponsorship alone is a visa's where nothing follows it or it is "to work", "now or in the future": "seeking
// sponsorship for the charity gala" is a fundraiser's.
const NEEDS_SPONSORSHIP = new RegExp(
  String.raw`\b(?:require[sd]?|requiring|need(?:s|ed|ing)?|will\s+(?:need|require)|would\s+(?:need|require)|seek(?:s|ing)?)\s+(?:(?:an?|future|ongoing|new)\s+)*(?:(?:${SPONSOR_KIND}\s+)?visa\s+sponsorship|${SPONSOR_KIND}\s+sponsorship|sponsorship(?=[ \t]*(?:[.;,)|\n]|$)|\s+(?:to\s+work|now|in\s+the\s+future|for\s+(?:employment|work)|going\s+forward)\b))\b|\b(?:(?:H-?1B|visa|work\s+visa|employment|immigration)\s+)?sponsorship\s+(?:is\s+|will\s+be\s+)?(?:required|needed|necessary)\b`,
  "giu",
);
// A status that will need the employer's sponsorship: F-1 OPT (and its STEM extension), a current H-1B (a
// transfer). The acronyms in capitals: "opt" is a verb, and "OPT" elsewhere is no visa status without F-1 or STEM.
const TEMPORARY_STATUS =
  /\b(?:F-?1\s+(?:STEM\s+)?OPT|STEM\s+OPT|OPT\s+(?:EAD|STEM)|[Oo]n\s+(?:an?\s+)?(?:F-?1\s+)?OPT)\b|\b[Oo]ptional\s+[Pp]ractical\s+[Tt]raining\b|\bH-?1B\s+(?:[Vv]isa\s+)?(?:[Hh]older|[Tt]ransfer)\b|\b(?:[Oo]n|[Hh]old(?:s|ing)?|[Cc]urrent(?:ly\s+on)?)\s+(?:an?\s+)?H-?1B\b/gu;
// "not authorized to work in the US", "no UK right to work".
const NOT_AUTHORISED = new RegExp(
  String.raw`\b(?:not|no|without)\s+(?:(?:currently|yet|presently)\s+)?(?:(?:legally\s+)?(?:authori[sz]ed|eligible|permitted)\s+to\s+work|(?:an?\s+|the\s+)?${AUTH_WORDS})(?:\s+(?:in|for)\s+${COUNTRY})?|\bno\s+${COUNTRY_ADJ}\s+${AUTH_WORDS}`,
  "giu",
);
// "Authorized to work in the US", "US work authorization", "US permanent resident", "green card holder". A label
// ("Work authorization: F-1 OPT") is no statement of it.
const AUTHORISED = new RegExp(
  String.raw`\b(?:legally\s+)?(?:authori[sz]ed|eligible|permitted)\s+to\s+work(?:\s+(?:in|for)\s+${COUNTRY})?|(?:\b(?:full|unrestricted|valid|permanent)\s+|\b${COUNTRY_ADJ}\s+)${AUTH_WORDS}(?!\s*:)|\b${AUTH_WORDS}\s+(?:in|for)\s+${COUNTRY}|(?:\b${COUNTRY_ADJ}\s+)?\b(?:permanent\s+resident|green\s+card(?:\s+holder)?)\b(?:\s+(?:of|in)\s+${COUNTRY})?`,
  "giu",
);
// "(no sponsorship required)", "will not require sponsorship now or in the future".
const NEEDS_NO_SPONSORSHIP =
  /\b(?:do(?:es)?\s+not|don['’]t|doesn['’]t|will\s+not|won['’]t|never)\s+(?:(?:now|currently|or|in|the|future)\s+)*(?:require|need)\s+(?:(?:any|a|an)\s+)?(?:[\w-]+\s+)?sponsorship|\bno\s+(?:[\w-]+\s+)?sponsorship\s+(?:is\s+)?(?:required|needed|necessary)|\bwithout\s+(?:(?:the|need|for|any)\s+)*(?:[\w-]+\s+)?sponsorship\b/giu;
// A résumé states its authorisation once or twice: more statements read are kept to this many (a text of thousands
// would make every overlap check a walk of them).
const MAX_STATEMENTS = 8;
// Sections where a writer describes their work or lists what they know (an HR résumé "processed H-1B transfers",
// "managed the sponsorship budget", "Skills: I-9, H-1B sponsorship"): not statements about themselves.
const WORK_SECTIONS: ReadonlySet<string> = new Set(["experience", "projects", "volunteering", "activities", "awards", "skills"]);
// Other people in the clause before a match: "supported employees requiring visa sponsorship".
// Other people's cases handled in the clause before ("processed H-1B transfers", "immigration attorney handling green
// card applications"), as an HR professional's or an immigration paralegal's summary describes them.
const OTHERS_BEFORE =
  /\b(?:employees?|hires|candidates?|applicants?|workers|staff|students|clients|people|those|others|members|for|of|process(?:ed|ing)|prepar(?:ed|ing)|fil(?:ed|ing)|handl(?:ed|ing)|manag(?:ed|ing)|coordinat(?:ed|ing)|administer(?:ed|ing)|support(?:ed|ing)|advis(?:ed|ing)|draft(?:ed|ing)|track(?:ed|ing))\b[^.;,:|•()]*$/iu;
// The same cases named after the status: "H-1B visa holder transfers", "green card petitions", "H-1B transfer compliance".
const CASEWORK_AFTER =
  /^[^\S\n]*(?:and\s+[\w-]+(?:\s+[\w-]+)?\s+)?(?:transfers|petitions?|applications?|cases|filings?|compliance|processing|paperwork|renewals|extensions|matters|programs?|process(?:es)?|audits?|documentation|requests|caseloads?|populations?)\b/iu;
// A status held before and no longer: "Previously on H-1B, now a US permanent resident", "Former F-1 OPT".
const PAST_BEFORE = /\b(?:previously|formerly|former|was|no\s+longer)\s+(?:[\w-]+\s+){0,2}$/iu;

// Where a statement's clause ends on its line: "Chicago, IL (relocated from Lyon, France) - US permanent resident".
// A sentence's end too, after a word rather than an abbreviation ("conference. Authorized", not "U.S. permanent").
const CLAUSE_END = /[;|•·]|\s[-–—]\s|(?<=\p{Ll}{2})[.!?]\s/u;
const CLAUSE_ENDS = new RegExp(CLAUSE_END.source, "gu");

/**
 * The clause of a line that holds [start, end), verbatim: the statement alone, not the rest of a header line it shares
 * (a place, where the writer moved from), so that the explanation quotes nothing but the authorisation.
 */
function clauseOf(text: string, line: Line<ResumeSection>, start: number, end: number): string {
  let from = line.start;
  for (const m of text.slice(line.start, start).matchAll(CLAUSE_ENDS)) from = line.start + m.index + m[0].length;
  const after = text.slice(end, line.end);
  const cut = CLAUSE_END.exec(after);
  const to = cut ? end + cut.index + (cut[0].startsWith(".") ? 1 : 0) : line.end;
  return quotable(text.slice(from, to).trim());
}

/**
 * What a candidate states about their own authorisation to work: a need for visa sponsorship ("Requires H-1B
 * sponsorship", "will need visa sponsorship"), a status that will need it ("F-1 OPT, STEM extension through 2027",
 * "current H-1B"), no authorisation in a country ("no UK right to work"), or authorisation ("Authorized to work in
 * the US (no sponsorship required)", "US permanent resident"). Read outside the work history, projects and
 * activities, where the writer's sponsorship is of something else ("sponsored the company's hackathon",
 * "Sponsorship Manager"), and never of other people ("employees requiring visa sponsorship"). In text order.
 */
export function extractCandidateAuthorisation(scan: Scan<ResumeSection>): WorkAuthorisationStatement[] {
  const text = scan.doc.text;
  const lines = scan.doc.lines;
  const found: { start: number; end: number; status: WorkAuthorisationStatus; country: string | null }[] = [];
  const taken: [number, number][] = [];
  const read = (pattern: RegExp, status: WorkAuthorisationStatus, negatable: boolean) => {
    for (const m of text.matchAll(pattern)) {
      if (found.length >= MAX_STATEMENTS) return;
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([s, e]) => s < end && start < e)) continue;
      const line = lineAt(lines, start);
      if (!line || line.heading || WORK_SECTIONS.has(line.section)) continue;
      const clauseStart = Math.max(line.start, start - 60);
      if (OTHERS_BEFORE.test(text.slice(clauseStart, start)) || CASEWORK_AFTER.test(text.slice(end, Math.min(line.end, end + 40)))) continue;
      if (negatable && negatedBefore(text, start)) continue;
      if ((status === "temporary" || status === "needs-sponsorship") && PAST_BEFORE.test(text.slice(Math.max(line.start, start - 32), start))) continue;
      taken.push([start, end]);
      found.push({ start, end, status, country: countryOf(m.slice(1).find((g) => g !== undefined)) });
    }
  };
  // The negated forms first, so that "no sponsorship required" is read as authorised and not as a need.
  read(NEEDS_NO_SPONSORSHIP, "needs-no-sponsorship", false);
  read(NOT_AUTHORISED, "not-authorised", false);
  read(AUTHORISED, "authorised", true);
  read(NEEDS_SPONSORSHIP, "needs-sponsorship", true);
  read(TEMPORARY_STATUS, "temporary", true);
  return found
    .sort((a, b) => a.start - b.start)
    .map(({ start, end, status, country }) => {
      const line = lineAt(lines, start)!;
      return { status, country, evidence: { snippet: clauseOf(text, line, start, Math.min(end, line.end)), section: line.section, confidence: 1 } };
    });
}
