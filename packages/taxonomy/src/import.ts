import { resolve } from "node:path";
import type { EscoBuildReport } from "@winnow/core/catalogue/esco";
import type { CatalogueData } from "@winnow/core/catalogue/types";
import type { CatalogueRepository } from "@winnow/storage";
import { readEscoCsvDirectory } from "./esco-csv.ts";
import { silentProgress, type ProgressReporter } from "./reporter.ts";

export interface EscoImportResult {
  version: string;
  /** Version that was active before (undefined: none). */
  previous: string | undefined;
  /** False when the imported content was already the active version. */
  changed: boolean;
  files: { name: string; rows: number }[];
  report: EscoBuildReport;
  timings: { readMs: number; writeMs: number; totalMs: number };
}

/**
 * Stores a built catalogue as a new version and switches the active pointer to it, in that order, so any failure
 * before the switch (including a crash mid-write) leaves the previous version active; the half-written version is
 * never listed and is overwritten by the next attempt. The switch is conditional on the version that was active when
 * the job started, so two concurrent imports cannot silently overwrite each other's choice.
 */
export async function storeAndActivate(
  catalogues: CatalogueRepository,
  data: CatalogueData,
  previous: string | undefined,
  progress: ProgressReporter = silentProgress,
): Promise<{ changed: boolean }> {
  if (!data.titles.length && !data.skills.length) throw new Error("the catalogue is empty: nothing to activate");
  if (previous === data.version) return { changed: false };
  if (!(await catalogues.versionInfo(data.version))) {
    const task = progress.task(`writing version ${data.version}`, data.titles.length + data.skills.length, "items");
    await catalogues.writeVersion(data, { onProgress: ({ written }) => task.update(written) });
    task.finish();
  }
  await catalogues.activate(data.version, previous ?? null);
  return { changed: true };
}

/** `taxonomy import esco <dir>`: reads the CSV export, builds the catalogue, stores it and activates it. */
export async function importEscoCsv(options: {
  dir: string;
  catalogues: CatalogueRepository;
  progress?: ProgressReporter;
}): Promise<EscoImportResult> {
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  const dir = resolve(options.dir);
  const previous = await options.catalogues.activeVersion();

  const { builder, files } = await readEscoCsvDirectory(dir, progress);
  const { data, report } = builder.build(`esco-csv:${dir}`);
  const read = performance.now();
  for (const w of report.warnings) progress.note(`warning: ${w}`);

  const { changed } = await storeAndActivate(options.catalogues, data, previous, progress);
  const done = performance.now();
  return {
    version: data.version,
    previous,
    changed,
    files: files.map((f) => ({ name: f.name, rows: f.rows })),
    report,
    timings: { readMs: Math.round(read - started), writeMs: Math.round(done - read), totalMs: Math.round(done - started) },
  };
}
