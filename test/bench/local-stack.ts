import { randomUUID } from "node:crypto";
import { ensureCatalogue } from "@winnow/catalogue/ensure";
import { AccountRepository, SCOPES, createDynamo, ensureTable, mainTable, type Store } from "@winnow/storage";
import { startEmbeddedDynamo } from "@winnow/storage/embedded/index";

export interface BenchStack {
  store: Store;
  accountId: string;
  /** An API key of that account with every scope. */
  key: string;
  close(): Promise<void>;
}

/** What every benchmark stands on: an in-memory DynamoDB Local, a table with the default catalogue, an account and key. */
export async function benchStack(): Promise<BenchStack> {
  const dynamoLocal = await startEmbeddedDynamo({ reuse: false });
  const dynamo = createDynamo({ endpoint: dynamoLocal.endpoint });
  const table = `bench-${randomUUID()}`;
  await ensureTable(dynamo.client, mainTable, table);
  const store = { doc: dynamo.doc, table };
  await ensureCatalogue(store);
  const accounts = new AccountRepository(store);
  const account = await accounts.create("bench");
  const { key } = await accounts.createApiKey(account.id, SCOPES);
  return {
    store,
    accountId: account.id,
    key,
    close: async () => {
      dynamo.client.destroy();
      await dynamoLocal.stop();
    },
  };
}
