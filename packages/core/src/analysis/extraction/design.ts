import type { Catalogue } from "../../catalogue/catalogue.ts";
import { detectLevels } from "../../catalogue/normalizer/levels.ts";
import type { CandidateSkill, Position } from "../types.ts";
import { evidenceAt } from "./evidence.ts";
import type { Scan } from "./scan.ts";
import { BULLET_MARKS } from "../text/document.ts";
import type { ResumeSection } from "../text/headings.ts";

/**
 * A discipline's design work read from the role that did it: a "Mechanical Engineer" whose own lines say they
 * designed brackets, frames and enclosures did mechanical design, as a recruiter reads it, though the words
 * "mechanical design" are nowhere in the résumé. The discipline is the word (or two) the title puts before its
 * designing head noun (engineer, designer, architect, drafter); the skill is the catalogue skill named
 * "<discipline> Design", when there is one ("Mechanical Design", "Network Design", "Electrical Design"). No catalogue
 * skill, no credit: "Quality Engineer" or "Sales Engineer" names no design discipline.
 */

// Heads of titles whose holders design as part of the work. "Manager", "Technician" or "Representative" are not.
const DESIGN_HEADS = new Set(["engineer", "designer", "architect", "drafter", "draftsperson", "draughtsperson", "draftsman", "draughtsman"]);
// The writer's own design work: "Designed ...", "redesigned the frame", "designing pump heads". A design review
// attended or a "design engineer" title is not a statement of design work, so the noun alone does not count.
// Only where the line opens with it, or with "I"/"we" and it, as a duty is written: "never designed parts",
// "supported the designers who designed the frame" and an employer "Designing Minds Inc" state no design work of
// the writer's, and "Designed-in reliability" is another word.
const DESIGN_VERB = new RegExp(
  `^(?:\\s|${BULLET_MARKS})*(?:(?:i|we|i've|i have|we have)\\s+)?(?:re-?|co-?)?design(?:ed|ing)(?![\\p{L}-])`,
  "iu",
);
const INFERRED_CONFIDENCE = 0.8;
const MAX_MODIFIER_WORDS = 2;

/** The words a title puts right before its designing head: "Mechanical Engineer II" → ["Mechanical"]. */
function disciplineWords(title: string): string[][] {
  const words = title.split(/[\s,/()-]+/u).filter(Boolean);
  const head = words.findIndex((w) => DESIGN_HEADS.has(w.toLowerCase()));
  if (head <= 0) return [];
  const out: string[][] = [];
  for (let n = 1; n <= MAX_MODIFIER_WORDS && head - n >= 0; n++) {
    const modifier = words.slice(head - n, head);
    // A level is no discipline: "Senior Engineer", and the "Level" of "Entry Level Engineer" is not "Level Design".
    if (detectLevels(modifier.join(" ")).length) break;
    const before = words[head - n - 1];
    if (modifier[0]!.toLowerCase() === "level" && before !== undefined && detectLevels(before).length) break;
    out.push(modifier);
  }
  return out;
}

/**
 * Catalogue "<discipline> Design" skills evidenced by a position's title and its own design lines, for the skills
 * the scan did not find. Each is work evidence, quoted at the first line that states the design work.
 */
export function designedInRole(
  scan: Scan<ResumeSection>,
  catalogue: Catalogue,
  positions: readonly Position[],
  found: ReadonlySet<string>,
): CandidateSkill[] {
  const out = new Map<string, CandidateSkill>();
  for (const p of positions) {
    if (!p.title || !p.lines || p.handsOff) continue;
    const { first, last } = p.lines;
    let line = null;
    for (let i = first; i <= last && i < scan.doc.lines.length; i++) {
      const l = scan.doc.lines[i]!;
      if (DESIGN_VERB.test(l.text)) {
        line = l;
        break;
      }
    }
    if (!line) continue;
    for (const words of disciplineWords(p.title)) {
      const phrase = `${words.join(" ")} Design`;
      const match = catalogue.findSkills(phrase).find((m) => m.start === 0 && m.end === phrase.length);
      if (!match || found.has(match.value)) continue;
      const skill = catalogue.skill(match.value);
      // The skill must be the discipline's own: "Production Design" is an alias of (theatre's) Set Design, and a
      // Production Engineer's fixtures are no set design.
      if (!skill || skill.type !== "Specialized Skill" || !skill.name.toLowerCase().startsWith(`${words.join(" ").toLowerCase()} `)) continue;
      const end = p.end;
      const prior = out.get(skill.id);
      if (prior) {
        prior.mentions++;
        if (prior.lastUsed === null || end > prior.lastUsed) prior.lastUsed = end;
        continue;
      }
      const m = DESIGN_VERB.exec(line.text)!;
      const start = line.start + m.index;
      out.set(skill.id, {
        id: skill.id,
        name: skill.name,
        type: skill.type,
        mentions: 1,
        use: "work",
        lastUsed: end,
        status: "held",
        evidence: evidenceAt(scan.doc.text, line, start, Math.min(line.end, start + m[0].length), INFERRED_CONFIDENCE),
      });
    }
  }
  return [...out.values()];
}
