import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type BuildOptions, type Metafile } from "esbuild";
import { handlers, lambdaDefaults, seed, type FunctionName } from "../../../../infra/settings.ts";
import { lambdaPlugins } from "./esbuild-plugins.ts";
import { isEntryPoint } from "./entry.ts";

export const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
export const DEFAULT_OUT_DIR = join(ROOT, "dist", "functions");

/** `packages/functions/src/http.handler` → the source file and the export Lambda calls. */
export function parseHandler(handler: string): { file: string; exportName: string } {
  const dot = handler.lastIndexOf(".");
  if (dot <= 0 || dot === handler.length - 1) throw new Error(`"${handler}" is not <path>.<export>`);
  const base = handler.slice(0, dot);
  const file = [".ts", ".mts", ".js", ".mjs"].map((ext) => base + ext).find((f) => existsSync(join(ROOT, f)));
  if (!file) throw new Error(`no source file for handler "${handler}" (looked for ${base}.ts/.mts/.js/.mjs)`);
  return { file, exportName: handler.slice(dot + 1) };
}

// SST 4 prepends this to ESM bundles so bundled CommonJS code can still call require().
const ESM_REQUIRE_BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  `const require = topLevelCreateRequire(import.meta.url);`,
].join("\n");

/**
 * The esbuild options SST 4 applies to a Node function with infra's `nodejs` settings (ESM, minified, split, and the
 * plugins of esbuild-plugins.ts, which SST loads from that file through `nodejs.plugins`), so the bundles tested and
 * measured here are the ones a deploy ships (SST builds them itself at deploy time). The entry becomes
 * `<outdir>/index.mjs`; lazily imported modules become chunks beside it.
 */
export function lambdaBuildOptions(entry: string, outdir: string): BuildOptions {
  return {
    entryPoints: { index: entry },
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: lambdaDefaults.splitting,
    platform: "node",
    format: lambdaDefaults.format,
    target: "esnext",
    mainFields: ["module", "main"],
    minify: lambdaDefaults.minify,
    keepNames: true,
    external: ["sharp", "pg-native"],
    banner: { js: ESM_REQUIRE_BANNER },
    // The same list SST loads through `nodejs.plugins` (esbuild-plugins.ts's default export).
    plugins: lambdaPlugins(),
    metafile: true,
    logLevel: "warning",
  };
}

export interface BuiltFunction {
  name: string;
  /** The function package's root: what Lambda calls LAMBDA_TASK_ROOT. */
  root: string;
  /** The entry bundle (ESM): what every cold start loads. */
  file: string;
  exportName: string;
  /** Size of the entry bundle. */
  bytes: number;
  /**
   * Entry plus the chunks it imports statically, transitively: all the code a cold start loads and compiles. With
   * code splitting, modules shared by the entry and a lazily loaded chunk move into chunks the entry imports, so
   * the entry alone understates (and can shrink without any saving).
   */
  initBytes: number;
  /** Entry plus every chunk: the code in the function package. */
  totalBytes: number;
}

/**
 * The outputs a cold start loads: the entry and every output reachable from it through static imports (dynamic
 * imports are first-use chunks). Returns metafile output keys; `entryFile` may be relative or absolute.
 */
export function initOutputs(metafile: Metafile, entryFile: string): string[] {
  const keyOf = new Map(Object.keys(metafile.outputs).map((key) => [resolve(key), key]));
  const seen = new Set<string>();
  const pending = [resolve(entryFile)];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const key = keyOf.get(path);
    if (seen.has(path) || key === undefined) continue;
    seen.add(path);
    for (const i of metafile.outputs[key]!.imports) if (i.kind === "import-statement" && !i.external) pending.push(resolve(i.path));
  }
  return [...seen].map((path) => keyOf.get(path)!);
}

/** Size of the code a cold start loads (see `initOutputs`). */
export const initCodeBytes = (metafile: Metafile, entryFile: string): number =>
  initOutputs(metafile, entryFile).reduce((sum, key) => sum + metafile.outputs[key]!.bytes, 0);

/** Bundles one entry the Lambda way into `<outDir>/<name>/index.mjs`. */
export async function bundleEntry(name: string, entry: string, exportName: string, outDir: string): Promise<BuiltFunction> {
  const root = join(outDir, name);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const { metafile } = await build(lambdaBuildOptions(entry, root));
  const file = join(root, "index.mjs");
  const totalBytes = readdirSync(root)
    .filter((f) => f.endsWith(".mjs"))
    .reduce((sum, f) => sum + statSync(join(root, f)).size, 0);
  return { name, root, file, exportName, bytes: statSync(file).size, initBytes: initCodeBytes(metafile!, file), totalBytes };
}

/** Every function in infra/settings.ts, plus the files infra copies into its package (the seed's catalogue sources). */
export async function buildFunctions(options: { outDir?: string; only?: FunctionName[] } = {}): Promise<BuiltFunction[]> {
  const outDir = options.outDir ?? DEFAULT_OUT_DIR;
  const names = options.only ?? (Object.keys(handlers) as FunctionName[]);
  return Promise.all(
    names.map(async (name) => {
      const { file, exportName } = parseHandler(handlers[name]);
      const built = await bundleEntry(name, join(ROOT, file), exportName, outDir);
      if (name === "seed") cpSync(join(ROOT, seed.catalogueSource), join(built.root, seed.catalogueDir), { recursive: true });
      return built;
    }),
  );
}

export const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} kB`);

if (isEntryPoint(import.meta.url)) {
  const built = await buildFunctions();
  for (const f of built) {
    console.log(`${f.name.padEnd(14)} entry ${formatBytes(f.bytes).padStart(10)}, loaded at init ${formatBytes(f.initBytes).padStart(10)}, with chunks ${formatBytes(f.totalBytes).padStart(10)}  ${f.root}`);
  }
}
