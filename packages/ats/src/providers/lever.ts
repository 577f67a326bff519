import { DELIVERY_RETENTION_MS } from "@winnow/storage/repos/webhook-deliveries";
import type { WriteBackSettings } from "@winnow/storage/repos/connections";
import { NotReadyError, PermanentError, SkipJob } from "../errors.ts";
import { AtsHttp, basicAuth } from "../http.ts";
import { hexDigestEquals, hmacSha256Hex } from "../signatures.ts";
import type { AtsApplication, AtsClient, ClientOptions, ProviderModule, ResumeSource, WebhookAdapter } from "../types.ts";
import { asRecord, bodyKey, idOf, joinText, linkedinOf, parseJsonObject, splitName, str, htmlReader } from "./common.ts";

export const LEVER_API = "https://api.lever.co/v1";

/**
 * Lever webhooks carry their signature in the body: hex HMAC-SHA256 of `token + triggeredAt` with the webhook's
 * signature token. The rest of the body is not covered, so the (signed) token is the delivery key — a replay of a
 * captured token with altered data is a duplicate — and deliveries older than the dedupe window are refused, since
 * their token may already be forgotten. The payload is only a trigger: everything is re-fetched from the API.
 */
export const leverWebhook: WebhookAdapter = {
  provider: "lever",
  verify(raw, _headers, secret, now) {
    const parsed = parseJsonObject(raw);
    if (!parsed.ok) return { ok: false, problem: "malformed", message: parsed.message };
    const { token, triggeredAt, signature } = parsed.body;
    if (typeof signature !== "string" || typeof token !== "string" || !token || typeof triggeredAt !== "number") {
      return { ok: false, problem: "signature", message: "The body lacks signature, token or triggeredAt" };
    }
    if (!hexDigestEquals(signature, hmacSha256Hex(secret, token + String(triggeredAt)))) {
      return { ok: false, problem: "signature", message: "The signature does not match token and triggeredAt" };
    }
    if (now.getTime() - triggeredAt > DELIVERY_RETENTION_MS) {
      return { ok: false, problem: "signature", message: "The delivery is older than the replay window" };
    }
    return { ok: true, body: parsed.body };
  },
  classify(body, _headers, raw) {
    const b = body as Record<string, unknown>;
    const event = str(b.event);
    if (!event) return { kind: "malformed", message: "The body has no event" };
    const data = asRecord(b.data);
    // The settings page's test button sends a real event name with empty data.
    if (!data || Object.keys(data).length === 0) return { kind: "ping", type: event };
    if (event !== "applicationCreated") return { kind: "ignored", type: event, reason: "not a new application" };
    // candidateId is Lever's deprecated alias of opportunityId.
    const opportunityId = idOf(data.opportunityId) ?? idOf(data.candidateId);
    if (!opportunityId) return { kind: "malformed", message: "data.opportunityId is missing" };
    // The token names the delivery; one too long for a key (only a sender holding the secret can send it) falls back
    // to the body's digest, like the other providers' deliveries without a usable id.
    const token = idOf(b.token);
    return {
      kind: "application",
      type: event,
      deliveryKey: token ? `token:${token}` : bodyKey(raw),
      applicationId: opportunityId,
      candidateId: opportunityId,
      ...(typeof b.triggeredAt === "number" ? { signedAt: b.triggeredAt } : {}),
    };
  },
};

/** Lever API v1 client; the application id is the opportunity id (one application per opportunity). */
export class LeverClient implements AtsClient {
  readonly http: AtsHttp;
  constructor(options: ClientOptions) {
    this.http = new AtsHttp({
      baseUrl: options.baseUrl ?? LEVER_API,
      headers: { authorization: basicAuth(options.apiKey) },
      // Token bucket of 10 req/s per key, no rate-limit headers: stay under it client-side.
      policy: { requestsPerSecond: 8, ...options.policy },
      label: "lever",
    });
  }

  private opp(id: string) {
    return `/opportunities/${encodeURIComponent(id)}`;
  }

  async getApplication(opportunityId: string): Promise<AtsApplication> {
    const res = await this.http.request<{ data?: Record<string, unknown> }>("GET", this.opp(opportunityId), {
      idempotent: true,
      query: { expand: "applications" },
      accept: [404],
    });
    if (res.status === 404 || !res.body?.data) throw new NotReadyError("application", `Lever opportunity ${opportunityId} is not available yet (404)`);
    const opp = res.body.data;
    const applications = Array.isArray(opp.applications) ? opp.applications : [];
    const application = asRecord(applications[0]);
    const posting = application?.posting;
    const postingId = idOf(posting) ?? idOf(asRecord(posting)?.id);
    if (!postingId) throw new SkipJob(`Lever opportunity ${opportunityId} is not an application to a posting`);
    const { firstName, lastName } = splitName(str(opp.name));
    const emails = Array.isArray(opp.emails) ? opp.emails : [];
    const phones = Array.isArray(opp.phones) ? opp.phones : [];
    return {
      applicationId: opportunityId,
      candidateId: opportunityId,
      atsJobId: postingId,
      contact: {
        firstName,
        lastName,
        email: str(emails[0]),
        phone: str(asRecord(phones[0])?.value),
        linkedin: linkedinOf(Array.isArray(opp.links) ? opp.links : []),
      },
      profileText: joinText(str(opp.headline), str(opp.location)),
      refs: { applicationId: idOf(application?.id) },
    };
  }

  async getJobDescription(app: AtsApplication) {
    const textOfHtml = await htmlReader();
    const res = await this.http.request<{ data?: Record<string, unknown> }>("GET", `/postings/${encodeURIComponent(app.atsJobId)}`, { idempotent: true });
    const posting = res.body?.data ?? {};
    const content = asRecord(posting.content) ?? {};
    const categories = asRecord(posting.categories) ?? {};
    const lists = (Array.isArray(content.lists) ? content.lists : []).map((l) => {
      const list = asRecord(l) ?? {};
      return joinText(str(list.text ?? list.title), textOfHtml(str(list.content)));
    });
    const title = str(posting.text);
    // The full description is the opening, every list (requirements, responsibilities…) and the closing.
    return {
      title,
      text: joinText(title, str(categories.location), str(content.description) || textOfHtml(str(content.descriptionHtml)), ...lists, str(content.closing) || textOfHtml(str(content.closingHtml))),
    };
  }

  async getResume(app: AtsApplication): Promise<ResumeSource> {
    const res = await this.http.request<{ data?: unknown[] }>("GET", `${this.opp(app.applicationId)}/resumes`, { idempotent: true });
    const resumes = (Array.isArray(res.body?.data) ? res.body.data : []).map((r) => asRecord(r) ?? {});
    resumes.sort((a, b) => Number(b.createdAt ?? 0) - Number(a.createdAt ?? 0));
    const latest = resumes[0];
    if (!latest) return { kind: "none", reason: "the opportunity has no resume" };
    const file = asRecord(latest.file);
    // `processing` (or no file yet) means Lever has not finished storing it; unsupported/error files still download.
    if (!file || file.status === "processing") throw new NotReadyError("resume", `Lever is still processing resume ${str(latest.id)}`);
    const download = await this.http.request<Uint8Array>("GET", `${this.opp(app.applicationId)}/resumes/${encodeURIComponent(str(latest.id))}/download`, {
      idempotent: true,
      as: "bytes",
      accept: [301, 302, 303, 307, 308],
    });
    const location = download.headers.get("location");
    const name = str(file.name) || undefined;
    if (download.status >= 300 && location) return { kind: "url", url: new URL(location, this.http.baseUrl).toString(), ...(name ? { name } : {}) };
    return { kind: "bytes", bytes: download.body, ...(name ? { name } : {}) };
  }

  async findNote(app: AtsApplication, marker: string) {
    let offset: string | undefined;
    for (let page = 0; page < 50; page++) {
      const res = await this.http.request<{ data?: unknown[]; next?: string; hasNext?: boolean }>("GET", `${this.opp(app.applicationId)}/notes`, {
        idempotent: true,
        query: { limit: 100, offset },
      });
      const found = (res.body?.data ?? []).map((n) => asRecord(n)).find((n) => JSON.stringify(n).includes(marker));
      if (found) return idOf(found.id) ?? "unknown";
      if (!res.body?.hasNext || !res.body.next) return undefined;
      offset = res.body.next;
    }
    return undefined;
  }

  async createNote(app: AtsApplication, body: string, settings: WriteBackSettings) {
    const res = await this.http.request<{ data?: Record<string, unknown> }>("POST", `${this.opp(app.applicationId)}/notes`, {
      idempotent: false,
      query: { perform_as: settings.actingUserId },
      json: { value: body, secret: settings.noteVisibility !== "public", notifyFollowers: false },
    });
    return idOf(res.body?.data?.noteId) ?? idOf(res.body?.data?.id) ?? "unknown";
  }

  async setCustomField(): Promise<void> {
    throw new PermanentError("Lever has no custom fields on opportunities");
  }

  async addTag(app: AtsApplication, tag: string, settings: WriteBackSettings) {
    // addTags has set semantics: adding a present tag changes nothing, so a repeat is harmless.
    await this.http.request("POST", `${this.opp(app.applicationId)}/addTags`, {
      idempotent: true,
      query: { perform_as: settings.actingUserId },
      json: { tags: [tag] },
    });
    return undefined;
  }
}

export const lever: ProviderModule = {
  webhook: leverWebhook,
  createClient: (options) => new LeverClient(options),
  validateSettings(settings) {
    if (settings.customField) return "Lever has no custom fields on opportunities: leave write_back.custom_field unset";
    if (settings.noteVisibility === "admin_only") return "admin_only is a Greenhouse visibility; Lever notes are public or private (secret)";
    return undefined;
  },
};
