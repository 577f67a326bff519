/**
 * Table definitions, written once as plain data: `infra/storage.ts` turns them into `sst.aws.Dynamo` components and
 * the local store creates missing tables from them, so both always agree. No AWS imports here.
 */
export type FieldType = "string" | "number" | "binary";

export interface TableDefinition {
  /** Logical name: the SST component name, and the suffix of the local table name. */
  name: string;
  fields: Record<string, FieldType>;
  primaryIndex: { hashKey: string; rangeKey?: string };
  globalIndexes?: Record<string, { hashKey: string; rangeKey?: string; projection: "all" | "keys-only" }>;
  ttl?: string;
}

/**
 * Main table (single-table design). Access patterns:
 * - account by id:                 pk ACCOUNT#<id>, sk #META
 * - API keys of an account:        pk ACCOUNT#<id>, sk begins_with KEY#
 * - API key by hash (every call):  pk KEYHASH#<sha256>, sk #KEY
 * - job post of an account:        pk ACCOUNT#<id>, sk JOBPOST#<job_post_id>
 * - match by id:                   pk MATCH#<id>, sk #MATCH
 * - matches of a job post, best first: gsi1pk JOBPOST#<account>#<job_post_id>, gsi1sk <inverted score>#<created>#<id>
 * - catalogue version items:       pk CATALOGUE#<version>, sk #META | SKILL#<id> | TITLE#<id>
 * - active catalogue pointer:      pk CATALOGUE, sk #ACTIVE
 * - one-off bootstrap marker:      pk SYSTEM, sk #BOOTSTRAP
 */
export const mainTable: TableDefinition = {
  name: "Main",
  fields: { pk: "string", sk: "string", gsi1pk: "string", gsi1sk: "string" },
  primaryIndex: { hashKey: "pk", rangeKey: "sk" },
  globalIndexes: { gsi1: { hashKey: "gsi1pk", rangeKey: "gsi1sk", projection: "all" } },
  ttl: "expiresAt",
};

export const tables = [mainTable] as const;
