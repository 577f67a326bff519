import { describe, expect, it } from "vitest";
import { partitionPoint } from "./partition-point.ts";

describe("partitionPoint", () => {
  it("finds the first item not before the key, at either end and between equal items", () => {
    const xs = [1, 3, 3, 5, 8];
    expect(partitionPoint(xs, (x) => x < 3)).toBe(1);
    expect(partitionPoint(xs, (x) => x <= 3)).toBe(3);
    expect(partitionPoint(xs, (x) => x < 0)).toBe(0);
    expect(partitionPoint(xs, (x) => x < 100)).toBe(5);
    expect(partitionPoint([], () => true)).toBe(0);
  });
});
