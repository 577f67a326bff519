import { SendMessageCommand, type SQSClient } from "@aws-sdk/client-sqs";
import { isUuidShaped } from "@winnow/core/catalogue/ids";
import { processScreeningJob, type JobOutcome, type WorkerDeps } from "../worker.ts";
import type { ScreeningQueue } from "./types.ts";

/** The message body: only the job id — the job and its state live in DynamoDB. */
export interface ScreeningMessage {
  jobId: string;
}

/** Send side on AWS: one message per job. */
export class SqsQueue implements ScreeningQueue {
  readonly kind = "sqs" as const;
  private readonly client: SQSClient;
  private readonly queueUrl: string;
  constructor(options: { client: SQSClient; queueUrl: string }) {
    this.client = options.client;
    this.queueUrl = options.queueUrl;
  }

  async enqueue(jobId: string): Promise<void> {
    const body: ScreeningMessage = { jobId };
    await this.client.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(body) }));
  }
}

/** A record that can never succeed (not a screening message): it fails every time and ends in SQS's own DLQ. */
export class PoisonedMessage extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PoisonedMessage";
  }
}

export function parseScreeningMessage(body: string): ScreeningMessage {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new PoisonedMessage("message body is not JSON");
  }
  const jobId = (value as { jobId?: unknown } | null)?.jobId;
  if (typeof jobId !== "string" || !isUuidShaped(jobId)) throw new PoisonedMessage("message body has no valid jobId");
  return { jobId };
}

/**
 * Handles one SQS record; throwing marks it failed in the partial batch response, so SQS delivers it again after
 * the visibility timeout. A job that will retry (or that another worker holds) throws; a job that finished or was
 * dead-lettered returns, and its message is deleted.
 */
export async function handleScreeningRecord(deps: WorkerDeps, record: { body: string; messageId: string }): Promise<JobOutcome> {
  const { jobId } = parseScreeningMessage(record.body);
  const outcome = await processScreeningJob(deps, jobId);
  if (outcome.status === "retry") throw new Error(`job ${jobId} will retry: ${outcome.error}`);
  if (outcome.status === "busy") throw new Error(`job ${jobId} is held by another worker`);
  return outcome;
}
