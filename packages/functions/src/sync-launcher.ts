import type { SyncLauncher } from "@winnow/api";
import type { ScheduledSyncEvent } from "./taxonomy-sync.ts";

/** Sends an event to a function without waiting for it (Lambda's asynchronous invocation). */
export type InvokeAsync = (functionName: string, payload: ScheduledSyncEvent) => Promise<void>;

/** The SDK call, loaded on first use: the API function should not compile the Lambda client at every cold start. */
export const invokeAsync: InvokeAsync = async (functionName, payload) => {
  const { InvokeCommand, LambdaClient } = await import("@aws-sdk/client-lambda");
  client ??= new LambdaClient({});
  const result = await client.send(
    new InvokeCommand({ FunctionName: functionName, InvocationType: "Event", Payload: new TextEncoder().encode(JSON.stringify(payload)) }),
  );
  // 202 is Lambda's "accepted for asynchronous invocation"; anything else means the event was not queued.
  if (result.StatusCode !== 202) throw new Error(`invoking ${functionName} answered ${result.StatusCode}`);
};
let client: import("@aws-sdk/client-lambda").LambdaClient | undefined;

/**
 * POST /admin/taxonomy/sync on Lambda. A sync started inside the API function would freeze with the instance once
 * the response is sent, so it is handed to the scheduled sync function (its own 15-minute budget, checkpoints,
 * lock) as a forced run. A sync that holds the lock is reported as already running, as locally; one that starts
 * between this check and the hand-over finds the lock taken and stops, which the run history shows.
 */
export function lambdaSyncLauncher(functionName: string, invoke: InvokeAsync = invokeAsync): SyncLauncher {
  return async (catalogues, request) => {
    const lock = await catalogues.syncs.lock();
    if (lock && lock.leaseUntil > Date.now()) return { id: lock.runId ?? null, status: "running", resumed: false, alreadyRunning: true };
    await invoke(functionName, {
      source: "winnow.admin",
      force: true,
      fresh: request.fresh,
      trigger: "admin-api",
      ...(request.baseUrl ? { baseUrl: request.baseUrl } : {}),
    });
    return { id: null, status: "queued", resumed: false, alreadyRunning: false };
  };
}
