import { timingSafeEqual } from "node:crypto";
import { GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed, randomBase62, sha256Hex } from "../secrets.ts";
import { queryByPrefix } from "../query.ts";
import { revokeCredential } from "../revoke.ts";
import { isExpired } from "../retention.ts";
import type { Store } from "../store.ts";
import { accountMustExist, type Scope } from "./accounts.ts";

export interface OAuthClientRecord {
  /** The public client_id. */
  id: string;
  accountId: string;
  name: string;
  scopes: Scope[];
  createdAt: string;
  revokedAt?: string;
  /** Last token issued to the client, recorded at most about once a minute. */
  lastUsedAt?: string;
}

/** What token issuance and per-request revocation checks need: one GetItem by client id. */
export interface OAuthClientPrincipal {
  clientId: string;
  accountId: string;
  scopes: Scope[];
}

const CLIENT_ID_PREFIX = "wnc_";
const SECRET_PREFIX = "wns_";

const listKey = (accountId: string, clientId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `OAUTHCLIENT#${clientId}` });
const lookupKey = (clientId: string) => ({ pk: `OAUTHCLIENT#${clientId}`, sk: "#CLIENT" });

const isClientId = (id: string) => id.startsWith(CLIENT_ID_PREFIX) && id.length <= 64 && /^[\w-]+$/.test(id);

const toRecord = (i: Record<string, unknown>): OAuthClientRecord => ({
  id: i.id as string,
  accountId: i.accountId as string,
  name: i.name as string,
  scopes: i.scopes as Scope[],
  createdAt: i.createdAt as string,
  ...(i.revokedAt ? { revokedAt: i.revokedAt as string } : {}),
  ...(i.lastUsedAt ? { lastUsedAt: i.lastUsedAt as string } : {}),
});

/**
 * OAuth 2.0 confidential clients (client credentials grant). Like API keys: one item per client under its account
 * for listing, one lookup item by client id holding the secret's SHA-256 (the secret is ~190 random bits, so a fast
 * hash is enough) and the revocation flag.
 */
export class OAuthClientRepository {
  private readonly store: Store;
  constructor(store: Store) {
    this.store = store;
  }

  /** Creates a client; the secret is returned once and only its hash is stored. */
  async create(accountId: string, name: string, scopes: readonly Scope[]): Promise<{ record: OAuthClientRecord; secret: string }> {
    const secret = SECRET_PREFIX + randomBase62(40);
    const record: OAuthClientRecord = {
      id: CLIENT_ID_PREFIX + randomBase62(22),
      accountId,
      name,
      scopes: [...new Set(scopes)],
      createdAt: new Date().toISOString(),
    };
    await this.store.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          accountMustExist(this.store.table, accountId),
          { Put: { TableName: this.store.table, Item: { ...listKey(accountId, record.id), type: "oauth-client", ...record } } },
          {
            Put: {
              TableName: this.store.table,
              Item: { ...lookupKey(record.id), type: "oauth-client-lookup", accountId, scopes: record.scopes, secretHash: sha256Hex(secret), revoked: false },
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
        ],
      }),
    );
    return { record, secret };
  }

  /** The account's clients, revoked ones included until they expire (REVOKED_CREDENTIAL_DAYS). */
  async list(accountId: string, now = new Date()): Promise<OAuthClientRecord[]> {
    return (await queryByPrefix(this.store, `ACCOUNT#${accountId}`, "OAUTHCLIENT#")).filter((i) => !isExpired(i, now)).map(toRecord);
  }

  /** Revokes a client of this account (undefined when the account has no such client); idempotent. */
  async revoke(accountId: string, clientId: string): Promise<OAuthClientRecord | undefined> {
    if (!isClientId(clientId)) return undefined;
    const revoked = await revokeCredential(this.store, listKey(accountId, clientId), () => lookupKey(clientId));
    return revoked && { ...toRecord(revoked.item), revokedAt: revoked.revokedAt };
  }

  /** Checks a client id and secret; undefined when unknown, revoked or wrong (all indistinguishable). */
  async authenticate(clientId: string, secret: string): Promise<OAuthClientPrincipal | undefined> {
    const found = await this.lookup(clientId);
    if (!found) return undefined;
    const expected = Buffer.from(found.secretHash, "hex");
    const presented = Buffer.from(sha256Hex(secret), "hex");
    return expected.length === presented.length && timingSafeEqual(expected, presented) ? found.principal : undefined;
  }

  /** The active client behind a client id (for the per-request revocation check of access tokens). */
  async active(clientId: string): Promise<OAuthClientPrincipal | undefined> {
    return (await this.lookup(clientId))?.principal;
  }

  /** Records use; the condition keeps concurrent instances from rewriting it more than once per interval. */
  async touch(accountId: string, clientId: string, at: Date, minIntervalMs: number): Promise<void> {
    await this.store.doc
      .send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: listKey(accountId, clientId),
          UpdateExpression: "SET lastUsedAt = :at",
          ConditionExpression: "attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :cutoff)",
          ExpressionAttributeValues: { ":at": at.toISOString(), ":cutoff": new Date(at.getTime() - minIntervalMs).toISOString() },
        }),
      )
      .catch((err: unknown) => {
        if (!isConditionalCheckFailed(err)) throw err;
      });
  }

  private async lookup(clientId: string): Promise<{ principal: OAuthClientPrincipal; secretHash: string } | undefined> {
    if (!isClientId(clientId)) return undefined;
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: lookupKey(clientId), ConsistentRead: true }),
    );
    if (!Item || Item.revoked) return undefined;
    return { principal: { clientId, accountId: Item.accountId, scopes: Item.scopes }, secretHash: Item.secretHash };
  }
}
