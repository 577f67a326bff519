import type { Context } from "aws-lambda";
import { CatalogueRepository, createDynamo } from "@winnow/storage";
import { SyncBusyError, runTaxonomySync } from "@winnow/taxonomy/sync";
import { loadConfig } from "./config.ts";
import { Metric, count, logger, observe } from "./observability.ts";
import { DEFAULT_SYNC_POLICY, decideSync, type SyncPolicy } from "./sync-schedule.ts";

/** The payload EventBridge Scheduler sends (infra/schedule.ts `event`, with its placeholders filled in). */
export interface ScheduledSyncEvent {
  source?: string;
  scheduledTime?: string;
  executionId?: string;
  attempt?: string;
  /** For a manual invocation: sync now, whatever the schedule says. */
  force?: boolean;
  /** With force: start over instead of resuming an interrupted run. */
  fresh?: boolean;
  /** Who asked, recorded with the run: "schedule" unless the admin API handed the run over. */
  trigger?: "schedule" | "admin-api";
  /** ESCO web-service base URL for this run (admin API); the configured default otherwise. */
  baseUrl?: string;
}

export type ScheduledSyncResult =
  | { status: "skipped"; reason: string }
  | { status: "busy"; runId: string | null }
  | { status: "succeeded" | "failed" | "interrupted" | "running"; runId: string; version: string | null; changed: boolean };

/** Kept back from the invocation's remaining time unless infra/ says otherwise (settings.taxonomySync.stopMarginSeconds). */
const DEFAULT_STOP_MARGIN_SECONDS = 60;

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/**
 * How long a run may sync: the invocation's remaining time less the margin in which it records itself as interrupted
 * and releases its lock, so the next tick resumes it instead of Lambda ending it mid-write.
 */
export const syncTimeLimitMs = (remainingMs: number, env: NodeJS.ProcessEnv = process.env): number =>
  Math.max(1000, remainingMs - positive(env.WINNOW_TAXONOMY_SYNC_STOP_MARGIN_SECONDS, DEFAULT_STOP_MARGIN_SECONDS) * 1000);

let catalogues: CatalogueRepository | undefined;

export async function handler(event: ScheduledSyncEvent | null, context: Context): Promise<ScheduledSyncResult> {
  const input = event ?? {};
  return observe(context, { executionId: input.executionId, scheduledTime: input.scheduledTime }, async () => {
    if (!catalogues) {
      const config = loadConfig();
      catalogues = new CatalogueRepository({ doc: createDynamo({ endpoint: config.dynamoEndpoint }).doc, table: config.tableName });
    }
    const policy: SyncPolicy = {
      everyDays: positive(process.env.WINNOW_TAXONOMY_SYNC_EVERY_DAYS, DEFAULT_SYNC_POLICY.everyDays),
      retryFailedAfterHours: DEFAULT_SYNC_POLICY.retryFailedAfterHours,
    };
    const [last] = await catalogues.syncs.listRuns(1);
    const decision = decideSync(last, new Date(), policy, input.force === true);
    if (!decision.run) {
      logger.info("taxonomy sync not due", { reason: decision.reason, lastRun: last?.id, lastStatus: last?.status });
      return { status: "skipped", reason: decision.reason };
    }
    logger.info("taxonomy sync starting", { reason: decision.reason });
    let run;
    try {
      run = await runTaxonomySync(catalogues, {
        trigger: input.trigger === "admin-api" ? "admin-api" : "schedule",
        ...(input.force === true && input.baseUrl ? { baseUrl: input.baseUrl } : {}),
        fresh: input.force === true && input.fresh === true,
        timeLimitMs: syncTimeLimitMs(context.getRemainingTimeInMillis()),
      });
    } catch (err) {
      if (!(err instanceof SyncBusyError)) throw err;
      logger.info("taxonomy sync already running elsewhere", { runId: err.runId });
      return { status: "busy", runId: err.runId ?? null };
    }
    const { cursor: _cursor, errors, warnings, ...summary } = run;
    const fatal = errors.filter((e) => e.fatal).at(-1);
    if (run.status === "succeeded") count(Metric.TaxonomySyncSucceeded);
    else if (run.status === "interrupted") count(Metric.TaxonomySyncInterrupted);
    else count(Metric.TaxonomySyncFailed);
    if (run.changed) count(Metric.CatalogueActivated);
    const details = { ...summary, warnings: warnings.length, error: fatal?.message };
    if (run.status === "failed") logger.error("taxonomy sync failed", details);
    else logger.info(`taxonomy sync ${run.status}`, details);
    return { status: run.status, runId: run.id, version: run.version ?? null, changed: run.changed ?? false };
  });
}
