import type { SyncRun } from "@winnow/storage/repos/taxonomy-sync";

export interface SyncPolicy {
  /** A successful sync is repeated after this many days. */
  everyDays: number;
  /** After a failed run, wait this long before trying again, so a broken upstream is not hit every tick. */
  retryFailedAfterHours: number;
}

export const DEFAULT_SYNC_POLICY: SyncPolicy = { everyDays: 7, retryFailedAfterHours: 6 };

export type SyncDecision =
  | { run: true; reason: "forced" | "first" | "resume" | "due" | "retry" }
  | { run: false; reason: "recent" | "backoff" };

const HOUR = 3600_000;

/**
 * Whether a scheduled tick starts (or continues) a sync, given the newest run. Interrupted and still-running runs go
 * on at once — that is how a sync longer than one Lambda invocation completes, tick after tick; the sync itself
 * decides between resuming and starting over, and its lock keeps a live run from being doubled.
 */
export function decideSync(last: SyncRun | undefined, now: Date, policy: SyncPolicy, force = false): SyncDecision {
  if (force) return { run: true, reason: "forced" };
  if (!last) return { run: true, reason: "first" };
  if (last.status === "interrupted" || last.status === "running") return { run: true, reason: "resume" };
  const since = now.getTime() - Date.parse(last.finishedAt ?? last.updatedAt);
  if (last.status === "failed") return since >= policy.retryFailedAfterHours * HOUR ? { run: true, reason: "retry" } : { run: false, reason: "backoff" };
  return since >= policy.everyDays * 24 * HOUR ? { run: true, reason: "due" } : { run: false, reason: "recent" };
}
