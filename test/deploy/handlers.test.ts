import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDefaultCatalogue } from "@winnow/catalogue";
import { createAtsRuntime, createSealer, screeningId, type ScreeningQueue } from "@winnow/ats";
import { buildFunctions, type BuiltFunction } from "@winnow/functions/tools/bundle";
import { generateSigningKeySet } from "@winnow/services";
import { AccountRepository, CatalogueRepository, SCOPES, createDynamo, ensureTable, mainTable, type Store } from "@winnow/storage";
import { ScreeningJobRepository } from "@winnow/storage/repos/screening-jobs";
import { escoSubset, loadEscoExport, startFakeEscoApi, type FakeEscoApi } from "@winnow/taxonomy/testing/fake-esco-api";
import { createFake, type FakeProvider } from "../fakes/index.ts";
import { testService } from "../helpers.ts";
import { ESCO_DIR, freshStore, ict } from "../taxonomy-support.ts";
import { deployInvocationEvent, httpApiEvent, schedulerEvent, sqsEvent, sqsRecord } from "./events.ts";
import { startFakeLambda, type FakeLambda } from "./fake-lambda.ts";
import { startFakeSqs, type FakeSqs } from "./fake-sqs.ts";
import { invokeBundle, metricTotal, sstLinks } from "./lambda.ts";
import * as settings from "../../infra/settings.ts";

/**
 * The esbuild bundles a deploy ships, each run in its own Node process the way Lambda runs it, fed events in AWS's
 * shapes, against DynamoDB Local. Configuration arrives as SST links (SST_RESOURCE_*), as on AWS.
 */
const outDir = mkdtempSync(join(tmpdir(), "winnow-bundles-"));
const fns: Record<string, BuiltFunction> = {};
const endpoint = process.env.DYNAMODB_ENDPOINT!;
const sharedTable = process.env.WINNOW_TEST_TABLE!;
const dynamo = createDynamo({ endpoint });
const shared: Store = { doc: dynamo.doc, table: sharedTable };
const adminToken = `admin-${randomUUID()}`;
const encryptionKey = randomBytes(32);
let jwks = "";
let sqs: FakeSqs;

beforeAll(async () => {
  for (const fn of await buildFunctions({ outDir })) fns[fn.name] = fn;
  jwks = await generateSigningKeySet();
  sqs = await startFakeSqs();
}, 120_000);

afterAll(async () => {
  await sqs?.close();
  rmSync(outDir, { recursive: true, force: true });
});

const fn = (name: string) => {
  const built = fns[name];
  if (!built) throw new Error(`no bundle for ${name}`);
  return built;
};

const apiEnv = () => ({
  DYNAMODB_ENDPOINT: endpoint,
  ...sstLinks({
    Main: { name: sharedTable },
    AdminToken: { value: adminToken },
    JwtSigningKeys: { value: jwks },
    EncryptionKey: { value: encryptionKey.toString("base64") },
    ScreeningQueue: { url: sqs.queueUrl },
  }),
});

// Only what infra/queue.ts links to the worker: no admin token, no signing keys.
const workerEnv = () => ({
  DYNAMODB_ENDPOINT: endpoint,
  ...sstLinks({ Main: { name: sharedTable }, EncryptionKey: { value: encryptionKey.toString("base64") }, ScreeningQueue: { url: sqs.queueUrl } }),
});

const jsonBody = (result: { body?: string }) => JSON.parse(result.body ?? "null");

describe("bundled HTTP function (API Gateway HTTP API, payload 2.0)", () => {
  it("serves /health, /v1, /admin and errors, with the gateway's request id and one log line per request", async () => {
    const accounts = new AccountRepository(shared);
    const account = await accounts.create("Bundle test");
    const { key } = await accounts.createApiKey(account.id, SCOPES);
    const events = [
      httpApiEvent("GET", "/health"),
      httpApiEvent("GET", "/v1/titles?limit=2", { headers: { "x-api-key": key } }),
      httpApiEvent("POST", "/admin/accounts", { headers: { authorization: `Bearer ${adminToken}` }, json: { name: "Created through the bundle" } }),
      httpApiEvent("GET", "/v1/titles", { headers: { "x-api-key": "wnw_not_a_key" } }),
      httpApiEvent("GET", "/nowhere", { headers: { "X-Request-Id": "client-chosen-id" } }),
    ];
    const run = await invokeBundle(fn("api"), events, apiEnv());
    const [health, titles, created, unauthorized, missing] = run.results.map((r) => {
      if (!r.ok) throw new Error(`${r.error.name}: ${r.error.message}\n${run.stderr}`);
      return r.value;
    });

    expect(health.statusCode).toBe(200);
    expect(jsonBody(health).data).toEqual({ status: "ok" });
    expect(health.headers["x-request-id"]).toBe(events[0]!.requestContext.requestId.replace(/\+/g, "-").replace(/\//g, "_"));

    expect(titles.statusCode).toBe(200);
    expect(jsonBody(titles).data).toHaveLength(2);

    expect(created.statusCode).toBe(201);
    const createdId = jsonBody(created).data.id;
    expect(await accounts.get(createdId)).toMatchObject({ name: "Created through the bundle" });

    expect(unauthorized.statusCode).toBe(401);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["x-request-id"]).toBe("client-chosen-id");

    const requests = run.lines.filter((l) => l.message === "request");
    expect(requests.map((l) => [l.method, l.path, l.status])).toEqual([
      ["GET", "/health", 200],
      ["GET", "/v1/titles", 200],
      ["POST", "/admin/accounts", 201],
      ["GET", "/v1/titles", 401],
      ["GET", "/nowhere", 404],
    ]);
    // Powertools adds the Lambda context; the app's request id is on the line too.
    expect(requests[0]).toMatchObject({ level: "INFO", service: "winnow", function_name: "winnow-test-api", requestId: health.headers["x-request-id"] });
    expect(requests[0]!.function_request_id).toBe(run.results[0]!.awsRequestId);
    expect(requests[4]!.requestId).toBe("client-chosen-id");
    expect(metricTotal(run.lines, "ColdStart")).toBe(1);
  });

  it("screens a candidate and counts it in EMF metrics", async () => {
    const accounts = new AccountRepository(shared);
    const account = await accounts.create("Bundle screening");
    const { key } = await accounts.createApiKey(account.id, SCOPES);
    const run = await invokeBundle(fn("api"), [
      httpApiEvent("POST", "/v1/match-insights", {
        headers: { "x-api-key": key },
        json: {
          job_description: "Backend engineer: Python, SQL, Docker, PostgreSQL. 3+ years building APIs.",
          candidate: { first_name: "Ada", description: "Backend developer, 5 years of Python, SQL and Docker; built REST APIs on PostgreSQL." },
        },
      }),
    ], apiEnv());
    const [result] = run.results;
    expect(result?.ok).toBe(true);
    if (!result?.ok) return;
    expect(result.value.statusCode).toBe(201);
    expect(jsonBody(result.value).data.match_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(metricTotal(run.lines, "Screenings")).toBe(1);
    expect(metricTotal(run.lines, "Failures")).toBe(0);
  });
});

/** A one-page PDF resume, made here so the test does not depend on fixture files. */
async function pdfResume(lines: string[]): Promise<string> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 12, font }));
  return Buffer.from(await doc.save()).toString("base64");
}

describe("bundled HTTP function: what the bundle leaves out changes nothing", () => {
  // The bundle keeps zod's English locale only (packages/functions/src/tools/esbuild-plugins.ts).
  it("serves the same OpenAPI document and the same English validation errors as the unbundled app", async () => {
    const local = await testService();
    const invalid = { job_description: 42, candidate: { first_name: "", description: ["not", "text"] } };
    const run = await invokeBundle(fn("api"), [
      httpApiEvent("GET", "/v1/openapi.json"),
      httpApiEvent("POST", "/v1/match-insights", { headers: { "x-api-key": local.apiKey }, json: invalid }),
    ], apiEnv());
    const [doc, rejected] = run.results.map((r) => {
      if (!r.ok) throw new Error(`${r.error.name}: ${r.error.message}\n${run.stderr}`);
      return r.value;
    });

    expect(doc.statusCode).toBe(200);
    const { servers, ...bundledDoc } = jsonBody(doc);
    expect(servers).toEqual([{ url: "https://abc123.execute-api.eu-west-1.amazonaws.com/v1" }]);
    const { servers: _localServers, ...localDoc } = (await (await local.call("/v1/openapi.json")).json()) as Record<string, unknown>;
    expect(bundledDoc).toEqual(localDoc);

    const expected = await local.call("/v1/match-insights", { method: "POST", json: invalid });
    expect(rejected.statusCode).toBe(expected.status);
    expect(rejected.statusCode).toBe(400);
    const body = jsonBody(rejected);
    expect(body).toEqual(await expected.json());
    expect(JSON.stringify(body)).toMatch(/expected string, received number/);
  });
});

describe("bundled HTTP function: chunks loaded on first use", () => {
  it("reads a PDF resume through pdf.js, which sits in its own chunk beside the entry", async () => {
    const accounts = new AccountRepository(shared);
    const account = await accounts.create("Bundle PDF");
    const { key } = await accounts.createApiKey(account.id, SCOPES);
    const resume = await pdfResume(["Grace Hopper", "Backend developer", "Skills: Python, PostgreSQL, Docker, Kubernetes"]);
    const run = await invokeBundle(fn("api"), [
      httpApiEvent("POST", "/v1/match-insights", {
        headers: { "x-api-key": key },
        json: { job_description: "Backend engineer with Python, PostgreSQL and Kubernetes.", candidate: { first_name: "Grace", resume_link: resume } },
      }),
    ], apiEnv());
    const [result] = run.results;
    if (!result?.ok) throw new Error(JSON.stringify(result));
    expect(result.value.statusCode).toBe(201);
    const insights = jsonBody(result.value).data.recommendation_insights;
    // Text only the PDF holds: Docker is not in the job description.
    expect(insights.context_snippets.source_snippets.map((s: { snippet: string }) => s.snippet)).toContain("Skills: Python, PostgreSQL, Docker, Kubernetes");
    expect(insights.skills_breakdown.technical).toContain("Docker");
  });
});

describe("webhook → SQS → bundled worker (SQS batch with partial failures)", () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await createFake("greenhouse").start();
  });
  afterAll(async () => {
    await fake?.stop();
  });

  it("accepts a signed delivery, enqueues it, and screens it; a poisoned record alone fails", async () => {
    const accounts = new AccountRepository(shared);
    const account = await accounts.create("Bundle ATS");
    const noQueue: ScreeningQueue = { kind: "sqs", enqueue: async () => undefined };
    const runtime = createAtsRuntime(shared, { sealer: createSealer(encryptionKey), queue: noQueue, log: () => undefined });
    const secret = randomBytes(24).toString("hex");
    const connection = await runtime.connections.create({
      provider: "greenhouse",
      accountId: account.id,
      baseUrl: fake.url,
      credentials: { apiKey: fake.apiKey },
      webhookSecret: secret,
      writeBack: { noteVisibility: "private", actingUserId: "4080" },
    });
    // Without a resume: the fake serves files from 127.0.0.1, which the worker's SSRF guard rightly refuses.
    const application = fake.apply({ resume: null });
    const delivery = fake.applicationWebhook(application, secret);

    const sentBefore = sqs.sent.length;
    const webhookRoute = { key: settings.api.webhookRoute, pathParameters: { provider: "greenhouse", connectionId: connection.id } };
    const hook = await invokeBundle(fn("api"), [
      httpApiEvent("POST", `/webhooks/greenhouse/${connection.id}`, { headers: { "content-type": "application/json", ...delivery.headers }, body: delivery.body, route: webhookRoute }),
      httpApiEvent("POST", `/webhooks/greenhouse/${randomUUID()}`, { headers: { "content-type": "application/json", ...delivery.headers }, body: delivery.body }),
    ], apiEnv());
    const [accepted, unknown] = hook.results;
    expect(accepted?.ok && accepted.value.statusCode).toBe(200);
    expect(accepted?.ok && jsonBody(accepted.value).data.outcome).toBe("accepted");
    expect(unknown?.ok && unknown.value.statusCode).toBe(404);
    expect(metricTotal(hook.lines, "WebhooksAccepted")).toBe(1);
    expect(metricTotal(hook.lines, "WebhooksRejected")).toBe(1);

    const jobId = screeningId(connection.id, application.applicationId);
    expect(sqs.sent.slice(sentBefore)).toEqual([JSON.stringify({ jobId })]);

    const good = sqsRecord(sqs.sent.at(-1)!);
    const poisoned = sqsRecord("this is not a screening message");
    const work = await invokeBundle(fn("worker"), [sqsEvent(good, poisoned)], workerEnv());
    const [batch] = work.results;
    if (!batch?.ok) throw new Error(`worker failed: ${JSON.stringify(batch)}\n${work.stderr}`);
    expect(batch.value).toEqual({ batchItemFailures: [{ itemIdentifier: poisoned.messageId }] });
    expect((await new ScreeningJobRepository(shared).get(jobId))?.status).toBe("done");
    expect(fake.notes(application)).toHaveLength(1);
    expect(metricTotal(work.lines, "ScreeningJobsProcessed")).toBe(1);
    expect(metricTotal(work.lines, "ScreeningJobsFailed")).toBe(1);
    // The batch processor keeps record errors to itself; the worker logs each failed record with its message id.
    const failedRecords = work.lines.filter((l) => typeof l.messageId === "string");
    expect(failedRecords).toEqual([
      expect.objectContaining({ level: "ERROR", messageId: poisoned.messageId, receiveCount: 1, error: "message body is not JSON", function_request_id: batch.awsRequestId }),
    ]);
  });

  it("deletes records of jobs that no longer need work, and reports every poisoned one", async () => {
    const jobs = new ScreeningJobRepository(shared);
    const { job } = await jobs.create(
      {
        jobId: randomUUID(),
        connectionId: randomUUID(), // deleted connection: the worker skips the job
        accountId: randomUUID(),
        provider: "greenhouse",
        applicationId: "app-1",
        deliveryKey: randomUUID(),
        eventType: "application_created",
      },
      "sqs",
    );
    const skipped = sqsRecord(JSON.stringify({ jobId: job.jobId }), 3);
    const notJson = sqsRecord("{");
    const noJobId = sqsRecord(JSON.stringify({ jobId: "not-a-uuid" }));
    const work = await invokeBundle(fn("worker"), [sqsEvent(notJson, skipped, noJobId)], workerEnv());
    const [batch] = work.results;
    if (!batch?.ok) throw new Error(`worker failed: ${JSON.stringify(batch)}`);
    expect(batch.value.batchItemFailures.map((f: { itemIdentifier: string }) => f.itemIdentifier).sort()).toEqual([notJson.messageId, noJobId.messageId].sort());
    expect((await jobs.get(job.jobId))?.status).toBe("skipped");
    expect(metricTotal(work.lines, "ScreeningJobsProcessed")).toBe(1);
    expect(metricTotal(work.lines, "ScreeningJobsFailed")).toBe(2);
  });
});

describe("bundled functions given an event their trigger never sends", () => {
  it("fail the invocation with the event's shape in the log, count it, and go on serving", async () => {
    const stray = { key1: "value1", authorization: "Bearer not-for-logs" };
    const api = await invokeBundle(fn("api"), [stray, sqsEvent(sqsRecord("{}")), httpApiEvent("GET", "/health")], apiEnv());
    const [first, second, health] = api.results;
    expect(first).toMatchObject({ ok: false, error: { name: "UnsupportedEventError", message: expect.stringContaining("keys authorization, key1") } });
    expect(second).toMatchObject({ ok: false, error: { name: "UnsupportedEventError", message: expect.stringContaining("keys Records") } });
    expect(health).toMatchObject({ ok: true, value: { statusCode: 200 } });
    expect(api.lines.filter((l) => l.message === "invocation failed")).toHaveLength(2);
    expect(JSON.stringify(api.lines)).not.toContain("not-for-logs");
    expect(metricTotal(api.lines, "Failures")).toBe(2);

    const worker = await invokeBundle(fn("worker"), [schedulerEvent(), { Records: [{ body: "{}" }] }], workerEnv());
    expect(worker.results.map((r) => (r.ok ? "ok" : r.error.name))).toEqual(["UnsupportedEventError", "UnsupportedEventError"]);
    expect(worker.lines.filter((l) => l.level === "ERROR" && l.message === "invocation failed")).toHaveLength(2);
    expect(metricTotal(worker.lines, "Failures")).toBe(2);
  });
});

describe("bundled taxonomy sync (EventBridge Scheduler)", () => {
  let esco: FakeEscoApi;
  beforeAll(async () => {
    esco = await startFakeEscoApi({ data: escoSubset(await loadEscoExport(ESCO_DIR), { occupations: 4, where: ict }) });
  }, 60_000);
  afterAll(async () => {
    await esco?.close();
  });

  it("syncs on its first tick, activates the new catalogue, and skips the next tick", async () => {
    const { store, catalogues, defaultVersion } = await freshStore();
    const env = { DYNAMODB_ENDPOINT: endpoint, WINNOW_ESCO_API_URL: esco.url, WINNOW_TAXONOMY_SYNC_EVERY_DAYS: "7", ...sstLinks({ Main: { name: store.table } }) };
    const tick = schedulerEvent();
    const run = await invokeBundle(fn("taxonomySync"), [tick, schedulerEvent(new Date(Date.now() + 3600_000))], env, 600_000);
    const [first, second] = run.results.map((r) => {
      if (!r.ok) throw new Error(`${r.error.name}: ${r.error.message}\n${run.stderr}`);
      return r.value;
    });
    expect(first).toMatchObject({ status: "succeeded", changed: true });
    expect(first.version).not.toBe(defaultVersion);
    expect(await catalogues.activeVersion()).toBe(first.version);
    const [recorded] = await catalogues.syncs.listRuns(1);
    expect(recorded).toMatchObject({ id: first.runId, trigger: "schedule", status: "succeeded" });
    expect(second).toEqual({ status: "skipped", reason: "recent" });

    expect(metricTotal(run.lines, "TaxonomySyncSucceeded")).toBe(1);
    expect(metricTotal(run.lines, "CatalogueActivated")).toBe(1);
    const starting = run.lines.find((l) => l.message === "taxonomy sync starting");
    expect(starting).toMatchObject({ reason: "first", executionId: tick.executionId, scheduledTime: tick.scheduledTime });
  }, 600_000);
});

describe("POST /admin/taxonomy/sync on Lambda (bundled API → asynchronous invocation → bundled sync)", () => {
  let esco: FakeEscoApi;
  let lambda: FakeLambda;
  beforeAll(async () => {
    esco = await startFakeEscoApi({ data: escoSubset(await loadEscoExport(ESCO_DIR), { occupations: 3, where: ict }) });
    lambda = await startFakeLambda();
  }, 60_000);
  afterAll(async () => {
    await esco?.close();
    await lambda?.close();
  });

  it("hands the run to the sync function instead of running it in the API's instance, and reports a held lock", async () => {
    const { store, catalogues, defaultVersion } = await freshStore();
    const syncFunction = "winnow-test-TaxonomySyncFunction";
    const env = {
      ...apiEnv(),
      ...sstLinks({
        Main: { name: store.table },
        AdminToken: { value: adminToken },
        JwtSigningKeys: { value: jwks },
        EncryptionKey: { value: encryptionKey.toString("base64") },
        ScreeningQueue: { url: sqs.queueUrl },
        TaxonomySyncFunction: { name: syncFunction },
      }),
      AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint,
    };
    const post = () =>
      httpApiEvent("POST", "/admin/taxonomy/sync", {
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ base_url: esco.url }),
      });
    const first = await invokeBundle(fn("api"), [post()], env);
    const [queued] = first.results;
    if (!queued?.ok) throw new Error(`api failed: ${JSON.stringify(queued)}\n${first.stderr}`);
    expect(queued.value.statusCode).toBe(202);
    expect(jsonBody(queued.value).data).toEqual({ id: null, status: "queued", resumed: false, already_running: false });
    expect(await catalogues.syncs.listRuns(1)).toEqual([]); // nothing ran inside the API function
    expect(lambda.invocations).toEqual([
      { functionName: syncFunction, payload: { source: "winnow.admin", force: true, fresh: false, trigger: "admin-api", baseUrl: esco.url } },
    ]);

    const sync = await invokeBundle(fn("taxonomySync"), [lambda.invocations[0]!.payload], { DYNAMODB_ENDPOINT: endpoint, ...sstLinks({ Main: { name: store.table } }) }, 600_000);
    const [ran] = sync.results;
    if (!ran?.ok) throw new Error(`sync failed: ${JSON.stringify(ran)}\n${sync.stderr}`);
    expect(ran.value).toMatchObject({ status: "succeeded", changed: true });
    expect(await catalogues.activeVersion()).not.toBe(defaultVersion);
    const [recorded] = await catalogues.syncs.listRuns(1);
    expect(recorded).toMatchObject({ id: ran.value.runId, trigger: "admin-api", source: esco.url, status: "succeeded" });

    // A sync holding the lock is reported, as locally, and nothing is handed over.
    expect(await catalogues.syncs.acquireLock("someone-else", 60_000)).toBe(true);
    await catalogues.syncs.renewLock("someone-else", 60_000, recorded!.id);
    const second = await invokeBundle(fn("api"), [post()], env);
    const [busy] = second.results;
    if (!busy?.ok) throw new Error(`api failed: ${JSON.stringify(busy)}`);
    expect(jsonBody(busy.value).data).toEqual({ id: recorded!.id, status: "running", resumed: false, already_running: true });
    expect(lambda.invocations).toHaveLength(1);
  }, 600_000);
});

describe("bundled catalogue seed (deploy-time invocation)", () => {
  it("stores and activates the shipped catalogue from the files packaged beside the bundle, once", async () => {
    const table = `seed-${randomUUID()}`;
    await ensureTable(dynamo.client, mainTable, table);
    const env = { DYNAMODB_ENDPOINT: endpoint, ...sstLinks({ Main: { name: table } }) };
    const run = await invokeBundle(fn("seed"), [deployInvocationEvent(), deployInvocationEvent()], env, 300_000);
    const [first, second] = run.results.map((r) => {
      if (!r.ok) throw new Error(`${r.error.name}: ${r.error.message}\n${run.stderr}`);
      return r.value;
    });
    const shipped = loadDefaultCatalogue().version;
    expect(first).toEqual({ version: shipped, activated: true });
    expect(second).toEqual({ version: shipped, activated: false });
    expect(await new CatalogueRepository({ doc: dynamo.doc, table }).activeVersion()).toBe(shipped);
    expect(metricTotal(run.lines, "CatalogueActivated")).toBe(1);
  }, 300_000);
});
