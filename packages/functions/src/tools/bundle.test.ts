import { resolve } from "node:path";
import type { Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { initCodeBytes, initOutputs } from "./bundle.ts";

type Import = Metafile["outputs"][string]["imports"][number];

const output = (bytes: number, imports: Import[] = []): Metafile["outputs"][string] => ({ bytes, inputs: {}, imports, exports: [] });
const statically = (path: string): Import => ({ path, kind: "import-statement" });
const lazily = (path: string): Import => ({ path, kind: "dynamic-import" });

// entry → shared → common (static), entry → pdf (dynamic) → pdf-only (static), node:crypto (external).
const metafile: Metafile = {
  inputs: {},
  outputs: {
    "out/api/index.mjs": output(100, [statically("out/api/chunk-shared.mjs"), lazily("out/api/pdf.mjs"), { path: "node:crypto", kind: "import-statement", external: true }]),
    "out/api/chunk-shared.mjs": output(20, [statically("out/api/chunk-common.mjs")]),
    "out/api/chunk-common.mjs": output(3),
    "out/api/pdf.mjs": output(1000, [statically("out/api/chunk-pdf-only.mjs"), statically("out/api/chunk-common.mjs")]),
    "out/api/chunk-pdf-only.mjs": output(400),
  },
};

describe("initOutputs", () => {
  it("follows static imports from the entry, transitively, and stops at dynamic imports and built-ins", () => {
    expect(initOutputs(metafile, "out/api/index.mjs").sort()).toEqual(["out/api/chunk-common.mjs", "out/api/chunk-shared.mjs", "out/api/index.mjs"]);
    expect(initCodeBytes(metafile, "out/api/index.mjs")).toBe(123);
  });

  it("takes the entry as an absolute path too (what bundleEntry has)", () => {
    expect(initCodeBytes(metafile, resolve("out/api/index.mjs"))).toBe(123);
    expect(initCodeBytes(metafile, resolve("out/api/pdf.mjs"))).toBe(1403);
  });

  it("counts nothing for a file the build did not write", () => {
    expect(initOutputs(metafile, "out/worker/index.mjs")).toEqual([]);
  });
});
