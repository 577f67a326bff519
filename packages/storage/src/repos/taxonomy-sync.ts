import { randomBytes, randomUUID } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { batchWriteAll } from "../batch.ts";
import { queryAll } from "../query.ts";
import { isConditionalCheckFailed } from "../secrets.ts";
import type { Store } from "../store.ts";

export const SYNC_STATUSES = ["running", "succeeded", "failed", "interrupted"] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

export interface SyncRunError {
  at: string;
  attempt: number;
  message: string;
  /** False for a failure that was retried and got past; true for the one that stopped the attempt. */
  fatal: boolean;
}

/** One taxonomy sync: its state, progress cursor (owned by the sync code), counts and history. */
export interface SyncRun {
  id: string;
  status: SyncStatus;
  /** What started it: "cli", "admin-api", "schedule", … */
  trigger: string;
  /** Upstream the data comes from (the API base URL). */
  source: string;
  createdAt: string;
  updatedAt: string;
  finishedAt?: string;
  /** Invocations that worked on this run; > 1 when a run was resumed after an interruption. */
  attempts: number;
  phase: string;
  /** Where to continue; opaque to storage. */
  cursor: Record<string, unknown>;
  counts: Record<string, number>;
  errors: SyncRunError[];
  warnings: string[];
  /** Catalogue version the run produced (or found unchanged), once it succeeded. */
  version?: string;
  previousVersion?: string;
  /** True when the run activated a version other than the one that was active. */
  changed?: boolean;
}

export interface SyncLock {
  owner: string;
  runId?: string;
  leaseUntil: number;
}

/** Checkpoints above this size (compressed) are split over several items, below DynamoDB's 400 KB item limit. */
const PART_BYTES = 300 * 1024;
const CHECKPOINT_TTL_S = 14 * 24 * 3600;
const MAX_ERRORS = 50;

/** Time-ordered UUID (v7), so the run list sorts newest first by key alone. */
export function uuidv7(now = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}


/** Keeps the newest errors of a run when it has collected many. */
export const capErrors = (errors: SyncRunError[]): SyncRunError[] => errors.slice(-MAX_ERRORS);

/**
 * Sync runs, the lock that keeps one sync at a time, and the checkpoints a run resumes from.
 * - run:        pk SYNC, sk RUN#<uuidv7>          (newest first by key)
 * - lock:       pk SYNC, sk #LOCK                 (owner + lease; a crashed holder's lease runs out)
 * - checkpoint: pk SYNCDATA#<run id>, sk <key>#<part>   (gzip JSON; expires via the table's TTL)
 * A run record is written only by the lock's owner, and every write checks `owner`, so a process that lost its
 * lease (paused too long, then woke up) cannot overwrite the run another process took over.
 */
export class SyncRunRepository {
  private readonly store: Store;
  constructor(store: Store) {
    this.store = store;
  }

  /** Takes the lock if it is free, expired or already ours. */
  async acquireLock(owner: string, leaseMs: number, now = Date.now()): Promise<boolean> {
    try {
      await this.store.doc.send(
        new PutCommand({
          TableName: this.store.table,
          Item: { pk: "SYNC", sk: "#LOCK", owner, leaseUntil: now + leaseMs },
          ConditionExpression: "attribute_not_exists(pk) OR leaseUntil < :now OR #owner = :owner",
          ExpressionAttributeNames: { "#owner": "owner" },
          ExpressionAttributeValues: { ":now": now, ":owner": owner },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  }

  /** Extends our lease (and names the run it protects); false when the lock is no longer ours. */
  async renewLock(owner: string, leaseMs: number, runId?: string, now = Date.now()): Promise<boolean> {
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: { pk: "SYNC", sk: "#LOCK" },
          UpdateExpression: runId ? "SET leaseUntil = :until, runId = :run" : "SET leaseUntil = :until",
          ConditionExpression: "#owner = :owner",
          ExpressionAttributeNames: { "#owner": "owner" },
          ExpressionAttributeValues: { ":owner": owner, ":until": now + leaseMs, ...(runId ? { ":run": runId } : {}) },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  }

  async releaseLock(owner: string): Promise<void> {
    try {
      await this.store.doc.send(
        new DeleteCommand({
          TableName: this.store.table,
          Key: { pk: "SYNC", sk: "#LOCK" },
          ConditionExpression: "#owner = :owner",
          ExpressionAttributeNames: { "#owner": "owner" },
          ExpressionAttributeValues: { ":owner": owner },
        }),
      );
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }

  async lock(): Promise<SyncLock | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: { pk: "SYNC", sk: "#LOCK" }, ConsistentRead: true }),
    );
    return Item ? { owner: Item.owner, runId: Item.runId, leaseUntil: Item.leaseUntil } : undefined;
  }

  newRunId(): string {
    return uuidv7();
  }

  /**
   * Writes a run as `owner`. Creating needs the id to be new; updating needs the stored run to be ours or to be
   * taken over (`takeOver`, used when resuming a run whose previous owner is gone — the caller holds the lock).
   */
  async saveRun(run: SyncRun, owner: string, mode: "create" | "update" | "takeOver" = "update"): Promise<void> {
    const condition =
      mode === "create" ? "attribute_not_exists(pk)" : mode === "update" ? "#owner = :owner" : "attribute_exists(pk)";
    await this.store.doc.send(
      new PutCommand({
        TableName: this.store.table,
        Item: { pk: "SYNC", sk: `RUN#${run.id}`, type: "sync-run", owner, ...run, errors: capErrors(run.errors) },
        ConditionExpression: condition,
        ...(mode === "update"
          ? { ExpressionAttributeNames: { "#owner": "owner" }, ExpressionAttributeValues: { ":owner": owner } }
          : {}),
      }),
    );
  }

  async getRun(id: string): Promise<SyncRun | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: { pk: "SYNC", sk: `RUN#${id}` }, ConsistentRead: true }),
    );
    return Item ? toRun(Item) : undefined;
  }

  /** Runs, newest first. */
  async listRuns(limit = 20): Promise<SyncRun[]> {
    const out: SyncRun[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.store.doc.send(
        new QueryCommand({
          TableName: this.store.table,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
          ExpressionAttributeValues: { ":pk": "SYNC", ":sk": "RUN#" },
          ScanIndexForward: false,
          Limit: limit - out.length,
          ExclusiveStartKey: start,
          ConsistentRead: true,
        }),
      );
      for (const item of page.Items ?? []) out.push(toRun(item));
      start = page.LastEvaluatedKey;
    } while (start && out.length < limit);
    return out;
  }

  /** Stores a checkpoint under `key` (overwriting a previous one); parts of one write share a write id. */
  async putCheckpoint(runId: string, key: string, value: unknown): Promise<void> {
    const packed = gzipSync(JSON.stringify(value));
    const writeId = randomUUID();
    const parts = Math.max(1, Math.ceil(packed.length / PART_BYTES));
    const expiresAt = Math.floor(Date.now() / 1000) + CHECKPOINT_TTL_S;
    await batchWriteAll(
      this.store,
      Array.from({ length: parts }, (_, i) => ({
        PutRequest: {
          Item: {
            pk: `SYNCDATA#${runId}`,
            sk: `${key}#${String(i).padStart(3, "0")}`,
            key,
            part: i,
            parts,
            writeId,
            data: packed.subarray(i * PART_BYTES, (i + 1) * PART_BYTES),
            expiresAt,
          },
        },
      })),
    );
  }

  /** Every complete checkpoint of a run, by key; a checkpoint whose parts were not all written is left out. */
  async readCheckpoints(runId: string): Promise<Map<string, unknown>> {
    const parts = new Map<string, { writeId: string; parts: number; data: Map<number, Uint8Array> }>();
    const items = await queryAll(this.store, {
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": `SYNCDATA#${runId}` },
      ConsistentRead: true,
    });
    for (const item of items) {
      const entry = parts.get(item.key);
      // Part 0 decides which write a key belongs to; parts of an older, larger write are ignored.
      if (item.part === 0) {
        const data = entry && entry.writeId === item.writeId ? entry.data : new Map<number, Uint8Array>();
        data.set(0, item.data as Uint8Array);
        parts.set(item.key, { writeId: item.writeId, parts: item.parts, data });
      } else if (!entry) {
        parts.set(item.key, { writeId: item.writeId, parts: item.parts, data: new Map([[item.part, item.data as Uint8Array]]) });
      } else if (entry.writeId === item.writeId) {
        entry.data.set(item.part, item.data as Uint8Array);
      }
    }

    const out = new Map<string, unknown>();
    for (const [key, entry] of parts) {
      if (!entry.data.has(0)) continue;
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < entry.parts; i++) {
        const chunk = entry.data.get(i);
        if (!chunk) break;
        chunks.push(chunk);
      }
      if (chunks.length !== entry.parts) continue;
      out.set(key, JSON.parse(gunzipSync(Buffer.concat(chunks)).toString("utf8")));
    }
    return out;
  }

  async deleteCheckpoints(runId: string): Promise<void> {
    const items = await queryAll(this.store, {
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": `SYNCDATA#${runId}` },
      ProjectionExpression: "pk, sk",
    });
    if (items.length) await batchWriteAll(this.store, items.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })));
  }
}

function toRun(item: Record<string, unknown>): SyncRun {
  const { pk: _pk, sk: _sk, type: _type, owner: _owner, ...run } = item;
  return run as unknown as SyncRun;
}
