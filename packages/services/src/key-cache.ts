import { createHash } from "node:crypto";
import type { KeyPrincipal } from "@winnow/storage";

/**
 * Remembers successful credential lookups (API keys; the OAuth clients behind access tokens) for a short time so a
 * busy server does not read DynamoDB on every call.
 * Only hits are cached (an unknown key is looked up every time), entries are keyed by the key's hash, and the
 * process that revokes a key forgets everything at once; other processes stop accepting it within `ttlMs`.
 */
export class KeyCache<T = KeyPrincipal> {
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly entries = new Map<string, { principal: T; expires: number }>();

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  async resolve(key: string, lookup: (key: string) => Promise<T | undefined>, now = Date.now()): Promise<T | undefined> {
    if (this.ttlMs <= 0) return lookup(key);
    const id = createHash("sha256").update(key).digest("base64url");
    const hit = this.entries.get(id);
    if (hit && hit.expires > now) return hit.principal;
    const principal = await lookup(key);
    if (principal) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(id, { principal, expires: now + this.ttlMs });
    } else {
      this.entries.delete(id);
    }
    return principal;
  }

  clear(): void {
    this.entries.clear();
  }
}
