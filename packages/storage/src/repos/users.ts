import { randomUUID } from "node:crypto";
import { GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionFailure, randomBase62, sha256Hex } from "../secrets.ts";
import { queryByPrefix } from "../query.ts";
import type { Store } from "../store.ts";
import { accountMustExist } from "./accounts.ts";

export type UserStatus = "invited" | "active";

/** A dashboard user. The password hash never leaves the repository except through `credentialsOf`. */
export interface UserRecord {
  id: string;
  accountId: string;
  email: string;
  status: UserStatus;
  createdAt: string;
  lastSignInAt?: string;
}

export interface Invitation {
  user: UserRecord;
  /** One-time token for the invitation link; only its hash is stored. */
  token: string;
  expiresAt: string;
}

/** The email is already used by an active user, or by a user of another account (emails are global sign-in names). */
export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`The email ${email} already belongs to a user`);
    this.name = "EmailTakenError";
  }
}

export class AccountMissingError extends Error {
  constructor(accountId: string) {
    super(`No account with id ${accountId}`);
    this.name = "AccountMissingError";
  }
}

/** Emails compare case-insensitively and without surrounding blanks. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const INVITE_TOKEN_PREFIX = "wni_";

const userKey = (accountId: string, userId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `USER#${userId}` });
const emailKey = (email: string) => ({ pk: `USEREMAIL#${email}`, sk: "#USER" });
const inviteKey = (hash: string) => ({ pk: `INVITE#${hash}`, sk: "#INVITE" });

const toUser = (i: Record<string, unknown>): UserRecord => ({
  id: i.id as string,
  accountId: i.accountId as string,
  email: i.email as string,
  status: i.status as UserStatus,
  createdAt: i.createdAt as string,
  ...(i.lastSignInAt ? { lastSignInAt: i.lastSignInAt as string } : {}),
});

/**
 * Users of accounts. An email maps to exactly one user across all accounts (a conditional put on USEREMAIL#), so
 * sign-in needs no account name. Invitations are single-use: accepting one deletes its item under a condition.
 */
export class UserRepository {
  private readonly store: Store;
  constructor(store: Store) {
    this.store = store;
  }

  /**
   * Invites a user, or re-invites one who has not accepted yet (the earlier link stops working). Throws
   * EmailTakenError for an active user or another account's user, AccountMissingError for an unknown account.
   */
  async invite(accountId: string, rawEmail: string, ttlSeconds: number, now: Date = new Date()): Promise<Invitation> {
    const email = normalizeEmail(rawEmail);
    const token = INVITE_TOKEN_PREFIX + randomBase62(40);
    const hash = sha256Hex(token);
    const expires = new Date(now.getTime() + ttlSeconds * 1000);
    const inviteItem = {
      ...inviteKey(hash),
      type: "invite",
      accountId,
      expiresAt: Math.floor(expires.getTime() / 1000),
    };
    const accountCheck = accountMustExist(this.store.table, accountId);

    const existing = await this.lookupEmail(email);
    if (existing) {
      if (existing.accountId !== accountId) throw new EmailTakenError(email);
      const { Item } = await this.store.doc.send(
        new GetCommand({ TableName: this.store.table, Key: userKey(accountId, existing.userId), ConsistentRead: true }),
      );
      if (!Item || Item.status !== "invited") throw new EmailTakenError(email);
      const user = toUser(Item);
      const previous = Item.inviteHash as string | undefined;
      try {
        await this.store.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: this.store.table, Item: { ...inviteItem, userId: user.id } } },
              {
                Update: {
                  TableName: this.store.table,
                  Key: userKey(accountId, user.id),
                  UpdateExpression: "SET inviteHash = :h",
                  ConditionExpression: "#s = :invited",
                  ExpressionAttributeNames: { "#s": "status" },
                  ExpressionAttributeValues: { ":h": hash, ":invited": "invited" },
                },
              },
              ...(previous ? [{ Delete: { TableName: this.store.table, Key: inviteKey(previous) } }] : []),
            ],
          }),
        );
      } catch (err) {
        // The user accepted the earlier invitation meanwhile.
        if (isConditionFailure(err)) throw new EmailTakenError(email);
        throw err;
      }
      return { user, token, expiresAt: expires.toISOString() };
    }

    const user: UserRecord = { id: randomUUID(), accountId, email, status: "invited", createdAt: now.toISOString() };
    try {
      await this.store.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            accountCheck,
            {
              Put: {
                TableName: this.store.table,
                Item: { ...emailKey(email), type: "user-email", accountId, userId: user.id },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
            { Put: { TableName: this.store.table, Item: { ...userKey(accountId, user.id), type: "user", ...user, inviteHash: hash } } },
            { Put: { TableName: this.store.table, Item: { ...inviteItem, userId: user.id } } },
          ],
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      if (reasons[0]?.Code === "ConditionalCheckFailed") throw new AccountMissingError(accountId);
      throw new EmailTakenError(email);
    }
    return { user, token, expiresAt: expires.toISOString() };
  }

  /** The invitation behind a token, if it is current (not used, not expired, not superseded). */
  async pendingInvitation(token: string, now: Date = new Date()): Promise<UserRecord | undefined> {
    if (!token.startsWith(INVITE_TOKEN_PREFIX) || token.length > 100) return undefined;
    const hash = sha256Hex(token);
    const { Item } = await this.store.doc.send(new GetCommand({ TableName: this.store.table, Key: inviteKey(hash), ConsistentRead: true }));
    if (!Item || (Item.expiresAt as number) * 1000 <= now.getTime()) return undefined;
    const { Item: user } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: userKey(Item.accountId, Item.userId), ConsistentRead: true }),
    );
    if (!user || user.status !== "invited" || user.inviteHash !== hash) return undefined;
    return toUser(user);
  }

  /**
   * Accepts an invitation: sets the password hash and activates the user, consuming the token in the same
   * transaction so a link works once. Undefined when the token is unknown, expired, used or superseded.
   */
  async acceptInvitation(token: string, passwordHash: string, now: Date = new Date()): Promise<UserRecord | undefined> {
    const user = await this.pendingInvitation(token, now);
    if (!user) return undefined;
    const hash = sha256Hex(token);
    try {
      await this.store.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: this.store.table, Key: inviteKey(hash), ConditionExpression: "attribute_exists(pk)" } },
            {
              Update: {
                TableName: this.store.table,
                Key: userKey(user.accountId, user.id),
                UpdateExpression: "SET passwordHash = :p, #s = :active, activatedAt = :now REMOVE inviteHash",
                ConditionExpression: "inviteHash = :h AND #s = :invited",
                ExpressionAttributeNames: { "#s": "status" },
                ExpressionAttributeValues: { ":p": passwordHash, ":active": "active", ":invited": "invited", ":h": hash, ":now": now.toISOString() },
              },
            },
          ],
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
    return { ...user, status: "active" };
  }

  /** What sign-in needs: the user and their password hash (undefined for unknown emails). */
  async credentialsOf(rawEmail: string): Promise<{ user: UserRecord; passwordHash?: string } | undefined> {
    const found = await this.lookupEmail(normalizeEmail(rawEmail));
    if (!found) return undefined;
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: userKey(found.accountId, found.userId), ConsistentRead: true }),
    );
    if (!Item) return undefined;
    return { user: toUser(Item), ...(Item.passwordHash ? { passwordHash: Item.passwordHash as string } : {}) };
  }

  async get(accountId: string, userId: string): Promise<UserRecord | undefined> {
    const { Item } = await this.store.doc.send(new GetCommand({ TableName: this.store.table, Key: userKey(accountId, userId) }));
    return Item ? toUser(Item) : undefined;
  }

  async list(accountId: string): Promise<UserRecord[]> {
    return (await queryByPrefix(this.store, `ACCOUNT#${accountId}`, "USER#")).map(toUser);
  }

  async recordSignIn(accountId: string, userId: string, at: Date): Promise<void> {
    await this.store.doc.send(
      new UpdateCommand({
        TableName: this.store.table,
        Key: userKey(accountId, userId),
        UpdateExpression: "SET lastSignInAt = :at",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":at": at.toISOString() },
      }),
    );
  }

  private async lookupEmail(email: string): Promise<{ accountId: string; userId: string } | undefined> {
    const { Item } = await this.store.doc.send(new GetCommand({ TableName: this.store.table, Key: emailKey(email), ConsistentRead: true }));
    return Item ? { accountId: Item.accountId as string, userId: Item.userId as string } : undefined;
  }
}
