/**
 * npm run bench:api — requests/s and latency of three API operations on the local server (in-memory DynamoDB Local),
 * next to a bare Hono route served by the same server in the same run.
 */
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { serve } from "@hono/node-server";
import autocannon from "autocannon";
import { Hono } from "hono";
import { createApp } from "@winnow/api";
import { createServices } from "@winnow/services";
import { loadDefaultCatalogue } from "@winnow/catalogue";
import { OAuthClientRepository, RateLimitRepository, SCOPES } from "@winnow/storage";
import { benchStack } from "./local-stack.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const stack = await benchStack();
const { store, key } = stack;
const account = { id: stack.accountId };
// The bench measures throughput, so its account gets limits it cannot reach; the counting itself still happens.
await new RateLimitRepository(store).setOverride(account.id, { perCredential: 1e9, perAccount: 1e9 });
const client = await new OAuthClientRepository(store).create(account.id, "bench", SCOPES);

const root = new Hono();
root.get("/bare", (c) => c.json({ ok: true }));
// BENCH_MAX_LEASE=1 turns rate-limit reservations off: one DynamoDB update per request (the limiter's worst case).
const maxLease = process.env.BENCH_MAX_LEASE ? Number(process.env.BENCH_MAX_LEASE) : undefined;
root.route("/", createApp(createServices(store, { adminToken: randomUUID(), ...(maxLease ? { meter: { maxLease } } : {}) })));
const server = serve({ fetch: root.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((r) => server.once("listening", r));
const port = (server.address() as { port: number }).port;
const url = `http://127.0.0.1:${port}`;
const token = (
  (await (
    await fetch(`${url}/v1/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials", client_id: client.record.id, client_secret: client.secret }),
    })
  ).json()) as { access_token: string }
).access_token;

const catalogue = loadDefaultCatalogue();
const skill = catalogue.skills.find((s) => s.name === "Python") ?? catalogue.skills[0]!;
const fixtures = new URL("../fixtures/", import.meta.url);
const job = readFileSync(new URL("job-backend.txt", fixtures), "utf8");
const resume = readFileSync(new URL("resume-strong.txt", fixtures), "utf8");

interface Case {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  /** Credential headers; an API key in x-api-key unless given. */
  auth?: Record<string, string>;
}
const cases: Case[] = [
  { name: "GET /v1/skills/{id}", method: "GET", path: `/v1/skills/${skill.id}` },
  { name: "GET /v1/skills/{id} (bearer JWT)", method: "GET", path: `/v1/skills/${skill.id}`, auth: { authorization: `Bearer ${token}` } },
  { name: "POST /v1/titles/normalize", method: "POST", path: "/v1/titles/normalize", body: JSON.stringify({ term: "Sr. Java Dev (m/w/d) - Remote, Berlin" }) },
  {
    name: "POST /v1/match-insights (text resume)",
    method: "POST",
    path: "/v1/match-insights",
    body: JSON.stringify({ job_description: job, candidate: { first_name: "Alex", resume_link: Buffer.from(resume).toString("base64") } }),
  },
];

async function run(c: Case) {
  const headers = { ...(c.auth ?? { "x-api-key": key }), "content-type": "application/json" };
  // Warm-up: the first requests build the catalogue index and JIT-compile the hot paths.
  for (let i = 0; i < 20; i++) {
    await fetch(url + c.path, { method: c.method, headers, body: c.body });
  }
  const result = await autocannon({
    url: url + c.path,
    method: c.method,
    body: c.body,
    headers,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const non2xx = result.non2xx + result.errors;
  if (non2xx > 0) throw new Error(`${c.name}: ${non2xx} failed requests`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const bare = await run({ name: "bare Hono route", method: "GET", path: "/bare" });
const rows = [{ name: "GET /bare (baseline)", ...bare }];
for (const c of cases) rows.push({ name: c.name, ...(await run(c)) });

const pad = (s: string, n: number) => s.padEnd(n);
const num = (n: number, d = 0) => n.toFixed(d).padStart(10);
console.log(`\nbench:api — ${CONNECTIONS} connections × ${DURATION} s each, one process, DynamoDB Local (in memory)\n`);
console.log(`${pad("operation", 40)}${"req/s".padStart(10)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"req/s vs bare".padStart(16)}`);
for (const r of rows) {
  console.log(`${pad(r.name, 40)}${num(r.rps)}${num(r.p50, 1)}${num(r.p99, 1)}${(r.rps / bare.rps).toFixed(3).padStart(16)}`);
}

server.close();
await stack.close();
process.exit(0);
