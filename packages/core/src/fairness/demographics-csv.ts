/**
 * The self-identified demographics upload of a bias audit: a CSV with a header row naming `match_id`, `sex` and
 * `race_ethnicity` (any order, any case; spaces, slashes and hyphens count as underscores, so "Match ID" and
 * "Race/Ethnicity" work). Other columns are ignored and never stored: an ATS export may carry names or emails that
 * the audit does not need. A file that cannot be read as CSV, or lacks a required column, fails as a whole; a row
 * that is wrong on its own is rejected with its line number and the rest are kept.
 */
import { CsvError, parse } from "csv-parse/sync";
import { isUuidShaped } from "../catalogue/ids.ts";

export const DEMOGRAPHICS_CSV_LIMITS = {
  /** Request body cap of the upload (the CLI reads the same): ~40,000 rows of UUID and two labels. */
  maxBytes: 2 * 1024 * 1024,
  maxRows: 50_000,
  /** Longer answers are not labels but pasted text. */
  maxFieldLength: 200,
} as const;

export const DEMOGRAPHICS_COLUMNS = ["match_id", "sex", "race_ethnicity"] as const;

export interface DemographicsEntry {
  /** Lower-case UUID. */
  matchId: string;
  /** As self-identified (trimmed); absent when blank. Classified only when a report is computed. */
  sex?: string;
  raceEthnicity?: string;
  line: number;
}

export interface RejectedRow {
  line: number;
  reason: string;
}

export interface ParsedDemographics {
  rows: DemographicsEntry[];
  rejected: RejectedRow[];
  /** Header columns that were not used. */
  ignoredColumns: string[];
}

export type DemographicsCsvProblem = "malformed" | "header" | "too_many_rows" | "no_valid_rows";

/** The file as a whole is unusable; `line` points at the problem when there is one. */
export class DemographicsCsvError extends Error {
  readonly problem: DemographicsCsvProblem;
  readonly line?: number;
  constructor(problem: DemographicsCsvProblem, message: string, line?: number) {
    super(message);
    this.name = "DemographicsCsvError";
    this.problem = problem;
    if (line !== undefined) this.line = line;
  }
}

const columnName = (raw: string) => raw.trim().toLowerCase().replace(/[\s/-]+/g, "_");

interface Parsed {
  record: string[];
  /** 1-based line on which the record starts. */
  line: number;
}

const count = (fields: string[], pattern: RegExp) => fields.reduce((n, f) => n + (f.match(pattern)?.length ?? 0), 0);

function readRecords(text: string): Parsed[] {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, csv-parse yields { record, info } objects; its sync typings do not model that option.
    parsed = parse(text, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as typeof parsed;
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const line = (err as CsvError & { lines?: number }).lines;
    throw new DemographicsCsvError("malformed", `The file is not valid CSV: ${err.message.replace(/^[^:]*: /, "")}`, line);
  }
  // csv-parse reports the line a record ends on, and counts a CR LF inside a quoted field as two lines.
  let doubleCounted = 0;
  return parsed.map(({ record, info }) => {
    doubleCounted += count(record, /\r\n/g);
    return { record, line: info.lines - doubleCounted - count(record, /\r\n|\r|\n/g) };
  });
}

function headerColumns(header: Parsed | undefined): { index: Record<(typeof DEMOGRAPHICS_COLUMNS)[number], number>; ignored: string[] } {
  const expected = DEMOGRAPHICS_COLUMNS.join(",");
  if (!header) throw new DemographicsCsvError("header", `The file is empty: a header row ${expected} is required`);
  const names = header.record.map(columnName);
  const index = {} as Record<(typeof DEMOGRAPHICS_COLUMNS)[number], number>;
  for (const column of DEMOGRAPHICS_COLUMNS) {
    const at = names.indexOf(column);
    if (at < 0) {
      throw new DemographicsCsvError("header", `The header row (line ${header.line}) has no ${column} column: it must name ${expected}, in any order`, header.line);
    }
    if (names.indexOf(column, at + 1) >= 0) throw new DemographicsCsvError("header", `The header row names ${column} twice`, header.line);
    index[column] = at;
  }
  const used = new Set(Object.values(index));
  return { index, ignored: header.record.filter((_, i) => !used.has(i)) };
}

export function parseDemographicsCsv(text: string): ParsedDemographics {
  const records = readRecords(text);
  const [header, ...body] = records;
  const { index, ignored } = headerColumns(header);
  if (body.length > DEMOGRAPHICS_CSV_LIMITS.maxRows) {
    throw new DemographicsCsvError("too_many_rows", `The file has ${body.length} rows; upload at most ${DEMOGRAPHICS_CSV_LIMITS.maxRows} per request`);
  }
  const rows: DemographicsEntry[] = [];
  const rejected: RejectedRow[] = [];
  const firstLine = new Map<string, number>();
  for (const { record, line } of body) {
    const reject = (reason: string) => rejected.push({ line, reason });
    if (record.length !== header!.record.length) {
      reject(`has ${record.length} fields; the header has ${header!.record.length}`);
      continue;
    }
    const at = (column: (typeof DEMOGRAPHICS_COLUMNS)[number]) => record[index[column]] ?? "";
    const matchId = at("match_id").toLowerCase();
    const long = DEMOGRAPHICS_COLUMNS.find((c) => at(c).length > DEMOGRAPHICS_CSV_LIMITS.maxFieldLength);
    if (!matchId) reject("match_id is empty");
    else if (!isUuidShaped(matchId)) reject(`match_id "${matchId.slice(0, 40)}" is not a match id (a UUID)`);
    else if (long) reject(`${long} is longer than ${DEMOGRAPHICS_CSV_LIMITS.maxFieldLength} characters`);
    else if (firstLine.has(matchId)) reject(`match_id ${matchId} already appears on line ${firstLine.get(matchId)}`);
    else {
      firstLine.set(matchId, line);
      const sex = at("sex");
      const raceEthnicity = at("race_ethnicity");
      rows.push({ matchId, ...(sex ? { sex } : {}), ...(raceEthnicity ? { raceEthnicity } : {}), line });
    }
  }
  return { rows, rejected, ignoredColumns: ignored };
}
