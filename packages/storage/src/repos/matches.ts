import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { batchWriteAll } from "../batch.ts";
import type { Store } from "../store.ts";

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
}

export interface JobPostRecord {
  accountId: string;
  jobPostId: string;
  title: string;
  location: string;
  createdAt: string;
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
  constructor(store: Store) {
    this.store = store;
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
    if (!Item || Item.accountId !== accountId) return undefined;
    const { pk: _pk, sk: _sk, type: _t, gsi1pk: _g1, gsi1sk: _g2, ...record } = Item;
    return record as MatchRecord<F, C>;
  }

  /** Matches of one job post, best score first, oldest first among equals. */
  async listByJobPost<F, C>(
    accountId: string,
    jobPostId: string,
    limit: number,
    after?: { score: string; createdAt: string; matchId: string },
  ): Promise<MatchPage<F, C>> {
    const gsi1pk = `JOBPOST#${accountId}#${jobPostId}`;
    const page = await this.store.doc.send(
      new QueryCommand({
        TableName: this.store.table,
        IndexName: "gsi1",
        KeyConditionExpression: "gsi1pk = :pk",
        ExpressionAttributeValues: { ":pk": gsi1pk },
        Limit: limit,
        ...(after
          ? {
              ExclusiveStartKey: {
                gsi1pk,
                gsi1sk: `${after.score}#${after.createdAt}#${after.matchId}`,
                pk: `MATCH#${after.matchId}`,
                sk: "#MATCH",
              },
            }
          : {}),
      }),
    );
    const items = (page.Items ?? []).map((i) => {
      const { pk: _pk, sk: _sk, type: _t, gsi1pk: _g1, gsi1sk: _g2, ...record } = i;
      return record as MatchRecord<F, C>;
    });
    const lastKey = page.LastEvaluatedKey as { gsi1sk?: string } | undefined;
    if (!lastKey?.gsi1sk) return { items };
    const [score, createdAt, matchId] = lastKey.gsi1sk.split("#") as [string, string, string];
    return { items, next: { score, createdAt, matchId } };
  }
}

export class JobPostRepository {
  private readonly store: Store;
  constructor(store: Store) {
    this.store = store;
  }

  async get(accountId: string, jobPostId: string): Promise<JobPostRecord | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({
        TableName: this.store.table,
        Key: { pk: `ACCOUNT#${accountId}`, sk: `JOBPOST#${jobPostId}` },
        ConsistentRead: true,
      }),
    );
    if (!Item) return undefined;
    const { pk: _pk, sk: _sk, type: _t, ...record } = Item;
    return record as JobPostRecord;
  }

  /**
   * Records the job post on first sight and returns the stored record (its createdAt is the posted date). Most calls
   * find the post already there, so it is read first; the create is conditional, so a concurrent first sighting
   * keeps the earlier record.
   */
  async upsert(post: JobPostRecord): Promise<JobPostRecord> {
    const existing = await this.get(post.accountId, post.jobPostId);
    if (existing) return existing;
    try {
      await this.store.doc.send(
        new PutCommand({
          TableName: this.store.table,
          Item: { pk: `ACCOUNT#${post.accountId}`, sk: `JOBPOST#${post.jobPostId}`, type: "job-post", ...post },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
      return post;
    } catch (err) {
      if ((err as { name?: string }).name !== "ConditionalCheckFailedException") throw err;
    }
    return (await this.get(post.accountId, post.jobPostId))!;
  }
}

