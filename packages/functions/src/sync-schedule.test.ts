import { describe, expect, it } from "vitest";
import type { SyncRun, SyncStatus } from "@winnow/storage/repos/taxonomy-sync";
import { decideSync, type SyncPolicy } from "./sync-schedule.ts";

const policy: SyncPolicy = { everyDays: 7, retryFailedAfterHours: 6 };
const now = new Date("2026-11-21T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();

const run = (status: SyncStatus, finishedHoursAgo?: number, updatedHoursAgo = finishedHoursAgo ?? 0): SyncRun => ({
  id: "r",
  status,
  trigger: "schedule",
  source: "https://ec.europa.eu/esco/api",
  createdAt: hoursAgo(updatedHoursAgo + 1),
  updatedAt: hoursAgo(updatedHoursAgo),
  ...(finishedHoursAgo === undefined ? {} : { finishedAt: hoursAgo(finishedHoursAgo) }),
  attempts: 1,
  phase: "done",
  cursor: {},
  counts: {},
  errors: [],
  warnings: [],
});

describe("decideSync", () => {
  it("syncs when no run was ever recorded", () => {
    expect(decideSync(undefined, now, policy)).toEqual({ run: true, reason: "first" });
  });

  it("continues interrupted and still-running runs at once", () => {
    expect(decideSync(run("interrupted", 0.1), now, policy)).toEqual({ run: true, reason: "resume" });
    expect(decideSync(run("running", undefined, 0.1), now, policy)).toEqual({ run: true, reason: "resume" });
  });

  it("repeats a successful sync only after the interval", () => {
    expect(decideSync(run("succeeded", 7 * 24 - 1), now, policy)).toEqual({ run: false, reason: "recent" });
    expect(decideSync(run("succeeded", 7 * 24), now, policy)).toEqual({ run: true, reason: "due" });
  });

  it("backs off after a failure instead of retrying every tick", () => {
    expect(decideSync(run("failed", 5), now, policy)).toEqual({ run: false, reason: "backoff" });
    expect(decideSync(run("failed", 6), now, policy)).toEqual({ run: true, reason: "retry" });
    // A failed run without finishedAt is timed from its last update.
    expect(decideSync(run("failed", undefined, 1), now, policy)).toEqual({ run: false, reason: "backoff" });
  });

  it("runs when forced, whatever the history", () => {
    expect(decideSync(run("succeeded", 1), now, policy, true)).toEqual({ run: true, reason: "forced" });
  });
});
