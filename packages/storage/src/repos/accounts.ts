import { randomUUID } from "node:crypto";
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ExpiringMap } from "@winnow/core/expiring-map";
import { queryByPrefix } from "../query.ts";
import { DEFAULT_RETENTION_DAYS, expiresAtFor, isExpired } from "../retention.ts";
import { isConditionalCheckFailed, randomBase62, sha256Hex } from "../secrets.ts";
import { revokeCredential } from "../revoke.ts";
import type { Store } from "../store.ts";

export const SCOPES = ["taxonomy:read", "matches:read", "matches:write"] as const;
export type Scope = (typeof SCOPES)[number];

export interface Account {
  id: string;
  name: string;
  createdAt: string;
  /** How long candidate data is kept, in days; absent means DEFAULT_RETENTION_DAYS. */
  retentionDays?: number;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  prefix: string;
  scopes: Scope[];
  createdAt: string;
  revokedAt?: string;
  /** Recorded at most about once a minute per key, so it is a recent time rather than the exact last call. */
  lastUsedAt?: string;
}

/** What authentication needs about a presented key: one GetItem by hash. */
export interface KeyPrincipal {
  accountId: string;
  keyId: string;
  scopes: Scope[];
}

/** A transaction step that cancels the transaction unless the account exists (keys, clients, users belong to one). */
export const accountMustExist = (table: string, accountId: string) => ({
  ConditionCheck: { TableName: table, Key: { pk: `ACCOUNT#${accountId}`, sk: "#META" }, ConditionExpression: "attribute_exists(pk)" },
});

const KEY_PREFIX = "wnw_";

/** 32 random base62 characters (~190 bits) after a recognisable prefix, so leaked keys are easy to scan for. */
export const generateApiKey = (): string => KEY_PREFIX + randomBase62(32);

export const hashApiKey = sha256Hex;

/** Short display prefix stored with the key, enough to recognise it in a list (never enough to use it). */
export const displayPrefix = (key: string): string => key.slice(0, KEY_PREFIX.length + 6);

export class AccountRepository {
  private readonly store: Store;
  private readonly retention: ExpiringMap<number>;
  /**
   * `retentionCacheMs`: how long `retentionDays` answers from memory. Every screening reads it, and it rarely
   * changes: a change made through this repository applies at once, one made by another process within that time.
   */
  constructor(store: Store, options: { retentionCacheMs?: number } = {}) {
    this.store = store;
    this.retention = new ExpiringMap(options.retentionCacheMs ?? 30_000);
  }

  async create(name: string, id: string = randomUUID()): Promise<Account> {
    const account = { id, name, createdAt: new Date().toISOString() };
    await this.store.doc.send(
      new PutCommand({
        TableName: this.store.table,
        Item: { pk: `ACCOUNT#${id}`, sk: "#META", type: "account", ...account },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
    return account;
  }

  async get(id: string): Promise<Account | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: { pk: `ACCOUNT#${id}`, sk: "#META" } }),
    );
    if (!Item) return undefined;
    return { id: Item.id, name: Item.name, createdAt: Item.createdAt, ...(typeof Item.retentionDays === "number" ? { retentionDays: Item.retentionDays } : {}) };
  }

  /**
   * The account's retention in days (the default when none was set); undefined when the account does not exist.
   * Cached for `retentionCacheMs` (see the constructor).
   */
  async retentionDays(id: string, now = Date.now()): Promise<number | undefined> {
    const cached = this.retention.get(id, now);
    if (cached !== undefined) return cached;
    const account = await this.get(id);
    if (!account) return undefined;
    const days = account.retentionDays ?? DEFAULT_RETENTION_DAYS;
    this.retention.set(id, days, now);
    return days;
  }

  /**
   * Sets the retention applied to data written from now on (items already stored keep the expiry they were stamped
   * with). Undefined when the account does not exist.
   */
  async setRetentionDays(id: string, days: number): Promise<Account | undefined> {
    expiresAtFor(days, new Date()); // validates the range
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: { pk: `ACCOUNT#${id}`, sk: "#META" },
          UpdateExpression: "SET retentionDays = :days",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":days": days },
          ReturnValues: "ALL_NEW",
        }),
      );
      if (!Attributes) return undefined;
      this.retention.set(id, days);
      return { id: Attributes.id, name: Attributes.name, createdAt: Attributes.createdAt, retentionDays: Attributes.retentionDays };
    } catch (err) {
      if (isConditionalCheckFailed(err)) return undefined;
      throw err;
    }
  }

  /** Creates a key; the plain key is returned once and only its SHA-256 hash is stored. */
  async createApiKey(accountId: string, scopes: readonly Scope[]): Promise<{ record: ApiKeyRecord; key: string }> {
    const key = generateApiKey();
    const hash = hashApiKey(key);
    const record: ApiKeyRecord = {
      id: randomUUID(),
      accountId,
      prefix: displayPrefix(key),
      scopes: [...new Set(scopes)],
      createdAt: new Date().toISOString(),
    };
    await this.store.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          accountMustExist(this.store.table, accountId),
          {
            Put: {
              TableName: this.store.table,
              Item: { pk: `ACCOUNT#${accountId}`, sk: `KEY#${record.id}`, type: "api-key", hash, ...record },
            },
          },
          {
            Put: {
              TableName: this.store.table,
              Item: {
                pk: `KEYHASH#${hash}`,
                sk: "#KEY",
                type: "api-key-hash",
                accountId,
                keyId: record.id,
                scopes: record.scopes,
                revoked: false,
              },
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
        ],
      }),
    );
    return { record, key };
  }

  /** The account's keys, revoked ones included until they expire (REVOKED_CREDENTIAL_DAYS). */
  async listApiKeys(accountId: string, now = new Date()): Promise<ApiKeyRecord[]> {
    const items = (await queryByPrefix(this.store, `ACCOUNT#${accountId}`, "KEY#")).filter((i) => !isExpired(i, now));
    return items.map(
      (i): ApiKeyRecord => ({
          id: i.id,
          accountId: i.accountId,
          prefix: i.prefix,
          scopes: i.scopes,
          createdAt: i.createdAt,
          ...(i.revokedAt ? { revokedAt: i.revokedAt } : {}),
          ...(i.lastUsedAt ? { lastUsedAt: i.lastUsedAt } : {}),
        }),
    );
  }

  /** Revokes a key; false when the account has no such key. Revoking twice is harmless. */
  async revokeApiKey(accountId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
    const revoked = await revokeCredential(this.store, { pk: `ACCOUNT#${accountId}`, sk: `KEY#${keyId}` }, (item) => ({ pk: `KEYHASH#${item.hash}`, sk: "#KEY" }));
    if (!revoked) return undefined;
    const { item, revokedAt } = revoked;
    return { id: item.id as string, accountId, prefix: item.prefix as string, scopes: item.scopes as Scope[], createdAt: item.createdAt as string, revokedAt };
  }

  /** Records use; the condition keeps concurrent instances from rewriting it more than once per interval. */
  async touchApiKey(accountId: string, keyId: string, at: Date, minIntervalMs: number): Promise<void> {
    await this.store.doc
      .send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: { pk: `ACCOUNT#${accountId}`, sk: `KEY#${keyId}` },
          UpdateExpression: "SET lastUsedAt = :at",
          ConditionExpression: "attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :cutoff)",
          ExpressionAttributeValues: { ":at": at.toISOString(), ":cutoff": new Date(at.getTime() - minIntervalMs).toISOString() },
        }),
      )
      .catch((err: unknown) => {
        if (!isConditionalCheckFailed(err)) throw err;
      });
  }

  /** Resolves a presented key; undefined when unknown or revoked. */
  async authenticate(key: string): Promise<KeyPrincipal | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({
        TableName: this.store.table,
        Key: { pk: `KEYHASH#${hashApiKey(key)}`, sk: "#KEY" },
        ConsistentRead: true,
      }),
    );
    if (!Item || Item.revoked) return undefined;
    return { accountId: Item.accountId, keyId: Item.keyId, scopes: Item.scopes };
  }

  /** Whether the first-start bootstrap has already run. */
  async claimed(): Promise<boolean> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: { pk: "SYSTEM", sk: "#BOOTSTRAP" }, ConsistentRead: true }),
    );
    return Item !== undefined;
  }

  /** Records the first start's local account, once; false when it already exists. */
  async claimBootstrap(accountId: string): Promise<boolean> {
    try {
      await this.store.doc.send(
        new PutCommand({
          TableName: this.store.table,
          Item: { pk: "SYSTEM", sk: "#BOOTSTRAP", accountId, createdAt: new Date().toISOString() },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  }
}

