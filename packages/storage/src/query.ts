import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from "@aws-sdk/lib-dynamodb";
import type { Store } from "./store.ts";
import { mainTable } from "./tables.ts";

/** Items as the document client returns them (attribute values typed as the SDK types them). */
type Item = NonNullable<QueryCommandOutput["Items"]>[number];

/** Every item a query matches, following `LastEvaluatedKey` across pages (for small, bounded collections). */
export async function queryAll(store: Store, input: Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey">): Promise<Item[]> {
  const out: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await store.doc.send(new QueryCommand({ ...input, TableName: store.table, ExclusiveStartKey: start }));
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/**
 * Up to `limit` items of a query whose filter (a FilterExpression, or `keep` in code) can leave pages short: reads on
 * until the page is full or the index ends. `lastKey` is the position after the last item returned, present only
 * when more items follow: one item beyond the page is read to know, so a page that ends the results never announces
 * an empty next one. Each caller turns it (or its last item) into its own cursor.
 */
export async function queryPage(
  store: Store,
  input: Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey" | "Limit">,
  limit: number,
  start?: Item,
  keep: (item: Item) => boolean = () => true,
): Promise<{ items: Item[]; lastKey?: Item }> {
  const items: Item[] = [];
  let position = start;
  do {
    // Limit counts items read before the filter, so a page never reads more than is still missing (plus the one).
    const page = await store.doc.send(new QueryCommand({ ...input, TableName: store.table, Limit: limit + 1 - items.length, ExclusiveStartKey: position }));
    for (const item of page.Items ?? []) if (keep(item)) items.push(item);
    position = page.LastEvaluatedKey;
  } while (position && items.length <= limit);
  if (items.length <= limit) return { items };
  items.length = limit;
  return { items, lastKey: keyOf(items[limit - 1]!, input.IndexName) };
}

/**
 * The key DynamoDB would return as LastEvaluatedKey after `item`: the main table's keys and, for an index, its own
 * (from the table definition the store was created with).
 */
const keyOf = (item: Item, indexName: string | undefined): Item => {
  const index = indexName ? mainTable.globalIndexes?.[indexName] : undefined;
  if (indexName && !index) throw new Error(`no index ${indexName} on the main table`);
  const { hashKey, rangeKey } = mainTable.primaryIndex;
  const names = [hashKey, rangeKey, index?.hashKey, index?.rangeKey].filter((n): n is string => n !== undefined);
  return Object.fromEntries(names.map((n) => [n, item[n]]));
};

/** Every item of a partition whose sort key starts with `prefix`. */
export const queryByPrefix = (store: Store, pk: string, prefix: string, options: { consistent?: boolean } = {}): Promise<Item[]> =>
  queryAll(store, {
    KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
    ExpressionAttributeValues: { ":pk": pk, ":sk": prefix },
    ...(options.consistent ? { ConsistentRead: true } : {}),
  });
