import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isUuidShaped } from "@winnow/core/catalogue/ids";
import { ApiError } from "../errors.ts";
import { AuthErrorSchema, ErrorSchema } from "../schemas.ts";

export const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { apiKeyAuth: [] }];

const DESCRIPTIONS: Record<number, string> = {
  400: "Bad request: malformed JSON, an invalid field or parameter (standard error shape)",
  401: "Credential missing, invalid, revoked or expired (authentication error shape)",
  403: "The credential lacks the scope this operation needs (authentication error shape)",
  404: "Not found (standard error shape)",
  409: "Conflict with existing data (standard error shape)",
  413: "Request body too large (standard error shape)",
  415: "Content-Type is not application/json (standard error shape)",
  422: "The input is well-formed but cannot be processed, e.g. an unreadable resume (standard error shape)",
  503: "Temporarily unavailable (standard error shape)",
};

/** OpenAPI responses for the given error statuses, in the right error shape each. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      {
        description: DESCRIPTIONS[s] ?? "Error",
        // Sent when the outage is expected to pass (no catalogue loaded yet), not for a feature this server lacks.
        ...(s === 503 ? { headers: { "Retry-After": { schema: { type: "integer" as const }, description: "Seconds to wait before retrying" } } } : {}),
        content: { "application/json": { schema: s === 401 || s === 403 ? AuthErrorSchema : ErrorSchema } },
      },
    ]),
  );
}

export const jsonRequest = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

/**
 * Checks a UUID path parameter. `postOnly` names the POST routes beside the `{id}` route (`/titles/normalize` next to
 * `/titles/{id}`): a GET on one of those reaches the `{id}` route, and is answered like any other wrong method
 * (404 ROUTE_NOT_FOUND) rather than as a malformed id.
 */
export function checkUuidParam(c: Context, id: string, what: string, postOnly: readonly string[] = []): void {
  if (postOnly.includes(id)) throw new ApiError("ROUTE_NOT_FOUND", `No route ${c.req.method} ${c.req.path}`);
  if (!isUuidShaped(id)) throw new ApiError("INVALID_ID", `${what} must be UUID-shaped (got "${id.slice(0, 64)}")`);
}
