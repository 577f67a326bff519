import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from "@aws-sdk/lib-dynamodb";
import type { Store } from "./store.ts";

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

/** Every item of a partition whose sort key starts with `prefix`. */
export const queryByPrefix = (store: Store, pk: string, prefix: string, options: { consistent?: boolean } = {}): Promise<Item[]> =>
  queryAll(store, {
    KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
    ExpressionAttributeValues: { ":pk": pk, ":sk": prefix },
    ...(options.consistent ? { ConsistentRead: true } : {}),
  });
