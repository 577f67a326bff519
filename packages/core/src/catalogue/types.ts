/**
 * Catalogue model. The source format (what people edit, under packages/catalogue/data) names skills by
 * their canonical name; the built form carries stable ids derived from those names (see ids.ts).
 */

export const SKILL_TYPES = ["Specialized Skill", "Common Skill", "Certification", "Language"] as const;
export type SkillTypeName = (typeof SKILL_TYPES)[number];

/** One skill as written in a source file. */
export interface SkillSource {
  name: string;
  type: SkillTypeName;
  description?: string;
  aliases?: string[];
  /** Match the name and aliases only with this exact letter case (for names that are also common words: "Go", "R"). */
  case_sensitive?: boolean;
  /** Explicit id, kept when a skill is renamed so its id stays stable. */
  id?: string;
}

/** One job title as written in a source file. */
export interface TitleSource {
  name: string;
  aliases?: string[];
  /** Canonical skill names, most central first. */
  skills: string[];
  id?: string;
}

/** One source file: a career group with its titles, plus skill definitions. */
export interface CatalogueSourceFile {
  career_group?: string;
  skills?: SkillSource[];
  titles?: TitleSource[];
}

export const SKILL_RELATION_KINDS = ["essential", "optional"] as const;
export type SkillRelationKind = (typeof SKILL_RELATION_KINDS)[number];

/** A curated link from one skill to another (ESCO's skill–skill relations): the other skill is essential or optional to it. */
export interface SkillRelation {
  id: string;
  kind: SkillRelationKind;
}

/** Built skill, as stored and served. */
export interface Skill {
  id: string;
  name: string;
  description: string | null;
  type: SkillTypeName;
  aliases: string[];
  case_sensitive: boolean;
  /**
   * Skills this one relies on, essential first, from sources that curate such links (ESCO). Absent when the source has
   * none, so catalogues without relations keep their content hash.
   */
  related?: SkillRelation[];
}

/** Built title, as stored and served. */
export interface Title {
  id: string;
  name: string;
  career_group: string;
  aliases: string[];
  /**
   * What the job is (ESCO's occupation description). Absent when the source has none, so catalogues without
   * descriptions keep their content hash.
   */
  description?: string;
  /** Skill ids, most central first. */
  skill_ids: string[];
  /**
   * Set by sources that tell essential from optional skills (ESCO): the first `essential_skills` entries of `skill_ids`
   * are essential, the rest optional, and order within each part carries no weight. Absent: `skill_ids` is ranked.
   */
  essential_skills?: number;
}

/** A complete catalogue version. */
export interface CatalogueData {
  /** Content hash of titles and skills; equal data gives an equal version. */
  version: string;
  source: string;
  titles: Title[];
  skills: Skill[];
}
