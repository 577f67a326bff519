import { randomBytes } from "node:crypto";
import { DeleteCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { uuidv7, type SyncRun } from "@winnow/storage/repos/taxonomy-sync";
import { freshStore } from "./taxonomy-support.ts";

const run = (id: string, extra: Partial<SyncRun> = {}): SyncRun => ({
  id,
  status: "running",
  trigger: "test",
  source: "http://upstream",
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  attempts: 1,
  phase: "occupations",
  cursor: { offset: 0 },
  counts: {},
  errors: [],
  warnings: [],
  ...extra,
});

describe("sync lock", () => {
  it("is held by one owner until released or expired", async () => {
    const { catalogues } = await freshStore();
    const syncs = catalogues.syncs;
    const now = Date.now();
    expect(await syncs.acquireLock("a", 1000, now)).toBe(true);
    expect(await syncs.acquireLock("b", 1000, now + 10)).toBe(false);
    expect(await syncs.acquireLock("a", 1000, now + 10)).toBe(true); // re-entrant
    expect(await syncs.renewLock("b", 1000, "run-b", now + 20)).toBe(false);
    expect(await syncs.renewLock("a", 1000, "run-a", now + 20)).toBe(true);
    expect(await syncs.lock()).toEqual({ owner: "a", runId: "run-a", leaseUntil: now + 1020 });
    // Expired: another owner may take it, and the old owner can no longer renew.
    expect(await syncs.acquireLock("b", 1000, now + 2000)).toBe(true);
    expect(await syncs.renewLock("a", 1000, undefined, now + 2001)).toBe(false);
    await syncs.releaseLock("a"); // not ours: no effect
    expect((await syncs.lock())?.owner).toBe("b");
    await syncs.releaseLock("b");
    expect(await syncs.lock()).toBeUndefined();
  });
});

describe("sync runs", () => {
  it("are listed newest first, and only the owner may update one", async () => {
    const { catalogues } = await freshStore();
    const syncs = catalogues.syncs;
    const ids = [uuidv7(Date.now() - 3000), uuidv7(Date.now() - 2000), uuidv7(Date.now() - 1000)];
    for (const id of ids) await syncs.saveRun(run(id), "owner-1", "create");
    expect((await syncs.listRuns()).map((r) => r.id)).toEqual([...ids].reverse());
    expect((await syncs.listRuns(2)).map((r) => r.id)).toEqual([ids[2], ids[1]]);

    await expect(syncs.saveRun(run(ids[0]!), "owner-1", "create")).rejects.toThrow();
    await expect(syncs.saveRun(run(ids[0]!, { phase: "skills" }), "owner-2")).rejects.toThrow();
    await syncs.saveRun(run(ids[0]!, { phase: "skills" }), "owner-2", "takeOver");
    await syncs.saveRun(run(ids[0]!, { phase: "build" }), "owner-2");
    await expect(syncs.saveRun(run(ids[0]!, { phase: "done" }), "owner-1")).rejects.toThrow();
    expect((await syncs.getRun(ids[0]!))!.phase).toBe("build");
  });

  it("keep the newest errors only", async () => {
    const { catalogues } = await freshStore();
    const id = uuidv7();
    const errors = Array.from({ length: 80 }, (_, i) => ({ at: "t", attempt: 1, message: `e${i}`, fatal: false }));
    await catalogues.syncs.saveRun(run(id, { errors }), "o", "create");
    const stored = (await catalogues.syncs.getRun(id))!;
    expect(stored.errors).toHaveLength(50);
    expect(stored.errors[0]!.message).toBe("e30");
  });

  it("use time-ordered UUIDv7 ids", () => {
    const a = uuidv7(1_700_000_000_000);
    const b = uuidv7(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
  });
});

describe("sync checkpoints", () => {
  it("round-trip values larger than an item, and ignore checkpoints missing a part", async () => {
    const { store, catalogues } = await freshStore();
    const syncs = catalogues.syncs;
    const id = uuidv7();
    // Random bytes do not compress: ~1 MB of them needs several items.
    const big = { blob: randomBytes(700_000).toString("base64") };
    await syncs.putCheckpoint(id, "list#skill#01#000000000", big);
    await syncs.putCheckpoint(id, "groups", { groups: [{ code: "25", label: "ICT" }] });
    const parts = await store.doc.send(
      new QueryCommand({ TableName: store.table, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": `SYNCDATA#${id}` } }),
    );
    expect(parts.Items!.length).toBeGreaterThan(3);
    expect(await syncs.readCheckpoints(id)).toEqual(
      new Map<string, unknown>([
        ["groups", { groups: [{ code: "25", label: "ICT" }] }],
        ["list#skill#01#000000000", big],
      ]),
    );

    // A write that did not finish (a part is missing) counts as no checkpoint.
    await store.doc.send(new DeleteCommand({ TableName: store.table, Key: { pk: `SYNCDATA#${id}`, sk: "list#skill#01#000000000#001" } }));
    expect([...(await syncs.readCheckpoints(id)).keys()]).toEqual(["groups"]);

    // Rewritten smaller: the leftover parts of the larger write are ignored.
    await syncs.putCheckpoint(id, "list#skill#01#000000000", { small: true });
    expect((await syncs.readCheckpoints(id)).get("list#skill#01#000000000")).toEqual({ small: true });

    await syncs.deleteCheckpoints(id);
    expect(await syncs.readCheckpoints(id)).toEqual(new Map());
  });
});
