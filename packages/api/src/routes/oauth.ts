import { z } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { SCOPES, type Scope } from "@winnow/storage";
import { ApiError } from "../errors.ts";
import type { AppEnv } from "../env.ts";
import { rateLimitHeaders } from "../rate-limit.ts";
import { ErrorSchema } from "../schemas.ts";
import { bodyLimitFor } from "./limits.ts";

export const TOKEN_PATH = "/oauth/token";

/** RFC 6749 §5.2 error codes this endpoint uses. */
type OAuthErrorCode = "invalid_request" | "invalid_client" | "unsupported_grant_type" | "invalid_scope";

class OAuthError extends Error {
  readonly code: OAuthErrorCode;
  readonly basicChallenge: boolean;
  constructor(code: OAuthErrorCode, description: string, basicChallenge = false) {
    super(description);
    this.code = code;
    this.basicChallenge = basicChallenge;
  }
}

// Token responses and errors must never be cached (RFC 6749 §5.1).
const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" } as const;

function oauthError(c: Context<AppEnv>, err: OAuthError) {
  for (const [k, v] of Object.entries(NO_STORE)) c.header(k, v);
  if (err.basicChallenge) c.header("WWW-Authenticate", 'Basic realm="winnow", charset="UTF-8"');
  return c.json({ error: err.code, error_description: err.message }, err.code === "invalid_client" ? 401 : 400);
}

/** Form or JSON body as string parameters; a parameter sent twice is an error (RFC 6749 §3.2). */
async function readParameters(c: Context<AppEnv>): Promise<Map<string, string>> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const text = await c.req.text();
  const params = new Map<string, string>();
  if (/^application\/x-www-form-urlencoded\s*(;|$)/.test(type)) {
    for (const [k, v] of new URLSearchParams(text)) {
      if (params.has(k)) throw new OAuthError("invalid_request", `The parameter ${k.slice(0, 40)} is repeated`);
      params.set(k, v);
    }
    return params;
  }
  if (/^application\/json\s*(;|$)/.test(type)) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new OAuthError("invalid_request", "The body is not valid JSON");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new OAuthError("invalid_request", "The body must be a JSON object");
    for (const [k, v] of Object.entries(body)) {
      if (typeof v !== "string") throw new OAuthError("invalid_request", `The parameter ${k.slice(0, 40)} must be a string`);
      params.set(k, v);
    }
    return params;
  }
  throw new OAuthError("invalid_request", "Send the parameters as application/x-www-form-urlencoded (or application/json)");
}

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1: each part form-urlencoded) or from the body, never both. */
function clientCredentials(c: Context<AppEnv>, params: Map<string, string>): { id: string; secret: string; basic: boolean } {
  const auth = c.req.header("authorization")?.trim();
  const inBody = params.has("client_id") || params.has("client_secret");
  if (auth) {
    const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(auth);
    if (!m) throw new OAuthError("invalid_client", "The Authorization header must be Basic <base64(client_id:client_secret)>", true);
    if (inBody) throw new OAuthError("invalid_request", "Authenticate the client with HTTP Basic or with body parameters, not both");
    const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) throw new OAuthError("invalid_client", "The Basic credentials must be client_id:client_secret", true);
    const form = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, " "));
      } catch {
        throw new OAuthError("invalid_client", "The Basic credentials are not form-urlencoded", true);
      }
    };
    return { id: form(decoded.slice(0, colon)), secret: form(decoded.slice(colon + 1)), basic: true };
  }
  const id = params.get("client_id");
  const secret = params.get("client_secret");
  if (!id || !secret) throw new OAuthError("invalid_client", "Client authentication is missing: use HTTP Basic or client_id and client_secret");
  return { id, secret, basic: false };
}

function grantedScopes(requested: string | undefined, allowed: readonly Scope[]): Scope[] {
  if (requested === undefined) return [...allowed];
  const wanted = [...new Set(requested.split(" ").filter(Boolean))];
  if (!wanted.length) throw new OAuthError("invalid_scope", "The scope parameter is empty");
  const unknown = wanted.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) throw new OAuthError("invalid_scope", `Unknown scope ${unknown[0]!.slice(0, 40)}; scopes are ${SCOPES.join(", ")}`);
  const beyond = wanted.filter((s) => !allowed.includes(s as Scope));
  if (beyond.length) throw new OAuthError("invalid_scope", `The client may not request ${beyond.join(", ")}`);
  return wanted as Scope[];
}

const TokenRequest = z
  .object({
    grant_type: z.literal("client_credentials"),
    scope: z.string().optional().openapi({ description: `Space-separated subset of the client's scopes (${SCOPES.join(", ")}); default: all of them.` }),
    client_id: z.string().optional().openapi({ description: "With client_secret, when HTTP Basic is not used." }),
    client_secret: z.string().optional(),
  })
  .openapi("TokenRequest");
const TokenResponse = z
  .object({
    access_token: z.string().openapi({ description: "A JWT (ES256, typ at+jwt); send it as Authorization: Bearer <token>." }),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().openapi({ example: 3600 }),
    scope: z.string(),
  })
  .openapi("TokenResponse");
const OAuthErrorSchema = z
  .object({ error: z.enum(["invalid_request", "invalid_client", "unsupported_grant_type", "invalid_scope"]), error_description: z.string() })
  .openapi("OAuthError");

/**
 * POST /v1/oauth/token — OAuth 2.0 client credentials grant (RFC 6749 §4.4). Not behind API-key authentication: the
 * client authenticates itself. Errors use RFC 6749 §5.2's shape ({error, error_description}), except 413 and 429,
 * which keep the API's standard error shape.
 */
export function registerOAuth(v1: OpenAPIHono<AppEnv>): void {
  v1.post(TOKEN_PATH, bodyLimitFor(() => 16 * 1024), async (c) => {
    try {
      const params = await readParameters(c);
      const client = clientCredentials(c, params);
      const grant = params.get("grant_type");
      if (!grant) throw new OAuthError("invalid_request", "grant_type is missing");
      if (grant !== "client_credentials") throw new OAuthError("unsupported_grant_type", "Only the client_credentials grant is supported");
      const services = c.var.services;
      const principal = client.id.length <= 64 && client.secret.length <= 128 ? await services.oauthClients.authenticate(client.id, client.secret) : undefined;
      if (!principal) throw new OAuthError("invalid_client", "Unknown client, wrong secret, or revoked client", client.basic);
      const scopes = grantedScopes(params.get("scope"), principal.scopes);

      const now = services.now();
      const decision = await services.meter.admit(principal.accountId, { kind: "oauth-client", id: principal.clientId }, now.getTime());
      const limitHeaders = rateLimitHeaders(decision);
      if (!decision.allowed) {
        throw new ApiError("RATE_LIMITED", `Rate limit of ${decision.limit} requests per minute reached; retry in ${decision.resetSeconds} s`, {
          ...limitHeaders,
          "Retry-After": String(decision.resetSeconds),
        });
      }
      const { token, expiresIn } = await (await services.tokens()).issue({ clientId: principal.clientId, accountId: principal.accountId, scopes }, now);
      for (const [k, v] of Object.entries({ ...NO_STORE, ...limitHeaders })) c.header(k, v);
      return c.json({ access_token: token, token_type: "Bearer" as const, expires_in: expiresIn, scope: scopes.join(" ") }, 200);
    } catch (err) {
      if (err instanceof OAuthError) return oauthError(c, err);
      throw err;
    }
  });

  v1.openAPIRegistry.registerPath({
    method: "post",
    path: TOKEN_PATH,
    tags: ["OAuth"],
    operationId: "issueToken",
    summary: "Get an access token (OAuth 2.0 client credentials)",
    description:
      "RFC 6749 §4.4. Authenticate the client with HTTP Basic (`client_id:client_secret`) or with `client_id` and " +
      "`client_secret` in the body. The token is valid for 1 hour and works as `Authorization: Bearer <token>` on every " +
      "endpoint; revoking the client stops its tokens within a second. Errors follow RFC 6749 §5.2 " +
      "(`{error, error_description}`); 413 and 429 use the standard error shape.",
    security: [],
    request: {
      body: {
        required: true,
        content: { "application/x-www-form-urlencoded": { schema: TokenRequest }, "application/json": { schema: TokenRequest } },
      },
    },
    responses: {
      200: { description: "The access token", content: { "application/json": { schema: TokenResponse } } },
      400: { description: "invalid_request, unsupported_grant_type or invalid_scope (RFC 6749 §5.2)", content: { "application/json": { schema: OAuthErrorSchema } } },
      401: { description: "invalid_client (RFC 6749 §5.2)", content: { "application/json": { schema: OAuthErrorSchema } } },
      413: { description: "Body over 16 KiB (standard error shape)", content: { "application/json": { schema: ErrorSchema } } },
      429: { description: "Rate limit reached (standard error shape, Retry-After)", content: { "application/json": { schema: ErrorSchema } } },
    },
  });
}
