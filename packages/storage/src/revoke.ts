import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { Store } from "./store.ts";

type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;

/** How long a revoked credential stays listed (dashboard, CLI) before both its items expire. */
export const REVOKED_CREDENTIAL_DAYS = 90;

/**
 * Revokes a credential kept as two items: the account's listing item, stamped `revokedAt` and kept for display, and
 * the lookup item authentication reads, flagged `revoked`, both in one transaction. Both get the table's TTL
 * `REVOKED_CREDENTIAL_DAYS` after the revocation, so an account that rotates keys for years does not list every key it
 * ever had (lists hide expired items at once; authentication refuses a revoked or missing credential alike).
 * Idempotent: a second call keeps the first revocation time. Undefined when there is no such listing item.
 */
export async function revokeCredential(store: Store, listing: Key, lookupOf: (item: Item) => Key): Promise<{ item: Item; revokedAt: string } | undefined> {
  const { Item } = await store.doc.send(new GetCommand({ TableName: store.table, Key: listing }));
  if (!Item) return undefined;
  const revokedAt = (Item.revokedAt as string | undefined) ?? new Date().toISOString();
  const expiresAt = Math.floor(Date.parse(revokedAt) / 1000) + REVOKED_CREDENTIAL_DAYS * 24 * 3600;
  const values = { ":at": revokedAt, ":exp": expiresAt };
  await store.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        { Update: { TableName: store.table, Key: listing, UpdateExpression: "SET revokedAt = :at, expiresAt = :exp", ExpressionAttributeValues: values } },
        { Update: { TableName: store.table, Key: lookupOf(Item), UpdateExpression: "SET revoked = :t, expiresAt = :exp", ExpressionAttributeValues: { ":t": true, ":exp": expiresAt } } },
      ],
    }),
  );
  return { item: Item, revokedAt };
}
