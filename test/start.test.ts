import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { FormClient, inputValue, overHttp } from "./dashboard-helpers.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), "winnow-start-"));

/** Processes (by pid) whose command line mentions the data directory: the Java child of a run. */
function javaProcessesFor(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmd.includes("DynamoDBLocal") && cmd.includes(dir)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

async function waitFor<T>(fn: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Run {
  child: ChildProcess;
  output: () => string;
  url: string;
}

// Exactly what `npm start` runs (its V8 memory flags included), minus npm itself.
const START_ARGS = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start.split(/\s+/).slice(1);

async function startService(extra: NodeJS.ProcessEnv = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: "0", WINNOW_DATA_DIR: dataDir };
  delete env.DYNAMODB_ENDPOINT;
  delete env.WINNOW_ADMIN_TOKEN;
  Object.assign(env, extra);
  const child = spawn(process.execPath, START_ARGS, {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  // The banner's last line is the ATS line; wait for it so every earlier line has arrived too.
  const url = await waitFor(() => (/ATS webhooks: /.test(out) ? /serving (http:\/\/localhost:\d+)\/v1/.exec(out)?.[1] : undefined), 90_000).catch(() => {
    throw new Error(`service did not start:\n${out}`);
  });
  return { child, output: () => out, url };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

afterAll(() => {
  for (const pid of javaProcessesFor(dataDir)) process.kill(pid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  let key = "";
  let matchId = "";
  let accessToken = "";

  it("first start: creates the local account, prints a working key and the admin token", async () => {
    const run = await startService();
    try {
      key = /first start: .*\n\s+(wnw_\w+)/.exec(run.output())?.[1] ?? "";
      expect(key).toMatch(/^wnw_/);
      expect(run.output()).toMatch(/admin token \(generated/);
      const adminToken = readFileSync(join(dataDir, "admin-token"), "utf8").trim();
      expect(run.output()).toContain(adminToken);

      const titles = await fetch(`${run.url}/v1/titles?limit=3`, { headers: { "x-api-key": key } });
      expect(titles.status).toBe(200);
      expect((await titles.json() as any).data).toHaveLength(3);
      const created = await fetch(`${run.url}/v1/match-insights`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: JSON.stringify({ job_description: "Python developer with SQL", candidate: { first_name: "P", description: "I write Python and SQL." } }),
      });
      expect(created.status).toBe(201);
      matchId = (await created.json() as any).data.match_id;
      const account = await fetch(`${run.url}/admin/accounts/00000000-0000-4000-8000-000000000001`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(account.status).toBe(200);

      // The newcomer's dashboard: the printed link sets admin@localhost's password; then an OAuth client and a token.
      const invite = /set the password of admin@localhost .*: (http\S+)/.exec(run.output())?.[1];
      expect(invite).toMatch(new RegExp(`^${run.url}/dashboard/invite\\?token=wni_`));
      expect(readFileSync(join(dataDir, "jwt-keys.json"), "utf8")).toMatch(/"kty":"EC"/);
      const browser = new FormClient(overHttp, { origin: run.url });
      expect((await browser.acceptInvite(invite!, "newcomer passphrase")).status).toBe(303);
      const csrf = await browser.csrf("/dashboard/profile/api-credentials");
      const clientCreated = await browser.post("/dashboard/oauth-clients", { _csrf: csrf, name: "first client", scopes: ["taxonomy:read"] });
      expect(clientCreated.status).toBe(303); // Post/Redirect/Get: the secret is shown by the page it redirects to
      const page = await (await browser.get(clientCreated.headers.get("location")!)).text();
      const tokenRes = await fetch(`${run.url}/v1/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "client_credentials", client_id: inputValue(page, "new-client-id")!, client_secret: inputValue(page, "new-secret")! }),
      });
      expect(tokenRes.status).toBe(200);
      accessToken = ((await tokenRes.json()) as any).access_token;
      expect((await fetch(`${run.url}/v1/titles?limit=1`, { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(200);
      expect(javaProcessesFor(dataDir)).toHaveLength(1);
    } finally {
      run.child.kill("SIGTERM");
    }
    expect(await exited(run.child)).toBe(0);
    expect(javaProcessesFor(dataDir)).toEqual([]);
  });

  it("restart: data survived, no new key is created", async () => {
    const run = await startService();
    try {
      expect(run.output()).not.toMatch(/first start/);
      expect(run.output()).not.toMatch(/set the password/);
      // The signing keys persisted in the data directory: a token from before the restart still works.
      expect((await fetch(`${run.url}/v1/titles?limit=1`, { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(200);
      const res = await fetch(`${run.url}/v1/match-insights/${matchId}`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      expect((await res.json() as any).data.candidate.first_name).toBe("P");
    } finally {
      run.child.kill("SIGINT");
    }
    expect(await exited(run.child)).toBe(0);
    expect(javaProcessesFor(dataDir)).toEqual([]);
  });

  it("uses DYNAMODB_ENDPOINT instead of the embedded store when it is set", async () => {
    const table = `start-external-${Date.now()}`;
    const run = await startService({ DYNAMODB_ENDPOINT: inject("dynamoEndpoint"), WINNOW_TABLE: table, WINNOW_ADMIN_TOKEN: "external-admin" });
    try {
      expect(run.output()).toMatch(/store: DynamoDB at http:\/\/127\.0\.0\.1:\d+/);
      expect(javaProcessesFor(dataDir)).toEqual([]);
      const key = /first start: .*\n\s+(wnw_\w+)/.exec(run.output())?.[1];
      const res = await fetch(`${run.url}/v1/titles?limit=1`, { headers: { "x-api-key": key! } });
      expect(res.status).toBe(200);
      const admin = await fetch(`${run.url}/admin/accounts/00000000-0000-4000-8000-000000000001`, { headers: { authorization: "Bearer external-admin" } });
      expect(admin.status).toBe(200);
    } finally {
      run.child.kill("SIGTERM");
    }
    expect(await exited(run.child)).toBe(0);
  });

  it("leaves no Java process behind when the parent is killed outright", async () => {
    const run = await startService();
    expect(javaProcessesFor(dataDir)).toHaveLength(1);
    run.child.kill("SIGKILL");
    await exited(run.child);
    await waitFor(() => (javaProcessesFor(dataDir).length === 0 ? true : undefined), 15_000);
  });
});
