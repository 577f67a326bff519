import { createRoute, z } from "@hono/zod-openapi";
import { SCOPES } from "@winnow/storage";
import { requireAdminToken } from "../auth.ts";
import { ApiError } from "../errors.ts";
import { jsonBody, newRouter } from "../app.ts";
import { envelope } from "../schemas.ts";
import { errorResponses, jsonRequest } from "./common.ts";
import { bodyLimitFor } from "./limits.ts";

const adminSecurity = [{ adminToken: [] }];
const AccountId = z.string().min(1).max(64).openapi({ param: { name: "account_id", in: "path" } });
const KeyId = z.string().min(1).max(64).openapi({ param: { name: "key_id", in: "path" } });

const AccountSchema = z.object({ id: z.string(), name: z.string() }).openapi("Account");
const AccountDetailSchema = AccountSchema.extend({ created_at: z.string() }).openapi("AccountDetail");
const NewKeySchema = z
  .object({ id: z.string(), key: z.string().openapi({ description: "Shown only in this response." }), prefix: z.string(), scopes: z.array(z.enum(SCOPES)) })
  .openapi("NewApiKey");
const KeySchema = z
  .object({ id: z.string(), prefix: z.string(), scopes: z.array(z.enum(SCOPES)), created_at: z.string(), revoked_at: z.string().nullable() })
  .openapi("ApiKey");

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
    responses: { 200: { description: "The account", content: { "application/json": { schema: envelope(AccountDetailSchema) } } }, ...errorResponses(401, 404) },
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
    responses: { 200: { description: "Keys", content: { "application/json": { schema: envelope(z.array(KeySchema)) } } }, ...errorResponses(401, 404) },
  }),
  revokeKey: createRoute({
    method: "delete",
    path: "/accounts/{account_id}/api-keys/{key_id}",
    tags: ["Admin"],
    summary: "Revoke an API key",
    security: adminSecurity,
    request: { params: z.object({ account_id: AccountId, key_id: KeyId }) },
    responses: { 200: { description: "Revoked", content: { "application/json": { schema: envelope(KeySchema) } } }, ...errorResponses(401, 404) },
  }),
};

const keyOut = (k: { id: string; prefix: string; scopes: (typeof SCOPES)[number][]; createdAt: string; revokedAt?: string }) => ({
  id: k.id,
  prefix: k.prefix,
  scopes: k.scopes,
  created_at: k.createdAt,
  revoked_at: k.revokedAt ?? null,
});

export function createAdminApp() {
  const admin = newRouter();
  admin.use("*", requireAdminToken());
  admin.use("*", bodyLimitFor(() => 64 * 1024));
  admin.use("*", jsonBody());

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
    return c.json({ success: true as const, messages: "", data: { id: found.id, name: found.name, created_at: found.createdAt } }, 200);
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
    return c.json({ success: true as const, messages: "", data: keys.map(keyOut) }, 200);
  });

  admin.openapi(routes.revokeKey, async (c) => {
    const { account_id, key_id } = c.req.valid("param");
    const revoked = await c.var.services.accounts.revokeApiKey(account_id, key_id);
    if (!revoked) throw new ApiError("API_KEY_NOT_FOUND", `Account ${account_id} has no API key ${key_id}`);
    c.var.services.keyCache.clear();
    return c.json({ success: true as const, messages: "The key is revoked", data: keyOut(revoked) }, 200);
  });

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
