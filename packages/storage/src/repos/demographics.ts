import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { batchWriteAll } from "../batch.ts";
import { queryAll } from "../query.ts";
import { DEFAULT_RETENTION_DAYS, expiresAtFor, isExpired } from "../retention.ts";
import type { Store } from "../store.ts";
import { companionTableName, demographicsTable } from "../tables.ts";

/** One individual's self-identified answers, as uploaded for a bias audit (raw labels; classified when reported). */
export interface DemographicsRecord {
  accountId: string;
  matchId: string;
  sex?: string;
  raceEthnicity?: string;
  uploadedAt: string;
  /** TTL, epoch seconds: the account's retention from the upload. */
  expiresAt: number;
}

export type DemographicsInput = Pick<DemographicsRecord, "matchId" | "sex" | "raceEthnicity">;

const DELETE_CONCURRENCY = 16;

const key = (accountId: string, matchId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `MATCH#${matchId}` });

/**
 * Demographics live in their own table (tables.ts), which only the HTTP API can reach; nothing in the screening
 * path constructs this repository.
 */
export class DemographicsRepository {
  private readonly store: Store;
  private readonly now: () => Date;
  constructor(store: Store, options: { now?: () => Date } = {}) {
    this.store = { doc: store.doc, table: store.demographicsTable ?? companionTableName(store.table, demographicsTable) };
    this.now = options.now ?? (() => new Date());
  }

  /** Physical table name (for diagnostics and tests). */
  get table(): string {
    return this.store.table;
  }

  /** Stores the rows, replacing any earlier answers for the same match ids; returns how many were written. */
  async putMany(accountId: string, rows: DemographicsInput[], options: { retentionDays?: number } = {}): Promise<number> {
    const now = this.now();
    const uploadedAt = now.toISOString();
    const expiresAt = expiresAtFor(options.retentionDays ?? DEFAULT_RETENTION_DAYS, now);
    await batchWriteAll(
      this.store,
      rows.map((r) => ({
        PutRequest: {
          Item: {
            ...key(accountId, r.matchId),
            accountId,
            matchId: r.matchId,
            ...(r.sex ? { sex: r.sex } : {}),
            ...(r.raceEthnicity ? { raceEthnicity: r.raceEthnicity } : {}),
            uploadedAt,
            expiresAt,
          } satisfies DemographicsRecord & { pk: string; sk: string },
        },
      })),
    );
    return rows.length;
  }

  /** Every unexpired row of the account, in match id order. */
  async listByAccount(accountId: string): Promise<DemographicsRecord[]> {
    const now = this.now();
    const items = await queryAll(this.store, {
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: { ":pk": key(accountId, "").pk, ":sk": "MATCH#" },
    });
    return items
      .filter((item) => !isExpired(item, now))
      .map(({ pk: _pk, sk: _sk, ...record }) => record as DemographicsRecord);
  }

  /** Erasure: deletes the rows of these matches; returns how many existed. */
  async deleteByMatchIds(accountId: string, matchIds: string[]): Promise<number> {
    const unique = [...new Set(matchIds)];
    let deleted = 0;
    let next = 0;
    const worker = async () => {
      while (next < unique.length) {
        const { Attributes } = await this.store.doc.send(
          new DeleteCommand({ TableName: this.store.table, Key: key(accountId, unique[next++]!), ReturnValues: "ALL_OLD" }),
        );
        if (Attributes) deleted++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, unique.length) }, worker));
    return deleted;
  }
}
