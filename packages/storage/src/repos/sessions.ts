import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed, randomBase62, sha256Hex } from "../secrets.ts";
import type { Store } from "../store.ts";

export interface SessionRecord {
  accountId: string;
  userId: string;
  email: string;
  /** Synchroniser token for the session's forms; useless without the session cookie. */
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  /** Absolute end of the session (epoch ms); also drives the table's TTL. */
  expiresAtMs: number;
}

const sessionKey = (token: string) => ({ pk: `SESSION#${sha256Hex(token)}`, sk: "#SESSION" });

/**
 * Dashboard sessions. The cookie carries a random token; the table holds only its SHA-256, so a copy of the table
 * cannot be replayed as sessions. Expired items are also refused on read, since TTL deletion lags.
 */
export class SessionRepository {
  private readonly store: Store;
  constructor(store: Store) {
    this.store = store;
  }

  async create(
    owner: { accountId: string; userId: string; email: string },
    lifetimeMs: number,
    now: number = Date.now(),
  ): Promise<{ token: string; session: SessionRecord }> {
    const token = randomBase62(43);
    const session: SessionRecord = { ...owner, csrfToken: randomBase62(32), createdAt: now, lastSeenAt: now, expiresAtMs: now + lifetimeMs };
    await this.store.doc.send(
      new PutCommand({
        TableName: this.store.table,
        Item: { ...sessionKey(token), type: "session", ...session, expiresAt: Math.ceil(session.expiresAtMs / 1000) },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
    return { token, session };
  }

  async get(token: string, now: number = Date.now()): Promise<SessionRecord | undefined> {
    if (!token || token.length > 100) return undefined;
    const { Item } = await this.store.doc.send(new GetCommand({ TableName: this.store.table, Key: sessionKey(token), ConsistentRead: true }));
    if (!Item || (Item.expiresAtMs as number) <= now) return undefined;
    return {
      accountId: Item.accountId,
      userId: Item.userId,
      email: Item.email,
      csrfToken: Item.csrfToken,
      createdAt: Item.createdAt,
      lastSeenAt: Item.lastSeenAt,
      expiresAtMs: Item.expiresAtMs,
    };
  }

  /** Records activity for the idle timeout; callers write at most every few minutes. */
  async touch(token: string, at: number): Promise<void> {
    await this.store.doc.send(
      new UpdateCommand({
        TableName: this.store.table,
        Key: sessionKey(token),
        UpdateExpression: "SET lastSeenAt = :at",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":at": at },
      }),
    ).catch((err: unknown) => {
      if (!isConditionalCheckFailed(err)) throw err;
    });
  }

  async delete(token: string): Promise<void> {
    await this.store.doc.send(new DeleteCommand({ TableName: this.store.table, Key: sessionKey(token) }));
  }
}
