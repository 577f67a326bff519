import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { batchWriteAll } from "../batch.ts";
import { queryPage } from "../query.ts";
import { isExpired } from "../retention.ts";
import type { Store } from "../store.ts";
import { isConditionalCheckFailed } from "../secrets.ts";

/** Who asked for a screening: a v1 API credential, or an ATS connection reacting to a webhook. */
export type DecisionSource =
  | {
      kind: "api";
      /** `api-key`: key id; `oauth-client`: client id; `dashboard-user`: user id. */
      credential: { kind: "api-key" | "oauth-client" | "dashboard-user"; id: string };
      /** The v1 operation, e.g. `POST /v1/match-insights`. */
      operation: string;
    }
  | {
      kind: "ats";
      connectionId: string;
      provider: string;
      atsCandidateId?: string;
      atsApplicationId: string;
      atsJobId?: string;
    };

/**
 * What one screening decided and on what basis, as shown to the caller. Immutable: written once, never updated;
 * removed only by TTL (retention) or erasure.
 */
export interface DecisionRecord<Summary = unknown, Full = unknown> {
  matchId: string;
  accountId: string;
  /** When the screening ran (ISO 8601, UTC). */
  createdAt: string;
  /** 0–100 with two decimals, as returned. */
  matchScore: number;
  jobPostId: string;
  source: DecisionSource;
  /** SHA-256 (hex) of the exact texts the engine read. */
  inputs: { jobDescriptionSha256: string; resumeSha256: string };
  engineVersion: string;
  catalogueVersion: string;
  /** Compact insights (labels and summary) and the full result, as the caller received them. */
  summary: Summary;
  full: Full;
  /** The statement that the score is advisory and a person makes the decision. */
  advisory: string;
  /** TTL, epoch seconds (the account's retention at write time). */
  expiresAt?: number;
}

/** What a bias audit reads of a record: a few dozen bytes instead of the whole explanation (several KB). */
export type DecisionScore = Pick<DecisionRecord, "matchId" | "createdAt" | "matchScore" | "engineVersion">;

export interface DecisionPage {
  items: DecisionRecord[];
  /** Opaque position after the last item, when more may follow. */
  cursor?: string;
}

export class InvalidDecisionCursorError extends Error {
  constructor() {
    super("The cursor is not one this listing returned");
  }
}

/** Records are keyed per account and match; gsi1 lists an account's records in time order. */
const key = (accountId: string, matchId: string) => ({ pk: `DECISION#${accountId}#${matchId}`, sk: "#DECISION" });
const listPk = (accountId: string) => `DECISIONS#${accountId}`;
const position = (createdAt: string, matchId: string) => `${createdAt}#${matchId}`;

const encodeCursor = (gsi1sk: string) => Buffer.from(gsi1sk, "utf8").toString("base64url");
/** The cursor that continues a listing after `record` (for callers that cut a page short). */
export const decisionCursor = (record: Pick<DecisionRecord, "createdAt" | "matchId">): string =>
  encodeCursor(position(record.createdAt, record.matchId));
function decodeCursor(cursor: string): { createdAt: string; matchId: string } {
  const raw = Buffer.from(cursor, "base64url").toString("utf8");
  const at = raw.lastIndexOf("#");
  const createdAt = raw.slice(0, at);
  const matchId = raw.slice(at + 1);
  if (at <= 0 || !matchId || Number.isNaN(Date.parse(createdAt))) throw new InvalidDecisionCursorError();
  return { createdAt, matchId };
}

type Item = Record<string, unknown>;
function toRecord(item: Item): DecisionRecord {
  const { pk: _pk, sk: _sk, type: _t, gsi1pk: _g1, gsi1sk: _g2, ...record } = item;
  return record as unknown as DecisionRecord;
}

const item = (record: DecisionRecord) => ({
  ...key(record.accountId, record.matchId),
  type: "decision",
  gsi1pk: listPk(record.accountId),
  gsi1sk: position(record.createdAt, record.matchId),
  ...record,
});

const BATCH_GET_SIZE = 100;
/** BatchGet requests in flight at once when reading many records (a bias audit joins up to every uploaded row). */
const GET_CONCURRENCY = 8;
const PUT_CONCURRENCY = 16;

/**
 * Decision records. There is deliberately no update or overwrite: `putMany` creates each record only if it does not
 * exist, so a retried screening (an ATS redelivery with the same match id) leaves the first record as it was. Records
 * leave the table whole, by TTL or by `erase` (a candidate's erasure request), never piecemeal.
 */
export class DecisionRepository {
  private readonly store: Store;
  private readonly now: () => Date;
  constructor(store: Store, options: { now?: () => Date } = {}) {
    this.store = store;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Creates the records that do not exist yet and leaves existing ones untouched. BatchWriteItem cannot carry a
   * condition, so each record is its own conditional put, sent concurrently.
   */
  async putMany(records: DecisionRecord[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < records.length) await this.putIfAbsent(records[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(PUT_CONCURRENCY, records.length) }, worker));
  }

  /**
   * Records under match ids generated for this screening (UUIDv7, never handed out before): nothing can exist under
   * them to protect, so they go in batches of 25 instead of one conditional put each — a 100-candidate screening is
   * 4 requests, not 100. Ids a caller fixed (ATS deliveries, which can be retried) go through `putMany`.
   */
  async putFresh(records: DecisionRecord[]): Promise<void> {
    if (records.length) await batchWriteAll(this.store, records.map((record) => ({ PutRequest: { Item: item(record) } })));
  }

  private async putIfAbsent(record: DecisionRecord): Promise<void> {
    try {
      await this.store.doc.send(
        new PutCommand({
          TableName: this.store.table,
          Item: item(record),
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }

  async get(accountId: string, matchId: string): Promise<DecisionRecord | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: key(accountId, matchId), ConsistentRead: true }),
    );
    if (!Item || isExpired(Item, this.now())) return undefined;
    return toRecord(Item);
  }

  /** Records by match id (absent and expired ones are left out); keys DynamoDB leaves unprocessed are asked again. */
  async getMany(accountId: string, matchIds: string[]): Promise<Map<string, DecisionRecord>> {
    const found = new Map<string, DecisionRecord>();
    await this.batchGet(accountId, matchIds, undefined, (item) => found.set(item.matchId as string, toRecord(item)));
    return found;
  }

  /** Score, time and engine of each record (absent and expired ones left out): the bias audit's join, projected. */
  async scores(accountId: string, matchIds: string[]): Promise<Map<string, DecisionScore>> {
    const found = new Map<string, DecisionScore>();
    await this.batchGet(accountId, matchIds, ["matchId", "createdAt", "matchScore", "engineVersion", "expiresAt"], (item) => {
      found.set(item.matchId as string, {
        matchId: item.matchId as string,
        createdAt: item.createdAt as string,
        matchScore: item.matchScore as number,
        engineVersion: item.engineVersion as string,
      });
    });
    return found;
  }

  private async batchGet(accountId: string, matchIds: string[], fields: string[] | undefined, onItem: (item: Item) => void): Promise<void> {
    const unique = [...new Set(matchIds)];
    const now = this.now();
    const projection = fields && {
      ProjectionExpression: fields.map((_, i) => `#f${i}`).join(", "),
      ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])),
    };
    const chunks: string[][] = [];
    for (let i = 0; i < unique.length; i += BATCH_GET_SIZE) chunks.push(unique.slice(i, i + BATCH_GET_SIZE));
    let next = 0;
    const worker = async () => {
      while (next < chunks.length) {
        let keys: Item[] = chunks[next++]!.map((id) => key(accountId, id));
        for (let attempt = 1; keys.length; attempt++) {
          if (attempt > 8) throw new Error(`${keys.length} decision keys stayed unprocessed after 8 attempts`);
          const result = await this.store.doc.send(
            new BatchGetCommand({ RequestItems: { [this.store.table]: { Keys: keys, ...projection } } }),
          );
          for (const item of result.Responses?.[this.store.table] ?? []) if (!isExpired(item, now)) onItem(item);
          keys = (result.UnprocessedKeys?.[this.store.table]?.Keys ?? []) as Item[];
          if (keys.length) await new Promise((r) => setTimeout(r, Math.min(2000, 50 * 2 ** attempt)));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(GET_CONCURRENCY, chunks.length) }, worker));
  }

  /**
   * Records of an account created in [from, to), oldest first. `from`/`to` are ISO 8601 instants; expired records
   * are skipped, so a page may need several queries to fill.
   */
  async list(accountId: string, opts: { from?: string; to?: string; limit: number; cursor?: string }): Promise<DecisionPage> {
    const from = opts.from && new Date(opts.from).toISOString();
    const to = opts.to && new Date(opts.to).toISOString();
    // An empty range (DynamoDB refuses a BETWEEN whose bounds are reversed).
    if (from && to && from >= to) return { items: [] };
    const values: Item = { ":pk": listPk(accountId), ":now": Math.floor(this.now().getTime() / 1000) };
    let range = "";
    // Sort keys are `<createdAt>#<id>`, so `>= from` keeps records made at `from` and `< to` drops those made at `to`.
    if (from && to) {
      range = " AND gsi1sk BETWEEN :from AND :to";
      Object.assign(values, { ":from": from, ":to": to });
    } else if (from) {
      range = " AND gsi1sk >= :from";
      values[":from"] = from;
    } else if (to) {
      range = " AND gsi1sk < :to";
      values[":to"] = to;
    }
    let start: Item | undefined;
    if (opts.cursor) {
      const after = decodeCursor(opts.cursor);
      const at = position(after.createdAt, after.matchId);
      // DynamoDB rejects a start key outside the key condition (a 500 otherwise): a cursor carried over from another
      // range, or forged, is refused like any other bad cursor. The key is rebuilt under `accountId`, so a cursor
      // can never move the query into another account's records.
      if ((from && at < from) || (to && at >= to)) throw new InvalidDecisionCursorError();
      start = { gsi1pk: listPk(accountId), gsi1sk: at, ...key(accountId, after.matchId) };
    }
    const page = await queryPage(
      this.store,
      {
        IndexName: "gsi1",
        KeyConditionExpression: `gsi1pk = :pk${range}`,
        FilterExpression: "attribute_not_exists(expiresAt) OR expiresAt > :now",
        ExpressionAttributeValues: values,
      },
      opts.limit,
      start,
    );
    const items = page.items.map(toRecord);
    const last = items.at(-1);
    return page.lastKey && last ? { items, cursor: encodeCursor(position(last.createdAt, last.matchId)) } : { items };
  }

  /** Erasure: deletes the records of the given matches; returns how many existed (expired ones included). */
  async erase(accountId: string, matchIds: string[]): Promise<number> {
    let erased = 0;
    for (const matchId of new Set(matchIds)) {
      const { Attributes } = await this.store.doc.send(
        new DeleteCommand({ TableName: this.store.table, Key: key(accountId, matchId), ReturnValues: "ALL_OLD" }),
      );
      if (Attributes) erased++;
    }
    return erased;
  }
}
