import { parseArgs } from "node:util";
import { DEFAULT_HARVEST_VERSION, HARVEST_VERSIONS, harvestVersionOf, isProvider, providers, type AtsRuntime, type ConnectionCredentials, type GreenhouseSettings, type HarvestVersion } from "@winnow/ats";
import { AccountRepository } from "@winnow/storage";
import { NOTE_VISIBILITIES, type AtsCredentials, type AtsProvider, type Connection, type NoteVisibility, type WriteBackSettings } from "@winnow/storage/repos/connections";
import { openAts } from "../ats.ts";
import { readConfig } from "../config.ts";
import { openStore } from "../runtime.ts";
import { publicUrl } from "./users.ts";
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
  connections show <id>
  connections update <id> [flags of create, without --provider/--account]
  connections delete <id>
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
    if (requested !== undefined) throw new Error("--api-version applies to Greenhouse connections only");
    return undefined;
  }
  if (requested !== undefined && !HARVEST_VERSIONS.includes(requested as HarvestVersion)) throw new Error(`--api-version must be one of ${HARVEST_VERSIONS.join(", ")}`);
  return (requested as HarvestVersion | undefined) ?? (current ? harvestVersionOf(current.writeBack) : DEFAULT_HARVEST_VERSION);
}

/** Credentials from flags or, when creating, the environment: OAuth client credentials for Harvest v3, else an API key. */
function credentialsOf(values: Values, version: HarvestVersion | undefined, fromEnv: boolean): (AtsCredentials & ConnectionCredentials) | undefined {
  const env = (name: string) => (fromEnv ? process.env[name] : undefined);
  if (version === "v3") {
    const clientId = values["client-id"] ?? env("WINNOW_ATS_CLIENT_ID");
    const clientSecret = values["client-secret"] ?? env("WINNOW_ATS_CLIENT_SECRET");
    if (values["api-key"]) throw new Error("Greenhouse Harvest v3 takes --client-id/--client-secret, not --api-key (use --api-version v1 for a Harvest v1 key)");
    if (!clientId && !clientSecret) return undefined;
    if (!clientId || !clientSecret) throw new Error("Harvest v3 needs both --client-id and --client-secret");
    // Storage types credentials as { apiKey }: v3 keeps the OAuth pair in the same sealed value, without a key.
    return { apiKey: "", clientId, clientSecret };
  }
  if (values["client-id"] || values["client-secret"]) throw new Error("--client-id/--client-secret are for Greenhouse Harvest v3 connections");
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
  if (!NOTE_VISIBILITIES.includes(visibility as NoteVisibility)) throw new Error(`--note-visibility must be one of ${NOTE_VISIBILITIES.join(", ")}`);
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

async function create(rt: AtsRuntime, accounts: AccountRepository, values: Values): Promise<number> {
  const provider = values.provider ?? "";
  if (!isProvider(provider)) throw new Error(`--provider must be one of ${Object.keys(providers).join(", ")}`);
  if (!values.account || !(await accounts.get(values.account))) throw new Error(`no account ${values.account ?? "(missing --account)"}`);
  const version = harvestVersion(provider, values);
  const credentials = credentialsOf(values, version, true);
  const webhookSecret = values["webhook-secret"] ?? process.env.WINNOW_ATS_WEBHOOK_SECRET;
  if (!credentials || !webhookSecret) {
    throw new Error(
      version === "v3"
        ? "an OAuth client id and secret and a webhook secret are needed for Greenhouse Harvest v3 (--client-id/--client-secret/--webhook-secret or WINNOW_ATS_CLIENT_ID/WINNOW_ATS_CLIENT_SECRET/WINNOW_ATS_WEBHOOK_SECRET; --api-version v1 for an API key)"
        : "an API key and a webhook secret are needed (--api-key/--webhook-secret or WINNOW_ATS_API_KEY/WINNOW_ATS_WEBHOOK_SECRET)",
    );
  }
  const writeBack = withVersion(writeBackOf(values)!, version);
  const problem = providers[provider].validateSettings(writeBack);
  if (problem) throw new Error(problem);
  const connection = await rt.connections.create({
    provider,
    accountId: values.account,
    ...(values.name ? { name: values.name } : {}),
    ...(values["base-url"] ? { baseUrl: values["base-url"] } : {}),
    credentials,
    webhookSecret,
    writeBack,
    ...(values.job?.length ? { jobFilter: values.job } : {}),
  });
  print(connectionOut(connection));
  return 0;
}

async function update(rt: AtsRuntime, id: string, values: Values): Promise<number> {
  const current = await rt.connections.get(id);
  if (!current) throw new Error(`no connection ${id}`);
  const version = harvestVersion(current.provider, values, current);
  const versionChanged = current.provider === "greenhouse" && version !== harvestVersionOf(current.writeBack);
  const credentials = credentialsOf(values, version, false);
  if (versionChanged && !credentials) throw new Error(`switching to Harvest ${version} needs that version's credentials in the same command`);
  const changed = writeBackOf(values, current.writeBack) ?? (versionChanged ? current.writeBack : undefined);
  const writeBack = changed && withVersion(changed, version);
  const problem = writeBack && providers[current.provider].validateSettings(writeBack);
  if (problem) throw new Error(problem);
  const updated = await rt.connections.update(id, {
    ...(values.name ? { name: values.name } : {}),
    ...(values["base-url"] !== undefined ? { baseUrl: values["base-url"] } : {}),
    ...(credentials ? { credentials } : {}),
    ...(values["webhook-secret"] ? { webhookSecret: values["webhook-secret"] } : {}),
    ...(writeBack ? { writeBack } : {}),
    ...(values.job ? { jobFilter: values.job } : {}),
  });
  print(connectionOut(updated!));
  return 0;
}

/** `connections …` and `dead-letters …`; undefined when the arguments match no command (the caller prints usage). */
export async function connectionsCommand(argv: string[]): Promise<number | undefined> {
  const { positionals, values } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  const [command, sub, id, ...extra] = positionals;
  if (extra.length) return undefined;
  const config = readConfig();
  const opened = await openStore(config);
  try {
    const { runtime: rt } = openAts(opened.store, config);
    if (command === "connections") {
      if (sub === "create" && !id) return await create(rt, new AccountRepository(opened.store), values);
      if (sub === "list" && !id) {
        for (const c of await rt.connections.list(values.account)) print(connectionOut(c));
        return 0;
      }
      if (sub === "show" && id) {
        const c = await rt.connections.get(id);
        if (!c) throw new Error(`no connection ${id}`);
        print(connectionOut(c));
        return 0;
      }
      if (sub === "update" && id) return await update(rt, id, values);
      if (sub === "delete" && id) {
        const c = await rt.connections.delete(id);
        if (!c) throw new Error(`no connection ${id}`);
        print({ deleted: c.id });
        return 0;
      }
    }
    if (command === "dead-letters") {
      if (sub === "list" && !id) {
        let after: string | undefined;
        do {
          const page = await rt.jobs.listDead({ limit: 100, ...(after ? { after } : {}), ...(values.connection ? { connectionId: values.connection } : {}) });
          for (const job of page.jobs) print(jobView(job));
          after = page.next;
        } while (after);
        return 0;
      }
      if (sub === "show" && id) {
        const job = await rt.jobs.get(id);
        if (!job || job.status !== "dead") throw new Error(`no dead letter ${id}`);
        print(jobView(job, await rt.writes.list(id)));
        return 0;
      }
      if (sub === "replay" && id) {
        const job = await rt.jobs.replay(id, rt.queue.kind);
        if (!job) throw new Error(`no dead letter ${id}`);
        await rt.queue.enqueue(id);
        print({ replayed: id, status: job.status });
        return 0;
      }
    }
    return undefined;
  } finally {
    await opened.close();
  }
}
