import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { parseArgs } from "node:util";
import { allDecisions, decisionToJson, parseRangeBound, type ErasureRequest } from "@winnow/services";
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from "@winnow/storage";
import { ATS_PROVIDERS } from "@winnow/storage/repos/connections";
import { withServices } from "../runtime.ts";

export const RECORDS_USAGE = `  decisions export --account ID [--from D] [--to D] [--out file.jsonl]
                                          decision records as JSON Lines, oldest first (dates: 2026-01-31 or
                                          ISO date-times; --to includes its day); stdout unless --out
  candidates erase --account ID (--email E | --ats-candidate ID [--provider P])
                                          erase everything held about a candidate; prints what was erased
  accounts retention <account_id> [days]  show or set how many days candidate data is kept (${MIN_RETENTION_DAYS}–${MAX_RETENTION_DAYS})`;

const OPTIONS = {
  account: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  out: { type: "string" },
  email: { type: "string" },
  "ats-candidate": { type: "string" },
  provider: { type: "string" },
} as const;

type Values = ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>>["values"];

function range(values: Values): { from?: string; to?: string } {
  const out: { from?: string; to?: string } = {};
  for (const bound of ["from", "to"] as const) {
    const raw = values[bound];
    if (raw === undefined) continue;
    const parsed = parseRangeBound(raw, bound);
    if (!parsed) throw new Error(`--${bound} must be a date (2026-01-31) or an ISO date-time with offset`);
    out[bound] = parsed;
  }
  return out;
}

async function exportDecisions(values: Values): Promise<number> {
  const accountId = values.account;
  if (!accountId) throw new Error("decisions export needs --account");
  const bounds = range(values);
  return withServices(async (services) => {
    if ((await services.accounts.get(accountId)) === undefined) throw new Error(`no account ${accountId}`);
    const out = values.out ? createWriteStream(values.out, { encoding: "utf8" }) : process.stdout;
    let count = 0;
    for await (const record of allDecisions(services.decisions, accountId, bounds)) {
      if (!out.write(`${JSON.stringify(decisionToJson(record))}\n`)) await once(out, "drain");
      count++;
    }
    if (values.out) {
      const file = out as ReturnType<typeof createWriteStream>;
      file.end();
      await once(file, "finish");
      console.error(JSON.stringify({ exported: count, file: values.out }));
    }
    return 0;
  });
}

async function erase(values: Values): Promise<number> {
  const accountId = values.account;
  if (!accountId) throw new Error("candidates erase needs --account");
  const email = values.email?.trim();
  const candidateId = values["ats-candidate"]?.trim();
  if (Boolean(email) === Boolean(candidateId)) throw new Error("candidates erase needs exactly one of --email and --ats-candidate");
  if (values.provider && !(ATS_PROVIDERS as readonly string[]).includes(values.provider)) throw new Error(`--provider must be one of ${ATS_PROVIDERS.join(", ")}`);
  if (values.provider && !candidateId) throw new Error("--provider goes with --ats-candidate");
  const request: ErasureRequest = email ? { email } : { atsCandidateId: candidateId!, ...(values.provider ? { provider: values.provider } : {}) };
  return withServices(async (services) => {
    if ((await services.accounts.get(accountId)) === undefined) throw new Error(`no account ${accountId}`);
    const report = await services.erasure.erase(accountId, request);
    console.log(JSON.stringify({ account_id: accountId, match_ids: report.matchIds, counts: report.counts }));
    return 0;
  });
}

async function retention(accountId: string, days: string | undefined): Promise<number> {
  return withServices(async (services) => {
    if (days === undefined) {
      const current = await services.accounts.retentionDays(accountId);
      if (current === undefined) throw new Error(`no account ${accountId}`);
      console.log(JSON.stringify({ account_id: accountId, retention_days: current }));
      return 0;
    }
    const n = Number(days);
    if (!/^\d+$/.test(days) || n < MIN_RETENTION_DAYS || n > MAX_RETENTION_DAYS) {
      throw new Error(`retention must be a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}`);
    }
    const updated = await services.accounts.setRetentionDays(accountId, n);
    if (!updated) throw new Error(`no account ${accountId}`);
    console.log(JSON.stringify({ account_id: accountId, retention_days: n }));
    return 0;
  });
}

/** `decisions …`, `candidates …` and `accounts retention …`; undefined when the arguments are not one of them. */
export async function recordsCommand(argv: string[]): Promise<number | undefined> {
  const { positionals, values } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  const [command, sub, ...rest] = positionals;
  if (command === "decisions" && sub === "export" && !rest.length) return exportDecisions(values);
  if (command === "candidates" && sub === "erase" && !rest.length) return erase(values);
  if (command === "accounts" && sub === "retention" && rest[0] && rest.length <= 2) return retention(rest[0], rest[1]);
  return undefined;
}
