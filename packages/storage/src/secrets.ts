import { createHash, randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * `length` uniformly random base62 characters (rejection sampling: bytes ≥ 248 are dropped so `% 62` stays unbiased).
 * 32 characters carry ~190 bits, which is why high-entropy secrets are stored as a plain SHA-256: no slow hash needed.
 */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const b of randomBytes(length + 16)) {
      if (b < 248) out += BASE62[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export const sha256Hex = (value: string): string => createHash("sha256").update(value, "utf8").digest("hex");

/** Whether a single-item DynamoDB call failed on its ConditionExpression. */
export const isConditionalCheckFailed = (err: unknown): boolean => (err as { name?: string }).name === "ConditionalCheckFailedException";

/** Whether a DynamoDB call failed on its condition (plain or inside a transaction). */
export const isConditionFailure = (err: unknown): boolean => {
  const name = (err as { name?: string }).name;
  return name === "ConditionalCheckFailedException" || name === "TransactionCanceledException";
};
