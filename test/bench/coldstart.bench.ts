/**
 * npm run bench:coldstart — bundles every Lambda function the way SST does (packages/functions/src/tools/bundle.ts)
 * and measures, for each, the bundle size and the cold start in fresh Node processes, next to a minimal Hono handler
 * bundled the same way:
 * - init: the module initialisation Lambda bills as "Init Duration" (load, compile and run the bundle's top level),
 *   timed inside the process around `import()`;
 * - cpu: the CPU time the process spent in that import (all threads): less sensitive than wall time to a busy
 *   machine, and what Lambda's share of a vCPU stretches (a 1,769 MB function has one full vCPU);
 * - process: spawn to handler ready, which adds Node's own start-up, as a Lambda cold start does.
 * Targets (issue 7): API init ≤ 250 ms and ≤ 3× the minimal handler; bundle ≤ 3 MB. Exits 1 when one is missed.
 * Sizes: "entry" is the entry file; "init code" adds the chunks it imports statically, i.e. everything a cold start
 * loads and compiles (code splitting moves modules shared with lazy chunks out of the entry into such chunks, so the
 * entry alone flatters); "package" adds the chunks loaded on first use (pdf.js, the AWS SDK's unused credential
 * providers, the in-process taxonomy sync). The bundle target is checked against the init code.
 * Floors: three more yardsticks built the same way — one zod-openapi route, one DynamoDB document-client route, and
 * both — show what the libraries the stack prescribes cost by themselves, before any Winnow code.
 * BENCH_RUNS (default 21) sets the processes per bundle; medians are reported.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { bundleEntry, buildFunctions, formatBytes, type BuiltFunction } from "@winnow/functions/tools/bundle";
import { generateSigningKeySet } from "@winnow/services";

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const TARGETS = { apiInitMs: 250, apiInitRatio: 3, bundleBytes: 3 * 1024 * 1024 };

const outDir = mkdtempSync(join(tmpdir(), "winnow-coldstart-"));
const functions = await buildFunctions({ outDir });
const yardstick = (name: string, file: string) => bundleEntry(name, new URL(`./yardsticks/${file}`, import.meta.url).pathname, "handler", outDir);
const minimal = await yardstick("minimal-hono", "minimal-hono.ts");
// Floors: what the prescribed libraries cost by themselves, bundled the same way (they show how much of the API's
// init is the stack rather than Winnow's code).
const floors = [
  await yardstick("floor-openapi", "openapi-floor.ts"),
  await yardstick("floor-dynamodb", "dynamodb-floor.ts"),
  await yardstick("floor-both", "stack-floor.ts"),
];

// The configuration a deployed function reads from its SST links; nothing here touches the network at init.
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  AWS_REGION: "eu-west-1",
  AWS_LAMBDA_FUNCTION_NAME: "winnow-bench",
  POWERTOOLS_SERVICE_NAME: "winnow",
  SST_RESOURCE_App: JSON.stringify({ name: "winnow", stage: "bench" }),
  SST_RESOURCE_Main: JSON.stringify({ name: "winnow-bench-main" }),
  SST_RESOURCE_AdminToken: JSON.stringify({ value: randomBytes(32).toString("base64url") }),
  SST_RESOURCE_JwtSigningKeys: JSON.stringify({ value: await generateSigningKeySet() }),
  SST_RESOURCE_EncryptionKey: JSON.stringify({ value: randomBytes(32).toString("base64") }),
  SST_RESOURCE_ScreeningQueue: JSON.stringify({ url: "https://sqs.eu-west-1.amazonaws.com/123456789012/bench" }),
  WINNOW_TABLE: "winnow-bench-main",
  WINNOW_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  WINNOW_SCREENING_QUEUE_URL: "https://sqs.eu-west-1.amazonaws.com/123456789012/bench",
};

const PROBE = `
const cpu = process.cpuUsage();
const started = performance.now();
const mod = await import(process.argv[1]);
const initMs = performance.now() - started;
const used = process.cpuUsage(cpu);
if (typeof mod[process.argv[2]] !== "function") throw new Error("no handler export");
process.stdout.write(JSON.stringify({ initMs, cpuMs: (used.user + used.system) / 1000 }));
`;

interface Sample {
  initMs: number;
  cpuMs: number;
  processMs: number;
}

async function coldStart(fn: BuiltFunction): Promise<Sample> {
  const spawned = performance.now();
  const child = spawn(process.execPath, ["--input-type=module", "-e", PROBE, fn.file, fn.exportName], { cwd: fn.root, env: { ...env, LAMBDA_TASK_ROOT: fn.root }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const processMs = performance.now() - spawned;
  if (code !== 0) throw new Error(`${fn.name}: exit ${code}\n${err}`);
  const { initMs, cpuMs } = JSON.parse(out) as { initMs: number; cpuMs: number };
  return { initMs, cpuMs, processMs };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const rows: (Sample & { fn: BuiltFunction })[] = [];
for (const fn of [minimal, ...floors, ...functions]) {
  await coldStart(fn); // warms the file cache, as Lambda's code is on local disk
  const samples: Sample[] = [];
  // Interleaving would spread load spikes more evenly, but one bundle at a time keeps each process's cache state alike.
  for (let i = 0; i < RUNS; i++) samples.push(await coldStart(fn));
  rows.push({ fn, initMs: median(samples.map((s) => s.initMs)), cpuMs: median(samples.map((s) => s.cpuMs)), processMs: median(samples.map((s) => s.processMs)) });
}

const base = rows[0]!;
console.log(`Cold start, median of ${RUNS} fresh processes each (node ${process.version}, ${process.arch}, ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)} at the end)\n`);
console.log(
  `${"function".padEnd(14)}${"entry".padStart(11)}${"init code".padStart(11)}${"package".padStart(11)}${"init".padStart(11)}${"× minimal".padStart(11)}${"cpu".padStart(11)}${"process".padStart(11)}${"× minimal".padStart(11)}`,
);
for (const r of rows) {
  console.log(
    r.fn.name.padEnd(14) +
      formatBytes(r.fn.bytes).padStart(11) +
      formatBytes(r.fn.initBytes).padStart(11) +
      formatBytes(r.fn.totalBytes).padStart(11) +
      `${r.initMs.toFixed(1)} ms`.padStart(11) +
      `${(r.initMs / base.initMs).toFixed(1)}×`.padStart(11) +
      `${r.cpuMs.toFixed(0)} ms`.padStart(11) +
      `${r.processMs.toFixed(0)} ms`.padStart(11) +
      `${(r.processMs / base.processMs).toFixed(1)}×`.padStart(11),
  );
}

const api = rows.find((r) => r.fn.name === "api")!;
const checks = [
  { what: `API init ≤ ${TARGETS.apiInitMs} ms`, ok: api.initMs <= TARGETS.apiInitMs, got: `${api.initMs.toFixed(1)} ms` },
  { what: `API init ≤ ${TARGETS.apiInitRatio}× minimal (module init)`, ok: api.initMs <= TARGETS.apiInitRatio * base.initMs, got: `${(api.initMs / base.initMs).toFixed(1)}×` },
  { what: `API cold start ≤ ${TARGETS.apiInitRatio}× minimal (process)`, ok: api.processMs <= TARGETS.apiInitRatio * base.processMs, got: `${(api.processMs / base.processMs).toFixed(1)}×` },
  ...rows.filter((r) => functions.includes(r.fn)).map((r) => ({ what: `${r.fn.name} init code ≤ ${formatBytes(TARGETS.bundleBytes)}`, ok: r.fn.initBytes <= TARGETS.bundleBytes, got: formatBytes(r.fn.initBytes) })),
];
console.log("");
for (const c of checks) console.log(`${c.ok ? "ok  " : "MISS"} ${c.what}: ${c.got}`);
const floor = rows.find((r) => r.fn.name === "floor-both")!;
console.log(
  `info the stack floor (one zod-openapi route reading DynamoDB) is ${(floor.initMs / base.initMs).toFixed(1)}× the minimal handler on module init ` +
    `(${(floor.processMs / base.processMs).toFixed(1)}× spawn-to-ready); the API is ${(api.initMs / floor.initMs).toFixed(1)}× that floor`,
);
rmSync(outDir, { recursive: true, force: true });
process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
