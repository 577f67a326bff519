import { describe, expect, it } from "vitest";
import { ExpiringMap } from "./expiring-map.ts";

describe("ExpiringMap", () => {
  it("answers until the entry's time is up, then forgets it", () => {
    const map = new ExpiringMap<number>(1_000);
    map.set("a", 1, 10_000);
    expect(map.get("a", 10_999)).toBe(1);
    expect(map.get("a", 11_000)).toBeUndefined();
    expect(map.size).toBe(0);
  });

  it("drops the oldest insertion when full, counting a re-insert as new", () => {
    const map = new ExpiringMap<string>(60_000, 2);
    map.set("a", "A", 0);
    map.set("b", "B", 0);
    map.set("a", "A2", 1); // a is now the newest
    map.set("c", "C", 2); // evicts b, the oldest
    expect(map.get("b", 3)).toBeUndefined();
    expect(map.get("a", 3)).toBe("A2");
    expect(map.get("c", 3)).toBe("C");
  });

  it("stores nothing with a ttl of 0, so callers can turn caching off", () => {
    const map = new ExpiringMap<number>(0);
    map.set("a", 1, 0);
    expect(map.get("a", 0)).toBeUndefined();
  });

  it("forgets on delete and clear", () => {
    const map = new ExpiringMap<number>(1_000);
    map.set("a", 1, 0);
    map.set("b", 2, 0);
    map.delete("a");
    expect(map.get("a", 1)).toBeUndefined();
    map.clear();
    expect(map.get("b", 1)).toBeUndefined();
  });
});
