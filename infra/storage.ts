import { demographicsTable, mainTable } from "../packages/storage/src/tables";

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

// Self-identified demographics of bias audits, apart from screening data: only the HTTP API function links it
// (infra/api.ts), so the screening worker has no IAM access to it. TTL enforces the account's retention.
export const demographics = new sst.aws.Dynamo(demographicsTable.name, {
  fields: demographicsTable.fields,
  primaryIndex: demographicsTable.primaryIndex,
  ttl: demographicsTable.ttl,
  deletionProtection: $app.stage === "production",
});
