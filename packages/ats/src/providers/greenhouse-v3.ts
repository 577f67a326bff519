import type { WriteBackSettings } from "@winnow/storage/repos/connections";
import { AtsApiError, NotReadyError, PermanentError } from "../errors.ts";
import { AtsHttp, type HttpResult, type RequestOptions } from "../http.ts";
import type { AtsApplication, AtsClient, ClientOptions, JobDescription } from "../types.ts";
import { asRecord, idOf, joinText, str, htmlReader } from "./common.ts";
import { applicationIds, newestResume, toApplication } from "./harvest-records.ts";
import { HarvestTokenSource, harvestTokenUrl } from "./harvest-auth.ts";

/** Pages of notes searched for the marker before giving up (a candidate with thousands of notes is not ours to scan). */
const MAX_NOTE_PAGES = 50;
const PAGE_SIZE = 100;

/**
 * The request shapes the Harvest v3 reference does not pin down for us, in one place: the note create body (v3 has a
 * note create with a `visibility` field, but its exact request was not captured) and the custom-field PATCH body
 * (assumed unchanged from v1). Change them here once confirmed against the live API.
 */
export const V3_SHAPES = {
  noteCreate: (candidateId: string, applicationId: string, body: string, visibility: string) => ({
    candidate_id: Number(candidateId) || candidateId,
    application_id: Number(applicationId) || applicationId,
    body,
    visibility,
  }),
  customFieldPatch: (field: string, value: number) => ({
    custom_fields: [{ ...(/^\d+$/.test(field) ? { id: Number(field) } : { name_key: field }), value }],
  }),
};

/**
 * The `cursor` of a `Link: <…?cursor=…>; rel="next"` header. Only the cursor is taken: v3 requires it to be the only
 * query parameter, and the request goes to our own base URL, so a link naming another host never gets the token.
 */
export function nextCursor(link: string | null): string | undefined {
  for (const part of (link ?? "").split(",")) {
    const m = /<([^>]+)>\s*;(?:[^;]*;)*\s*rel="?next"?/i.exec(part.trim());
    if (!m) continue;
    try {
      return new URL(m[1]!, "https://harvest.invalid").searchParams.get("cursor") ?? undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A list response's items: a JSON array, or `{ data: [...] }`. */
function list(body: unknown): Record<string, unknown>[] {
  const data = asRecord(body)?.data;
  const items: unknown[] = Array.isArray(body) ? body : Array.isArray(data) ? data : [];
  return items.map((x) => asRecord(x)).filter((x): x is Record<string, unknown> => x !== undefined);
}

/**
 * Harvest v3: OAuth2 bearer tokens (client credentials; the acting user is the token's `sub`, no On-Behalf-Of),
 * attachments and notes as their own resources, opaque cursor pagination.
 */
export class GreenhouseV3Client implements AtsClient {
  readonly http: AtsHttp;
  readonly tokens: HarvestTokenSource | undefined;
  private readonly problem: string | undefined;

  constructor(options: ClientOptions & { baseUrl: string }) {
    this.http = new AtsHttp({ baseUrl: options.baseUrl, headers: {}, policy: { requestsPerSecond: 0, ...options.policy }, label: "greenhouse" });
    const { clientId, clientSecret } = options;
    const subject = options.settings?.actingUserId;
    // A misconfigured connection fails its jobs permanently on first use, not the worker that builds the client.
    if (!clientId || !clientSecret) this.problem = "This Greenhouse connection uses Harvest v3 but has no OAuth client id and secret; update its credentials";
    else if (!subject) this.problem = "Harvest v3 tokens need an acting user (the token's sub); set write_back.acting_user_id";
    else {
      const policy = options.policy;
      this.tokens = new HarvestTokenSource({ tokenUrl: harvestTokenUrl(options.baseUrl), clientId, clientSecret, subject, ...(policy ? { policy } : {}) });
    }
  }

  /** One API call with a bearer token; a 401 drops the token and the call is made once more with a fresh one. */
  private async call<T>(method: string, path: string, options: RequestOptions): Promise<HttpResult<T>> {
    if (!this.tokens) throw new PermanentError(this.problem!);
    for (let attempt = 1; ; attempt++) {
      const token = await this.tokens.get();
      try {
        return await this.http.request<T>(method, path, { ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
      } catch (err) {
        // A refused token was not acted on, so even a note POST may be repeated.
        if (attempt === 1 && err instanceof AtsApiError && err.status === 401) {
          this.tokens.invalidate(token);
          continue;
        }
        throw err;
      }
    }
  }

  /** The pages of a cursor-paginated list, up to `maxPages`; the caller stops early by leaving the loop. */
  private async *pages(path: string, query: Record<string, string | number>, maxPages: number): AsyncGenerator<Record<string, unknown>[]> {
    let cursor: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      // Filters and per_page go on the first request only; after that the cursor carries them.
      const res = await this.call<unknown>("GET", path, { idempotent: true, query: cursor ? { cursor } : { ...query, per_page: PAGE_SIZE } });
      yield list(res.body);
      cursor = nextCursor(res.headers.get("link"));
      if (!cursor) return;
    }
  }

  async getApplication(applicationId: string): Promise<AtsApplication> {
    const res = await this.call<Record<string, unknown>>("GET", `/v3/applications/${encodeURIComponent(applicationId)}`, { idempotent: true, accept: [404] });
    // As in v1, a new application may not be readable yet right after its webhook.
    if (res.status === 404) throw new NotReadyError("application", `Greenhouse application ${applicationId} is not available yet (404)`);
    const { candidateId } = applicationIds(applicationId, res.body);
    const cand = (await this.call<Record<string, unknown>>("GET", `/v3/candidates/${encodeURIComponent(candidateId)}`, { idempotent: true })).body;
    // Attachments are their own resource in v3 and are read by getResume, right before the download (URLs expire).
    return toApplication(applicationId, res.body, cand, {});
  }

  async getJobDescription(app: AtsApplication): Promise<JobDescription> {
    const textOfHtml = await htmlReader();
    if (app.refs.jobPostId) {
      const post = await this.call<Record<string, unknown>>("GET", `/v3/job_posts/${encodeURIComponent(app.refs.jobPostId)}`, { idempotent: true, accept: [404] });
      if (post.status !== 404) {
        const title = str(post.body.title);
        return { title, text: joinText(title, str(asRecord(post.body.location)?.name), textOfHtml(str(post.body.content))) };
      }
    }
    // Added by hand, without a job post: the job's name and notes are all there is.
    const job = (await this.call<Record<string, unknown>>("GET", `/v3/jobs/${encodeURIComponent(app.atsJobId)}`, { idempotent: true })).body;
    return { title: str(job.name), text: joinText(str(job.name), textOfHtml(str(job.notes))) };
  }

  async getResume(app: AtsApplication) {
    // The application's own resume first; a candidate's resume from another application only when it has none.
    const filters: Record<string, string>[] = [{ application_ids: app.applicationId }, { candidate_ids: app.candidateId }];
    for (const filter of filters) {
      const found: unknown[] = [];
      for await (const page of this.pages("/v3/attachments", { ...filter, type: "resume" }, 5)) found.push(...page);
      const resume = newestResume(found);
      if (resume?.url) return { kind: "url" as const, url: resume.url, ...(resume.filename ? { name: resume.filename } : {}) };
    }
    return { kind: "none" as const, reason: "the candidate has no resume attachment" };
  }

  async findNote(app: AtsApplication, marker: string) {
    for await (const page of this.pages("/v3/notes", { candidate_ids: app.candidateId }, MAX_NOTE_PAGES)) {
      const found = page.find((n) => str(n.body).includes(marker));
      if (found) return idOf(found.id) ?? "unknown";
    }
    return undefined;
  }

  async createNote(app: AtsApplication, body: string, settings: WriteBackSettings) {
    const res = await this.call<Record<string, unknown>>("POST", "/v3/notes", {
      idempotent: false,
      json: V3_SHAPES.noteCreate(app.candidateId, app.applicationId, body, settings.noteVisibility),
    });
    return idOf(res.body?.id) ?? "unknown";
  }

  async setCustomField(app: AtsApplication, field: string, value: number) {
    await this.call("PATCH", `/v3/applications/${encodeURIComponent(app.applicationId)}`, { idempotent: true, json: V3_SHAPES.customFieldPatch(field, value) });
  }

  async addTag(): Promise<string | undefined> {
    // Refused when the connection is configured (validateSettings); this guards a connection stored before that check.
    throw new PermanentError("Tags are not supported on Greenhouse Harvest v3 connections yet; remove write_back.tag");
  }
}
