import type { CatalogueData } from "@winnow/core/catalogue/types";
import { CatalogueRepository, type Store } from "@winnow/storage";
import { loadDefaultCatalogue } from "./index.ts";

/**
 * Stores the shipped catalogue as a version and activates it when nothing is active yet, or when the active
 * version is an older shipped catalogue (an imported catalogue stays active).
 */
export async function ensureCatalogue(store: Store, data: CatalogueData = loadDefaultCatalogue()): Promise<{ version: string; activated: boolean }> {
  const repo = new CatalogueRepository(store);
  if (!(await repo.versionInfo(data.version))) await repo.writeVersion(data);
  const active = await repo.activeVersion();
  if (active === data.version) return { version: data.version, activated: false };
  const activeInfo = active ? await repo.versionInfo(active) : undefined;
  if (!active || !activeInfo || activeInfo.source === data.source) {
    await repo.activate(data.version, active ?? null);
    return { version: data.version, activated: true };
  }
  return { version: active, activated: false };
}
