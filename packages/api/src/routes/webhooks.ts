import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { receiveWebhook } from "@winnow/ats";
import type { AppEnv } from "../env.ts";
import { errorBody, errorResponse } from "../errors.ts";

/** Providers' new-application payloads are small; Greenhouse's (job custom fields, hiring team) stay well under this. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

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
      onError: (c) => c.json(errorBody("PAYLOAD_TOO_LARGE", "Webhook body exceeds the 1 MiB limit"), 413),
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
