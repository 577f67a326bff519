import { createHash } from "node:crypto";
import { ExpiringMap } from "@winnow/core/expiring-map";
import type { KeyPrincipal } from "@winnow/storage";

/**
 * Remembers successful credential lookups (API keys; the OAuth clients behind access tokens) for a short time so a
 * busy server does not read DynamoDB on every call.
 * Only hits are cached (an unknown key is looked up every time), entries are keyed by the key's hash, and the
 * process that revokes a key forgets everything at once; other processes stop accepting it within `ttlMs`.
 */
export class KeyCache<T = KeyPrincipal> {
  private readonly entries: ExpiringMap<T>;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.entries = new ExpiringMap(ttlMs, maxEntries);
  }

  async resolve(key: string, lookup: (key: string) => Promise<T | undefined>, now = Date.now()): Promise<T | undefined> {
    if (this.entries.ttlMs <= 0) return lookup(key);
    const id = createHash("sha256").update(key).digest("base64url");
    const hit = this.entries.get(id, now);
    if (hit !== undefined) return hit;
    const principal = await lookup(key);
    if (principal) {
      this.entries.set(id, principal, now);
    } else {
      this.entries.delete(id);
    }
    return principal;
  }

  clear(): void {
    this.entries.clear();
  }
}
