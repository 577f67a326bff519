import type { TestProject } from "vitest/node";
import { startEmbeddedDynamo } from "@winnow/storage/embedded/index";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One in-memory DynamoDB Local for the whole integration run; each test file uses its own table. */
export default async function setup(project: TestProject) {
  const dynamo = await startEmbeddedDynamo({ reuse: false });
  project.provide("dynamoEndpoint", dynamo.endpoint);
  return async () => {
    await dynamo.stop();
  };
}
