import { timingSafeEqual, createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Scope } from "@winnow/storage";
import { InvalidTokenError, looksLikeJwt, type Services } from "@winnow/services";
import { AuthError } from "./errors.ts";
import type { AppEnv, Principal } from "./env.ts";

export interface PresentedCredential {
  value: string;
  via: "x-api-key" | "bearer";
}

/** The credential of a request: `x-api-key: <key>` (wins when both are sent) or `Authorization: Bearer <key or token>`. */
export function presentedCredential(headers: { get(name: string): string | null | undefined }): PresentedCredential | undefined {
  const apiKey = headers.get("x-api-key")?.trim();
  if (apiKey) return { value: apiKey, via: "x-api-key" };
  const auth = headers.get("authorization")?.trim();
  if (!auth) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(auth);
  if (!m) throw new AuthError(401, "Malformed Authorization header: expected \"Bearer <API key or access token>\"");
  return { value: m[1]!, via: "bearer" };
}

const MAX_CREDENTIAL_LENGTH = 4096;

async function keyPrincipal(services: Services, key: string): Promise<Principal> {
  const found = key.length <= 256 ? await services.keyCache.resolve(key, (k) => services.accounts.authenticate(k)) : undefined;
  if (!found) throw new AuthError(401, "Invalid credentials: the API key is unknown or has been revoked");
  return { accountId: found.accountId, scopes: found.scopes, credential: { kind: "api-key", id: found.keyId } };
}

/**
 * An access token is checked offline (signature, kid, type, issuer, audience, expiry), then its client is looked up
 * (cached for up to 1 s, like API keys) so a revoked client's tokens stop working at once rather than at expiry.
 * The tenant is the client's account as stored, which must also be the one the token names.
 */
async function tokenPrincipal(services: Services, token: string): Promise<Principal> {
  let claims;
  try {
    claims = await (await services.tokens()).verify(token, services.now());
  } catch (err) {
    if (err instanceof InvalidTokenError) throw new AuthError(401, `Invalid access token: ${err.message}`, "invalid_token");
    throw err;
  }
  const client = await services.clientCache.resolve(claims.clientId, (id) => services.oauthClients.active(id));
  if (!client || client.accountId !== claims.accountId) {
    throw new AuthError(401, "Invalid access token: its OAuth client is unknown or has been revoked", "invalid_token");
  }
  // Scopes are those granted at issuance, never more than the client holds now.
  const scopes = claims.scopes.filter((s) => client.scopes.includes(s));
  return { accountId: client.accountId, scopes, credential: { kind: "oauth-client", id: client.clientId } };
}

/** Authenticates every v1 call; the principal is put on the context for scope checks, tenancy and rate limits. */
export const requireApiKey = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const credential = presentedCredential(c.req.raw.headers);
  if (!credential) {
    throw new AuthError(
      401,
      "Missing credentials: send an API key in the x-api-key header, or an API key or access token as Authorization: Bearer <credential>",
    );
  }
  if (credential.value.length > MAX_CREDENTIAL_LENGTH) throw new AuthError(401, "Invalid credentials: the credential is too long");
  const services = c.var.services;
  const principal =
    credential.via === "bearer" && looksLikeJwt(credential.value)
      ? await tokenPrincipal(services, credential.value)
      : await keyPrincipal(services, credential.value);
  c.set("principal", principal);
  await next();
};

export function requireScope(principal: Principal | undefined, scope: Scope): Principal {
  if (!principal) throw new AuthError(401, "Missing credentials");
  if (!principal.scopes.includes(scope)) {
    const what = principal.credential.kind === "api-key" ? "API key" : "access token";
    throw new AuthError(403, `This ${what} lacks the scope "${scope}" needed for this operation`, "insufficient_scope", scope);
  }
  return principal;
}

/**
 * The scope a v1 call needs, from its method and path (under /v1): screening writes matches, reading them needs
 * matches:read, the catalogue taxonomy:read. Undefined for paths that name no operation (they answer 404).
 */
export function scopeFor(method: string, path: string): Scope | undefined {
  if (/^\/(?:titles|skills)(?:\/|$)/.test(path)) return "taxonomy:read";
  if (/^\/match-insights(?:\/|$)/.test(path)) return method === "POST" ? "matches:write" : "matches:read";
  return undefined;
}

/**
 * Checks the scope before the request is read or validated: a credential that may not call the operation learns
 * that (403), not whether its body would have been valid (400, 413, 415). The handlers check again.
 */
export const requireRouteScope = (prefix: string): MiddlewareHandler<AppEnv> => async (c, next) => {
  const scope = scopeFor(c.req.method, c.req.path.slice(prefix.length));
  if (scope) requireScope(c.var.principal, scope);
  await next();
};

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
