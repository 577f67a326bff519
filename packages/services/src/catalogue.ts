import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { TitleNormalizer } from "@winnow/core/catalogue/normalizer";
import type { CatalogueRepository } from "@winnow/storage";
import { CatalogueUnavailableError } from "./errors.ts";

export interface EngineContext {
  catalogue: Catalogue;
  normalizer: TitleNormalizer;
}

export const engineContextOf = (data: ConstructorParameters<typeof Catalogue>[0]): EngineContext => {
  const catalogue = new Catalogue(data);
  return { catalogue, normalizer: new TitleNormalizer(catalogue) };
};

/**
 * Serves taxonomy reads from an in-memory index of the active catalogue version. The active pointer is re-read at
 * most every `refreshMs` (one GetItem), and the index is rebuilt only when the version changed, so a warm server
 * answers taxonomy calls without a DynamoDB round trip.
 */
export class CatalogueProvider {
  private readonly repo: CatalogueRepository;
  private readonly refreshMs: number;
  private current?: { version: string; context: EngineContext };
  private checkedAt = 0;
  private loading?: Promise<EngineContext>;

  constructor(repo: CatalogueRepository, options: { refreshMs?: number } = {}) {
    this.repo = repo;
    this.refreshMs = options.refreshMs ?? 30_000;
  }

  async get(): Promise<EngineContext> {
    if (this.current && Date.now() - this.checkedAt < this.refreshMs) return this.current.context;
    this.loading ??= this.refresh().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async refresh(): Promise<EngineContext> {
    const version = await this.repo.activeVersion();
    if (!version) throw new CatalogueUnavailableError("No catalogue is active yet; load one and retry");
    if (this.current?.version !== version) {
      const data = await this.repo.readVersion(version);
      if (!data) throw new CatalogueUnavailableError(`The active catalogue version ${version} is incomplete`);
      this.current = { version, context: engineContextOf(data) };
    }
    this.checkedAt = Date.now();
    return this.current.context;
  }
}
