import { randomUUID } from "node:crypto";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { AccountRepository, DEFAULT_RETENTION_DAYS, JobPostRepository, type JobPostRecord } from "@winnow/storage";
import { testService, type TestService } from "./helpers.ts";

// Job posts: the repository's own rules for a post seen again, in one conditional update: first sighting wins the fields, the
// expiry only moves forward, an expired post is replaced.
describe("job posts", () => {
  let t: TestService;
  let clock: Date;
  let posts: JobPostRepository;
  const at = (iso: string) => Date.parse(iso) / 1000;
  const sighting = (jobPostId: string, createdAt: string, expiresAt: number | undefined, title = "Backend Engineer"): JobPostRecord => ({
    accountId: t.accountId,
    jobPostId,
    title,
    location: "Berlin",
    createdAt,
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  });
  const stored = async (jobPostId: string) =>
    (await t.store.doc.send(new GetCommand({ TableName: t.store.table, Key: { pk: `ACCOUNT#${t.accountId}`, sk: `JOBPOST#${jobPostId}` } }))).Item;

  beforeAll(async () => {
    t = await testService();
    posts = new JobPostRepository(t.store, { now: () => clock });
  });

  it("keeps the first sighting's fields and moves the expiry forward, never back", async () => {
    const id = randomUUID();
    clock = new Date("2026-03-01T10:00:00Z");
    const first = await posts.upsert(sighting(id, clock.toISOString(), at("2026-04-01T10:00:00Z")));
    expect(first.createdAt).toBe("2026-03-01T10:00:00.000Z");

    clock = new Date("2026-03-02T10:00:00Z");
    const again = await posts.upsert(sighting(id, clock.toISOString(), at("2026-04-02T10:00:00Z"), "Renamed"));
    expect(again).toEqual(sighting(id, "2026-03-01T10:00:00.000Z", at("2026-04-02T10:00:00Z")));
    // The same second again: same answer, no error.
    expect(await posts.upsert(sighting(id, clock.toISOString(), at("2026-04-02T10:00:00Z")))).toEqual(again);

    // Retention shortened since: a screening with an earlier expiry leaves the post's later one.
    const shorter = await posts.upsert(sighting(id, clock.toISOString(), at("2026-03-05T10:00:00Z")));
    expect(shorter.expiresAt).toBe(at("2026-04-02T10:00:00Z"));
    expect((await stored(id))?.expiresAt).toBe(at("2026-04-02T10:00:00Z"));
    expect((await stored(id))?.title).toBe("Backend Engineer");
  });

  it("replaces a post that expired but is still in the table", async () => {
    const id = randomUUID();
    clock = new Date("2026-03-01T10:00:00Z");
    await posts.upsert(sighting(id, clock.toISOString(), at("2026-03-02T10:00:00Z")));
    clock = new Date("2026-03-03T10:00:00Z");
    const fresh = await posts.upsert(sighting(id, clock.toISOString(), at("2026-03-04T10:00:00Z"), "Data Engineer"));
    expect(fresh).toEqual(sighting(id, "2026-03-03T10:00:00.000Z", at("2026-03-04T10:00:00Z"), "Data Engineer"));
    expect(await posts.get(t.accountId, id)).toEqual(fresh);
  });

  it("records posts without an expiry once and answers the stored one after", async () => {
    const id = randomUUID();
    clock = new Date("2026-03-01T10:00:00Z");
    await posts.upsert(sighting(id, clock.toISOString(), undefined));
    // A post stored before expiries existed is read as it is, whatever expiry the new screening brings.
    const later = await posts.upsert(sighting(id, "2026-03-09T10:00:00.000Z", at("2026-05-01T10:00:00Z"), "Other"));
    expect(later).toEqual(sighting(id, "2026-03-01T10:00:00.000Z", undefined));
  });

  it("keeps one record when first sightings race", async () => {
    const id = randomUUID();
    clock = new Date("2026-03-01T10:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => posts.upsert(sighting(id, `2026-03-01T10:00:0${i}.000Z`, at("2026-04-01T10:00:00Z"), `Title ${i}`))),
    );
    const item = await stored(id);
    // The stored fields come from one sighting, not a mix, and every caller gets that sighting's posted date.
    const i = Number(String(item?.title).slice(-1));
    expect(item?.createdAt).toBe(`2026-03-01T10:00:0${i}.000Z`);
    for (const r of results) expect(r).toEqual(sighting(id, `2026-03-01T10:00:0${i}.000Z`, at("2026-04-01T10:00:00Z"), `Title ${i}`));
  });
});

describe("account retention as screenings read it", () => {
  it("answers from memory for a while, at once after a change through the same repository", async () => {
    const t = await testService();
    const here = new AccountRepository(t.store, { retentionCacheMs: 30_000 });
    const elsewhere = new AccountRepository(t.store);
    const now = Date.now();
    expect(await here.retentionDays(t.accountId, now)).toBe(DEFAULT_RETENTION_DAYS);
    await here.setRetentionDays(t.accountId, 40);
    expect(await here.retentionDays(t.accountId, now + 1)).toBe(40);
    // Another process's change shows once the cached answer is older than retentionCacheMs.
    await elsewhere.setRetentionDays(t.accountId, 7);
    expect(await here.retentionDays(t.accountId, now + 29_000)).toBe(40);
    expect(await here.retentionDays(t.accountId, now + 31_000)).toBe(7);
    // Unknown accounts are not remembered.
    const missing = randomUUID();
    expect(await here.retentionDays(missing, now)).toBeUndefined();
    await t.store.doc.send(new PutCommand({ TableName: t.store.table, Item: { pk: `ACCOUNT#${missing}`, sk: "#META", type: "account", id: missing, name: "late", createdAt: new Date().toISOString() } }));
    expect(await here.retentionDays(missing, now + 1)).toBe(DEFAULT_RETENTION_DAYS);
  });
});
