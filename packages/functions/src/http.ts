import { SQSClient } from "@aws-sdk/client-sqs";
import { handle } from "hono/aws-lambda";
import { createApp } from "@winnow/api";
import { SqsQueue, createAtsRuntime, createSealer, parseEncryptionKey } from "@winnow/ats";
import { createServices } from "@winnow/services";
import { createDynamo } from "@winnow/storage";
import { loadConfig, required } from "./config.ts";
import { createHttpHandler } from "./http-handler.ts";
import { logger } from "./observability.ts";
import { lambdaSyncLauncher } from "./sync-launcher.ts";

// Built once per Lambda instance. Missing configuration fails the init, so a misconfigured stage never answers.
const config = loadConfig();
const dynamo = createDynamo({ endpoint: config.dynamoEndpoint });
const store = {
  doc: dynamo.doc,
  table: config.tableName,
  ...(config.demographicsTableName ? { demographicsTable: config.demographicsTableName } : {}),
};
// Every instance must sign and verify with the same keys, so generated per-process keys are not an option here.
const services = createServices(store, { adminToken: required(config, "adminToken"), jwtKeys: required(config, "jwtSigningKeys") });
await services.tokens();
const ats = createAtsRuntime(store, {
  sealer: createSealer(parseEncryptionKey(required(config, "encryptionKey"))),
  queue: new SqsQueue({ client: new SQSClient({}), queueUrl: required(config, "screeningQueueUrl") }),
  log: ({ level, message, ...rest }) => {
    const text = typeof message === "string" ? message : "ats";
    if (level === "error") logger.error(text, rest);
    else if (level === "warn") logger.warn(text, rest);
    else logger.info(text, rest);
  },
});
// Without the link (a stage deployed before it existed) the admin sync runs in-process, as it did then.
const launchSync = config.taxonomySyncFunction ? lambdaSyncLauncher(config.taxonomySyncFunction) : undefined;
/**
 * `handle` buffers each response, and Lambda behind API Gateway returns at most 6 MB. Bodies it does not know as text
 * (the decision export's application/x-ndjson) go out base64-encoded, a third larger: 4 MiB becomes 5.6 MB.
 */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
const serve = handle(createApp(services, { ats, maxResponseBytes: MAX_RESPONSE_BYTES, ...(launchSync ? { launchSync } : {}) }));

/** Lambda entry of the HTTP API's routes (infra/api.ts). */
export const handler = createHttpHandler(serve);
