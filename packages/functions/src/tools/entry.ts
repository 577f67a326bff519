import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * Whether the module at `moduleUrl` is the script Node was started with. `import.meta.main` says the same, but only
 * from Node 24.2 and 22.18: on the 22.12–22.17 releases package.json allows, the tools run through `npm run` would
 * silently do nothing (and `secret:generate` would hand `sst secret set` an empty value).
 */
export function isEntryPoint(moduleUrl: string, argv: readonly string[] = process.argv): boolean {
  const script = argv[1];
  if (!script) return false;
  try {
    return pathToFileURL(realpathSync(script)).href === moduleUrl;
  } catch {
    return false;
  }
}
