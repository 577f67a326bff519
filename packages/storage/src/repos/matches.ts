import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { batchWriteAll } from "../batch.ts";
import { queryPage } from "../query.ts";
import { isExpired } from "../retention.ts";
import type { Store } from "../store.ts";
import { isConditionalCheckFailed } from "../secrets.ts";

export interface StoredCandidate {
  first_name: string;
  last_name: string;
  email: string;
  /** LinkedIn URL as given (spec 2.6 calls it linkedin_profile, 2.7 linkedin_url). */
  linkedin: string;
  phone: string;
}

export interface MatchRecord<Full = unknown, Compact = unknown> {
  matchId: string;
  accountId: string;
  jobPostId: string;
  /** 0–100 with two decimals: the match score, also the sort key of job-post listings. */
  matchScore: number;
  candidate: StoredCandidate;
  /** Compact insights (spec 2.7a). */
  insights: Compact;
  /** Full result (spec 2.8) when the match was made by POST /match-insights. */
  full?: Full;
  createdAt: string;
  /** TTL, epoch seconds (the account's retention at write time); past it the match reads as gone. */
  expiresAt?: number;
}

export interface JobPostRecord {
  accountId: string;
  jobPostId: string;
  title: string;
  location: string;
  createdAt: string;
  /** TTL, epoch seconds; past it the post reads as gone and the next screening records it afresh. */
  expiresAt?: number;
}

export interface MatchPage<F, C> {
  items: MatchRecord<F, C>[];
  /** Position after the last item, when more may follow. */
  next?: { score: string; createdAt: string; matchId: string };
}

/** Inverted score first, so an ascending index query returns the best matches first; then creation time and id. */
const sortKey = (matchScore: number, createdAt: string, matchId: string) =>
  `${String(10_000 - Math.max(0, Math.min(10_000, Math.round(matchScore * 100)))).padStart(5, "0")}#${createdAt}#${matchId}`;

export class MatchRepository {
  private readonly store: Store;
  private readonly now: () => Date;
  constructor(store: Store, options: { now?: () => Date } = {}) {
    this.store = store;
    this.now = options.now ?? (() => new Date());
  }

  private item(m: MatchRecord) {
    return {
      pk: `MATCH#${m.matchId}`,
      sk: "#MATCH",
      type: "match",
      gsi1pk: `JOBPOST#${m.accountId}#${m.jobPostId}`,
      gsi1sk: sortKey(m.matchScore, m.createdAt, m.matchId),
      ...m,
    };
  }

  async put(match: MatchRecord): Promise<void> {
    await this.store.doc.send(new PutCommand({ TableName: this.store.table, Item: this.item(match) }));
  }

  async putMany(matches: MatchRecord[]): Promise<void> {
    await batchWriteAll(
      this.store,
      matches.map((m) => ({ PutRequest: { Item: this.item(m) } })),
    );
  }

  /** The match, if it exists and belongs to the account (another account's match is indistinguishable from none). */
  async get<F, C>(accountId: string, matchId: string): Promise<MatchRecord<F, C> | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: { pk: `MATCH#${matchId}`, sk: "#MATCH" } }),
    );
    if (!Item || Item.accountId !== accountId || isExpired(Item, this.now())) return undefined;
    const { pk: _pk, sk: _sk, type: _t, gsi1pk: _g1, gsi1sk: _g2, ...record } = Item;
    return record as MatchRecord<F, C>;
  }

  /** Matches of one job post, best score first, oldest first among equals; expired matches are skipped. */
  async listByJobPost<F, C>(
    accountId: string,
    jobPostId: string,
    limit: number,
    after?: { score: string; createdAt: string; matchId: string },
  ): Promise<MatchPage<F, C>> {
    const gsi1pk = `JOBPOST#${accountId}#${jobPostId}`;
    const start = after && {
      gsi1pk,
      gsi1sk: `${after.score}#${after.createdAt}#${after.matchId}`,
      pk: `MATCH#${after.matchId}`,
      sk: "#MATCH",
    };
    const page = await queryPage(
      this.store,
      {
        IndexName: "gsi1",
        KeyConditionExpression: "gsi1pk = :pk",
        FilterExpression: "attribute_not_exists(expiresAt) OR expiresAt > :now",
        ExpressionAttributeValues: { ":pk": gsi1pk, ":now": Math.floor(this.now().getTime() / 1000) },
      },
      limit,
      start,
    );
    const items = page.items.map((i) => {
      const { pk: _pk, sk: _sk, type: _t, gsi1pk: _g1, gsi1sk: _g2, ...record } = i;
      return record as MatchRecord<F, C>;
    });
    const last = items.at(-1);
    if (!page.lastKey || !last) return { items };
    const [score] = sortKey(last.matchScore, last.createdAt, last.matchId).split("#") as [string];
    return { items, next: { score, createdAt: last.createdAt, matchId: last.matchId } };
  }

  /** Erasure: removes the match (and so its place in the job post's listing); returns what was removed, if it existed. */
  async delete(accountId: string, matchId: string): Promise<MatchRecord | undefined> {
    try {
      const { Attributes } = await this.store.doc.send(
        new DeleteCommand({
          TableName: this.store.table,
          Key: { pk: `MATCH#${matchId}`, sk: "#MATCH" },
          ConditionExpression: "accountId = :account",
          ExpressionAttributeValues: { ":account": accountId },
          ReturnValues: "ALL_OLD",
        }),
      );
      if (!Attributes) return undefined;
      const { pk: _pk, sk: _sk, type: _t, gsi1pk: _g1, gsi1sk: _g2, ...record } = Attributes;
      return record as MatchRecord;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return undefined;
      throw err;
    }
  }
}

export class JobPostRepository {
  private readonly store: Store;
  private readonly now: () => Date;
  constructor(store: Store, options: { now?: () => Date } = {}) {
    this.store = store;
    this.now = options.now ?? (() => new Date());
  }

  async get(accountId: string, jobPostId: string): Promise<JobPostRecord | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({
        TableName: this.store.table,
        Key: { pk: `ACCOUNT#${accountId}`, sk: `JOBPOST#${jobPostId}` },
        ConsistentRead: true,
      }),
    );
    if (!Item || isExpired(Item, this.now())) return undefined;
    const { pk: _pk, sk: _sk, type: _t, ...record } = Item;
    return record as JobPostRecord;
  }

  /**
   * Records the job post on first sight and returns the stored record (its createdAt is the posted date); a post seen
   * again lives as long as its newest match: its expiry moves forward to this screening's (retention shortened since
   * then does not shorten it, as for all stored data). One conditional update does both, so a screening pays one
   * round trip for its post; concurrent first sightings keep the earliest record's fields.
   */
  async upsert(post: JobPostRecord): Promise<JobPostRecord> {
    const { expiresAt, ...fields } = post;
    if (expiresAt === undefined) return this.create(post);
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    let old: Record<string, unknown> | undefined;
    try {
      ({ Attributes: old } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: { pk: `ACCOUNT#${post.accountId}`, sk: `JOBPOST#${post.jobPostId}` },
          UpdateExpression: `SET #type = :type, expiresAt = :e, ${Object.keys(fields).map((k) => `#${k} = if_not_exists(#${k}, :${k})`).join(", ")}`,
          // "<=": a screening in the same second as the last one writes too, rather than failing into a second read.
          ConditionExpression: "attribute_not_exists(pk) OR expiresAt <= :e",
          ExpressionAttributeNames: { "#type": "type", ...Object.fromEntries(Object.keys(fields).map((k) => [`#${k}`, k])) },
          ExpressionAttributeValues: { ":type": "job-post", ":e": expiresAt, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`:${k}`, v])) },
          ReturnValues: "ALL_OLD",
        }),
      ));
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
      // Stored with a later expiry (retention shortened since) or none (written before expiries): read as it is.
      return (await this.get(post.accountId, post.jobPostId)) ?? this.create(post);
    }
    if (!old) return post;
    // An expired post that TTL had not removed yet counts as missing: this screening's post replaces it.
    if (isExpired(old, new Date(nowSeconds * 1000))) {
      await this.store.doc.send(new PutCommand({ TableName: this.store.table, Item: { pk: `ACCOUNT#${post.accountId}`, sk: `JOBPOST#${post.jobPostId}`, type: "job-post", ...post } }));
      return post;
    }
    const { pk: _pk, sk: _sk, type: _t, ...record } = old;
    return { ...(record as unknown as JobPostRecord), expiresAt };
  }

  /** First sighting without an expiry: created only if absent (or expired), else the stored record. */
  private async create(post: JobPostRecord): Promise<JobPostRecord> {
    try {
      await this.store.doc.send(
        new PutCommand({
          TableName: this.store.table,
          Item: { pk: `ACCOUNT#${post.accountId}`, sk: `JOBPOST#${post.jobPostId}`, type: "job-post", ...post },
          ConditionExpression: "attribute_not_exists(pk) OR expiresAt <= :now",
          ExpressionAttributeValues: { ":now": Math.floor(this.now().getTime() / 1000) },
        }),
      );
      return post;
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
    return (await this.get(post.accountId, post.jobPostId))!;
  }
}

