import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
  type DynamoDBClient,
} from "@aws-sdk/client-dynamodb";
import { companionTableName, mainTable, tables, type TableDefinition } from "./tables.ts";

const attrType = { string: "S", number: "N", binary: "B" } as const;

export function createTableInput(def: TableDefinition, tableName: string): CreateTableCommandInput {
  const keySchema = (hashKey: string, rangeKey?: string) => [
    { AttributeName: hashKey, KeyType: "HASH" as const },
    ...(rangeKey ? [{ AttributeName: rangeKey, KeyType: "RANGE" as const }] : []),
  ];
  const gsis = Object.entries(def.globalIndexes ?? {});
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: Object.entries(def.fields).map(([name, type]) => ({
      AttributeName: name,
      AttributeType: attrType[type],
    })),
    KeySchema: keySchema(def.primaryIndex.hashKey, def.primaryIndex.rangeKey),
    ...(gsis.length
      ? {
          GlobalSecondaryIndexes: gsis.map(([name, idx]) => ({
            IndexName: name,
            KeySchema: keySchema(idx.hashKey, idx.rangeKey),
            Projection: { ProjectionType: idx.projection === "all" ? "ALL" : "KEYS_ONLY" },
          })),
        }
      : {}),
  };
}

/** Creates the table when it does not exist yet (idempotent; safe on every start). */
export async function ensureTable(client: DynamoDBClient, def: TableDefinition, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  try {
    await client.send(new CreateTableCommand(createTableInput(def, tableName)));
  } catch (err) {
    // Another process created it between our describe and create.
    if ((err as { name?: string }).name !== "ResourceInUseException") throw err;
    return false;
  }
  if (def.ttl) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: def.ttl, Enabled: true },
      }),
    );
  }
  return true;
}

/**
 * Creates every missing table of `tables` for a store whose main table is `mainTableName` (the others take their
 * companion names). Returns the physical names, main table first.
 */
export async function ensureTables(client: DynamoDBClient, mainTableName: string): Promise<string[]> {
  const names = tables.map((def) => (def === mainTable ? mainTableName : companionTableName(mainTableName, def)));
  await Promise.all(tables.map((def, i) => ensureTable(client, def, names[i]!)));
  return names;
}
