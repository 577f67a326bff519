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
 * - users of an account:          pk ACCOUNT#<id>, sk begins_with USER# (password hash: scrypt, in the item)
 * - user by email (sign-in, unique): pk USEREMAIL#<lower-case email>, sk #USER → account id, user id
 * - invitation by token hash:      pk INVITE#<sha256>, sk #INVITE (single use, TTL 7 d)
 * - dashboard session by token hash: pk SESSION#<sha256>, sk #SESSION (TTL = absolute expiry)
 * - OAuth clients of an account:   pk ACCOUNT#<id>, sk begins_with OAUTHCLIENT#
 * - OAuth client by client id (token endpoint, revocation check): pk OAUTHCLIENT#<client id>, sk #CLIENT
 * - rate-limit overrides:          pk ACCOUNT#<id>, sk #RATELIMITS
 * - request counters (every v1 call, one conditional ADD): pk RATE#<account>, sk W#<window start>; attributes `a`
 *                                  (account) and `c_<credential id>` (each key or client); TTL after the window
 * - sign-in throttles:             pk THROTTLE#<bucket>, sk W#<window seconds>#<window start> (TTL after the window)
 * - account retention:             attribute `retentionDays` of the account item (default 365; see retention.ts)
 * - job post of an account:        pk ACCOUNT#<id>, sk JOBPOST#<job_post_id> (TTL: account retention)
 * - match by id:                   pk MATCH#<id>, sk #MATCH (TTL: account retention)
 * - matches of a job post, best first: gsi1pk JOBPOST#<account>#<job_post_id>, gsi1sk <inverted score>#<created>#<id>
 * - decision record (immutable, conditional put only): pk DECISION#<account>#<match id>, sk #DECISION (TTL: retention)
 * - decision records of an account, oldest first, by date range: gsi1pk DECISIONS#<account>, gsi1sk <created>#<match id>
 * - candidate → matches (erasure):  pk SUBJECT#<account>#email:<sha256 of lower-case email> | …#ats:<provider>:<candidate
 *                                  id>, sk MATCH#<match id> (ATS: also the job id; written at screening and ATS intake)
 * - erasures of a candidate (screenings check it did not move while they ran): same pk, sk #ERASURES, counter
 *                                  `erasures` (TTL a day after the last erasure)
 * - catalogue version items:       pk CATALOGUE#<version>, sk #META | CHUNK#skills#<n> | CHUNK#titles#<n> (gzip JSON
 *                                  chunks; SKILL#<id> | TITLE#<id> items of versions written by earlier releases)
 * - active catalogue pointer:      pk CATALOGUE, sk #ACTIVE
 * - catalogue versions, listed:    pk CATALOGUE, sk begins_with VERSION# (written with #META once a version is complete)
 * - taxonomy sync runs, newest first: pk SYNC, sk begins_with RUN# (run ids are UUIDv7), scanned backwards
 * - taxonomy sync lock:            pk SYNC, sk #LOCK (owner + lease)
 * - sync checkpoints of a run:     pk SYNCDATA#<run id>, sk <checkpoint key>#<part> (gzip JSON, TTL 14 d)
 * - one-off bootstrap marker:      pk SYSTEM, sk #BOOTSTRAP
 * - ATS connection by id (every webhook): pk ATSCONN#<id>, sk #META (secrets sealed with AES-256-GCM)
 * - ATS connections, all or of an account: gsi1pk ATSCONNS, gsi1sk <account>#<created>#<id>
 * - webhook delivery by key (dedupe, TTL 30 d or the account's retention if shorter): pk ATSCONN#<connection>,
 *                                  sk DELIVERY#<delivery key>
 * - screening job by id (= match id):  pk ATSJOB#<id>, sk #JOB (TTL: account retention)
 * - write-backs of a job:           pk ATSJOB#<id>, sk begins_with WRITE# (one item per step: note, custom_field, tag)
 * - deliveries that fed a job (erasure): pk ATSJOB#<id>, sk DELIVERY#<connection>#<delivery key>
 * - embedded queue, due jobs:       gsi1pk ATSQUEUE#<queue name>, gsi1sk <= <now ISO>#~ (gsi1sk = <due or lease end>#<job id>)
 * - screening dead letters, newest first: gsi1pk ATSDEAD, gsi1sk <died at>#<job id>
 *
 * `expiresAt` (epoch seconds) is the table's TTL. DynamoDB deletes expired items lazily, so reads of items that carry
 * it treat one past it as gone.
 */
export const mainTable: TableDefinition = {
  name: "Main",
  fields: { pk: "string", sk: "string", gsi1pk: "string", gsi1sk: "string" },
  primaryIndex: { hashKey: "pk", rangeKey: "sk" },
  globalIndexes: { gsi1: { hashKey: "gsi1pk", rangeKey: "gsi1sk", projection: "all" } },
  ttl: "expiresAt",
};

/**
 * Self-identified demographics of bias audits, in a table of their own so that nothing holding screening data
 * can read them: only the HTTP API function is linked to it (infra/api.ts), never the screening worker. Access patterns:
 * - answers of an account:         pk ACCOUNT#<id>, sk MATCH#<match id> (re-uploading a match id replaces it; TTL = the
 *                                  account's retention)
 * - answers of given matches (erasure): the same keys, deleted one by one
 */
export const demographicsTable: TableDefinition = {
  name: "Demographics",
  fields: { pk: "string", sk: "string" },
  primaryIndex: { hashKey: "pk", rangeKey: "sk" },
  ttl: "expiresAt",
};

export const tables = [mainTable, demographicsTable] as const;

/**
 * Physical name of a table beside the main one where no SST link names it (local runs, tests): the main table's
 * name with the logical name appended, e.g. winnow-main-demographics.
 */
export const companionTableName = (mainTableName: string, def: TableDefinition): string =>
  `${mainTableName}-${def.name.toLowerCase()}`;
