import pLimit, { type LimitFunction } from "p-limit";
import pRetry from "p-retry";
import { parseWait } from "@winnow/core/upstream";
import { AtsApiError } from "./errors.ts";

export interface HttpPolicy {
  /** Deadline of one attempt, response body included. */
  timeoutMs: number;
  /** Retries after the first attempt, for failures that allow one. */
  retries: number;
  minBackoffMs: number;
  maxBackoffMs: number;
  /** Longest server-requested wait (Retry-After, rate-limit reset) sat out in-process; longer ones go back to the queue. */
  maxRetryAfterMs: number;
  /** Requests in flight at once per connection. */
  concurrency: number;
  /** Client-side pacing per connection (Lever documents 10 req/s and sends no rate-limit headers); 0 = none. */
  requestsPerSecond: number;
  /** Largest response body accepted (resume downloads). */
  maxBytes: number;
}

export const DEFAULT_HTTP_POLICY: HttpPolicy = {
  timeoutMs: 15_000,
  retries: 4,
  minBackoffMs: 500,
  maxBackoffMs: 10_000,
  maxRetryAfterMs: 30_000,
  concurrency: 4,
  requestsPerSecond: 8,
  maxBytes: 12 * 1024 * 1024,
};

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  /** An `application/x-www-form-urlencoded` body (OAuth token requests); exclusive with `json`. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /**
   * Whether repeating the request is harmless. Reads and set-value writes are; creating a note is not, so after a
   * timeout or a 5xx (the note may exist) it is not repeated here — the worker looks for it before trying again.
   */
  idempotent: boolean;
  /** Statuses handed back instead of thrown (e.g. 404, which means "not ready yet" right after a webhook). */
  accept?: number[];
  as?: "json" | "bytes";
}

export interface HttpResult<T> {
  status: number;
  headers: Headers;
  body: T;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * HTTP for one provider connection: every attempt has a deadline; 429, 5xx, timeouts and network errors are
 * retried with exponential backoff and jitter (p-retry), waiting at least what Retry-After / X-RateLimit-Reset ask;
 * a connection keeps at most `concurrency` requests in flight (p-limit) and paces them to `requestsPerSecond`, and
 * a rate-limit signal from any response pauses all of the connection's requests until the reset.
 */
export class AtsHttp {
  readonly baseUrl: string;
  readonly policy: HttpPolicy;
  readonly stats = { requests: 0, retries: 0, throttled: 0 };
  private readonly headers: Record<string, string>;
  private readonly label: string;
  private readonly limit: LimitFunction;
  private nextSlot = 0;
  private pausedUntil = 0;

  constructor(options: { baseUrl: string; headers: Record<string, string>; policy?: Partial<HttpPolicy>; label: string }) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.headers = options.headers;
    this.policy = { ...DEFAULT_HTTP_POLICY, ...options.policy };
    this.label = options.label;
    this.limit = pLimit(this.policy.concurrency);
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions): Promise<HttpResult<T>> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const what = `${this.label} ${method} ${url.pathname}`;
    return pRetry(() => this.limit(() => this.attempt<T>(method, url, what, options)), {
      retries: this.policy.retries,
      minTimeout: this.policy.minBackoffMs,
      maxTimeout: this.policy.maxBackoffMs,
      factor: 2,
      randomize: true,
      shouldRetry: ({ error }) => {
        if (!(error instanceof AtsApiError) || !error.retryable) return false;
        if ((error.retryAfterMs ?? 0) > this.policy.maxRetryAfterMs) return false;
        // A non-idempotent request is repeated only when the provider certainly did not act on it.
        return options.idempotent || error.status === 429 || (error.cause as { notSent?: boolean } | undefined)?.notSent === true;
      },
      onFailedAttempt: async ({ error, retriesLeft, retryDelay }) => {
        if (!(error instanceof AtsApiError) || !error.retryable || retriesLeft === 0) return;
        this.stats.retries++;
        const wait = error.retryAfterMs ?? 0;
        if (wait > retryDelay && wait <= this.policy.maxRetryAfterMs) await sleep(wait - retryDelay);
      },
    });
  }

  /** Waits for a slot: the pacing interval and any rate-limit pause. */
  private async throttle(): Promise<void> {
    const now = Date.now();
    const interval = this.policy.requestsPerSecond > 0 ? 1000 / this.policy.requestsPerSecond : 0;
    const at = Math.max(now, this.nextSlot, this.pausedUntil);
    this.nextSlot = at + interval;
    if (at > now) {
      this.stats.throttled++;
      await sleep(at - now);
    }
  }

  private noteRateLimit(headers: Headers, status: number): number | undefined {
    const retryAfter = parseWait(headers.get("retry-after")) ?? (status === 429 ? parseWait(headers.get("x-ratelimit-reset")) : undefined);
    const exhausted = headers.get("x-ratelimit-remaining")?.trim() === "0" ? parseWait(headers.get("x-ratelimit-reset")) : undefined;
    const wait = retryAfter ?? exhausted;
    if (wait !== undefined) this.pausedUntil = Math.max(this.pausedUntil, Date.now() + Math.min(wait, this.policy.maxRetryAfterMs));
    return retryAfter;
  }

  private async attempt<T>(method: string, url: URL, what: string, options: RequestOptions): Promise<HttpResult<T>> {
    await this.throttle();
    this.stats.requests++;
    const signal = AbortSignal.timeout(this.policy.timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        signal,
        // Redirects are handed to the caller (a download may point to storage that must not get our credentials).
        redirect: "manual",
        headers: {
          accept: "application/json",
          ...this.headers,
          ...(options.json !== undefined ? { "content-type": "application/json" } : {}),
          ...(options.form !== undefined ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          ...options.headers,
        },
        ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
        ...(options.form !== undefined ? { body: new URLSearchParams(options.form).toString() } : {}),
      });
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code;
      const detail = signal.aborted ? `timed out after ${this.policy.timeoutMs} ms` : `${(err as Error).message}${code ? ` (${code})` : ""}`;
      throw new AtsApiError(`${what}: ${detail}`, { retryable: true, cause: { notSent: !signal.aborted && code !== undefined && NOT_SENT.has(code), error: err } });
    }
    const retryAfterMs = this.noteRateLimit(res.headers, res.status);
    let bytes: Uint8Array;
    try {
      bytes = await readCapped(res, this.policy.maxBytes);
    } catch (err) {
      const detail = signal.aborted ? `timed out after ${this.policy.timeoutMs} ms reading the response` : (err as Error).message;
      throw new AtsApiError(`${what}: ${detail}`, { status: res.status, retryable: !(err instanceof TooLarge), cause: err });
    }
    if (options.accept?.includes(res.status) || (res.status >= 200 && res.status < 300)) {
      if (options.as === "bytes") return { status: res.status, headers: res.headers, body: bytes as T };
      const text = Buffer.from(bytes).toString("utf8");
      try {
        return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
      } catch (err) {
        // A 2xx that is not JSON is a proxy or truncation hiccup more often than a real answer.
        throw new AtsApiError(`${what}: HTTP ${res.status} with a body that is not JSON`, { status: res.status, retryable: true, cause: err });
      }
    }
    const snippet = Buffer.from(bytes.subarray(0, 300)).toString("utf8").replace(/\s+/g, " ");
    const retryable = res.status === 429 || res.status >= 500 || res.status === 408;
    throw new AtsApiError(`${what}: HTTP ${res.status}${snippet ? ` ${snippet}` : ""}`, {
      status: res.status,
      retryable,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }
}

class TooLarge extends Error {}

async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new TooLarge(`response is larger than ${maxBytes} bytes`);
  }
  if (!res.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > maxBytes) throw new TooLarge(`response is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** `Authorization: Basic base64("<key>:")`, the scheme of all three providers' API keys. */
export const basicAuth = (apiKey: string) => `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`;
