import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import type { APIGatewayProxyResult, LambdaEvent } from "hono/aws-lambda";
import { ErrorCode, REQUEST_ID_MAX_LENGTH } from "@winnow/api";
import { httpMetrics } from "./http-metrics.ts";
import { UnsupportedEventError, isHttpApiEvent } from "./lambda-events.ts";
import { Metric, count, logger, observe } from "./observability.ts";

/** hono/aws-lambda's `handle(app)`: one buffered response per event. */
export type Serve = (event: LambdaEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * Time kept back from the function's timeout to answer, log and flush metrics. A function that reaches its timeout is
 * ended by Lambda: the client then gets API Gateway's bare 500/503 and nothing of the request is logged or counted.
 */
export const ANSWER_MARGIN_MS = 1500;

/** The gateway's request ids are base64; the app accepts [A-Za-z0-9_=-] only, so they are passed on base64url-style. */
export const appRequestId = (gatewayRequestId: string) => gatewayRequestId.replace(/\+/g, "-").replace(/\//g, "_");

/** The ids the app keeps (see REQUEST_ID_MAX_LENGTH); any other it replaces with its own. */
const KEPT_REQUEST_ID = new RegExp(`^[\\w=-]{1,${REQUEST_ID_MAX_LENGTH}}$`);

/** The app's answer for a request it could not finish in time, in its standard error shape (docs/errors.md). */
export function lateResponse(requestId: string): APIGatewayProxyResult {
  const { code, status } = ErrorCode.INTERNAL_ERROR;
  return {
    statusCode: status,
    headers: { "content-type": "application/json", "x-request-id": requestId },
    body: JSON.stringify({ error: code, message: `The request did not finish in time; quote request id ${requestId} when reporting it` }),
    isBase64Encoded: false,
  };
}

const LATE = Symbol("late");

/**
 * `work`, or LATE once `ms` have passed. Late work goes on in the background (a frozen instance picks it up at its
 * next invocation); the race stays subscribed to it, so its failure is no unhandled rejection, which would end the
 * Lambda instance.
 */
async function before<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms), LATE)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * API Gateway (HTTP API, payload 2.0) → Hono. The gateway's request id becomes the app's request id unless the
 * client sent one, so error bodies, function logs and the gateway's access log share it. A request still running
 * `answerMarginMs` before the function's timeout is answered with the app's 500 body instead.
 */
export function createHttpHandler(serve: Serve, answerMarginMs = ANSWER_MARGIN_MS) {
  return async function handler(event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyResult> {
    if (!isHttpApiEvent(event)) {
      return observe(context, {}, async () => {
        throw new UnsupportedEventError("an API Gateway HTTP API event (payload format 2.0)", event);
      });
    }
    const gatewayRequestId = event.requestContext.requestId;
    event.headers = { ...event.headers };
    event.headers["x-request-id"] ??= appRequestId(gatewayRequestId);
    const sent = event.headers["x-request-id"];
    const requestId = sent && KEPT_REQUEST_ID.test(sent) ? sent : appRequestId(gatewayRequestId);
    return observe(context, { gatewayRequestId }, async () => {
      const started = performance.now();
      const method = event.requestContext.http.method;
      const path = event.rawPath;
      const answered = await before(serve(event as unknown as LambdaEvent, context), context.getRemainingTimeInMillis() - answerMarginMs);
      const result = answered === LATE ? lateResponse(requestId) : answered;
      if (answered === LATE) {
        count(Metric.RequestsTimedOut);
        logger.error("request did not finish before the function's timeout", { requestId, method, path });
      }
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
  };
}
