import { describe, expect, it } from "vitest";
import type { KeyPrincipal } from "@winnow/storage";
import { KeyCache } from "./key-cache.ts";

const principal: KeyPrincipal = { accountId: "a", keyId: "k", scopes: ["taxonomy:read"] };

describe("KeyCache", () => {
  it("serves hits from memory until they expire, and never caches misses", async () => {
    const cache = new KeyCache(1000);
    let lookups = 0;
    const lookup = async (key: string) => {
      lookups++;
      return key === "good" ? principal : undefined;
    };
    expect(await cache.resolve("good", lookup, 0)).toEqual(principal);
    expect(await cache.resolve("good", lookup, 999)).toEqual(principal);
    expect(lookups).toBe(1);
    expect(await cache.resolve("good", lookup, 1000)).toEqual(principal);
    expect(lookups).toBe(2);
    expect(await cache.resolve("bad", lookup, 1000)).toBeUndefined();
    expect(await cache.resolve("bad", lookup, 1001)).toBeUndefined();
    expect(lookups).toBe(4);
  });

  it("forgets everything on clear (a revocation in this process takes effect at once)", async () => {
    const cache = new KeyCache(60_000);
    let valid = true;
    const lookup = async () => (valid ? principal : undefined);
    expect(await cache.resolve("k", lookup)).toEqual(principal);
    valid = false;
    expect(await cache.resolve("k", lookup)).toEqual(principal);
    cache.clear();
    expect(await cache.resolve("k", lookup)).toBeUndefined();
  });

  it("is bypassed with a zero TTL and bounded in size", async () => {
    let lookups = 0;
    const lookup = async () => {
      lookups++;
      return principal;
    };
    const off = new KeyCache(0);
    await off.resolve("k", lookup);
    await off.resolve("k", lookup);
    expect(lookups).toBe(2);
    const small = new KeyCache(60_000, 2);
    for (const k of ["a", "b", "c"]) await small.resolve(k, lookup);
    lookups = 0;
    await small.resolve("a", lookup);
    expect(lookups).toBe(1);
  });
});
