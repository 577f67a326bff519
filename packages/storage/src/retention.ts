/**
 * Per-account retention. Items holding candidate data carry the table's TTL attribute `expiresAt` (epoch seconds),
 * stamped at write time from the account's `retentionDays`; DynamoDB deletes them some time after that instant (it
 * can lag by days), so every read of such an item also treats one past its `expiresAt` as gone.
 */
export const DEFAULT_RETENTION_DAYS = 365;
export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 3650;

const DAY_SECONDS = 24 * 3600;

/** Epoch seconds at which an item written at `from` under a retention of `retentionDays` expires. */
export function expiresAtFor(retentionDays: number, from: Date): number {
  if (!Number.isInteger(retentionDays) || retentionDays < MIN_RETENTION_DAYS || retentionDays > MAX_RETENTION_DAYS) {
    throw new RangeError(`retentionDays must be an integer from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}, got ${retentionDays}`);
  }
  return Math.floor(from.getTime() / 1000) + retentionDays * DAY_SECONDS;
}

/** Whether an item stamped with `expiresAt` is past it at `now` (items without the attribute never expire). */
export function isExpired(item: { expiresAt?: unknown }, now: Date): boolean {
  return typeof item.expiresAt === "number" && item.expiresAt * 1000 <= now.getTime();
}
