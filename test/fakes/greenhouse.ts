import { createHmac, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { FakeAtsServer, type Req, type Reply } from "./fake-server.ts";
import { JOB_HTML, textResume, type ApplyInput, type FakeApplication, type FakeNote, type FakeOp, type FakeProvider, type SignedDelivery } from "./provider.ts";

/** Greenhouse escapes these before signing; a verifier that re-serialises the JSON would not match. */
export const greenhouseJson = (value: unknown) =>
  JSON.stringify(value).replaceAll("<", "\\u003c").replaceAll(">", "\\u003e").replaceAll("&", "\\u0026");

export const signGreenhouse = (secret: string, body: string) => `sha256 ${createHmac("sha256", secret).update(body).digest("hex")}`;

export interface FakeGreenhouseOptions {
  /** Which Harvest generation the suites drive (`ops` names its operations); both are always served. */
  apiVersion?: "v1" | "v3";
  /** Lifetime of issued v3 tokens, in seconds. */
  tokenTtlS?: number;
  /** v3 OAuth client credentials the token endpoint accepts (random by default). */
  clientId?: string;
  clientSecret?: string;
  /** Largest v3 list page, whatever `per_page` asks: small, so every list the worker reads spans several pages. */
  v3PageSize?: number;
}

const V1_OPS = {
  application: "getApplication",
  job: "getJobPost",
  resume: "getCandidate",
  download: "download",
  listNotes: "activityFeed",
  createNote: "createNote",
  customField: "patchApplication",
  tag: "putTag",
} as const;

/** v3 operations that mirror a v1 one share its name, so a fault injected on it hits whichever version is called. */
const V3_OPS = { ...V1_OPS, resume: "listAttachments", listNotes: "listNotes" } as const;

/**
 * Harvest subset, v1 and v3, over one account's data. v1: Basic auth with the API key, On-Behalf-Of on writes,
 * applications, candidates, job posts, activity feed notes, custom fields, tags. v3: client-credentials tokens from
 * `POST /token` (Basic client id:secret, form `grant_type` + `sub`), Bearer auth, attachments and notes as resources,
 * cursor pagination (`Link` rel="next"; a cursor must be the only query parameter). Files behind signed S3-like URLs.
 */
export class FakeGreenhouse extends FakeAtsServer implements FakeProvider {
  readonly provider = "greenhouse" as const;
  readonly ops: Record<FakeOp, string>;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiVersion: "v1" | "v3";
  private readonly tokenTtlS: number;
  private readonly v3PageSize: number;
  private nextId = 40_000_000;
  private readonly applications = new Map<string, any>();
  private readonly candidates = new Map<string, any>();
  private readonly jobPosts = new Map<string, any>();
  private readonly noteList = new Map<string, (FakeNote & { created_at: string; visibility?: string; seeded?: boolean })[]>();
  private readonly tagList: { id: number; name: string }[] = [];
  private readonly candidateTags = new Map<string, Set<number>>();
  private readonly fields = new Map<string, Record<string, unknown>>();
  /** Issued v3 tokens: their subject (the acting user) and expiry. */
  private readonly tokens = new Map<string, { sub: string; expiresAt: number }>();

  constructor(apiKey?: string, options: FakeGreenhouseOptions = {}) {
    super(apiKey);
    this.apiVersion = options.apiVersion ?? "v1";
    this.clientId = options.clientId ?? `fake-client-${randomUUID()}`;
    this.clientSecret = options.clientSecret ?? `fake-client-secret-${randomUUID()}`;
    this.ops = this.apiVersion === "v3" ? V3_OPS : V1_OPS;
    this.tokenTtlS = options.tokenTtlS ?? 3600;
    this.v3PageSize = options.v3PageSize ?? 2;
    this.route("GET", /^\/v1\/applications\/(\d+)$/, "getApplication", (r) => this.found(this.withFreshUrls(this.applications.get(r.params[0]!))));
    this.route("GET", /^\/v1\/candidates\/(\d+)$/, "getCandidate", (r) => this.found(this.withFreshUrls(this.candidates.get(r.params[0]!))));
    this.route("GET", /^\/v1\/job_posts\/(\d+)$/, "getJobPost", (r) => this.found(this.jobPosts.get(r.params[0]!)));
    this.route("GET", /^\/v1\/candidates\/(\d+)\/activity_feed$/, "activityFeed", (r) =>
      this.candidates.has(r.params[0]!) ? { status: 200, json: { notes: this.noteList.get(r.params[0]!) ?? [], emails: [], activities: [] } } : { status: 404, json: { message: "Resource not found" } },
    );
    this.route("POST", /^\/v1\/candidates\/(\d+)\/activity_feed\/notes$/, "createNote", (r) => this.createNote(r));
    this.route("PATCH", /^\/v1\/applications\/(\d+)$/, "patchApplication", (r) => this.patchApplication(r));
    this.route("GET", /^\/v1\/tags\/candidate$/, "listTags", () => ({ status: 200, json: this.tagList }));
    this.route("POST", /^\/v1\/tags\/candidate$/, "createTag", (r) => this.createTag(r));
    this.route("PUT", /^\/v1\/candidates\/(\d+)\/tags\/(\d+)$/, "putTag", (r) => this.putTag(r));

    this.route("POST", /^\/token$/, "token", (r) => this.issueToken(r), false);
    this.route("GET", /^\/v3\/applications\/(\d+)$/, "getApplication", (r) => this.found(this.v3Application(r.params[0]!)));
    this.route("GET", /^\/v3\/candidates\/(\d+)$/, "getCandidate", (r) => this.found(this.v3Candidate(r.params[0]!)));
    this.route("GET", /^\/v3\/job_posts\/(\d+)$/, "getJobPost", (r) => this.found(this.jobPosts.get(r.params[0]!)));
    this.route("GET", /^\/v3\/attachments$/, "listAttachments", (r) => this.page(r, (q) => this.v3Attachments(q)));
    this.route("GET", /^\/v3\/notes$/, "listNotes", (r) => this.page(r, (q) => this.v3Notes(q)));
    this.route("POST", /^\/v3\/notes$/, "createNote", (r) => this.createNote(r));
    this.route("PATCH", /^\/v3\/applications\/(\d+)$/, "patchApplication", (r) => this.patchApplication(r));
  }

  protected override authorised(req: IncomingMessage, path: string): boolean {
    if (!path.startsWith("/v3/")) return super.authorised(req, path);
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
    const issued = token ? this.tokens.get(token) : undefined;
    return !!issued && issued.expiresAt > Date.now();
  }

  /** Invalidates every issued token, as a revocation or an early expiry would. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  private issueToken(r: Req): Reply {
    const expected = `Basic ${Buffer.from(`${encodeURIComponent(this.clientId)}:${encodeURIComponent(this.clientSecret)}`).toString("base64")}`;
    if (r.headers.authorization !== expected) return { status: 401, json: { error: "invalid_client" } };
    const form = new URLSearchParams(r.body.toString("utf8"));
    if (form.get("grant_type") !== "client_credentials") return { status: 400, json: { error: "unsupported_grant_type" } };
    const sub = form.get("sub");
    if (!sub) return { status: 400, json: { error: "invalid_request", error_description: "sub is required" } };
    const token = randomUUID();
    this.tokens.set(token, { sub, expiresAt: Date.now() + this.tokenTtlS * 1000 });
    return { status: 200, json: { access_token: token, token_type: "Bearer", expires_in: this.tokenTtlS } };
  }

  /**
   * One page of a v3 list. The first request carries filters and `per_page`; later ones only the opaque cursor (v3
   * answers 400 to a cursor with anything beside it).
   */
  private page(r: Req, items: (query: URLSearchParams) => unknown[]): Reply {
    let query = r.query;
    let offset = 0;
    const cursor = r.query.get("cursor");
    if (cursor !== null) {
      if ([...r.query.keys()].length !== 1) return { status: 400, json: { message: "cursor must be the only query parameter" } };
      try {
        const state = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { q: string; o: number };
        query = new URLSearchParams(state.q);
        offset = state.o;
      } catch {
        return { status: 400, json: { message: "invalid cursor" } };
      }
    }
    const size = Math.min(Number(query.get("per_page") ?? 100) || 100, this.v3PageSize);
    const all = items(query);
    const next = offset + size < all.length ? Buffer.from(JSON.stringify({ q: query.toString(), o: offset + size })).toString("base64url") : undefined;
    return { status: 200, json: all.slice(offset, offset + size), ...(next ? { headers: { link: `<${this.url}${r.path}?cursor=${next}>; rel="next"` } } : {}) };
  }

  private v3Application(id: string): unknown {
    const app = this.applications.get(id);
    if (!app) return undefined;
    // v3 names one job and leaves attachments to /v3/attachments.
    const { jobs, attachments: _a, ...rest } = app;
    return { ...rest, job_id: jobs[0]?.id ?? null };
  }

  private v3Candidate(id: string): unknown {
    const cand = this.candidates.get(id);
    if (!cand) return undefined;
    const { attachments: _a, ...rest } = cand;
    return rest;
  }

  private v3Attachments(q: URLSearchParams): unknown[] {
    const apps = q.get("application_ids")?.split(",");
    const cands = q.get("candidate_ids")?.split(",");
    const type = q.get("type");
    return [...this.applications.values()].flatMap((app) =>
      (app.attachments as any[])
        .filter(() => (!apps || apps.includes(String(app.id))) && (!cands || cands.includes(String(app.candidate_id))))
        .filter((a) => !type || a.type === type)
        .map((a) => ({ ...a, url: this.resign(a.url), application_id: app.id, candidate_id: app.candidate_id })),
    );
  }

  private v3Notes(q: URLSearchParams): unknown[] {
    const cands = q.get("candidate_ids")?.split(",") ?? [];
    return cands.flatMap((c) => (this.noteList.get(c) ?? []).map((n) => ({ id: Number(n.id), candidate_id: Number(c), body: n.body, visibility: n.visibility, created_at: n.created_at })));
  }

  /** An application or candidate as a read returns it: every attachment URL signed afresh (they expire). */
  private withFreshUrls(record: any): any {
    if (!record || !Array.isArray(record.attachments)) return record;
    return { ...record, attachments: record.attachments.map((a: any) => ({ ...a, url: this.resign(a.url) })) };
  }

  private id(): number {
    return this.nextId++;
  }

  private found(value: unknown): Reply {
    return value ? { status: 200, json: value } : { status: 404, json: { message: "Resource not found" } };
  }

  /** The acting user: On-Behalf-Of in v1, the token's subject in v3. */
  private writer(r: Req): string | undefined {
    if (r.path.startsWith("/v3/")) return this.tokens.get(/^Bearer (\S+)$/.exec(r.headers.authorization ?? "")?.[1] ?? "")?.sub;
    return typeof r.headers["on-behalf-of"] === "string" ? r.headers["on-behalf-of"] : undefined;
  }

  apply(input: ApplyInput = {}): FakeApplication {
    const candidateId = this.id();
    const applicationId = this.id();
    const jobId = this.id();
    const jobPostId = this.id();
    const resume = input.resume === undefined ? textResume() : input.resume;
    const attachment = resume ? { filename: resume.filename, url: this.storeFile(resume), type: "resume", created_at: new Date().toISOString() } : undefined;
    this.jobPosts.set(String(jobPostId), { id: jobPostId, title: input.jobTitle ?? "Senior Backend Engineer", location: { name: "Berlin, Germany" }, content: input.jobHtml ?? JOB_HTML, internal_content: null, job_id: jobId });
    this.candidates.set(String(candidateId), {
      id: candidateId,
      first_name: input.firstName ?? "Alex",
      last_name: input.lastName ?? "Morgan",
      title: "Backend Engineer",
      company: "Medify GmbH",
      email_addresses: [{ value: input.email ?? "alex.morgan@example.com", type: "personal" }],
      phone_numbers: [{ value: "+49 30 1234567", type: "mobile" }],
      social_media_addresses: [],
      website_addresses: [{ value: "https://www.linkedin.com/in/alex-morgan", type: "personal" }],
      attachments: attachment ? [attachment] : [],
      application_ids: [applicationId],
      tags: [],
    });
    this.applications.set(String(applicationId), {
      id: applicationId,
      candidate_id: candidateId,
      prospect: false,
      job_post_id: jobPostId,
      status: "active",
      jobs: [{ id: jobId, name: input.jobTitle ?? "Senior Backend Engineer" }],
      answers: [],
      attachments: attachment ? [attachment] : [],
    });
    if (this.apiVersion === "v3") {
      // Recruiters' notes already on the candidate: the marker search must page past them.
      const seeded = ["Phone screen booked", "Referred by a current employee", "Prefers remote work"].map((body) => ({
        id: String(this.id()), body, private: true, actingUser: "1001", visibility: "private", created_at: new Date().toISOString(), seeded: true,
      }));
      this.noteList.set(String(candidateId), seeded);
    }
    return { applicationId: String(applicationId), candidateId: String(candidateId), jobId: String(jobId) };
  }

  private delivery(secret: string, payload: unknown, eventId: string): SignedDelivery {
    const body = greenhouseJson(payload);
    return { body, headers: { signature: signGreenhouse(secret, body), "greenhouse-event-id": eventId, "user-agent": "Greenhouse-Webhooks" } };
  }

  applicationWebhook(app: FakeApplication, secret: string, options: { deliveryId?: string } = {}): SignedDelivery {
    const application = this.applications.get(app.applicationId);
    const candidate = this.candidates.get(app.candidateId);
    return this.delivery(
      secret,
      {
        action: "new_candidate_application",
        payload: {
          application: {
            id: application.id,
            status: "active",
            prospect: false,
            applied_at: new Date().toISOString(),
            url: `https://app.greenhouse.io/people/${candidate.id}/applications/${application.id}`,
            candidate: { id: candidate.id, first_name: candidate.first_name, last_name: candidate.last_name, attachments: candidate.attachments },
            jobs: [{ id: Number(app.jobId), name: application.jobs[0].name, notes: "<p>Internal: hiring for Q3 & Q4</p>" }],
          },
        },
      },
      options.deliveryId ?? randomUUID(),
    );
  }

  otherWebhook(app: FakeApplication, secret: string): SignedDelivery {
    return this.delivery(secret, { action: "candidate_stage_change", payload: { application: { id: Number(app.applicationId), candidate: { id: Number(app.candidateId) } } } }, randomUUID());
  }

  pingWebhook(secret: string): SignedDelivery {
    return this.delivery(secret, { action: "ping", payload: { web_hook_id: 1, endpoint_url: "https://example.com", name: "Winnow", event: "Candidate has submitted application", active: true } }, randomUUID());
  }

  private createNote(r: Req): Reply {
    const candidateId = r.path.startsWith("/v3/") ? String(r.json?.candidate_id ?? "") : r.params[0]!;
    if (r.path.startsWith("/v3/") && !r.json?.body) return { status: 422, json: { message: "Validation error", errors: [{ field: "body", message: "is required" }] } };
    if (!this.candidates.has(candidateId)) return { status: 404, json: { message: "Resource not found" } };
    const actingUser = this.writer(r);
    if (!actingUser) return { status: 403, json: { message: "On-Behalf-Of header is required" } };
    const note = { id: String(this.id()), body: String(r.json?.body ?? ""), private: r.json?.visibility !== "public", actingUser, visibility: r.json?.visibility, created_at: new Date().toISOString() };
    this.noteList.set(candidateId, [...(this.noteList.get(candidateId) ?? []), note]);
    return { status: 201, json: { id: Number(note.id), body: note.body, visibility: note.visibility, visiblity: note.visibility } };
  }

  private patchApplication(r: Req): Reply {
    const id = r.params[0]!;
    if (!this.applications.has(id)) return { status: 404, json: { message: "Resource not found" } };
    if (!this.writer(r)) return { status: 403, json: { message: "On-Behalf-Of header is required" } };
    const current = this.fields.get(id) ?? {};
    for (const f of r.json?.custom_fields ?? []) current[String(f.name_key ?? f.id)] = f.value;
    this.fields.set(id, current);
    return { status: 200, json: this.applications.get(id) };
  }

  private createTag(r: Req): Reply {
    const name = String(r.json?.name ?? "");
    if (this.tagList.some((t) => t.name.toLowerCase() === name.toLowerCase())) return { status: 422, json: { message: "Validation error", errors: [{ field: "name", message: "has already been taken" }] } };
    const tag = { id: this.id(), name };
    this.tagList.push(tag);
    return { status: 201, json: tag };
  }

  private putTag(r: Req): Reply {
    const [candidateId, tagId] = r.params as [string, string];
    if (!this.candidates.has(candidateId) || !this.tagList.some((t) => String(t.id) === tagId)) return { status: 404, json: { message: "Resource not found" } };
    this.candidateTags.set(candidateId, (this.candidateTags.get(candidateId) ?? new Set()).add(Number(tagId)));
    return { status: 200, json: { message: "Tag applied" } };
  }

  notes(app: FakeApplication): FakeNote[] {
    return (this.noteList.get(app.candidateId) ?? []).filter((n) => !n.seeded).map(({ id, body, private: p, actingUser }) => ({ id, body, private: p, actingUser }));
  }

  tags(app: FakeApplication): string[] {
    return [...(this.candidateTags.get(app.candidateId) ?? [])].map((id) => this.tagList.find((t) => t.id === id)!.name);
  }

  customFields(app: FakeApplication): Record<string, unknown> {
    return this.fields.get(app.applicationId) ?? {};
  }
}
