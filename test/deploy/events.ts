import { createHash, randomBytes, randomUUID } from "node:crypto";

/**
 * Events in the shapes AWS delivers them (captured field by field from the service documentation's samples), so the
 * bundled handlers see what they will see on Lambda.
 */

const REGION = "eu-west-1";
const ACCOUNT = "123456789012";

/** API Gateway HTTP API, payload format 2.0: the `$default` route, or another route of infra/api.ts with its path parameters. */
export function httpApiEvent(
  method: string,
  pathWithQuery: string,
  options: { headers?: Record<string, string>; json?: unknown; body?: string; cookies?: string[]; route?: { key: string; pathParameters: Record<string, string> } } = {},
) {
  const [rawPath = "/", rawQueryString = ""] = pathWithQuery.split("?");
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  const headers: Record<string, string> = {
    accept: "*/*",
    host: "abc123.execute-api.eu-west-1.amazonaws.com",
    "user-agent": "curl/8.5.0",
    "x-amzn-trace-id": `Root=1-${Date.now().toString(16)}-${randomUUID().replace(/-/g, "").slice(0, 24)}`,
    "x-forwarded-for": "203.0.113.10",
    "x-forwarded-port": "443",
    "x-forwarded-proto": "https",
    ...(options.json !== undefined ? { "content-type": "application/json" } : {}),
    ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}),
  };
  // HTTP APIs lower-case header names and join repeated ones with commas.
  for (const [k, v] of Object.entries(options.headers ?? {})) headers[k.toLowerCase()] = v;
  const query = new URLSearchParams(rawQueryString);
  const now = new Date();
  const routeKey = options.route?.key ?? "$default";
  return {
    version: "2.0",
    routeKey,
    rawPath,
    rawQueryString,
    ...(options.cookies ? { cookies: options.cookies } : {}),
    headers,
    ...(rawQueryString ? { queryStringParameters: Object.fromEntries([...query.keys()].map((k) => [k, query.getAll(k).join(",")])) } : {}),
    ...(options.route ? { pathParameters: options.route.pathParameters } : {}),
    requestContext: {
      accountId: ACCOUNT,
      apiId: "abc123",
      domainName: "abc123.execute-api.eu-west-1.amazonaws.com",
      domainPrefix: "abc123",
      http: { method, path: rawPath, protocol: "HTTP/1.1", sourceIp: "203.0.113.10", userAgent: "curl/8.5.0" },
      // Like the gateway's: 16 characters of base64 (so sometimes with "+" or "/").
      requestId: `${randomBytes(11).toString("base64").slice(0, 15)}=`,
      routeKey,
      stage: "$default",
      time: now.toUTCString().replace(/GMT$/, "+0000"),
      timeEpoch: now.getTime(),
    },
    ...(body !== undefined ? { body } : {}),
    isBase64Encoded: false,
  };
}

/** One SQS record as Lambda's event source mapping delivers it. */
export function sqsRecord(body: string, receiveCount = 1) {
  const sent = Date.now() - 1500;
  return {
    messageId: randomUUID(),
    receiptHandle: `AQEB${Buffer.from(randomUUID()).toString("base64")}`,
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: String(sent),
      SenderId: "AROAEXAMPLE:winnow-production-Api",
      ApproximateFirstReceiveTimestamp: String(sent + 20),
    },
    messageAttributes: {},
    md5OfBody: createHash("md5").update(body).digest("hex"),
    eventSource: "aws:sqs",
    eventSourceARN: `arn:aws:sqs:${REGION}:${ACCOUNT}:winnow-production-ScreeningQueueQueue`,
    awsRegion: REGION,
  };
}

export const sqsEvent = (...records: ReturnType<typeof sqsRecord>[]) => ({ Records: records });

/**
 * EventBridge Scheduler invoking a Lambda target: the payload is the schedule's `input` (infra/schedule.ts `event`)
 * with the context placeholders substituted.
 */
export function schedulerEvent(scheduledTime = new Date()) {
  return {
    source: "winnow.schedule",
    task: "taxonomy-sync",
    scheduledTime: scheduledTime.toISOString().replace(/\.\d{3}Z$/, "Z"),
    executionId: randomUUID(),
    scheduleArn: `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/default/winnow-production-TaxonomySyncSchedule`,
    attempt: "1",
  };
}

/** The payload the deploy's `aws.lambda.Invocation` sends the seed function (infra/catalogue.ts). */
export const deployInvocationEvent = () => ({ source: "winnow.deploy", task: "seed-catalogue" });
