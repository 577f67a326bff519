import { createHash } from "node:crypto";
import { normalizeEmail, type RateLimitRepository, type UserRecord, type UserRepository } from "@winnow/storage";
import { DEFAULT_SCRYPT_COST, burnPasswordCheck, hashPassword, passwordProblem, verifyPassword, type ScryptCost } from "./passwords.ts";

/**
 * Sign-in throttling (docs/limits.md): attempts per client address, and attempts per email since its last successful
 * sign-in, each in a fixed window. Counting happens before the password is checked, so a burst of parallel guesses
 * cannot slip past the limit.
 */
export interface SignInLimits {
  perEmail: number;
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perEmail: 5, perAddress: 30, windowSeconds: 15 * 60 };

/** How long an invitation link works. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

/** The dashboard page an invitation token opens; `base` is the service's origin. */
export const invitationUrl = (base: string, token: string): string => `${base.replace(/\/+$/, "")}/dashboard/invite?token=${encodeURIComponent(token)}`;

export type SignInOutcome =
  | { ok: true; user: UserRecord }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

export type AcceptOutcome = { ok: true; user: UserRecord } | { ok: false; problem: string };

/** Bucket names hold a digest, not the email, so counters and their keys carry no personal data. */
const emailBucket = (email: string) => `signin-email:${createHash("sha256").update(normalizeEmail(email)).digest("hex")}`;
const addressBucket = (address: string) => `signin-addr:${address.slice(0, 64)}`;

export class SignInService {
  private readonly users: UserRepository;
  private readonly counters: RateLimitRepository;
  readonly limits: SignInLimits;
  private readonly cost: ScryptCost;

  constructor(users: UserRepository, counters: RateLimitRepository, options: { limits?: SignInLimits; cost?: ScryptCost } = {}) {
    this.users = users;
    this.counters = counters;
    this.limits = options.limits ?? DEFAULT_SIGN_IN_LIMITS;
    this.cost = options.cost ?? DEFAULT_SCRYPT_COST;
  }

  /** Unknown email, invited-only user and wrong password are one outcome, in about the same time. */
  async signIn(email: string, password: string, address: string, now: number = Date.now()): Promise<SignInOutcome> {
    const { windowSeconds } = this.limits;
    const byAddress = await this.counters.hit(addressBucket(address), this.limits.perAddress, windowSeconds, now);
    if (!byAddress.allowed) return throttled(byAddress.resetAtMs, now);
    const byEmail = await this.counters.hit(emailBucket(email), this.limits.perEmail, windowSeconds, now);
    if (!byEmail.allowed) return throttled(byEmail.resetAtMs, now);

    const found = await this.users.credentialsOf(email);
    const valid =
      found?.passwordHash && found.user.status === "active"
        ? await verifyPassword(password, found.passwordHash)
        : await burnPasswordCheck(password, this.cost);
    if (!valid || !found) return { ok: false, reason: "invalid" };

    await Promise.all([
      this.counters.clear(emailBucket(email), windowSeconds, now),
      this.users.recordSignIn(found.user.accountId, found.user.id, new Date(now)),
    ]);
    return { ok: true, user: found.user };
  }

  /** Sets the first password of an invited user; the invitation link works once. */
  async acceptInvitation(token: string, password: string, now: Date = new Date()): Promise<AcceptOutcome> {
    const pending = await this.users.pendingInvitation(token, now);
    if (!pending) return { ok: false, problem: "This invitation link is not valid any more: ask for a new one." };
    const problem = passwordProblem(password, pending.email);
    if (problem) return { ok: false, problem };
    const user = await this.users.acceptInvitation(token, await hashPassword(password, this.cost), now);
    if (!user) return { ok: false, problem: "This invitation link is not valid any more: ask for a new one." };
    return { ok: true, user };
  }
}

const throttled = (resetAtMs: number, now: number): SignInOutcome => ({
  ok: false,
  reason: "throttled",
  retryAfterSeconds: Math.max(1, Math.ceil((resetAtMs - now) / 1000)),
});
