import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * Stable error codes (the integer `error` of the standard error shape). Codes are never reused or renumbered;
 * docs/errors.md lists them, and a test keeps that table in step with this one.
 */
export const ErrorCode = {
  INTERNAL_ERROR: { code: 1000, status: 500 },
  MALFORMED_JSON: { code: 1001, status: 400 },
  UNSUPPORTED_MEDIA_TYPE: { code: 1002, status: 415 },
  VALIDATION_FAILED: { code: 1003, status: 400 },
  INVALID_QUERY_PARAMETER: { code: 1004, status: 400 },
  INVALID_CURSOR: { code: 1005, status: 400 },
  PAYLOAD_TOO_LARGE: { code: 1006, status: 413 },
  ROUTE_NOT_FOUND: { code: 1007, status: 404 },
  INVALID_ID: { code: 1008, status: 400 },
  SERVICE_UNAVAILABLE: { code: 1009, status: 503 },
  RATE_LIMITED: { code: 1010, status: 429 },
  SKILL_NOT_FOUND: { code: 2001, status: 404 },
  TITLE_NOT_FOUND: { code: 2002, status: 404 },
  NO_TITLE_MATCH: { code: 2003, status: 422 },
  MATCH_NOT_FOUND: { code: 3001, status: 404 },
  JOB_POST_NOT_FOUND: { code: 3002, status: 404 },
  RESUME_INVALID_BASE64: { code: 3003, status: 400 },
  RESUME_TOO_LARGE: { code: 3004, status: 413 },
  RESUME_UNREADABLE: { code: 3005, status: 422 },
  RESUME_FETCH_FAILED: { code: 3006, status: 422 },
  ACCOUNT_NOT_FOUND: { code: 4001, status: 404 },
  API_KEY_NOT_FOUND: { code: 4002, status: 404 },
  EMAIL_TAKEN: { code: 4003, status: 409 },
  DECISION_NOT_FOUND: { code: 4004, status: 404 },
  EXPORT_TOO_LARGE: { code: 4005, status: 422 },
  CONNECTION_NOT_FOUND: { code: 5001, status: 404 },
  SCREENING_JOB_NOT_FOUND: { code: 5002, status: 404 },
  DEMOGRAPHICS_CSV_MALFORMED: { code: 6001, status: 400 },
  DEMOGRAPHICS_CSV_HEADER: { code: 6002, status: 422 },
  DEMOGRAPHICS_NO_VALID_ROWS: { code: 6003, status: 422 },
} as const satisfies Record<string, { code: number; status: ContentfulStatusCode }>;

export type ErrorName = keyof typeof ErrorCode;

/** An expected failure with a stable code; rendered in the standard error shape. */
export class ApiError extends Error {
  readonly kind: ErrorName;
  readonly headers: Record<string, string>;
  constructor(kind: ErrorName, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.headers = headers;
  }
  get status(): ContentfulStatusCode {
    return ErrorCode[this.kind].status;
  }
}

/** Authentication/authorisation failure; rendered in the spec's authentication error shape `{status:false, message}`. */
export class AuthError extends Error {
  readonly status: 401 | 403;
  /** RFC 6750 `error` of the WWW-Authenticate challenge, e.g. `invalid_token` for a bad access token. */
  readonly bearerError?: string;
  /** The scope the request needed, for an `insufficient_scope` challenge. */
  readonly scope?: string;
  constructor(status: 401 | 403, message: string, bearerError?: string, scope?: string) {
    super(message);
    this.name = "AuthError";
    this.status = status;
    if (bearerError) this.bearerError = bearerError;
    if (scope) this.scope = scope;
  }
}

export const errorBody = (kind: ErrorName, message: string) => ({ error: ErrorCode[kind].code, message });

export function errorResponse(c: Context, kind: ErrorName, message: string, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  return c.json(errorBody(kind, message), ErrorCode[kind].status);
}

export function authErrorResponse(c: Context, err: AuthError) {
  if (err.status === 401) {
    c.header("WWW-Authenticate", `Bearer realm="winnow", charset="UTF-8"${err.bearerError ? `, error="${err.bearerError}"` : ""}`);
  } else if (err.bearerError) {
    // RFC 6750 §3.1: a 403 for a missing scope names it, so a client knows which token to ask for.
    c.header("WWW-Authenticate", `Bearer realm="winnow", error="${err.bearerError}"${err.scope ? `, scope="${err.scope}"` : ""}`);
  }
  return c.json({ status: false as const, message: err.message }, err.status);
}
