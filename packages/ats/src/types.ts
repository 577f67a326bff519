import type { AtsProvider, WriteBackSettings } from "@winnow/storage/repos/connections";
import type { HttpPolicy } from "./http.ts";

export type { AtsProvider } from "@winnow/storage/repos/connections";

/** What a verified delivery asks of us. */
export type WebhookEvent =
  /** Ping / test event: answer 200, nothing else. */
  | { kind: "ping"; type: string }
  /** An event we do not screen on (other actions, prospects, jobs outside the filter): 200, nothing stored. */
  | { kind: "ignored"; type: string; reason: string }
  /** A new application to screen. */
  | {
      kind: "application";
      type: string;
      /** The provider's delivery key, prefixed by its kind (`event:`, `token:`, `action:`, `body:`). */
      deliveryKey: string;
      applicationId: string;
      candidateId?: string;
      /** ATS job id when the payload names it (Greenhouse, Ashby); Lever's is resolved by the worker. */
      atsJobId?: string;
      /**
       * When the signature says the delivery was made (Lever's signed `triggeredAt`, ms). Lever signs only the token and
       * this time, so such a delivery is accepted only while its key's dedupe record is sure to outlive it.
       */
      signedAt?: number;
    };

export type VerifyOutcome =
  | { ok: true; body: unknown }
  | { ok: false; problem: "signature" | "malformed"; message: string };

/** The receiving half of a provider: signature scheme and event vocabulary. */
export interface WebhookAdapter {
  provider: AtsProvider;
  /** Checks the signature exactly as the provider computes it, on the raw bytes; parses the body. */
  verify(raw: Uint8Array, headers: Headers, secret: string, now: Date): VerifyOutcome;
  classify(body: unknown, headers: Headers, raw: Uint8Array): WebhookEvent | { kind: "malformed"; message: string };
}

export interface CandidateContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  linkedin: string;
}

/** Where the resume comes from. */
export type ResumeSource =
  | { kind: "url"; url: string; name?: string }
  | { kind: "bytes"; bytes: Uint8Array; name?: string }
  | { kind: "none"; reason: string };

/** The authoritative application, re-fetched from the provider (webhook data is only a trigger). */
export interface AtsApplication {
  applicationId: string;
  candidateId: string;
  /** Provider job id (also the Winnow job_post_id of the match). */
  atsJobId: string;
  contact: CandidateContact;
  /** Extra candidate text the provider holds (headline, answers), screened with the resume. */
  profileText: string;
  /** Provider-specific handles the client needs later (job post id, resume handle, …). */
  refs: Record<string, string | undefined>;
}

export interface JobDescription {
  title: string;
  text: string;
}

/** The calls the worker makes. Every method retries transient failures itself; what it throws is final for this attempt. */
export interface AtsClient {
  getApplication(applicationId: string): Promise<AtsApplication>;
  getJobDescription(app: AtsApplication): Promise<JobDescription>;
  /**
   * Signed URLs (Greenhouse, Ashby) are returned for the SSRF-safe fetcher; Lever's authenticated download comes back
   * as bytes. Throws NotReadyError while the provider is still processing the resume.
   */
  getResume(app: AtsApplication): Promise<ResumeSource>;
  /** Id of an existing note containing `marker`: the trace of a write whose confirmation we never recorded. */
  findNote(app: AtsApplication, marker: string): Promise<string | undefined>;
  createNote(app: AtsApplication, body: string, settings: WriteBackSettings): Promise<string>;
  setCustomField(app: AtsApplication, field: string, value: number, settings: WriteBackSettings): Promise<void>;
  addTag(app: AtsApplication, tag: string, settings: WriteBackSettings): Promise<string | undefined>;
}

export interface ClientOptions {
  baseUrl?: string;
  /** Basic-auth API key (Greenhouse Harvest v1, Lever, Ashby). */
  apiKey: string;
  /** OAuth2 client credentials (Greenhouse Harvest v3). */
  clientId?: string;
  clientSecret?: string;
  /** The connection's write-back settings: Greenhouse reads its API version and token subject from them. */
  settings?: WriteBackSettings;
  policy?: Partial<HttpPolicy>;
}

export interface ProviderModule {
  webhook: WebhookAdapter;
  createClient(options: ClientOptions): AtsClient;
  /** Checks write-back settings against what the provider supports; returns the problem, if any. */
  validateSettings(settings: WriteBackSettings): string | undefined;
}

/**
 * What a connection's sealed `credentials` hold. Storage types them as `{ apiKey }`; a Greenhouse Harvest v3 connection
 * keeps its OAuth client id and secret in the same sealed value (with an empty `apiKey`), so they get the same
 * protection and never appear in a public view.
 */
export interface ConnectionCredentials {
  apiKey?: string;
  clientId?: string;
  clientSecret?: string;
}
