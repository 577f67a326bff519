import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lambdaBuildOptions } from "./bundle.ts";
import * as source from "./zod-probe.fixture.ts";

type Probe = typeof source;

const INVALID = { name: "A", email: "not-an-address", years: -1.5, level: "mid", tags: ["a", "b", "c"] };

describe("zodEnglishOnly (through the Lambda build options)", () => {
  const outDir = mkdtempSync(join(tmpdir(), "winnow-zod-probe-"));
  let bundled: Probe;
  let inputs: string[];

  beforeAll(async () => {
    const entry = new URL("./zod-probe.fixture.ts", import.meta.url).pathname;
    const { metafile } = await build({ ...lambdaBuildOptions(entry, outDir), logLevel: "silent" });
    inputs = Object.keys(metafile!.inputs);
    bundled = (await import(pathToFileURL(join(outDir, "index.mjs")).href)) as Probe;
  }, 60_000);

  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("bundles English as the only zod locale", () => {
    const locales = inputs.filter((i) => /node_modules\/zod\/v4\/locales\//.test(i));
    expect(locales.map((i) => i.replace(/.*\/locales\//, "")).sort()).toEqual(["en.js", "index.js"]);
    expect(bundled.locales).toEqual(["en"]);
    // The unbundled zod really ships the others: the plugin, not zod, is what dropped them.
    expect(source.locales.length).toBeGreaterThan(10);
  });

  it("reports the same English validation messages as the unbundled source", () => {
    const messages = bundled.issues(INVALID);
    expect(messages).toEqual(source.issues(INVALID));
    expect(messages).toContain("email: Invalid email address");
    expect(messages.some((m) => m.startsWith("tags: Too big"))).toBe(true);
  });

  it("documents the route exactly as the unbundled source does", () => {
    const doc = bundled.openApiDocument();
    expect(doc).toEqual(source.openApiDocument());
    expect(Object.keys(doc.paths ?? {})).toEqual(["/people"]);
  });
});
