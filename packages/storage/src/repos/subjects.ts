import { createHash } from "node:crypto";
import { queryByPrefix } from "../query.ts";
import { batchWriteAll } from "../batch.ts";
import type { Store } from "../store.ts";
import { normalizeEmail } from "./users.ts";

/**
 * A data subject (a candidate) as erasure requests name them. Emails compare case-insensitively; an ATS candidate
 * id is only unique within its provider, so a request without a provider covers every provider.
 */
export type Subject = { kind: "email"; email: string } | { kind: "ats"; provider: string; candidateId: string };

/** Emails are stored hashed in the index, so the index itself holds no readable contact data. */
export function subjectKey(subject: Subject): string {
  if (subject.kind === "email") return `email:${createHash("sha256").update(normalizeEmail(subject.email), "utf8").digest("hex")}`;
  return `ats:${subject.provider}:${subject.candidateId}`;
}

const pk = (accountId: string, key: string) => `SUBJECT#${accountId}#${key}`;

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

  /** Removes every index item pointing at the given matches under any of the subjects. */
  async unlinkMatches(accountId: string, subjects: Subject[], matchIds: string[]): Promise<void> {
    const requests = [...new Set(subjects.map(subjectKey))].flatMap((key) =>
      matchIds.map((id) => ({ DeleteRequest: { Key: { pk: pk(accountId, key), sk: `MATCH#${id}` } } })),
    );
    if (requests.length) await batchWriteAll(this.store, requests);
  }
}
