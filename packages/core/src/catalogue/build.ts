import { createHash } from "node:crypto";
import { canonicalKey, isUuidShaped, skillId, titleId } from "./ids.ts";
import { SKILL_TYPES, type CatalogueData, type CatalogueSourceFile, type Skill, type Title } from "./types.ts";

export class CatalogueBuildError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`catalogue is invalid (${problems.length} problems):\n- ${problems.slice(0, 50).join("\n- ")}`);
    this.name = "CatalogueBuildError";
    this.problems = problems;
  }
}

const uniqueStrings = (values: Iterable<string>, exclude: string): string[] => {
  const seen = new Set([canonicalKey(exclude)]);
  const out: string[] = [];
  for (const v of values) {
    const trimmed = v.trim().replace(/\s+/g, " ");
    const key = canonicalKey(trimmed);
    if (!trimmed || seen.has(key)) continue;
    seen.add(key);
    out.push(trimmed);
  }
  return out;
};

/**
 * Turns source files into a catalogue version. Skills with the same canonical name in several files are one skill
 * (aliases merged; the type must agree). Title skills are referenced by name and resolved to ids here, so every
 * problem (unknown skill, duplicate title, bad type) is reported at build time, all at once.
 */
export function buildCatalogue(files: { path: string; content: CatalogueSourceFile }[], source: string): CatalogueData {
  const problems: string[] = [];
  const skills = new Map<string, Skill & { file: string }>();

  for (const { path, content } of files) {
    for (const s of content.skills ?? []) {
      const name = s.name?.trim();
      if (!name) {
        problems.push(`${path}: skill without a name`);
        continue;
      }
      if (!SKILL_TYPES.includes(s.type)) problems.push(`${path}: skill "${name}" has unknown type "${s.type}"`);
      if (s.id !== undefined && !isUuidShaped(s.id)) problems.push(`${path}: skill "${name}" has a malformed id`);
      const key = canonicalKey(name);
      const existing = skills.get(key);
      if (existing) {
        if (existing.type !== s.type) {
          problems.push(`${path}: skill "${name}" is "${s.type}" here but "${existing.type}" in ${existing.file}`);
        }
        existing.aliases = uniqueStrings([...existing.aliases, ...(s.aliases ?? [])], existing.name);
        existing.description ??= s.description?.trim() || null;
        existing.case_sensitive ||= s.case_sensitive ?? false;
        continue;
      }
      skills.set(key, {
        id: s.id ?? skillId(name),
        name,
        description: s.description?.trim() || null,
        type: s.type,
        aliases: uniqueStrings(s.aliases ?? [], name),
        case_sensitive: s.case_sensitive ?? false,
        file: path,
      });
    }
  }

  const titles = new Map<string, Title>();
  for (const { path, content } of files) {
    if (!content.titles?.length) continue;
    const group = content.career_group?.trim();
    if (!group) problems.push(`${path}: titles without a career_group`);
    for (const t of content.titles) {
      const name = t.name?.trim();
      if (!name) {
        problems.push(`${path}: title without a name`);
        continue;
      }
      const key = canonicalKey(name);
      if (titles.has(key)) {
        problems.push(`${path}: title "${name}" is defined twice`);
        continue;
      }
      const skillIds: string[] = [];
      for (const ref of t.skills ?? []) {
        const skill = skills.get(canonicalKey(ref));
        if (!skill) problems.push(`${path}: title "${name}" references unknown skill "${ref}"`);
        else if (!skillIds.includes(skill.id)) skillIds.push(skill.id);
      }
      titles.set(key, {
        id: t.id ?? titleId(name),
        name,
        career_group: group ?? "",
        aliases: uniqueStrings(t.aliases ?? [], name),
        skill_ids: skillIds,
      });
    }
  }

  const ids = new Map<string, string>();
  for (const item of [...skills.values(), ...titles.values()]) {
    const other = ids.get(item.id);
    if (other) problems.push(`id ${item.id} is used by both "${other}" and "${item.name}"`);
    ids.set(item.id, item.name);
  }
  if (problems.length) throw new CatalogueBuildError(problems);

  const skillList = [...skills.values()]
    .map(({ file: _file, ...s }) => s)
    .sort((a, b) => a.id.localeCompare(b.id));
  const titleList = [...titles.values()].sort((a, b) => a.id.localeCompare(b.id));
  const version = createHash("sha256")
    .update(JSON.stringify({ titles: titleList, skills: skillList }))
    .digest("hex")
    .slice(0, 16);
  return { version, source, titles: titleList, skills: skillList };
}
