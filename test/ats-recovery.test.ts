import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screeningId, type AtsProvider } from "@winnow/ats";
import { atsHarness, type AtsHarness } from "./ats-harness.ts";
import type { FakeGreenhouseOptions } from "./fakes/index.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const LEASE_MS = 1500;

/** Runs the worker in a child process and SIGKILLs it when it reports the crash point. */
async function crashWorkerAt(h: AtsHarness, step: "scored" | "note-posted"): Promise<void> {
  const child = spawn(process.execPath, ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "test/ats-worker-child.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      WINNOW_TEST_QUEUE: h.queueName,
      WINNOW_TEST_SEALER_KEY: h.sealerKey.toString("base64"),
      WINNOW_TEST_LEASE_MS: String(LEASE_MS),
      CRASH_AT: step,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
  const deadline = Date.now() + 30_000;
  while (!output.includes(`CRASHPOINT ${step}`)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGKILL");
      throw new Error(`worker child never reached ${step}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill("SIGKILL");
  expect(await exited).toBe("SIGKILL");
}

function recoverySuite(provider: AtsProvider, greenhouse?: FakeGreenhouseOptions) {
  describe(`${provider}${greenhouse?.apiVersion ? ` (Harvest ${greenhouse.apiVersion})` : ""}: a worker killed mid-job`, () => {
    let h: AtsHarness;
    beforeAll(async () => {
      h = await atsHarness(provider, { worker: { leaseMs: LEASE_MS }, ...(greenhouse ? { greenhouse } : {}) });
    });
    afterAll(async () => {
      await h?.close();
    });

    it("killed between scoring and write-back: a fresh worker writes the recorded score once", async () => {
      const app = h.fake.apply();
      expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
      await crashWorkerAt(h, "scored");
      const crashed = (await h.jobOf(app))!;
      expect(crashed).toMatchObject({ status: "running", attempts: 1 });
      expect(crashed.scored).toBeDefined();
      expect(h.fake.notes(app)).toHaveLength(0);

      h.startWorker();
      const job = await h.waitFor(app, ["done"]);
      await h.stopWorker();
      expect(job.attempts).toBe(2);
      // Not screened again: the score recorded before the crash is the one written.
      expect(job.scored).toEqual(crashed.scored);
      const notes = h.fake.notes(app);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.body).toContain(`${crashed.scored!.score.toFixed(0)}/100`);
      const writes = await h.runtime.writes.list(screeningId(h.connectionId, app.applicationId));
      expect(writes.find((w) => w.step === "note")?.how).toBe("posted");
    });

    it("killed after the note POST but before recording it: the note is found, not posted again", async () => {
      const app = h.fake.apply();
      expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
      await crashWorkerAt(h, "note-posted");
      expect(h.fake.notes(app)).toHaveLength(1);
      expect(await h.runtime.writes.list(screeningId(h.connectionId, app.applicationId))).toEqual([]);

      h.startWorker();
      await h.waitFor(app, ["done"]);
      await h.stopWorker();
      expect(h.fake.notes(app)).toHaveLength(1);
      const writes = await h.runtime.writes.list(screeningId(h.connectionId, app.applicationId));
      expect(writes.find((w) => w.step === "note")).toMatchObject({ how: "found", remoteId: h.fake.notes(app)[0]!.id });
    });
  });
}

recoverySuite("greenhouse");
recoverySuite("greenhouse", { apiVersion: "v3" });
recoverySuite("lever");
recoverySuite("ashby");
