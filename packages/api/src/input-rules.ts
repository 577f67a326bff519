import { z } from "@hono/zod-openapi";

/**
 * Input rules the admin API applies and the CLI applies before opening the store, so both refuse the same values:
 * one schema each, used by the routes and by `npm run cli`.
 */

/** An upstream API base URL (an ATS connection's, the taxonomy sync's `base_url`): http(s), a host, an optional path. */
export const HttpUrl = z
  .string()
  .max(500)
  .regex(/^https?:\/\/[^\s/]+(?:\/\S*)?$/, "must be an http(s) URL")
  // The pattern, which the OpenAPI document shows, lets "http://?x" or "https://:443" through: a host is required.
  .refine((value) => URL.canParse(value) && new URL(value).hostname.length > 0, "must be an http(s) URL with a host");

/** The address a dashboard user is invited at, trimmed. */
export const InviteEmail = z.string().trim().email().max(254);
