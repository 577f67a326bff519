import { createReadStream, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse";
import {
  ESCO_CSV_FILES,
  EscoCatalogueBuilder,
  iscoGroupFromCsv,
  occupationFromCsv,
  occupationSkillFromCsv,
  skillFromCsv,
  skillSkillFromCsv,
  type EscoCsvKind,
  type EscoCsvRow,
} from "@winnow/core/catalogue/esco";
import { silentProgress, type ProgressReporter } from "./reporter.ts";

export interface EscoCsvFile {
  kind: EscoCsvKind;
  name: string;
  path: string;
  bytes: number;
}

/** A file of the export that cannot be read: bad CSV, missing columns, unreadable. */
export class EscoCsvError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EscoCsvError";
  }
}

// Concept files first, so relation rows meet known concepts; the builder accepts any order all the same.
const READ_ORDER: EscoCsvKind[] = ["iscoGroups", "skills", "occupations", "occupationSkills", "skillSkills"];

/** The ESCO CSV files present in a directory (any subset), in reading order. */
export function findEscoCsvFiles(dir: string): EscoCsvFile[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new EscoCsvError(`${dir} is not a directory`);
  const files: EscoCsvFile[] = [];
  for (const kind of READ_ORDER) {
    const name = ESCO_CSV_FILES[kind].names.find((n) => existsSync(join(dir, n)));
    if (name) files.push({ kind, name, path: join(dir, name), bytes: statSync(join(dir, name)).size });
  }
  if (!files.length) {
    const expected = READ_ORDER.flatMap((k) => ESCO_CSV_FILES[k].names).join(", ");
    throw new EscoCsvError(`no ESCO CSV files in ${dir} (expected any of ${expected})`);
  }
  return files;
}

/**
 * Streams one CSV file (RFC 4180: quoted fields may hold commas, quotes and line breaks; CRLF or LF) and hands each
 * record, keyed by header, to `onRow`. The header must have the given columns.
 */
export async function readCsvFile(
  file: { name: string; path: string },
  columns: readonly string[],
  onRow: (row: EscoCsvRow, line: number) => void,
  onBytes: (bytes: number) => void = () => {},
): Promise<number> {
  let header: string[] | undefined;
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    columns: (names: string[]) => {
      header = names.map((n) => n.trim());
      return header;
    },
  });
  const input = createReadStream(file.path);
  let bytes = 0;
  input.on("data", (chunk) => {
    bytes += chunk.length;
    onBytes(bytes);
  });
  input.on("error", (err) => parser.destroy(err));
  input.pipe(parser);
  let rows = 0;
  try {
    for await (const row of parser as AsyncIterable<EscoCsvRow>) {
      if (rows === 0) {
        const missing = columns.filter((c) => !header?.includes(c));
        if (missing.length) throw new EscoCsvError(`${file.name}: missing column(s) ${missing.join(", ")}`);
      }
      rows++;
      onRow(row, parser.info.lines);
    }
  } catch (err) {
    input.destroy();
    if (err instanceof EscoCsvError) throw err;
    throw new EscoCsvError(`${file.name}: ${(err as Error).message}`, { cause: err });
  }
  if (rows === 0 && header) {
    const missing = columns.filter((c) => !header!.includes(c));
    if (missing.length) throw new EscoCsvError(`${file.name}: missing column(s) ${missing.join(", ")}`);
  }
  return rows;
}

/** Reads every ESCO file of a directory into a builder. */
export async function readEscoCsvDirectory(
  dir: string,
  progress: ProgressReporter = silentProgress,
): Promise<{ builder: EscoCatalogueBuilder; files: (EscoCsvFile & { rows: number })[] }> {
  const builder = new EscoCatalogueBuilder();
  const files = findEscoCsvFiles(dir);
  const out: (EscoCsvFile & { rows: number })[] = [];
  for (const file of files) {
    const task = progress.task(`reading ${file.name}`, file.bytes, "bytes");
    const where = (line: number) => `${file.name}:${line}`;
    const onRow: (row: EscoCsvRow, line: number) => void = {
      iscoGroups: (row: EscoCsvRow) => builder.addIscoGroup(iscoGroupFromCsv(row)),
      skills: (row: EscoCsvRow, line: number) => builder.addSkill(skillFromCsv(row), where(line)),
      occupations: (row: EscoCsvRow, line: number) => builder.addOccupation(occupationFromCsv(row), where(line)),
      occupationSkills: (row: EscoCsvRow) => {
        const r = occupationSkillFromCsv(row);
        if (r) builder.addOccupationSkill(r);
      },
      skillSkills: (row: EscoCsvRow) => {
        const r = skillSkillFromCsv(row);
        if (r) builder.addSkillRelation(r);
      },
    }[file.kind];
    const rows = await readCsvFile(file, ESCO_CSV_FILES[file.kind].columns, onRow, (b) => task.update(b));
    task.finish();
    out.push({ ...file, rows });
  }
  return { builder, files: out };
}
