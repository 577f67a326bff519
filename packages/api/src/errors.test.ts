import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ErrorCode } from "./errors.ts";

describe("error codes", () => {
  it("are unique integers", () => {
    const codes = Object.values(ErrorCode).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(Number.isInteger(c)).toBe(true);
  });

  it("match the table in docs/errors.md exactly", () => {
    const doc = readFileSync(new URL("../../../docs/errors.md", import.meta.url), "utf8");
    const rows = [...doc.matchAll(/^\|\s*(\d{4})\s*\|\s*(\d{3})\s*\|\s*([A-Z0-9_]+)\s*\|/gm)].map((m) => [m[3], Number(m[1]), Number(m[2])]);
    const expected = Object.entries(ErrorCode).map(([name, e]) => [name, e.code, e.status]);
    expect(rows).toEqual(expected);
  });
});
