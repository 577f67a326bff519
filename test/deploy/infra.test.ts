import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_WORKER_OPTIONS } from "@winnow/ats";
import { loadDefaultCatalogue, readSourceFiles } from "@winnow/catalogue";
import { buildCatalogue } from "@winnow/core/catalogue/build";
import { CONFIG_SOURCES } from "@winnow/functions/config";
import { PACKAGED_CATALOGUE_DIR, SHIPPED_SOURCE } from "@winnow/functions/seed";
import { ROOT, parseHandler } from "@winnow/functions/tools/bundle";
import { generateSigningKeySet } from "@winnow/services";
import { mainTable } from "@winnow/storage";
import * as settings from "../../infra/settings.ts";

/**
 * What can be checked about the infrastructure without AWS (tsc over infra/ against SST's platform types runs in CI
 * separately): the handlers it names exist, the tunables fit together, and the link names the functions read are the
 * components infra declares.
 */
const INFRA = join(ROOT, "infra");
const infraSources = Object.fromEntries(
  readdirSync(INFRA)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => [f, readFileSync(join(INFRA, f), "utf8")]),
);
const allInfra = [readFileSync(join(ROOT, "sst.config.ts"), "utf8"), ...Object.values(infraSources)].join("\n");
const handlerEntries = Object.entries(settings.handlers) as [settings.FunctionName, string][];

describe("handlers named in infra/", () => {
  beforeAll(async () => {
    // The HTTP entry builds its app at import; configure it through the local runner's variables (no SST links here).
    process.env.WINNOW_ADMIN_TOKEN = "infra-test";
    process.env.WINNOW_JWT_KEYS = await generateSigningKeySet();
    process.env.WINNOW_ENCRYPTION_KEY = randomBytes(32).toString("base64");
    process.env.WINNOW_SCREENING_QUEUE_URL = "http://127.0.0.1:1/000000000000/unused";
  });

  it.each(handlerEntries)("%s: %s exists and exports that function", async (_name, handler) => {
    const { file, exportName } = parseHandler(handler);
    expect(existsSync(join(ROOT, file))).toBe(true);
    const mod = (await import(join(ROOT, file))) as Record<string, unknown>;
    expect(typeof mod[exportName]).toBe("function");
  });

  it("are all declared in settings.handlers, and every declared handler is deployed", () => {
    const literals = [...allInfra.matchAll(/["'`](packages\/[^"'`\s]+\.[A-Za-z_$][\w$]*)["'`]/g)].map((m) => m[1]);
    const known = new Set<string>([...Object.values(settings.handlers), settings.lambdaDefaults.plugins]);
    expect(literals.filter((l) => !known.has(l as never))).toEqual([]);
    const deployed = new Set([...allInfra.matchAll(/functionArgs\(\s*"(\w+)"/g)].map((m) => m[1]));
    expect([...deployed].sort()).toEqual(Object.keys(settings.handlers).sort());
  });

  it("point SST at the esbuild plugins bundle.ts builds with (a file whose default export is the list)", async () => {
    const file = join(ROOT, settings.lambdaDefaults.plugins);
    expect(existsSync(file)).toBe(true);
    const { default: plugins } = (await import(file)) as { default: { name: string }[] };
    const { lambdaPlugins } = await import("@winnow/functions/tools/esbuild-plugins");
    expect(plugins.map((p) => p.name)).toEqual(lambdaPlugins().map((p) => p.name));
    expect(plugins.length).toBeGreaterThan(0);
  });

  it("rejects handler strings that do not name a file and an export", () => {
    expect(() => parseHandler("packages/functions/src/http")).toThrow(/<path>\.<export>/);
    expect(() => parseHandler("packages/functions/src/missing.handler")).toThrow(/no source file/);
  });
});

describe("settings", () => {
  it("run every function on Node 24, arm64, ESM, minified", () => {
    expect(settings.lambdaDefaults).toMatchObject({ runtime: "nodejs24.x", architecture: "arm64", format: "esm", minify: true });
  });

  it("stop the API function before API Gateway's 30 s integration limit", () => {
    expect(settings.api.timeoutSeconds).toBeLessThan(30);
  });

  it("give the worker time for a whole batch, processed one record after another", () => {
    expect(settings.worker.batchSize).toBeGreaterThanOrEqual(1);
    expect(settings.worker.batchSize).toBeLessThanOrEqual(10); // above 10 SQS needs a batching window
    expect(settings.worker.timeoutSeconds).toBeGreaterThanOrEqual(settings.worker.batchSize * settings.worker.jobBudgetSeconds);
    expect(settings.worker.timeoutSeconds).toBeLessThanOrEqual(900);
    expect(settings.worker.maxConcurrency).toBeGreaterThanOrEqual(2); // SQS event source mappings' minimum
  });

  it("keep messages invisible well beyond the worker's timeout and the job lease", () => {
    expect(settings.queue.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * settings.worker.timeoutSeconds);
    expect(settings.queue.visibilityTimeoutSeconds * 1000).toBeGreaterThan(DEFAULT_WORKER_OPTIONS.leaseMs);
    expect(settings.queue.visibilityTimeoutSeconds).toBeLessThanOrEqual(12 * 3600);
  });

  it("let the worker dead-letter a job itself before SQS gives up on its message", () => {
    expect(settings.queue.maxReceiveCount).toBeGreaterThan(DEFAULT_WORKER_OPTIONS.maxAttempts);
    expect(settings.queue.dlqRetentionSeconds).toBeLessThanOrEqual(14 * 24 * 3600);
  });

  it("schedule the taxonomy sync within Lambda's limits, leaving time to stop at a checkpoint", () => {
    expect(settings.taxonomySync.schedule).toMatch(/^(cron|rate)\(.+\)$/);
    expect(settings.taxonomySync.timeoutSeconds).toBeLessThanOrEqual(900);
    expect(settings.taxonomySync.timeoutSeconds).toBeGreaterThan(2 * settings.taxonomySync.stopMarginSeconds);
  });
});

describe("links between infra and the functions", () => {
  const declared = (component: string) => [...allInfra.matchAll(new RegExp(`new sst\\.(?:aws\\.)?${component}\\(\\s*"(\\w+)"`, "g"))].map((m) => m[1]!);

  it("read the table, secrets and queue under the names infra gives them", () => {
    expect(CONFIG_SOURCES.tableName.link).toBe(mainTable.name);
    expect(infraSources["storage.ts"]).toContain("new sst.aws.Dynamo(mainTable.name");
    const secrets = declared("Secret");
    expect(secrets.sort()).toEqual(["AdminToken", "EncryptionKey", "JwtSigningKeys"]);
    for (const key of ["adminToken", "jwtSigningKeys", "encryptionKey"] as const) expect(secrets).toContain(CONFIG_SOURCES[key].link);
    expect(declared("Queue")).toContain(CONFIG_SOURCES.screeningQueueUrl.link);
    expect(declared("Function")).toContain(CONFIG_SOURCES.taxonomySyncFunction.link);
    expect(infraSources["api.ts"]).toMatch(/link: \[[^\]]*taxonomySyncFunction/);
  });

  it("are typed in sst-env.d.ts for every linkable component", () => {
    const types = readFileSync(join(ROOT, "sst-env.d.ts"), "utf8");
    const names = [mainTable.name, ...["Secret", "Queue", "ApiGatewayV2", "Function"].flatMap(declared)];
    for (const name of names) expect(types, name).toMatch(new RegExp(`"${name}": \\{`));
  });

  it("package the shipped catalogue where the seed function reads it, as the same version npm start stores", () => {
    expect(settings.seed.catalogueDir).toBe(PACKAGED_CATALOGUE_DIR);
    const source = join(ROOT, settings.seed.catalogueSource);
    expect(readdirSync(source).filter((f) => f.endsWith(".json")).length).toBeGreaterThan(10);
    const shipped = loadDefaultCatalogue();
    const built = buildCatalogue(readSourceFiles(source), SHIPPED_SOURCE);
    expect({ version: built.version, source: built.source }).toEqual({ version: shipped.version, source: shipped.source });
  });
});
