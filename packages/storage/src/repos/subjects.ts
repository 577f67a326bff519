import { BatchGetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { queryByPrefix } from "../query.ts";
import { batchWriteAll } from "../batch.ts";
import { isConditionalCheckFailed, sha256Hex } from "../secrets.ts";
import type { Store } from "../store.ts";
import { normalizeEmail } from "./users.ts";

/**
 * A data subject (a candidate) as erasure requests name them. Emails compare case-insensitively; an ATS candidate
 * id is only unique within its provider, so a request without a provider covers every provider.
 */
export type Subject = { kind: "email"; email: string } | { kind: "ats"; provider: string; candidateId: string };

/** Emails are stored hashed in the index, so the index itself holds no readable contact data. */
export function subjectKey(subject: Subject): string {
  if (subject.kind === "email") return `email:${sha256Hex(normalizeEmail(subject.email))}`;
  return `ats:${subject.provider}:${subject.candidateId}`;
}

const pk = (accountId: string, key: string) => `SUBJECT#${accountId}#${key}`;
/** Erasure counter of a subject: beside the index items, outside their MATCH# prefix. */
const MARK_SK = "#ERASURES";
/**
 * How long an erasure counter is kept after the last erasure: far longer than any screening runs, short enough that
 * the hashed identifier in its key does not outlive the erasure by much.
 */
const MARK_TTL_SECONDS = 24 * 3600;
const BATCH_GET_SIZE = 100;

/** Erasures of one subject: how many have started, and the number of the latest one that finished. */
export interface ErasureMark {
  started: number;
  finished: number;
}

/**
 * Subject keys that an erasure may have missed between two readings of their marks taken around a screening's
 * writes: any erasure that had not finished at the first reading (it may have read the index before the writes),
 * or that started since.
 */
export function erasedSince(before: Map<string, ErasureMark>, after: Map<string, ErasureMark>): Set<string> {
  const keys = new Set<string>();
  for (const [key, mark] of after) if (mark.started > (before.get(key)?.finished ?? 0)) keys.add(key);
  return keys;
}

/**
 * Subject index: pk SUBJECT#<account>#<subject key>, sk MATCH#<match id>, written with every screening, so erasure
 * finds a candidate's matches with one query per subject instead of a table scan. For ATS screenings the match id
 * is also the screening job id.
 */
export class SubjectRepository {
  private readonly store: Store;
  constructor(store: Store) {
    this.store = store;
  }

  /** Links subjects to matches; items expire with the data they point to. */
  async link(accountId: string, links: { subjects: Subject[]; matchId: string; expiresAt?: number }[]): Promise<void> {
    const requests = links.flatMap((link) =>
      [...new Set(link.subjects.map(subjectKey))].map((key) => ({
        PutRequest: {
          Item: {
            pk: pk(accountId, key),
            sk: `MATCH#${link.matchId}`,
            type: "subject",
            matchId: link.matchId,
            ...(link.expiresAt !== undefined ? { expiresAt: link.expiresAt } : {}),
          },
        },
      })),
    );
    if (requests.length) await batchWriteAll(this.store, requests);
  }

  /** Match ids linked to the subject, expired links included (erasure should reach data TTL has not removed yet). */
  async matchIds(accountId: string, subject: Subject): Promise<string[]> {
    const items = await queryByPrefix(this.store, pk(accountId, subjectKey(subject)), "MATCH#", { consistent: true });
    return items.map((i) => i.matchId as string);
  }

  /** Removes the subject's index items; returns how many there were. */
  async unlink(accountId: string, subject: Subject): Promise<number> {
    const key = pk(accountId, subjectKey(subject));
    const items = await queryByPrefix(this.store, key, "MATCH#", { consistent: true });
    if (items.length) await batchWriteAll(this.store, items.map((i) => ({ DeleteRequest: { Key: { pk: key, sk: i.sk } } })));
    return items.length;
  }

  /**
   * Starts an erasure of each subject: counts it as started and returns, per subject key, the number it got, which
   * `finishErasure` records once the erasure is done. A screening reads the marks before it stores anything and
   * again after (`erasureMarks`, `erasedSince`).
   */
  async markErasure(accountId: string, subjects: Subject[], now: Date = new Date()): Promise<Map<string, number>> {
    const expiresAt = Math.floor(now.getTime() / 1000) + MARK_TTL_SECONDS;
    const started = new Map<string, number>();
    for (const key of new Set(subjects.map(subjectKey))) {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: { pk: pk(accountId, key), sk: MARK_SK },
          // `finished` starts at 0 on a new mark; a mark written before it existed counts its erasures as finished.
          UpdateExpression: "ADD erasures :one SET #type = :type, expiresAt = :exp, finished = if_not_exists(finished, :zero)",
          ExpressionAttributeNames: { "#type": "type" },
          ExpressionAttributeValues: { ":one": 1, ":zero": 0, ":type": "subject-erasures", ":exp": expiresAt },
          ReturnValues: "UPDATED_NEW",
        }),
      );
      started.set(key, Number(Attributes?.erasures ?? 1));
    }
    return started;
  }

  /**
   * Records that the erasures numbered in `started` (from `markErasure`) are done. Monotonic: a slower, earlier
   * erasure never lowers the mark. An erasure that fails before this keeps its subjects marked as being erased, so
   * screenings of them take their results back until the erasure is repeated or the mark expires.
   */
  async finishErasure(accountId: string, started: Map<string, number>): Promise<void> {
    for (const [key, number] of started) {
      try {
        await this.store.doc.send(
          new UpdateCommand({
            TableName: this.store.table,
            Key: { pk: pk(accountId, key), sk: MARK_SK },
            UpdateExpression: "SET finished = :n",
            ConditionExpression: "finished < :n",
            ExpressionAttributeValues: { ":n": number },
          }),
        );
      } catch (err) {
        // A later erasure finished first, or the mark expired: nothing to record.
        if (!isConditionalCheckFailed(err)) throw err;
      }
    }
  }

  /** Erasure marks by subject key ({ started: 0, finished: 0 } for a subject never erased). */
  async erasureMarks(accountId: string, subjects: Subject[]): Promise<Map<string, ErasureMark>> {
    const keys = [...new Set(subjects.map(subjectKey))];
    const marks = new Map<string, ErasureMark>(keys.map((k) => [k, { started: 0, finished: 0 }]));
    for (let i = 0; i < keys.length; i += BATCH_GET_SIZE) {
      let request: Record<string, unknown>[] = keys.slice(i, i + BATCH_GET_SIZE).map((k) => ({ pk: pk(accountId, k), sk: MARK_SK }));
      for (let attempt = 1; request.length; attempt++) {
        if (attempt > 8) throw new Error(`${request.length} erasure marks stayed unprocessed after 8 attempts`);
        const result = await this.store.doc.send(
          new BatchGetCommand({ RequestItems: { [this.store.table]: { Keys: request, ConsistentRead: true } } }),
        );
        for (const item of result.Responses?.[this.store.table] ?? []) {
          const started = Number(item.erasures ?? 0);
          marks.set(String(item.pk).slice(pk(accountId, "").length), { started, finished: Number(item.finished ?? started) });
        }
        request = (result.UnprocessedKeys?.[this.store.table]?.Keys ?? []) as Record<string, unknown>[];
        if (request.length) await new Promise((r) => setTimeout(r, Math.min(2000, 50 * 2 ** attempt)));
      }
    }
    return marks;
  }

  /** Removes every index item pointing at the given matches under any of the subjects. */
  async unlinkMatches(accountId: string, subjects: Subject[], matchIds: string[]): Promise<void> {
    const requests = [...new Set(subjects.map(subjectKey))].flatMap((key) =>
      matchIds.map((id) => ({ DeleteRequest: { Key: { pk: pk(accountId, key), sk: `MATCH#${id}` } } })),
    );
    if (requests.length) await batchWriteAll(this.store, requests);
  }
}
