import { skillId } from "@winnow/core/catalogue/ids";
import type { CatalogueData } from "@winnow/core/catalogue/types";
import { DEFAULT_DATA_DIR, loadDefaultCatalogue, readSourceFiles } from "@winnow/catalogue";

/**
 * Catalogues degraded for one profession, to simulate a posting of a profession the catalogue barely knows
 * (test/bench/unseen.bench.ts): the shipped catalogue with the profession's aliases, the posting's title or the
 * posting's profession-specific skills taken out.
 */
export const DEGRADE_MODES = ["full", "aliases", "title", "skills", "unseen"] as const;
export type DegradeMode = (typeof DEGRADE_MODES)[number];

const full = loadDefaultCatalogue();
const sources = readSourceFiles(DEFAULT_DATA_DIR);

/**
 * The profession of a posting: the career group of its catalogue title, else the group whose source files define
 * most of the skills it names (a posting whose title the full catalogue already misses).
 */
export function professionOf(titleGroup: string | null, postingSkills: Set<string>): string | null {
  if (titleGroup) return titleGroup;
  let best: { group: string; n: number } | null = null;
  for (const f of sources) {
    const group = f.content.career_group;
    if (!group) continue;
    const n = (f.content.skills ?? []).filter((s) => postingSkills.has(s.id ?? skillId(s.name))).length;
    if (!best || n > best.n) best = { group, n };
  }
  return best && best.n > 0 ? best.group : null;
}

/** Skill and title ids defined in the source files of a career group. */
function domainOf(group: string): { skills: Set<string>; titles: Set<string> } {
  const files = sources.filter((f) => f.content.career_group === group);
  return {
    skills: new Set(files.flatMap((f) => (f.content.skills ?? []).map((s) => s.id ?? skillId(s.name)))),
    titles: new Set(full.titles.filter((t) => t.career_group === group).map((t) => t.id)),
  };
}

export function degrade(mode: DegradeMode, titleId: string | null, group: string | null, postingSkills: Set<string>): CatalogueData {
  if (mode === "full" || group === null) return full;
  const domain = domainOf(group);
  const dropAliases = mode === "aliases" || mode === "unseen";
  const dropTitle = mode === "title" || mode === "unseen";
  const dropSkills = new Set(mode === "skills" || mode === "unseen" ? [...postingSkills].filter((id) => domain.skills.has(id)) : []);
  const skills = full.skills
    .filter((s) => !dropSkills.has(s.id))
    .map((s) => (dropAliases && domain.skills.has(s.id) ? { ...s, aliases: [] } : s));
  const titles = full.titles
    .filter((t) => !(dropTitle && t.id === titleId))
    .map((t) => {
      const skill_ids = t.skill_ids.filter((id) => !dropSkills.has(id));
      const aliases = dropAliases && domain.titles.has(t.id) ? [] : t.aliases;
      return { ...t, aliases, skill_ids, essential_skills: t.essential_skills === undefined ? undefined : Math.min(t.essential_skills, skill_ids.length) };
    });
  return { ...full, version: `${full.version}-${mode}`, skills, titles };
}

