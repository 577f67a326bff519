import { BatchGetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { queryByPrefix } from "../query.ts";
import { batchWriteAll } from "../batch.ts";
import { sha256Hex } from "../secrets.ts";
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
   * Counts an erasure of each subject. A screening reads the counters before it stores anything and again after
   * (`erasureMarks`): a change means an erasure ran meanwhile and may have missed what the screening stored.
   */
  async markErasure(accountId: string, subjects: Subject[], now: Date = new Date()): Promise<void> {
    const expiresAt = Math.floor(now.getTime() / 1000) + MARK_TTL_SECONDS;
    for (const key of new Set(subjects.map(subjectKey))) {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: { pk: pk(accountId, key), sk: MARK_SK },
          UpdateExpression: "ADD erasures :one SET #type = :type, expiresAt = :exp",
          ExpressionAttributeNames: { "#type": "type" },
          ExpressionAttributeValues: { ":one": 1, ":type": "subject-erasures", ":exp": expiresAt },
        }),
      );
    }
  }

  /** Erasure counters by subject key (0 for a subject never erased); compare two readings with `sameMarks`. */
  async erasureMarks(accountId: string, subjects: Subject[]): Promise<Map<string, number>> {
    const keys = [...new Set(subjects.map(subjectKey))];
    const marks = new Map(keys.map((k) => [k, 0]));
    for (let i = 0; i < keys.length; i += BATCH_GET_SIZE) {
      let request: Record<string, unknown>[] = keys.slice(i, i + BATCH_GET_SIZE).map((k) => ({ pk: pk(accountId, k), sk: MARK_SK }));
      for (let attempt = 1; request.length; attempt++) {
        if (attempt > 8) throw new Error(`${request.length} erasure marks stayed unprocessed after 8 attempts`);
        const result = await this.store.doc.send(
          new BatchGetCommand({ RequestItems: { [this.store.table]: { Keys: request, ConsistentRead: true } } }),
        );
        for (const item of result.Responses?.[this.store.table] ?? []) {
          marks.set(String(item.pk).slice(pk(accountId, "").length), Number(item.erasures ?? 0));
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
