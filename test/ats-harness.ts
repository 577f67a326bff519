import { randomBytes, randomUUID } from "node:crypto";
import { serve } from "@hono/node-server";
import { createApp } from "@winnow/api";
import {
  EmbeddedQueue,
  EmbeddedWorker,
  createAtsRuntime,
  createSealer,
  createWorkerDeps,
  screeningId,
  type AtsProvider,
  type AtsRuntime,
  type ConnectionCredentials,
  type GreenhouseSettings,
  type JobOutcome,
  type ScreeningQueue,
  type WorkerDeps,
  type WorkerOptions,
} from "@winnow/ats";
import { createServices, type Services } from "@winnow/services";
import { AccountRepository, SCOPES, createDynamo, type Store } from "@winnow/storage";
import type { AtsCredentials, WriteBackSettings } from "@winnow/storage/repos/connections";
import type { JobStatus, ScreeningJob } from "@winnow/storage/repos/screening-jobs";
import { FakeGreenhouse, createFake, postWebhook, type FakeApplication, type FakeGreenhouseOptions, type FakeProvider, type SignedDelivery } from "./fakes/index.ts";

/** Short timeouts and backoffs so every fault resolves within seconds. */
export const FAST_WORKER: Partial<WorkerOptions> = {
  maxAttempts: 6,
  backoffBaseMs: 40,
  backoffMaxMs: 400,
  leaseMs: 3000,
  resumeWaitAttempts: 4,
  publicUrl: "http://winnow.test",
  http: { timeoutMs: 500, retries: 2, minBackoffMs: 20, maxBackoffMs: 100, maxRetryAfterMs: 3000, requestsPerSecond: 0, concurrency: 4 },
};

export const DEFAULT_WRITE_BACK: Record<AtsProvider, WriteBackSettings> = {
  greenhouse: { noteVisibility: "private", actingUserId: "4080", customField: "winnow_score", tag: "Winnow screened" },
  lever: { noteVisibility: "private", actingUserId: "8d3b2a7e-0c1f-4b3e-9a51-6c2f0f1e2d3c", tag: "Winnow {score}" },
  ashby: { noteVisibility: "private", actingUserId: "2f1b7c86-1d4b-4f7e-8a0e-3b9c5d6e7f80", customField: "5c8e1f2a-winnow-score", tag: "Winnow screened" },
};

/** A Greenhouse connection on Harvest v3: no tag (v3 tag writes are not supported yet), same acting user. */
export const GREENHOUSE_V3_WRITE_BACK: GreenhouseSettings = { noteVisibility: "private", actingUserId: "4080", customField: "winnow_score", apiVersion: "v3" };

/** An admin API body creating a Greenhouse connection to the harness's fake (Harvest v1 key), with overrides. */
export const greenhouseConnectionBody = (h: AtsHarness, webhookSecret: string, over: Record<string, unknown> = {}) => ({
  provider: "greenhouse",
  account_id: h.accountId,
  base_url: h.fake.url,
  // The harness's fake serves Harvest v1 and v3; these connections use the v1 key.
  api_version: "v1",
  credentials: { api_key: h.fake.apiKey },
  webhook_secret: webhookSecret,
  write_back: { acting_user_id: "4080", note_visibility: "private" },
  ...over,
});

export interface AtsHarness {
  provider: AtsProvider;
  /** The connection's write-back settings. */
  writeBack: WriteBackSettings;
  fake: FakeProvider;
  app: ReturnType<typeof createApp>;
  services: Services;
  store: Store;
  runtime: AtsRuntime;
  queueName: string;
  sealerKey: Buffer;
  adminToken: string;
  accountId: string;
  apiKey: string;
  connectionId: string;
  secret: string;
  /** Worker dependencies as the harness's workers get them (for the SQS handler). */
  workerDeps(hooks?: WorkerDeps["hooks"]): WorkerDeps;
  /** Starts the in-process embedded worker (not started by default, so tests can stage deliveries first). */
  startWorker(options?: { hooks?: WorkerDeps["hooks"] }): EmbeddedWorker;
  stopWorker(): Promise<void>;
  /** POSTs a delivery over real HTTP to the app. */
  deliver(delivery: SignedDelivery, options?: { connectionId?: string; provider?: string }): Promise<{ status: number; json: any }>;
  jobOf(app: FakeApplication): Promise<ScreeningJob | undefined>;
  waitFor(app: FakeApplication, statuses: JobStatus[], timeoutMs?: number): Promise<ScreeningJob>;
  waitForJob(jobId: string, statuses: JobStatus[], timeoutMs?: number): Promise<ScreeningJob>;
  outcomes: JobOutcome[];
  close(): Promise<void>;
}

/**
 * The real HTTP app (served on 127.0.0.1) with the ATS runtime on DynamoDB Local, a fake provider, one account and
 * one connection to the fake. Each harness has its own embedded-queue partition, so harnesses never take each
 * other's jobs.
 */
export async function atsHarness(
  provider: AtsProvider,
  options: { writeBack?: WriteBackSettings; worker?: Partial<WorkerOptions>; queue?: ScreeningQueue; greenhouse?: FakeGreenhouseOptions } = {},
): Promise<AtsHarness> {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error("DYNAMODB_ENDPOINT is not set: run through the integration project");
  const dynamo = createDynamo({ endpoint });
  const store: Store = { doc: dynamo.doc, table: process.env.WINNOW_TEST_TABLE! };
  const fake = await createFake(provider, undefined, options.greenhouse ? { greenhouse: options.greenhouse } : {}).start();
  const v3 = fake instanceof FakeGreenhouse && fake.apiVersion === "v3";
  const writeBack = options.writeBack ?? (v3 ? GREENHOUSE_V3_WRITE_BACK : DEFAULT_WRITE_BACK[provider]);
  // Harvest v3 connections keep their OAuth client credentials in the sealed credentials, without an API key.
  const credentials: AtsCredentials & ConnectionCredentials = v3 ? { apiKey: "", clientId: (fake as FakeGreenhouse).clientId, clientSecret: (fake as FakeGreenhouse).clientSecret } : { apiKey: fake.apiKey };
  const adminToken = `admin-${randomUUID()}`;
  const services = createServices(store, { adminToken, allowPrivateUrls: true });
  const queue = new EmbeddedQueue();
  const queueName = `test-${randomUUID()}`;
  const sealerKey = randomBytes(32);
  const runtime = createAtsRuntime(store, { sealer: createSealer(sealerKey), queue: options.queue ?? queue, queueName, log: () => undefined });
  const app = createApp(services, { ats: runtime });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const accounts = new AccountRepository(store);
  const account = await accounts.create(`ATS ${provider}`);
  const { key } = await accounts.createApiKey(account.id, SCOPES);
  const secret = randomBytes(24).toString("hex");
  const connection = await runtime.connections.create({
    provider,
    accountId: account.id,
    baseUrl: fake.url,
    credentials,
    webhookSecret: secret,
    writeBack,
  });

  let worker: EmbeddedWorker | undefined;
  const outcomes: JobOutcome[] = [];
  const jobOf = (app: FakeApplication) => runtime.jobs.get(screeningId(connection.id, app.applicationId));
  const waitForJob = async (jobId: string, statuses: JobStatus[], timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await runtime.jobs.get(jobId);
      if (job && statuses.includes(job.status)) return job;
      if (Date.now() > deadline) throw new Error(`job ${jobId} is ${job?.status ?? "missing"}, expected ${statuses.join("|")}: ${job?.lastError ?? ""}`);
      await new Promise((r) => setTimeout(r, 30));
    }
  };

  return {
    provider,
    writeBack,
    fake,
    app,
    services,
    store,
    runtime,
    queueName,
    sealerKey,
    adminToken,
    accountId: account.id,
    apiKey: key,
    connectionId: connection.id,
    secret,
    outcomes,
    workerDeps: (hooks) => createWorkerDeps(services, runtime, { ...FAST_WORKER, ...options.worker }, hooks),
    startWorker(opts = {}) {
      const deps = createWorkerDeps(services, runtime, { ...FAST_WORKER, ...options.worker }, opts.hooks);
      worker = new EmbeddedWorker(deps, queue, { concurrency: 3, pollMs: 25, stopTimeoutMs: 5000 });
      worker.onOutcome((o) => outcomes.push(o));
      worker.start();
      return worker;
    },
    async stopWorker() {
      await worker?.stop();
      worker = undefined;
    },
    deliver(delivery, opts = {}) {
      return postWebhook(`${baseUrl}/webhooks/${opts.provider ?? provider}/${opts.connectionId ?? connection.id}`, delivery.body, delivery.headers);
    },
    jobOf,
    waitFor: (app, statuses, timeoutMs) => waitForJob(screeningId(connection.id, app.applicationId), statuses, timeoutMs),
    waitForJob,
    async close() {
      await worker?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections(): void }).closeAllConnections();
      });
      await fake.stop();
      dynamo.client.destroy();
    },
  };
}
