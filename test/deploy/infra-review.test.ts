import { randomUUID } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { webhookPath } from "@winnow/api/views";
import { DEFAULT_WORKER_OPTIONS } from "@winnow/ats";
import { ROOT } from "@winnow/functions/tools/bundle";
import * as settings from "../../infra/settings.ts";
import { linksOf, runInfra, type InfraRun, type Recorded } from "./infra-harness.ts";

/**
 * sst.config.ts and infra/ evaluated against stand-ins for SST's components (infra-harness.ts): what each function
 * is linked to, how it is triggered and with which limits, what a stage keeps on `sst remove`, and what the outputs
 * show. tsc checks the same code against SST's real types in CI (npm run typecheck:infra).
 */

/** The non-test TypeScript sources under `dir`: what a deployed function can be running. */
const readSources = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.includes("/src/") && f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.includes("node_modules"))
    .map((f) => readFileSync(join(dir, f), "utf8"));

const fresh = async (stage: string) => {
  vi.resetModules(); // infra/ declares its components at import: each stage needs its own evaluation
  return runInfra(stage);
};

let production: InfraRun;
let dev: InfraRun;
beforeAll(async () => {
  production = await fresh("production");
  dev = await fresh(`dev-${randomUUID().slice(0, 8)}`);
});

const one = (run: InfraRun, type: string, name: string): Recorded => {
  const found = run.components.filter((c) => c.type === type && c.name === name);
  expect(found, `${type} ${name}`).toHaveLength(1);
  return found[0]!;
};
const functionFor = (run: InfraRun, handler: string): Recorded => {
  const found = run.components.filter((c) => c.type === "sst.aws.Function" && c.args.handler === handler);
  expect(found, handler).toHaveLength(1);
  return found[0]!;
};

describe("stage protection", () => {
  it("keeps production's tables and refuses `sst remove` there", () => {
    expect(production.app).toMatchObject({ name: "winnow", home: "aws", removal: "retain", protect: true });
    for (const table of ["Main", "Demographics"]) expect(one(production, "sst.aws.Dynamo", table).args.deletionProtection).toBe(true);
  });

  it("lets any other stage be removed whole", () => {
    expect(dev.app).toMatchObject({ removal: "remove", protect: false });
    for (const table of ["Main", "Demographics"]) expect(one(dev, "sst.aws.Dynamo", table).args.deletionProtection).toBe(false);
  });
});

describe("links: each function reaches exactly what it uses", () => {
  // What each entry in packages/functions/src reads through config.ts: a missing link is an AccessDenied (or a
  // failed init) on AWS only; an extra one is access the function has no use for.
  const expected: Record<settings.FunctionName, string[]> = {
    api: ["AdminToken", "Demographics", "EncryptionKey", "JwtSigningKeys", "Main", "ScreeningQueue", "TaxonomySyncFunction"],
    worker: ["EncryptionKey", "Main", "ScreeningQueue"],
    taxonomySync: ["Main"],
    seed: ["Main"],
  };

  it.each(Object.entries(expected))("%s", (name, links) => {
    expect(linksOf(functionFor(production, settings.handlers[name as settings.FunctionName]))).toEqual(links);
  });

  it("keep the bias-audit demographics away from everything but the API function", () => {
    const withDemographics = production.components.filter((c) => c.type === "sst.aws.Function" && linksOf(c).includes("Demographics"));
    expect(withDemographics.map((c) => c.args.handler)).toEqual([settings.handlers.api]);
  });
});

describe("every function", () => {
  const functions = () => production.components.filter((c) => c.type === "sst.aws.Function");

  it("is one of the handlers in settings, built alike: Node 24, arm64, ESM, minified, JSON logs kept a month", () => {
    expect(functions().map((f) => f.args.handler).sort()).toEqual(Object.values(settings.handlers).sort());
    for (const f of functions()) {
      expect(f.args, f.name).toMatchObject({
        runtime: "nodejs24.x",
        architecture: "arm64",
        nodejs: { format: "esm", minify: true },
        logging: { retention: settings.lambdaDefaults.logRetention, format: "json" },
      });
    }
  });

  it("is given only environment variables the code reads (a setting nobody reads changes nothing)", () => {
    const sources = readSources(join(ROOT, "packages"));
    for (const f of functions()) {
      for (const key of Object.keys(f.args.environment ?? {}).filter((k) => !k.startsWith("POWERTOOLS_"))) {
        expect(sources.some((text) => text.includes(key)), `${f.name}: ${key}`).toBe(true);
      }
    }
  });

  it("gets no secret through its environment (secrets reach functions through links only)", () => {
    for (const f of functions()) expect(JSON.stringify(f.args.environment ?? {}), f.name).not.toContain(production.secretValue);
  });
});

describe("HTTP API", () => {
  it("sends the catch-all and the webhook route to one function, within API Gateway's 30 s", () => {
    expect(production.routes.map((r) => r.key)).toEqual(["$default", settings.api.webhookRoute]);
    const [catchAll, webhooks] = production.routes;
    expect(catchAll!.fn.args.handler).toBe(settings.handlers.api);
    expect(webhooks).toMatchObject({ byArn: true });
    expect(webhooks!.fn).toBe(catchAll!.fn);
    expect(catchAll!.fn.args.timeout).toBe(`${settings.api.timeoutSeconds} seconds`);
    expect(settings.api.timeoutSeconds).toBeLessThan(30);
    expect(one(production, "sst.aws.ApiGatewayV2", "Api").args.accessLog).toEqual({ retention: settings.lambdaDefaults.logRetention });
  });

  it("routes webhooks on the paths the app hands out as webhook URLs", () => {
    const [method, template] = settings.api.webhookRoute.split(" ");
    expect(method).toBe("POST");
    const pattern = new RegExp(`^${template!.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    for (const provider of ["greenhouse", "lever", "ashby"] as const) expect(webhookPath({ provider, id: randomUUID() })).toMatch(pattern);
    expect("/webhooks/greenhouse").not.toMatch(pattern);
  });
});

describe("screening queue", () => {
  it("feeds the worker in small batches with partial responses, and dead-letters after more receives than the worker's attempts", () => {
    const queue = one(production, "sst.aws.Queue", "ScreeningQueue");
    const dlq = one(production, "sst.aws.Queue", "ScreeningDlq");
    expect(queue.args.dlq).toEqual({ queue: expect.stringContaining("ScreeningDlq"), retry: settings.queue.maxReceiveCount });
    expect(settings.queue.maxReceiveCount).toBeGreaterThan(DEFAULT_WORKER_OPTIONS.maxAttempts);
    expect(dlq.args.transform.queue.messageRetentionSeconds).toBe(14 * 24 * 3600);

    expect(production.subscriptions).toHaveLength(1);
    const [subscription] = production.subscriptions;
    expect(subscription!.queue).toBe("ScreeningQueue");
    expect(subscription!.fn.args.handler).toBe(settings.handlers.worker);
    expect(subscription!.options.batch).toEqual({ size: settings.worker.batchSize, window: "0 seconds", partialResponses: true });
  });

  it("hides a message for at least six worker timeouts (AWS's advice for SQS event sources)", () => {
    const visibility = Number.parseInt(one(production, "sst.aws.Queue", "ScreeningQueue").args.visibilityTimeout, 10);
    const workerTimeout = Number.parseInt(production.subscriptions[0]!.fn.args.timeout, 10);
    expect(visibility).toBeGreaterThanOrEqual(6 * workerTimeout);
    expect(visibility).toBeLessThanOrEqual(12 * 3600);
  });

  it("tells the worker the API's public URL for the links it writes into the ATS", () => {
    expect(production.subscriptions[0]!.fn.args.environment.WINNOW_PUBLIC_URL).toBe(production.outputs.api);
  });
});

describe("taxonomy sync", () => {
  it("is triggered by the hourly schedule with no retries from the scheduler or from Lambda's asynchronous invocation", () => {
    const cron = one(production, "sst.aws.CronV2", "TaxonomySync");
    const sync = one(production, "sst.aws.Function", "TaxonomySyncFunction");
    expect(cron.args).toMatchObject({ schedule: settings.taxonomySync.schedule, timezone: "UTC", retries: 0 });
    expect(cron.args.function.componentName).toBe("TaxonomySyncFunction");
    // The scheduler and the admin API both invoke asynchronously; Lambda retries those twice unless told otherwise.
    expect(sync.args.retries).toBe(0);
    expect(sync.args.timeout).toBe("900 seconds");
  });

  it("cannot overlap with its next tick: a run ends before the hour is up", () => {
    expect(settings.taxonomySync.schedule).toMatch(/^cron\(\d+ \* \* \* \? \*\)$/); // hourly
    expect(settings.taxonomySync.timeoutSeconds).toBeLessThan(3600);
  });
});

describe("deploy-time seed and outputs", () => {
  it("invokes the seed function on every deploy", () => {
    const seed = one(production, "aws.lambda.Invocation", "CatalogueSeedRun");
    expect(seed.args.functionName).toBe("winnow-production-CatalogueSeed");
    expect(JSON.parse(seed.args.input)).toEqual({ source: "winnow.deploy", task: "seed-catalogue" });
  });

  it("show the API URL and the webhook base, and no secret", () => {
    expect(production.outputs).toMatchObject({ api: "https://abc123.execute-api.eu-west-1.amazonaws.com", webhookBase: "https://abc123.execute-api.eu-west-1.amazonaws.com/webhooks" });
    expect(JSON.stringify(production.outputs)).not.toContain(production.secretValue);
  });
});
