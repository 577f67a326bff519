/**
 * A screening worker in its own process, for the crash tests: it runs the embedded queue named by
 * WINNOW_TEST_QUEUE and, on reaching the step named by CRASH_AT, reports it on stdout and stops making progress so
 * the parent can SIGKILL it at exactly that point.
 */
import { EmbeddedQueue, EmbeddedWorker, createAtsRuntime, createSealer, createWorkerDeps } from "@winnow/ats";
import { createServices } from "@winnow/services";
import { createDynamo } from "@winnow/storage";
import { FAST_WORKER } from "./ats-harness.ts";

const env = process.env;
const dynamo = createDynamo({ endpoint: env.DYNAMODB_ENDPOINT! });
const store = { doc: dynamo.doc, table: env.WINNOW_TEST_TABLE! };
const services = createServices(store, { adminToken: "unused", allowPrivateUrls: true });
const queue = new EmbeddedQueue();
const runtime = createAtsRuntime(store, {
  sealer: createSealer(Buffer.from(env.WINNOW_TEST_SEALER_KEY!, "base64")),
  queue,
  queueName: env.WINNOW_TEST_QUEUE!,
  log: () => undefined,
});
const deps = createWorkerDeps(services, runtime, { ...FAST_WORKER, leaseMs: Number(env.WINNOW_TEST_LEASE_MS) }, {
  afterStep: async (step) => {
    if (step !== env.CRASH_AT) return;
    process.stdout.write(`CRASHPOINT ${step}\n`);
    await new Promise(() => undefined);
  },
});
new EmbeddedWorker(deps, queue, { concurrency: 1, pollMs: 25 }).start();
process.stdout.write("READY\n");
