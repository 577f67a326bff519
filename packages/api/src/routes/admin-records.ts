import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { allDecisions, decisionToJson, parseRangeBound } from "@winnow/services";
import { DEFAULT_RETENTION_DAYS, InvalidDecisionCursorError, decisionCursor, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from "@winnow/storage";
import { ATS_PROVIDERS } from "@winnow/storage/repos/connections";
import { ApiError } from "../errors.ts";
import type { AppEnv } from "../env.ts";
import { parseLimit, setNextLink } from "../pagination.ts";
import { envelope, Uuid } from "../schemas.ts";
import { checkUuidParam, errorResponses, jsonRequest } from "./common.ts";

/**
 * Admin routes for accountability and data protection: decision records (page, one, JSON Lines export), the
 * account's retention, and erasure of one candidate's data.
 */
const adminSecurity = [{ adminToken: [] }];
const tags = ["Decision records and erasure"];

/**
 * The export's body. OpenAPI 3.1 cannot type each line of a stream, so it is documented as text. The key is widened
 * to `string` on purpose: the router's typings read the literal "application/x-ndjson" as a JSON type (it ends in
 * "json") and would then refuse the handler's streamed Response.
 */
const NDJSON_CONTENT: Record<string, { schema: z.ZodString }> = {
  "application/x-ndjson": { schema: z.string().openapi({ description: "JSON Lines: one DecisionRecord object per line." }) },
};

export const DECISION_PAGE = { default: 100, max: 1000 } as const;
/**
 * A page also ends once its records add up to this many bytes of JSON (a record is ~5–15 KB), so the largest page
 * stays well under the 6 MB a Lambda response behind API Gateway can carry; the Link header continues from there.
 */
export const DECISION_PAGE_BYTES = 4 * 1024 * 1024;

const AccountId = z.string().min(1).max(64).openapi({ param: { name: "account_id", in: "path" } });
const RangeQuery = z.object({
  from: z.string().max(40).optional().openapi({ description: "Records created at or after: an ISO 8601 date-time with offset, or a date (UTC midnight)." }),
  to: z.string().max(40).optional().openapi({ description: "Records created before: an ISO 8601 date-time with offset, or a date (that whole day included)." }),
});

const DecisionSchema = z
  .object({
    match_id: z.string(),
    account_id: z.string(),
    created_at: z.string(),
    match_score: z.number(),
    job_post_id: z.string(),
    source: z.record(z.string(), z.unknown()).openapi({
      description:
        "`{kind: \"api\", credential: {kind: \"api-key\"|\"oauth-client\"|\"dashboard-user\", id}, operation}` or " +
        "`{kind: \"ats\", connection_id, provider, ats_candidate_id, ats_application_id, ats_job_id}`.",
    }),
    inputs: z.object({
      job_description_sha256: z.string().openapi({ description: "SHA-256 (hex) of the job description text the engine read." }),
      resume_sha256: z.string().openapi({ description: "SHA-256 (hex) of the candidate text the engine read (description and resume text)." }),
    }),
    engine_version: z.string(),
    catalogue_version: z.string(),
    summary: z.unknown().openapi({ description: "The compact insights (labels, strengths, gaps) as shown." }),
    full: z.unknown().openapi({ description: "The full result (spec 2.8) as computed." }),
    advisory: z.string(),
    expires_at: z.string().nullable().openapi({ description: "When retention removes the record." }),
  })
  .openapi("DecisionRecord");

const RetentionSchema = z.object({ account_id: z.string(), retention_days: z.number().int() }).openapi("Retention");
const ErasureInput = z
  .object({
    email: z.string().trim().min(3).max(320).optional().openapi({ description: "The candidate's email (compared case-insensitively)." }),
    ats_candidate_id: z.string().trim().min(1).max(200).optional().openapi({ description: "The candidate's id in the ATS." }),
    provider: z.enum(ATS_PROVIDERS).optional().openapi({ description: "With `ats_candidate_id`: only this ATS (default: every provider)." }),
  })
  .openapi("ErasureRequest", { description: "Exactly one of `email` and `ats_candidate_id`." });
const ErasureSchema = z
  .object({
    account_id: z.string(),
    match_ids: z.array(z.string()).openapi({ description: "Matches (and ATS screenings) that held the candidate's data." }),
    counts: z.object({
      matches: z.number().int(),
      decision_records: z.number().int(),
      ats_screening_jobs: z.number().int(),
      ats_queue_items: z.number().int(),
      ats_dead_letters: z.number().int(),
      ats_write_backs: z.number().int(),
      webhook_deliveries: z.number().int(),
      demographics: z.number().int(),
    }),
  })
  .openapi("Erasure");

const routes = {
  listDecisions: createRoute({
    method: "get",
    path: "/accounts/{account_id}/decisions",
    tags,
    summary: "Decision records of an account, oldest first",
    description: `One record per screened candidate. \`limit\`: 1–${DECISION_PAGE.max}, default ${DECISION_PAGE.default}; more pages are announced by a \`Link: <…&cursor=…>; rel="next"\` header.`,
    security: adminSecurity,
    request: {
      params: z.object({ account_id: AccountId }),
      query: RangeQuery.extend({ limit: z.string().optional(), cursor: z.string().max(1024).optional() }),
    },
    responses: {
      200: { description: "A page", headers: z.object({ Link: z.string().optional() }), content: { "application/json": { schema: envelope(z.array(DecisionSchema)) } } },
      ...errorResponses(400, 401, 404),
    },
  }),
  exportDecisions: createRoute({
    method: "get",
    path: "/accounts/{account_id}/decisions/export",
    tags,
    summary: "Export decision records as JSON Lines",
    description:
      "Every record in the range, oldest first, one JSON object per line (`application/x-ndjson`), streamed page by page. " +
      "Deployed on AWS Lambda a response is buffered and carries at most 4 MiB (about 500 records): a larger range is refused " +
      "with 422 (error 4005); export it in shorter ranges or page through the listing.",
    security: adminSecurity,
    request: { params: z.object({ account_id: AccountId }), query: RangeQuery },
    responses: {
      200: {
        description: "One DecisionRecord (as in the JSON routes) per line, oldest first.",
        headers: z.object({ "Content-Disposition": z.string().openapi({ description: "attachment; filename=\"decisions-<account>-<date>.jsonl\"" }) }),
        content: NDJSON_CONTENT,
      },
      ...errorResponses(400, 401, 404, 422),
    },
  }),
  getDecision: createRoute({
    method: "get",
    path: "/accounts/{account_id}/decisions/{match_id}",
    tags,
    summary: "One decision record",
    security: adminSecurity,
    request: { params: z.object({ account_id: AccountId, match_id: Uuid.openapi({ param: { name: "match_id", in: "path" } }) }) },
    responses: { 200: { description: "The record", content: { "application/json": { schema: envelope(DecisionSchema) } } }, ...errorResponses(400, 401, 404) },
  }),
  getRetention: createRoute({
    method: "get",
    path: "/accounts/{account_id}/retention",
    tags,
    summary: "The account's retention period",
    security: adminSecurity,
    request: { params: z.object({ account_id: AccountId }) },
    responses: { 200: { description: "Retention", content: { "application/json": { schema: envelope(RetentionSchema) } } }, ...errorResponses(400, 401, 404) },
  }),
  setRetention: createRoute({
    method: "put",
    path: "/accounts/{account_id}/retention",
    tags,
    summary: "Set the account's retention period",
    description:
      `Days candidate data is kept (${MIN_RETENTION_DAYS}–${MAX_RETENTION_DAYS}; default ${DEFAULT_RETENTION_DAYS}). Applies to data written from now on; ` +
      "data already stored keeps the expiry it was written with.",
    security: adminSecurity,
    request: {
      params: z.object({ account_id: AccountId }),
      ...jsonRequest(z.object({ retention_days: z.number().int().min(MIN_RETENTION_DAYS).max(MAX_RETENTION_DAYS) })),
    },
    responses: { 200: { description: "Retention", content: { "application/json": { schema: envelope(RetentionSchema) } } }, ...errorResponses(400, 401, 404, 415) },
  }),
  erase: createRoute({
    method: "post",
    path: "/accounts/{account_id}/erasures",
    tags,
    summary: "Erase everything held about a candidate",
    description:
      "Deletes the candidate's matches (and their place in job-post listings), decision records, ATS screening jobs, " +
      "write-back steps, queue items and dead letters, webhook delivery records and demographic rows; answers with " +
      "counts per kind and the match ids. A repeated request erases nothing more.",
    security: adminSecurity,
    request: { params: z.object({ account_id: AccountId }), ...jsonRequest(ErasureInput) },
    responses: { 200: { description: "What was erased", content: { "application/json": { schema: envelope(ErasureSchema) } } }, ...errorResponses(400, 401, 404, 415) },
  }),
};

async function requireAccount(c: Context<AppEnv>, accountId: string): Promise<number> {
  const days = await c.var.services.accounts.retentionDays(accountId);
  if (days === undefined) throw new ApiError("ACCOUNT_NOT_FOUND", `No account with id ${accountId}`);
  return days;
}

function rangeOf(query: { from?: string; to?: string }): { from?: string; to?: string } {
  const out: { from?: string; to?: string } = {};
  for (const bound of ["from", "to"] as const) {
    const raw = query[bound];
    if (raw === undefined) continue;
    const parsed = parseRangeBound(raw, bound);
    if (!parsed) throw new ApiError("INVALID_QUERY_PARAMETER", `${bound} must be an ISO 8601 date (2026-01-31) or date-time with offset (got "${raw.slice(0, 40)}")`);
    out[bound] = parsed;
  }
  if (out.from && out.to && out.from >= out.to) throw new ApiError("INVALID_QUERY_PARAMETER", "from must be before to");
  return out;
}

export function registerRecordRoutes(admin: OpenAPIHono<AppEnv>): void {
  admin.openapi(routes.listDecisions, async (c) => {
    const { account_id } = c.req.valid("param");
    const query = c.req.valid("query");
    const range = rangeOf(query);
    const limit = parseLimit(query.limit, DECISION_PAGE);
    await requireAccount(c, account_id);
    try {
      const page = await c.var.services.decisions.list(account_id, { ...range, limit, ...(query.cursor ? { cursor: query.cursor } : {}) });
      const data = [];
      let bytes = 0;
      for (const record of page.items) {
        const json = decisionToJson(record);
        bytes += Buffer.byteLength(JSON.stringify(json));
        // Always at least one record, so a listing can never stall on a record bigger than the budget.
        if (data.length && bytes > DECISION_PAGE_BYTES) break;
        data.push(json);
      }
      const cut = data.length < page.items.length;
      setNextLink(c, cut ? decisionCursor(page.items[data.length - 1]!) : page.cursor);
      return c.json({ success: true as const, messages: "", data }, 200);
    } catch (err) {
      if (err instanceof InvalidDecisionCursorError) throw new ApiError("INVALID_CURSOR", "cursor is not valid: pass the cursor from the previous page's Link header unchanged");
      throw err;
    }
  });

  admin.openapi(routes.exportDecisions, async (c) => {
    const { account_id } = c.req.valid("param");
    const range = rangeOf(c.req.valid("query"));
    await requireAccount(c, account_id);
    const records = allDecisions(c.var.services.decisions, account_id, range);
    const stamp = new Date().toISOString().slice(0, 10);
    const headers = {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="decisions-${account_id.replace(/[^\w-]/g, "_")}-${stamp}.jsonl"`,
      "Cache-Control": "no-store",
    };
    const maxBytes = c.get("maxResponseBytes");
    if (maxBytes) {
      // The runtime buffers the whole body (Lambda): streaming would only move the failure past the headers, as a
      // gateway error or a silently truncated file. Collect up to the limit and refuse a range that does not fit.
      const lines: string[] = [];
      let bytes = 0;
      for await (const record of records) {
        const line = `${JSON.stringify(decisionToJson(record))}\n`;
        bytes += Buffer.byteLength(line);
        if (bytes > maxBytes) {
          await records.return(undefined);
          throw new ApiError(
            "EXPORT_TOO_LARGE",
            `The records in this range exceed the ${(maxBytes / 1024 / 1024).toFixed(1)} MiB one response can carry on this deployment: ` +
              `export a shorter range (from/to; ${lines.length} records fit), or page through GET /admin/accounts/${account_id}/decisions`,
          );
        }
        lines.push(line);
      }
      return new Response(lines.join(""), { status: 200, headers });
    }
    const encoder = new TextEncoder();
    const requestId = c.get("requestId");
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await records.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(`${JSON.stringify(decisionToJson(next.value))}\n`));
        } catch (err) {
          // Headers are gone already: the client sees a truncated stream, and the log says why.
          console.error(JSON.stringify({ level: "error", message: "decision export failed", requestId, detail: (err as Error).message }));
          controller.error(err);
        }
      },
      async cancel() {
        await records.return(undefined);
      },
    });
    // A plain Response: the typed helpers only know JSON and text bodies.
    return new Response(body, { status: 200, headers });
  });

  admin.openapi(routes.getDecision, async (c) => {
    const { account_id, match_id } = c.req.valid("param");
    checkUuidParam(c, match_id, "match_id");
    await requireAccount(c, account_id);
    const record = await c.var.services.decisions.get(account_id, match_id.toLowerCase());
    if (!record) throw new ApiError("DECISION_NOT_FOUND", `Account ${account_id} has no decision record for match ${match_id}`);
    return c.json({ success: true as const, messages: "", data: decisionToJson(record) }, 200);
  });

  admin.openapi(routes.getRetention, async (c) => {
    const { account_id } = c.req.valid("param");
    const days = await requireAccount(c, account_id);
    return c.json({ success: true as const, messages: "", data: { account_id, retention_days: days } }, 200);
  });

  admin.openapi(routes.setRetention, async (c) => {
    const { account_id } = c.req.valid("param");
    const { retention_days } = c.req.valid("json");
    const updated = await c.var.services.accounts.setRetentionDays(account_id, retention_days);
    if (!updated) throw new ApiError("ACCOUNT_NOT_FOUND", `No account with id ${account_id}`);
    return c.json(
      { success: true as const, messages: "Applies to data written from now on", data: { account_id, retention_days: updated.retentionDays ?? retention_days } },
      200,
    );
  });

  admin.openapi(routes.erase, async (c) => {
    const { account_id } = c.req.valid("param");
    const body = c.req.valid("json");
    if (Boolean(body.email) === Boolean(body.ats_candidate_id)) {
      throw new ApiError("VALIDATION_FAILED", "Invalid request body: give exactly one of email and ats_candidate_id");
    }
    if (body.provider && !body.ats_candidate_id) throw new ApiError("VALIDATION_FAILED", "Invalid request body: provider goes with ats_candidate_id");
    await requireAccount(c, account_id);
    const report = await c.var.services.erasure.erase(
      account_id,
      body.email ? { email: body.email } : { atsCandidateId: body.ats_candidate_id!, ...(body.provider ? { provider: body.provider } : {}) },
    );
    const total = Object.values(report.counts).reduce((a, b) => a + b, 0);
    return c.json(
      {
        success: true as const,
        messages: total ? `Erased ${total} item${total === 1 ? "" : "s"} about the candidate` : "Nothing is held about this candidate",
        data: { account_id, match_ids: report.matchIds, counts: report.counts },
      },
      200,
    );
  });
}
