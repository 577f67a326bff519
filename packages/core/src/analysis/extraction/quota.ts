import type { JobSection, ResumeSection } from "../text/headings.ts";
import type { Line } from "../text/document.ts";
import type { Evidence, QuotaEvidence, QuotaPeriod, QuotaRequirement } from "../types.ts";
import { evidenceAt } from "./evidence.ts";
import { requirementStrength } from "./requirements.ts";
import type { Scan } from "./scan.ts";
import { toNumber } from "./years.ts";

// Sales attainment: a posting asking for a record of meeting quota, and the figures a seller's résumé gives for it.
// Every pattern is linear (no nested quantifiers), so a 100,000-character line is read in linear time.

const COUNT = "(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)";

/** Periods a posting looks at when it says "consistently" or gives no count: most of the last three. */
export const DEFAULT_QUOTA_WINDOW = 3;
export const DEFAULT_QUOTA_NEED = 2;

// What is attained: a quota, plan or target (sales words; "plan" and "target" alone are too common to stand alone).
const QUOTA_WORD = /\b(?:quota|attainment|attained|president['’]?s club)\b/iu;
// Meeting it: "hitting or exceeding quota", "met or exceeded plan", "quota attainment", "over-achievement".
const ATTAIN_VERB = /\b(?:hit|hits|hitting|meet|meets|meeting|met|exceed|exceeds|exceeding|exceeded|achieve|achieving|achieved|attain|attaining|beat|beating|overachiev\w*|over-achiev\w*|surpass\w*)\b/iu;
const ATTAINMENT = /\battainment\b/iu;
// A record of it rather than a duty ("Carry and exceed a quarterly quota" is the job, not a requirement on the past).
const RECORD_WORD = /\b(?:record|history|proven|documented|demonstrated|consistent|consistently|evidence)\b/iu;
const CLUB = /\bpresident['’]?s club\b/iu;
// "two of the last three years", "3 out of the past 4 quarters".
const OF_LAST = new RegExp(`\\b${COUNT}\\s+(?:out\\s+)?of\\s+(?:the\\s+|your\\s+|my\\s+)?(?:last|past|previous|prior)\\s+${COUNT}\\b`, "iu");
const LAST_N = new RegExp(`\\b(?:last|past|previous|prior)\\s+${COUNT}\\s+(?:years|quarters|fiscal years)\\b`, "iu");

/**
 * A posting's requirement of quota attainment: a sentence that asks for a record of meeting or exceeding quota
 * ("A documented record of hitting or exceeding quota in at least two of the last three years", "consistent track
 * record of meeting quota", "quota attainment"), or names President's Club as a plus. Its strength is the usual
 * requirementStrength. Outside the requirements and preferred sections a record word is needed, so that a duty
 * ("Carry and exceed a quarterly quota") or a benefit ("reduced quota during ramp") asks for nothing.
 * The periods asked for: "N of the last M" → N of M; "last M years" → all M; President's Club alone → one;
 * otherwise ("consistently", "a track record") most of the last three.
 */
export function extractJobQuota(scan: Scan<JobSection>): QuotaRequirement | null {
  let best: QuotaRequirement | null = null;
  for (const line of scan.doc.lines) {
    if (line.heading || line.section === "benefits") continue;
    const q = QUOTA_WORD.exec(line.text);
    if (!q) continue;
    for (const [from, to] of line.sentences) {
      const sentence = scan.doc.text.slice(from, to);
      const word = QUOTA_WORD.exec(sentence);
      if (!word) continue;
      const club = CLUB.test(sentence);
      // A record ("proven quota attainment", "history of exceeding quota"), or meeting quota in a requirements list;
      // "quota attainment" alone may be a report to build ("quota-attainment dashboards by rep").
      const verb = ATTAIN_VERB.test(sentence);
      const listed = line.section === "requirements" || line.section === "preferred";
      const asks = club || (RECORD_WORD.test(sentence) && (verb || ATTAINMENT.test(sentence))) || (listed && verb);
      if (!asks) continue;
      const start = from + word.index;
      const strength = requirementStrength(scan, line as Line<JobSection>, start, start + word[0].length, { about: null, ownClause: false });
      if (!strength) continue;
      let need = DEFAULT_QUOTA_NEED;
      let window = DEFAULT_QUOTA_WINDOW;
      const ofLast = OF_LAST.exec(sentence);
      const lastN = ofLast ? null : LAST_N.exec(sentence);
      if (ofLast) {
        window = Math.max(1, toNumber(ofLast[2]!));
        need = Math.min(window, Math.max(1, toNumber(ofLast[1]!)));
      } else if (lastN) {
        window = Math.max(1, toNumber(lastN[1]!));
        need = window;
      } else if (club && !verb) {
        need = 1;
      }
      const found: QuotaRequirement = { strength, need, window };
      // A must-have outranks a nice-to-have; between two of the same strength, the stricter ask.
      if (!best || (strength === "must" && best.strength === "nice") || (strength === best.strength && need > best.need)) best = found;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------------
// Candidate side

// "124%", "100%+", "97 %", "104 percent".
const PERCENT = /(?<![\d.])(\d{2,3}(?:\.\d)?)\s?(?:%|percent\b)(\+?)/giu;
// Years written next to a figure: "2023", "FY2025", "FY24" is left out (ambiguous).
const YEAR = /(?<![\d\p{L}])(?:FY\s?)?((?:19|20)\d\d)(?!\d)/gu;
// A line reports attainment when it names the quota, the plan or target as what is attained, or attainment itself.
const ATTAINMENT_LINE = /\b(?:quota|attainment|attained|(?:of|to|hit)\s+plan|of\s+target|(?:hit|met|exceeded|beat)\s+(?:my\s+|our\s+)?(?:annual\s+|quarterly\s+)?(?:plan|target)|(?:closed|finished|ended)\s+(?:FY\s?)?(?:19|20)\d\d\s+at\s+\d)/iu;
// Words after a figure that make it a share of something else ("95% CSAT", "40% growth", "12% of revenue").
const ALLOWED_AFTER = new Set([
  "", "of", "in", "for", "and", "through", "with", "attainment", "ytd", "year", "to", "on", "annualised", "annualized",
  "prorated", "despite", "while", "as", "at", "by", "against", "vs", "versus", "quota", "plan", "target", "or", "then",
  "the", "first", "full", "partial", "ramped", "during", "after", "before", "from", "each", "every", "all", "both",
]);
const QUOTA_OBJECT = /^\s*of\s+(?:(?:my|the|our|his|her|their|annual|quarterly|ramped|full-year|full|year-to-date|new-business|new|business|meeting|individual|assigned|sales|revenue|arr|bookings)\s+){0,3}(?:quota|plan|target|goal)\b/iu;
// "reduced churn by 12%", "grew pipeline 40%", "up 15%": a change, not an attainment.
const CHANGE_BEFORE = /(?:\b(?:by|up|down|growth(?:\s+of)?)\s+|\b(?:grew|grow|growing|grown|increased?|increasing|reduced?|reducing|decreased?|cut|lifted|raised|improved?|boosted|drove|driving|expanded)\s+(?:[\p{L}-]+\s+){0,3}?(?:by\s+|to\s+)?)$/iu;
// An in-progress period is not yet met or missed: "2026 YTD 94%", "currently at 97%", "2026 at 96% with Q4 open".
const IN_PROGRESS = /\b(?:ytd|year[- ]to[- ]date|so far|currently|to date|through (?:q[1-4]|january|february|march|april|may|june|july|august|september|october|november|december))\b|\bq[1-4] (?:open|still open|to go|remaining)|\bwith q[1-4]\b/iu;
// "100%+ of quota in four of five years", "beaten my annual quota in three of my four full years".
const COUNTED = new RegExp(`\\b${COUNT}\\s+(?:out\\s+)?of\\s+(?:my\\s+|the\\s+|his\\s+|her\\s+)?${COUNT}\\s+(?:full\\s+|fiscal\\s+)?(?:years|quarters)\\b`, "iu");
const COUNTED_MET = /(?:\b(?:hit|met|meet|exceeded|exceed|beat|beaten|achieved|made|attained)\b|\b100\s?%)/iu;
const COUNTED_ALL = new RegExp(`\\b(?:exceeded|hit|met|beat|beaten|above)\\s+(?:my\\s+|annual\\s+|quarterly\\s+)*(?:quota|plan|target)\\s+(?:in\\s+)?(?:all|every|each)\\s+${COUNT}?\\s*(?:of\\s+(?:my\\s+|the\\s+)?)?(?:years|quarters)\\b`, "iu");
// Recognition that is given for attainment.
const RECOGNITION = /\b(?:president['’]?s club|chairman['’]?s club|(?:sales |quota )?club (?:19|20)\d\d|(?:rep|seller|salesperson|account executive|ae) of the (?:year|quarter|month)|top (?:1|2|3|4|5|10|15|20|25)\s?%|(?:ranked |finished )?(?:#|no\.\s?)?(\d{1,2})(?:st|nd|rd|th)? (?:of|out of) (\d{1,3})\b|top (\d{1,2}) (?:of|out of) (\d{1,3})\b)/iu;
const RANKED_SHARE = 1 / 3;
const SALES_AWARD = /\b(?:president['’]?s club|chairman['’]?s club|(?:sales |quota )?club (?:19|20)\d\d|(?:rep|seller|salesperson|account executive|ae) of the (?:year|quarter|month))/iu;

/**
 * Quota attainment shown in the work history: percentages that are a share of a quota, plan or target ("118%
 * (2023)", "closed 2023 at 124%", "103% of plan in 2020", "Quota attainment: 2022 – 106%"), each with the year
 * written next to it, counted statements ("100%+ of quota in four of five years") and recognition given for
 * attainment (President's Club, Rep of the Quarter, a rank in the top third of the sales team, "top 10%").
 * Percentages of other things ("reduced churn by 12%", "95% CSAT", "grew pipeline 40%"), a team's figures and
 * periods still in progress (the current year, "YTD") are not read. Only work-history lines are read, never the
 * summary or the skills list, where attainment is claimed ("quota crusher") rather than shown, and the awards
 * section ("Achievements"), where a school honour is no sales recognition; a line wrapped
 * mid-sentence (PDF) is read with the line it continues. An undated figure is dated, for recency, by the last
 * year of its position.
 */
export function extractCandidateQuota(
  scan: Scan<ResumeSection>,
  positionLines: ReadonlyMap<number, string>,
  currentYear: number,
): QuotaEvidence {
  const periods: QuotaPeriod[] = [];
  const recognition: Evidence[] = [];
  const text = scan.doc.text;
  let passage: Line<ResumeSection>[] = [];
  const flush = () => {
    if (passage.length) readPassage(text, passage, positionLines, currentYear, periods);
    passage = [];
  };
  for (const line of scan.doc.lines) {
    const awards = line.section === "awards";
    if (line.heading || !(line.section === "experience" || awards || positionLines.has(line.index))) {
      flush();
      continue;
    }
    // An awards section also holds school honours ("top 10% of the class"): only sales awards count there.
    const rec = (awards ? SALES_AWARD : RECOGNITION).exec(line.text);
    if (rec && recognitionCounts(rec)) {
      const start = line.start + rec.index;
      recognition.push(evidenceAt(text, line, start, start + rec[0].length, 0.8));
    }
    const previous = passage.at(-1);
    const continues = previous !== undefined && previous.index === line.index - 1 && !/[.!?:]$/u.test(previous.text) && CONTINUATION.test(line.text);
    if (!continues) flush();
    passage.push(line);
  }
  flush();
  return { periods, recognition };
}

// A wrapped line starts in lower case, with a figure or a year, or an opening bracket — never with a bullet.
const CONTINUATION = /^(?:\p{Ll}|\d|\()/u;

function recognitionCounts(m: RegExpExecArray): boolean {
  const rank = m[1] ?? m[3];
  const of = m[2] ?? m[4];
  if (!rank || !of) return true;
  const r = Number(rank);
  const n = Number(of);
  return r >= 1 && n >= 3 && r <= n && r / n <= RANKED_SHARE;
}

// A team word earlier in the same sentence or clause ("team finished at 104%, 92% …").
const TEAM_WORDS = /\b(?:team|teams|reps|org|organisation|organization|region)\b/giu;
const CLAUSE_END = /[.;](?:\s|$)/gu;

function readPassage(
  text: string,
  lines: readonly Line<ResumeSection>[],
  positionLines: ReadonlyMap<number, string>,
  currentYear: number,
  periods: QuotaPeriod[],
): void {
  const base = lines[0]!.start;
  const s = text.slice(base, lines.at(-1)!.end);
  if (!ATTAINMENT_LINE.test(s)) return;
  const end = positionLines.get(lines[0]!.index);
  const held = end ? Number(end.slice(0, 4)) : null;
  const lineAt = (pos: number) => lines.find((l) => l.start <= base + pos && base + pos <= l.end) ?? lines[0]!;
  const evidence = (from: number, to: number, confidence: number) => evidenceAt(text, lineAt(from), base + from, base + to, confidence);
  const push = (p: Omit<QuotaPeriod, "held">) => periods.push(held !== null ? { ...p, held } : p);
  const m = COUNTED.exec(s);
  if (m && COUNTED_MET.test(s.slice(0, m.index + m[0].length))) {
    const met = toNumber(m[1]!);
    const of = toNumber(m[2]!);
    if (of >= met && of >= 1 && of <= 20) {
      const ev = evidence(m.index, m.index + m[0].length, 0.7);
      for (let i = 0; i < of; i++) push({ year: null, percent: i < met ? 100 : 0, evidence: ev, counted: true });
    }
    return;
  }
  const clauseEnds = [...s.matchAll(CLAUSE_END)].map((c) => c.index);
  // Years of a recognition ("President's Club 2015 and 2016") date the award, not the figures.
  const recognised = RECOGNITION.exec(s);
  const recognitionClause = recognised ? [recognised.index, clauseEnds.find((c) => c > recognised.index) ?? s.length] : null;
  const years = [...s.matchAll(YEAR)]
    .filter((y) => !recognitionClause || y.index < recognitionClause[0]! || y.index > recognitionClause[1]!)
    .map((y) => ({ year: Number(y[1]), at: y.index + y[0].length / 2 }));
  const figures: { pct: number; at: number; start: number; end: number }[] = [];
  const teams = [...s.matchAll(TEAM_WORDS)].map((t) => t.index);
  let clause = 0;
  let team = 0;
  for (const f of s.matchAll(PERCENT)) {
    const to = f.index + f[0].length;
    const after = s.slice(to, to + 60);
    const next = /^\s*\(?\s*([\p{L}-]*)/u.exec(after)?.[1]?.toLowerCase() ?? "";
    if (!ALLOWED_AFTER.has(next)) continue;
    if (next === "of" && !QUOTA_OBJECT.test(after)) continue;
    const before = s.slice(Math.max(0, f.index - 50), f.index);
    // Figures come in order: the clause start and the last team word before the figure advance with them.
    while (clause < clauseEnds.length && clauseEnds[clause]! < f.index) clause++;
    while (team < teams.length && teams[team]! < f.index) team++;
    const clauseStart = clause > 0 ? clauseEnds[clause - 1]! : -1;
    const teamBefore = team > 0 ? teams[team - 1]! : -1;
    if (CHANGE_BEFORE.test(before) || teamBefore > clauseStart) continue;
    const pct = Number(f[1]);
    if (!(pct >= 10 && pct <= 400)) continue;
    figures.push({ pct, at: f.index + f[0].length / 2, start: f.index, end: to });
  }
  if (figures.length === 0) {
    const all = COUNTED_ALL.exec(s);
    if (all) {
      const of = all[1] ? toNumber(all[1]) : 1;
      const ev = evidence(all.index, all.index + all[0].length, 0.7);
      for (let i = 0; i < Math.min(of, 20); i++) push({ year: null, percent: 100, evidence: ev, counted: true });
    }
    return;
  }
  // Figures and years written in the same order pair one to one; otherwise each figure takes the nearest year.
  const paired = years.length === figures.length;
  let near = 0;
  figures.forEach((f, i) => {
    let year: number | null = null;
    if (paired) year = years[i]!.year;
    else if (years.length) {
      while (near + 1 < years.length && Math.abs(years[near + 1]!.at - f.at) <= Math.abs(years[near]!.at - f.at)) near++;
      year = years[near]!.year;
    }
    // The current year is still open, and so is an undated figure marked as year to date.
    if (year !== null && year >= currentYear) return;
    if (year === null && inProgressFigure(s, f.start, f.end)) return;
    push({ year, percent: f.pct, evidence: evidence(f.start, f.end, 0.8) });
  });
}

// In-progress words between this figure and its neighbours.
function inProgressFigure(s: string, start: number, end: number): boolean {
  const prev = s.lastIndexOf("%", start - 1);
  const next = s.indexOf("%", end);
  const span = s.slice(prev < 0 ? Math.max(0, start - 40) : prev + 1, next < 0 ? Math.min(s.length, end + 40) : next);
  return IN_PROGRESS.test(span);
}
