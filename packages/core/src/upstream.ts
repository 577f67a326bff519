/**
 * A failed call to another service (an ATS, the ESCO API). `retryable`: the same call may succeed later (429, 5xx,
 * timeouts, dropped connections, truncated or garbled bodies); `retryAfterMs`: how long the service asked us to wait,
 * when it said.
 */
export class UpstreamError extends Error {
  readonly status: number | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: { status?: number; retryable: boolean; retryAfterMs?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "UpstreamError";
    this.status = options.status;
    this.retryable = options.retryable;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Retry-After or X-RateLimit-Reset as a wait in ms: delta seconds, epoch seconds or an HTTP date. */
export function parseWait(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(v)) {
    const n = Number(v);
    // Greenhouse's X-RateLimit-Reset is a timestamp; Retry-After is seconds. Anything past 2001 is an epoch.
    return n > 1_000_000_000 ? Math.max(0, n * 1000 - now) : Math.round(n * 1000);
  }
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
