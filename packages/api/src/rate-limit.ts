import type { MiddlewareHandler } from "hono";
import type { RateDecision } from "@winnow/services";
import { ApiError } from "./errors.ts";
import type { AppEnv } from "./env.ts";

/** IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): the binding limit, what is left, seconds to reset. */
export const rateLimitHeaders = (d: RateDecision): Record<string, string> => ({
  "RateLimit-Limit": String(d.limit),
  "RateLimit-Remaining": String(d.remaining),
  "RateLimit-Reset": String(d.resetSeconds),
});

/**
 * Counts every authenticated v1 call against its credential and its account (after authentication, before
 * validation, so malformed calls count too). Refused calls get 429 with Retry-After; every answer carries the
 * RateLimit fields, errors included, because they are set before the handler runs.
 */
export const rateLimit = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const principal = c.var.principal;
  if (!principal) return next();
  const decision = await c.var.services.meter.admit(principal.accountId, principal.credential, c.var.services.now().getTime());
  const headers = rateLimitHeaders(decision);
  if (!decision.allowed) {
    const who = decision.binding === "account" ? "this account" : principal.credential.kind === "api-key" ? "this API key" : "this OAuth client";
    throw new ApiError(
      "RATE_LIMITED",
      `Rate limit of ${decision.limit} requests per minute for ${who} reached; retry in ${decision.resetSeconds} s`,
      { ...headers, "Retry-After": String(decision.resetSeconds) },
    );
  }
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  await next();
};
