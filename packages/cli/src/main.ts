#!/usr/bin/env node
import { AccountRepository, CatalogueRepository, SCOPES, type Scope } from "@winnow/storage";
import { importEscoCsv, runTaxonomySync, terminalProgress } from "@winnow/taxonomy";
import { readConfig } from "./config.ts";
import { withStore } from "./runtime.ts";
import { UsageError, httpUrl, onlyFlags, parseCommandLine, positionalsFor } from "./args.ts";
import { knownCommand, noSuchCommand, usage } from "./usage.ts";
import { usersCommand } from "./commands/users.ts";
import { connectionsCommand } from "./commands/connections.ts";
import { recordsCommand } from "./commands/records.ts";
import { auditCommand } from "./commands/audit.ts";
import { start } from "./start.ts";
import { keyView, syncView, versionView } from "@winnow/api/views";

const withAccounts = <T>(fn: (accounts: AccountRepository) => Promise<T>): Promise<T> => withStore((store) => fn(new AccountRepository(store)));

const withCatalogues = <T>(fn: (catalogues: CatalogueRepository) => Promise<T>): Promise<T> => withStore((store) => fn(new CatalogueRepository(store)));

const TAXONOMY_OPTIONS = { "base-url": { type: "string" }, fresh: { type: "boolean" } } as const;

async function taxonomy(argv: string[]): Promise<number> {
  const { positionals, values } = parseCommandLine(argv, TAXONOMY_OPTIONS, "taxonomy");
  const [, sub, ...rest] = positionals;
  if (!["import", "sync", "versions", "syncs", "activate"].includes(sub ?? "") || (sub === "import" && rest[0] !== "esco")) throw noSuchCommand(positionals.slice(0, 3));
  const command = sub === "import" ? "taxonomy import esco" : `taxonomy ${sub}`;
  if (sub !== "sync") onlyFlags(values, [], command);
  if (sub === "import") {
    const [dir] = positionalsFor("taxonomy import esco", rest.slice(1), ["<dir>"]) as [string];
    const result = await withCatalogues((catalogues) => importEscoCsv({ dir, catalogues, progress: terminalProgress() }));
    const { titles, skills, warnings } = result.report;
    console.log(JSON.stringify({ version: result.version, previous: result.previous ?? null, changed: result.changed, titles, skills, warnings, timings: result.timings }));
    return 0;
  }
  if (sub === "sync") {
    positionalsFor(command, rest, []);
    const baseUrl = values["base-url"] === undefined ? undefined : httpUrl(values["base-url"], "--base-url", command);
    // Ctrl-C stops at the next checkpoint and records the run as interrupted; the next sync resumes it.
    const stop = new AbortController();
    const onSignal = () => stop.abort(new Error("stopped by signal"));
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    const run = await withCatalogues((catalogues) =>
      runTaxonomySync(catalogues, { baseUrl, fresh: values.fresh, trigger: "cli", signal: stop.signal, progress: terminalProgress() }),
    );
    // The shape `taxonomy syncs` and GET /admin/taxonomy/syncs print.
    console.log(JSON.stringify(syncView(run)));
    return run.status === "succeeded" ? 0 : 1;
  }
  if (sub === "versions") {
    positionalsFor(command, rest, []);
    for (const v of await withCatalogues((c) => c.listVersions())) console.log(JSON.stringify(versionView(v)));
    return 0;
  }
  if (sub === "syncs") {
    positionalsFor(command, rest, []);
    for (const run of await withCatalogues((c) => c.syncs.listRuns(50))) console.log(JSON.stringify(syncView(run)));
    return 0;
  }
  if (sub === "activate") {
    const [version] = positionalsFor(command, rest, ["<version>"]) as [string];
    await withCatalogues(async (c) => {
      // A mistyped id is the likely mistake here: point at the list of versions.
      if (!(await c.listVersions()).some((v) => v.version === version)) throw new Error(`no catalogue version ${version} (see taxonomy versions)`);
      await c.activate(version, (await c.activeVersion()) ?? null);
    });
    console.log(JSON.stringify({ active: version }));
    return 0;
  }
  throw noSuchCommand(positionals.slice(0, 3));
}

const KEY_OPTIONS = { scope: { type: "string", multiple: true } } as const;

async function keys(argv: string[]): Promise<number> {
  const { positionals, values } = parseCommandLine(argv, KEY_OPTIONS, "keys");
  const [, sub, ...rest] = positionals;
  if (!["create", "list", "revoke"].includes(sub ?? "")) throw noSuchCommand(positionals.slice(0, 2));
  const command = `keys ${sub}`;
  if (sub !== "create") onlyFlags(values, [], command);
  if (sub === "create") {
    const [accountId] = positionalsFor(command, rest, ["<account_id>"]) as [string];
    const scopes = (values.scope ?? [...SCOPES]) as Scope[];
    const bad = scopes.filter((s) => !SCOPES.includes(s));
    if (bad.length) {
      throw new UsageError(`unknown scope ${bad.map((s) => `"${s}"`).join(", ")}; choose from ${SCOPES.join(", ")} (repeat --scope for several)`, command);
    }
    const { record, key } = await withAccounts(async (a) => {
      if (!(await a.get(accountId))) throw new Error(`no account ${accountId}`);
      return a.createApiKey(accountId, [...new Set(scopes)]);
    });
    console.log(JSON.stringify({ id: record.id, key, prefix: record.prefix, scopes: record.scopes }));
    return 0;
  }
  if (sub === "list") {
    const [accountId] = positionalsFor(command, rest, ["<account_id>"]) as [string];
    const keys = await withAccounts(async (a) => {
      // An empty list must mean an account without keys, not a mistyped id.
      if (!(await a.get(accountId))) throw new Error(`no account ${accountId}`);
      return a.listApiKeys(accountId);
    });
    for (const k of keys) console.log(JSON.stringify(keyView(k)));
    return 0;
  }
  if (sub === "revoke") {
    const [accountId, keyId] = positionalsFor(command, rest, ["<account_id>", "<key_id>"]) as [string, string];
    const revoked = await withAccounts((a) => a.revokeApiKey(accountId, keyId));
    if (!revoked) throw new Error(`account ${accountId} has no key ${keyId}`);
    console.log(JSON.stringify(keyView(revoked)));
    return 0;
  }
  throw noSuchCommand(positionals.slice(0, 2));
}

async function accountsCreate(argv: string[]): Promise<number> {
  const { positionals } = parseCommandLine(argv, {}, "accounts create");
  // Unquoted words make one name, as the operator typed it; the admin API's limits apply.
  const name = positionals.slice(2).join(" ").trim();
  if (!name) throw new UsageError("accounts create needs <name>", "accounts create");
  if (name.length > 200) throw new UsageError("an account name is at most 200 characters", "accounts create");
  const account = await withAccounts((a) => a.create(name));
  console.log(JSON.stringify({ id: account.id, name: account.name }));
  return 0;
}

async function serve(argv: string[]): Promise<number> {
  const { positionals } = parseCommandLine(argv, {}, "start");
  positionalsFor("start", positionals.slice(1), []);
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

/** `help [command]`, or `--help`/`-h` anywhere before a `--`: the usage of the longest known command prefix. */
function help(argv: string[]): number | undefined {
  const options = argv.slice(0, argv.includes("--") ? argv.indexOf("--") : argv.length);
  if (argv[0] === "help") {
    const words = argv.slice(1).filter((a) => a !== "--help" && a !== "-h");
    if (words.length && !knownCommand(words)) throw noSuchCommand(words);
    console.log(usage(words));
    return 0;
  }
  if (!options.includes("--help") && !options.includes("-h")) return undefined;
  const words: string[] = [];
  for (const arg of options) {
    if (arg.startsWith("-") || !knownCommand([...words, arg])) break;
    words.push(arg);
  }
  console.log(usage(words));
  return 0;
}

/** The command words the operator typed: everything before the first flag. */
const leadingWords = (argv: string[]): string[] => {
  const first = argv.findIndex((a) => a.startsWith("-"));
  return (first < 0 ? argv : argv.slice(0, first)).slice(0, 3);
};

async function run(argv: string[]): Promise<number> {
  const helped = help(argv);
  if (helped !== undefined) return helped;
  const [command, sub] = argv;
  if (command === undefined || command.startsWith("-")) {
    if (command !== undefined) parseCommandLine(argv, {}); // an unknown option first: say so, not just "no command"
    throw noSuchCommand([]);
  }
  if (command === "start") return serve(argv);
  if (command === "connections" || command === "dead-letters") return (await connectionsCommand(argv)) ?? Promise.reject(noSuchCommand(leadingWords(argv)));
  if (command === "audit") return (await auditCommand(argv)) ?? Promise.reject(noSuchCommand(leadingWords(argv)));
  if (command === "decisions" || command === "candidates" || (command === "accounts" && sub === "retention")) {
    return (await recordsCommand(argv)) ?? Promise.reject(noSuchCommand(leadingWords(argv)));
  }
  if (command === "accounts" && sub === "create") return accountsCreate(argv);
  if (command === "keys") return keys(argv);
  if (command === "taxonomy") return taxonomy(argv);
  if (command === "users" || command === "jwt-keys") {
    const [, usersSub, ...rest] = parseCommandLine(argv, {}, command).positionals;
    const code = await usersCommand(command, usersSub, rest);
    if (code !== undefined) return code;
  }
  throw noSuchCommand(leadingWords(argv));
}

// `decisions export … | head` closes the pipe on purpose: the reader has what it wanted, so stop without an error.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code === "EPIPE") process.exit(0);
});

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`error: ${err.message}\n\n${usage(err.command ? err.command.split(" ") : [])}`);
      process.exit(2);
    }
    console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
