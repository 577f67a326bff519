import type { Context } from "aws-lambda";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { APIGatewayProxyResult } from "hono/aws-lambda";
import { appRequestId, createHttpHandler, type Serve } from "./http-handler.ts";
import { Metric, metrics } from "./observability.ts";

const context = (remainingMs: number): Context => {
  const deadline = Date.now() + remainingMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: "winnow-test-api",
    functionVersion: "$LATEST",
    invokedFunctionArn: "arn:aws:lambda:eu-west-1:123456789012:function:winnow-test-api",
    memoryLimitInMB: "1769",
    awsRequestId: "11111111-2222-3333-4444-555555555555",
    logGroupName: "/aws/lambda/winnow-test-api",
    logStreamName: "2026/11/22/[$LATEST]abc",
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

const event = (headers: Record<string, string> = {}) => ({
  version: "2.0",
  routeKey: "$default",
  rawPath: "/v1/match-insights/recommend-candidates",
  rawQueryString: "",
  headers,
  requestContext: { requestId: "Yx+/AbCdEfGhIj=", http: { method: "POST", path: "/v1/match-insights/recommend-candidates" } },
  isBase64Encoded: false,
}) as never;

const ok: APIGatewayProxyResult = { statusCode: 200, headers: { "x-request-id": "r1" }, body: "{}", isBase64Encoded: false };
const after = <T>(ms: number, value: () => T) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(value());
      } catch (err) {
        reject(err);
      }
    }, ms),
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createHttpHandler", () => {
  it("passes the app's answer through and gives the app the gateway's request id", async () => {
    let seen: string | undefined;
    const serve: Serve = async (e) => {
      seen = (e as { headers: Record<string, string> }).headers["x-request-id"];
      return ok;
    };
    expect(await createHttpHandler(serve)(event(), context(29_000))).toBe(ok);
    expect(seen).toBe(appRequestId("Yx+/AbCdEfGhIj="));
    expect(seen).toBe("Yx-_AbCdEfGhIj=");
  });

  it("answers with the app's 500 body before the function's timeout when the app is still working", async () => {
    const added = vi.spyOn(metrics, "addMetric");
    const started = Date.now();
    const result = await createHttpHandler(() => new Promise<never>(() => undefined), 1500)(event(), context(1700));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result.statusCode).toBe(500);
    expect(result.headers).toMatchObject({ "content-type": "application/json", "x-request-id": "Yx-_AbCdEfGhIj=" });
    const body = JSON.parse(result.body) as { error: number; message: string };
    expect(body.error).toBe(1000);
    expect(body.message).toContain("Yx-_AbCdEfGhIj=");
    const names = added.mock.calls.map(([name]) => name);
    expect(names).toContain(Metric.RequestsTimedOut);
    expect(names).toContain(Metric.Failures);
  });

  it("quotes the client's request id when the app would have kept it, the gateway's otherwise", async () => {
    const never = () => new Promise<never>(() => undefined);
    const kept = await createHttpHandler(never, 1500)(event({ "x-request-id": "client-id-1" }), context(1600));
    expect(kept.headers?.["x-request-id"]).toBe("client-id-1");
    const replaced = await createHttpHandler(never, 1500)(event({ "x-request-id": "has spaces" }), context(1600));
    expect(replaced.headers?.["x-request-id"]).toBe("Yx-_AbCdEfGhIj=");
  });

  it("leaves no unhandled rejection behind when the late work fails afterwards", async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      const serve: Serve = () => after(150, () => { throw new Error("late failure"); });
      expect((await createHttpHandler(serve, 1500)(event(), context(1550))).statusCode).toBe(500);
      await after(300, () => undefined);
      expect(rejections).toEqual([]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });

  it("fails an invocation that is no HTTP API event, naming its shape", async () => {
    const serve = vi.fn<Serve>(async () => ok);
    await expect(createHttpHandler(serve)({ Records: [] } as never, context(29_000))).rejects.toThrow(
      "expected an API Gateway HTTP API event (payload format 2.0), got an object with keys Records",
    );
    expect(serve).not.toHaveBeenCalled();
  });
});
