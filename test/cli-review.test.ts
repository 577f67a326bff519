import { execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDynamo, ensureTables } from "@winnow/storage";
import { DecisionRepository, type DecisionRecord } from "@winnow/storage/repos/decisions";
import { ScreeningJobRepository } from "@winnow/storage/repos/screening-jobs";
import { entriesFor } from "@winnow/cli/usage";

const ROOT = new URL("..", import.meta.url).pathname;
const STACK_FRAME = /\n\s+at .*:\d+:\d+\)?$/m;
/** Nothing listens on the discard port: a command that opens the store there fails (exit 1) instead of answering. */
const DEAD_ENDPOINT = "http://127.0.0.1:9";

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run cli -- …` as npm runs it, against its own table (and data dir, which holds the ATS secrets key). */
function cli(env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "packages/cli/src/main.ts", ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8", timeout: 60_000 },
      (err, stdout, stderr) => resolve({ status: err ? (typeof err.code === "number" ? err.code : null) : 0, stdout, stderr }),
    );
  });
}

const freshEnv = (): Record<string, string> => ({ WINNOW_TABLE: `cli-review-${randomUUID()}`, WINNOW_DATA_DIR: mkdtempSync(join(tmpdir(), "cli-review-")) });

const lines = (out: string) => out.split("\n").filter(Boolean);

/** A refusal: the given exit code, nothing on stdout, a first stderr line naming the problem, no stack trace. */
function expectRefused(run: Run, status: 1 | 2, reason: RegExp): void {
  expect({ status: run.status, stdout: run.stdout }, run.stderr).toEqual({ status, stdout: "" });
  expect(run.stderr.split("\n")[0]).toMatch(/^error: /);
  expect(run.stderr.split("\n")[0]).toMatch(reason);
  expect(run.stderr).not.toMatch(STACK_FRAME);
}

async function newAccount(env: Record<string, string>): Promise<string> {
  const run = await cli(env, "accounts", "create", "CLI review");
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout).id;
}

describe("CLI review: wrong usage exits 2 with one line naming the problem, before the store is opened", () => {
  const account = randomUUID();
  const lever = ["connections", "create", "--provider", "lever", "--account", account, "--api-key", "k", "--webhook-secret", "s"];
  const cases: [string[], RegExp, string][] = [
    [[], /^error: no command given$/, "keys create <account_id>"],
    [["frobnicate"], /^error: unknown command "frobnicate"$/, "taxonomy sync"],
    [["keys"], /^error: keys needs one of: create, list, revoke$/, "keys revoke <account_id> <key_id>"],
    [["keys", "frob"], /^error: unknown command "keys frob"$/, "keys list <account_id>"],
    [["keys", "create"], /^error: keys create needs <account_id>$/, "keys create <account_id>"],
    [["keys", "create", account, "extra"], /^error: unexpected argument "extra" for keys create$/, "keys create <account_id>"],
    [["keys", "create", account, "--fresh"], /^error: unknown option --fresh$/, "keys create <account_id>"],
    [["keys", "create", account, "--scope"], /^error: --scope needs a value$/, "keys create <account_id>"],
    [["keys", "create", account, "--scope", "taxonomy:read,matches:read"], /unknown scope "taxonomy:read,matches:read".*repeat --scope/, "keys create"],
    [["keys", "list", account, "extra"], /unexpected argument "extra" for keys list/, "keys list <account_id>"],
    [["keys", "revoke", account], /^error: keys revoke needs <key_id>$/, "keys revoke <account_id> <key_id>"],
    [["accounts", "create", "   "], /^error: accounts create needs <name>$/, "accounts create <name>"],
    [["accounts", "create", "--scope", "x", "Acme"], /^error: unknown option --scope$/, "accounts create <name>"],
    [["users", "invite", account, "a@b"], /^error: not an email address: a@b$/, "users invite <account_id> <email>"],
    [["users", "list", account, "--account", account], /^error: unknown option --account$/, "users list"],
    [["jwt-keys", "generate", "extra"], /unexpected argument "extra" for jwt-keys generate/, "jwt-keys generate"],
    [["start", "extra"], /unexpected argument "extra" for start/, "start"],
    [["connections", "list", "--connection", "x"], /^error: connections list does not take --connection$/, "connections list"],
    [["connections", "show"], /^error: connections show needs <id>$/, "connections show <id>"],
    [["dead-letters", "list", "--account", account], /^error: dead-letters list does not take --account$/, "dead-letters list"],
    [["dead-letters", "--connection", "x"], /^error: dead-letters needs one of: list, show, replay$/, "dead-letters replay"],
    [["dead-letters", "replay", "a", "b"], /unexpected argument "b" for dead-letters replay/, "dead-letters replay <job_id>"],
    [[...lever, "--base-url", "notaurl"], /^error: --base-url must be an http\(s\) URL, got "notaurl"$/, "connections create"],
    [[...lever, "--name", "  "], /^error: --name must not be empty$/, "connections create"],
    [[...lever, "--custom-field", "score"], /leave --custom-field unset$/, "connections create"],
    [[...lever, "--job"], /^error: --job needs a value$/, "connections create"],
    [lever.filter((a) => a !== "--account" && a !== account), /^error: connections create needs --account$/, "connections create"],
    [["decisions", "export", "--account", account, "--from", "2026-03-01", "--to", "2026-01-31"], /^error: --from must be before --to$/, "decisions export"],
    [["decisions", "export", "--account", account, "--from", "2026-02-30"], /--from must be a date .*got "2026-02-30"/, "decisions export"],
    [["candidates", "erase", "--account", account, "--email", "a@b.example", "--out", "x"], /^error: candidates erase does not take --out$/, "candidates erase"],
    [["candidates", "erase", "--account", account, "--email", "nobody"], /--email must be an email address/, "candidates erase"],
    // parseArgs would keep the last value: the operator would believe two candidates were erased.
    [["candidates", "erase", "--account", account, "--email", "a@b.example", "--email", "c@d.example"], /^error: --email is given twice; it takes one value$/, "candidates erase"],
    [["accounts", "retention", account, "1.5"], /whole number of days from 1 to 3650, got "1.5"/, "accounts retention"],
    [["accounts", "retention", account, "30", "--account", account], /^error: accounts retention does not take --account$/, "accounts retention"],
    [["audit", "upload", "eeo.csv"], /^error: audit upload needs --account$/, "audit upload"],
    [["audit", "report", "--account", account, "--from", "2026-03-01", "--to", "2026-01-01"], /^error: --from must not be after --to$/, "audit report"],
    [["audit", "report", "--account", account, "--from", "soon"], /^error: --from must be a date/, "audit report"],
    [["taxonomy", "import", "esco"], /^error: taxonomy import esco needs <dir>$/, "taxonomy import esco <dir>"],
    [["taxonomy", "versions", "--fresh"], /^error: taxonomy versions does not take --fresh$/, "taxonomy versions"],
    [["taxonomy", "sync", "--base-url", "notaurl"], /^error: --base-url must be an http\(s\) URL/, "taxonomy sync"],
  ];

  it("refuses each malformed command line with exit 2 and the usage of the command it names", async () => {
    const env = { WINNOW_TABLE: "never-opened", DYNAMODB_ENDPOINT: DEAD_ENDPOINT };
    const runs = await Promise.all(cases.map(([args]) => cli(env, ...args)));
    cases.forEach(([args, reason, usageLine], i) => {
      const run = runs[i]!;
      expect({ args, status: run.status, stdout: run.stdout }, run.stderr).toEqual({ args, status: 2, stdout: "" });
      const [first, ...rest] = run.stderr.split("\n");
      expect(first, args.join(" ")).toMatch(reason);
      expect(rest.join("\n")).toMatch(/Usage: npm run cli -- <command>/);
      expect(rest.join("\n")).toContain(usageLine);
      expect(run.stderr).not.toMatch(STACK_FRAME);
    });
  }, 120_000);

  it("shows only the named command's usage, not every command's", async () => {
    const run = await cli({ DYNAMODB_ENDPOINT: DEAD_ENDPOINT }, "keys", "create");
    expect(run.stderr).toContain("keys create <account_id>");
    expect(run.stderr).not.toContain("taxonomy sync");
    expect(run.stderr).not.toContain("connections create");
  });

  it("the same endpoint makes a well-formed command fail with exit 1 naming DynamoDB: the refusals above never reached it", async () => {
    const run = await cli({ WINNOW_TABLE: "never-opened", DYNAMODB_ENDPOINT: DEAD_ENDPOINT }, "keys", "list", account);
    expectRefused(run, 1, /^error: cannot use DynamoDB at http:\/\/127\.0\.0\.1:9 \(table never-opened\): .*ECONNREFUSED/);
    expectRefused(await cli({ DYNAMODB_ENDPOINT: "localhost:8000" }, "keys", "list", account), 1, /^error: DYNAMODB_ENDPOINT must be an http\(s\) URL \(got "localhost:8000"\)$/);
  });
});

describe("CLI review: help", () => {
  it("`help`, `--help` and `-h` print the whole usage on stdout and exit 0", async () => {
    for (const args of [["help"], ["--help"], ["-h"]]) {
      const run = await cli({ DYNAMODB_ENDPOINT: DEAD_ENDPOINT }, ...args);
      expect(run.status).toBe(0);
      for (const group of ["accounts create", "keys create", "users invite", "connections create", "dead-letters replay", "decisions export", "candidates erase", "audit report", "taxonomy sync"]) {
        expect(run.stdout).toContain(`  ${group}`);
      }
      expect(run.stdout).toMatch(/Exit status: 0 done, 1 failed, 2 wrong usage/);
    }
  });

  it("`help <command>` and `<command> --help` narrow the usage to that command; an unknown one exits 2", async () => {
    const env = { DYNAMODB_ENDPOINT: DEAD_ENDPOINT };
    const group = await cli(env, "help", "keys");
    expect(group.status).toBe(0);
    expect(lines(group.stdout).filter((l) => /^ {2}\S/.test(l))).toEqual([
      expect.stringMatching(/^ {2}keys create <account_id>/),
      expect.stringMatching(/^ {2}keys list <account_id>/),
      expect.stringMatching(/^ {2}keys revoke <account_id> <key_id>/),
    ]);
    const one = await cli(env, "connections", "update", "some-id", "--help");
    expect(one.status).toBe(0);
    expect(lines(one.stdout).filter((l) => /^ {2}\S/.test(l))).toEqual([expect.stringMatching(/^ {2}connections update <id>/)]);
    expectRefused(await cli(env, "help", "frobnicate"), 2, /unknown command "frobnicate"/);
  });

  it("README's command-line examples name only commands the usage knows, and the usage names only README's", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const documented = new Set<string>();
    for (const [, words] of readme.matchAll(/npm run cli -- ((?:[a-z][a-z-|]*)(?: [a-z][a-z-|]*)*)/g)) {
      // "connections list|show|update|delete" stands for four commands.
      const [group, alternatives] = words!.split(" ");
      for (const sub of (alternatives ?? "").split("|")) documented.add([group, sub].filter(Boolean).join(" "));
    }
    expect(documented.size).toBeGreaterThan(20);
    for (const words of documented) expect(entriesFor(words.split(" ")), words).not.toEqual([]);
    // Every usage entry but `start` (README documents it as npm start) appears in README.
    const usageCommands = entriesFor([]).map((e) => e.trim().split(/\s{2,}/)[0]!.split(" ").filter((w) => /^[a-z][a-z-]*$/.test(w)).slice(0, 2).join(" "));
    const missing = usageCommands.filter((c) => c !== "start" && ![...documented].some((d) => d.startsWith(c)));
    expect(missing).toEqual([]);
  });
});

describe("CLI review: unknown ids and unusable files fail with exit 1 and change nothing", () => {
  it("refuses unknown accounts, connections and catalogue versions instead of printing an empty list", async () => {
    const env = freshEnv();
    await newAccount(env);
    expectRefused(await cli(env, "connections", "list", "--account", randomUUID()), 1, /^error: no account /);
    expectRefused(await cli(env, "dead-letters", "list", "--connection", randomUUID()), 1, /^error: no connection /);
    const version = `v-${randomUUID()}`;
    expectRefused(await cli(env, "taxonomy", "activate", version), 1, new RegExp(`^error: no catalogue version ${version} \\(see taxonomy versions\\)$`));
  });

  it("names a file it cannot read or write, without a stack trace or a stray temporary file", async () => {
    const env = freshEnv();
    const account = await newAccount(env);
    const missingDir = join(env.WINNOW_DATA_DIR!, "no-such-dir");
    expectRefused(await cli(env, "decisions", "export", "--account", account, "--out", join(missingDir, "d.jsonl")), 1, /^error: cannot write .*d\.jsonl: no such file or directory$/);
    expectRefused(await cli(env, "audit", "upload", "--account", account, join(missingDir, "eeo.csv")), 1, /^error: cannot read .*eeo\.csv: no such file or directory$/);
    expectRefused(await cli(env, "audit", "upload", "--account", account, env.WINNOW_DATA_DIR!), 1, /is not a file$/);
    expectRefused(await cli(env, "audit", "report", "--account", account, "--html", join(missingDir, "a.html")), 1, /^error: cannot write .*a\.html: no such file or directory$/);

    const out = join(env.WINNOW_DATA_DIR!, "decisions.jsonl");
    const exported = await cli(env, "decisions", "export", "--account", account, "--out", out);
    expect(exported.status, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stderr.trim())).toEqual({ exported: 0, file: out });
    expect(readFileSync(out, "utf8")).toBe("");
    expect(readdirSync(env.WINNOW_DATA_DIR!).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("a refused command line creates nothing: no key for `keys create <id> extra`, no user for a bad email", async () => {
    const env = freshEnv();
    const account = await newAccount(env);
    expectRefused(await cli(env, "keys", "create", account, "extra"), 2, /unexpected argument "extra"/);
    expectRefused(await cli(env, "users", "invite", account, "ada@localhost"), 2, /not an email address/);
    const keys = await cli(env, "keys", "list", account);
    const users = await cli(env, "users", "list", account);
    expect([keys.status, keys.stdout, users.status, users.stdout]).toEqual([0, "", 0, ""]);
    // The well-formed version of each goes through, so the refusals above were about the command line.
    expect((await cli(env, "keys", "create", account, "--scope", "taxonomy:read", "--scope", "taxonomy:read")).stdout).toMatch(/"scopes":\["taxonomy:read"\]/);
    expect((await cli(env, "users", "invite", account, " ada@example.com ")).stdout).toMatch(/"email":"ada@example.com"/);
  });
});

describe("CLI review: output read by scripts", () => {
  it("`decisions export | head` ends quietly with exit 0 when the reader closes the pipe early", async () => {
    const env = freshEnv();
    const account = await newAccount(env);
    const { client, doc } = createDynamo({ endpoint: process.env.DYNAMODB_ENDPOINT });
    const start = Date.parse("2026-06-01T00:00:00Z");
    // Far more than a pipe buffers (64 KiB), so the export is still writing when the reader goes away.
    const records = Array.from({ length: 300 }, (_, i): DecisionRecord => ({
      matchId: randomUUID(),
      accountId: account,
      createdAt: new Date(start + i * 1000).toISOString(),
      matchScore: 50,
      jobPostId: "job-post",
      source: { kind: "api", credential: { kind: "api-key", id: "key" }, operation: "POST /v1/match-insights" },
      inputs: { jobDescriptionSha256: "0".repeat(64), resumeSha256: "1".repeat(64) },
      engineVersion: "engine",
      catalogueVersion: "catalogue",
      summary: {},
      full: { padding: "x".repeat(4000) },
      advisory: "advisory",
    }));
    await new DecisionRepository({ doc, table: env.WINNOW_TABLE! }).putMany(records);
    client.destroy();

    const child = spawn(process.execPath, ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "packages/cli/src/main.ts", "decisions", "export", "--account", account], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const first = await new Promise<string>((resolve) => child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString())));
    child.stdout.destroy();
    const status = await new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
    expect(JSON.parse(first.split("\n")[0]!)).toMatchObject({ match_id: records[0]!.matchId });
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
  });
});

describe("CLI review: repeated and undoing commands", () => {
  it("a second replay of a dead letter says the job is no longer dead, instead of 'no dead letter'", async () => {
    const env = freshEnv();
    const { client, doc } = createDynamo({ endpoint: process.env.DYNAMODB_ENDPOINT });
    await ensureTables(client, env.WINNOW_TABLE!);
    const jobs = new ScreeningJobRepository({ doc, table: env.WINNOW_TABLE! });
    const jobId = randomUUID();
    await jobs.create(
      { jobId, connectionId: randomUUID(), accountId: randomUUID(), provider: "lever", applicationId: "app-1", candidateId: "cand-1", deliveryKey: "d-1", eventType: "applicationCreated" },
      "embedded",
    );
    const token = randomUUID();
    expect(await jobs.claim(jobId, token, 60_000)).toBeDefined();
    expect(await jobs.bury(jobId, token, { at: new Date().toISOString(), attempt: 1, message: "HTTP 401" }, [])).toBe(true);
    client.destroy();

    const listed = await cli(env, "dead-letters", "list");
    expect(lines(listed.stdout).map((l) => JSON.parse(l).job_id)).toEqual([jobId]);
    const first = await cli(env, "dead-letters", "replay", jobId);
    expect(first.status, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ replayed: jobId, status: "queued" });
    expectRefused(await cli(env, "dead-letters", "replay", jobId), 1, new RegExp(`^error: job ${jobId} is not a dead letter \\(status queued\\)$`));
    expectRefused(await cli(env, "dead-letters", "show", jobId), 1, /is not a dead letter \(status queued\)/);
  });

  it("`connections update` undoes a job filter with --job \"\" and a base URL with --base-url \"\", as documented", async () => {
    const env = freshEnv();
    const account = await newAccount(env);
    const created = await cli(env, "connections", "create", "--provider", "lever", "--account", account, "--api-key", "k", "--webhook-secret", "s", "--job", " job-1 ", "--base-url", "https://sandbox.example");
    expect(created.status, created.stderr).toBe(0);
    const connection = JSON.parse(created.stdout);
    expect(connection).toMatchObject({ job_filter: ["job-1"], base_url: "https://sandbox.example" });
    const updated = await cli(env, "connections", "update", connection.id, "--job", "", "--base-url", "");
    expect(updated.status, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ id: connection.id, job_filter: [], base_url: null });
    expectRefused(await cli(env, "connections", "update", connection.id, "--base-url", "sandbox.example"), 2, /--base-url must be an http\(s\) URL/);
    const deleted = await cli(env, "connections", "delete", connection.id);
    expect(JSON.parse(deleted.stdout)).toEqual({ deleted: connection.id });
    expectRefused(await cli(env, "connections", "delete", connection.id), 1, /^error: no connection /);
  });
});
