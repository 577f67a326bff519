import type { APIGatewayProxyEventV2, SQSEvent } from "aws-lambda";

/**
 * An invocation whose event is not what the function's trigger sends: a console test event, a function wired to the
 * wrong source, a payload format changed in infra/. Failing loudly, with the shape in the message, beats a TypeError
 * deep inside a handler.
 */
export class UnsupportedEventError extends Error {
  constructor(expected: string, event: unknown) {
    super(`expected ${expected}, got ${describeEvent(event)}`);
    this.name = "UnsupportedEventError";
  }
}

const MAX_KEYS = 10;

/** The event's shape for a log line: top-level keys only, never values, which may carry credentials. */
export function describeEvent(event: unknown): string {
  if (event === null || event === undefined) return String(event);
  if (Array.isArray(event)) return `an array of ${event.length}`;
  if (typeof event !== "object") return `a ${typeof event}`;
  const keys = Object.keys(event).sort();
  if (!keys.length) return "an empty object";
  const shown = keys.slice(0, MAX_KEYS).join(", ");
  return `an object with keys ${shown}${keys.length > MAX_KEYS ? `, … (${keys.length} keys)` : ""}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** What API Gateway's HTTP API sends a Lambda integration with payload format 2.0 (the only one infra/api.ts uses). */
export function isHttpApiEvent(event: unknown): event is APIGatewayProxyEventV2 {
  if (!isObject(event) || event.version !== "2.0" || typeof event.rawPath !== "string") return false;
  const context = event.requestContext;
  return isObject(context) && typeof context.requestId === "string" && isObject(context.http) && typeof context.http.method === "string";
}

/** An SQS batch from Lambda's event source mapping: every record must carry the id a partial batch response names. */
export function isSqsEvent(event: unknown): event is SQSEvent {
  if (!isObject(event) || !Array.isArray(event.Records)) return false;
  return event.Records.every((r: unknown) => isObject(r) && r.eventSource === "aws:sqs" && typeof r.messageId === "string" && typeof r.body === "string");
}
