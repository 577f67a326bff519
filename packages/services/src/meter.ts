import { ExpiringMap } from "@winnow/core/expiring-map";
import type { AccountRepository, OAuthClientRepository, RateLimitRepository, RateLimits, WindowCount } from "@winnow/storage";

/** The credential a request was authenticated with: what rate limits and "last used" are counted against. */
export interface Credential {
  kind: "api-key" | "oauth-client";
  id: string;
}

export interface RateDecision {
  allowed: boolean;
  /** The limit that binds now (the one with fewer requests left), per window. */
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the counts restart. */
  resetSeconds: number;
  /** Which limit binds: the credential's own or the account's. */
  binding: "credential" | "account";
}

/** Requests per minute (docs/limits.md); an operator can override both per account through the admin API. */
export const DEFAULT_RATE_LIMITS: RateLimits = { perCredential: 600, perAccount: 1200 };
export const RATE_WINDOW_SECONDS = 60;

export interface MeterOptions {
  defaults?: RateLimits;
  windowSeconds?: number;
  /** How long an account's limits are reused before they are read again (the override's propagation delay). */
  limitsCacheMs?: number;
  /** Minimum time between two "last used" writes for one credential, per process. */
  lastUsedIntervalMs?: number;
  /** Largest reservation one instance takes at a time (1 turns reservations off: one round trip per request). */
  maxLease?: number;
  maxEntries?: number;
}

interface MeterRepos {
  rateLimits: RateLimitRepository;
  accounts: AccountRepository;
  oauthClients: OAuthClientRepository;
}

/**
 * What this instance holds for one credential in the current window: requests reserved in DynamoDB but not served
 * yet, the counts DynamoDB reported when they were reserved, and whether the window is already exhausted.
 */
interface Lease {
  window: number;
  left: number;
  size: number;
  grantedAt: number;
  accountCount: number;
  credentialCount: number;
  refused?: RateDecision["binding"];
  /** The reservation in flight, which concurrent requests wait for instead of starting their own. */
  pending?: Promise<void>;
}

/** A reservation may take at most this share of what is left, so idle instances strand little of the budget. */
const LEASE_SHARE = 16;

/**
 * Admits or refuses each authenticated v1 call against per-credential and per-account limits shared by every
 * instance through DynamoDB (fixed windows, conditional updates: never more than the limit).
 *
 * Cost: at most one DynamoDB round trip per request. A credential calling at a low rate gets exactly that — one
 * conditional update per request. A busy one reserves several requests per update (doubling while reservations are
 * used up within a second, never more than 1/16 of what is left, down to 1 near the limit) and tops the reservation
 * up in the background when half of it is used, so its steady state costs a small fraction of a round trip per
 * request and rarely waits for one. Concurrent requests share one reservation in flight. Once a window is
 * exhausted, refusals are answered locally until it ends. The account's limits come from a short in-process cache;
 * "last used" is written at most once per interval, alongside a counter update rather than after it.
 */
export class UsageMeter {
  readonly defaults: RateLimits;
  readonly windowSeconds: number;
  private readonly repos: MeterRepos;
  private readonly limitsCacheMs: number;
  private readonly lastUsedIntervalMs: number;
  private readonly maxLease: number;
  private readonly maxEntries: number;
  private readonly limits: ExpiringMap<RateLimits>;
  private readonly lastUsed = new Map<string, number>();
  private readonly leases = new Map<string, Lease>();

  constructor(repos: MeterRepos, options: MeterOptions = {}) {
    this.repos = repos;
    this.defaults = options.defaults ?? DEFAULT_RATE_LIMITS;
    this.windowSeconds = options.windowSeconds ?? RATE_WINDOW_SECONDS;
    this.limitsCacheMs = options.limitsCacheMs ?? 30_000;
    this.lastUsedIntervalMs = options.lastUsedIntervalMs ?? 60_000;
    this.maxLease = Math.max(1, options.maxLease ?? 1000);
    this.maxEntries = options.maxEntries ?? 10_000;
    this.limits = new ExpiringMap(this.limitsCacheMs, this.maxEntries);
  }

  async admit(accountId: string, credential: Credential, now: number = Date.now()): Promise<RateDecision> {
    const limits = await this.limitsFor(accountId, now);
    const window = Math.floor(now / 1000 / this.windowSeconds) * this.windowSeconds;
    const resetSeconds = Math.max(1, Math.ceil(((window + this.windowSeconds) * 1000 - now) / 1000));
    const key = `${accountId}\n${credential.id}`;
    let lease = this.leases.get(key);
    if (!lease || lease.window !== window) {
      lease = { window, left: 0, size: lease?.size ?? 1, grantedAt: lease?.grantedAt ?? 0, accountCount: 0, credentialCount: 0 };
      this.remember(this.leases, key, lease);
    }
    const current = lease;
    const reserve = () =>
      (current.pending ??= this.reserve(current, accountId, credential, limits, now).finally(() => {
        current.pending = undefined;
      }));
    // Each pass serves from the lease, refuses, or waits for one reservation (ours or a concurrent request's).
    for (let pass = 0; pass < 4; pass++) {
      if (current.left > 0) {
        current.left--;
        // Top up in the background once half is used, so a busy credential rarely waits for a round trip.
        if (current.size > 1 && current.left <= current.size / 2 && !current.refused) void reserve().catch(() => undefined);
        return admitted(current, limits, resetSeconds);
      }
      if (current.refused) return refusal(current.refused, limits, resetSeconds);
      await reserve();
    }
    // Heavy contention for one lease: count this request on its own.
    const count = await this.repos.rateLimits.consume(accountId, credential.id, limits, this.windowSeconds, now, 1);
    if (!count.allowed) return refusal(count.credentialCount >= limits.perCredential ? "credential" : "account", limits, resetSeconds);
    return admitted({ ...current, left: 0, accountCount: count.accountCount, credentialCount: count.credentialCount }, limits, resetSeconds);
  }

  /** One conditional update reserving the next lease (and, at most once per interval, "last used" alongside it). */
  private async reserve(lease: Lease, accountId: string, credential: Credential, limits: RateLimits, now: number): Promise<void> {
    const units = this.nextLeaseSize(lease, limits, now);
    const [first] = await Promise.all([
      this.repos.rateLimits.consume(accountId, credential.id, limits, this.windowSeconds, now, units),
      this.recordUse(accountId, credential, now),
    ]);
    let count: WindowCount = first;
    let granted = units;
    if (!count.allowed && units > 1) {
      // Others took part of the budget since our last look: ask for what is still there, if anything.
      const room = Math.min(limits.perCredential - count.credentialCount, limits.perAccount - count.accountCount);
      if (room >= 1) {
        granted = Math.min(room, units);
        count = await this.repos.rateLimits.consume(accountId, credential.id, limits, this.windowSeconds, now, granted);
      }
    }
    if (!count.allowed) {
      lease.refused = count.credentialCount >= limits.perCredential ? "credential" : "account";
      lease.size = 1;
      return;
    }
    lease.left += granted;
    lease.size = granted;
    lease.grantedAt = now;
    lease.accountCount = Math.max(lease.accountCount, count.accountCount);
    lease.credentialCount = Math.max(lease.credentialCount, count.credentialCount);
  }

  /** The defaults with the account's override applied, cached for `limitsCacheMs`. */
  async limitsFor(accountId: string, now: number = Date.now()): Promise<RateLimits> {
    const hit = this.limits.get(accountId, now);
    if (hit) return hit;
    const override = await this.repos.rateLimits.override(accountId);
    const limits = { ...this.defaults, ...override };
    this.limits.set(accountId, limits, now);
    return limits;
  }

  /** Drops what this process cached about an account's limits (the process that changed them applies the change at once). */
  forgetLimits(accountId: string): void {
    this.limits.delete(accountId);
    for (const key of this.leases.keys()) if (key.startsWith(`${accountId}\n`)) this.leases.delete(key);
  }

  /** Writes "last used" unless this process wrote it for the credential within the interval; never fails the call. */
  async recordUse(accountId: string, credential: Credential, now: number = Date.now()): Promise<void> {
    const key = `${credential.kind}:${credential.id}`;
    const last = this.lastUsed.get(key);
    if (last !== undefined && now - last < this.lastUsedIntervalMs) return;
    this.remember(this.lastUsed, key, now);
    const at = new Date(now);
    try {
      if (credential.kind === "api-key") await this.repos.accounts.touchApiKey(accountId, credential.id, at, this.lastUsedIntervalMs);
      else await this.repos.oauthClients.touch(accountId, credential.id, at, this.lastUsedIntervalMs);
    } catch (err) {
      this.lastUsed.delete(key);
      console.warn(JSON.stringify({ level: "warn", message: "could not record credential use", kind: credential.kind, credentialId: credential.id, error: (err as Error).name }));
    }
  }

  /** Doubles while reservations are used up within a second, shrinks when they last longer; bounded by what is left. */
  private nextLeaseSize(lease: Lease, limits: RateLimits, now: number): number {
    let size = lease.size;
    if (lease.grantedAt && now - lease.grantedAt < 1000) size *= 2;
    else if (!lease.grantedAt || now - lease.grantedAt > 2000) size = Math.max(1, Math.floor(size / 2));
    const room = Math.min(limits.perCredential - lease.credentialCount, limits.perAccount - lease.accountCount);
    return Math.max(1, Math.min(size, this.maxLease, Math.floor(room / LEASE_SHARE)));
  }

  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    if (!map.has(key) && map.size >= this.maxEntries) map.delete(map.keys().next().value!);
    map.set(key, value);
  }
}

/**
 * What is left as seen from this instance: the budget DynamoDB reported at the last reservation plus the reserved
 * requests not served yet. Other instances may have used some since, so it can run ahead of the shared count.
 */
function admitted(lease: Lease, limits: RateLimits, resetSeconds: number): RateDecision {
  const credentialLeft = limits.perCredential - lease.credentialCount + lease.left;
  const accountLeft = limits.perAccount - lease.accountCount + lease.left;
  return credentialLeft <= accountLeft
    ? { allowed: true, limit: limits.perCredential, remaining: Math.max(0, credentialLeft), resetSeconds, binding: "credential" }
    : { allowed: true, limit: limits.perAccount, remaining: Math.max(0, accountLeft), resetSeconds, binding: "account" };
}

const refusal = (binding: RateDecision["binding"], limits: RateLimits, resetSeconds: number): RateDecision => ({
  allowed: false,
  limit: binding === "credential" ? limits.perCredential : limits.perAccount,
  remaining: 0,
  resetSeconds,
  binding,
});
