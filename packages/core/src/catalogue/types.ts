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

/** Built skill, as stored and served. */
export interface Skill {
  id: string;
  name: string;
  description: string | null;
  type: SkillTypeName;
  aliases: string[];
  case_sensitive: boolean;
}

/** Built title, as stored and served. */
export interface Title {
  id: string;
  name: string;
  career_group: string;
  aliases: string[];
  /** Skill ids, most central first. */
  skill_ids: string[];
}

/** A complete catalogue version. */
export interface CatalogueData {
  /** Content hash of titles and skills; equal data gives an equal version. */
  version: string;
  source: string;
  titles: Title[];
  skills: Skill[];
}
