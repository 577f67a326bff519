import pRetry, { AbortError } from "p-retry";
import { UpstreamError, parseWait } from "@winnow/core/upstream";
import {
  conceptLabelOf,
  occupationOf,
  searchPageOf,
  skillOf,
  type EscoResourceJson,
  type EscoSearchJson,
  type FetchedOccupation,
  type FetchedSkill,
} from "./resources.ts";

export const DEFAULT_ESCO_API_URL = "https://ec.europa.eu/esco/api";

/** Base URL of the ESCO web service: WINNOW_ESCO_API_URL, else the public one. */
export const escoApiUrlFrom = (env: NodeJS.ProcessEnv = process.env): string => env.WINNOW_ESCO_API_URL || DEFAULT_ESCO_API_URL;

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  minTimeoutMs: number;
  maxTimeoutMs: number;
  /** Longest Retry-After honoured; a longer one is waited this long, then the retry budget decides. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 6, minTimeoutMs: 500, maxTimeoutMs: 30_000, maxRetryAfterMs: 60_000 };

export interface EscoApiClientOptions {
  baseUrl: string;
  language?: string;
  /** ESCO version to read (`selectedVersion`); upstream's default when unset. */
  selectedVersion?: string;
  retry?: Partial<RetryPolicy>;
  requestTimeoutMs?: number;
  signal?: AbortSignal;
  /** Called for every failed attempt that will be retried. */
  onRetry?: (info: { url: string; attempt: number; error: Error; delayMs: number }) => void;
}

/** A failed call to the ESCO API (see UpstreamError for `retryable` and `retryAfterMs`). */
export class EscoApiError extends UpstreamError {
  override readonly name = "EscoApiError";
}

/**
 * fetch's refusals that no retry can change: a URL it cannot parse, a scheme it does not speak, a port it blocks
 * (WHATWG "bad port"). A configured base URL like that fails the sync at once instead of after minutes of backoff.
 */
function unreachableByDesign(err: unknown): boolean {
  if (!(err instanceof TypeError)) return false;
  const cause = (err as TypeError & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code === "ERR_INVALID_URL" || /^(?:bad port|unknown scheme|not implemented)/.test(cause?.message ?? "");
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/**
 * Client of the ESCO web service's search and resource endpoints. Every request is retried with exponential
 * backoff and jitter (p-retry) on 429, 5xx, timeouts and connection errors; a 429's Retry-After is waited out.
 * 404 on a resource means "gone" (undefined), other 4xx fail at once.
 */
export class EscoApiClient {
  readonly baseUrl: string;
  readonly language: string;
  readonly stats = { requests: 0, retries: 0 };
  private readonly options: EscoApiClientOptions;
  private readonly retry: RetryPolicy;

  constructor(options: EscoApiClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.language = options.language ?? "en";
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
  }

  private url(path: string, params: Record<string, string | number>): string {
    const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), language: this.language });
    if (this.options.selectedVersion) query.set("selectedVersion", this.options.selectedVersion);
    return `${this.baseUrl}${path}?${query}`;
  }

  private async attempt<T>(url: string): Promise<T | undefined> {
    const outer = this.options.signal;
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs ?? 30_000);
    const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
    this.stats.requests++;
    let res: Response;
    let body: string;
    try {
      res = await fetch(url, { headers: { accept: "application/json, application/hal+json" }, signal });
      body = await res.text();
    } catch (err) {
      if (outer?.aborted) throw new AbortError(outer.reason instanceof Error ? outer.reason : new Error("aborted"));
      const cause = (err as Error & { cause?: Error }).cause;
      const detail = timeout.aborted ? "timed out" : `${(err as Error).message}${cause?.message ? ` (${cause.message})` : ""}`;
      if (!timeout.aborted && unreachableByDesign(err)) throw new AbortError(new EscoApiError(`GET ${url}: ${detail}`, { retryable: false, cause: err }));
      throw new EscoApiError(`GET ${url}: ${detail}`, { retryable: true, cause: err });
    }
    if (res.status === 404) return undefined;
    if (res.status === 429 || res.status >= 500) {
      throw new EscoApiError(`GET ${url}: HTTP ${res.status}`, {
        status: res.status,
        retryable: true,
        retryAfterMs: parseWait(res.headers.get("retry-after")),
      });
    }
    if (!res.ok) throw new AbortError(new EscoApiError(`GET ${url}: HTTP ${res.status}`, { status: res.status, retryable: false }));
    try {
      return JSON.parse(body) as T;
    } catch (err) {
      // A 200 with a body that is not JSON is a proxy or truncation hiccup more often than a real answer.
      throw new EscoApiError(`GET ${url}: response is not JSON`, { status: res.status, retryable: true, cause: err });
    }
  }

  /** GET a JSON document with retries; undefined on 404. */
  async getJson<T>(path: string, params: Record<string, string | number>): Promise<T | undefined> {
    const url = this.url(path, params);
    return pRetry(() => this.attempt<T>(url), {
      retries: this.retry.retries,
      minTimeout: this.retry.minTimeoutMs,
      maxTimeout: this.retry.maxTimeoutMs,
      factor: 2,
      randomize: true,
      signal: this.options.signal,
      shouldRetry: ({ error }) => error instanceof EscoApiError && error.retryable,
      onFailedAttempt: async ({ error, attemptNumber, retriesLeft, retryDelay }) => {
        if (!(error instanceof EscoApiError) || !error.retryable || retriesLeft === 0) return;
        this.stats.retries++;
        const wait = Math.min(error.retryAfterMs ?? 0, this.retry.maxRetryAfterMs);
        this.options.onRetry?.({ url, attempt: attemptNumber, error, delayMs: Math.max(wait, retryDelay) });
        // p-retry waits `retryDelay` after this callback; top it up to the server's Retry-After.
        if (wait > retryDelay) await sleep(wait - retryDelay, this.options.signal);
      },
    });
  }

  async search(type: "occupation" | "skill", offset: number, limit: number): Promise<{ total: number; uris: string[] }> {
    const json = await this.getJson<EscoSearchJson>("/search", { type, limit, offset });
    if (!json) throw new EscoApiError(`search for ${type} answered 404`, { status: 404, retryable: false });
    return searchPageOf(json);
  }

  async occupation(uri: string): Promise<FetchedOccupation | undefined> {
    const json = await this.getJson<EscoResourceJson>("/resource/occupation", { uri });
    // Keyed by the URI asked for, which is the one the listing gave.
    return json && occupationOf({ ...json, uri }, this.language);
  }

  async skill(uri: string): Promise<FetchedSkill | undefined> {
    const json = await this.getJson<EscoResourceJson>("/resource/skill", { uri });
    return json && skillOf({ ...json, uri }, this.language);
  }

  /** Preferred label of a concept (used for ISCO groups). */
  async conceptLabel(uri: string): Promise<string | undefined> {
    const json = await this.getJson<EscoResourceJson>("/resource/concept", { uri });
    return json ? conceptLabelOf(json, this.language) || undefined : undefined;
  }
}
