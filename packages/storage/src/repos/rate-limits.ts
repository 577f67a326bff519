import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Store } from "../store.ts";
import { isConditionalCheckFailed } from "../secrets.ts";

/** Requests allowed per window: for one credential (API key or OAuth client), and for the whole account. */
export interface RateLimits {
  perCredential: number;
  perAccount: number;
}

export interface WindowCount {
  allowed: boolean;
  /** Counts after this request when allowed; the counts that refused it otherwise. */
  accountCount: number;
  credentialCount: number;
  /** End of the fixed window (epoch ms): when the counts start again from zero. */
  resetAtMs: number;
}

export interface ThrottleCount {
  allowed: boolean;
  count: number;
  resetAtMs: number;
}

/** Counter items outlive their window a little so a late reader still sees them; TTL then removes them. */
const GRACE_SECONDS = 60;

const windowOf = (nowMs: number, windowSeconds: number) => {
  const start = Math.floor(nowMs / 1000 / windowSeconds) * windowSeconds;
  return { start, resetAtMs: (start + windowSeconds) * 1000, expiresAt: start + windowSeconds + GRACE_SECONDS };
};

/** A counter from a document-client result (number) or from an exception's raw item (`{ N: "12" }`). */
const num = (v: unknown): number => {
  if (typeof v === "number") return v;
  const raw = (v as { N?: unknown } | undefined)?.N;
  return typeof raw === "string" ? Number(raw) : 0;
};

/**
 * Fixed-window counters kept in DynamoDB so that every Lambda instance shares them. Each decision is one UpdateItem
 * whose condition refuses the increment when a limit is reached: the check and the increment are atomic, so the limit
 * holds exactly however many instances count at once, and refused requests do not consume budget.
 */
export class RateLimitRepository {
  private readonly store: Store;
  constructor(store: Store) {
    this.store = store;
  }

  /**
   * Counts `units` requests of a credential against its own limit and its account's limit, all or nothing. Both
   * counters live in one item per account and window (`a` for the account, one attribute per credential), so a
   * single conditional update checks and increments both. Reserving several units at once lets a busy instance
   * answer the next requests without a round trip; the reservation can never take the counts past a limit.
   */
  async consume(accountId: string, credentialId: string, limits: RateLimits, windowSeconds: number, nowMs: number, units = 1): Promise<WindowCount> {
    if (!Number.isInteger(units) || units < 1 || units > Math.min(limits.perAccount, limits.perCredential)) {
      throw new RangeError(`cannot reserve ${units} requests under limits ${limits.perCredential}/${limits.perAccount}`);
    }
    const w = windowOf(nowMs, windowSeconds);
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: { pk: `RATE#${accountId}`, sk: `W#${w.start}` },
          UpdateExpression: "SET expiresAt = if_not_exists(expiresAt, :exp) ADD a :n, #c :n",
          ConditionExpression: "(attribute_not_exists(a) OR a <= :amax) AND (attribute_not_exists(#c) OR #c <= :cmax)",
          ExpressionAttributeNames: { "#c": `c_${credentialId}` },
          ExpressionAttributeValues: { ":n": units, ":exp": w.expiresAt, ":amax": limits.perAccount - units, ":cmax": limits.perCredential - units },
          ReturnValues: "UPDATED_NEW",
          ReturnValuesOnConditionCheckFailure: "ALL_OLD",
        }),
      );
      return { allowed: true, accountCount: num(Attributes?.a), credentialCount: num(Attributes?.[`c_${credentialId}`]), resetAtMs: w.resetAtMs };
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
      const old = (err as { Item?: Record<string, unknown> }).Item;
      return {
        allowed: false,
        // Without the old item (older DynamoDB Local builds) the refusal itself says a limit was reached.
        accountCount: old ? num(old.a) : limits.perAccount,
        credentialCount: old ? num(old[`c_${credentialId}`]) : limits.perCredential,
        resetAtMs: w.resetAtMs,
      };
    }
  }

  /** Counts one attempt in a named bucket (sign-in per email, per address); refused once `limit` is reached. */
  async hit(bucket: string, limit: number, windowSeconds: number, nowMs: number): Promise<ThrottleCount> {
    const w = windowOf(nowMs, windowSeconds);
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: { pk: `THROTTLE#${bucket}`, sk: `W#${windowSeconds}#${w.start}` },
          UpdateExpression: "SET expiresAt = if_not_exists(expiresAt, :exp) ADD n :one",
          ConditionExpression: "attribute_not_exists(n) OR n < :limit",
          ExpressionAttributeValues: { ":one": 1, ":exp": w.expiresAt, ":limit": limit },
          ReturnValues: "UPDATED_NEW",
        }),
      );
      return { allowed: true, count: num(Attributes?.n), resetAtMs: w.resetAtMs };
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
      return { allowed: false, count: limit, resetAtMs: w.resetAtMs };
    }
  }

  /** Forgets a bucket's current window (a successful sign-in clears the failures counted for that email). */
  async clear(bucket: string, windowSeconds: number, nowMs: number): Promise<void> {
    const w = windowOf(nowMs, windowSeconds);
    await this.store.doc.send(new DeleteCommand({ TableName: this.store.table, Key: { pk: `THROTTLE#${bucket}`, sk: `W#${windowSeconds}#${w.start}` } }));
  }

  /** The account's own limits, if an operator set any (fields left out use the defaults). */
  async override(accountId: string): Promise<Partial<RateLimits> | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: { pk: `ACCOUNT#${accountId}`, sk: "#RATELIMITS" } }),
    );
    if (!Item) return undefined;
    return {
      ...(typeof Item.perCredential === "number" ? { perCredential: Item.perCredential } : {}),
      ...(typeof Item.perAccount === "number" ? { perAccount: Item.perAccount } : {}),
    };
  }

  /** Sets (or, with undefined, removes) the account's own limits. */
  async setOverride(accountId: string, limits: Partial<RateLimits> | undefined): Promise<void> {
    const Key = { pk: `ACCOUNT#${accountId}`, sk: "#RATELIMITS" };
    if (!limits || (limits.perAccount === undefined && limits.perCredential === undefined)) {
      await this.store.doc.send(new DeleteCommand({ TableName: this.store.table, Key }));
      return;
    }
    await this.store.doc.send(
      new PutCommand({ TableName: this.store.table, Item: { ...Key, type: "rate-limits", ...limits, updatedAt: new Date().toISOString() } }),
    );
  }
}
