import { parseArgs } from "node:util";
import { isProvider, providers, type AtsRuntime } from "@winnow/ats";
import { AccountRepository } from "@winnow/storage";
import { NOTE_VISIBILITIES, type Connection, type NoteVisibility, type WriteBackSettings } from "@winnow/storage/repos/connections";
import type { ScreeningJob } from "@winnow/storage/repos/screening-jobs";
import { openAts } from "../ats.ts";
import { readConfig } from "../config.ts";
import { openStore } from "../runtime.ts";

export const CONNECTIONS_USAGE = `  connections create --provider P --account ID [--api-key K] [--webhook-secret S] [--acting-user U]
                    [--note-visibility public|private|admin_only] [--custom-field F] [--tag T] [--job J]…
                    [--base-url URL] [--name N]
                                          connect a Greenhouse, Lever or Ashby account (the key and secret can
                                          come from WINNOW_ATS_API_KEY / WINNOW_ATS_WEBHOOK_SECRET instead);
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

function webhookUrl(connection: Connection): string {
  const base = process.env.WINNOW_PUBLIC_URL || `http://localhost:${process.env.PORT ?? 3000}`;
  return `${base.replace(/\/+$/, "")}/webhooks/${connection.provider}/${connection.id}`;
}

const connectionOut = (c: Connection) => ({ ...c, webhookUrl: webhookUrl(c) });

const jobOut = ({ scored, ...job }: ScreeningJob) => ({ ...job, score: scored?.score ?? null });

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
  const apiKey = values["api-key"] ?? process.env.WINNOW_ATS_API_KEY;
  const webhookSecret = values["webhook-secret"] ?? process.env.WINNOW_ATS_WEBHOOK_SECRET;
  if (!apiKey || !webhookSecret) throw new Error("an API key and a webhook secret are needed (--api-key/--webhook-secret or WINNOW_ATS_API_KEY/WINNOW_ATS_WEBHOOK_SECRET)");
  const writeBack = writeBackOf(values)!;
  const problem = providers[provider].validateSettings(writeBack);
  if (problem) throw new Error(problem);
  const connection = await rt.connections.create({
    provider,
    accountId: values.account,
    ...(values.name ? { name: values.name } : {}),
    ...(values["base-url"] ? { baseUrl: values["base-url"] } : {}),
    credentials: { apiKey },
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
  const writeBack = writeBackOf(values, current.writeBack);
  const problem = writeBack && providers[current.provider].validateSettings(writeBack);
  if (problem) throw new Error(problem);
  const updated = await rt.connections.update(id, {
    ...(values.name ? { name: values.name } : {}),
    ...(values["base-url"] !== undefined ? { baseUrl: values["base-url"] } : {}),
    ...(values["api-key"] ? { credentials: { apiKey: values["api-key"] } } : {}),
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
          for (const job of page.jobs) print(jobOut(job));
          after = page.next;
        } while (after);
        return 0;
      }
      if (sub === "show" && id) {
        const job = await rt.jobs.get(id);
        if (!job || job.status !== "dead") throw new Error(`no dead letter ${id}`);
        print({ ...jobOut(job), writeBacks: await rt.writes.list(id) });
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
