import {
  AccountRepository,
  CatalogueRepository,
  JobPostRepository,
  MatchRepository,
  type Store,
} from "@winnow/storage";
import { CatalogueProvider } from "./catalogue.ts";
import { KeyCache } from "./key-cache.ts";
import { createResumeFetcher, type ResumeFetcher } from "./resume-fetch.ts";

/** Everything handlers use, built once per process (or Lambda instance) and put on the request context. */
export interface Services {
  accounts: AccountRepository;
  matches: MatchRepository;
  jobPosts: JobPostRepository;
  catalogues: CatalogueRepository;
  catalogue: CatalogueProvider;
  keyCache: KeyCache;
  fetchResume: ResumeFetcher;
  adminToken: string;
  now(): Date;
}

export interface ServiceOptions {
  adminToken: string;
  allowPrivateUrls?: boolean;
  catalogueRefreshMs?: number;
  /** How long a successful key lookup is reused (default 1000 ms; 0 disables the cache). */
  keyCacheMs?: number;
  now?: () => Date;
}

export function createServices(store: Store, options: ServiceOptions): Services {
  const catalogues = new CatalogueRepository(store);
  return {
    accounts: new AccountRepository(store),
    matches: new MatchRepository(store),
    jobPosts: new JobPostRepository(store),
    catalogues,
    catalogue: new CatalogueProvider(catalogues, { refreshMs: options.catalogueRefreshMs }),
    keyCache: new KeyCache(options.keyCacheMs ?? 1000),
    fetchResume: createResumeFetcher({
      allowPrivate: options.allowPrivateUrls ?? false,
      timeoutMs: 10_000,
      maxBytes: 12 * 1024 * 1024,
      maxRedirects: 5,
    }),
    adminToken: options.adminToken,
    now: options.now ?? (() => new Date()),
  };
}

export { CatalogueProvider, engineContextOf, type EngineContext } from "./catalogue.ts";
export { CatalogueUnavailableError, ResumeError, type ResumeProblem } from "./errors.ts";
export { KeyCache } from "./key-cache.ts";
export { createResumeFetcher, isPublicAddress, ResumeFetchError, type ResumeFetcher } from "./resume-fetch.ts";
export {
  MAX_RESUME_BYTES,
  deriveJobPostId,
  readResume,
  readResumes,
  screen,
  type Compact,
  type FullMatch,
  type ScreenedCandidate,
  type ScreeningCandidate,
  type ScreeningOutcome,
  type ScreeningRequest,
} from "./screening.ts";
