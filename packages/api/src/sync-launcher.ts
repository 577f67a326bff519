import type { CatalogueRepository } from "@winnow/storage";

export interface SyncRequest {
  /** ESCO web-service base URL; the configured default when absent. */
  baseUrl?: string;
  /** Start over instead of resuming an interrupted sync. */
  fresh: boolean;
}

export interface SyncLaunch {
  /** The run's id; null when the run is queued and gets its id when it starts. */
  id: string | null;
  status: "running" | "queued";
  resumed: boolean;
  alreadyRunning: boolean;
}

/** How POST /admin/taxonomy/sync gets a sync going: in this process, or handed to the scheduled sync function. */
export type SyncLauncher = (catalogues: CatalogueRepository, request: SyncRequest) => Promise<SyncLaunch>;

/**
 * Runs the sync in this process, in the background: right for a long-lived server (`npm start`), wrong on Lambda,
 * where the instance freezes once the response is sent (see the functions package's launcher).
 * The sync engine (ESCO client, CSV import, catalogue builder) is imported here, on the first sync: a deployed API
 * hands syncs to their own function and never runs this, so its cold start need not compile that code.
 */
export const inProcessSync: SyncLauncher = async (catalogues, request) => {
  const { startTaxonomySync, SyncBusyError } = await import("@winnow/taxonomy/sync");
  try {
    const started = await startTaxonomySync(catalogues, { baseUrl: request.baseUrl, fresh: request.fresh, trigger: "admin-api" });
    // The outcome lands in the run record (GET /admin/taxonomy/syncs); `done` does not reject.
    started.done.catch((err: Error) => console.error(JSON.stringify({ level: "error", message: "taxonomy sync crashed", detail: err.message })));
    return { id: started.run.id, status: "running", resumed: started.resumed, alreadyRunning: false };
  } catch (err) {
    if (!(err instanceof SyncBusyError)) throw err;
    return { id: err.runId ?? null, status: "running", resumed: false, alreadyRunning: true };
  }
};
