/**
 * Loaders for the JobBERT job-normalization dev set (../shared/data/jobbert): the ESCO v1.0 occupations as a
 * catalogue (name = preferred label, aliases = alternative labels) and the labelled vacancy titles of val.csv.
 */
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { buildCatalogue } from "@winnow/core/catalogue/build";
import type { CatalogueData, TitleSource } from "@winnow/core/catalogue/types";

export const JOBBERT_DIR = process.env.JOBBERT_DIR ?? new URL("../../../shared/data/jobbert/", import.meta.url).pathname;

interface OccupationRow {
  conceptUri: string;
  iscoGroup: string;
  preferredLabel: string;
  altLabels: string;
  description?: string;
}

export interface LabelledTitle {
  text: string;
  /** Preferred label of the ESCO occupation. */
  label: string;
}

const idOf = (uri: string): string => uri.slice(uri.lastIndexOf("/") + 1);

const readCsv = <T>(file: string): T[] =>
  parse(readFileSync(file), { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true }) as T[];

/** ESCO occupations as catalogue titles without skills; ids come from the ESCO concept URIs. */
export function loadEscoCatalogue(file = `${JOBBERT_DIR}esco_v1.0_occupations_en.csv`): CatalogueData {
  const rows = readCsv<OccupationRow>(file);
  // One source "file" per ISCO unit group, so each title's career group is its ISCO code.
  const groups = new Map<string, TitleSource[]>();
  for (const r of rows) {
    const group = `ISCO ${r.iscoGroup}`;
    const list = groups.get(group) ?? [];
    list.push({
      id: idOf(r.conceptUri),
      name: r.preferredLabel,
      aliases: r.altLabels.split(/\r?\n/).filter((a) => a.trim()),
      skills: [],
    });
    groups.set(group, list);
  }
  const files = [...groups].map(([group, titles]) => ({ path: group, content: { career_group: group, titles } }));
  const data = buildCatalogue(files, "esco-1.0");
  // Source files carry no descriptions; they join the built titles by id, as the ESCO import sets them.
  const descriptions = new Map(rows.map((r) => [idOf(r.conceptUri), r.description?.trim()]));
  for (const t of data.titles) {
    const description = descriptions.get(t.id);
    if (description) t.description = description;
  }
  return data;
}

export function loadValTitles(file = `${JOBBERT_DIR}val.csv`): LabelledTitle[] {
  return readCsv<LabelledTitle>(file);
}
