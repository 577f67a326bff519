import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { receiveWebhook } from "@winnow/ats";
import type { AppEnv } from "../env.ts";
import { errorBody, errorResponse } from "../errors.ts";

/**
 * Greenhouse's new-application payloads carry job custom fields, interview kits and the hiring team, and can be large;
 * a body refused here is retried by the provider and then lost, so the limit is as high as the deployment allows:
 * 4 MiB stays under Lambda's 6 MB request payload even base64-encoded by API Gateway.
 */
export const WEBHOOK_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * `POST /webhooks/{provider}/{connection_id}`: outside /v1 authentication — the provider's signature over the raw
 * body is the credential. The bytes are read before anything parses them, since re-serialised JSON would not verify.
 * Answers 200 for everything accepted, pinged, ignored or duplicated (Greenhouse counts anything else as a failure).
 */
export function createWebhookApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(
    "/:provider/:connection_id",
    bodyLimit({
      maxSize: WEBHOOK_BODY_LIMIT,
      onError: (c) => {
        // Logged: the provider gives up after its retries and the application is never screened.
        c.var.ats?.log({ level: "warn", message: "webhook body over the limit", provider: c.req.param("provider"), connectionId: c.req.param("connection_id"), limitBytes: WEBHOOK_BODY_LIMIT });
        return c.json(errorBody("PAYLOAD_TOO_LARGE", `Webhook body exceeds the ${WEBHOOK_BODY_LIMIT / 1024 / 1024} MiB limit`), 413);
      },
    }),
    async (c) => {
      const ats = c.var.ats;
      if (!ats) return errorResponse(c, "SERVICE_UNAVAILABLE", "ATS integration is not configured on this server");
      const raw = new Uint8Array(await c.req.arrayBuffer());
      const result = await receiveWebhook(ats, {
        provider: c.req.param("provider"),
        connectionId: c.req.param("connection_id"),
        raw,
        headers: c.req.raw.headers,
      });
      switch (result.status) {
        case 200:
          return c.json({ success: true as const, messages: result.message, data: { outcome: result.outcome, job_id: result.jobId ?? null } }, 200);
        case 401:
          return c.json({ status: false as const, message: result.message }, 401);
        case 404:
          return errorResponse(c, result.missing === "provider" ? "ROUTE_NOT_FOUND" : "CONNECTION_NOT_FOUND", result.message);
        case 400:
          return errorResponse(c, /JSON/.test(result.message) ? "MALFORMED_JSON" : "VALIDATION_FAILED", result.message);
      }
    },
  );
  return app;
}
