import { AtsApiError, PermanentError } from "../errors.ts";
import { AtsHttp, type HttpPolicy } from "../http.ts";
import { str } from "./common.ts";

export const GREENHOUSE_TOKEN_URL = "https://auth.greenhouse.io/token";

/**
 * Where a connection gets its Harvest v3 tokens. The public API's is documented; for another `base_url` (an EU or
 * sandbox host, a fake server) the authorisation server is assumed to be `auth.<domain>` beside `harvest.<domain>`,
 * or the same origin when the host is not named `harvest.*` — an assumption, kept here only.
 */
export function harvestTokenUrl(baseUrl: string | undefined): string {
  if (!baseUrl) return GREENHOUSE_TOKEN_URL;
  const url = new URL(baseUrl);
  if (url.hostname.startsWith("harvest.")) return `${url.protocol}//auth.${url.hostname.slice("harvest.".length)}${url.port ? `:${url.port}` : ""}/token`;
  return `${url.origin}/token`;
}

/** Tokens are renewed this long before they expire (at most half their lifetime), so no call races the expiry. */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** Lifetime assumed when the token response omits `expires_in` (Greenhouse documents 1 h for partner tokens). */
const DEFAULT_TTL_S = 3600;

export interface TokenSourceOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Greenhouse user id the token acts as (`sub`): replaces v1's On-Behalf-Of. */
  subject: string;
  policy?: Partial<HttpPolicy>;
  now?: () => number;
}

/**
 * OAuth2 client-credentials tokens for one Harvest v3 connection: fetched on first use, shared by concurrent calls
 * (one request in flight), renewed before expiry and dropped on a 401. The token and the client secret stay in this
 * object: they are never logged, thrown or returned to anything but the Authorization header.
 */
export class HarvestTokenSource {
  readonly stats = { issued: 0 };
  private readonly options: TokenSourceOptions;
  private readonly http: AtsHttp;
  private readonly path: string;
  private readonly now: () => number;
  private current: { token: string; refreshAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(options: TokenSourceOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    const url = new URL(options.tokenUrl);
    this.http = new AtsHttp({
      baseUrl: url.origin,
      headers: { authorization: `Basic ${Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`).toString("base64")}` },
      policy: { requestsPerSecond: 0, ...options.policy },
      label: "greenhouse-auth",
    });
    this.path = url.pathname;
  }

  async get(): Promise<string> {
    if (this.current && this.now() < this.current.refreshAt) return this.current.token;
    this.pending ??= this.fetch().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forgets `token` after the API refused it (revoked, or expired earlier than announced). */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private async fetch(): Promise<string> {
    let res;
    try {
      res = await this.http.request<Record<string, unknown>>("POST", this.path, {
        // Asking twice for a token is harmless: any answer may be retried.
        idempotent: true,
        form: { grant_type: "client_credentials", sub: this.options.subject },
      });
    } catch (err) {
      // 400/401/403 from the authorisation server: wrong client id/secret or subject; no retry fixes that.
      if (err instanceof AtsApiError && !err.retryable) throw new PermanentError(`Greenhouse refused the OAuth client credentials (HTTP ${err.status}); check the connection's client id, secret and acting user`);
      throw err;
    }
    const token = str(res.body?.access_token);
    if (!token) throw new AtsApiError("greenhouse-auth: the token response has no access_token", { status: res.status, retryable: true });
    const ttlMs = (typeof res.body.expires_in === "number" && res.body.expires_in > 0 ? res.body.expires_in : DEFAULT_TTL_S) * 1000;
    this.current = { token, refreshAt: this.now() + ttlMs - Math.min(REFRESH_MARGIN_MS, ttlMs / 2) };
    this.stats.issued++;
    return token;
  }
}
