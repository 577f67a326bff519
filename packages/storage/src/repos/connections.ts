import { randomUUID } from "node:crypto";
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { queryAll } from "../query.ts";
import type { Store } from "../store.ts";
import { isConditionalCheckFailed } from "../secrets.ts";

export const ATS_PROVIDERS = ["greenhouse", "lever", "ashby"] as const;
export type AtsProvider = (typeof ATS_PROVIDERS)[number];

export const NOTE_VISIBILITIES = ["public", "private", "admin_only"] as const;
export type NoteVisibility = (typeof NOTE_VISIBILITIES)[number];

/** What the worker writes back after a screening, and as whom. */
export interface WriteBackSettings {
  noteVisibility: NoteVisibility;
  /** Custom field (Greenhouse id or name_key, Ashby field id) that receives the score; none when unset. */
  customField?: string;
  /** Tag added to the candidate; `{score}` is replaced by the rounded score. */
  tag?: string;
  /** Greenhouse On-Behalf-Of user id, Lever perform_as user id, Ashby X-On-Behalf-Of user id. */
  actingUserId?: string;
}

/** Provider API credentials (all three use an API key as the Basic-auth user today). */
export interface AtsCredentials {
  apiKey: string;
}

/** A connection as shown to administrators: never any secret. */
export interface Connection {
  id: string;
  provider: AtsProvider;
  accountId: string;
  name: string;
  /** Provider API base URL when not the public one (sandbox, EU instance, a fake server in tests). */
  baseUrl?: string;
  writeBack: WriteBackSettings;
  /** ATS job ids to screen; every job when empty or unset. */
  jobFilter?: string[];
  createdAt: string;
  updatedAt: string;
}

export interface ConnectionWithSecrets extends Connection {
  credentials: AtsCredentials;
  webhookSecret: string;
}

/**
 * Seals secrets before they reach the table. `context` is bound into the ciphertext (AES-GCM additional data), so a
 * sealed value copied onto another connection or field does not open.
 */
export interface Sealer {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

export interface NewConnection {
  provider: AtsProvider;
  accountId: string;
  name?: string;
  baseUrl?: string;
  credentials: AtsCredentials;
  webhookSecret: string;
  writeBack: WriteBackSettings;
  jobFilter?: string[];
}

export type ConnectionUpdate = Partial<Omit<NewConnection, "provider" | "accountId">>;

const LIST_PK = "ATSCONNS";
const key = (id: string) => ({ pk: `ATSCONN#${id}`, sk: "#META" });
const context = (id: string, field: string) => `winnow:ats-connection:${id}:${field}`;

/**
 * ATS connections. The webhook receiver reads one by id on every delivery; administrators list them (all, or one
 * account's) through gsi1 (`ATSCONNS`, `<account>#<created>#<id>`).
 */
export class ConnectionRepository {
  private readonly store: Store;
  private readonly sealer: Sealer;
  constructor(store: Store, sealer: Sealer) {
    this.store = store;
    this.sealer = sealer;
  }

  async create(input: NewConnection, id: string = randomUUID()): Promise<Connection> {
    const now = new Date().toISOString();
    const connection: Connection = {
      id,
      provider: input.provider,
      accountId: input.accountId,
      name: input.name ?? `${input.provider} connection`,
      ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
      writeBack: input.writeBack,
      ...(input.jobFilter?.length ? { jobFilter: input.jobFilter } : {}),
      createdAt: now,
      updatedAt: now,
    };
    await this.store.doc.send(
      new PutCommand({
        TableName: this.store.table,
        Item: {
          ...key(id),
          type: "ats-connection",
          gsi1pk: LIST_PK,
          gsi1sk: `${input.accountId}#${now}#${id}`,
          ...connection,
          credentials: this.sealer.seal(JSON.stringify(input.credentials), context(id, "credentials")),
          webhookSecret: this.sealer.seal(input.webhookSecret, context(id, "webhookSecret")),
        },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
    return connection;
  }

  private async item(id: string): Promise<Record<string, unknown> | undefined> {
    const { Item } = await this.store.doc.send(new GetCommand({ TableName: this.store.table, Key: key(id), ConsistentRead: true }));
    return Item;
  }

  async get(id: string): Promise<Connection | undefined> {
    const item = await this.item(id);
    return item && publicView(item);
  }

  /** The connection with its secrets opened; only the webhook receiver and the worker call this. */
  async getWithSecrets(id: string): Promise<ConnectionWithSecrets | undefined> {
    const item = await this.item(id);
    if (!item) return undefined;
    return {
      ...publicView(item),
      credentials: JSON.parse(this.sealer.open(item.credentials as string, context(id, "credentials"))) as AtsCredentials,
      webhookSecret: this.sealer.open(item.webhookSecret as string, context(id, "webhookSecret")),
    };
  }

  async list(accountId?: string): Promise<Connection[]> {
    const items = await queryAll(this.store, {
      IndexName: "gsi1",
      KeyConditionExpression: accountId ? "gsi1pk = :pk AND begins_with(gsi1sk, :acc)" : "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": LIST_PK, ...(accountId ? { ":acc": `${accountId}#` } : {}) },
    });
    return items.map(publicView);
  }

  /** Applies the given changes; secrets given are re-sealed. Undefined when the connection does not exist. */
  async update(id: string, changes: ConnectionUpdate): Promise<Connection | undefined> {
    const set: string[] = ["updatedAt = :now"];
    const values: Record<string, unknown> = { ":now": new Date().toISOString() };
    const names: Record<string, string> = {};
    const remove: string[] = [];
    const assign = (field: string, value: unknown) => {
      names[`#${field}`] = field;
      values[`:${field}`] = value;
      set.push(`#${field} = :${field}`);
    };
    if (changes.name !== undefined) assign("name", changes.name);
    if (changes.baseUrl !== undefined) {
      if (changes.baseUrl) assign("baseUrl", changes.baseUrl);
      else remove.push("baseUrl");
    }
    if (changes.writeBack !== undefined) assign("writeBack", changes.writeBack);
    if (changes.jobFilter !== undefined) {
      if (changes.jobFilter.length) assign("jobFilter", changes.jobFilter);
      else remove.push("jobFilter");
    }
    if (changes.credentials !== undefined) assign("credentials", this.sealer.seal(JSON.stringify(changes.credentials), context(id, "credentials")));
    if (changes.webhookSecret !== undefined) assign("webhookSecret", this.sealer.seal(changes.webhookSecret, context(id, "webhookSecret")));
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.table,
          Key: key(id),
          UpdateExpression: `SET ${set.join(", ")}${remove.length ? ` REMOVE ${remove.join(", ")}` : ""}`,
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
          ExpressionAttributeValues: values,
          ReturnValues: "ALL_NEW",
        }),
      );
      return Attributes && publicView(Attributes);
    } catch (err) {
      if (isConditionalCheckFailed(err)) return undefined;
      throw err;
    }
  }

  async delete(id: string): Promise<Connection | undefined> {
    const { Attributes } = await this.store.doc.send(
      new DeleteCommand({ TableName: this.store.table, Key: key(id), ReturnValues: "ALL_OLD" }),
    );
    return Attributes && publicView(Attributes);
  }
}

/** Only the fields an administrator may see: the sealed secrets never leave this module. */
function publicView(item: Record<string, unknown>): Connection {
  return {
    id: item.id as string,
    provider: item.provider as AtsProvider,
    accountId: item.accountId as string,
    name: item.name as string,
    ...(item.baseUrl ? { baseUrl: item.baseUrl as string } : {}),
    writeBack: item.writeBack as WriteBackSettings,
    ...(Array.isArray(item.jobFilter) && item.jobFilter.length ? { jobFilter: item.jobFilter as string[] } : {}),
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
  };
}
