import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { extractText } from "@winnow/core/documents/index";

export const FIXTURES = new URL("../../fixtures/screening/", import.meta.url);

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
}

/**
 * Tuning half and held-out half, fixed before any tuning: every second job in manifest order, so that each half
 * mixes office, technical, trade and care professions. Engine changes are judged on the tuning half only; the
 * held-out half shows whether they generalise.
 */
export const TUNE_JOBS: ReadonlySet<string> = new Set([
  "backend-engineer",
  "staff-accountant",
  "elementary-teacher",
  "electrician",
  "account-executive",
  "sous-chef",
]);

export function loadLabels(): LabelledJob[] {
  return (JSON.parse(readFileSync(new URL("labels.json", FIXTURES), "utf8")) as { jobs: LabelledJob[] }).jobs;
}

export const readBytes = (file: string): Uint8Array => new Uint8Array(readFileSync(new URL(file, FIXTURES)));

/** Every résumé's text as the API reads it: bytes through the document extractor, whatever the format. */
export async function decodeAll(jobs: readonly LabelledJob[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const c of jobs.flatMap((j) => j.candidates)) {
    if (!texts.has(c.id)) texts.set(c.id, (await extractText(readBytes(c.file))).text);
  }
  return texts;
}

/** Neutral tie-break key: a hash of the candidate id, unrelated to grades and listing order. */
export const tieKey = (id: string): string => createHash("sha256").update(id).digest("hex");
