import { createRoute, z } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { AccountMissingError, EmailTakenError, type RateLimits, type UserRecord } from "@winnow/storage";
import { INVITATION_TTL_SECONDS, RATE_WINDOW_SECONDS, invitationUrl, type Services } from "@winnow/services";
import { ApiError } from "../errors.ts";
import { InviteEmail } from "../input-rules.ts";
import type { AppEnv } from "../env.ts";
import { envelope } from "../schemas.ts";
import { errorResponses, jsonRequest } from "./common.ts";

const adminSecurity = [{ adminToken: [] }];
const AccountId = z.string().min(1).max(64).openapi({ param: { name: "account_id", in: "path" } });

const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    status: z.enum(["invited", "active"]),
    created_at: z.string(),
    last_sign_in_at: z.string().nullable(),
  })
  .openapi("User");
const InvitationSchema = UserSchema.extend({
  invite_url: z.string().openapi({ description: "Dashboard link that sets the first password; works once. Shown only in this response." }),
  invite_expires_at: z.string(),
}).openapi("Invitation");

const Limit = z.number().int().min(1).max(1_000_000_000);
const RateLimitsSchema = z
  .object({
    window_seconds: z.number().int(),
    per_credential: z.number().int().openapi({ description: "Requests per window for each API key or OAuth client of the account." }),
    per_account: z.number().int().openapi({ description: "Requests per window for the whole account." }),
    overridden: z.boolean().openapi({ description: "Whether the account has its own limits (otherwise the defaults apply)." }),
    defaults: z.object({ per_credential: z.number().int(), per_account: z.number().int() }),
  })
  .openapi("RateLimits");

const routes = {
  invite: createRoute({
    method: "post",
    path: "/accounts/{account_id}/users",
    tags: ["Admin"],
    summary: "Invite a dashboard user",
    description:
      `Creates an invited user and returns a one-time link (valid ${INVITATION_TTL_SECONDS / 86400} days) where they set their password. ` +
      "Inviting an email that is still pending issues a new link and voids the old one; an active user's email, or one of another account, is 409.",
    security: adminSecurity,
    request: { params: z.object({ account_id: AccountId }), ...jsonRequest(z.object({ email: InviteEmail })) },
    responses: {
      201: { description: "Invited", content: { "application/json": { schema: envelope(InvitationSchema) } } },
      ...errorResponses(400, 401, 404, 409, 415),
    },
  }),
  listUsers: createRoute({
    method: "get",
    path: "/accounts/{account_id}/users",
    tags: ["Admin"],
    summary: "List an account's dashboard users",
    security: adminSecurity,
    request: { params: z.object({ account_id: AccountId }) },
    responses: { 200: { description: "Users", content: { "application/json": { schema: envelope(z.array(UserSchema)) } } }, ...errorResponses(400, 401, 404) },
  }),
  getLimits: createRoute({
    method: "get",
    path: "/accounts/{account_id}/rate-limits",
    tags: ["Admin"],
    summary: "An account's rate limits",
    security: adminSecurity,
    request: { params: z.object({ account_id: AccountId }) },
    responses: { 200: { description: "Effective limits", content: { "application/json": { schema: envelope(RateLimitsSchema) } } }, ...errorResponses(400, 401, 404) },
  }),
  setLimits: createRoute({
    method: "put",
    path: "/accounts/{account_id}/rate-limits",
    tags: ["Admin"],
    summary: "Override an account's rate limits",
    description: "Fields left out keep their defaults. Applies at once on the instance that handled the call, and within 30 s on the others.",
    security: adminSecurity,
    request: {
      params: z.object({ account_id: AccountId }),
      ...jsonRequest(z.object({ per_credential: Limit.optional(), per_account: Limit.optional() })),
    },
    responses: { 200: { description: "Effective limits", content: { "application/json": { schema: envelope(RateLimitsSchema) } } }, ...errorResponses(400, 401, 404, 415) },
  }),
  resetLimits: createRoute({
    method: "delete",
    path: "/accounts/{account_id}/rate-limits",
    tags: ["Admin"],
    summary: "Return an account to the default rate limits",
    security: adminSecurity,
    request: { params: z.object({ account_id: AccountId }) },
    responses: { 200: { description: "Effective limits", content: { "application/json": { schema: envelope(RateLimitsSchema) } } }, ...errorResponses(400, 401, 404) },
  }),
};

const userOut = (u: UserRecord) => ({
  id: u.id,
  email: u.email,
  status: u.status,
  created_at: u.createdAt,
  last_sign_in_at: u.lastSignInAt ?? null,
});

async function requireAccount(services: Services, accountId: string): Promise<void> {
  if (!(await services.accounts.get(accountId))) throw new ApiError("ACCOUNT_NOT_FOUND", `No account with id ${accountId}`);
}

async function limitsOut(services: Services, accountId: string) {
  const override = await services.rateLimits.override(accountId);
  const defaults = services.meter.defaults;
  const effective: RateLimits = { ...defaults, ...override };
  return {
    window_seconds: RATE_WINDOW_SECONDS,
    per_credential: effective.perCredential,
    per_account: effective.perAccount,
    overridden: override !== undefined,
    defaults: { per_credential: defaults.perCredential, per_account: defaults.perAccount },
  };
}

/** Admin routes for an account's people and limits: dashboard users (invitations) and rate-limit overrides. */
export function registerAdminUsers(admin: OpenAPIHono<AppEnv>): void {
  admin.openapi(routes.invite, async (c) => {
    const { account_id } = c.req.valid("param");
    const { email } = c.req.valid("json");
    const services = c.var.services;
    try {
      const invitation = await services.users.invite(account_id, email, INVITATION_TTL_SECONDS, services.now());
      return c.json(
        {
          success: true as const,
          messages: "Send the invite_url to the user: it is not shown again",
          data: {
            ...userOut(invitation.user),
            invite_url: invitationUrl(new URL(c.req.url).origin, invitation.token),
            invite_expires_at: invitation.expiresAt,
          },
        },
        201,
      );
    } catch (err) {
      if (err instanceof AccountMissingError) throw new ApiError("ACCOUNT_NOT_FOUND", `No account with id ${account_id}`);
      if (err instanceof EmailTakenError) throw new ApiError("EMAIL_TAKEN", err.message);
      throw err;
    }
  });

  admin.openapi(routes.listUsers, async (c) => {
    const { account_id } = c.req.valid("param");
    await requireAccount(c.var.services, account_id);
    const users = await c.var.services.users.list(account_id);
    return c.json({ success: true as const, messages: "", data: users.map(userOut) }, 200);
  });

  admin.openapi(routes.getLimits, async (c) => {
    const { account_id } = c.req.valid("param");
    await requireAccount(c.var.services, account_id);
    return c.json({ success: true as const, messages: "", data: await limitsOut(c.var.services, account_id) }, 200);
  });

  admin.openapi(routes.setLimits, async (c) => {
    const { account_id } = c.req.valid("param");
    const body = c.req.valid("json");
    const services = c.var.services;
    await requireAccount(services, account_id);
    await services.rateLimits.setOverride(account_id, {
      ...(body.per_credential !== undefined ? { perCredential: body.per_credential } : {}),
      ...(body.per_account !== undefined ? { perAccount: body.per_account } : {}),
    });
    services.meter.forgetLimits(account_id);
    return c.json({ success: true as const, messages: "Rate limits updated", data: await limitsOut(services, account_id) }, 200);
  });

  admin.openapi(routes.resetLimits, async (c) => {
    const { account_id } = c.req.valid("param");
    const services = c.var.services;
    await requireAccount(services, account_id);
    await services.rateLimits.setOverride(account_id, undefined);
    services.meter.forgetLimits(account_id);
    return c.json({ success: true as const, messages: "Default rate limits apply", data: await limitsOut(services, account_id) }, 200);
  });
}
