import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { isExpired } from "../retention.ts";
import type { Store } from "../store.ts";
import { isConditionalCheckFailed } from "../secrets.ts";

export const WRITE_BACK_STEPS = ["note", "custom_field", "tag"] as const;
export type WriteBackStep = (typeof WRITE_BACK_STEPS)[number];

/** One remote write that happened: recorded right after the provider confirmed it, before the next step. */
export interface WriteBackRecord {
  jobId: string;
  step: WriteBackStep;
  /** Provider id of what was created (note id, tag id), when it has one. */
  remoteId?: string;
  /** What was written (field and value, tag name), for the admin view. */
  detail: string;
  /** `posted`: we made the write; `found`: an earlier attempt made it and we found it before writing again. */
  how: "posted" | "found";
  at: string;
  /** TTL, epoch seconds: the job's, so a step goes with the job it belongs to. */
  expiresAt?: number;
}

const key = (jobId: string, step: WriteBackStep) => ({ pk: `ATSJOB#${jobId}`, sk: `WRITE#${step}` });

/** Write-back records live in their job's partition (pk ATSJOB#<job>, sk WRITE#<step>), so one query reads them all. */
export class WriteBackRepository {
  private readonly store: Store;
  constructor(store: Store) {
    this.store = store;
  }

  /** Records a write once; a second record of the same step keeps the first (returns false). */
  async record(write: WriteBackRecord): Promise<boolean> {
    try {
      await this.store.doc.send(
        new PutCommand({
          TableName: this.store.table,
          Item: { ...key(write.jobId, write.step), type: "ats-write-back", ...write },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  }

  async list(jobId: string, now: Date = new Date()): Promise<WriteBackRecord[]> {
    const page = await this.store.doc.send(
      new QueryCommand({
        TableName: this.store.table,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :w)",
        ExpressionAttributeValues: { ":pk": `ATSJOB#${jobId}`, ":w": "WRITE#" },
        ConsistentRead: true,
      }),
    );
    return (page.Items ?? []).filter((i) => !isExpired(i, now)).map((i) => {
      const { pk: _pk, sk: _sk, type: _t, ...record } = i;
      return record as WriteBackRecord;
    });
  }
}
