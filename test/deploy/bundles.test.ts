import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { ROOT, initOutputs, lambdaBuildOptions, parseHandler } from "@winnow/functions/tools/bundle";
import { handlers } from "../../infra/settings.ts";

/**
 * What each function compiles at every cold start is its entry bundle and the chunks it imports statically; whatever
 * only some requests need belongs in a chunk loaded on first use. These packages were moved out of the init code on
 * purpose (see README, bench:coldstart): this keeps them out.
 */
const FIRST_USE_ONLY: Record<string, RegExp[]> = {
  // Document readers (PDF, DOCX, HTML), the terminal progress bar, the Lambda client of the admin sync hand-off, and
  // the in-process taxonomy sync (a deployed API hands syncs to their own function).
  api: [
    /node_modules\/unpdf\/dist\/pdfjs/,
    /node_modules\/(?:mammoth|html-to-text|htmlparser2|jszip|cli-progress|@aws-sdk\/client-lambda)\//,
    /packages\/taxonomy\/src\/(?:sync|esco-api\/)/,
  ],
  worker: [/node_modules\/unpdf\/dist\/pdfjs/, /node_modules\/(?:mammoth|html-to-text|htmlparser2|jszip|cli-progress)\//],
  taxonomySync: [/node_modules\/(?:cli-progress|unpdf|mammoth)\//],
};

/** The source files in the entry and in every chunk it imports statically: what a cold start compiles. */
async function initInputs(name: keyof typeof handlers): Promise<string[]> {
  const { file } = parseHandler(handlers[name]);
  const outdir = join(ROOT, "dist", "bundle-inputs", name);
  const result = await build({ ...lambdaBuildOptions(join(ROOT, file), outdir), write: false, logLevel: "silent" });
  const entry = Object.keys(result.metafile!.outputs).find((path) => path.endsWith(`${name}/index.mjs`));
  if (!entry) throw new Error(`no entry output for ${name}`);
  return initOutputs(result.metafile!, entry).flatMap((path) => Object.keys(result.metafile!.outputs[path]!.inputs));
}

describe("entry bundles", () => {
  it.each(Object.keys(FIRST_USE_ONLY))("%s keeps the first-use packages out of its init code", async (name) => {
    const inputs = await initInputs(name as keyof typeof handlers);
    expect(inputs.some((i) => i.includes("packages/functions/src/"))).toBe(true);
    for (const pattern of FIRST_USE_ONLY[name]!) expect(inputs.filter((i) => pattern.test(i))).toEqual([]);
  }, 120_000);

  it("bundles zod's English locale only (esbuild-plugins.ts)", async () => {
    const { file } = parseHandler(handlers.api);
    const result = await build({ ...lambdaBuildOptions(join(ROOT, file), join(ROOT, "dist", "bundle-inputs", "api")), write: false, logLevel: "silent" });
    const locales = Object.keys(result.metafile!.inputs).filter((i) => i.includes("node_modules/zod/v4/locales/"));
    expect(locales.map((i) => i.replace(/.*\/locales\//, "")).sort()).toEqual(["en.js", "index.js"]);
  }, 120_000);

  it("still bundles those packages as chunks the API loads on first use", async () => {
    const { file } = parseHandler(handlers.api);
    const result = await build({ ...lambdaBuildOptions(join(ROOT, file), join(ROOT, "dist", "bundle-inputs", "api")), write: false, logLevel: "silent" });
    const all = Object.values(result.metafile!.outputs).flatMap((o) => Object.keys(o.inputs));
    for (const pkg of ["mammoth", "html-to-text", "@aws-sdk/client-lambda", "unpdf/dist/pdfjs"]) expect(all.some((i) => i.includes(`node_modules/${pkg}`)), pkg).toBe(true);
    expect(all.some((i) => i.includes("packages/taxonomy/src/sync.ts"))).toBe(true);
  }, 120_000);
});
