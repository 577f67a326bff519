import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { batchWriteAll } from "../batch.ts";
import { queryAll, queryPage } from "../query.ts";
import { isExpired } from "../retention.ts";
import { isConditionFailure } from "../secrets.ts";
import type { Store } from "../store.ts";
import type { AtsProvider } from "./connections.ts";

/**
 * queued → running → done | skipped; running → queued (retry later) or dead (dead letter) on failure.
 * A running job whose lease expired is claimable again: that is how a crashed worker's job is recovered.
 */
export const JOB_STATUSES = ["queued", "running", "done", "skipped", "dead"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Which queue carries the job: the DynamoDB-backed one of `npm start`, or SQS on AWS. */
export type QueueKind = "embedded" | "sqs";

/** The screening outcome, recorded before any write-back so a retry posts the same score it would have. */
export interface ScoredStep {
  matchId: string;
  score: number;
  jobTitle: string;
  candidateName: string;
  candidateId: string;
  atsJobId: string;
  strengths: string[];
  gaps: string[];
  /** Why the result may be less complete than usual (no resume, unreadable resume). */
  warnings: string[];
  scoredAt: string;
}

export interface JobError {
  at: string;
  attempt: number;
  message: string;
}

export interface ScreeningJob {
  jobId: string;
  connectionId: string;
  accountId: string;
  provider: AtsProvider;
  /** Provider id of the application (Lever: the opportunity). */
  applicationId: string;
  candidateId?: string;
  atsJobId?: string;
  status: JobStatus;
  queue: QueueKind;
  attempts: number;
  /** Earliest time the embedded queue hands the job out (next retry). */
  visibleAt: string;
  leaseToken?: string;
  leaseUntil?: string;
  scored?: ScoredStep;
  /** The most recent errors, newest last (at most MAX_ERRORS). */
  errors: JobError[];
  lastError?: string;
  skippedReason?: string;
  deliveryKey: string;
  eventType: string;
  createdAt: string;
  updatedAt: string;
  finishedAt?: string;
  deadAt?: string;
  /** TTL, epoch seconds (the account's retention when the job was created); past it the job reads as gone. */
  expiresAt?: number;
}

const MAX_ERRORS = 10;
const DEAD_PK = "ATSDEAD";
const key = (jobId: string) => ({ pk: `ATSJOB#${jobId}`, sk: "#JOB" });

/** Position of a job in the embedded queue's index: due time first, so a range query returns what is due. */
const queuePosition = (at: string, jobId: string) => `${at}#${jobId}`;

export type NewJob = Pick<
  ScreeningJob,
  "jobId" | "connectionId" | "accountId" | "provider" | "applicationId" | "candidateId" | "atsJobId" | "deliveryKey" | "eventType" | "expiresAt"
>;

/** What erasing a job removed: the job (with its queue or dead-letter entry), write-back steps, delivery back-links. */
export interface ErasedJob {
  job?: ScreeningJob;
  writeBacks: number;
  deliveries: { connectionId: string; deliveryKey: string }[];
}

/**
 * Screening jobs, one per connection and application (the job id is derived from both, so a second delivery for the
 * same application finds the first job). Jobs of the embedded queue also sit in gsi1 under `ATSQUEUE#<queue name>`,
 * sorted by the time they become due (processes sharing a table can keep separate queues); dead letters of either
 * queue sit under `ATSDEAD`, newest first.
 */
export class ScreeningJobRepository {
  private readonly store: Store;
  private readonly queuePk: string;
  constructor(store: Store, options: { queueName?: string } = {}) {
    this.store = store;
    this.queuePk = `ATSQUEUE#${options.queueName ?? "default"}`;
  }

  /** Creates the job unless it exists; either way returns the stored job and whether this call created it. */
  async create(input: NewJob, queue: QueueKind, now: Date = new Date()): Promise<{ created: boolean; job: ScreeningJob }> {
    const at = now.toISOString();
    const job: ScreeningJob = { ...input, status: "queued", queue, attempts: 0, visibleAt: at, errors: [], createdAt: at, updatedAt: at };
    try {
      await this.store.doc.send(
        new PutCommand({
          TableName: this.store.table,
          Item: { ...key(input.jobId), type: "ats-job", ...(queue === "embedded" ? { gsi1pk: this.queuePk, gsi1sk: queuePosition(at, input.jobId) } : {}), ...job },
          // A job past its retention that TTL has not removed yet is replaced like a missing one.
          ConditionExpression: "attribute_not_exists(pk) OR expiresAt <= :now",
          ExpressionAttributeValues: { ":now": Math.floor(now.getTime() / 1000) },
        }),
      );
      return { created: true, job };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    const existing = await this.get(input.jobId, now);
    if (!existing) throw new Error(`job ${input.jobId} exists and does not`);
    return { created: false, job: existing };
  }

  async get(jobId: string, now: Date = new Date()): Promise<ScreeningJob | undefined> {
    const { Item } = await this.store.doc.send(new GetCommand({ TableName: this.store.table, Key: key(jobId), ConsistentRead: true }));
    return Item && !isExpired(Item, now) ? toJob(Item) : undefined;
  }

  /**
   * Erasure: deletes the job's whole partition (the job, and with it its queue or dead-letter index entry; its
   * write-back steps; its delivery back-links) when the job belongs to the account. The caller deletes the deliveries.
   */
  async erase(accountId: string, jobId: string): Promise<ErasedJob> {
    const items = await queryAll(this.store, {
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": `ATSJOB#${jobId}` },
      ConsistentRead: true,
    });
    const jobItem = items.find((i) => i.sk === "#JOB");
    // Ids come from the account's own subject index; a job item of another account is still never touched.
    if (!items.length || (jobItem && jobItem.accountId !== accountId)) return { writeBacks: 0, deliveries: [] };
    await batchWriteAll(this.store, items.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })));
    return {
      ...(jobItem ? { job: toJob(jobItem) } : {}),
      writeBacks: items.filter((i) => String(i.sk).startsWith("WRITE#")).length,
      deliveries: items
        .filter((i) => String(i.sk).startsWith("DELIVERY#"))
        .map((i) => ({ connectionId: i.connectionId as string, deliveryKey: i.deliveryKey as string })),
    };
  }

  /**
   * Takes the job for `leaseMs`: only a queued job, or a running one whose lease ran out (its worker died), can be
   * claimed. Counts the attempt. Undefined when someone else holds it or it is finished.
   */
  async claim(jobId: string, token: string, leaseMs: number, now: Date = new Date()): Promise<ScreeningJob | undefined> {
    const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: key(jobId),
          UpdateExpression:
            // gsi1sk alone does not index a job (gsi1 needs gsi1pk too), so SQS jobs stay out of the queue index.
            "SET #status = :running, leaseToken = :token, leaseUntil = :until, attempts = attempts + :one, updatedAt = :now, gsi1sk = :pos",
          ConditionExpression:
            "attribute_exists(pk) AND (#status = :queued OR (#status = :running AND leaseUntil <= :now)) AND (attribute_not_exists(expiresAt) OR expiresAt > :epoch)",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: {
            ":running": "running",
            ":queued": "queued",
            ":token": token,
            ":until": leaseUntil,
            ":one": 1,
            ":now": now.toISOString(),
            ":epoch": Math.floor(now.getTime() / 1000),
            // In the embedded queue the job stays indexed at its lease end, so it resurfaces if this worker dies.
            ":pos": queuePosition(leaseUntil, jobId),
          },
          ReturnValues: "ALL_NEW",
        }),
      );
      return Attributes && toJob(Attributes);
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
  }

  /** Extends a held lease; false when the lease was lost (expired and taken by another worker). */
  async extendLease(jobId: string, token: string, leaseMs: number, now: Date = new Date()): Promise<boolean> {
    const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
    return this.guarded(jobId, token, "SET leaseUntil = :until, gsi1sk = :pos", { ":until": leaseUntil, ":pos": queuePosition(leaseUntil, jobId) });
  }

  /** Records the screening outcome under the lease. */
  async recordScored(jobId: string, token: string, scored: ScoredStep): Promise<boolean> {
    return this.guarded(jobId, token, "SET scored = :scored, candidateId = :cand, atsJobId = :job, updatedAt = :now", {
      ":scored": scored,
      ":cand": scored.candidateId,
      ":job": scored.atsJobId,
      ":now": new Date().toISOString(),
    });
  }

  async complete(jobId: string, token: string, now: Date = new Date()): Promise<boolean> {
    return this.finish(jobId, token, "done", {}, now);
  }

  async skip(jobId: string, token: string, reason: string, now: Date = new Date()): Promise<boolean> {
    return this.finish(jobId, token, "skipped", { skippedReason: reason }, now);
  }

  /** Gives the job back for another attempt at `visibleAt`, remembering the error. */
  async release(jobId: string, token: string, error: JobError, previous: JobError[], visibleAt: Date, now: Date = new Date()): Promise<boolean> {
    const due = visibleAt.toISOString();
    return this.guarded(
      jobId,
      token,
      "SET #status = :queued, visibleAt = :due, gsi1sk = :pos, #errors = :errors, lastError = :msg, updatedAt = :now REMOVE leaseToken, leaseUntil",
      {
        ":queued": "queued",
        ":due": due,
        ":pos": queuePosition(due, jobId),
        ":errors": [...previous, error].slice(-MAX_ERRORS),
        ":msg": error.message,
        ":now": now.toISOString(),
      },
      { "#status": "status", "#errors": "errors" },
    );
  }

  /** Moves the job to the dead letters with its error; it stays there until replayed. */
  async bury(jobId: string, token: string, error: JobError, previous: JobError[], now: Date = new Date()): Promise<boolean> {
    const at = now.toISOString();
    return this.guarded(
      jobId,
      token,
      "SET #status = :dead, deadAt = :at, gsi1pk = :deadpk, gsi1sk = :pos, #errors = :errors, lastError = :msg, updatedAt = :at REMOVE leaseToken, leaseUntil",
      {
        ":dead": "dead",
        ":at": at,
        ":deadpk": DEAD_PK,
        ":pos": queuePosition(at, jobId),
        ":errors": [...previous, error].slice(-MAX_ERRORS),
        ":msg": error.message,
      },
      { "#status": "status", "#errors": "errors" },
    );
  }

  /**
   * Puts a dead job back in line with a fresh attempt budget; recorded steps (score, write-backs) are kept, so the
   * replay continues where the job stopped. Undefined when the job is not dead.
   */
  async replay(jobId: string, queue: QueueKind, now: Date = new Date()): Promise<ScreeningJob | undefined> {
    const at = now.toISOString();
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: key(jobId),
          UpdateExpression:
            queue === "embedded"
              ? "SET #status = :queued, attempts = :zero, visibleAt = :at, #queue = :queue, gsi1pk = :qpk, gsi1sk = :pos, updatedAt = :at REMOVE deadAt"
              : "SET #status = :queued, attempts = :zero, visibleAt = :at, #queue = :queue, updatedAt = :at REMOVE deadAt, gsi1pk, gsi1sk",
          ConditionExpression: "#status = :dead",
          ExpressionAttributeNames: { "#status": "status", "#queue": "queue" },
          ExpressionAttributeValues: {
            ":queued": "queued",
            ":dead": "dead",
            ":zero": 0,
            ":at": at,
            ":queue": queue,
            ...(queue === "embedded" ? { ":qpk": this.queuePk, ":pos": queuePosition(at, jobId) } : {}),
          },
          ReturnValues: "ALL_NEW",
        }),
      );
      return Attributes && toJob(Attributes);
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
  }

  /** Embedded queue: ids of jobs due at `now` (queued and due, or running with an expired lease), oldest first. */
  async due(now: Date, limit: number): Promise<string[]> {
    const page = await this.store.doc.send(
      new QueryCommand({
        TableName: this.store.table,
        IndexName: "gsi1",
        KeyConditionExpression: "gsi1pk = :pk AND gsi1sk <= :now",
        ExpressionAttributeValues: { ":pk": this.queuePk, ":now": `${now.toISOString()}#~` },
        ProjectionExpression: "jobId",
        Limit: limit,
      }),
    );
    return (page.Items ?? []).map((i) => i.jobId as string);
  }

  /** Dead letters, newest first, optionally of one connection. */
  async listDead(options: { limit: number; after?: string; connectionId?: string }): Promise<{ jobs: ScreeningJob[]; next?: string }> {
    const now = new Date();
    // A connection filter can leave pages short; queryPage reads on until the page is full or the index ends.
    const page = await queryPage(
      this.store,
      {
        IndexName: "gsi1",
        KeyConditionExpression: "gsi1pk = :pk",
        ...(options.connectionId
          ? { FilterExpression: "connectionId = :conn", ExpressionAttributeValues: { ":pk": DEAD_PK, ":conn": options.connectionId } }
          : { ExpressionAttributeValues: { ":pk": DEAD_PK } }),
        ScanIndexForward: false,
      },
      options.limit,
      options.after ? JSON.parse(options.after) : undefined,
      (item) => !isExpired(item, now),
    );
    return { jobs: page.items.map(toJob), ...(page.lastKey ? { next: JSON.stringify(page.lastKey) } : {}) };
  }

  private async finish(jobId: string, token: string, status: "done" | "skipped", extra: Record<string, string>, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const sets = Object.keys(extra).map((k) => `${k} = :${k}`);
    return this.guarded(
      jobId,
      token,
      `SET #status = :status, finishedAt = :at, updatedAt = :at${sets.length ? `, ${sets.join(", ")}` : ""} REMOVE leaseToken, leaseUntil, gsi1pk, gsi1sk`,
      { ":status": status, ":at": at, ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`:${k}`, v])) },
      { "#status": "status" },
    );
  }

  /** An update that applies only while `token` holds the lease. */
  private async guarded(
    jobId: string,
    token: string,
    expression: string,
    values: Record<string, unknown>,
    names?: Record<string, string>,
  ): Promise<boolean> {
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: key(jobId),
          UpdateExpression: expression,
          ConditionExpression: "leaseToken = :lease",
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ...values, ":lease": token },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }
}

function toJob(item: Record<string, unknown>): ScreeningJob {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _g1, gsi1sk: _g2, ...job } = item;
  return { errors: [], ...job } as unknown as ScreeningJob;
}
