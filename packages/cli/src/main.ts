#!/usr/bin/env node
import { parseArgs } from "node:util";
import { AccountRepository, SCOPES, type Scope } from "@winnow/storage";
import { readConfig } from "./config.ts";
import { openStore } from "./runtime.ts";
import { start } from "./start.ts";

const USAGE = `Usage: npm run cli -- <command>

  start                                   run the service (same as npm start)
  accounts create <name>                  create an account
  keys create <account_id> [--scope S]…   create an API key (scopes: ${SCOPES.join(", ")}; default all)
  keys list <account_id>                  list an account's keys
  keys revoke <account_id> <key_id>       revoke a key

Environment: PORT, HOST, WINNOW_DATA_DIR, DYNAMODB_ENDPOINT, WINNOW_TABLE, WINNOW_ADMIN_TOKEN (see README).`;

async function withAccounts<T>(fn: (accounts: AccountRepository) => Promise<T>): Promise<T> {
  const opened = await openStore(readConfig());
  try {
    return await fn(new AccountRepository(opened.store));
  } finally {
    await opened.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { scope: { type: "string", multiple: true }, help: { type: "boolean", short: "h" } },
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
    const keys = await withAccounts((a) => a.listApiKeys(rest[0]!));
    for (const k of keys) console.log(JSON.stringify(k));
    return 0;
  }
  if (command === "keys" && sub === "revoke" && rest[0] && rest[1]) {
    const revoked = await withAccounts((a) => a.revokeApiKey(rest[0]!, rest[1]!));
    if (!revoked) throw new Error(`account ${rest[0]} has no key ${rest[1]}`);
    console.log(JSON.stringify(revoked));
    return 0;
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
