import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isExpired } from "../retention.ts";
import type { Store } from "../store.ts";
import { isConditionalCheckFailed } from "../secrets.ts";

/**
 * How long a delivery key is remembered. It bounds the replay window too: deliveries older than this are refused
 * where the provider dates them (Lever's signed triggeredAt), since their key may already be forgotten.
 */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3600 * 1000;

/** `accepted`: seen, job not yet enqueued (or the receiver died before finishing); `enqueued`: fully handled. */
export type DeliveryState = "accepted" | "enqueued";

export interface DeliveryRecord {
  connectionId: string;
  deliveryKey: string;
  state: DeliveryState;
  eventType: string;
  jobId?: string;
  receivedAt: string;
}

const key = (connectionId: string, deliveryKey: string) => ({ pk: `ATSCONN#${connectionId}`, sk: `DELIVERY#${deliveryKey}` });
/** Back-link from a screening job's partition to a delivery that fed it, so erasing the job finds its deliveries. */
const jobLinkKey = (jobId: string, connectionId: string, deliveryKey: string) => ({ pk: `ATSJOB#${jobId}`, sk: `DELIVERY#${connectionId}#${deliveryKey}` });

/** Webhook deliveries by provider delivery key, for deduplication; items expire after DELIVERY_RETENTION_MS. */
export class WebhookDeliveryRepository {
  private readonly store: Store;
  constructor(store: Store) {
    this.store = store;
  }

  /**
   * Claims the delivery key with a conditional write. `first`: this call recorded it. Otherwise the stored record
   * tells whether the earlier delivery finished (`enqueued`) or may have died half-way (`accepted`).
   */
  async begin(
    connectionId: string,
    deliveryKey: string,
    eventType: string,
    now: Date = new Date(),
    options: { expiresAt?: number } = {},
    retried = false,
  ): Promise<{ first: true } | { first: false; existing: DeliveryRecord }> {
    // The account's retention may be shorter than the dedupe window; it wins then.
    const dedupeEnd = Math.floor((now.getTime() + DELIVERY_RETENTION_MS) / 1000);
    const expiresAt = Math.min(dedupeEnd, options.expiresAt ?? dedupeEnd);
    const record: DeliveryRecord = { connectionId, deliveryKey, state: "accepted", eventType, receivedAt: now.toISOString() };
    try {
      await this.store.doc.send(
        new PutCommand({
          TableName: this.store.table,
          Item: {
            ...key(connectionId, deliveryKey),
            type: "ats-delivery",
            ...record,
            expiresAt,
          },
          ConditionExpression: "attribute_not_exists(pk) OR expiresAt <= :now",
          ExpressionAttributeValues: { ":now": Math.floor(now.getTime() / 1000) },
        }),
      );
      return { first: true };
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
    const existing = await this.get(connectionId, deliveryKey, now);
    // Expired between the failed write and this read (TTL): treat it as unseen rather than as a duplicate.
    if (!existing && !retried) return this.begin(connectionId, deliveryKey, eventType, now, options, true);
    if (!existing) throw new Error(`delivery ${deliveryKey} is neither writable nor readable`);
    return { first: false, existing };
  }

  async complete(connectionId: string, deliveryKey: string, jobId: string): Promise<void> {
    const { Attributes } = await this.store.doc.send(
      new UpdateCommand({
        TableName: this.store.table,
        Key: key(connectionId, deliveryKey),
        UpdateExpression: "SET #state = :enqueued, jobId = :job",
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: { ":enqueued": "enqueued", ":job": jobId },
        ReturnValues: "ALL_NEW",
      }),
    );
    await this.store.doc.send(
      new PutCommand({
        TableName: this.store.table,
        Item: {
          ...jobLinkKey(jobId, connectionId, deliveryKey),
          type: "ats-delivery-link",
          connectionId,
          deliveryKey,
          ...(typeof Attributes?.expiresAt === "number" ? { expiresAt: Attributes.expiresAt } : {}),
        },
      }),
    );
  }

  async get(connectionId: string, deliveryKey: string, now: Date = new Date()): Promise<DeliveryRecord | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: key(connectionId, deliveryKey), ConsistentRead: true }),
    );
    if (!Item || isExpired(Item, now)) return undefined;
    return {
      connectionId: Item.connectionId,
      deliveryKey: Item.deliveryKey,
      state: Item.state,
      eventType: Item.eventType,
      ...(Item.jobId ? { jobId: Item.jobId } : {}),
      receivedAt: Item.receivedAt,
    };
  }

  /** Erasure: forgets a delivery; true when it was stored. */
  async delete(connectionId: string, deliveryKey: string): Promise<boolean> {
    const { Attributes } = await this.store.doc.send(
      new DeleteCommand({ TableName: this.store.table, Key: key(connectionId, deliveryKey), ReturnValues: "ALL_OLD" }),
    );
    return Attributes !== undefined;
  }
}
