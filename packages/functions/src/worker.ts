import { SQSClient } from "@aws-sdk/client-sqs";
import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import {
  PoisonedMessage,
  SqsQueue,
  createAtsRuntime,
  createSealer,
  createWorkerDeps,
  handleScreeningRecord,
  parseEncryptionKey,
  type WorkerDeps,
} from "@winnow/ats";
import { createServices } from "@winnow/services";
import { createDynamo } from "@winnow/storage";
import { loadConfig, required } from "./config.ts";
import { UnsupportedEventError, isSqsEvent } from "./lambda-events.ts";
import { Metric, count, logger, observe } from "./observability.ts";

/**
 * The screening worker behind SQS: Powertools' BatchProcessor runs each record through the same job core as the
 * embedded queue and answers with partial batch failures, so only failed records (a job to retry, a poisoned
 * message) come back after the visibility timeout. Records are processed one after another: a batch belongs to one
 * Lambda instance, and provider concurrency is bounded per connection anyway.
 */
export function createScreeningHandler(deps: WorkerDeps): (event: SQSEvent, context: Context) => Promise<SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS);
  // BatchProcessor keeps a record's error to itself: logged here, a failed record can be traced to its message.
  const record = async (r: SQSRecord) => {
    try {
      await handleScreeningRecord(deps, r);
    } catch (err) {
      const details = { messageId: r.messageId, receiveCount: Number(r.attributes?.ApproximateReceiveCount) || undefined, error: (err as Error).message };
      if (err instanceof PoisonedMessage) logger.error("screening message can never be handled; SQS dead-letters it after its receives", details);
      else logger.warn("screening record failed; SQS delivers it again after the visibility timeout", details);
      throw err;
    }
  };
  return (event, context) => processPartialResponse(event, record, processor, { context, processInParallel: false, throwOnFullBatchFailure: false });
}

let configured: ReturnType<typeof createScreeningHandler> | undefined;

/** Built on the first invocation from the SST links (table, queue, encryption key), as the HTTP function is. */
function configure(): ReturnType<typeof createScreeningHandler> {
  const config = loadConfig();
  const dynamo = createDynamo({ endpoint: config.dynamoEndpoint });
  const store = { doc: dynamo.doc, table: config.tableName };
  // The worker issues no tokens and serves no admin calls; the services only screen and read the catalogue.
  const services = createServices(store, { adminToken: config.adminToken ?? "" });
  const queue = new SqsQueue({ client: new SQSClient({}), queueUrl: required(config, "screeningQueueUrl") });
  const runtime = createAtsRuntime(store, {
    sealer: createSealer(parseEncryptionKey(required(config, "encryptionKey"))),
    queue,
    log: ({ level, message, ...rest }) => {
      const text = typeof message === "string" ? message : "ats";
      if (level === "error") logger.error(text, rest);
      else if (level === "warn") logger.warn(text, rest);
      else logger.info(text, rest);
    },
  });
  // The notes written into the ATS link to the match on the API's URL, which is not a linkable resource of the
  // worker (the API subscribes it), so it comes as plain environment.
  const publicUrl = process.env.WINNOW_PUBLIC_URL;
  return createScreeningHandler(createWorkerDeps(services, runtime, publicUrl ? { publicUrl } : {}));
}

/** Lambda entry: one SQS batch; failed records are reported back and counted. Any other event fails the invocation. */
export const handler = (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
  observe(context, isSqsEvent(event) ? { records: event.Records.length } : {}, async () => {
    if (!isSqsEvent(event)) throw new UnsupportedEventError("an SQS batch from the screening queue", event);
    configured ??= configure();
    const response = await configured(event, context);
    const failed = response.batchItemFailures.length;
    count(Metric.ScreeningJobsProcessed, event.Records.length - failed);
    if (failed) count(Metric.ScreeningJobsFailed, failed);
    return response;
  });
