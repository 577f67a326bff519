import type { QueueKind } from "@winnow/storage/repos/screening-jobs";

/**
 * Where accepted jobs wait for a worker. The job itself is always stored in DynamoDB first; the queue only makes
 * it visible to workers (embedded: the stored job is the queue entry, enqueue wakes the local worker; SQS: a message
 * carrying the job id). Enqueueing twice is harmless: workers claim jobs with a conditional write.
 */
export interface ScreeningQueue {
  readonly kind: QueueKind;
  enqueue(jobId: string): Promise<void>;
}
