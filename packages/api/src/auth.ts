import { timingSafeEqual, createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { KeyPrincipal, Scope } from "@winnow/storage";
import { AuthError } from "./errors.ts";
import type { AppEnv } from "./env.ts";

/** The credential of a request: `x-api-key: <key>` or `Authorization: Bearer <key>`. */
export function presentedCredential(headers: { get(name: string): string | null | undefined }): string | undefined {
  const apiKey = headers.get("x-api-key")?.trim();
  if (apiKey) return apiKey;
  const auth = headers.get("authorization")?.trim();
  if (!auth) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(auth);
  if (!m) throw new AuthError(401, "Malformed Authorization header: expected \"Bearer <API key>\"");
  return m[1];
}

/** Authenticates every v1 call; the principal is put on the context for scope checks and tenancy. */
export const requireApiKey = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const credential = presentedCredential(c.req.raw.headers);
  if (!credential) {
    throw new AuthError(401, "Missing credentials: send an API key in the x-api-key header or as Authorization: Bearer <key>");
  }
  const { accounts, keyCache } = c.var.services;
  const principal = credential.length <= 256 ? await keyCache.resolve(credential, (k) => accounts.authenticate(k)) : undefined;
  if (!principal) throw new AuthError(401, "Invalid credentials: the API key is unknown or has been revoked");
  c.set("principal", principal);
  await next();
};

export function requireScope(principal: KeyPrincipal | undefined, scope: Scope): KeyPrincipal {
  if (!principal) throw new AuthError(401, "Missing credentials");
  if (!principal.scopes.includes(scope)) {
    throw new AuthError(403, `This API key lacks the scope "${scope}" needed for this operation`);
  }
  return principal;
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Admin API guard: the admin token, compared in constant time. */
export const requireAdminToken = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const auth = c.req.header("authorization")?.trim() ?? "";
  const m = /^Bearer\s+(\S+)$/i.exec(auth);
  if (!m) throw new AuthError(401, "Missing admin credentials: send Authorization: Bearer <admin token>");
  if (!timingSafeEqual(digest(m[1]!), digest(c.var.services.adminToken))) {
    throw new AuthError(401, "Invalid admin token");
  }
  await next();
};
