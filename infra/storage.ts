import { mainTable } from "../packages/storage/src/tables";

// The same definition the local store creates its table from (packages/storage/src/tables.ts): keys, the one global
// index and the TTL attribute. No stream: nothing consumes table changes.
export const table = new sst.aws.Dynamo(mainTable.name, {
  fields: mainTable.fields,
  primaryIndex: mainTable.primaryIndex,
  globalIndexes: Object.fromEntries(
    Object.entries(mainTable.globalIndexes ?? {}).map(([name, index]) => [
      name,
      { hashKey: index.hashKey, rangeKey: index.rangeKey, projection: index.projection },
    ]),
  ),
  ttl: mainTable.ttl,
  deletionProtection: $app.stage === "production",
});
