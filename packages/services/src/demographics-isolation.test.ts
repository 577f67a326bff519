import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Demographics are never fed to the engine (docs/fairness.md, "Bias audit"): the screening path cannot reach the
 * demographics repository through its imports, never mentions it, and the screening worker is not even granted
 * access to the table on AWS.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const DEMOGRAPHICS_REPO = join(ROOT, "packages/storage/src/repos/demographics.ts");

/** Runtime imports of a module (type-only imports are erased and load nothing). */
function runtimeImports(source: string): string[] {
  const specs: string[] = [];
  const statement = /^\s*(?:import|export)\s+(type\s+)?(?:[^;"']*?\s+from\s+)?["']([^"']+)["']/gm;
  for (const m of source.matchAll(statement)) if (!m[1]) specs.push(m[2]!);
  for (const m of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specs.push(m[1]!);
  return specs;
}

/** Workspace modules only: `@winnow/<pkg>[/<path>]` and relative paths; npm packages and node: builtins are leaves. */
function resolveSpecifier(spec: string, from: string): string | undefined {
  if (spec.startsWith(".")) return resolve(dirname(from), spec);
  const m = /^@winnow\/([^/]+)(?:\/(.+))?$/.exec(spec);
  if (!m) return undefined;
  const file = join(ROOT, "packages", m[1]!, "src", m[2] ? `${m[2]}.ts` : "index.ts");
  if (!existsSync(file)) throw new Error(`cannot resolve ${spec} from ${relative(ROOT, from)}`);
  return file;
}

function moduleGraph(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = entries.map((e) => join(ROOT, e));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of runtimeImports(readFileSync(file, "utf8"))) {
      const target = resolveSpecifier(spec, file);
      if (target) queue.push(target);
    }
  }
  return seen;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));

describe("demographics stay out of screening", () => {
  const engine = ["packages/core/src/analysis/index.ts", "packages/services/src/screening.ts"];

  it("the import graph of the engine and of screening never reaches the demographics repository", () => {
    const graph = moduleGraph(engine);
    expect(graph.size).toBeGreaterThan(10); // the walk really follows imports
    expect([...graph].some((f) => f.endsWith("/analysis/scoring/match.ts"))).toBe(true);
    expect([...graph].filter((f) => f === DEMOGRAPHICS_REPO || /fairness\/(bias-audit|demographics)/.test(f)).map((f) => relative(ROOT, f))).toEqual([]);
  });

  it("the walker does see an import of the repository where there is one", () => {
    expect(moduleGraph(["packages/services/src/index.ts"]).has(DEMOGRAPHICS_REPO)).toBe(true);
  });

  it("no screening source mentions demographics", () => {
    const sources = [...filesUnder("packages/core/src/analysis"), "packages/services/src/screening.ts", "packages/ats/src/worker.ts", "packages/functions/src/worker.ts"];
    const offenders = sources.filter((f) => /demographic|raceEthnicity|race_ethnicity/i.test(readFileSync(join(ROOT, f), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("only the HTTP API function is linked to the demographics table", () => {
    const infra = (f: string) => readFileSync(join(ROOT, "infra", f), "utf8");
    expect(infra("storage.ts")).toMatch(/export const demographics = new sst\.aws\.Dynamo\(demographicsTable\.name/);
    const links = (source: string) => [...source.matchAll(/link:\s*\[([^\]]*)\]/g)].map((m) => m[1]!.split(",").map((s) => s.trim()));
    expect(links(infra("api.ts")).flat()).toContain("demographics");
    for (const file of readdirSync(join(ROOT, "infra")).filter((f) => f.endsWith(".ts") && f !== "api.ts")) {
      expect(links(infra(file)).flat(), file).not.toContain("demographics");
    }
  });
});
