import {
  ESCO_LANGUAGE_SCHEME,
  escoTerm,
  iscoCodeOf,
  type EscoOccupation,
  type EscoRelation,
  type EscoSkill,
} from "@winnow/core/catalogue/esco";

/**
 * ESCO web-service (HAL JSON) shapes → ESCO records, the same records the CSV import produces. Only the fields used
 * are typed; everything is optional because upstream omits empty ones.
 */

interface HalLink {
  href?: string;
  uri?: string;
  title?: string;
  code?: string;
}

type Localized<T> = Record<string, T | undefined>;

export interface EscoResourceJson {
  uri?: string;
  title?: string;
  code?: string;
  preferredLabel?: Localized<string>;
  alternativeLabel?: Localized<string[]>;
  description?: Localized<{ literal?: string }>;
  _links?: Record<string, HalLink | HalLink[] | undefined>;
}

export interface EscoSearchJson {
  total?: number;
  count?: number;
  _embedded?: { results?: { uri?: string; title?: string }[] };
}

/** An occupation with its skill links, as fetched. */
export interface FetchedOccupation {
  occupation: EscoOccupation;
  skills: EscoRelation[];
}

/** A skill with its skill–skill links, as fetched. */
export interface FetchedSkill {
  skill: EscoSkill;
  related: EscoRelation[];
}

const links = (json: EscoResourceJson, name: string): HalLink[] => {
  const value = json._links?.[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

const uris = (json: EscoResourceJson, name: string): string[] =>
  links(json, name)
    .map((l) => l.uri)
    .filter((u): u is string => typeof u === "string" && u.length > 0);

const label = (json: EscoResourceJson, language: string): string =>
  (json.preferredLabel?.[language] ?? json.title ?? "").trim();

const altLabels = (json: EscoResourceJson, language: string): string[] => {
  const value = json.alternativeLabel?.[language];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
};

const relations = (from: string, json: EscoResourceJson): EscoRelation[] => [
  ...uris(json, "hasEssentialSkill").map((to) => ({ from, to, kind: "essential" as const })),
  ...uris(json, "hasOptionalSkill").map((to) => ({ from, to, kind: "optional" as const })),
];

/** Total and concept URIs of one search page. */
export function searchPageOf(json: EscoSearchJson): { total: number; uris: string[] } {
  const results = json._embedded?.results ?? [];
  const total = typeof json.total === "number" ? json.total : typeof json.count === "number" ? json.count : results.length;
  return { total, uris: results.map((r) => r.uri).filter((u): u is string => typeof u === "string" && u.length > 0) };
}

const descriptionOf = (json: EscoResourceJson, language: string): string | null =>
  json.description?.[language]?.literal?.replace(/\r\n?/g, "\n").trim() || null;

export function occupationOf(json: EscoResourceJson, language: string): FetchedOccupation {
  const uri = json.uri ?? "";
  const isco = links(json, "broaderIscoGroup")
    .map((l) => iscoCodeOf(l.uri) ?? iscoCodeOf(l.code))
    .find((c) => c?.length === 4);
  return {
    occupation: {
      uri,
      label: label(json, language),
      altLabels: altLabels(json, language),
      iscoGroup: isco ?? iscoCodeOf(json.code),
      description: descriptionOf(json, language),
    },
    skills: relations(uri, json),
  };
}

export function skillOf(json: EscoResourceJson, language: string): FetchedSkill {
  const uri = json.uri ?? "";
  return {
    skill: {
      uri,
      label: label(json, language),
      altLabels: altLabels(json, language),
      description: descriptionOf(json, language),
      skillType: escoTerm(uris(json, "hasSkillType")[0]),
      reuseLevel: escoTerm(uris(json, "hasReuseLevel")[0]),
      language: uris(json, "isInScheme").includes(ESCO_LANGUAGE_SCHEME),
    },
    related: relations(uri, json),
  };
}

/** Label of an ISCO group concept. */
export const conceptLabelOf = (json: EscoResourceJson, language: string): string => label(json, language);
