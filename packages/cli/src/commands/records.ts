import { createWriteStream, renameSync, rmSync } from "node:fs";
import { once } from "node:events";
import { basename, dirname, join } from "node:path";
import type { parseArgs } from "node:util";
import { allDecisions, decisionToJson, parseRangeBound, type ErasureRequest } from "@winnow/services";
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from "@winnow/storage";
import { ATS_PROVIDERS } from "@winnow/storage/repos/connections";
import { withServices } from "../runtime.ts";
import { fileProblem } from "../files.ts";
import { UsageError, onlyFlags, parseCommandLine, positionalsFor, requiredFlag } from "../args.ts";

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

const EXPORT = "decisions export";
const ERASE = "candidates erase";
const RETENTION = "accounts retention";

function range(values: Values): { from?: string; to?: string } {
  const out: { from?: string; to?: string } = {};
  for (const bound of ["from", "to"] as const) {
    const raw = values[bound];
    if (raw === undefined) continue;
    const parsed = parseRangeBound(raw, bound);
    if (!parsed) throw new UsageError(`--${bound} must be a date (2026-01-31) or an ISO date-time with offset, got "${raw.slice(0, 40)}"`, EXPORT);
    out[bound] = parsed;
  }
  // The admin API answers 400 here; an empty export would look like a quiet period.
  if (out.from && out.to && out.from >= out.to) throw new UsageError("--from must be before --to", EXPORT);
  return out;
}

/** Output goes to a temporary file renamed over `file` at the end, so a failed export leaves no truncated file. */
async function exportFile(file: string, write: (out: NodeJS.WritableStream) => Promise<number>): Promise<number> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  const out = createWriteStream(temp, { encoding: "utf8", flags: "wx" });
  try {
    await once(out, "open");
  } catch (err) {
    throw new Error(`cannot write ${file}: ${fileProblem(err)}`);
  }
  try {
    const count = await write(out);
    out.end();
    await once(out, "finish");
    renameSync(temp, file);
    return count;
  } catch (err) {
    out.destroy();
    rmSync(temp, { force: true });
    throw err;
  }
}

async function exportDecisions(values: Values): Promise<number> {
  const accountId = requiredFlag(values, "account", EXPORT);
  const bounds = range(values);
  if (values.out !== undefined && !values.out.trim()) throw new UsageError("--out needs a file name", EXPORT);
  return withServices(async (services) => {
    if ((await services.accounts.get(accountId)) === undefined) throw new Error(`no account ${accountId}`);
    const write = async (out: NodeJS.WritableStream) => {
      let count = 0;
      for await (const record of allDecisions(services.decisions, accountId, bounds)) {
        if (!out.write(`${JSON.stringify(decisionToJson(record))}\n`)) await once(out, "drain");
        count++;
      }
      return count;
    };
    if (!values.out) {
      await write(process.stdout);
      return 0;
    }
    const count = await exportFile(values.out, write);
    console.error(JSON.stringify({ exported: count, file: values.out }));
    return 0;
  });
}

async function erase(values: Values): Promise<number> {
  const accountId = requiredFlag(values, "account", ERASE);
  const email = values.email?.trim();
  const candidateId = values["ats-candidate"]?.trim();
  if (Boolean(email) === Boolean(candidateId)) throw new UsageError("candidates erase needs exactly one of --email and --ats-candidate", ERASE);
  // The admin API's limits: an erasure that cannot match anything must not report a clean "nothing held".
  if (email && (email.length < 3 || email.length > 320 || !email.includes("@"))) throw new UsageError(`--email must be an email address, got "${email.slice(0, 80)}"`, ERASE);
  if (candidateId && candidateId.length > 200) throw new UsageError("--ats-candidate is at most 200 characters", ERASE);
  if (values.provider !== undefined && !(ATS_PROVIDERS as readonly string[]).includes(values.provider)) throw new UsageError(`--provider must be one of ${ATS_PROVIDERS.join(", ")}`, ERASE);
  if (values.provider && !candidateId) throw new UsageError("--provider goes with --ats-candidate", ERASE);
  const request: ErasureRequest = email ? { email } : { atsCandidateId: candidateId!, ...(values.provider ? { provider: values.provider } : {}) };
  return withServices(async (services) => {
    if ((await services.accounts.get(accountId)) === undefined) throw new Error(`no account ${accountId}`);
    const report = await services.erasure.erase(accountId, request);
    console.log(JSON.stringify({ account_id: accountId, match_ids: report.matchIds, counts: report.counts }));
    return 0;
  });
}

async function retention(accountId: string, days: string | undefined): Promise<number> {
  const n = Number(days);
  if (days !== undefined && (!/^\d+$/.test(days) || n < MIN_RETENTION_DAYS || n > MAX_RETENTION_DAYS)) {
    throw new UsageError(`retention must be a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}, got "${days.slice(0, 20)}"`, RETENTION);
  }
  return withServices(async (services) => {
    if (days === undefined) {
      const current = await services.accounts.retentionDays(accountId);
      if (current === undefined) throw new Error(`no account ${accountId}`);
      console.log(JSON.stringify({ account_id: accountId, retention_days: current }));
      return 0;
    }
    const updated = await services.accounts.setRetentionDays(accountId, n);
    if (!updated) throw new Error(`no account ${accountId}`);
    console.log(JSON.stringify({ account_id: accountId, retention_days: n }));
    return 0;
  });
}

/** `decisions …`, `candidates …` and `accounts retention …`; undefined when the arguments are not one of them. */
export async function recordsCommand(argv: string[]): Promise<number | undefined> {
  const { positionals, values } = parseCommandLine(argv, OPTIONS, argv[0]);
  const [group, sub, ...rest] = positionals;
  const command = `${group} ${sub}`;
  if (command === EXPORT) {
    onlyFlags(values, ["account", "from", "to", "out"], command);
    positionalsFor(command, rest, []);
    return exportDecisions(values);
  }
  if (command === ERASE) {
    onlyFlags(values, ["account", "email", "ats-candidate", "provider"], command);
    positionalsFor(command, rest, []);
    return erase(values);
  }
  if (command === RETENTION) {
    onlyFlags(values, [], command);
    const [accountId, days] = positionalsFor(command, rest, ["<account_id>", "[days]"]);
    return retention(accountId!, days);
  }
  return undefined;
}
