import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * A stand-in for the Lambda Node runtime, run as its own process: loads a bundle once (the init), then invokes the
 * export with each event in turn on the same instance, like a warm Lambda. Results go to a file, so the process's
 * stdout stays what CloudWatch would get: the function's log lines and EMF metrics.
 *
 * Usage: node run-handler.ts <bundle.mjs> <export> <events.json> <results.json> <timeout ms>
 */
const [bundle, exportName, eventsFile, resultsFile, timeout] = process.argv.slice(2);
if (!bundle || !exportName || !eventsFile || !resultsFile) throw new Error("usage: run-handler <bundle> <export> <events> <results> [timeout ms]");
const timeoutMs = Number(timeout ?? 30_000);
const functionName = process.env.AWS_LAMBDA_FUNCTION_NAME ?? "winnow-test-fn";

const started = performance.now();
const mod = (await import(pathToFileURL(bundle).href)) as Record<string, unknown>;
const initMs = performance.now() - started;
const fn = mod[exportName];
if (typeof fn !== "function") throw new Error(`${bundle} does not export a function "${exportName}"`);

const results: unknown[] = [];
for (const event of JSON.parse(readFileSync(eventsFile, "utf8")) as unknown[]) {
  const deadline = Date.now() + timeoutMs;
  const awsRequestId = randomUUID();
  const context = {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:eu-west-1:123456789012:function:${functionName}`,
    memoryLimitInMB: "1024",
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `2026/11/21/[$LATEST]${randomUUID().replace(/-/g, "")}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  try {
    results.push({ ok: true, awsRequestId, value: await (fn as (e: unknown, c: unknown) => Promise<unknown>)(event, context) });
  } catch (err) {
    results.push({ ok: false, awsRequestId, error: { name: (err as Error).name, message: (err as Error).message } });
  }
}
writeFileSync(resultsFile, JSON.stringify({ initMs, results }));
