import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { renderBiasAuditHtml } from "@winnow/core/fairness/bias-audit-html";
import { DEMOGRAPHICS_CSV_LIMITS, DemographicsCsvError } from "@winnow/core/fairness/demographics-csv";
import { AuditAccountNotFoundError, biasAuditReport, biasAuditToJson, describeRejected, uploadDemographics } from "@winnow/services";
import { ApiError, type ErrorName } from "../errors.ts";
import type { AppEnv } from "../env.ts";
import { envelope } from "../schemas.ts";
import { errorResponses } from "./common.ts";

/**
 * Bias audit (NYC Local Law 144 style): upload self-identified demographics as CSV, then read scoring rates and
 * impact ratios over a period, as JSON or as an HTML page for the independent auditor.
 */
const adminSecurity = [{ adminToken: [] }];
const tags = ["Bias audit"];
const AccountId = z.string().min(1).max(64).openapi({ param: { name: "account_id", in: "path" } });

/** At most this many rejected rows are listed in an upload's answer (all are counted). */
const REJECTED_LISTED = 1000;

const UPLOAD_PATH = /\/accounts\/[^/]+\/demographics\/?$/;
/** The CSV upload: exempt from the admin API's JSON-only rule and 64 KiB cap (admin.ts). */
export const isDemographicsUpload = (path: string) => UPLOAD_PATH.test(path);
export const DEMOGRAPHICS_BODY_LIMIT = DEMOGRAPHICS_CSV_LIMITS.maxBytes;

const CSV_TYPE = /^(?:text|application)\/csv\s*(?:;|$)/i;

const UploadSchema = z
  .object({
    account_id: z.string(),
    stored: z.number().int().openapi({ description: "Rows stored (replacing earlier rows of the same match ids)." }),
    rejected_count: z.number().int(),
    rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })).openapi({ description: `Rows not stored, with their line numbers (the first ${REJECTED_LISTED}).` }),
    ignored_columns: z.array(z.string()).openapi({ description: "Header columns other than match_id, sex and race_ethnicity: not read, not stored." }),
  })
  .openapi("DemographicsUpload");

const Rate = z.number().nullable();
const CategorySchema = z.object({
  category: z.string(),
  sex: z.string().optional().openapi({ description: "Intersections only." }),
  race_ethnicity: z.string().nullable().optional().openapi({ description: "Intersections only." }),
  count: z.number().int(),
  share: Rate.openapi({ description: "count ÷ sample size." }),
  scoring_count: z.number().int().openapi({ description: "Members scored strictly above the sample median." }),
  scoring_rate: Rate.openapi({ description: "scoring_count ÷ count; null when the category is empty." }),
  impact_ratio: Rate.openapi({ description: "scoring_rate ÷ the highest compared scoring rate; null when excluded, empty, or undefined (see impact_ratio_status)." }),
  flags: z.array(z.enum(["under_2_percent", "excluded", "highest_rate", "nonstandard"])),
});
const DimensionSchema = z.object({
  categories: z.array(CategorySchema),
  missing: z.number().int().openapi({ description: "Sample members with no usable answer on this dimension." }),
  highest_scoring_rate: Rate,
  impact_ratio_status: z.enum(["computed", "no_scoring_individuals", "no_eligible_category"]),
});
const ReportSchema = z
  .object({
    account_id: z.string(),
    account_name: z.string().nullable(),
    generated_at: z.string(),
    period: z.object({ from: z.string(), to: z.string() }).openapi({ description: "Inclusive bounds on decision records' creation time." }),
    source: z.object({ demographics_rows: z.number().int(), last_uploaded_at: z.string().nullable(), engine_versions: z.array(z.string()) }),
    sample_size: z.number().int(),
    median_score: z.number().nullable(),
    scoring_count: z.number().int(),
    unscreened: z.object({ count: z.number().int(), match_ids: z.array(z.string()) }).openapi({ description: "Uploaded individuals without a decision record in the period (left out); the first 100 ids." }),
    exclude_small_categories: z.boolean(),
    sex: DimensionSchema,
    race_ethnicity: DimensionSchema,
    intersectional: DimensionSchema,
    method: z.array(z.string()),
  })
  .openapi("BiasAudit");

const routes = {
  upload: createRoute({
    method: "put",
    path: "/accounts/{account_id}/demographics",
    tags,
    summary: "Upload self-identified demographics (CSV)",
    description:
      "`text/csv` with a header row naming `match_id`, `sex` and `race_ethnicity` (any order and case; other columns are ignored and not stored). " +
      `At most ${DEMOGRAPHICS_CSV_LIMITS.maxBytes / 1024 / 1024} MiB and ${DEMOGRAPHICS_CSV_LIMITS.maxRows.toLocaleString("en-US")} rows. ` +
      "Valid rows are stored (a match id uploaded again replaces its row) in a table apart from screening data, kept for the account's retention period; " +
      "invalid rows are listed with their line numbers. Fails as a whole (400/422) on unreadable CSV, a bad header, or no valid row.",
    security: adminSecurity,
    request: {
      params: z.object({ account_id: AccountId }),
      body: { content: { "text/csv": { schema: z.string().openapi({ example: "match_id,sex,race_ethnicity\n0192f3a4-…,Female,Asian\n" }) } }, required: true },
    },
    responses: {
      200: { description: "Stored", content: { "application/json": { schema: envelope(UploadSchema) } } },
      ...errorResponses(400, 401, 404, 413, 415, 422),
    },
  }),
  report: createRoute({
    method: "get",
    path: "/accounts/{account_id}/bias-audit",
    tags,
    summary: "Bias audit: scoring rates and impact ratios",
    description:
      "Median score, and per category of sex, race/ethnicity and their intersections: count, share, scoring rate (share above the median) and impact ratio. " +
      "JSON by default; a readable HTML page with `format=html` or `Accept: text/html`.",
    security: adminSecurity,
    request: {
      params: z.object({ account_id: AccountId }),
      query: z.object({
        from: z.string().max(40).optional().openapi({ description: "Decision records created at or after: a date (YYYY-MM-DD, UTC) or an ISO 8601 time with zone. Default: 365 days before `to`." }),
        to: z.string().max(40).optional().openapi({ description: "Decision records created at or before: a date (that whole day, UTC) or an ISO 8601 time. Default: now." }),
        format: z.enum(["json", "html"]).optional(),
        exclude_small_categories: z.enum(["true", "false"]).optional().openapi({ description: "Leave categories under 2% out of impact ratios (default true)." }),
      }),
    },
    responses: {
      200: {
        description: "The report",
        content: { "application/json": { schema: envelope(ReportSchema) }, "text/html": { schema: z.string() } },
      },
      ...errorResponses(400, 401, 404),
    },
  }),
};

const CSV_ERRORS: Record<DemographicsCsvError["problem"], ErrorName> = {
  malformed: "DEMOGRAPHICS_CSV_MALFORMED",
  header: "DEMOGRAPHICS_CSV_HEADER",
  no_valid_rows: "DEMOGRAPHICS_NO_VALID_ROWS",
  too_many_rows: "PAYLOAD_TOO_LARGE",
};

/** Maps the audit's own failures to the standard error shape; anything else goes to the app's handler. */
function auditError(err: unknown): never {
  if (err instanceof AuditAccountNotFoundError) throw new ApiError("ACCOUNT_NOT_FOUND", err.message);
  if (err instanceof DemographicsCsvError) throw new ApiError(CSV_ERRORS[err.problem], err.message);
  if (err instanceof RangeError) throw new ApiError("INVALID_QUERY_PARAMETER", err.message);
  throw err;
}

const wantsHtml = (c: Context<AppEnv>, format: "json" | "html" | undefined) => {
  if (format) return format === "html";
  const accept = c.req.header("accept") ?? "";
  return /\btext\/html\b/i.test(accept) && !/\bapplication\/json\b/i.test(accept.split(",")[0] ?? "");
};

export function registerAuditRoutes(admin: OpenAPIHono<AppEnv>): void {
  admin.openapi(routes.upload, async (c) => {
    const { account_id } = c.req.valid("param");
    const type = c.req.header("content-type") ?? "";
    if (!CSV_TYPE.test(type)) {
      throw new ApiError("UNSUPPORTED_MEDIA_TYPE", `Content-Type must be text/csv${type ? ` (got "${type.slice(0, 80)}")` : ""}`);
    }
    const csv = await c.req.text();
    const outcome = await uploadDemographics(c.var.services, account_id, csv).catch(auditError);
    const { rejected } = outcome;
    const messages = `Stored ${outcome.stored} rows${rejected.length ? `; rejected ${rejected.length}: ${describeRejected(rejected, 3)}` : ""}`;
    return c.json(
      {
        success: true as const,
        messages,
        data: {
          account_id,
          stored: outcome.stored,
          rejected_count: rejected.length,
          rejected: rejected.slice(0, REJECTED_LISTED),
          ignored_columns: outcome.ignoredColumns,
        },
      },
      200,
    );
  });

  admin.openapi(routes.report, async (c) => {
    const { account_id } = c.req.valid("param");
    const query = c.req.valid("query");
    const report = await biasAuditReport(c.var.services, account_id, {
      ...(query.from !== undefined ? { from: query.from } : {}),
      ...(query.to !== undefined ? { to: query.to } : {}),
      excludeSmallCategories: query.exclude_small_categories !== "false",
    }).catch(auditError);
    // Demographic aggregates: never cached by browsers or proxies.
    c.header("Cache-Control", "no-store");
    if (wantsHtml(c, query.format)) {
      // Self-contained by design; the policy makes sure nothing else ever runs or loads, even if escaping failed.
      c.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
      return c.html(renderBiasAuditHtml(report), 200);
    }
    return c.json({ success: true as const, messages: "", data: biasAuditToJson(report) }, 200);
  });
}
