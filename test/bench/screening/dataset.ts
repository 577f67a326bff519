import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { extractText } from "@winnow/core/documents/index";

export const FIXTURES = new URL("../../fixtures/screening/", import.meta.url);
/**
 * The fresh set: four professions written in session 7 by writers who never saw the engine, after half B of the dev
 * set had been opened for tuning. Nobody tuning the engine reads it; it shows whether the dev-set figures generalise.
 */
export const FRESH_FIXTURES = new URL("../../fixtures/screening-fresh/", import.meta.url);

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
  /** Half A or B of the dev set, or the fresh blind set. */
  half: Half;
}
export type Half = "A" | "B" | "fresh";

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

/** The dev set's jobs, or the fresh set's (whose labels exist only once its writers have finished). */
export function loadLabels(root: URL = FIXTURES): LabelledJob[] {
  const file = new URL("labels.json", root);
  if (root === FRESH_FIXTURES && !existsSync(file)) return [];
  const jobs = (JSON.parse(readFileSync(file, "utf8")) as { jobs: Omit<LabelledJob, "root" | "half">[] }).jobs;
  const halfOf = (id: string): Half => (root === FRESH_FIXTURES ? "fresh" : HALF_A_JOBS.has(id) ? "A" : "B");
  return jobs.map((j) => ({ ...j, root, half: halfOf(j.id) }));
}

export const readBytes = (file: string, root: URL = FIXTURES): Uint8Array => new Uint8Array(readFileSync(new URL(file, root)));

export const readJob = (job: LabelledJob): string => readFileSync(new URL(job.file, job.root), "utf8");

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
