import type { Context } from "hono";
import { ApiError } from "./errors.ts";

export interface PageLimits {
  default: number;
  max: number;
}

/** Parses `limit`: absent → default; anything but an integer in [1, max] → 400 naming the allowed range. */
export function parseLimit(raw: string | undefined, limits: PageLimits): number {
  if (raw === undefined) return limits.default;
  if (!/^\d{1,6}$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > limits.max) {
    throw new ApiError("INVALID_QUERY_PARAMETER", `limit must be an integer from 1 to ${limits.max} (got "${raw.slice(0, 40)}")`);
  }
  return Number(raw);
}

/** Cursors are base64url JSON, opaque to clients; a cursor that does not decode to the expected shape is a 400. */
export function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

export function decodeCursor<T>(raw: string | undefined, check: (v: unknown) => v is T): T | undefined {
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    if (raw.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw new Error("shape");
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw new ApiError("INVALID_CURSOR", "cursor is not valid: pass the cursor from the previous page's Link header unchanged");
  }
  if (!check(value)) {
    throw new ApiError("INVALID_CURSOR", "cursor is not valid: pass the cursor from the previous page's Link header unchanged");
  }
  return value;
}

/** Sets `Link: <…?…&cursor=…>; rel="next"` keeping the request's other query parameters. */
export function setNextLink(c: Context, cursor: string | undefined): void {
  if (!cursor) return;
  const url = new URL(c.req.url);
  url.searchParams.set("cursor", cursor);
  c.header("Link", `<${url.toString()}>; rel="next"`);
}
