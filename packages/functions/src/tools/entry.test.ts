import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isEntryPoint } from "./entry.ts";

const here = import.meta.url;
const file = fileURLToPath(here);

describe("isEntryPoint", () => {
  it("is true for the script Node runs, however its path is spelled", () => {
    expect(isEntryPoint(here, ["node", file])).toBe(true);
    expect(isEntryPoint(here, ["node", join(file, "..", "..", "tools", "entry.test.ts")])).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "winnow-entry-"));
    try {
      symlinkSync(file, join(dir, "linked.ts"));
      expect(isEntryPoint(here, ["node", join(dir, "linked.ts")])).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is false for another script, a missing one, or none", () => {
    expect(isEntryPoint(here, ["node", fileURLToPath(new URL("./entry.ts", here))])).toBe(false);
    expect(isEntryPoint(here, ["node", join(tmpdir(), "no-such-script.ts")])).toBe(false);
    expect(isEntryPoint(here, ["node"])).toBe(false);
  });
});
