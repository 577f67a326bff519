import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
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

/** How a flash value sits in the session item: sealed, so the table never holds what it carries. */
interface StoredFlash {
  id: string;
  iv: string;
  sealed: string;
  expiresAtMs: number;
}

/**
 * The flash key comes from the session token, which only the browser's cookie holds (the table has its SHA-256):
 * a copy of the table, or a log of its items, does not reveal a flash value.
 */
const flashKey = (token: string): Buffer => Buffer.from(hkdfSync("sha256", token, Buffer.alloc(0), "winnow session flash", 32));

/** AES-256-GCM, with the flash id as associated data so a sealed value cannot be moved under another id. */
export function sealFlash(token: string, id: string, value: string): { iv: string; sealed: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", flashKey(token), iv);
  cipher.setAAD(Buffer.from(id));
  const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return { iv: iv.toString("base64url"), sealed: body.toString("base64url") };
}

/** The sealed value, or undefined when the token, the id or the bytes are not the ones it was sealed with. */
export function openFlash(token: string, id: string, stored: { iv: string; sealed: string }): string | undefined {
  try {
    const body = Buffer.from(stored.sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", flashKey(token), Buffer.from(stored.iv, "base64url"));
    decipher.setAAD(Buffer.from(id));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

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

  /**
   * Keeps one value for the next page of this session only (Post/Redirect/Get: a page that shows a new secret
   * once). A later flash replaces an earlier one. False when the session no longer exists.
   */
  async putFlash(token: string, id: string, value: string, lifetimeMs: number, now: number = Date.now()): Promise<boolean> {
    const flash: StoredFlash = { id, ...sealFlash(token, id, value), expiresAtMs: now + lifetimeMs };
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: sessionKey(token),
          UpdateExpression: "SET flash = :flash",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":flash": flash },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  }

  /**
   * Returns the flash with this id and removes it in the same conditional write, so two requests racing for it
   * (a double reload) cannot both get it. Undefined when it was taken already, replaced, or has expired.
   */
  async takeFlash(token: string, id: string, now: number = Date.now()): Promise<string | undefined> {
    if (!token || token.length > 100 || !id || id.length > 100) return undefined;
    let flash: StoredFlash | undefined;
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: sessionKey(token),
          UpdateExpression: "REMOVE flash",
          ConditionExpression: "flash.id = :id",
          ExpressionAttributeValues: { ":id": id },
          ReturnValues: "UPDATED_OLD",
        }),
      );
      flash = Attributes?.flash as StoredFlash | undefined;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return undefined;
      throw err;
    }
    if (!flash || flash.expiresAtMs <= now) return undefined;
    return openFlash(token, id, flash);
  }

  async delete(token: string): Promise<void> {
    await this.store.doc.send(new DeleteCommand({ TableName: this.store.table, Key: sessionKey(token) }));
  }
}
