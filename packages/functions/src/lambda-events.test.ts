import { describe, expect, it } from "vitest";
import { UnsupportedEventError, describeEvent, isHttpApiEvent, isSqsEvent } from "./lambda-events.ts";

const httpEvent = () => ({
  version: "2.0",
  routeKey: "$default",
  rawPath: "/health",
  rawQueryString: "",
  headers: {},
  requestContext: { requestId: "abc=", http: { method: "GET", path: "/health" } },
  isBase64Encoded: false,
});
const sqsRecord = (messageId: string) => ({ messageId, body: "{}", eventSource: "aws:sqs", attributes: {} });

describe("isHttpApiEvent", () => {
  it("accepts an HTTP API payload 2.0 event", () => {
    expect(isHttpApiEvent(httpEvent())).toBe(true);
  });

  it("refuses payload 1.0, SQS batches, scheduler payloads and non-objects", () => {
    const v1 = { ...httpEvent(), version: "1.0" };
    const noHttp = { ...httpEvent(), requestContext: { requestId: "x" } };
    for (const event of [v1, noHttp, { Records: [] }, { source: "winnow.schedule" }, null, undefined, "GET /", [httpEvent()]]) {
      expect(isHttpApiEvent(event), JSON.stringify(event)).toBe(false);
    }
  });
});

describe("isSqsEvent", () => {
  it("accepts a batch, empty or not, whose records all carry an id and a body", () => {
    expect(isSqsEvent({ Records: [sqsRecord("1"), sqsRecord("2")] })).toBe(true);
    expect(isSqsEvent({ Records: [] })).toBe(true);
  });

  it("refuses records a partial batch response could not name, and other sources", () => {
    const { messageId: _id, ...anonymous } = sqsRecord("1");
    expect(isSqsEvent({ Records: [sqsRecord("1"), anonymous] })).toBe(false);
    expect(isSqsEvent({ Records: [{ ...sqsRecord("1"), eventSource: "aws:sns" }] })).toBe(false);
    expect(isSqsEvent({ Records: "none" })).toBe(false);
    expect(isSqsEvent(httpEvent())).toBe(false);
    expect(isSqsEvent(null)).toBe(false);
  });
});

describe("describeEvent / UnsupportedEventError", () => {
  it("name the shape and never a value", () => {
    const event = { authorization: "Bearer hunter2", body: "password=hunter2", key1: "value1" };
    const error = new UnsupportedEventError("an SQS batch", event);
    expect(error.message).toBe("expected an SQS batch, got an object with keys authorization, body, key1");
    expect(error.message).not.toContain("hunter2");
    expect(error.name).toBe("UnsupportedEventError");
  });

  it("cover every kind of value an invocation can carry", () => {
    expect(describeEvent(null)).toBe("null");
    expect(describeEvent(undefined)).toBe("undefined");
    expect(describeEvent("text")).toBe("a string");
    expect(describeEvent([1, 2])).toBe("an array of 2");
    expect(describeEvent({})).toBe("an empty object");
    const wide = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${String(i).padStart(2, "0")}`, i]));
    expect(describeEvent(wide)).toBe("an object with keys k00, k01, k02, k03, k04, k05, k06, k07, k08, k09, … (12 keys)");
  });
});
