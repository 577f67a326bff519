import { createRoute, z } from "@hono/zod-openapi";
import { except } from "hono/combine";
import { DEFAULT_RETENTION_DAYS, SCOPES } from "@winnow/storage";
import { SYNC_STATUSES } from "@winnow/storage/repos/taxonomy-sync";
import { requireAdminToken } from "../auth.ts";
import { keyView, syncView, versionView } from "../views.ts";
import { inProcessSync } from "../sync-launcher.ts";
import { ApiError } from "../errors.ts";
import { jsonBody, newRouter } from "../app.ts";
import { parseLimit } from "../pagination.ts";
import { envelope } from "../schemas.ts";
import { HttpUrl } from "../input-rules.ts";
import { errorResponses, jsonRequest } from "./common.ts";
import { bodyLimitFor } from "./limits.ts";
import { registerAdminUsers } from "./admin-users.ts";
import { registerConnectionRoutes } from "./admin-connections.ts";
import { registerRecordRoutes } from "./admin-records.ts";
import { DEMOGRAPHICS_BODY_LIMIT, isDemographicsUpload, registerAuditRoutes } from "./admin-audit.ts";

const adminSecurity = [{ adminToken: [] }];
const AccountId = z.string().min(1).max(64).openapi({ param: { name: "account_id", in: "path" } });
const KeyId = z.string().min(1).max(64).openapi({ param: { name: "key_id", in: "path" } });

const AccountSchema = z.object({ id: z.string(), name: z.string() }).openapi("Account");
const AccountDetailSchema = AccountSchema.extend({
  created_at: z.string(),
  retention_days: z.number().int().openapi({ description: "Days candidate data is kept (see PUT /admin/accounts/{account_id}/retention)." }),
}).openapi("AccountDetail");
const NewKeySchema = z
  .object({ id: z.string(), key: z.string().openapi({ description: "Shown only in this response." }), prefix: z.string(), scopes: z.array(z.enum(SCOPES)) })
  .openapi("NewApiKey");
const KeySchema = z
  .object({ id: z.string(), prefix: z.string(), scopes: z.array(z.enum(SCOPES)), created_at: z.string(), revoked_at: z.string().nullable() })
  .openapi("ApiKey");

const CatalogueVersionSchema = z
  .object({
    version: z.string(),
    source: z.string().openapi({ description: "Where the version came from: winnow-default, esco-csv:<dir>, esco-api:<base URL>." }),
    titles: z.number().int(),
    skills: z.number().int(),
    created_at: z.string(),
    activated_at: z.string().nullable().openapi({ description: "Last activation; null if never activated." }),
    active: z.boolean(),
  })
  .openapi("CatalogueVersion");
const SyncErrorSchema = z
  .object({
    at: z.string(),
    attempt: z.number().int(),
    message: z.string(),
    fatal: z.boolean().openapi({ description: "True for the error that ended an attempt; false for one that was retried." }),
  })
  .openapi("TaxonomySyncError");
const SyncRunSchema = z
  .object({
    id: z.string(),
    status: z.enum(SYNC_STATUSES),
    trigger: z.string(),
    source: z.string().openapi({ description: "Upstream base URL." }),
    created_at: z.string(),
    updated_at: z.string(),
    finished_at: z.string().nullable(),
    duration_ms: z.number().int().nullable().openapi({ description: "From creation to the end of the last attempt." }),
    attempts: z.number().int().openapi({ description: "More than 1 when the sync was resumed after an interruption." }),
    phase: z.string(),
    counts: z.record(z.string(), z.number()),
    version: z.string().nullable(),
    previous_version: z.string().nullable(),
    changed: z.boolean().nullable().openapi({ description: "Whether the sync activated a new version; null until it succeeded." }),
    warnings: z.array(z.string()),
    errors: z.array(SyncErrorSchema),
  })
  .openapi("TaxonomySync");
const SyncStartedSchema = z
  .object({
    id: z.string().nullable().openapi({ description: "The run's id; null while the run is queued (deployed on AWS), until the sync function starts it." }),
    status: z.enum([...SYNC_STATUSES, "queued"]),
    resumed: z.boolean().openapi({ description: "The sync continues an interrupted one (same id)." }),
    already_running: z.boolean(),
  })
  .openapi("TaxonomySyncStarted");
const SYNC_PAGE = { default: 20, max: 100 } as const;

const routes = {
  createAccount: createRoute({
    method: "post",
    path: "/accounts",
    tags: ["Admin"],
    summary: "Create an account",
    security: adminSecurity,
    request: jsonRequest(z.object({ name: z.string().trim().min(1).max(200) })),
    responses: { 201: { description: "Created", content: { "application/json": { schema: envelope(AccountSchema) } } }, ...errorResponses(400, 401, 415) },
  }),
  getAccount: createRoute({
    method: "get",
    path: "/accounts/{account_id}",
    tags: ["Admin"],
    summary: "Get an account",
    security: adminSecurity,
    request: { params: z.object({ account_id: AccountId }) },
    responses: { 200: { description: "The account", content: { "application/json": { schema: envelope(AccountDetailSchema) } } }, ...errorResponses(400, 401, 404) },
  }),
  createKey: createRoute({
    method: "post",
    path: "/accounts/{account_id}/api-keys",
    tags: ["Admin"],
    summary: "Create an API key (the key is shown once)",
    security: adminSecurity,
    request: {
      params: z.object({ account_id: AccountId }),
      ...jsonRequest(z.object({ scopes: z.array(z.enum(SCOPES)).min(1).optional().openapi({ description: "Default: all scopes." }) })),
    },
    responses: { 201: { description: "Created", content: { "application/json": { schema: envelope(NewKeySchema) } } }, ...errorResponses(400, 401, 404, 415) },
  }),
  listKeys: createRoute({
    method: "get",
    path: "/accounts/{account_id}/api-keys",
    tags: ["Admin"],
    summary: "List an account's API keys (prefixes only)",
    security: adminSecurity,
    request: { params: z.object({ account_id: AccountId }) },
    responses: { 200: { description: "Keys", content: { "application/json": { schema: envelope(z.array(KeySchema)) } } }, ...errorResponses(400, 401, 404) },
  }),
  listVersions: createRoute({
    method: "get",
    path: "/taxonomy/versions",
    tags: ["Admin"],
    summary: "List catalogue versions",
    description: "Every complete catalogue version, newest first, with its counts and source; `active` marks the one served.",
    security: adminSecurity,
    responses: { 200: { description: "Versions", content: { "application/json": { schema: envelope(z.array(CatalogueVersionSchema)) } } }, ...errorResponses(401) },
  }),
  listSyncs: createRoute({
    method: "get",
    path: "/taxonomy/syncs",
    tags: ["Admin"],
    summary: "Taxonomy sync history",
    description: `Sync runs, newest first: status, counts, timings, warnings and errors (retried ones too). \`limit\`: 1–${SYNC_PAGE.max}, default ${SYNC_PAGE.default}.`,
    security: adminSecurity,
    request: { query: z.object({ limit: z.string().optional().openapi({ description: `1–${SYNC_PAGE.max}, default ${SYNC_PAGE.default}` }) }) },
    responses: { 200: { description: "Runs", content: { "application/json": { schema: envelope(z.array(SyncRunSchema)) } } }, ...errorResponses(400, 401) },
  }),
  startSync: createRoute({
    method: "post",
    path: "/taxonomy/sync",
    tags: ["Admin"],
    summary: "Start a taxonomy sync from the ESCO web API",
    description:
      "Starts (or resumes) a sync in the background and answers 202 with its id; follow it in GET /admin/taxonomy/syncs. " +
      "Deployed on AWS, the sync is handed to the scheduled sync function and the answer is `queued`, without an id yet. " +
      "When a sync is already running, answers 202 with that sync's id. A new catalogue version is activated only when " +
      "the upstream content differs from the active version.",
    security: adminSecurity,
    request: jsonRequest(
      z.object({
        base_url: HttpUrl.optional()
          .openapi({ description: "ESCO web-service base URL (default: WINNOW_ESCO_API_URL or https://ec.europa.eu/esco/api)." }),
        fresh: z.boolean().optional().openapi({ description: "Start over instead of resuming an interrupted sync." }),
      }),
    ),
    responses: { 202: { description: "Started", content: { "application/json": { schema: envelope(SyncStartedSchema) } } }, ...errorResponses(400, 401, 415) },
  }),
  revokeKey: createRoute({
    method: "delete",
    path: "/accounts/{account_id}/api-keys/{key_id}",
    tags: ["Admin"],
    summary: "Revoke an API key",
    security: adminSecurity,
    request: { params: z.object({ account_id: AccountId, key_id: KeyId }) },
    responses: { 200: { description: "Revoked", content: { "application/json": { schema: envelope(KeySchema) } } }, ...errorResponses(400, 401, 404) },
  }),
};

export function createAdminApp() {
  const admin = newRouter();
  admin.use("*", requireAdminToken());
  // Admin answers carry new keys, candidate data, decision records and demographics: no browser or proxy may keep them.
  admin.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  admin.use("*", bodyLimitFor((path) => (isDemographicsUpload(path) ? DEMOGRAPHICS_BODY_LIMIT : 64 * 1024)));
  // The bias-audit upload is CSV; every other admin body is JSON.
  admin.use("*", except((c) => isDemographicsUpload(c.req.path), jsonBody()));
  registerAdminUsers(admin);

  const account = async (services: { accounts: { get(id: string): Promise<unknown> } }, id: string) => {
    const found = await services.accounts.get(id);
    if (!found) throw new ApiError("ACCOUNT_NOT_FOUND", `No account with id ${id}`);
  };

  admin.openapi(routes.createAccount, async (c) => {
    const { name } = c.req.valid("json");
    const created = await c.var.services.accounts.create(name);
    return c.json({ success: true as const, messages: "", data: { id: created.id, name: created.name } }, 201);
  });

  admin.openapi(routes.getAccount, async (c) => {
    const { account_id } = c.req.valid("param");
    const found = await c.var.services.accounts.get(account_id);
    if (!found) throw new ApiError("ACCOUNT_NOT_FOUND", `No account with id ${account_id}`);
    const retention_days = found.retentionDays ?? DEFAULT_RETENTION_DAYS;
    return c.json({ success: true as const, messages: "", data: { id: found.id, name: found.name, created_at: found.createdAt, retention_days } }, 200);
  });

  admin.openapi(routes.createKey, async (c) => {
    const { account_id } = c.req.valid("param");
    const { scopes } = c.req.valid("json");
    await account(c.var.services, account_id);
    const { record, key } = await c.var.services.accounts.createApiKey(account_id, scopes ?? SCOPES);
    return c.json({ success: true as const, messages: "Store the key now: it is not shown again", data: { id: record.id, key, prefix: record.prefix, scopes: record.scopes } }, 201);
  });

  admin.openapi(routes.listKeys, async (c) => {
    const { account_id } = c.req.valid("param");
    await account(c.var.services, account_id);
    const keys = await c.var.services.accounts.listApiKeys(account_id);
    return c.json({ success: true as const, messages: "", data: keys.map(keyView) }, 200);
  });

  admin.openapi(routes.listVersions, async (c) => {
    const versions = await c.var.services.catalogues.listVersions();
    return c.json({ success: true as const, messages: "", data: versions.map(versionView) }, 200);
  });

  admin.openapi(routes.listSyncs, async (c) => {
    const limit = parseLimit(c.req.valid("query").limit, SYNC_PAGE);
    const runs = await c.var.services.catalogues.syncs.listRuns(limit);
    return c.json({ success: true as const, messages: "", data: runs.map(syncView) }, 200);
  });

  admin.openapi(routes.startSync, async (c) => {
    const { base_url, fresh } = c.req.valid("json");
    const launch = c.var.launchSync ?? inProcessSync;
    const started = await launch(c.var.services.catalogues, { baseUrl: base_url, fresh: fresh ?? false });
    const messages = started.alreadyRunning
      ? "A sync is already running"
      : started.status === "queued"
        ? "Sync queued"
        : started.resumed
          ? "Resumed the unfinished sync (interrupted or failed) from its checkpoints"
          : "Sync started";
    return c.json(
      { success: true as const, messages, data: { id: started.id, status: started.status, resumed: started.resumed, already_running: started.alreadyRunning } },
      202,
    );
  });

  admin.openapi(routes.revokeKey, async (c) => {
    const { account_id, key_id } = c.req.valid("param");
    const revoked = await c.var.services.accounts.revokeApiKey(account_id, key_id);
    if (!revoked) throw new ApiError("API_KEY_NOT_FOUND", `Account ${account_id} has no API key ${key_id}`);
    c.var.services.keyCache.clear();
    return c.json({ success: true as const, messages: "The key is revoked", data: keyView(revoked) }, 200);
  });

  registerConnectionRoutes(admin);
  registerRecordRoutes(admin);
  registerAuditRoutes(admin);
  admin.openAPIRegistry.registerComponent("securitySchemes", "adminToken", {
    type: "http",
    scheme: "bearer",
    description: "The admin token (WINNOW_ADMIN_TOKEN, or the generated $WINNOW_DATA_DIR/admin-token).",
  });
  admin.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Winnow admin API", version: "1.0.0", license: { name: "MIT", url: "https://opensource.org/licenses/MIT" } },
  });
  return admin;
}
