import { BatchWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { Store } from "./store.ts";

type WriteRequest = NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]["RequestItems"]>[string][number];

/**
 * Writes any number of items in batches of 25, retrying unprocessed items with exponential backoff (DynamoDB returns
 * them under throttling instead of failing the call).
 */
export async function batchWriteAll(store: Store, requests: WriteRequest[], maxAttempts = 8): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let attempt = 1; pending.length; attempt++) {
      if (attempt > maxAttempts) throw new Error(`${pending.length} items stayed unprocessed after ${maxAttempts} attempts`);
      const result = await store.doc.send(new BatchWriteCommand({ RequestItems: { [store.table]: pending } }));
      pending = (result.UnprocessedItems?.[store.table] ?? []) as WriteRequest[];
      if (pending.length) await new Promise((r) => setTimeout(r, Math.min(2000, 50 * 2 ** attempt)));
    }
  }
}
