#!/usr/bin/env node
import { parseArgs } from "node:util";
import { AccountRepository, CatalogueRepository, SCOPES, type Scope } from "@winnow/storage";
import { importEscoCsv, runTaxonomySync, terminalProgress } from "@winnow/taxonomy";
import { readConfig } from "./config.ts";
import { withStore } from "./runtime.ts";
import { USERS_USAGE, usersCommand } from "./commands/users.ts";
import { CONNECTIONS_USAGE, connectionsCommand } from "./commands/connections.ts";
import { RECORDS_USAGE, recordsCommand } from "./commands/records.ts";
import { AUDIT_USAGE, auditCommand } from "./commands/audit.ts";
import { start } from "./start.ts";
import { keyView, syncView, versionView } from "@winnow/api/views";

const USAGE = `Usage: npm run cli -- <command>

  start                                   run the service (same as npm start)
  accounts create <name>                  create an account
  keys create <account_id> [--scope S]…   create an API key (scopes: ${SCOPES.join(", ")}; default all)
  keys list <account_id>                  list an account's keys
  keys revoke <account_id> <key_id>       revoke a key
${USERS_USAGE}
${CONNECTIONS_USAGE}
${RECORDS_USAGE}
${AUDIT_USAGE}
  taxonomy import esco <dir>              import an ESCO CSV export as a new catalogue version and activate it
  taxonomy sync [--base-url URL] [--fresh]
                                          pull titles and skills from the ESCO web API (resumes an interrupted
                                          sync unless --fresh); a new version only when something changed
  taxonomy versions                       list catalogue versions (which one is active)
  taxonomy syncs                          list taxonomy sync runs, newest first
  taxonomy activate <version>             make a stored catalogue version the active one

Environment: PORT, HOST, WINNOW_DATA_DIR, DYNAMODB_ENDPOINT, WINNOW_TABLE, WINNOW_ADMIN_TOKEN,
WINNOW_ESCO_API_URL (see README).`;

const withAccounts = <T>(fn: (accounts: AccountRepository) => Promise<T>): Promise<T> => withStore((store) => fn(new AccountRepository(store)));

const withCatalogues = <T>(fn: (catalogues: CatalogueRepository) => Promise<T>): Promise<T> => withStore((store) => fn(new CatalogueRepository(store)));

async function taxonomy(sub: string | undefined, rest: string[], values: { "base-url"?: string; fresh?: boolean }): Promise<number | undefined> {
  if (sub === "import" && rest[0] === "esco" && rest[1]) {
    const dir = rest[1];
    const result = await withCatalogues((catalogues) => importEscoCsv({ dir, catalogues, progress: terminalProgress() }));
    const { titles, skills, warnings } = result.report;
    console.log(JSON.stringify({ version: result.version, previous: result.previous ?? null, changed: result.changed, titles, skills, warnings, timings: result.timings }));
    return 0;
  }
  if (sub === "sync" && !rest.length) {
    // Ctrl-C stops at the next checkpoint and records the run as interrupted; the next sync resumes it.
    const stop = new AbortController();
    const onSignal = () => stop.abort(new Error("stopped by signal"));
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    const run = await withCatalogues((catalogues) =>
      runTaxonomySync(catalogues, { baseUrl: values["base-url"], fresh: values.fresh, trigger: "cli", signal: stop.signal, progress: terminalProgress() }),
    );
    // The shape `taxonomy syncs` and GET /admin/taxonomy/syncs print.
    console.log(JSON.stringify(syncView(run)));
    return run.status === "succeeded" ? 0 : 1;
  }
  if (sub === "versions" && !rest.length) {
    for (const v of await withCatalogues((c) => c.listVersions())) console.log(JSON.stringify(versionView(v)));
    return 0;
  }
  if (sub === "syncs" && !rest.length) {
    for (const run of await withCatalogues((c) => c.syncs.listRuns(50))) console.log(JSON.stringify(syncView(run)));
    return 0;
  }
  if (sub === "activate" && rest[0] && rest.length === 1) {
    const version = rest[0];
    await withCatalogues(async (c) => c.activate(version, (await c.activeVersion()) ?? null));
    console.log(JSON.stringify({ active: version }));
    return 0;
  }
  return undefined;
}

async function main(argv: string[]): Promise<number> {
  // ATS commands parse their own flags.
  if (argv[0] === "connections" || argv[0] === "dead-letters") {
    const code = await connectionsCommand(argv);
    if (code !== undefined) return code;
    console.error(USAGE);
    return 1;
  }
  if (argv[0] === "audit") {
    const code = await auditCommand(argv);
    if (code !== undefined) return code;
    console.error(USAGE);
    return 1;
  }
  // Decision records, erasure and retention parse their own flags.
  if (argv[0] === "decisions" || argv[0] === "candidates" || (argv[0] === "accounts" && argv[1] === "retention")) {
    const code = await recordsCommand(argv);
    if (code !== undefined) return code;
    console.error(USAGE);
    return 1;
  }
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      scope: { type: "string", multiple: true },
      "base-url": { type: "string" },
      fresh: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, sub, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (command === "start") {
    const running = await start(readConfig());
    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${signal}: shutting down`);
      running.close().then(
        () => process.exit(0),
        (err) => {
          console.error(err);
          process.exit(1);
        },
      );
    };
    process.on("SIGINT", () => shutdown("SIGINT"));
    process.on("SIGTERM", () => shutdown("SIGTERM"));
    return -1;
  }
  if (command === "accounts" && sub === "create" && rest[0]) {
    const account = await withAccounts((a) => a.create(rest.join(" ")));
    console.log(JSON.stringify({ id: account.id, name: account.name }));
    return 0;
  }
  if (command === "keys" && sub === "create" && rest[0]) {
    const scopes = (values.scope ?? [...SCOPES]) as Scope[];
    const bad = scopes.filter((s) => !SCOPES.includes(s));
    if (bad.length) throw new Error(`unknown scope ${bad.join(", ")}; choose from ${SCOPES.join(", ")}`);
    const { record, key } = await withAccounts(async (a) => {
      if (!(await a.get(rest[0]!))) throw new Error(`no account ${rest[0]}`);
      return a.createApiKey(rest[0]!, scopes);
    });
    console.log(JSON.stringify({ id: record.id, key, prefix: record.prefix, scopes: record.scopes }));
    return 0;
  }
  if (command === "keys" && sub === "list" && rest[0]) {
    const keys = await withAccounts(async (a) => {
      // An empty list must mean an account without keys, not a mistyped id.
      if (!(await a.get(rest[0]!))) throw new Error(`no account ${rest[0]}`);
      return a.listApiKeys(rest[0]!);
    });
    for (const k of keys) console.log(JSON.stringify(keyView(k)));
    return 0;
  }
  if (command === "keys" && sub === "revoke" && rest[0] && rest[1]) {
    const revoked = await withAccounts((a) => a.revokeApiKey(rest[0]!, rest[1]!));
    if (!revoked) throw new Error(`account ${rest[0]} has no key ${rest[1]}`);
    console.log(JSON.stringify(keyView(revoked)));
    return 0;
  }
  if (command === "users" || command === "jwt-keys") {
    const code = await usersCommand(command, sub, rest);
    if (code !== undefined) return code;
  }
  if (command === "taxonomy") {
    const code = await taxonomy(sub, rest, values);
    if (code !== undefined) return code;
  }
  console.error(USAGE);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: Error) => {
    console.error(`error: ${err.message}`);
    process.exit(1);
  },
);
