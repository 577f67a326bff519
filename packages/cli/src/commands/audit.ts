import { readFileSync, statSync, writeFileSync } from "node:fs";
import type { parseArgs } from "node:util";
import { renderBiasAuditHtml } from "@winnow/core/fairness/bias-audit-html";
import { DEMOGRAPHICS_CSV_LIMITS } from "@winnow/core/fairness/demographics-csv";
import { auditPeriod, biasAuditReport, biasAuditToJson, describeRejected, uploadDemographics } from "@winnow/services";
import { withServices } from "../runtime.ts";
import { fileProblem } from "../files.ts";
import { UsageError, onlyFlags, parseCommandLine, positionalsFor, requiredFlag } from "../args.ts";

export const AUDIT_USAGE = `  audit upload --account ID <file.csv>    store self-identified demographics (header: match_id,sex,race_ethnicity;
                                          at most ${DEMOGRAPHICS_CSV_LIMITS.maxBytes / 1024 / 1024} MiB); prints counts and the rejected rows' line numbers
  audit report --account ID [--from D] [--to D] [--html out.html] [--include-small]
                                          bias audit (LL144 scoring rates and impact ratios) as JSON, or as an
                                          HTML page with --html; dates 2026-01-31 or ISO times, default last 365 days`;

const OPTIONS = {
  account: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  html: { type: "string" },
  "include-small": { type: "boolean" },
} as const;

type Values = ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>>["values"];


function readCsv(file: string): string {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new Error(`${file} is not a file`);
    size = stat.size;
  } catch (err) {
    throw new Error(err instanceof Error && err.message.endsWith("is not a file") ? err.message : `cannot read ${file}: ${fileProblem(err)}`);
  }
  if (size > DEMOGRAPHICS_CSV_LIMITS.maxBytes) {
    throw new Error(`${file} is ${size} bytes; an upload is at most ${DEMOGRAPHICS_CSV_LIMITS.maxBytes} bytes (split the file)`);
  }
  return readFileSync(file, "utf8");
}

async function upload(accountId: string, file: string): Promise<number> {
  const csv = readCsv(file);
  const outcome = await withServices((services) => uploadDemographics(services, accountId, csv));
  if (outcome.rejected.length) console.error(`rejected ${outcome.rejected.length} rows: ${describeRejected(outcome.rejected)}`);
  console.log(JSON.stringify({ stored: outcome.stored, rejected_count: outcome.rejected.length, rejected: outcome.rejected, ignored_columns: outcome.ignoredColumns }));
  return 0;
}

async function report(accountId: string, values: Values): Promise<number> {
  if (values.html !== undefined && !values.html.trim()) throw new UsageError("--html needs a file name", "audit report");
  try {
    auditPeriod({ ...(values.from !== undefined ? { from: values.from } : {}), ...(values.to !== undefined ? { to: values.to } : {}) }, new Date());
  } catch (err) {
    // An unreadable date or a reversed range is the command line's fault, found before the store is opened.
    if (err instanceof RangeError) throw new UsageError(/^from \(/.test(err.message) ? "--from must not be after --to" : `--${err.message}`, "audit report");
    throw err;
  }
  const result = await withServices((services) =>
    biasAuditReport(services, accountId, {
      ...(values.from !== undefined ? { from: values.from } : {}),
      ...(values.to !== undefined ? { to: values.to } : {}),
      excludeSmallCategories: !values["include-small"],
    }),
  );
  if (values.html) {
    try {
      writeFileSync(values.html, renderBiasAuditHtml(result));
    } catch (err) {
      throw new Error(`cannot write ${values.html}: ${fileProblem(err)}`);
    }
    console.log(JSON.stringify({ html: values.html, period: result.period, sample_size: result.sampleSize, median_score: result.medianScore, unscreened: result.unscreened }));
  } else {
    console.log(JSON.stringify(biasAuditToJson(result), null, 2));
  }
  return 0;
}

/** `audit …`; undefined when the arguments are not an audit command (main prints the usage). */
export async function auditCommand(argv: string[]): Promise<number | undefined> {
  const { positionals, values } = parseCommandLine(argv, OPTIONS, "audit");
  const [, sub, ...rest] = positionals;
  if (sub === "upload") {
    onlyFlags(values, ["account"], "audit upload");
    const accountId = requiredFlag(values, "account", "audit upload");
    const [file] = positionalsFor("audit upload", rest, ["<file.csv>"]);
    return upload(accountId, file!);
  }
  if (sub === "report") {
    onlyFlags(values, ["account", "from", "to", "html", "include-small"], "audit report");
    positionalsFor("audit report", rest, []);
    return report(requiredFlag(values, "account", "audit report"), values);
  }
  return undefined;
}
