import type { parseArgs } from "node:util";
import { DEFAULT_HARVEST_VERSION, HARVEST_VERSIONS, harvestVersionOf, isProvider, providers, type AtsRuntime, type ConnectionCredentials, type GreenhouseSettings, type HarvestVersion } from "@winnow/ats";
import { AccountRepository } from "@winnow/storage";
import { NOTE_VISIBILITIES, type AtsCredentials, type AtsProvider, type Connection, type NoteVisibility, type WriteBackSettings } from "@winnow/storage/repos/connections";
import { openAts } from "../ats.ts";
import { readConfig } from "../config.ts";
import { openStore } from "../runtime.ts";
import { publicUrl } from "./users.ts";
import { UsageError, httpUrl, onlyFlags, parseCommandLine, positionalsFor, requiredFlag } from "../args.ts";
import { connectionView, jobView } from "@winnow/api/views";

export const CONNECTIONS_USAGE = `  connections create --provider P --account ID [--api-key K] [--webhook-secret S] [--acting-user U]
                    [--note-visibility public|private|admin_only] [--custom-field F] [--tag T] [--job J]…
                    [--base-url URL] [--name N] [--api-version v3|v1] [--client-id ID] [--client-secret S]
                                          connect a Greenhouse, Lever or Ashby account (the key and secret can
                                          come from WINNOW_ATS_API_KEY / WINNOW_ATS_WEBHOOK_SECRET instead);
                                          Greenhouse uses Harvest v3 unless --api-version v1: OAuth client id and
                                          secret (or WINNOW_ATS_CLIENT_ID / WINNOW_ATS_CLIENT_SECRET), no API key;
                                          prints the webhook URL to configure in the ATS
  connections list [--account ID]         list connections (never their secrets)
  connections show <id>                   one connection (never its secrets)
  connections update <id> [flags of create, without --provider/--account]
                                          change what the flags name; --base-url "" goes back to the public API,
                                          --job "" screens every job again, an empty write-back flag clears it
  connections delete <id>                 delete a connection: its webhook URL stops working
  dead-letters list [--connection ID]     screening jobs that failed for good, newest first
  dead-letters show <job_id>
  dead-letters replay <job_id>            queue a dead letter again (completed steps are not repeated)`;

const OPTIONS = {
  provider: { type: "string" },
  account: { type: "string" },
  name: { type: "string" },
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  "api-version": { type: "string" },
  "client-id": { type: "string" },
  "client-secret": { type: "string" },
  "webhook-secret": { type: "string" },
  "acting-user": { type: "string" },
  "note-visibility": { type: "string" },
  "custom-field": { type: "string" },
  tag: { type: "string" },
  job: { type: "string", multiple: true },
  connection: { type: "string" },
} as const;

type Values = ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>>["values"];

const print = (value: unknown) => console.log(JSON.stringify(value));

/** The same shape as the admin API's, with the webhook URL on the public URL the ATS reaches. */
const connectionOut = (c: Connection) => connectionView(c, publicUrl(readConfig()));

/** The Harvest version the command leaves a connection on; undefined for providers other than Greenhouse. */
function harvestVersion(provider: AtsProvider, values: Values, current?: Connection): HarvestVersion | undefined {
  const requested = values["api-version"];
  if (provider !== "greenhouse") {
    if (requested !== undefined) throw new UsageError("--api-version applies to Greenhouse connections only", current ? "connections update" : "connections create");
    return undefined;
  }
  if (requested !== undefined && !HARVEST_VERSIONS.includes(requested as HarvestVersion)) throw new UsageError(`--api-version must be one of ${HARVEST_VERSIONS.join(", ")}`, current ? "connections update" : "connections create");
  return (requested as HarvestVersion | undefined) ?? (current ? harvestVersionOf(current.writeBack) : DEFAULT_HARVEST_VERSION);
}

/** Credentials from flags or, when creating, the environment: OAuth client credentials for Harvest v3, else an API key. */
function credentialsOf(values: Values, version: HarvestVersion | undefined, fromEnv: boolean): (AtsCredentials & ConnectionCredentials) | undefined {
  const env = (name: string) => (fromEnv ? process.env[name] : undefined);
  if (version === "v3") {
    const clientId = values["client-id"] ?? env("WINNOW_ATS_CLIENT_ID");
    const clientSecret = values["client-secret"] ?? env("WINNOW_ATS_CLIENT_SECRET");
    if (values["api-key"]) throw new UsageError("Greenhouse Harvest v3 takes --client-id/--client-secret, not --api-key (use --api-version v1 for a Harvest v1 key)");
    if (!clientId && !clientSecret) return undefined;
    if (!clientId || !clientSecret) throw new UsageError("Harvest v3 needs both --client-id and --client-secret");
    // Storage types credentials as { apiKey }: v3 keeps the OAuth pair in the same sealed value, without a key.
    return { apiKey: "", clientId, clientSecret };
  }
  if (values["client-id"] || values["client-secret"]) throw new UsageError("--client-id/--client-secret are for Greenhouse Harvest v3 connections");
  const apiKey = values["api-key"] ?? env("WINNOW_ATS_API_KEY");
  return apiKey ? { apiKey } : undefined;
}

function withVersion(settings: WriteBackSettings, version: HarvestVersion | undefined): WriteBackSettings {
  if (!version) return settings;
  const greenhouse: GreenhouseSettings = { ...settings, apiVersion: version };
  return greenhouse;
}


function writeBackOf(values: Values, current?: WriteBackSettings): WriteBackSettings | undefined {
  const given = ["acting-user", "note-visibility", "custom-field", "tag"].some((k) => values[k as keyof Values] !== undefined);
  if (!given && current) return undefined;
  const visibility = values["note-visibility"] ?? current?.noteVisibility ?? "private";
  if (!NOTE_VISIBILITIES.includes(visibility as NoteVisibility)) throw new UsageError(`--note-visibility must be one of ${NOTE_VISIBILITIES.join(", ")}`);
  const pick = (flag: string | undefined, previous: string | undefined) => (flag === undefined ? previous : flag || undefined);
  const actingUserId = pick(values["acting-user"], current?.actingUserId);
  const customField = pick(values["custom-field"], current?.customField);
  const tag = pick(values.tag, current?.tag);
  return {
    noteVisibility: visibility as NoteVisibility,
    ...(actingUserId ? { actingUserId } : {}),
    ...(customField ? { customField } : {}),
    ...(tag ? { tag } : {}),
  };
}

/** Providers word their refusals for the admin API's JSON (write_back.custom_field); here the operator typed flags. */
const flagNames = (problem: string) => problem.replace(/write_back\.(\w+)/g, (_, field: string) => `--${field.replace(/_/g, "-")}`);

/** Free-text flags get the admin API's limits; an empty value would otherwise be dropped without a word. */
function checkText(values: Values, command: string): void {
  const limits: [keyof Values, number][] = [["name", 200], ["custom-field", 200], ["tag", 100], ["acting-user", 200], ["client-id", 200]];
  for (const [flag, max] of limits) {
    const value = values[flag];
    if (typeof value !== "string") continue;
    // On update an empty write-back flag clears that setting; everywhere else it is a mistake.
    const clears = command === "connections update" && ["custom-field", "tag", "acting-user"].includes(flag);
    if (!value.trim() && !clears) throw new UsageError(`--${flag} must not be empty`, command);
    if (value.length > max) throw new UsageError(`--${flag} is at most ${max} characters`, command);
  }
  for (const flag of ["api-key", "client-secret", "webhook-secret"] as const) {
    const value = values[flag];
    if (value !== undefined && (!value || value.length > 1000)) throw new UsageError(`--${flag} must be 1 to 1000 characters`, command);
  }
  const clearsJobs = command === "connections update" && values.job?.length === 1 && values.job[0] === "";
  if (!clearsJobs && values.job?.some((j) => !j.trim() || j.length > 100)) throw new UsageError("--job takes an ATS job id (1 to 100 characters)", command);
  if (values["base-url"]) httpUrl(values["base-url"], "--base-url", command);
  else if (values["base-url"] === "" && command === "connections create") throw new UsageError("--base-url must not be empty", command);
}

/** Everything `connections create` needs, checked before the store is opened. */
function createInput(values: Values) {
  const command = "connections create";
  const provider = values.provider ?? "";
  if (!isProvider(provider)) throw new UsageError(`--provider must be one of ${Object.keys(providers).join(", ")}`, command);
  const accountId = requiredFlag(values, "account", command);
  checkText(values, command);
  const version = harvestVersion(provider, values);
  const credentials = credentialsOf(values, version, true);
  const webhookSecret = values["webhook-secret"] ?? process.env.WINNOW_ATS_WEBHOOK_SECRET;
  if (!credentials || !webhookSecret) {
    throw new UsageError(
      version === "v3"
        ? "an OAuth client id and secret and a webhook secret are needed for Greenhouse Harvest v3 (--client-id/--client-secret/--webhook-secret or WINNOW_ATS_CLIENT_ID/WINNOW_ATS_CLIENT_SECRET/WINNOW_ATS_WEBHOOK_SECRET; --api-version v1 for an API key)"
        : "an API key and a webhook secret are needed (--api-key/--webhook-secret or WINNOW_ATS_API_KEY/WINNOW_ATS_WEBHOOK_SECRET)",
      command,
    );
  }
  const writeBack = withVersion(writeBackOf(values)!, version);
  const problem = providers[provider].validateSettings(writeBack);
  if (problem) throw new UsageError(flagNames(problem), command);
  return {
    provider,
    accountId,
    ...(values.name ? { name: values.name.trim() } : {}),
    ...(values["base-url"] ? { baseUrl: values["base-url"] } : {}),
    credentials,
    webhookSecret,
    writeBack,
    ...(values.job?.length ? { jobFilter: values.job.map((j) => j.trim()) } : {}),
  };
}

async function update(rt: AtsRuntime, id: string, values: Values): Promise<number> {
  const command = "connections update";
  const current = await rt.connections.get(id);
  if (!current) throw new Error(`no connection ${id}`);
  const version = harvestVersion(current.provider, values, current);
  const versionChanged = current.provider === "greenhouse" && version !== harvestVersionOf(current.writeBack);
  const credentials = credentialsOf(values, version, false);
  if (versionChanged && !credentials) throw new UsageError(`switching to Harvest ${version} needs that version's credentials in the same command`, command);
  const changed = writeBackOf(values, current.writeBack) ?? (versionChanged ? current.writeBack : undefined);
  const writeBack = changed && withVersion(changed, version);
  const problem = writeBack && providers[current.provider].validateSettings(writeBack);
  if (problem) throw new UsageError(flagNames(problem), command);
  const updated = await rt.connections.update(id, {
    ...(values.name ? { name: values.name.trim() } : {}),
    ...(values["base-url"] !== undefined ? { baseUrl: values["base-url"] } : {}),
    ...(credentials ? { credentials } : {}),
    ...(values["webhook-secret"] ? { webhookSecret: values["webhook-secret"] } : {}),
    ...(writeBack ? { writeBack } : {}),
    ...(values.job ? { jobFilter: values.job.map((j) => j.trim()).filter(Boolean) } : {}),
  });
  if (!updated) throw new Error(`no connection ${id}`);
  print(connectionOut(updated));
  return 0;
}

/** Which flags each command reads; a flag of a sibling command would otherwise be ignored without a word. */
const FLAGS: Record<string, readonly string[]> = {
  "connections create": Object.keys(OPTIONS).filter((f) => f !== "connection"),
  "connections update": Object.keys(OPTIONS).filter((f) => !["connection", "provider", "account"].includes(f)),
  "connections list": ["account"],
  "connections show": [],
  "connections delete": [],
  "dead-letters list": ["connection"],
  "dead-letters show": [],
  "dead-letters replay": [],
};

const ARGS: Record<string, readonly string[]> = { "connections update": ["<id>"], "connections show": ["<id>"], "connections delete": ["<id>"], "dead-letters show": ["<job_id>"], "dead-letters replay": ["<job_id>"] };

/** `connections …` and `dead-letters …`; undefined when the arguments name no such command (main reports it). */
export async function connectionsCommand(argv: string[]): Promise<number | undefined> {
  const { positionals, values } = parseCommandLine(argv, OPTIONS, argv[0]);
  const [group, sub, ...rest] = positionals;
  const command = `${group} ${sub}`;
  if (!FLAGS[command]) return undefined;
  try {
    return await run(command, rest, values);
  } catch (err) {
    // The helpers shared by create and update do not know which of the two they refuse for.
    if (err instanceof UsageError && !err.command) throw new UsageError(err.message, command);
    throw err;
  }
}

async function run(command: string, rest: string[], values: Values): Promise<number | undefined> {
  onlyFlags(values, FLAGS[command]!, command);
  const [id] = positionalsFor(command, rest, ARGS[command] ?? []);
  const input = command === "connections create" ? createInput(values) : undefined;
  if (command === "connections update") checkText(values, command);
  const account = values.account?.trim();
  if (values.account !== undefined && !account) throw new UsageError("--account must not be empty", command);
  const config = readConfig();
  const opened = await openStore(config);
  try {
    const { runtime: rt } = openAts(opened.store, config);
    const accounts = new AccountRepository(opened.store);
    switch (command) {
      case "connections create": {
        if (!(await accounts.get(input!.accountId))) throw new Error(`no account ${input!.accountId}`);
        print(connectionOut(await rt.connections.create(input!)));
        return 0;
      }
      case "connections list": {
        // An empty list must mean an account without connections, not a mistyped id.
        if (account && !(await accounts.get(account))) throw new Error(`no account ${account}`);
        for (const c of await rt.connections.list(account)) print(connectionOut(c));
        return 0;
      }
      case "connections show": {
        const c = await rt.connections.get(id!);
        if (!c) throw new Error(`no connection ${id}`);
        print(connectionOut(c));
        return 0;
      }
      case "connections update":
        return await update(rt, id!, values);
      case "connections delete": {
        const c = await rt.connections.delete(id!);
        if (!c) throw new Error(`no connection ${id}`);
        print({ deleted: c.id });
        return 0;
      }
      case "dead-letters list": {
        const connectionId = values.connection?.trim();
        let after: string | undefined;
        let count = 0;
        do {
          const page = await rt.jobs.listDead({ limit: 100, ...(after ? { after } : {}), ...(connectionId ? { connectionId } : {}) });
          for (const job of page.jobs) print(jobView(job));
          count += page.jobs.length;
          after = page.next;
        } while (after);
        // A deleted connection may still have dead letters, so only an unknown id with nothing to show is refused.
        if (connectionId && !count && !(await rt.connections.get(connectionId))) throw new Error(`no connection ${connectionId}`);
        return 0;
      }
      case "dead-letters show": {
        const job = await rt.jobs.get(id!);
        if (!job || job.status !== "dead") throw new Error(notDead(id!, job?.status));
        print(jobView(job, await rt.writes.list(id!)));
        return 0;
      }
      case "dead-letters replay": {
        const job = await rt.jobs.replay(id!, rt.queue.kind);
        if (!job) throw new Error(notDead(id!, (await rt.jobs.get(id!))?.status));
        await rt.queue.enqueue(id!);
        print({ replayed: id, status: job.status });
        return 0;
      }
    }
    return undefined;
  } finally {
    await opened.close();
  }
}

/** A job that exists but is not dead (say, replayed a moment ago) is named as such, not as missing. */
const notDead = (id: string, status: string | undefined) => (status ? `job ${id} is not a dead letter (status ${status})` : `no dead letter ${id}`);
