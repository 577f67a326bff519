import { functionArgs } from "./lambda";
import { encryptionKey } from "./secrets";
import { queue as settings, seconds, worker } from "./settings";
import { table } from "./storage";

/** Messages the worker could never handle (see settings.queue.maxReceiveCount): kept two weeks for inspection. */
export const screeningDlq = new sst.aws.Queue("ScreeningDlq", {
  transform: { queue: { messageRetentionSeconds: settings.dlqRetentionSeconds } },
});

/** Accepted webhook deliveries: one message per screening job; the job itself lives in DynamoDB. */
export const screeningQueue = new sst.aws.Queue("ScreeningQueue", {
  visibilityTimeout: seconds(settings.visibilityTimeoutSeconds),
  dlq: { queue: screeningDlq.arn, retry: settings.maxReceiveCount },
});

/**
 * The screening worker, one subscriber with partial batch responses: only failed records come back. Subscribed once
 * the API exists, because the notes it writes into the ATS link to the match on the API's URL.
 */
export function subscribeWorker(publicUrl: $util.Input<string>) {
  return screeningQueue.subscribe(
    functionArgs("worker", {
      timeoutSeconds: worker.timeoutSeconds,
      memoryMb: worker.memoryMb,
      link: [table, screeningQueue, encryptionKey],
      // Links give worker.ts its configuration (through Resource) and the IAM access; the API's URL is no resource.
      environment: { WINNOW_PUBLIC_URL: publicUrl },
    }),
    {
      batch: { size: worker.batchSize, window: seconds(0), partialResponses: true },
      transform: { eventSourceMapping: { scalingConfig: { maximumConcurrency: worker.maxConcurrency } } },
    },
  );
}
