import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { Store } from "./store.ts";

type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;

/**
 * Revokes a credential kept as two items: the account's listing item, stamped `revokedAt` and kept for display, and
 * the lookup item authentication reads, flagged `revoked`, both in one transaction. Idempotent: a second call keeps
 * the first revocation time. Undefined when there is no such listing item.
 */
export async function revokeCredential(store: Store, listing: Key, lookupOf: (item: Item) => Key): Promise<{ item: Item; revokedAt: string } | undefined> {
  const { Item } = await store.doc.send(new GetCommand({ TableName: store.table, Key: listing }));
  if (!Item) return undefined;
  const revokedAt = (Item.revokedAt as string | undefined) ?? new Date().toISOString();
  await store.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        { Update: { TableName: store.table, Key: listing, UpdateExpression: "SET revokedAt = :at", ExpressionAttributeValues: { ":at": revokedAt } } },
        { Update: { TableName: store.table, Key: lookupOf(Item), UpdateExpression: "SET revoked = :t", ExpressionAttributeValues: { ":t": true } } },
      ],
    }),
  );
  return { item: Item, revokedAt };
}
