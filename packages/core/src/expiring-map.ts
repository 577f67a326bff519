/**
 * A bounded map whose entries expire: the in-process caches in front of DynamoDB (credentials, rate limits,
 * retention) share it. Callers pass the time, so tests drive expiry without fake timers — the reason this is not
 * lru-cache or @isaacs/ttlcache, which read their own clock. When full, the oldest insertion goes first.
 */
export class ExpiringMap<V> {
  readonly ttlMs: number;
  readonly maxEntries: number;
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.ttlMs = ttlMs;
    this.maxEntries = Math.max(1, maxEntries);
  }

  /** The value if it has not expired at `now`; an expired entry is dropped. */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Stores the value until `now + ttlMs`; a ttl of 0 or less stores nothing. */
  set(key: string, value: V, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    // Re-inserting moves the key to the end, so eviction order stays insertion order of the live entries.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: now + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
