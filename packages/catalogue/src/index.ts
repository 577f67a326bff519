import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildCatalogue } from "@winnow/core/catalogue/build";
import type { CatalogueData, CatalogueSourceFile } from "@winnow/core/catalogue/types";

export const DEFAULT_DATA_DIR = fileURLToPath(new URL("../data", import.meta.url));

/** Reads every `*.json` source file of a directory, in name order so builds are reproducible. */
export function readSourceFiles(dir: string): { path: string; content: CatalogueSourceFile }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ path: f, content: JSON.parse(readFileSync(join(dir, f), "utf8")) as CatalogueSourceFile }));
}

let cached: CatalogueData | undefined;

/** The catalogue shipped with Winnow (built from packages/catalogue/data). */
export function loadDefaultCatalogue(): CatalogueData {
  cached ??= buildCatalogue(readSourceFiles(DEFAULT_DATA_DIR), "winnow-default");
  return cached;
}
