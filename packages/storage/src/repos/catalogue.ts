import { gunzipSync, gzipSync } from "node:zlib";
import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { CatalogueData, Skill, Title } from "@winnow/core/catalogue/types";
import { batchWriteAll } from "../batch.ts";
import { queryAll, queryByPrefix } from "../query.ts";
import type { Store } from "../store.ts";
import { SyncRunRepository } from "./taxonomy-sync.ts";

export interface CatalogueVersionInfo {
  version: string;
  source: string;
  titles: number;
  skills: number;
  createdAt: string;
}

/** A stored version as the admin API lists it. */
export interface CatalogueVersionSummary extends CatalogueVersionInfo {
  /** Last time the version was made active; undefined if it never was (or was activated before this was recorded). */
  activatedAt?: string;
  active: boolean;
}

export interface WriteProgress {
  /** Titles and skills written so far, of `total`. */
  written: number;
  total: number;
}

/** The expected active version was no longer active when a switch was attempted: someone else switched first. */
export class CatalogueActivationConflict extends Error {
  readonly expected: string | null;
  constructor(version: string, expected: string | null) {
    super(
      `the active catalogue changed (expected ${expected ?? "none"} to be active), so version ${version} was not activated`,
    );
    this.name = "CatalogueActivationConflict";
    this.expected = expected;
  }
}

/** Uncompressed JSON per chunk item: compressed, a chunk stays far below DynamoDB's 400 KB item limit. */
const CHUNK_BYTES = 256 * 1024;
const PARTS = ["skills", "titles"] as const;
type Part = (typeof PARTS)[number];

/** Cuts entries into JSON arrays of at most CHUNK_BYTES (an entry larger than that gets a chunk of its own). */
function chunk<T>(entries: readonly T[]): { json: string; count: number }[] {
  const out: { json: string; count: number }[] = [];
  let parts: string[] = [];
  let size = 2;
  for (const e of entries) {
    const json = JSON.stringify(e);
    if (parts.length && size + json.length + 1 > CHUNK_BYTES) {
      out.push({ json: `[${parts.join(",")}]`, count: parts.length });
      parts = [];
      size = 2;
    }
    parts.push(json);
    size += json.length + 1;
  }
  if (parts.length) out.push({ json: `[${parts.join(",")}]`, count: parts.length });
  return out;
}

const chunkKey = (part: Part, index: number) => `CHUNK#${part}#${String(index).padStart(5, "0")}`;

const isTransactionConflict = (err: unknown, index: number): boolean => {
  const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
  return e.name === "TransactionCanceledException" && e.CancellationReasons?.[index]?.Code === "ConditionalCheckFailed";
};

/**
 * Catalogue versions, the active pointer and the version registry.
 *
 * A version's titles and skills are stored as gzip-compressed JSON chunks of ~256 KB under its own partition
 * (`CATALOGUE#<version>`, sk `CHUNK#skills#00000` …): the full ESCO set is ~60 items instead of ~17,000, which is what
 * makes an import take seconds on DynamoDB Local and a cold read a handful of queries. Versions written item by item
 * by earlier releases (sk `SKILL#…`/`TITLE#…`) are still read.
 *
 * The meta item (`#META`, with the chunk counts) and the registry entry (`CATALOGUE / VERSION#<version>`) are written
 * together, last, so a version is complete exactly when it is listed; the active pointer (`CATALOGUE / #ACTIVE`) can
 * only point at a complete version, so readers never see a half-written one.
 */
export class CatalogueRepository {
  private readonly store: Store;
  /** Runs of the taxonomy sync, which produces catalogue versions. */
  readonly syncs: SyncRunRepository;
  constructor(store: Store) {
    this.store = store;
    this.syncs = new SyncRunRepository(store);
  }

  async activeVersion(): Promise<string | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: { pk: "CATALOGUE", sk: "#ACTIVE" }, ConsistentRead: true }),
    );
    return Item?.version as string | undefined;
  }

  private async meta(version: string): Promise<Record<string, unknown> | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: { pk: `CATALOGUE#${version}`, sk: "#META" }, ConsistentRead: true }),
    );
    return Item?.complete === true ? Item : undefined;
  }

  async versionInfo(version: string): Promise<CatalogueVersionInfo | undefined> {
    const item = await this.meta(version);
    if (!item) return undefined;
    return {
      version,
      source: item.source as string,
      titles: item.titles as number,
      skills: item.skills as number,
      createdAt: item.createdAt as string,
    };
  }

  /**
   * Writes all chunks of a version, then its meta item and registry entry marking it complete. Chunking is
   * deterministic, so rewriting a version (say, after a crash mid-way) overwrites the same items.
   */
  async writeVersion(data: CatalogueData, options: { onProgress?: (p: WriteProgress) => void } = {}): Promise<void> {
    const pk = `CATALOGUE#${data.version}`;
    const total = data.skills.length + data.titles.length;
    const items: { request: { PutRequest: { Item: Record<string, unknown> } }; count: number }[] = [];
    const counts: Record<Part, number> = { skills: 0, titles: 0 };
    for (const part of PARTS) {
      const chunks = chunk<Skill | Title>(data[part]);
      counts[part] = chunks.length;
      chunks.forEach((c, i) =>
        items.push({
          request: { PutRequest: { Item: { pk, sk: chunkKey(part, i), kind: "chunk", part, entries: c.count, data: gzipSync(c.json) } } },
          count: c.count,
        }),
      );
    }

    let written = 0;
    options.onProgress?.({ written, total });
    // A few chunks per call: a BatchWrite request may carry at most 16 MB, and progress moves in visible steps.
    for (let i = 0; i < items.length; i += 8) {
      const slice = items.slice(i, i + 8);
      await batchWriteAll(this.store, slice.map((s) => s.request), { concurrency: 2 });
      written += slice.reduce((n, s) => n + s.count, 0);
      options.onProgress?.({ written, total });
    }

    const createdAt = new Date().toISOString();
    const summary = { source: data.source, titles: data.titles.length, skills: data.skills.length, createdAt };
    await this.store.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.store.table, Item: { pk, sk: "#META", complete: true, layout: "chunks", chunks: counts, ...summary } } },
          { Put: { TableName: this.store.table, Item: { pk: "CATALOGUE", sk: `VERSION#${data.version}`, version: data.version, ...summary } } },
        ],
      }),
    );
  }

  /**
   * Makes a complete version the active one, atomically with recording the activation time. `expected` guards
   * against a concurrent switch: a version id means "only if that version is still active", null means "only if none
   * is active" (both throw CatalogueActivationConflict otherwise); undefined switches unconditionally.
   */
  async activate(version: string, expected?: string | null): Promise<void> {
    const info = await this.versionInfo(version);
    if (!info) throw new Error(`no complete catalogue version ${version}`);
    const activatedAt = new Date().toISOString();
    try {
      await this.store.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.store.table,
                Item: { pk: "CATALOGUE", sk: "#ACTIVE", version, activatedAt },
                ...(expected === undefined
                  ? {}
                  : expected === null
                    ? { ConditionExpression: "attribute_not_exists(pk)" }
                    : { ConditionExpression: "version = :v", ExpressionAttributeValues: { ":v": expected } }),
              },
            },
            {
              ConditionCheck: {
                TableName: this.store.table,
                Key: { pk: `CATALOGUE#${version}`, sk: "#META" },
                ConditionExpression: "complete = :t",
                ExpressionAttributeValues: { ":t": true },
              },
            },
            // Versions stored before the registry existed get their entry here.
            {
              Put: {
                TableName: this.store.table,
                Item: { pk: "CATALOGUE", sk: `VERSION#${version}`, ...info, activatedAt },
              },
            },
          ],
        }),
      );
    } catch (err) {
      if (isTransactionConflict(err, 0)) throw new CatalogueActivationConflict(version, expected ?? null);
      if (isTransactionConflict(err, 1)) throw new Error(`no complete catalogue version ${version}`);
      throw err;
    }
  }

  /** Every complete version, newest first, with which one is active. */
  async listVersions(): Promise<CatalogueVersionSummary[]> {
    const [active, entries] = await Promise.all([this.activeVersion(), this.registry()]);
    const out: CatalogueVersionSummary[] = entries.map((e) => ({
      version: e.version as string,
      source: e.source as string,
      titles: e.titles as number,
      skills: e.skills as number,
      createdAt: e.createdAt as string,
      ...(e.activatedAt ? { activatedAt: e.activatedAt as string } : {}),
      active: e.version === active,
    }));
    // An active version activated before the registry existed is listed all the same.
    if (active && !out.some((v) => v.active)) {
      const info = await this.versionInfo(active);
      if (info) out.push({ ...info, active: true });
    }
    return out.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  private async registry(): Promise<Record<string, unknown>[]> {
    return queryByPrefix(this.store, "CATALOGUE", "VERSION#");
  }

  async readVersion(version: string): Promise<CatalogueData | undefined> {
    const meta = await this.meta(version);
    if (!meta) return undefined;
    const expected = (meta.chunks ?? { skills: 0, titles: 0 }) as Record<Part, number>;
    const chunks: Record<Part, Map<string, Uint8Array>> = { skills: new Map(), titles: new Map() };
    const skills: Skill[] = [];
    const titles: Title[] = [];
    const items = await queryAll(this.store, {
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": `CATALOGUE#${version}` },
    });
    for (const item of items) {
      if (item.kind === "chunk") chunks[item.part as Part]?.set(item.sk as string, item.data as Uint8Array);
      else if (item.kind === "skill") skills.push(item.data as Skill);
      else if (item.kind === "title") titles.push(item.data as Title);
    }

    // Only the chunks the meta item counts belong to the version (a crashed earlier write may have left others).
    for (const part of PARTS) {
      const into: (Skill | Title)[] = part === "skills" ? skills : titles;
      for (let i = 0; i < expected[part]; i++) {
        const data = chunks[part].get(chunkKey(part, i));
        if (!data) throw new Error(`catalogue version ${version} is missing chunk ${chunkKey(part, i)}`);
        into.push(...(JSON.parse(gunzipSync(data).toString("utf8")) as (Skill | Title)[]));
      }
    }
    return { version, source: meta.source as string, skills, titles };
  }
}
