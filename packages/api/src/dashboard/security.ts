import { timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env.ts";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Cookies are Secure everywhere except plain-http loopback (a fresh `npm start`), where browsers would drop them.
 * Secure cookies also get the `__Host-` prefix: bound to this host and path, and not settable by a sibling domain.
 */
export function isSecureOrigin(c: Context<AppEnv>): boolean {
  const url = new URL(c.req.url);
  return url.protocol === "https:" || !LOOPBACK_HOSTS.has(url.hostname);
}

export type CookieKind = "session" | "presession";

const BASE_NAMES: Record<CookieKind, string> = { session: "wnw_session", presession: "wnw_presession" };

export const cookieName = (c: Context<AppEnv>, kind: CookieKind): string =>
  isSecureOrigin(c) ? `__Host-${BASE_NAMES[kind]}` : BASE_NAMES[kind];

export function readCookie(c: Context<AppEnv>, kind: CookieKind): string | undefined {
  return getCookie(c, cookieName(c, kind)) || undefined;
}

/** HttpOnly (no script can read it), SameSite=Strict (never sent on cross-site requests), Path=/. */
export function writeCookie(c: Context<AppEnv>, kind: CookieKind, value: string, maxAgeSeconds: number): void {
  const secure = isSecureOrigin(c);
  setCookie(c, BASE_NAMES[kind], value, {
    httpOnly: true,
    sameSite: "Strict",
    path: "/",
    maxAge: maxAgeSeconds,
    ...(secure ? { secure: true, prefix: "host" as const } : {}),
  });
}

export function clearCookie(c: Context<AppEnv>, kind: CookieKind): void {
  deleteCookie(c, BASE_NAMES[kind], { path: "/", httpOnly: true, sameSite: "Strict", ...(isSecureOrigin(c) ? { secure: true, prefix: "host" as const } : {}) });
}

/**
 * Cross-site request check for state-changing requests: the browser-supplied Origin (or, when a browser omits it,
 * the Referer) must be this service's own origin, and Fetch Metadata, when present, must say same-origin. A request
 * carrying neither Origin nor Referer is refused: every current browser sends Origin on a POST.
 */
export function sameOrigin(c: Context<AppEnv>): boolean {
  const own = new URL(c.req.url).origin;
  const site = c.req.header("sec-fetch-site");
  if (site && site !== "same-origin") return false;
  const origin = c.req.header("origin");
  if (origin) return origin === own;
  const referer = c.req.header("referer");
  if (!referer) return false;
  try {
    return new URL(referer).origin === own;
  } catch {
    return false;
  }
}

/** Constant-time equality of two tokens; false when either is missing. */
export function tokensMatch(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The client's address for sign-in throttling: the connection's peer locally, API Gateway's sourceIp on Lambda.
 * X-Forwarded-For is not trusted: anyone can send it, and the address would then be theirs to choose.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const env = c.env as
    | { incoming?: { socket?: { remoteAddress?: string } }; requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } } }
    | undefined;
  return (
    env?.requestContext?.http?.sourceIp ??
    env?.requestContext?.identity?.sourceIp ??
    env?.incoming?.socket?.remoteAddress ??
    "unknown"
  );
}
