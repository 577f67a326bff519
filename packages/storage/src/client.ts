import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

export interface DynamoConfig {
  /** DynamoDB endpoint; unset on AWS, where the SDK resolves the regional endpoint. */
  endpoint?: string;
  region?: string;
}

export interface Dynamo {
  client: DynamoDBClient;
  doc: DynamoDBDocumentClient;
}

export function createDynamo(config: DynamoConfig = {}): Dynamo {
  const local = config.endpoint !== undefined;
  const client = new DynamoDBClient({
    ...(local
      ? {
          endpoint: config.endpoint,
          region: config.region ?? "local",
          // DynamoDB Local accepts any credentials; fixed ones keep one shared namespace (with -sharedDb).
          credentials: { accessKeyId: "winnowlocal", secretAccessKey: "winnowlocal" },
        }
      : config.region
        ? { region: config.region }
        : {}),
    maxAttempts: 5,
  });
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return { client, doc };
}
