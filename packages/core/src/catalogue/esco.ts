import { createHash } from "node:crypto";
import { CatalogueBuildError } from "./build.ts";
import { canonicalKey } from "./ids.ts";
import type { CatalogueData, Skill, SkillRelation, SkillRelationKind, SkillTypeName, Title } from "./types.ts";

/**
 * ESCO (European Skills, Competences, Qualifications and Occupations) → catalogue mapping, shared by the CSV import and
 * the web-API sync so that both turn the same ESCO content into the same catalogue version. Pure: callers parse files
 * or HTTP responses into the records below and feed them to an EscoCatalogueBuilder.
 *
 * Mapping (docs/catalogue.md, "ESCO import"):
 * - occupation → title: id = the UUID ending the concept URI, name = preferred label, aliases = alternative labels
 *   (hidden labels are left out: ESCO keeps misspellings and loose synonyms there, e.g. "doctor" under two
 *   occupations), career_group = label of the 2-digit ISCO-08 sub-major group (43 groups), description = the
 *   occupation's description when it has one, skill_ids = essential then optional skills, each part ordered by name.
 * - skill → skill: id from the URI, name, description, aliases = alternative labels; type from escoSkillType();
 *   skill–skill relations → `related`. ESCO has no certifications, so imported catalogues have none.
 */

export interface EscoOccupation {
  uri: string;
  label: string;
  altLabels: string[];
  /** 4-digit ISCO-08 unit group, e.g. "2512". */
  iscoGroup: string | undefined;
  /** What the job is; the title normalizer uses it as a weak matching field. */
  description?: string | null;
}

export interface EscoSkill {
  uri: string;
  label: string;
  altLabels: string[];
  description: string | null;
  /** "knowledge" or "skill" (ESCO's skill/competence); kept for completeness, the type does not depend on it. */
  skillType: string | undefined;
  /** "transversal", "cross-sector", "sector-specific" or "occupation-specific". */
  reuseLevel: string | undefined;
  /** Member of ESCO's language skills collection. */
  language: boolean;
}

/** occupation → skill, or skill → skill. */
export interface EscoRelation {
  from: string;
  to: string;
  kind: SkillRelationKind;
}

export interface EscoIscoGroup {
  code: string;
  label: string;
}

export const ESCO_LANGUAGE_SCHEME = "http://data.europa.eu/esco/concept-scheme/skill-language-groups";
const ISCO_URI = /\/isco\/C(\d{1,4})$/;
const TRAILING_UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The UUID that ends an ESCO concept URI (lower case), or undefined when the URI does not end in one. */
export const escoIdOf = (uri: string): string | undefined => TRAILING_UUID.exec(uri.trim())?.[1]?.toLowerCase();

/** "2654" from an ISCO group URI (…/isco/C2654) or an ESCO occupation code ("2654.1.7"). */
export function iscoCodeOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const fromUri = ISCO_URI.exec(value.trim())?.[1];
  if (fromUri) return fromUri;
  const fromCode = /^(\d{4})(?:\.|$)/.exec(value.trim())?.[1];
  return fromCode;
}

/** Last path segment of an ESCO vocabulary URI (…/skill-reuse-level/transversal → "transversal"); plain values pass. */
export const escoTerm = (value: string | undefined): string | undefined => {
  const v = value?.trim();
  if (!v) return undefined;
  return v.includes("/") ? v.slice(v.lastIndexOf("/") + 1) : v;
};

/**
 * Winnow type of an ESCO skill. ESCO's reuse level says how widely a skill transfers: only "transversal" skills
 * (show initiative, think critically, lead others) are the broad human abilities Winnow calls Common Skills;
 * "cross-sector" ones are still specialised knowledge (chemistry, build scaffolding) despite their reach. Languages
 * come from ESCO's language collection. Knowledge and skill/competence map alike: Winnow's types do not split them.
 */
export function escoSkillType(skill: Pick<EscoSkill, "reuseLevel" | "language">): SkillTypeName {
  if (skill.language) return "Language";
  if (escoTerm(skill.reuseLevel) === "transversal") return "Common Skill";
  return "Specialized Skill";
}

const text = (value: string | undefined): string => (value ?? "").replace(/\r\n?/g, "\n").trim();
const labelList = (value: string | undefined): string[] =>
  text(value)
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

// ---------- CSV rows (ESCO's CSV export, one record per row keyed by header) ----------

export type EscoCsvRow = Record<string, string | undefined>;

/** Files of the CSV export the import reads, with the columns each needs. Relation files also exist without `_en`. */
export const ESCO_CSV_FILES = {
  occupations: { names: ["occupations_en.csv"], columns: ["conceptUri", "preferredLabel", "altLabels", "iscoGroup"] },
  skills: {
    names: ["skills_en.csv"],
    columns: ["conceptUri", "preferredLabel", "altLabels", "skillType", "reuseLevel", "description", "inScheme"],
  },
  occupationSkills: {
    names: ["occupationSkillRelations_en.csv", "occupationSkillRelations.csv"],
    columns: ["occupationUri", "relationType", "skillUri"],
  },
  skillSkills: {
    names: ["skillSkillRelations_en.csv", "skillSkillRelations.csv"],
    columns: ["originalSkillUri", "relationType", "relatedSkillUri"],
  },
  iscoGroups: { names: ["ISCOGroups_en.csv"], columns: ["code", "preferredLabel"] },
} as const;
export type EscoCsvKind = keyof typeof ESCO_CSV_FILES;

export const occupationFromCsv = (row: EscoCsvRow): EscoOccupation => ({
  uri: text(row.conceptUri),
  label: text(row.preferredLabel),
  altLabels: labelList(row.altLabels),
  iscoGroup: iscoCodeOf(text(row.iscoGroup)),
  description: text(row.description) || null,
});

export const skillFromCsv = (row: EscoCsvRow): EscoSkill => ({
  uri: text(row.conceptUri),
  label: text(row.preferredLabel),
  altLabels: labelList(row.altLabels),
  description: text(row.description) || null,
  skillType: text(row.skillType) === "skill/competence" ? "skill" : text(row.skillType) || undefined,
  reuseLevel: text(row.reuseLevel) || undefined,
  language: text(row.inScheme).split(/[\s,]+/).includes(ESCO_LANGUAGE_SCHEME),
});

const relationKind = (value: string | undefined): SkillRelationKind | undefined => {
  const v = text(value).toLowerCase();
  return v === "essential" || v === "optional" ? v : undefined;
};

/** Relation rows; undefined when the relation type is neither essential nor optional. */
export const occupationSkillFromCsv = (row: EscoCsvRow): EscoRelation | undefined => {
  const kind = relationKind(row.relationType);
  return kind && { from: text(row.occupationUri), to: text(row.skillUri), kind };
};

export const skillSkillFromCsv = (row: EscoCsvRow): EscoRelation | undefined => {
  const kind = relationKind(row.relationType);
  return kind && { from: text(row.originalSkillUri), to: text(row.relatedSkillUri), kind };
};

export const iscoGroupFromCsv = (row: EscoCsvRow): EscoIscoGroup => ({ code: text(row.code), label: text(row.preferredLabel) });

// ---------- building ----------

export interface EscoBuildReport {
  titles: number;
  skills: number;
  /** Occupation–skill links kept in titles' skill lists. */
  titleSkillLinks: number;
  /** Skill–skill links kept in skills' `related`. */
  skillRelations: number;
  /** Links to an occupation or skill that is not part of the data (e.g. relation files without the concept files). */
  danglingLinks: number;
  /** Concepts listed twice (the first one is kept). */
  duplicates: number;
  warnings: string[];
}

/** Content hash of a catalogue, computed as buildCatalogue does: equal content gives an equal version. */
export const catalogueVersionOf = (titles: readonly Title[], skills: readonly Skill[]): string =>
  createHash("sha256").update(JSON.stringify({ titles, skills })).digest("hex").slice(0, 16);

const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Aliases without the name itself and without case/spacing duplicates, in a stable order: ESCO's order carries no
 * meaning and differs between the CSV export and the web service, so sorting first keeps the same variant of a
 * duplicate ("Live script" over "Live Script") whichever way the labels arrive.
 */
function aliasesOf(name: string, labels: readonly string[]): string[] {
  const nameKey = canonicalKey(name);
  const sorted = labels
    .map((raw) => raw.trim().replace(/\s+/g, " "))
    .filter(Boolean)
    .map((label) => ({ key: canonicalKey(label), label }))
    .sort((a, b) => byCode(a.key, b.key) || byCode(a.label, b.label));
  const out: string[] = [];
  let last: string | undefined;
  for (const { key, label } of sorted) {
    if (key === nameKey || key === last) continue;
    last = key;
    out.push(label);
  }
  return out;
}

/** Keeps the stronger kind when a pair is listed twice (essential beats optional). */
function addLink(links: Map<string, Map<string, SkillRelationKind>>, r: EscoRelation): boolean {
  const row = links.get(r.from) ?? new Map<string, SkillRelationKind>();
  links.set(r.from, row);
  const had = row.get(r.to);
  if (had === "essential" || had === r.kind) return false;
  row.set(r.to, r.kind);
  return true;
}

/**
 * Collects ESCO records in any order (files stream row by row) and builds a catalogue. Concepts without a UUID URI or
 * a label are errors (the build throws CatalogueBuildError listing them); links to unknown concepts are dropped and
 * counted, because a partial export (say, skills without occupations) is legitimate input.
 */
export class EscoCatalogueBuilder {
  private readonly occupations = new Map<string, EscoOccupation>();
  private readonly skills = new Map<string, EscoSkill>();
  private readonly occupationSkills = new Map<string, Map<string, SkillRelationKind>>();
  private readonly skillSkills = new Map<string, Map<string, SkillRelationKind>>();
  private readonly groups = new Map<string, string>();
  private readonly problems: string[] = [];
  private duplicates = 0;
  private invalidLinks = 0;

  get size(): { occupations: number; skills: number } {
    return { occupations: this.occupations.size, skills: this.skills.size };
  }

  private concept(kind: string, uri: string, label: string, where: string): string | undefined {
    const id = escoIdOf(uri);
    if (!id) this.problems.push(`${where}: ${kind} URI "${uri.slice(0, 120)}" does not end in a UUID`);
    else if (!label) this.problems.push(`${where}: ${kind} ${uri} has no preferred label`);
    return id && label ? id : undefined;
  }

  addOccupation(o: EscoOccupation, where = "occupation"): void {
    const id = this.concept("occupation", o.uri, o.label, where);
    if (!id) return;
    if (this.occupations.has(id)) this.duplicates++;
    else this.occupations.set(id, o);
  }

  addSkill(s: EscoSkill, where = "skill"): void {
    const id = this.concept("skill", s.uri, s.label, where);
    if (!id) return;
    if (this.skills.has(id)) this.duplicates++;
    else this.skills.set(id, s);
  }

  /** An occupation's essential or optional skill. */
  addOccupationSkill(r: EscoRelation): void {
    const from = escoIdOf(r.from);
    const to = escoIdOf(r.to);
    if (!from || !to) this.invalidLinks++;
    else addLink(this.occupationSkills, { from, to, kind: r.kind });
  }

  /** A skill's essential or optional skill. */
  addSkillRelation(r: EscoRelation): void {
    const from = escoIdOf(r.from);
    const to = escoIdOf(r.to);
    if (!from || !to) this.invalidLinks++;
    else if (from !== to) addLink(this.skillSkills, { from, to, kind: r.kind });
  }

  addIscoGroup(g: EscoIscoGroup): void {
    if (g.code && g.label) this.groups.set(g.code, g.label);
  }

  private careerGroup(isco: string | undefined): string {
    const major = isco?.slice(0, 2);
    if (!major || major.length < 2) return "Unclassified";
    return this.groups.get(major) ?? `ISCO-08 sub-major group ${major}`;
  }

  build(source: string): { data: CatalogueData; report: EscoBuildReport } {
    const problems = [...this.problems];
    let dangling = this.invalidLinks;
    const warnings: string[] = [];

    const skills: Skill[] = [];
    for (const [id, s] of this.skills) {
      const related: SkillRelation[] = [];
      for (const [to, kind] of this.skillSkills.get(id) ?? []) {
        if (this.skills.has(to)) related.push({ id: to, kind });
        else dangling++;
      }
      related.sort((a, b) => byCode(a.kind, b.kind) || byCode(a.id, b.id));
      skills.push({
        id,
        name: s.label,
        description: text(s.description ?? undefined) || null,
        type: escoSkillType(s),
        aliases: aliasesOf(s.label, s.altLabels),
        case_sensitive: false,
        ...(related.length ? { related } : {}),
      });
    }
    for (const from of this.skillSkills.keys()) {
      if (!this.skills.has(from)) dangling += this.skillSkills.get(from)!.size;
    }

    const nameKey = new Map(skills.map((s) => [s.id, canonicalKey(s.name)]));
    const byName = (a: string, b: string) => byCode(nameKey.get(a)!, nameKey.get(b)!) || byCode(a, b);
    const titles: Title[] = [];
    let links = 0;
    let ungrouped = 0;
    for (const [id, o] of this.occupations) {
      const essential: string[] = [];
      const optional: string[] = [];
      for (const [to, kind] of this.occupationSkills.get(id) ?? []) {
        if (!nameKey.has(to)) dangling++;
        else (kind === "essential" ? essential : optional).push(to);
      }
      essential.sort(byName);
      optional.sort(byName);
      links += essential.length + optional.length;
      if (!o.iscoGroup) ungrouped++;
      titles.push({
        id,
        name: o.label,
        career_group: this.careerGroup(o.iscoGroup),
        aliases: aliasesOf(o.label, o.altLabels),
        // Only when present, so catalogues imported without descriptions keep their content hash.
        ...(o.description ? { description: o.description } : {}),
        skill_ids: [...essential, ...optional],
        essential_skills: essential.length,
      });
    }
    for (const from of this.occupationSkills.keys()) {
      if (!this.occupations.has(from)) dangling += this.occupationSkills.get(from)!.size;
    }

    for (const t of titles) if (this.skills.has(t.id)) problems.push(`id ${t.id} is both an occupation and a skill`);
    if (problems.length) throw new CatalogueBuildError(problems);

    if (this.occupations.size && !this.skills.size) warnings.push("no skills: titles have no skill mappings");
    if (this.skills.size && !this.occupations.size) warnings.push("no occupations: the catalogue has no titles");
    if (this.occupations.size && !this.groups.size) warnings.push("no ISCO groups: career groups are shown as ISCO codes");
    if (ungrouped) warnings.push(`${ungrouped} occupations have no ISCO group (career group "Unclassified")`);
    if (dangling) warnings.push(`${dangling} relations point to occupations or skills that are not in the data; dropped`);
    if (this.duplicates) warnings.push(`${this.duplicates} concepts were listed twice; the first was kept`);

    skills.sort((a, b) => byCode(a.id, b.id));
    titles.sort((a, b) => byCode(a.id, b.id));
    const relations = skills.reduce((n, s) => n + (s.related?.length ?? 0), 0);
    return {
      data: { version: catalogueVersionOf(titles, skills), source, titles, skills },
      report: {
        titles: titles.length,
        skills: skills.length,
        titleSkillLinks: links,
        skillRelations: relations,
        danglingLinks: dangling,
        duplicates: this.duplicates,
        warnings,
      },
    };
  }
}
