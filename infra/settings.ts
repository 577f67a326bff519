/**
 * Deployment tunables as plain data: infra/ turns them into SST arguments, the bundle script builds the same handler
 * list, and tests check the relations between them (a queue's visibility timeout against the worker's timeout, …).
 * No SST globals here, so anything can import this file.
 */

/** Every Lambda entry point, as SST handler strings (`<file without extension>.<export>`, relative to the repo root). */
export const handlers = {
  api: "packages/functions/src/http.handler",
  worker: "packages/functions/src/worker.handler",
  taxonomySync: "packages/functions/src/taxonomy-sync.handler",
  seed: "packages/functions/src/seed.handler",
} as const;

export type FunctionName = keyof typeof handlers;

/**
 * Shared by every function: Node 24 (what CI tests on) on Graviton (arm64: cheaper per millisecond than x86_64, SST's
 * default), ESM, minified — spelled out even where SST defaults agree, so a changed default shows up in review.
 */
export const lambdaDefaults = {
  runtime: "nodejs24.x",
  architecture: "arm64",
  format: "esm",
  minify: true,
  /**
   * Modules that are only imported dynamically go into their own chunks, loaded on first use instead of compiled at
   * every cold start: pdf.js (1.6 MB, behind unpdf's lazy import, needed only for PDF resumes) and the AWS SDK's
   * SSO/STS credential providers (never used on Lambda). Takes ~40 % off the API function's init (bench:coldstart).
   */
  splitting: true,
  /**
   * esbuild plugins, from a file whose default export is the list (relative to sst.config.ts): the same ones
   * packages/functions/src/tools/bundle.ts builds with, so what the benchmarks and tests measure is what deploys.
   */
  plugins: "packages/functions/src/tools/esbuild-plugins.ts",
  logRetention: "1 month",
} as const;

/** Lambda allots CPU by memory; at 1,769 MB a function has one full vCPU. Cold starts and screening are CPU-bound. */
const ONE_VCPU_MB = 1769;

export const api = {
  /**
   * API Gateway cuts HTTP API integrations at 30 s: the function's timeout stays under it, and the handler answers
   * with the app's error body shortly before its own timeout (packages/functions/src/http-handler.ts).
   */
  timeoutSeconds: 29,
  memoryMb: ONE_VCPU_MB,
  /**
   * ATS deliveries get a route of their own beside the catch-all (same function): the gateway's access log and
   * per-route metrics then tell webhook traffic from API calls. Hono's path: packages/api/src/views.ts webhookPath.
   */
  webhookRoute: "POST /webhooks/{provider}/{connectionId}",
} as const;

/** One job is a resume fetch, text extraction, scoring and a few ATS calls: seconds, with retries well under a minute. */
const JOB_BUDGET_SECONDS = 45;
/** Records per invocation; they run one after another, so the function timeout covers the whole batch. */
const WORKER_BATCH_SIZE = 4;
const WORKER_TIMEOUT_SECONDS = JOB_BUDGET_SECONDS * WORKER_BATCH_SIZE;

export const worker = {
  jobBudgetSeconds: JOB_BUDGET_SECONDS,
  batchSize: WORKER_BATCH_SIZE,
  timeoutSeconds: WORKER_TIMEOUT_SECONDS,
  /** Concurrent worker instances SQS may start: bounds the load on DynamoDB and on the ATS providers' rate limits. */
  maxConcurrency: 10,
  memoryMb: ONE_VCPU_MB,
} as const;

export const queue = {
  /** AWS's guidance for Lambda consumers: at least six times the function timeout, so a slow batch is never handed out twice. */
  visibilityTimeoutSeconds: WORKER_TIMEOUT_SECONDS * 6,
  /**
   * Receives before SQS moves a message to the DLQ. The worker retries a job itself (up to its maxAttempts, then the
   * job is dead-lettered in DynamoDB where the admin API can replay it), so SQS's count sits above that: the SQS DLQ
   * only catches messages the worker can never handle (poisoned bodies) or that crash it every time.
   */
  maxReceiveCount: 10,
  /** The longest SQS keeps a message: two weeks to look at dead letters. */
  dlqRetentionSeconds: 14 * 24 * 3600,
} as const;

export const taxonomySync = {
  /** The first sync replaces the shipped catalogue with ESCO's; false keeps a stage on the shipped one. */
  enabled: true,
  /** Hourly tick; the handler only starts a sync when one is due (below) or when an earlier one must be resumed. */
  schedule: "cron(17 * * * ? *)",
  timezone: "UTC",
  /** A successful sync is repeated after this long (ESCO publishes a few releases a year). */
  everyDays: 7,
  /** The Lambda maximum: a full ESCO sync may take longer; it stops at a checkpoint and the next tick resumes it. */
  timeoutSeconds: 900,
  /** Time kept back from the timeout to record the run as interrupted and release the lock. */
  stopMarginSeconds: 60,
  memoryMb: 1024,
  /** Scheduler retries of a failed invocation: none, the next tick resumes from the last checkpoint anyway. */
  retries: 0,
  /**
   * Lambda's own retries of an asynchronous invocation, a separate setting (default 2): the scheduler and the admin
   * API's hand-over both invoke asynchronously, so without it a sync that threw would run twice more within minutes,
   * a forced `fresh` one starting over each time.
   */
  asyncRetries: 0,
} as const;

export const seed = {
  /** Building the shipped catalogue and writing its chunks takes seconds; the margin covers a slow first DynamoDB write. */
  timeoutSeconds: 300,
  memoryMb: 2048,
  /** The shipped catalogue's JSON sources, and where they are copied in the seed function's package (relative to its root). */
  catalogueSource: "packages/catalogue/data",
  catalogueDir: "catalogue",
} as const;

/** Size/duration strings in the form SST's arguments take. */
export const seconds = (n: number) => `${n} seconds` as const;
export const megabytes = (n: number) => `${n} MB` as const;
