import { cultureSignals } from "../culture/signals.ts";
import { extractJobDuties, proseDuties } from "../extraction/duties.ts";
import { extractJobEducation } from "../extraction/education.ts";
import { extractJobHeader } from "../extraction/header.ts";
import { extractJobPersonal } from "../extraction/personal.ts";
import { asText, scanText, type Scan } from "../extraction/scan.ts";
import { extractJobSkills, RELATED_TO_JOB } from "../extraction/skills.ts";
import { extractJobVocabulary, extractJobWording } from "../extraction/vocabulary.ts";
import { extractJobQuota } from "../extraction/quota.ts";
import { extractJobAuthorisation } from "../extraction/authorisation.ts";
import { extractJobYears } from "../extraction/years.ts";
import { MAX_SNIPPET_LENGTH } from "../text/snippet.ts";
import { JOB_SECTIONS, type JobSection } from "../text/headings.ts";
import type { EngineContext, JobProfile, SkillRequirement } from "../types.ts";

const MAX_RESPONSIBILITIES = 20;
const NUMBERING = /^\d{1,2}[.)]\s+/u;

/**
 * Traits whose every mention is also a mention of a skill the posting asks for ("team player" → Teamwork,
 * "self-motivated" → Self-Motivation): read once, as the skill, so that the same words are not required twice.
 */
function traitsReadAsSkills(scan: Scan<JobSection>, skills: readonly SkillRequirement[]): Set<string> {
  const asked = new Set(skills.flatMap((s) => [s.id, ...s.alternatives.map((a) => a.id)]));
  const skillHits = scan.skills.filter((h) => asked.has(h.value));
  const overlaps = (start: number, end: number) => skillHits.some((h) => h.start < end && start < h.end);
  const byTrait = new Map<string, boolean>();
  for (const hit of scan.lexicon) {
    if (hit.value.kind !== "trait") continue;
    byTrait.set(hit.value.id, (byTrait.get(hit.value.id) ?? true) && overlaps(hit.start, hit.end));
  }
  return new Set([...byTrait].filter(([, all]) => all).map(([id]) => id));
}

/** Reads the requirements of a job description. Never throws; an empty or garbled text gives an empty profile. */
export function analyseJob(jobDescription: string, ctx: EngineContext): JobProfile {
  const text = asText(jobDescription);
  const scan = scanText(text, JOB_SECTIONS, ctx.catalogue);
  const header = extractJobHeader(scan, ctx);
  const skills = extractJobSkills(scan, ctx.catalogue, header.titleSpan);
  const personal = extractJobPersonal(scan);
  const readAsSkill = traitsReadAsSkills(scan, skills);
  // From the first word: bullets and an inline label ("Responsibilities: …") are left out.
  const listed = scan.doc.lines
    .filter((l) => l.section === "responsibilities" && !l.heading && l.tokens.length > 0)
    .map((l) => text.slice(l.tokens[0]!.start, l.end).replace(NUMBERING, ""));
  // Without a responsibilities section, the duties a prose posting states ("In this role you will …").
  const prose = proseDuties(scan);
  const responsibilities = (listed.length ? listed : prose.map((d) => text.slice(d.from, d.to)))
    .map((r) => r.slice(0, MAX_SNIPPET_LENGTH))
    .filter(Boolean)
    .slice(0, MAX_RESPONSIBILITIES);
  return {
    title: header.title,
    location: header.location,
    skills,
    relatedSkillIds: ctx.catalogue
      .relatedSkills(skills.flatMap((s) => [s.id, ...s.alternatives.map((a) => a.id)]), RELATED_TO_JOB)
      .map((r) => r.skill.id),
    experience: extractJobYears(scan),
    quota: extractJobQuota(scan),
    workAuthorisation: extractJobAuthorisation(scan),
    education: extractJobEducation(scan),
    responsibilities,
    duties: extractJobDuties(scan, prose),
    vocabulary: extractJobVocabulary(scan, ctx.catalogue, header.titleSpan),
    wording: extractJobWording(scan, ctx.catalogue, header.titleSpan),
    traits: personal.trait.filter((t) => !readAsSkill.has(t.id)),
    interests: personal.interest,
    values: personal.value,
    culture: cultureSignals(scan.lexicon),
  };
}
