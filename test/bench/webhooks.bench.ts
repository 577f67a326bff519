/**
 * npm run bench:webhooks — the ATS webhook path on the local stack (in-memory DynamoDB Local, fake Greenhouse):
 * 1. accepted webhooks/s (verify, dedupe, store, enqueue, 200) next to a bare route on the same server;
 * 2. end-to-end latency, webhook sent → note received by the fake ATS, at a steady rate below capacity, next to a
 *    synchronous POST /v1/match-insights of the same candidate (the screening cost any path pays).
 */
import { randomUUID } from "node:crypto";
import { serve } from "@hono/node-server";
import autocannon from "autocannon";
import { Hono } from "hono";
import { createApp } from "@winnow/api";
import { EmbeddedQueue, EmbeddedWorker, createAtsRuntime, createSealer, createWorkerDeps } from "@winnow/ats";
import { createServices } from "@winnow/services";
import { benchStack } from "./local-stack.ts";
import { FakeGreenhouse } from "../fakes/greenhouse.ts";
import { JOB_TEXT, RESUME_TEXT } from "../fakes/provider.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const E2E_COUNT = Number(process.env.BENCH_E2E ?? 40);
const E2E_RATE = Number(process.env.BENCH_E2E_RATE ?? 4);

const stack = await benchStack();
const { store, key } = stack;
const account = { id: stack.accountId };
const services = createServices(store, { adminToken: randomUUID(), allowPrivateUrls: true });

const fake = await new FakeGreenhouse().start();
const sealer = createSealer(Buffer.alloc(32, 7));
const secret = "bench-webhook-secret";

/** A runtime on its own queue partition: the acceptance run's thousands of jobs never reach the latency run. */
async function setup(queueName: string) {
  const queue = new EmbeddedQueue();
  const runtime = createAtsRuntime(store, { sealer, queue, queueName, log: () => undefined });
  const connection = await runtime.connections.create({
    provider: "greenhouse",
    accountId: account.id,
    baseUrl: fake.url,
    credentials: { apiKey: fake.apiKey },
    webhookSecret: secret,
    writeBack: { noteVisibility: "private", actingUserId: "1" },
  });
  return { queue, runtime, connection };
}

const accept = await setup("bench-accept");
const e2e = await setup("bench-e2e");
const root = new Hono();
root.post("/bare", async (c) => c.json({ success: true, data: { bytes: (await c.req.arrayBuffer()).byteLength } }));
const apps = { accept: createApp(services, { ats: accept.runtime }), e2e: createApp(services, { ats: e2e.runtime }) };
root.route("/a", apps.accept);
root.route("/e", apps.e2e);
const server = serve({ fetch: root.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((r) => server.once("listening", r));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// 1. Throughput: every request is a new application with its own correctly signed delivery.
const sample = fake.applicationWebhook(fake.apply(), secret);
async function load(path: string, fresh: boolean) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: "POST",
        path,
        setupRequest: (req: any) => {
          const delivery = fresh ? fake.applicationWebhook(fake.apply(), secret) : sample;
          return { ...req, body: delivery.body, headers: { ...req.headers, "content-type": "application/json", ...delivery.headers } };
        },
      },
    ],
  });
  if (result.non2xx + result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}
await load("/bare", false); // warm-up
const bare = await load("/bare", false);
const hook = await load(`/a/webhooks/greenhouse/${accept.connection.id}`, true);

// 2. Latency: webhooks at a steady rate, worker running; a note's arrival at the fake ATS ends the clock.
const worker = new EmbeddedWorker(createWorkerDeps(services, e2e.runtime, { publicUrl: base }), e2e.queue, { concurrency: 2, pollMs: 200 });
worker.start();
const sent = new Map<string, number>();
const hookUrl = `${base}/e/webhooks/greenhouse/${e2e.connection.id}`;
// Warm-up outside the measurement: the first screening loads the catalogue.
{
  const app = fake.apply();
  const delivery = fake.applicationWebhook(app, secret);
  await fetch(hookUrl, { method: "POST", headers: { "content-type": "application/json", ...delivery.headers }, body: delivery.body });
  while (fake.notes(app).length === 0) await new Promise((r) => setTimeout(r, 20));
}
for (let i = 0; i < E2E_COUNT; i++) {
  const app = fake.apply();
  const delivery = fake.applicationWebhook(app, secret);
  sent.set(app.candidateId, Date.now());
  const res = await fetch(hookUrl, { method: "POST", headers: { "content-type": "application/json", ...delivery.headers }, body: delivery.body });
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
  await new Promise((r) => setTimeout(r, 1000 / E2E_RATE));
}
const noted = () => fake.calls("createNote").filter((c) => c.status === 201 && sent.has(c.path.split("/")[3]!));
const deadline = Date.now() + 120_000;
while (noted().length < E2E_COUNT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
const latencies = noted()
  .map((c) => c.at - sent.get(c.path.split("/")[3]!)!)
  .sort((a, b) => a - b);
if (latencies.length < E2E_COUNT) throw new Error(`only ${latencies.length} of ${E2E_COUNT} notes arrived`);
await worker.stop();

// Baseline: the same screening done synchronously through the public API.
const syncTimes: number[] = [];
const body = JSON.stringify({ job_description: JOB_TEXT, candidate: { first_name: "Alex", resume_link: Buffer.from(RESUME_TEXT).toString("base64") } });
for (let i = -1; i < E2E_COUNT; i++) {
  const t0 = performance.now();
  const res = await fetch(`${base}/a/v1/match-insights`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`match-insights answered ${res.status}`);
  if (i >= 0) syncTimes.push(performance.now() - t0);
}
syncTimes.sort((a, b) => a - b);

const pad = (s: string, n: number) => s.padEnd(n);
const num = (n: number, d = 0) => n.toFixed(d).padStart(10);
console.log(`\nbench:webhooks — ${CONNECTIONS} connections × ${DURATION} s, one process, DynamoDB Local (in memory), fake Greenhouse\n`);
console.log(`${pad("accepted webhooks", 44)}${"req/s".padStart(10)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"vs bare".padStart(10)}`);
console.log(`${pad("POST /bare (baseline, same body size)", 44)}${num(bare.rps)}${num(bare.p50, 1)}${num(bare.p99, 1)}${"1.000".padStart(10)}`);
console.log(`${pad("POST /webhooks/greenhouse/{id} (new application)", 44)}${num(hook.rps)}${num(hook.p50, 1)}${num(hook.p99, 1)}${(hook.rps / bare.rps).toFixed(3).padStart(10)}`);
console.log(`\n${pad(`end to end (${E2E_COUNT} applications at ${E2E_RATE}/s)`, 44)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"max ms".padStart(10)}${"p50 ratio".padStart(10)}`);
console.log(`${pad("POST /v1/match-insights, synchronous (baseline)", 44)}${num(percentile(syncTimes, 50), 1)}${num(percentile(syncTimes, 99), 1)}${num(syncTimes.at(-1)!, 1)}${"1.00".padStart(10)}`);
console.log(`${pad("webhook → note in the ATS", 44)}${num(percentile(latencies, 50), 1)}${num(percentile(latencies, 99), 1)}${num(latencies.at(-1)!, 1)}${(percentile(latencies, 50) / percentile(syncTimes, 50)).toFixed(2).padStart(10)}`);

server.close();
await fake.stop();
await stack.close();
process.exit(0);
