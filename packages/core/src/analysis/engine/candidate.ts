import { cultureSignals } from "../culture/signals.ts";
import { extractStatedTerms, extractWorkLines } from "../extraction/duties.ts";
import { extractCandidateEducation } from "../extraction/education.ts";
import { extractCandidateExperience, markStudentJobs } from "../extraction/experience.ts";
import { extractCandidatePersonal } from "../extraction/personal.ts";
import { monthIndex, monthLabel } from "../extraction/dates.ts";
import { extractCandidateQuota } from "../extraction/quota.ts";
import { extractCandidateAuthorisation } from "../extraction/authorisation.ts";
import { withoutNegatedSkills } from "../extraction/negation.ts";
import { asText, scanText } from "../extraction/scan.ts";
import { extractCandidateSkills } from "../extraction/skills.ts";
import { designedInRole } from "../extraction/design.ts";
import { RESUME_SECTIONS } from "../text/headings.ts";
import { occupationalReading } from "../text/occupations.ts";
import { redactProtected } from "../text/redact.ts";
import type { CandidateProfile, EngineContext } from "../types.ts";
import { detectLevels } from "../../catalogue/normalizer/levels.ts";
import { tokenize } from "../../text/tokens.ts";

/**
 * Whether a first line is a job title rather than a person's name: a catalogue title with nothing beside it but level
 * words ("Senior Data Scientist"). A name that contains a title word ("Greg Baker", "Maria Cook") is a name, so it is
 * masked like any other.
 */
function namesOnlyATitle(ctx: EngineContext, line: string): boolean {
  // Read as the document's tokens are (occupations.ts): "General Forewoman" is a title exactly as "General Foreman".
  const tokens = tokenize(line).map((t) => ({ ...t, norm: occupationalReading(t.norm, line[t.end]) ?? t.norm }));
  return ctx.catalogue.titleMatcher
    .findAll(line, tokens)
    .some((m) => tokens.every((t) => (t.start >= m.start && t.end <= m.end) || detectLevels(t.raw).length > 0));
}

/**
 * Reads the evidence of a candidate text (résumé or profile). `now` resolves "Present" in date ranges; the clock is
 * never read, so the same text and date always give the same profile. Never throws.
 */
export function analyseCandidate(text: string, ctx: EngineContext, now: Date): CandidateProfile {
  const input = asText(text);
  // An invalid date cannot resolve "Present": fall back to the epoch, which makes every range lie in the future
  // and be ignored rather than invented.
  const today = now instanceof Date && !Number.isNaN(now.getTime()) ? now : new Date(0);
  // Blind scoring: every extractor reads the redacted text only (docs/fairness.md). Offsets are unchanged, so
  // snippets are still verbatim quotes of the original.
  const blind = redactProtected(input, RESUME_SECTIONS, (s) => namesOnlyATitle(ctx, s));
  const scanned = scanText(blind.text, RESUME_SECTIONS, ctx.catalogue);
  const scan = withoutNegatedSkills(scanned);
  // Skills the writer says they lack ("No experience in mechanical design"): no rule may read them back in.
  const denied = scanned.skills.filter((h) => !scan.skills.includes(h)).map((h) => h.value);
  const { education, lines: educationLines } = extractCandidateEducation(scan, today);
  const personal = extractCandidatePersonal(scan);
  const positionLines = new Map<number, string>();
  const experience = extractCandidateExperience(scan, ctx, today, educationLines, positionLines);
  markStudentJobs(experience, education.degrees);
  const named = extractCandidateSkills(scan, ctx.catalogue, experience.positions);
  // A discipline's design work read from the role that did it (design.ts).
  const skills = [...named, ...designedInRole(scan, ctx.catalogue, experience.positions, new Set([...named.map((s) => s.id), ...denied]))];
  return {
    asOf: monthLabel(monthIndex(today)),
    // Counted without the masked characters, so that a longer name or e-mail address earns no confidence.
    textLength: input.length - blind.masked,
    sections: scan.doc.sections,
    skills,
    education,
    experience,
    work: extractWorkLines(scan, positionLines),
    stated: extractStatedTerms(scan, positionLines),
    quota: extractCandidateQuota(scan, positionLines, today.getUTCFullYear()),
    workAuthorisation: extractCandidateAuthorisation(scan),
    traits: personal.trait,
    interests: personal.interest,
    values: personal.value,
    culture: cultureSignals(scan.lexicon),
  };
}
