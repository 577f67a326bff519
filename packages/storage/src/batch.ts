import { BatchWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { Store } from "./store.ts";

type WriteRequest = NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]["RequestItems"]>[string][number];

async function writeChunk(store: Store, chunk: WriteRequest[], maxAttempts: number): Promise<void> {
  let pending = chunk;
  for (let attempt = 1; pending.length; attempt++) {
    if (attempt > maxAttempts) throw new Error(`${pending.length} items stayed unprocessed after ${maxAttempts} attempts`);
    const result = await store.doc.send(new BatchWriteCommand({ RequestItems: { [store.table]: pending } }));
    pending = (result.UnprocessedItems?.[store.table] ?? []) as WriteRequest[];
    if (pending.length) await new Promise((r) => setTimeout(r, Math.min(2000, 50 * 2 ** attempt)));
  }
}

/**
 * Writes any number of items in batches of 25, a few batches at a time, retrying unprocessed items with exponential
 * backoff (DynamoDB returns them under throttling instead of failing the call).
 */
export async function batchWriteAll(
  store: Store,
  requests: WriteRequest[],
  options: { concurrency?: number; maxAttempts?: number } = {},
): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await writeChunk(store, chunks[next++]!, options.maxAttempts ?? 8);
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 6, chunks.length) }, worker));
}
