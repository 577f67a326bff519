import { SQSClient } from "@aws-sdk/client-sqs";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { handle, type LambdaEvent } from "hono/aws-lambda";
import { createApp } from "@winnow/api";
import { SqsQueue, createAtsRuntime, createSealer, parseEncryptionKey } from "@winnow/ats";
import { createServices } from "@winnow/services";
import { createDynamo } from "@winnow/storage";
import { loadConfig, required } from "./config.ts";
import { httpMetrics } from "./http-metrics.ts";
import { count, logger, observe } from "./observability.ts";
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

/** The gateway's request ids are base64; the app accepts [A-Za-z0-9_=-] only, so they are passed on base64url-style. */
export const appRequestId = (gatewayRequestId: string) => gatewayRequestId.replace(/\+/g, "-").replace(/\//g, "_");

/**
 * API Gateway (HTTP API, payload 2.0) → Hono. The gateway's request id becomes the app's request id unless the
 * client sent one, so error bodies, function logs and the gateway's access log share it.
 */
export async function handler(event: APIGatewayProxyEventV2, context: Context) {
  const gatewayRequestId = event.requestContext.requestId;
  event.headers = { ...event.headers };
  event.headers["x-request-id"] ??= appRequestId(gatewayRequestId);
  return observe(context, { gatewayRequestId }, async () => {
    const started = performance.now();
    const result = await serve(event as unknown as LambdaEvent, context);
    const method = event.requestContext.http.method;
    const path = event.rawPath;
    for (const m of httpMetrics({ method, path, status: result.statusCode, body: result.isBase64Encoded ? undefined : result.body })) {
      count(m.name, m.value);
    }
    logger.info("request", {
      requestId: result.headers?.["x-request-id"] ?? gatewayRequestId,
      method,
      path,
      status: result.statusCode,
      durationMs: Math.round(performance.now() - started),
    });
    return result;
  });
}
