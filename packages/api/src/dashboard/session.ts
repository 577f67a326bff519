import type { Context, MiddlewareHandler } from "hono";
import type { UserRecord } from "@winnow/storage";
import type { AppEnv } from "../env.ts";
import { clearCookie, readCookie, writeCookie } from "./security.ts";

/** A session ends 12 h after sign-in, or after 2 h without a request, whichever comes first. */
export const SESSION_LIFETIME_MS = 12 * 3600 * 1000;
export const SESSION_IDLE_MS = 2 * 3600 * 1000;
/** Activity is written at most this often, so browsing does not cost a write per page. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Loads the session named by the cookie, if any and still valid, onto the context. */
export const loadSession = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const token = readCookie(c, "session");
  if (token) {
    const services = c.var.services;
    const now = services.now().getTime();
    const session = await services.sessions.get(token, now);
    if (session && now - session.lastSeenAt < SESSION_IDLE_MS) {
      if (now - session.lastSeenAt > TOUCH_EVERY_MS) await services.sessions.touch(token, now);
      c.set("session", { ...session, token });
    } else {
      if (session) await services.sessions.delete(token);
      clearCookie(c, "session");
    }
  }
  await next();
};

/**
 * Starts a fresh session for the user (never reusing a token from before sign-in, so a planted cookie cannot
 * become an authenticated session) and ends the one the browser had, if any.
 */
export async function startSession(c: Context<AppEnv>, user: UserRecord): Promise<void> {
  const services = c.var.services;
  const previous = readCookie(c, "session");
  if (previous) await services.sessions.delete(previous);
  const { token } = await services.sessions.create(
    { accountId: user.accountId, userId: user.id, email: user.email },
    SESSION_LIFETIME_MS,
    services.now().getTime(),
  );
  writeCookie(c, "session", token, SESSION_LIFETIME_MS / 1000);
  clearCookie(c, "presession");
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const session = c.var.session;
  if (session) await c.var.services.sessions.delete(session.token);
  clearCookie(c, "session");
}
