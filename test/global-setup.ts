import type { TestProject } from "vitest/node";
import { ensureCatalogue } from "@winnow/catalogue/ensure";
import { createDynamo, ensureTables } from "@winnow/storage";
import { startEmbeddedDynamo } from "@winnow/storage/embedded/index";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    sharedTable: string;
  }
}

/**
 * One in-memory DynamoDB Local for the whole integration run, with one table that already holds the default
 * catalogue (loading it takes seconds, so it happens once). Test files isolate themselves by account, or take a
 * table of their own when they need a different catalogue.
 */
export default async function setup(project: TestProject) {
  const dynamo = await startEmbeddedDynamo({ reuse: false });
  const { client, doc } = createDynamo({ endpoint: dynamo.endpoint });
  const sharedTable = "winnow-test-shared";
  await ensureTables(client, sharedTable);
  await ensureCatalogue({ doc, table: sharedTable });
  client.destroy();
  project.provide("dynamoEndpoint", dynamo.endpoint);
  project.provide("sharedTable", sharedTable);
  return async () => {
    await dynamo.stop();
  };
}
