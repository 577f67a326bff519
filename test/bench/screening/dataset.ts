import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { extractText } from "@winnow/core/documents/index";

export const FIXTURES = new URL("../../fixtures/screening/", import.meta.url);
/**
 * Half C: four professions written in session 7 as a fresh blind set by writers who never saw the engine. Its mean
 * was looked at after every merged batch of session 7; in session 8 a second fresh set took over the blind role and
 * this one was opened for diagnosis like the dev set (the directory keeps its first name).
 */
export const SET_C_FIXTURES = new URL("../../fixtures/screening-fresh/", import.meta.url);
/**
 * The fresh set: four more professions written in session 8 the same way. Nobody tuning the engine reads it; it is
 * looked at once per release, never per change, and shows whether the dev-set figures generalise.
 */
export const FRESH_FIXTURES = new URL("../../fixtures/screening-fresh2/", import.meta.url);

export interface LabelledCandidate {
  id: string;
  file: string;
  format: "text" | "pdf" | "docx";
  grade: number;
  own: boolean;
}
export interface LabelledJob {
  id: string;
  title: string;
  file: string;
  candidates: LabelledCandidate[];
  /** The directory its files are relative to. */
  root: URL;
  /** Half A, B or C of the dev set, or the fresh blind set. */
  half: Half;
}
export type Half = "A" | "B" | "C" | "fresh";

/**
 * Dev-set halves, fixed before any tuning: every second job in manifest order, so that each half mixes office,
 * technical, trade and care professions. Engine changes up to 2.11 were judged on half A only, with half B held out;
 * from 2.12 (session 7) half B is open for tuning as well, and the fresh set took over the held-out role.
 */
export const HALF_A_JOBS: ReadonlySet<string> = new Set([
  "backend-engineer",
  "staff-accountant",
  "elementary-teacher",
  "electrician",
  "account-executive",
  "sous-chef",
]);

/** The jobs of one set: the dev set's halves A and B (the default), half C, or the fresh set. */
export function loadLabels(root: URL = FIXTURES): LabelledJob[] {
  const file = new URL("labels.json", root);
  const setHalf: Half | undefined = root === SET_C_FIXTURES ? "C" : root === FRESH_FIXTURES ? "fresh" : undefined;
  const jobs = (JSON.parse(readFileSync(file, "utf8")) as { jobs: Omit<LabelledJob, "root" | "half">[] }).jobs;
  const halfOf = (id: string): Half => setHalf ?? (HALF_A_JOBS.has(id) ? "A" : "B");
  return jobs.map((j) => ({ ...j, root, half: halfOf(j.id) }));
}

export const readBytes = (file: string, root: URL = FIXTURES): Uint8Array => new Uint8Array(readFileSync(new URL(file, root)));

export const readJob = (job: LabelledJob): string => readFileSync(new URL(job.file, job.root), "utf8");

/** Every job open for tuning: halves A, B and C. */
export const loadOpenLabels = (): LabelledJob[] => [...loadLabels(FIXTURES), ...loadLabels(SET_C_FIXTURES)];

/** Every résumé's text as the API reads it: bytes through the document extractor, whatever the format. */
export async function decodeAll(jobs: readonly LabelledJob[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const job of jobs) {
    for (const c of job.candidates) {
      if (!texts.has(c.id)) texts.set(c.id, (await extractText(readBytes(c.file, job.root))).text);
    }
  }
  return texts;
}

/** Neutral tie-break key: a hash of the candidate id, unrelated to grades and listing order. */
export const tieKey = (id: string): string => createHash("sha256").update(id).digest("hex");
