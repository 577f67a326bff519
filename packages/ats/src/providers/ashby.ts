import type { WriteBackSettings } from "@winnow/storage/repos/connections";
import { AtsApiError, NotReadyError, PermanentError, ResumeUnavailable } from "../errors.ts";
import { AtsHttp, basicAuth } from "../http.ts";
import { hexDigestEquals, hmacSha256Hex } from "../signatures.ts";
import type { AtsApplication, AtsClient, ClientOptions, ProviderModule, ResumeSource, WebhookAdapter } from "../types.ts";
import { asRecord, bodyKey, idOf, joinText, linkedinOf, parseJsonObject, splitName, str } from "./common.ts";

export const ASHBY_API = "https://api.ashbyhq.com";

/**
 * Ashby webhooks: `Ashby-Signature: sha256=<hex>`, HMAC-SHA256 of the raw body with the webhook's secret token.
 * `webhookActionId` is the same across retries of one event, so it is the delivery key.
 */
export const ashbyWebhook: WebhookAdapter = {
  provider: "ashby",
  verify(raw, headers, secret) {
    const header = headers.get("ashby-signature")?.trim() ?? "";
    const m = /^sha256=([0-9a-fA-F]+)$/.exec(header);
    if (!m || !hexDigestEquals(m[1]!, hmacSha256Hex(secret, raw))) {
      return { ok: false, problem: "signature", message: header ? "The Ashby-Signature header does not match the body" : "The Ashby-Signature header is missing" };
    }
    const parsed = parseJsonObject(raw);
    return parsed.ok ? { ok: true, body: parsed.body } : { ok: false, problem: "malformed", message: parsed.message };
  },
  classify(body, _headers, raw) {
    const b = body as Record<string, unknown>;
    const action = str(b.action);
    if (!action) return { kind: "malformed", message: "The body has no action" };
    if (action === "ping") return { kind: "ping", type: action };
    if (action !== "applicationSubmit") return { kind: "ignored", type: action, reason: "not a new application" };
    const application = asRecord(asRecord(b.data)?.application);
    const applicationId = idOf(application?.id);
    if (!application || !applicationId) return { kind: "malformed", message: "data.application.id is missing" };
    if (application.status === "Lead") return { kind: "ignored", type: action, reason: "lead, not an applicant" };
    const actionId = idOf(b.webhookActionId);
    const candidateId = idOf(asRecord(application.candidate)?.id);
    const atsJobId = idOf(asRecord(application.job)?.id);
    return {
      kind: "application",
      type: action,
      deliveryKey: actionId ? `action:${actionId}` : bodyKey(raw),
      applicationId,
      ...(candidateId ? { candidateId } : {}),
      ...(atsJobId ? { atsJobId } : {}),
    };
  },
};

/** Ashby's RPC API: every call a POST with a JSON body, and errors often arrive as HTTP 200 with success: false. */
export class AshbyClient implements AtsClient {
  readonly http: AtsHttp;
  constructor(options: ClientOptions) {
    this.http = new AtsHttp({
      baseUrl: options.baseUrl ?? ASHBY_API,
      headers: { authorization: basicAuth(options.apiKey), accept: "application/json; version=1" },
      // No general limit is documented; a 429's Retry-After paces the connection.
      policy: { requestsPerSecond: 0, ...options.policy },
      label: "ashby",
    });
  }

  /**
   * One RPC call, checked for `success` (Ashby answers many errors with HTTP 200). Returns the whole body, so list
   * calls can read their paging fields; the error codes are classified the same way for every call.
   */
  private async call(
    method: string,
    body: Record<string, unknown>,
    options: { idempotent: boolean; settings?: WriteBackSettings },
  ): Promise<Record<string, unknown>> {
    const headers = options.settings?.actingUserId ? { "x-on-behalf-of": options.settings.actingUserId } : undefined;
    const res = await this.http.request<Record<string, unknown>>("POST", `/${method}`, { idempotent: options.idempotent, json: body, ...(headers ? { headers } : {}) });
    if (res.body?.success === true) return res.body;
    const info = asRecord(res.body?.errorInfo);
    const errors = Array.isArray(res.body?.errors) ? res.body.errors.map(String) : [];
    const code = str(info?.code) || errors[0] || "unknown_error";
    const message = `ashby ${method}: ${code}${str(info?.message) ? ` (${str(info?.message)})` : ""}`;
    if (/not_?found/i.test(code)) throw new AtsApiError(message, { status: 404, retryable: false });
    if (/rate|throttl|timeout|unavailable/i.test(code)) throw new AtsApiError(message, { retryable: true });
    throw new PermanentError(message);
  }

  private async rpc<T = Record<string, unknown>>(
    method: string,
    body: Record<string, unknown>,
    options: { idempotent: boolean; settings?: WriteBackSettings },
  ): Promise<T> {
    return (await this.call(method, body, options)).results as T;
  }

  async getApplication(applicationId: string): Promise<AtsApplication> {
    let app: Record<string, unknown>;
    try {
      app = await this.rpc("application.info", { applicationId }, { idempotent: true });
    } catch (err) {
      if (err instanceof AtsApiError && err.status === 404) throw new NotReadyError("application", `Ashby application ${applicationId} is not available yet`);
      throw err;
    }
    const candidateId = idOf(asRecord(app.candidate)?.id);
    const atsJobId = idOf(asRecord(app.job)?.id);
    if (!candidateId || !atsJobId) throw new PermanentError(`Ashby application ${applicationId} lacks a candidate or a job`);
    const cand = await this.rpc("candidate.info", { id: candidateId }, { idempotent: true });
    const { firstName, lastName } = splitName(str(cand.name) || str(asRecord(app.candidate)?.name));
    const position = [str(cand.position), str(cand.company)].filter(Boolean).join(" at ");
    return {
      applicationId,
      candidateId,
      atsJobId,
      contact: {
        firstName,
        lastName,
        email: str(asRecord(cand.primaryEmailAddress)?.value),
        phone: str(asRecord(cand.primaryPhoneNumber)?.value),
        linkedin: linkedinOf(Array.isArray(cand.socialLinks) ? cand.socialLinks : []),
      },
      profileText: joinText(position, str(asRecord(cand.location)?.locationSummary)),
      refs: {
        jobPostingId: idOf(app.appliedViaJobPostingId),
        // The application's resume wins over the profile's: it is the one submitted for this job.
        resumeHandle: str(asRecord(app.resumeFileHandle)?.handle) || str(asRecord(cand.resumeFileHandle)?.handle) || undefined,
        resumeName: str(asRecord(app.resumeFileHandle)?.name) || str(asRecord(cand.resumeFileHandle)?.name) || undefined,
      },
    };
  }

  async getJobDescription(app: AtsApplication) {
    let postingId = app.refs.jobPostingId;
    let title = "";
    if (!postingId) {
      const job = await this.rpc("job.info", { id: app.atsJobId }, { idempotent: true });
      title = str(job.title);
      postingId = (Array.isArray(job.jobPostingIds) ? job.jobPostingIds.map(idOf).find(Boolean) : undefined) ?? undefined;
    }
    if (!postingId) return { title, text: title };
    const posting = await this.rpc("jobPosting.info", { jobPostingId: postingId }, { idempotent: true });
    title = str(posting.title) || title;
    return { title, text: joinText(title, str(posting.locationName), str(posting.descriptionPlain)) };
  }

  async getResume(app: AtsApplication): Promise<ResumeSource> {
    if (!app.refs.resumeHandle) return { kind: "none", reason: "the application has no resume" };
    // The URL's lifetime is undocumented: resolve the handle right before downloading.
    let file: Record<string, unknown>;
    try {
      file = await this.rpc("file.info", { fileHandle: app.refs.resumeHandle }, { idempotent: true });
    } catch (err) {
      // An error code no retry fixes is about this file, not the connection: screen without it.
      if (err instanceof PermanentError) throw new ResumeUnavailable(err.message);
      throw err;
    }
    const url = str(file.url);
    if (!url) throw new NotReadyError("resume", "Ashby returned no URL for the resume yet");
    return { kind: "url", url, ...(app.refs.resumeName ? { name: app.refs.resumeName } : {}) };
  }

  async findNote(app: AtsApplication, marker: string) {
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      // A rate-limit error in a 200 must retry the job like any other call, not dead-letter it.
      const res = await this.call("candidate.listNotes", { candidateId: app.candidateId, limit: 100, ...(cursor ? { cursor } : {}) }, { idempotent: true });
      const notes = Array.isArray(res.results) ? res.results : [];
      const found = notes.map((n) => asRecord(n)).find((n) => JSON.stringify(n).includes(marker));
      if (found) return idOf(found.id) ?? "unknown";
      if (!res.moreDataAvailable || typeof res.nextCursor !== "string") return undefined;
      cursor = res.nextCursor;
    }
    return undefined;
  }

  async createNote(app: AtsApplication, body: string, settings: WriteBackSettings) {
    const note = await this.rpc(
      "candidate.createNote",
      { candidateId: app.candidateId, note: { type: "text/plain", value: body }, isPrivate: settings.noteVisibility !== "public", sendNotifications: false },
      { idempotent: false, settings },
    );
    return idOf(note.id) ?? "unknown";
  }

  async setCustomField(app: AtsApplication, field: string, value: number, settings: WriteBackSettings) {
    await this.rpc("customField.setValue", { objectId: app.applicationId, objectType: "Application", fieldId: field, fieldValue: value }, { idempotent: true, settings });
  }

  async addTag(app: AtsApplication, tag: string, settings: WriteBackSettings) {
    const tagId = (await this.findTag(tag)) ?? (await this.createTag(tag, settings));
    await this.rpc("candidate.addTag", { candidateId: app.candidateId, tagId }, { idempotent: true, settings });
    return tagId;
  }

  private async findTag(title: string): Promise<string | undefined> {
    const tags = await this.rpc<unknown[]>("candidateTag.list", {}, { idempotent: true });
    const found = (Array.isArray(tags) ? tags : []).map((t) => asRecord(t)).find((t) => str(t?.title).toLowerCase() === title.toLowerCase());
    return found ? idOf(found.id) : undefined;
  }

  private async createTag(title: string, settings: WriteBackSettings): Promise<string> {
    try {
      const created = await this.rpc("candidateTag.create", { title }, { idempotent: false, settings });
      const id = idOf(created.id);
      if (id) return id;
    } catch (err) {
      if (!(err instanceof PermanentError)) throw err;
    }
    // Created meanwhile (a concurrent job, or an attempt whose answer was lost): it exists now.
    const id = await this.findTag(title);
    if (!id) throw new PermanentError(`Ashby refused to create the tag "${title}"`);
    return id;
  }
}

export const ashby: ProviderModule = {
  webhook: ashbyWebhook,
  createClient: (options) => new AshbyClient(options),
  validateSettings(settings) {
    if (settings.noteVisibility === "admin_only") return "admin_only is a Greenhouse visibility; Ashby notes are public or private";
    return undefined;
  },
};
