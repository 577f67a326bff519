import { randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env.ts";
import { messagePage, type Fragment } from "./views.ts";
import { readCookie, sameOrigin, tokensMatch, writeCookie } from "./security.ts";

/** Forms posted before there is a session (sign-in, invitation) use a double-submit cookie instead of the session's token. */
const PRESESSION_PATHS = new Set(["/dashboard/sign-in", "/dashboard/invite"]);
const FORM_LIMIT = 16 * 1024;

export type Form = Record<string, string | string[]>;

export const page = (c: Context<AppEnv>, body: Fragment, status: 200 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 = 200) =>
  c.html(body, status);

const REFUSED = {
  unverified: "This form could not be verified: it was sent from another site, or it expired. Go back, reload the page and try again.",
  // The browser still sent a session cookie the service no longer honours: the usual cause is time, not an attack.
  sessionEnded: "Your session has ended (after 2 hours without activity, 12 hours after signing in, or by signing out), so nothing was changed. Sign in again and repeat the last step.",
};

export const forbidden = (c: Context<AppEnv>, reason: keyof typeof REFUSED = "unverified") =>
  page(c, messagePage("Request refused", REFUSED[reason], { href: "/dashboard", label: "Back to the dashboard" }), 403);

/** The token of the pre-session double-submit pair: reused while the cookie lives, so several tabs keep working. */
export function presessionToken(c: Context<AppEnv>): string {
  const token = readCookie(c, "presession") ?? randomBytes(32).toString("base64url");
  writeCookie(c, "presession", token, 3600);
  return token;
}

export async function readForm(c: Context<AppEnv>): Promise<Form> {
  const body = await c.req.parseBody({ all: true });
  const out: Form = {};
  for (const [k, v] of Object.entries(body)) {
    if (typeof v === "string") out[k] = v;
    else if (Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === "string");
  }
  return out;
}

export const field = (form: Form, name: string): string => {
  const v = form[name];
  return typeof v === "string" ? v : "";
};

export const fieldList = (form: Form, name: string): string[] => {
  const v = form[name];
  return v === undefined ? [] : typeof v === "string" ? [v] : v;
};

/**
 * CSRF defence for every POST under /dashboard, in three layers: the session cookie is SameSite=Strict; the
 * request must come from this origin (Origin/Referer, Fetch Metadata); and the form must carry the right token —
 * the session's synchroniser token, or before sign-in the double-submit value of the pre-session cookie.
 */
export function verifyForms(): MiddlewareHandler<AppEnv>[] {
  const origin: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!sameOrigin(c)) return forbidden(c);
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/.test(type)) {
      return page(c, messagePage("Unsupported form", "Forms must be sent as application/x-www-form-urlencoded."), 415);
    }
    await next();
  };
  const size = bodyLimit({
    maxSize: FORM_LIMIT,
    onError: (c) => c.html(messagePage("Form too large", "The form is larger than 16 KiB."), 413),
  });
  const token: MiddlewareHandler<AppEnv> = async (c, next) => {
    // Signing out without a session has nothing to protect: just show the sign-in page.
    if (c.req.path === "/dashboard/sign-out" && !c.var.session) return c.redirect("/dashboard/sign-in", 303);
    // A sign-in form left open in another tab: signing in there cleared its pre-session cookie, and the user is
    // already where a sign-in would take them. Nothing changes, so there is nothing to verify.
    if (c.req.path === "/dashboard/sign-in" && c.var.session) return c.redirect("/dashboard/profile", 303);
    const form = await readForm(c);
    const presession = PRESESSION_PATHS.has(c.req.path);
    const expected = presession ? readCookie(c, "presession") : c.var.session?.csrfToken;
    if (!tokensMatch(field(form, "_csrf"), expected)) {
      return forbidden(c, !presession && !c.var.session && readCookie(c, "session") ? "sessionEnded" : "unverified");
    }
    await next();
  };
  return [origin, size, token];
}

/** Pages behind sign-in: a GET without a session goes to the sign-in page; a POST was already refused by the token check. */
export const requireSession = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!c.var.session) return c.redirect("/dashboard/sign-in", 303);
  await next();
};

/**
 * Security-relevant dashboard events as structured log lines: who (account, user, client address) did what to which
 * credential id. Never emails, passwords, secrets or tokens.
 */
export function audit(c: Context<AppEnv>, event: string, fields: Record<string, string | undefined> = {}): void {
  const session = c.var.session;
  console.info(
    JSON.stringify({
      level: "info",
      message: "dashboard audit",
      event,
      requestId: c.get("requestId"),
      accountId: session?.accountId,
      userId: session?.userId,
      ...fields,
    }),
  );
}
