import { SQSClient } from "@aws-sdk/client-sqs";
import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { SqsQueue, createAtsRuntime, createSealer, createWorkerDeps, handleScreeningRecord, parseEncryptionKey, type WorkerDeps } from "@winnow/ats";
import { createServices } from "@winnow/services";
import { createDynamo } from "@winnow/storage";

/**
 * The screening worker behind SQS: Powertools' BatchProcessor runs each record through the same job core as the
 * embedded queue and answers with partial batch failures, so only failed records (a job to retry, a poisoned
 * message) come back after the visibility timeout. Records are processed one after another: a batch belongs to one
 * Lambda instance, and provider concurrency is bounded per connection anyway.
 */
export function createScreeningHandler(deps: WorkerDeps): (event: SQSEvent, context: Context) => Promise<SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS);
  const record = async (r: SQSRecord) => {
    await handleScreeningRecord(deps, r);
  };
  return (event, context) => processPartialResponse(event, record, processor, { context, processInParallel: false, throwOnFullBatchFailure: false });
}

let configured: ReturnType<typeof createScreeningHandler> | undefined;

/** Lambda entry: configuration from the environment (WINNOW_TABLE, WINNOW_ENCRYPTION_KEY, WINNOW_SCREENING_QUEUE_URL). */
export const handler = (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  configured ??= (() => {
    const env = process.env;
    if (!env.WINNOW_ENCRYPTION_KEY || !env.WINNOW_SCREENING_QUEUE_URL) throw new Error("WINNOW_ENCRYPTION_KEY and WINNOW_SCREENING_QUEUE_URL must be configured");
    const dynamo = createDynamo({ endpoint: env.DYNAMODB_ENDPOINT || undefined });
    const store = { doc: dynamo.doc, table: env.WINNOW_TABLE ?? "winnow-main" };
    const services = createServices(store, { adminToken: env.WINNOW_ADMIN_TOKEN ?? "" });
    const queue = new SqsQueue({ client: new SQSClient({}), queueUrl: env.WINNOW_SCREENING_QUEUE_URL });
    const runtime = createAtsRuntime(store, { sealer: createSealer(parseEncryptionKey(env.WINNOW_ENCRYPTION_KEY)), queue });
    return createScreeningHandler(createWorkerDeps(services, runtime, { ...(env.WINNOW_PUBLIC_URL ? { publicUrl: env.WINNOW_PUBLIC_URL } : {}) }));
  })();
  return configured(event, context);
};
