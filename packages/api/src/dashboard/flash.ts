import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import type { FreshSecret } from "./views.ts";

/** Long enough for a slow redirect, short enough that an unread secret does not linger in the session item. */
const FLASH_LIFETIME_MS = 5 * 60 * 1000;

export const CREDENTIALS_PATH = "/dashboard/profile/api-credentials";
/** The query parameter naming the flash: a random id, never the secret (URLs end up in history and logs). */
const PARAM = "created";

/**
 * Post/Redirect/Get for a new credential: the secret is kept, sealed, in the session for one page view, and the
 * POST answers with a redirect, so reloading the page that shows it neither posts again nor shows it again.
 */
export async function redirectToFreshSecret(c: Context<AppEnv>, fresh: FreshSecret): Promise<Response> {
  const services = c.var.services;
  const id = randomBytes(16).toString("base64url");
  await services.sessions.putFlash(c.var.session!.token, id, JSON.stringify(fresh), FLASH_LIFETIME_MS, services.now().getTime());
  return c.redirect(`${CREDENTIALS_PATH}?${PARAM}=${id}`, 303);
}

const isFreshSecret = (v: unknown): v is FreshSecret => {
  const f = v as Partial<FreshSecret> | null;
  return (
    typeof f === "object" && f !== null && (f.kind === "api-key" || f.kind === "oauth-client") && typeof f.secret === "string" &&
    (f.clientId === undefined || typeof f.clientId === "string")
  );
};

/**
 * What a credentials page view carries from the redirect: the secret on the first view; on any later one (a
 * reload, the back button) only the fact that it was already shown.
 */
export async function takeFreshSecret(c: Context<AppEnv>): Promise<{ fresh?: FreshSecret; alreadyShown?: boolean }> {
  const id = c.req.query(PARAM);
  if (!id) return {};
  const services = c.var.services;
  const value = await services.sessions.takeFlash(c.var.session!.token, id, services.now().getTime());
  if (value === undefined) return { alreadyShown: true };
  const fresh: unknown = JSON.parse(value);
  return isFreshSecret(fresh) ? { fresh } : { alreadyShown: true };
}
