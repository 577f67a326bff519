import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BuiltFunction } from "@winnow/functions/tools/bundle";

const RUNNER = new URL("./run-handler.ts", import.meta.url).pathname;

export interface Invocation<T = any> {
  initMs: number;
  results: ({ ok: true; awsRequestId: string; value: T } | { ok: false; awsRequestId: string; error: { name: string; message: string } })[];
  /** What CloudWatch would get from the process's stdout, then its stderr: one JSON object per log line or EMF record. */
  lines: Record<string, any>[];
  stderr: string;
}

/**
 * Runs a bundled function in a fresh Node process with a Lambda-like environment (only what is passed here, plus
 * PATH), invoking it once per event.
 */
export async function invokeBundle<T = any>(fn: BuiltFunction, events: unknown[], env: Record<string, string>, timeoutMs = 60_000): Promise<Invocation<T>> {
  const dir = mkdtempSync(join(tmpdir(), "winnow-invoke-"));
  try {
    const eventsFile = join(dir, "events.json");
    const resultsFile = join(dir, "results.json");
    writeFileSync(eventsFile, JSON.stringify(events));
    const child = spawn(
      process.execPath,
      ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", RUNNER, fn.file, fn.exportName, eventsFile, resultsFile, String(timeoutMs)],
      {
        cwd: fn.root,
        env: {
          PATH: process.env.PATH ?? "",
          TZ: "UTC",
          AWS_REGION: "eu-west-1",
          AWS_DEFAULT_REGION: "eu-west-1",
          AWS_ACCESS_KEY_ID: "winnowlocal",
          AWS_SECRET_ACCESS_KEY: "winnowlocal",
          AWS_LAMBDA_FUNCTION_NAME: `winnow-test-${fn.name}`,
          AWS_LAMBDA_FUNCTION_MEMORY_SIZE: "1024",
          AWS_EXECUTION_ENV: "AWS_Lambda_nodejs24.x",
          AWS_LAMBDA_INITIALIZATION_TYPE: "on-demand",
          LAMBDA_TASK_ROOT: fn.root,
          POWERTOOLS_SERVICE_NAME: "winnow",
          POWERTOOLS_METRICS_NAMESPACE: "Winnow",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`${fn.name} exited with ${code}:\n${stderr}\n${stdout}`);
    const { initMs, results } = JSON.parse(readFileSync(resultsFile, "utf8"));
    // Lambda sends both streams to CloudWatch; Powertools writes warnings and errors to stderr.
    const lines = [stdout, stderr]
      .flatMap((stream) => stream.split("\n"))
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, any>);
    return { initMs, results, lines, stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** EMF records (Powertools Metrics) among the log lines, as `{ metric name: value }` per record. */
export const emfMetrics = (lines: Record<string, any>[]): Record<string, number>[] =>
  lines
    .filter((l) => l._aws?.CloudWatchMetrics)
    .map((l) => {
      const names: string[] = l._aws.CloudWatchMetrics.flatMap((m: { Metrics: { Name: string }[] }) => m.Metrics.map((x) => x.Name));
      return Object.fromEntries(names.map((n) => [n, l[n]]));
    });

/** Sum of one metric over every EMF record. */
export const metricTotal = (lines: Record<string, any>[], name: string): number =>
  emfMetrics(lines).reduce((sum, m) => sum + (typeof m[name] === "number" ? m[name] : 0), 0);

/** The SST link variables a deployed function would have for these components (how `Resource` reads them off AWS). */
export const sstLinks = (links: Record<string, Record<string, string>>): Record<string, string> => ({
  SST_RESOURCE_App: JSON.stringify({ name: "winnow", stage: "test" }),
  ...Object.fromEntries(Object.entries(links).map(([name, value]) => [`SST_RESOURCE_${name}`, JSON.stringify(value)])),
});
