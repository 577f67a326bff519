import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isUuidShaped } from "@winnow/core/catalogue/ids";
import { DEFAULT_HARVEST_VERSION, HARVEST_VERSIONS, harvestVersionOf, providers, type AtsRuntime, type ConnectionCredentials, type GreenhouseSettings, type HarvestVersion } from "@winnow/ats";
import { ATS_PROVIDERS, NOTE_VISIBILITIES, type AtsCredentials, type Connection, type WriteBackSettings } from "@winnow/storage/repos/connections";
import { JOB_STATUSES } from "@winnow/storage/repos/screening-jobs";
import { WRITE_BACK_STEPS } from "@winnow/storage/repos/write-backs";
import { ApiError } from "../errors.ts";
import { HttpUrl } from "../input-rules.ts";
import type { AppEnv } from "../env.ts";
import { decodeCursor, encodeCursor, parseLimit, setNextLink } from "../pagination.ts";
import { envelope } from "../schemas.ts";
import { connectionView, jobView } from "../views.ts";
import { errorResponses, jsonRequest } from "./common.ts";

const adminSecurity = [{ adminToken: [] }];
const tags = ["ATS connections"];
const DEAD_PAGE = { default: 50, max: 200 } as const;

const Id = (name: string) => z.string().min(1).max(64).openapi({ param: { name, in: "path" } });

const WriteBackInput = z.object({
  note_visibility: z.enum(NOTE_VISIBILITIES).optional().openapi({ description: "Default `private`. `admin_only` exists in Greenhouse only." }),
  custom_field: z.string().trim().min(1).max(200).optional().openapi({ description: "Field that receives the rounded score: Greenhouse field id or name_key, Ashby field id. Not available for Lever." }),
  tag: z.string().trim().min(1).max(100).optional().openapi({ description: "Tag added to the candidate; `{score}` is replaced by the rounded score." }),
  acting_user_id: z.string().trim().min(1).max(100).optional().openapi({ description: "Greenhouse On-Behalf-Of (required), Lever perform_as, Ashby X-On-Behalf-Of." }),
});
const Secret = z.string().min(1).max(1000);
const Credentials = z
  .object({
    api_key: Secret.optional().openapi({ description: "API key: Lever, Ashby, Greenhouse Harvest v1." }),
    client_id: z.string().trim().min(1).max(200).optional().openapi({ description: "OAuth client id: Greenhouse Harvest v3." }),
    client_secret: Secret.optional().openapi({ description: "OAuth client secret: Greenhouse Harvest v3." }),
  })
  .openapi({ description: "Encrypted at rest; never returned. `api_key`, or `client_id` + `client_secret` for Greenhouse Harvest v3." });
const ApiVersion = z.enum(HARVEST_VERSIONS).openapi({
  description: "Greenhouse only: Harvest API generation. `v3` (default for new connections; OAuth client credentials) or `v1` (API key; sunset by Greenhouse on 31 Aug 2026, kept for existing connections).",
});
const ConnectionInput = z
  .object({
    provider: z.enum(ATS_PROVIDERS),
    account_id: z.string().min(1).max(64).openapi({ description: "The account whose matches the screenings become." }),
    name: z.string().trim().min(1).max(200).optional(),
    base_url: HttpUrl.optional().openapi({ description: "Provider API base URL, when not the public one (sandbox, EU instance, a fake server)." }),
    api_version: ApiVersion.optional(),
    credentials: Credentials,
    webhook_secret: Secret.openapi({ description: "The webhook's signing secret as configured in the ATS. Encrypted at rest; never returned." }),
    write_back: WriteBackInput.optional(),
    job_filter: z.array(z.string().trim().min(1).max(100)).max(500).optional().openapi({ description: "Screen only these ATS job ids (default: all)." }),
  })
  .openapi("NewAtsConnection");
const ConnectionPatch = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    base_url: HttpUrl.or(z.literal("")).optional().openapi({ description: "Empty string: back to the public API." }),
    api_version: ApiVersion.optional().openapi({ description: "Greenhouse only. Changing it needs the new version's `credentials` in the same request." }),
    credentials: Credentials.optional(),
    webhook_secret: Secret.optional(),
    write_back: WriteBackInput.optional().openapi({ description: "Replaces the write-back settings as a whole." }),
    job_filter: z.array(z.string().trim().min(1).max(100)).max(500).optional().openapi({ description: "Empty list: every job." }),
  })
  .openapi("AtsConnectionChanges");

const ConnectionSchema = z
  .object({
    id: z.string(),
    provider: z.enum(ATS_PROVIDERS),
    account_id: z.string(),
    name: z.string(),
    base_url: z.string().nullable(),
    api_version: z.enum(HARVEST_VERSIONS).nullable().openapi({ description: "Greenhouse Harvest version; null for other providers." }),
    webhook_url: z.string().openapi({ description: "Where the ATS must send its webhooks." }),
    write_back: z.object({
      note_visibility: z.enum(NOTE_VISIBILITIES),
      custom_field: z.string().nullable(),
      tag: z.string().nullable(),
      acting_user_id: z.string().nullable(),
    }),
    job_filter: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("AtsConnection");

const JobSchema = z
  .object({
    job_id: z.string().openapi({ description: "Also the id of the match (GET /v1/match-insights/{match_id})." }),
    connection_id: z.string(),
    provider: z.enum(ATS_PROVIDERS),
    account_id: z.string(),
    application_id: z.string(),
    status: z.enum(JOB_STATUSES),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    errors: z.array(z.object({ at: z.string(), attempt: z.number().int(), message: z.string() })),
    score: z.number().nullable(),
    write_backs: z.array(z.object({ step: z.enum(WRITE_BACK_STEPS), how: z.enum(["posted", "found"]), remote_id: z.string().nullable(), detail: z.string(), at: z.string() })),
    created_at: z.string(),
    updated_at: z.string(),
    dead_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .openapi("ScreeningJob");

const routes = {
  create: createRoute({
    method: "post",
    path: "/connections",
    tags,
    summary: "Connect an ATS account (Greenhouse, Lever, Ashby)",
    description: "The response's `webhook_url` is what to configure in the ATS, with the same secret as `webhook_secret`.",
    security: adminSecurity,
    request: jsonRequest(ConnectionInput),
    responses: { 201: { description: "Created", content: { "application/json": { schema: envelope(ConnectionSchema) } } }, ...errorResponses(400, 401, 404, 415) },
  }),
  list: createRoute({
    method: "get",
    path: "/connections",
    tags,
    summary: "List ATS connections (no secrets)",
    security: adminSecurity,
    request: { query: z.object({ account_id: z.string().max(64).optional() }) },
    responses: { 200: { description: "Connections", content: { "application/json": { schema: envelope(z.array(ConnectionSchema)) } } }, ...errorResponses(401) },
  }),
  get: createRoute({
    method: "get",
    path: "/connections/{connection_id}",
    tags,
    summary: "Get an ATS connection (no secrets)",
    security: adminSecurity,
    request: { params: z.object({ connection_id: Id("connection_id") }) },
    responses: { 200: { description: "The connection", content: { "application/json": { schema: envelope(ConnectionSchema) } } }, ...errorResponses(400, 401, 404) },
  }),
  update: createRoute({
    method: "patch",
    path: "/connections/{connection_id}",
    tags,
    summary: "Change an ATS connection (rotate credentials or secret, write-back settings, job filter)",
    security: adminSecurity,
    request: { params: z.object({ connection_id: Id("connection_id") }), ...jsonRequest(ConnectionPatch) },
    responses: { 200: { description: "The connection", content: { "application/json": { schema: envelope(ConnectionSchema) } } }, ...errorResponses(400, 401, 404, 415) },
  }),
  remove: createRoute({
    method: "delete",
    path: "/connections/{connection_id}",
    tags,
    summary: "Delete an ATS connection",
    description: "Its webhooks answer 404 from now on; queued jobs of the connection finish as skipped.",
    security: adminSecurity,
    request: { params: z.object({ connection_id: Id("connection_id") }) },
    responses: { 200: { description: "Deleted", content: { "application/json": { schema: envelope(ConnectionSchema) } } }, ...errorResponses(400, 401, 404) },
  }),
  getJob: createRoute({
    method: "get",
    path: "/screening-jobs/{job_id}",
    tags,
    summary: "Get a screening job: status, attempts, errors, write-backs",
    security: adminSecurity,
    request: { params: z.object({ job_id: Id("job_id") }) },
    responses: { 200: { description: "The job", content: { "application/json": { schema: envelope(JobSchema) } } }, ...errorResponses(400, 401, 404) },
  }),
  listDead: createRoute({
    method: "get",
    path: "/dead-letters",
    tags,
    summary: "Screening jobs that failed for good, newest first",
    description: `\`limit\`: 1–${DEAD_PAGE.max}, default ${DEAD_PAGE.default}; next page in \`Link: <…&cursor=…>; rel="next"\`.`,
    security: adminSecurity,
    request: {
      query: z.object({
        connection_id: z.string().max(64).optional(),
        limit: z.string().optional(),
        cursor: z.string().optional(),
      }),
    },
    responses: { 200: { description: "Dead letters", content: { "application/json": { schema: envelope(z.array(JobSchema)) } } }, ...errorResponses(400, 401) },
  }),
  getDead: createRoute({
    method: "get",
    path: "/dead-letters/{job_id}",
    tags,
    summary: "Show a dead letter with its errors",
    security: adminSecurity,
    request: { params: z.object({ job_id: Id("job_id") }) },
    responses: { 200: { description: "The dead letter", content: { "application/json": { schema: envelope(JobSchema) } } }, ...errorResponses(400, 401, 404) },
  }),
  replay: createRoute({
    method: "post",
    path: "/dead-letters/{job_id}/replay",
    tags,
    summary: "Replay a dead letter",
    description:
      "Queues the job again with a fresh attempt budget. Steps it completed before (score, note, field, tag) are not " +
      "repeated. Send `{}` as the body.",
    security: adminSecurity,
    request: { params: z.object({ job_id: Id("job_id") }), ...jsonRequest(z.object({})) },
    responses: { 202: { description: "Queued", content: { "application/json": { schema: envelope(JobSchema) } } }, ...errorResponses(400, 401, 404, 415) },
  }),
};

const ats = (c: Context<AppEnv>): AtsRuntime => {
  const runtime = c.var.ats;
  if (!runtime) throw new ApiError("SERVICE_UNAVAILABLE", "ATS integration is not configured on this server");
  return runtime;
};


function writeBackOf(input: z.infer<typeof WriteBackInput> | undefined): WriteBackSettings {
  return {
    noteVisibility: input?.note_visibility ?? "private",
    ...(input?.custom_field ? { customField: input.custom_field } : {}),
    ...(input?.tag ? { tag: input.tag } : {}),
    ...(input?.acting_user_id ? { actingUserId: input.acting_user_id } : {}),
  };
}

/** The Harvest version a request leaves the connection on; undefined for other providers (which refuse the field). */
function harvestVersion(provider: Connection["provider"], requested: HarvestVersion | undefined, current?: Connection): HarvestVersion | undefined {
  if (provider !== "greenhouse") {
    if (requested) throw new ApiError("VALIDATION_FAILED", "Invalid request body: api_version: only Greenhouse connections have one");
    return undefined;
  }
  return requested ?? (current ? harvestVersionOf(current.writeBack) : DEFAULT_HARVEST_VERSION);
}

/** The sealed credentials for the connection's API: an API key, or OAuth client credentials for Harvest v3. */
function credentialsOf(input: z.infer<typeof Credentials>, version: HarvestVersion | undefined): AtsCredentials & ConnectionCredentials {
  if (version === "v3") {
    if (!input.client_id || !input.client_secret || input.api_key) {
      throw new ApiError("VALIDATION_FAILED", "Invalid request body: credentials: Greenhouse Harvest v3 needs client_id and client_secret (an OAuth client-credentials app), not api_key; set api_version to v1 for a Harvest v1 key");
    }
    // Storage types credentials as { apiKey }: v3 keeps the OAuth pair in the same sealed value, without a key.
    return { apiKey: "", clientId: input.client_id, clientSecret: input.client_secret };
  }
  if (!input.api_key || input.client_id || input.client_secret) throw new ApiError("VALIDATION_FAILED", "Invalid request body: credentials: api_key is required (client_id/client_secret are for Greenhouse Harvest v3)");
  return { apiKey: input.api_key };
}

/** Write-back settings as stored: a Greenhouse connection's carry its Harvest version. */
function withVersion(settings: WriteBackSettings, version: HarvestVersion | undefined): WriteBackSettings {
  if (!version) return settings;
  const greenhouse: GreenhouseSettings = { ...settings, apiVersion: version };
  return greenhouse;
}

function checkSettings(provider: Connection["provider"], settings: WriteBackSettings): void {
  const problem = providers[provider].validateSettings(settings);
  if (problem) throw new ApiError("VALIDATION_FAILED", `Invalid request body: write_back: ${problem}`);
}

/** The cursor wraps DynamoDB's last key; it must look exactly like a dead-letter index key before it is used. */
/** Where webhook URLs point: the configured public address, else the one this request came in at. */
const baseUrl = (c: Context<AppEnv>): string => c.var.publicUrl ?? new URL(c.req.url).origin;

function isDeadCursor(v: unknown): v is { k: string } {
  const k = (v as { k?: unknown })?.k;
  if (typeof k !== "string") return false;
  try {
    const key = JSON.parse(k) as Record<string, unknown>;
    if (Object.keys(key).sort().join() !== "gsi1pk,gsi1sk,pk,sk" || key.gsi1pk !== "ATSDEAD" || key.sk !== "#JOB") return false;
    // The position of a dead job in the dead-letter index: ATSJOB#<job id> and <died at>#<job id>, the same id.
    const id = typeof key.pk === "string" && key.pk.startsWith("ATSJOB#") ? key.pk.slice("ATSJOB#".length) : "";
    return (
      isUuidShaped(id) &&
      typeof key.gsi1sk === "string" &&
      key.gsi1sk.endsWith(`#${id}`) &&
      /^\d{4}-\d\d-\d\dT[\d:.]+Z#/.test(key.gsi1sk)
    );
  } catch {
    return false;
  }
}

/** ATS connections (CRUD without secrets), screening jobs and dead letters, under the admin API. */
export function registerConnectionRoutes(admin: OpenAPIHono<AppEnv>): void {
  admin.openapi(routes.create, async (c) => {
    const body = c.req.valid("json");
    const rt = ats(c);
    if (!(await c.var.services.accounts.get(body.account_id))) throw new ApiError("ACCOUNT_NOT_FOUND", `No account with id ${body.account_id}`);
    const version = harvestVersion(body.provider, body.api_version);
    const credentials = credentialsOf(body.credentials, version);
    const writeBack = withVersion(writeBackOf(body.write_back), version);
    checkSettings(body.provider, writeBack);
    const connection = await rt.connections.create({
      provider: body.provider,
      accountId: body.account_id,
      ...(body.name ? { name: body.name } : {}),
      ...(body.base_url ? { baseUrl: body.base_url } : {}),
      credentials,
      webhookSecret: body.webhook_secret,
      writeBack,
      ...(body.job_filter ? { jobFilter: body.job_filter } : {}),
    });
    return c.json({ success: true as const, messages: "Configure webhook_url in the ATS with the same webhook secret", data: connectionView(connection, baseUrl(c)) }, 201);
  });

  admin.openapi(routes.list, async (c) => {
    const { account_id } = c.req.valid("query");
    const list = await ats(c).connections.list(account_id);
    return c.json({ success: true as const, messages: "", data: list.map((x) => connectionView(x, baseUrl(c))) }, 200);
  });

  admin.openapi(routes.get, async (c) => {
    const { connection_id } = c.req.valid("param");
    const connection = await ats(c).connections.get(connection_id);
    if (!connection) throw new ApiError("CONNECTION_NOT_FOUND", `No ATS connection with id ${connection_id}`);
    return c.json({ success: true as const, messages: "", data: connectionView(connection, baseUrl(c)) }, 200);
  });

  admin.openapi(routes.update, async (c) => {
    const { connection_id } = c.req.valid("param");
    const body = c.req.valid("json");
    const rt = ats(c);
    const current = await rt.connections.get(connection_id);
    if (!current) throw new ApiError("CONNECTION_NOT_FOUND", `No ATS connection with id ${connection_id}`);
    const version = harvestVersion(current.provider, body.api_version, current);
    const versionChanged = current.provider === "greenhouse" && version !== harvestVersionOf(current.writeBack);
    if (versionChanged && !body.credentials) {
      throw new ApiError("VALIDATION_FAILED", `Invalid request body: credentials: switching to Harvest ${version} needs that version's credentials in the same request`);
    }
    const credentials = body.credentials ? credentialsOf(body.credentials, version) : undefined;
    const writeBack = body.write_back || versionChanged ? withVersion(body.write_back ? writeBackOf(body.write_back) : current.writeBack, version) : undefined;
    if (writeBack) checkSettings(current.provider, writeBack);
    const updated = await rt.connections.update(connection_id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.base_url !== undefined ? { baseUrl: body.base_url } : {}),
      ...(credentials ? { credentials } : {}),
      ...(body.webhook_secret !== undefined ? { webhookSecret: body.webhook_secret } : {}),
      ...(writeBack ? { writeBack } : {}),
      ...(body.job_filter !== undefined ? { jobFilter: body.job_filter } : {}),
    });
    if (!updated) throw new ApiError("CONNECTION_NOT_FOUND", `No ATS connection with id ${connection_id}`);
    return c.json({ success: true as const, messages: "", data: connectionView(updated, baseUrl(c)) }, 200);
  });

  admin.openapi(routes.remove, async (c) => {
    const { connection_id } = c.req.valid("param");
    const deleted = await ats(c).connections.delete(connection_id);
    if (!deleted) throw new ApiError("CONNECTION_NOT_FOUND", `No ATS connection with id ${connection_id}`);
    return c.json({ success: true as const, messages: "The connection is deleted", data: connectionView(deleted, baseUrl(c)) }, 200);
  });

  admin.openapi(routes.getJob, async (c) => {
    const { job_id } = c.req.valid("param");
    const rt = ats(c);
    const job = await rt.jobs.get(job_id);
    if (!job) throw new ApiError("SCREENING_JOB_NOT_FOUND", `No screening job with id ${job_id}`);
    return c.json({ success: true as const, messages: "", data: jobView(job, await rt.writes.list(job_id)) }, 200);
  });

  admin.openapi(routes.listDead, async (c) => {
    const query = c.req.valid("query");
    const limit = parseLimit(query.limit, DEAD_PAGE);
    const after = decodeCursor(query.cursor, isDeadCursor);
    const page = await ats(c).jobs.listDead({ limit, ...(after ? { after: after.k } : {}), ...(query.connection_id ? { connectionId: query.connection_id } : {}) });
    setNextLink(c, page.next ? encodeCursor({ k: page.next }) : undefined);
    return c.json({ success: true as const, messages: "", data: page.jobs.map((j) => jobView(j)) }, 200);
  });

  admin.openapi(routes.getDead, async (c) => {
    const { job_id } = c.req.valid("param");
    const rt = ats(c);
    const job = await rt.jobs.get(job_id);
    if (!job || job.status !== "dead") throw new ApiError("SCREENING_JOB_NOT_FOUND", `No dead letter with id ${job_id}`);
    return c.json({ success: true as const, messages: "", data: jobView(job, await rt.writes.list(job_id)) }, 200);
  });

  admin.openapi(routes.replay, async (c) => {
    const { job_id } = c.req.valid("param");
    const rt = ats(c);
    const job = await rt.jobs.replay(job_id, rt.queue.kind);
    if (!job) throw new ApiError("SCREENING_JOB_NOT_FOUND", `No dead letter with id ${job_id}`);
    await rt.queue.enqueue(job_id);
    return c.json({ success: true as const, messages: "Queued again", data: jobView(job, await rt.writes.list(job_id)) }, 202);
  });
}
