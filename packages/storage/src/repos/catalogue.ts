import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { CatalogueData, Skill, Title } from "@winnow/core/catalogue/types";
import { batchWriteAll } from "../batch.ts";
import type { Store } from "../store.ts";

export interface CatalogueVersionInfo {
  version: string;
  source: string;
  titles: number;
  skills: number;
  createdAt: string;
}

/**
 * Catalogue versions are written item by item under their own partition and become visible only when the active
 * pointer is switched, so a half-written version is never served.
 */
export class CatalogueRepository {
  private readonly store: Store;
  constructor(store: Store) {
    this.store = store;
  }

  async activeVersion(): Promise<string | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: { pk: "CATALOGUE", sk: "#ACTIVE" }, ConsistentRead: true }),
    );
    return Item?.version as string | undefined;
  }

  async versionInfo(version: string): Promise<CatalogueVersionInfo | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: { pk: `CATALOGUE#${version}`, sk: "#META" } }),
    );
    if (!Item || Item.complete !== true) return undefined;
    return { version, source: Item.source, titles: Item.titles, skills: Item.skills, createdAt: Item.createdAt };
  }

  /** Writes all items of a version, then its meta item marking it complete. Rewriting a version is idempotent. */
  async writeVersion(data: CatalogueData): Promise<void> {
    const pk = `CATALOGUE#${data.version}`;
    await batchWriteAll(this.store, [
      ...data.skills.map((s) => ({ PutRequest: { Item: { pk, sk: `SKILL#${s.id}`, kind: "skill", data: s } } })),
      ...data.titles.map((t) => ({ PutRequest: { Item: { pk, sk: `TITLE#${t.id}`, kind: "title", data: t } } })),
    ]);
    await this.store.doc.send(
      new PutCommand({
        TableName: this.store.table,
        Item: {
          pk,
          sk: "#META",
          complete: true,
          source: data.source,
          titles: data.titles.length,
          skills: data.skills.length,
          createdAt: new Date().toISOString(),
        },
      }),
    );
  }

  /**
   * Makes a complete version the active one. `expected` guards against a concurrent switch: a version id means "only if
   * that version is still active", null means "only if none is active"; undefined switches unconditionally.
   */
  async activate(version: string, expected?: string | null): Promise<void> {
    if (!(await this.versionInfo(version))) throw new Error(`catalogue version ${version} is not complete`);
    await this.store.doc.send(
      new PutCommand({
        TableName: this.store.table,
        Item: { pk: "CATALOGUE", sk: "#ACTIVE", version, activatedAt: new Date().toISOString() },
        ...(expected === undefined
          ? {}
          : expected === null
            ? { ConditionExpression: "attribute_not_exists(pk)" }
            : { ConditionExpression: "version = :v", ExpressionAttributeValues: { ":v": expected } }),
      }),
    );
  }

  async readVersion(version: string): Promise<CatalogueData | undefined> {
    const info = await this.versionInfo(version);
    if (!info) return undefined;
    const skills: Skill[] = [];
    const titles: Title[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.store.doc.send(
        new QueryCommand({
          TableName: this.store.table,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": `CATALOGUE#${version}` },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        if (item.kind === "skill") skills.push(item.data as Skill);
        else if (item.kind === "title") titles.push(item.data as Title);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return { version, source: info.source, skills, titles };
  }
}
