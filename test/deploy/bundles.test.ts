import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { ROOT, lambdaBuildOptions, parseHandler } from "@winnow/functions/tools/bundle";
import { handlers } from "../../infra/settings.ts";

/**
 * What each function compiles at every cold start is its entry bundle; whatever only some requests need belongs in a
 * chunk loaded on first use. These packages were moved out of the entries on purpose (see README, bench:coldstart):
 * this keeps them out.
 */
const FIRST_USE_ONLY: Record<string, RegExp[]> = {
  // Document readers (PDF, DOCX, HTML), the terminal progress bar, and the Lambda client of the admin sync hand-off.
  api: [/node_modules\/unpdf\/dist\/pdfjs/, /node_modules\/(?:mammoth|html-to-text|htmlparser2|jszip|cli-progress|@aws-sdk\/client-lambda)\//],
  worker: [/node_modules\/unpdf\/dist\/pdfjs/, /node_modules\/(?:mammoth|html-to-text|htmlparser2|jszip|cli-progress)\//],
  taxonomySync: [/node_modules\/(?:cli-progress|unpdf|mammoth)\//],
};

async function entryInputs(name: keyof typeof handlers): Promise<string[]> {
  const { file } = parseHandler(handlers[name]);
  const outdir = join(ROOT, "dist", "bundle-inputs", name);
  const result = await build({ ...lambdaBuildOptions(join(ROOT, file), outdir), write: false, logLevel: "silent" });
  const entry = Object.entries(result.metafile!.outputs).find(([path]) => path.endsWith(`${name}/index.mjs`));
  if (!entry) throw new Error(`no entry output for ${name}`);
  return Object.keys(entry[1].inputs);
}

describe("entry bundles", () => {
  it.each(Object.keys(FIRST_USE_ONLY))("%s keeps the first-use packages out of its entry", async (name) => {
    const inputs = await entryInputs(name as keyof typeof handlers);
    expect(inputs.some((i) => i.includes("packages/functions/src/"))).toBe(true);
    for (const pattern of FIRST_USE_ONLY[name]!) expect(inputs.filter((i) => pattern.test(i))).toEqual([]);
  }, 120_000);

  it("still bundles those packages as chunks the API loads on first use", async () => {
    const { file } = parseHandler(handlers.api);
    const result = await build({ ...lambdaBuildOptions(join(ROOT, file), join(ROOT, "dist", "bundle-inputs", "api")), write: false, logLevel: "silent" });
    const all = Object.values(result.metafile!.outputs).flatMap((o) => Object.keys(o.inputs));
    for (const pkg of ["mammoth", "html-to-text", "@aws-sdk/client-lambda", "unpdf/dist/pdfjs"]) expect(all.some((i) => i.includes(`node_modules/${pkg}`)), pkg).toBe(true);
  }, 120_000);
});
