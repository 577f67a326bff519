import {
  AccountRepository,
  CatalogueRepository,
  DecisionRepository,
  JobPostRepository,
  MatchRepository,
  OAuthClientRepository,
  RateLimitRepository,
  SessionRepository,
  SubjectRepository,
  UserRepository,
  type OAuthClientPrincipal,
  type RateLimits,
  type Store,
} from "@winnow/storage";
import { DemographicsRepository } from "@winnow/storage/repos/demographics";
import { ScreeningJobRepository } from "@winnow/storage/repos/screening-jobs";
import { WebhookDeliveryRepository } from "@winnow/storage/repos/webhook-deliveries";
import { CatalogueProvider } from "./catalogue.ts";
import { ErasureService, type DemographicsEraser } from "./erasure.ts";
import { KeyCache } from "./key-cache.ts";
import { UsageMeter, type MeterOptions } from "./meter.ts";
import type { ScryptCost } from "./passwords.ts";
import { SignInService, type SignInLimits } from "./sign-in.ts";
import { AccessTokens, DEFAULT_TOKEN_SETTINGS, type TokenSettings } from "./tokens.ts";
import { createResumeFetcher, type ResumeFetcher } from "./resume-fetch.ts";

/** Everything handlers use, built once per process (or Lambda instance) and put on the request context. */
export interface Services {
  accounts: AccountRepository;
  matches: MatchRepository;
  jobPosts: JobPostRepository;
  /** Immutable decision records, one per screened candidate. */
  decisions: DecisionRepository;
  /** Which matches belong to which candidate (by email hash or ATS candidate id), for erasure. */
  subjects: SubjectRepository;
  erasure: ErasureService;
  /** Self-identified demographics of bias audits (their own table); read only by the audit, never by screening. */
  demographics: DemographicsRepository;
  catalogues: CatalogueRepository;
  catalogue: CatalogueProvider;
  keyCache: KeyCache;
  users: UserRepository;
  sessions: SessionRepository;
  oauthClients: OAuthClientRepository;
  rateLimits: RateLimitRepository;
  /** Successful client lookups behind access tokens (the revocation check), reused like API key lookups. */
  clientCache: KeyCache<OAuthClientPrincipal>;
  signIn: SignInService;
  meter: UsageMeter;
  /** Signing and verification keys of access tokens, loaded on first use. */
  tokens(): Promise<AccessTokens>;
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
  /**
   * JWK set (JSON) of the access-token signing keys. Without it the keys are generated per process, which only suits
   * a single process: tokens would not verify on another instance or after a restart.
   */
  jwtKeys?: string;
  tokenSettings?: Partial<TokenSettings>;
  /** Requests per minute per credential and per account unless an account has an override. */
  rateLimits?: RateLimits;
  /** Tuning of the rate limiter (caches, reservations); see UsageMeter. */
  meter?: Omit<MeterOptions, "defaults">;
  signInLimits?: SignInLimits;
  passwordCost?: ScryptCost;
  now?: () => Date;
  /** Demographic rows of the bias audit, erased with the rest of a candidate's data. */
  demographics?: DemographicsEraser;
}

export function createServices(store: Store, options: ServiceOptions): Services {
  const catalogues = new CatalogueRepository(store);
  const accounts = new AccountRepository(store);
  const users = new UserRepository(store);
  const oauthClients = new OAuthClientRepository(store);
  const rateLimits = new RateLimitRepository(store);
  const tokenSettings = { ...DEFAULT_TOKEN_SETTINGS, ...options.tokenSettings };
  let tokens: Promise<AccessTokens> | undefined;
  const clock = { now: options.now };
  const matches = new MatchRepository(store, clock);
  const decisions = new DecisionRepository(store, clock);
  const subjects = new SubjectRepository(store);
  const demographics = new DemographicsRepository(store, clock);
  return {
    accounts,
    matches,
    jobPosts: new JobPostRepository(store, clock),
    decisions,
    subjects,
    erasure: new ErasureService({
      subjects,
      matches,
      decisions,
      jobs: new ScreeningJobRepository(store),
      deliveries: new WebhookDeliveryRepository(store),
      demographics: options.demographics ?? demographics,
    }),
    demographics,
    catalogues,
    catalogue: new CatalogueProvider(catalogues, { refreshMs: options.catalogueRefreshMs }),
    keyCache: new KeyCache(options.keyCacheMs ?? 1000),
    users,
    sessions: new SessionRepository(store),
    oauthClients,
    rateLimits,
    clientCache: new KeyCache<OAuthClientPrincipal>(options.keyCacheMs ?? 1000),
    signIn: new SignInService(users, rateLimits, { limits: options.signInLimits, cost: options.passwordCost }),
    meter: new UsageMeter({ rateLimits, accounts, oauthClients }, { ...options.meter, defaults: options.rateLimits }),
    tokens: () =>
      (tokens ??= options.jwtKeys ? AccessTokens.fromJson(options.jwtKeys, tokenSettings) : AccessTokens.ephemeral(tokenSettings)),
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

export {
  AuditAccountNotFoundError,
  DEFAULT_AUDIT_DAYS,
  auditPeriod,
  biasAuditReport,
  biasAuditToJson,
  describeRejected,
  uploadDemographics,
  type AuditDeps,
  type BiasAuditJson,
  type ReportOptions,
  type UploadOutcome,
} from "./bias-audit.ts";
export { CatalogueProvider, engineContextOf, type EngineContext } from "./catalogue.ts";
export { CatalogueUnavailableError, ResumeError, type ResumeProblem } from "./errors.ts";
export { allDecisions, decisionToJson, parseRangeBound, type DecisionJson } from "./decision-json.ts";
export { ErasureService, type DemographicsEraser, type ErasureCounts, type ErasureReport, type ErasureRequest } from "./erasure.ts";
export { KeyCache } from "./key-cache.ts";
export { DEFAULT_RATE_LIMITS, RATE_WINDOW_SECONDS, UsageMeter, type Credential, type MeterOptions, type RateDecision } from "./meter.ts";
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, hashPassword, passwordProblem, verifyPassword, type ScryptCost } from "./passwords.ts";
export { DEFAULT_SIGN_IN_LIMITS, INVITATION_TTL_SECONDS, SignInService, invitationUrl, type SignInLimits, type SignInOutcome } from "./sign-in.ts";
export { AccessTokens, InvalidTokenError, generateSigningKeySet, looksLikeJwt, type AccessTokenClaims, type TokenSettings } from "./tokens.ts";
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
