import { dirname } from "node:path";
import type { Plugin } from "esbuild";

/**
 * zod 4 exposes every translation of its error messages as `z.locales` (about fifty of them, ~0.27 MB minified), and
 * @hono/zod-openapi hands the whole `z` namespace to `extendZodWithOpenApi(z)`, so no bundler can shake them out: every
 * cold start compiled all of them, a quarter of the API entry. Winnow's messages are English, and zod registers English
 * itself (classic/schemas.js imports `locales/en.js` directly) without going through this index. Nothing in Winnow
 * calls `z.config(z.locales.xx())`; `z.locales.en` stays available for anything that does.
 */
const ZOD_LOCALES_INDEX = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;

export function zodEnglishOnly(): Plugin {
  return {
    name: "winnow-zod-english-only",
    setup(build) {
      build.onLoad({ filter: ZOD_LOCALES_INDEX }, (args) => ({
        contents: `export { default as en } from "./en.js";\n`,
        loader: "js",
        // Spelled out: SST's plugin bridge may not default it to the file's directory as esbuild does.
        resolveDir: dirname(args.path),
      }));
    },
  };
}

/**
 * Every plugin the Lambda bundles are built with. The default export is the list, in the shape SST's
 * `nodejs.plugins` option loads from a file, so a deploy can build with exactly what bundle.ts measures.
 */
export const lambdaPlugins = (): Plugin[] => [zodEnglishOnly()];

export default lambdaPlugins();
