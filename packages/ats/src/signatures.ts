import { createHmac, timingSafeEqual } from "node:crypto";

/** Lowercase hex HMAC-SHA256. */
export const hmacSha256Hex = (secret: string, message: Uint8Array | string): string =>
  createHmac("sha256", secret).update(message).digest("hex");

/**
 * Constant-time comparison of a presented hex digest with the expected one. Anything that is not 64 hex digits is
 * refused before comparing, so the comparison itself always runs on equal lengths.
 */
export function hexDigestEquals(presented: string, expected: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(presented) || !/^[0-9a-f]{64}$/.test(expected)) return false;
  return timingSafeEqual(Buffer.from(presented.toLowerCase(), "hex"), Buffer.from(expected, "hex"));
}
