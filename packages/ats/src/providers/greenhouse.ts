import type { WriteBackSettings } from "@winnow/storage/repos/connections";
import { NotReadyError, PermanentError } from "../errors.ts";
import { AtsHttp, basicAuth } from "../http.ts";
import { hexDigestEquals, hmacSha256Hex } from "../signatures.ts";
import type { AtsApplication, AtsClient, ClientOptions, ProviderModule, WebhookAdapter } from "../types.ts";
import { asRecord, bodyKey, idOf, joinText, parseJsonObject, str, htmlReader } from "./common.ts";
import { GreenhouseV3Client } from "./greenhouse-v3.ts";
import { applicationIds, newestResume, toApplication } from "./harvest-records.ts";

export const GREENHOUSE_API = "https://harvest.greenhouse.io";

/**
 * Greenhouse Recruiting webhooks: `Signature: sha256 <hex>`, HMAC-SHA256 of the entire raw body with the webhook's
 * secret key. Greenhouse escapes characters such as `<` as `\u003c` before signing, so only the bytes as received
 * verify — never a re-serialisation.
 */
export const greenhouseWebhook: WebhookAdapter = {
  provider: "greenhouse",
  verify(raw, headers, secret) {
    const header = headers.get("signature")?.trim() ?? "";
    const space = header.indexOf(" ");
    const algorithm = space > 0 ? header.slice(0, space).toLowerCase() : "";
    const digest = space > 0 ? header.slice(space + 1).trim() : "";
    if (algorithm !== "sha256" || !hexDigestEquals(digest, hmacSha256Hex(secret, raw))) {
      return { ok: false, problem: "signature", message: header ? "The Signature header does not match the body" : "The Signature header is missing" };
    }
    const parsed = parseJsonObject(raw);
    return parsed.ok ? { ok: true, body: parsed.body } : { ok: false, problem: "malformed", message: parsed.message };
  },
  classify(body, headers, raw) {
    const b = body as Record<string, unknown>;
    const action = str(b.action);
    if (!action) return { kind: "malformed", message: "The body has no action" };
    if (action === "ping") return { kind: "ping", type: action };
    if (action !== "new_candidate_application") return { kind: "ignored", type: action, reason: "not a new application" };
    const application = asRecord(asRecord(b.payload)?.application);
    const applicationId = idOf(application?.id);
    if (!application || !applicationId) return { kind: "malformed", message: "payload.application.id is missing" };
    if (application.prospect === true) return { kind: "ignored", type: action, reason: "prospect, not an applicant" };
    const jobs = Array.isArray(application.jobs) ? application.jobs : [];
    const eventId = headers.get("greenhouse-event-id")?.trim();
    const candidateId = idOf(asRecord(application.candidate)?.id);
    const atsJobId = idOf(asRecord(jobs[0])?.id);
    return {
      kind: "application",
      type: action,
      deliveryKey: eventId && eventId.length <= 200 ? `event:${eventId}` : bodyKey(raw),
      applicationId,
      ...(candidateId ? { candidateId } : {}),
      ...(atsJobId ? { atsJobId } : {}),
    };
  },
};

/** Harvest v1 client. Writes carry On-Behalf-Of (Greenhouse requires it for auditing). */
export class GreenhouseClient implements AtsClient {
  readonly http: AtsHttp;
  constructor(options: ClientOptions) {
    this.http = new AtsHttp({
      baseUrl: options.baseUrl ?? GREENHOUSE_API,
      headers: { authorization: basicAuth(options.apiKey) },
      // Greenhouse announces its limit (X-RateLimit-Remaining/Reset, Retry-After on 429): follow the headers rather
      // than guess the per-key budget, which differs between customers and vendors.
      policy: { requestsPerSecond: 0, ...options.policy },
      label: "greenhouse",
    });
  }

  private onBehalf(settings: WriteBackSettings): Record<string, string> {
    if (!settings.actingUserId) throw new PermanentError("Greenhouse writes need an acting user (On-Behalf-Of); set write_back.acting_user_id");
    return { "on-behalf-of": settings.actingUserId };
  }

  async getApplication(applicationId: string): Promise<AtsApplication> {
    const res = await this.http.request<Record<string, unknown>>("GET", `/v1/applications/${encodeURIComponent(applicationId)}`, { idempotent: true, accept: [404] });
    // Greenhouse materialises new applications asynchronously: a 404 right after the webhook means "not yet".
    if (res.status === 404) throw new NotReadyError("application", `Greenhouse application ${applicationId} is not available yet (404)`);
    const { candidateId } = applicationIds(applicationId, res.body);
    const cand = (await this.http.request<Record<string, unknown>>("GET", `/v1/candidates/${encodeURIComponent(candidateId)}`, { idempotent: true })).body;
    const resume = newestResume(res.body.attachments, cand.attachments);
    return toApplication(applicationId, res.body, cand, { resumeUrl: resume?.url, resumeName: resume?.filename });
  }

  async getJobDescription(app: AtsApplication) {
    const textOfHtml = await htmlReader();
    const path = app.refs.jobPostId
      ? `/v1/job_posts/${encodeURIComponent(app.refs.jobPostId)}`
      : `/v1/jobs/${encodeURIComponent(app.atsJobId)}/job_post`;
    const post = await this.http.request<Record<string, unknown>>("GET", path, { idempotent: true, query: { full_content: true }, accept: [404] });
    if (post.status !== 404) {
      const title = str(post.body.title);
      return { title, text: joinText(title, str(asRecord(post.body.location)?.name), textOfHtml(str(post.body.content))) };
    }
    // Added by hand, without a job post: the job's name and internal notes are all there is.
    const job = (await this.http.request<Record<string, unknown>>("GET", `/v1/jobs/${encodeURIComponent(app.atsJobId)}`, { idempotent: true })).body;
    return { title: str(job.name), text: joinText(str(job.name), textOfHtml(str(job.notes))) };
  }

  async getResume(app: AtsApplication) {
    // Attachment URLs are signed and expire (7 days): they come from the application just fetched, never from storage.
    if (app.refs.resumeUrl) return { kind: "url" as const, url: app.refs.resumeUrl, ...(app.refs.resumeName ? { name: app.refs.resumeName } : {}) };
    return { kind: "none" as const, reason: "the candidate has no resume attachment" };
  }

  async findNote(app: AtsApplication, marker: string) {
    const feed = await this.http.request<Record<string, unknown>>("GET", `/v1/candidates/${encodeURIComponent(app.candidateId)}/activity_feed`, { idempotent: true });
    const notes = Array.isArray(feed.body?.notes) ? feed.body.notes : [];
    const found = notes.map((n) => asRecord(n)).find((n) => str(n?.body).includes(marker));
    return found ? idOf(found.id) ?? "unknown" : undefined;
  }

  async createNote(app: AtsApplication, body: string, settings: WriteBackSettings) {
    const headers = this.onBehalf(settings);
    const res = await this.http.request<Record<string, unknown>>("POST", `/v1/candidates/${encodeURIComponent(app.candidateId)}/activity_feed/notes`, {
      idempotent: false,
      headers,
      json: { user_id: Number(settings.actingUserId) || settings.actingUserId, body, visibility: settings.noteVisibility },
    });
    return idOf(res.body?.id) ?? "unknown";
  }

  async setCustomField(app: AtsApplication, field: string, value: number, settings: WriteBackSettings) {
    const ref = /^\d+$/.test(field) ? { id: Number(field) } : { name_key: field };
    await this.http.request("PATCH", `/v1/applications/${encodeURIComponent(app.applicationId)}`, {
      idempotent: true,
      headers: this.onBehalf(settings),
      json: { custom_fields: [{ ...ref, value }] },
    });
  }

  async addTag(app: AtsApplication, tag: string, settings: WriteBackSettings) {
    const headers = this.onBehalf(settings);
    const tagId = (await this.findTag(tag)) ?? (await this.createTag(tag, headers));
    await this.http.request("PUT", `/v1/candidates/${encodeURIComponent(app.candidateId)}/tags/${encodeURIComponent(tagId)}`, { idempotent: true, headers });
    return tagId;
  }

  private async findTag(name: string): Promise<string | undefined> {
    const res = await this.http.request<unknown[]>("GET", "/v1/tags/candidate", { idempotent: true, query: { per_page: 500 } });
    const found = (Array.isArray(res.body) ? res.body : []).map((t) => asRecord(t)).find((t) => str(t?.name).toLowerCase() === name.toLowerCase());
    return found ? idOf(found.id) : undefined;
  }

  private async createTag(name: string, headers: Record<string, string>): Promise<string> {
    const res = await this.http.request<Record<string, unknown>>("POST", "/v1/tags/candidate", { idempotent: false, headers, json: { name }, accept: [422] });
    // 422: created meanwhile (by a concurrent job or an attempt that timed out) — it is there now.
    const id = res.status === 422 ? await this.findTag(name) : idOf(res.body?.id);
    if (!id) throw new PermanentError(`Greenhouse refused to create the tag "${name}"`);
    return id;
  }
}

/** Harvest API generations. v1/v2 were sunset on 31 Aug 2026; v1 stays for connections made before v3 support. */
export const HARVEST_VERSIONS = ["v3", "v1"] as const;
export type HarvestVersion = (typeof HARVEST_VERSIONS)[number];
/** New connections get v3. */
export const DEFAULT_HARVEST_VERSION: HarvestVersion = "v3";

/** Greenhouse write-back settings carry the connection's Harvest version (storage keeps the object as given). */
export interface GreenhouseSettings extends WriteBackSettings {
  apiVersion?: HarvestVersion;
}

/** A connection stored without a version predates v3 support: it is a v1 connection. */
export const harvestVersionOf = (settings: WriteBackSettings | undefined): HarvestVersion =>
  (settings as GreenhouseSettings | undefined)?.apiVersion === "v3" ? "v3" : "v1";

export const greenhouse: ProviderModule = {
  webhook: greenhouseWebhook,
  createClient: (options) =>
    harvestVersionOf(options.settings) === "v3"
      ? new GreenhouseV3Client({ ...options, baseUrl: options.baseUrl ?? GREENHOUSE_API })
      : new GreenhouseClient(options),
  validateSettings(settings) {
    const version = (settings as GreenhouseSettings).apiVersion;
    if (version !== undefined && !HARVEST_VERSIONS.includes(version)) return `api_version must be one of ${HARVEST_VERSIONS.join(", ")}`;
    if (harvestVersionOf(settings) === "v3") {
      if (!settings.actingUserId) return "Greenhouse requires write_back.acting_user_id (the Harvest v3 token's sub: the user the writes are made as)";
      if (settings.tag) return "write_back.tag is not supported on Harvest v3 connections yet";
      return undefined;
    }
    if (!settings.actingUserId) return "Greenhouse requires write_back.acting_user_id (sent as On-Behalf-Of on every write)";
    return undefined;
  },
};
