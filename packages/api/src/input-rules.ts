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
  // The pattern, which the OpenAPI document shows, lets "http://?x", "https://:443" or "https://." through: a host
  // is required, and a host name has no empty label (a fully qualified name's final dot is allowed).
  .refine((value) => URL.canParse(value) && isHost(new URL(value).hostname), "must be an http(s) URL with a host");

function isHost(hostname: string): boolean {
  if (hostname.startsWith("[")) return true; // An IPv6 literal, already checked by the URL parser.
  return hostname.replace(/\.$/u, "").split(".").every((label) => label.length > 0);
}

/** The address a dashboard user is invited at, trimmed. */
export const InviteEmail = z.string().trim().email().max(254);
