import { OpenAPIHono } from "@hono/zod-openapi";
import type { Hook } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { AtsRuntime } from "@winnow/ats";
import { ApiError, AuthError, authErrorResponse, errorResponse, type ErrorName } from "./errors.ts";
import type { AppEnv } from "./env.ts";
import type { SyncLauncher } from "./sync-launcher.ts";
import { CatalogueUnavailableError, ResumeError, type ResumeProblem, type Services } from "@winnow/services";

/** Formats zod issues as "field.path: message; …" so the message names the offending field. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.map(String).join(".") : "(body)"}: ${i.message}`)
    .join("; ");
}

const TARGET_NAMES: Record<string, string> = { json: "request body", query: "query parameter", param: "path parameter" };

export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (!result.success) {
    const where = TARGET_NAMES[result.target] ?? result.target;
    const kind = result.target === "query" ? "INVALID_QUERY_PARAMETER" : result.target === "param" ? "INVALID_ID" : "VALIDATION_FAILED";
    return errorResponse(c, kind, `Invalid ${where}: ${describeIssues(result.error.issues)}`);
  }
};

export const newRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/** Rejects bodies that are not JSON (415) or not parseable (400) before validation sees them. */
export const jsonBody = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (c.req.method === "POST" || c.req.method === "PUT" || c.req.method === "PATCH") {
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
      return errorResponse(
        c,
        "UNSUPPORTED_MEDIA_TYPE",
        `Content-Type must be application/json${type ? ` (got "${type.slice(0, 80)}")` : ""}`,
      );
    }
    const encoding = c.req.header("content-encoding")?.trim().toLowerCase();
    if (encoding && encoding !== "identity") {
      return errorResponse(c, "UNSUPPORTED_MEDIA_TYPE", `Content-Encoding "${encoding.slice(0, 40)}" is not supported: send the body uncompressed`);
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch (err) {
      if (err instanceof HTTPException && err.status === 413) throw err;
      return errorResponse(c, "MALFORMED_JSON", "Request body is not valid JSON");
    }
    // JSON may escape half of a UTF-16 surrogate pair ("\ud800"), which no UTF-8 output can carry: such text is read
    // with U+FFFD in its place, once here, so nothing downstream stores, hashes or echoes a malformed string. The
    // validators read the request again, so it is replaced by one carrying the mended text.
    if (!isWellFormedJson(body)) {
      let mended: string;
      try {
        mended = JSON.stringify(body, (_key, v: unknown) => (typeof v === "string" ? v.toWellFormed() : v));
      } catch {
        return errorResponse(c, "MALFORMED_JSON", "Request body is nested too deeply");
      }
      c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers: c.req.raw.headers, body: mended });
      c.req.bodyCache = {};
    }
  }
  await next();
};

/** Whether every string value in parsed JSON is well-formed UTF-16; iterative, since nesting depth is the sender's. */
function isWellFormedJson(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (!v.isWellFormed()) return false;
    } else if (v && typeof v === "object") {
      for (const x of Object.values(v)) stack.push(x);
    }
  }
  return true;
}

const RESUME_ERRORS: Record<ResumeProblem, ErrorName> = {
  invalid_base64: "RESUME_INVALID_BASE64",
  too_large: "RESUME_TOO_LARGE",
  unreadable: "RESUME_UNREADABLE",
  fetch_failed: "RESUME_FETCH_FAILED",
};

/** Maps every failure to the spec's error shapes; unexpected ones are logged and never leak details. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AuthError) return authErrorResponse(c, err);
  if (err instanceof ApiError) return errorResponse(c, err.kind, err.message, err.headers);
  if (err instanceof ResumeError) return errorResponse(c, RESUME_ERRORS[err.problem], err.message);
  // The catalogue is being loaded or imported: a few seconds, typically.
  if (err instanceof CatalogueUnavailableError) return errorResponse(c, "SERVICE_UNAVAILABLE", err.message, { "Retry-After": "5" });
  if (err instanceof HTTPException) {
    if (err.status === 413) return errorResponse(c, "PAYLOAD_TOO_LARGE", err.message || "Request body is too large");
    if (err.status === 400) return errorResponse(c, "MALFORMED_JSON", "Request body is not valid JSON");
    if (err.status === 401) return authErrorResponse(c, new AuthError(401, err.message || "Unauthorized"));
  }
  console.error(
    JSON.stringify({
      level: "error",
      message: "unhandled error",
      requestId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      error: err.name,
      detail: err.message,
      stack: err.stack,
    }),
  );
  return errorResponse(c, "INTERNAL_ERROR", `Internal error; quote request id ${c.get("requestId")} when reporting it`);
}

export interface AppParts {
  v1: OpenAPIHono<AppEnv>;
  admin: OpenAPIHono<AppEnv>;
  docs: (app: OpenAPIHono<AppEnv>) => void;
  webhooks?: Hono<AppEnv>;
  ats?: AtsRuntime;
  launchSync?: SyncLauncher;
  maxResponseBytes?: number;
  publicUrl?: string;
}

/**
 * A client's X-Request-Id is kept when it is at most this long and made of word characters, "-" and "=" (hono's
 * requestId rule); any other is replaced with a fresh id.
 */
export const REQUEST_ID_MAX_LENGTH = 128;

/** Builds the root app around the surfaces; services are injected per request so tests can swap them. */
export function createRootApp(services: Services, parts: AppParts): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use("*", requestId({ limitLength: REQUEST_ID_MAX_LENGTH }));
  app.use("*", secureHeaders({ contentSecurityPolicy: undefined, crossOriginResourcePolicy: "cross-origin" }));
  app.use("*", async (c, next) => {
    c.set("services", services);
    if (parts.ats) c.set("ats", parts.ats);
    if (parts.launchSync) c.set("launchSync", parts.launchSync);
    if (parts.maxResponseBytes) c.set("maxResponseBytes", parts.maxResponseBytes);
    if (parts.publicUrl) c.set("publicUrl", parts.publicUrl);
    await next();
  });
  // Responses name candidates and carry scores: no cache (a shared one keys on the URL, and x-api-key is no standard
  // credential header it would respect) may keep them. The OpenAPI document may be cached.
  const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.req.path !== "/v1/openapi.json" && !c.res.headers.has("cache-control")) c.header("Cache-Control", "no-store");
  };
  app.use("/v1/*", noStore);
  app.use("/admin/*", noStore);
  app.get("/", (c) => c.redirect("/docs"));
  app.get("/health", (c) => c.json({ success: true as const, messages: "ok", data: { status: "ok" } }));
  app.route("/v1", parts.v1);
  app.route("/admin", parts.admin);
  if (parts.webhooks) app.route("/webhooks", parts.webhooks);
  parts.docs(app);
  app.notFound((c) => errorResponse(c, "ROUTE_NOT_FOUND", `No route ${c.req.method} ${c.req.path}`));
  app.onError(handleError);
  return app;
}
