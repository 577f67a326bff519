import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readEscoCsvDirectory, runTaxonomySync, startTaxonomySync, SyncBusyError, importEscoCsv, type TaxonomySyncOptions } from "@winnow/taxonomy";
import { escoSubset, loadEscoExport, startFakeEscoApi, writeEscoCsv, type EscoExport, type FakeEscoApi } from "@winnow/taxonomy/testing/fake-esco-api";
import { syncView } from "@winnow/api/views";
import { ESCO_DIR, ROOT, freshStore, ict } from "./taxonomy-support.ts";

let subset: EscoExport;
/** Version of the subset as the CSV import builds it: what every sync must arrive at. */
let expected: { version: string; titles: number; skills: number };
let fake: FakeEscoApi;

const options = (extra: TaxonomySyncOptions = {}): TaxonomySyncOptions => ({
  baseUrl: fake.url,
  pageSize: 25,
  concurrency: 4,
  retry: { retries: 3, minTimeoutMs: 5, maxTimeoutMs: 20, maxRetryAfterMs: 3000 },
  requestTimeoutMs: 5000,
  ...extra,
});
const resourceRequests = () => fake.log.filter((l) => l.url.startsWith("/resource/"));

beforeAll(async () => {
  const full = await loadEscoExport(ESCO_DIR);
  subset = escoSubset(full, { occupations: 6, where: ict });
  const dir = mkdtempSync(join(tmpdir(), "winnow-esco-sync-"));
  writeEscoCsv(dir, subset);
  const { data } = (await readEscoCsvDirectory(dir)).builder.build("csv");
  expected = { version: data.version, titles: data.titles.length, skills: data.skills.length };
  expect(expected.skills).toBeGreaterThan(100); // several pages of skills
  expect(data.skills.some((s) => s.related?.length)).toBe(true);
  fake = await startFakeEscoApi({ data: subset });
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.setFault(undefined);
  fake.reset();
});

describe("taxonomy sync from the ESCO web API", () => {
  it("arrives at the version the CSV import builds, and a second sync creates none", async () => {
    const { catalogues, defaultVersion } = await freshStore();
    const run = await runTaxonomySync(catalogues, options());
    expect(run).toMatchObject({ status: "succeeded", changed: true, version: expected.version, previousVersion: defaultVersion, attempts: 1 });
    expect(run.counts).toMatchObject({ titles: expected.titles, catalogueSkills: expected.skills, retries: 0 });
    expect(await catalogues.activeVersion()).toBe(expected.version);

    const again = await runTaxonomySync(catalogues, options());
    expect(again).toMatchObject({ status: "succeeded", changed: false, version: expected.version, previousVersion: expected.version });
    expect(again.id).not.toBe(run.id);
    const versions = await catalogues.listVersions();
    expect(versions.map((v) => v.version)).toEqual([expected.version, defaultVersion]);
    expect(versions[0]!.source).toBe(`esco-api:${fake.url}`);

    // Importing the same data from CSV finds it already active.
    const dir = mkdtempSync(join(tmpdir(), "winnow-esco-sync-"));
    writeEscoCsv(dir, subset);
    expect(await importEscoCsv({ dir, catalogues })).toMatchObject({ version: expected.version, changed: false });
    expect(await catalogues.syncs.listRuns()).toHaveLength(2);
  });

  it("waits out 429 Retry-After and records the retries", async () => {
    const { catalogues } = await freshStore();
    fake.setFault((r) => (r.seq === 5 ? { kind: "status", status: 429, retryAfter: "1" } : undefined));
    const run = await runTaxonomySync(catalogues, options());
    expect(run).toMatchObject({ status: "succeeded", version: expected.version });
    const limited = fake.log.find((l) => l.status === 429)!;
    const retried = fake.log.find((l) => l.seq > limited.seq && l.url === limited.url)!;
    expect(retried.at - limited.at).toBeGreaterThanOrEqual(950);
    expect(run.counts.retries).toBe(1);
    expect(run.errors).toEqual([expect.objectContaining({ fatal: false, attempt: 1, message: expect.stringMatching(/HTTP 429.*retrying/) })]);
  });

  it("retries 500s", async () => {
    const { catalogues } = await freshStore();
    fake.setFault((r) => (r.count === 1 && r.seq % 7 === 0 ? { kind: "status", status: 500 } : undefined));
    const run = await runTaxonomySync(catalogues, options());
    expect(run).toMatchObject({ status: "succeeded", version: expected.version });
    expect(run.counts.retries).toBe(fake.log.filter((l) => l.status === 500).length);
    expect(run.counts.retries).toBeGreaterThan(10);
  });

  it("retries connections dropped mid-response, on search pages and resources", async () => {
    const { catalogues } = await freshStore();
    fake.setFault((r) =>
      r.count === 1 && (r.seq % 13 === 0 || (r.path === "/search" && r.params.get("type") === "skill" && r.params.get("offset") === "25"))
        ? { kind: "drop" }
        : undefined,
    );
    const run = await runTaxonomySync(catalogues, options());
    expect(run).toMatchObject({ status: "succeeded", version: expected.version });
    expect(fake.log.some((l) => l.fault === "drop" && l.url.startsWith("/search"))).toBe(true);
    expect(run.counts.retries).toBe(fake.log.filter((l) => l.fault === "drop").length);
  });

  it("lists again when the listing changes while it is paged, fetching only what is new", async () => {
    const { catalogues } = await freshStore();
    const skills = [...subset.skills].map((s) => s.conceptUri!).sort();
    const hidden = skills[3]!;
    // The first page is served as if a skill had been removed: every later page shifts by one, so paging by offset
    // misses it and lists another twice.
    fake.setFault((r) =>
      r.path === "/search" && r.params.get("type") === "skill" && r.params.get("offset") === "0" && r.count === 1
        ? { kind: "hide", uris: [hidden] }
        : undefined,
    );
    const run = await runTaxonomySync(catalogues, options());
    expect(run).toMatchObject({ status: "succeeded", version: expected.version });
    expect(run.warnings.join("\n")).toMatch(/skill listing changed while it was paged/);
    expect((run.cursor as { skill: { finalPass: number } }).skill.finalPass).toBe(2);
    const skillFetches = resourceRequests().filter((l) => l.url.startsWith("/resource/skill")).map((l) => l.url);
    expect(skillFetches).toHaveLength(skills.length);
    expect(new Set(skillFetches).size).toBe(skills.length);
  });

  it("fails after a listing that never settles, saying why", async () => {
    const { catalogues, defaultVersion } = await freshStore();
    const occupations = subset.occupations.map((o) => o.conceptUri!).sort();
    // Every other page is served as if one occupation were gone: totals and contents never agree within a pass.
    let calls = 0;
    fake.setFault((r) => {
      if (r.path !== "/search" || r.params.get("type") !== "occupation") return undefined;
      const n = calls++;
      return n % 2 === 0 ? { kind: "hide", uris: [occupations[n % occupations.length]!] } : undefined;
    });
    const run = await runTaxonomySync(catalogues, options({ pageSize: 2, maxPasses: 3 }));
    expect(run.status).toBe("failed");
    expect(run.errors.at(-1)).toMatchObject({ fatal: true, message: expect.stringMatching(/occupation listing kept changing .*3 passes/) });
    expect(await catalogues.activeVersion()).toBe(defaultVersion);
  });

  it("records an outage as a failed run, and the next sync resumes from its last checkpoint", async () => {
    const { catalogues, defaultVersion } = await freshStore();
    let outage = true;
    fake.setFault((r) => (outage && r.path === "/resource/skill" && r.seq > 80 ? { kind: "status", status: 503 } : undefined));
    const failed = await runTaxonomySync(catalogues, options({ retry: { retries: 2, minTimeoutMs: 5, maxTimeoutMs: 10, maxRetryAfterMs: 100 } }));
    expect(failed.status).toBe("failed");
    expect(failed.errors.at(-1)).toMatchObject({ fatal: true, attempt: 1, message: expect.stringMatching(/HTTP 503/) });
    expect(await catalogues.activeVersion()).toBe(defaultVersion);
    const [history] = await catalogues.syncs.listRuns(1);
    expect(history).toMatchObject({ id: failed.id, status: "failed", finishedAt: expect.any(String) });
    const checkpointed = failed.counts.skills!;
    expect(checkpointed).toBeGreaterThan(0);
    expect(checkpointed).toBeLessThan(expected.skills);

    outage = false;
    fake.reset();
    const resumed = await runTaxonomySync(catalogues, options());
    expect(resumed).toMatchObject({ id: failed.id, status: "succeeded", attempts: 2, version: expected.version, changed: true });
    // Only what was not checkpointed is fetched again; occupations were done before the outage.
    const fetched = resourceRequests();
    expect(fetched.filter((l) => l.url.startsWith("/resource/occupation"))).toHaveLength(0);
    expect(fetched.filter((l) => l.url.startsWith("/resource/skill"))).toHaveLength(expected.skills - checkpointed);
    // The history keeps the first attempt's failure next to the success.
    expect(resumed.errors.some((e) => e.attempt === 1 && e.fatal && /HTTP 503/.test(e.message))).toBe(true);
  });

  it("stops at a checkpoint when asked, and resumes", async () => {
    const { catalogues } = await freshStore();
    const stop = new AbortController();
    fake.setFault((r) => {
      if (r.seq === 60) stop.abort(new Error("operator stop"));
      return undefined;
    });
    const interrupted = await runTaxonomySync(catalogues, options({ signal: stop.signal }));
    expect(interrupted.status).toBe("interrupted");
    expect(interrupted.errors.at(-1)!.message).toMatch(/interrupted: operator stop/);
    fake.setFault(undefined);
    const resumed = await runTaxonomySync(catalogues, options());
    expect(resumed).toMatchObject({ id: interrupted.id, status: "succeeded", attempts: 2, version: expected.version });
  });

  it("starts over with fresh: true instead of resuming", async () => {
    const { catalogues } = await freshStore();
    const stop = new AbortController();
    fake.setFault((r) => {
      if (r.seq === 30) stop.abort(new Error("operator stop"));
      return undefined;
    });
    const interrupted = await runTaxonomySync(catalogues, options({ signal: stop.signal }));
    fake.setFault(undefined);
    const fresh = await runTaxonomySync(catalogues, options({ fresh: true }));
    expect(fresh.id).not.toBe(interrupted.id);
    expect(fresh).toMatchObject({ status: "succeeded", attempts: 1, version: expected.version });
    expect(await catalogues.syncs.readCheckpoints(interrupted.id)).toEqual(new Map());
  });

  it("runs one sync at a time", async () => {
    const { catalogues } = await freshStore();
    expect(await catalogues.syncs.acquireLock("another-process", 60_000)).toBe(true);
    await catalogues.syncs.renewLock("another-process", 60_000, "0190b1c2-0000-7000-8000-000000000000");
    const err = await startTaxonomySync(catalogues, options()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SyncBusyError);
    expect((err as SyncBusyError).runId).toBe("0190b1c2-0000-7000-8000-000000000000");
  });

  it("makes a new version when upstream changed", async () => {
    const { catalogues } = await freshStore();
    const data = structuredClone(subset);
    const changing = await startFakeEscoApi({ data });
    try {
      const first = await runTaxonomySync(catalogues, options({ baseUrl: changing.url }));
      expect(first.version).toBe(expected.version);
      data.skills[0]!.preferredLabel = `${data.skills[0]!.preferredLabel} (revised)`;
      const second = await runTaxonomySync(catalogues, options({ baseUrl: changing.url }));
      expect(second).toMatchObject({ status: "succeeded", changed: true, previousVersion: expected.version });
      expect(second.version).not.toBe(expected.version);
      const stored = await catalogues.readVersion(second.version!);
      expect(stored!.skills.some((s) => s.name.endsWith("(revised)"))).toBe(true);
    } finally {
      await changing.close();
    }
  });

  it("keeps the active catalogue when upstream lists nothing", async () => {
    const { catalogues, defaultVersion } = await freshStore();
    const empty = await startFakeEscoApi({ data: { ...subset, occupations: [], skills: [] } });
    try {
      const run = await runTaxonomySync(catalogues, options({ baseUrl: empty.url }));
      expect(run.status).toBe("failed");
      expect(run.errors.at(-1)!.message).toMatch(/listed 0 occupations and 0 skills; the active catalogue is kept/);
      expect(await catalogues.activeVersion()).toBe(defaultVersion);
    } finally {
      await empty.close();
    }
  });

  it("prints the CLI's run summary in the shape of `taxonomy syncs` and the admin API", async () => {
    const { store, catalogues } = await freshStore();
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "packages/cli/src/main.ts", "taxonomy", "sync", "--base-url", fake.url],
        { cwd: ROOT, env: { ...process.env, WINNOW_TABLE: store.table }, stdio: ["ignore", "pipe", "pipe"] },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("exit", (code) => resolve({ code, stdout, stderr }));
    });
    expect(out.code, out.stderr).toBe(0);
    const printed = JSON.parse(out.stdout.trim().split("\n").at(-1)!);
    const [stored] = await catalogues.syncs.listRuns(1);
    expect(printed).toEqual(syncView(stored!));
    expect(printed).toMatchObject({ status: "succeeded", trigger: "cli", changed: true });
  });

  it("resumes the run of a process that was killed mid-sync", async () => {
    const { store, catalogues } = await freshStore();
    const child = spawn(
      process.execPath,
      ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "packages/cli/src/main.ts", "taxonomy", "sync", "--base-url", fake.url],
      { cwd: ROOT, env: { ...process.env, WINNOW_TABLE: store.table }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    // Killed without warning once it is well into the skills: no chance to record anything.
    fake.setFault((r) => {
      if (r.path === "/resource/skill" && fake.log.filter((l) => l.url.startsWith("/resource/skill")).length === 130) child.kill("SIGKILL");
      return undefined;
    });
    expect(await exited, stderr).toBe("SIGKILL");
    const [orphan] = await catalogues.syncs.listRuns(1);
    expect(orphan).toMatchObject({ status: "running", trigger: "cli", attempts: 1 });

    // While its lease lasts the dead process still holds the lock; let the lease run out.
    expect(await startTaxonomySync(catalogues, options()).catch((e: unknown) => e)).toBeInstanceOf(SyncBusyError);
    await store.doc.send(
      new UpdateCommand({ TableName: store.table, Key: { pk: "SYNC", sk: "#LOCK" }, UpdateExpression: "SET leaseUntil = :past", ExpressionAttributeValues: { ":past": Date.now() - 1 } }),
    );
    fake.setFault(undefined);
    fake.reset();
    const resumed = await runTaxonomySync(catalogues, options());
    expect(resumed).toMatchObject({ id: orphan!.id, status: "succeeded", attempts: 2, version: expected.version });
    expect(resumed.errors[0]).toMatchObject({ attempt: 1, fatal: true, message: expect.stringMatching(/ended without recording why/) });
    // The killed attempt had checkpointed its first page (the run keeps the CLI's page size of 100).
    expect(orphan!.counts.skills).toBe(100);
    expect(resourceRequests().filter((l) => l.url.startsWith("/resource/skill"))).toHaveLength(expected.skills - 100);
  });
});
