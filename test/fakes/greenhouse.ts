import { createHmac, randomUUID } from "node:crypto";
import { FakeAtsServer, type Req, type Reply } from "./fake-server.ts";
import { JOB_HTML, textResume, type ApplyInput, type FakeApplication, type FakeNote, type FakeProvider, type SignedDelivery } from "./provider.ts";

/** Greenhouse escapes these before signing; a verifier that re-serialises the JSON would not match. */
export const greenhouseJson = (value: unknown) =>
  JSON.stringify(value).replaceAll("<", "\\u003c").replaceAll(">", "\\u003e").replaceAll("&", "\\u0026");

export const signGreenhouse = (secret: string, body: string) => `sha256 ${createHmac("sha256", secret).update(body).digest("hex")}`;

/** Harvest v1 subset: applications, candidates, job posts, activity feed notes, custom fields, tags; signed S3-like files. */
export class FakeGreenhouse extends FakeAtsServer implements FakeProvider {
  readonly provider = "greenhouse" as const;
  readonly ops = {
    application: "getApplication",
    job: "getJobPost",
    resume: "getCandidate",
    download: "download",
    listNotes: "activityFeed",
    createNote: "createNote",
    customField: "patchApplication",
    tag: "putTag",
  } as const;
  private nextId = 40_000_000;
  private readonly applications = new Map<string, any>();
  private readonly candidates = new Map<string, any>();
  private readonly jobPosts = new Map<string, any>();
  private readonly noteList = new Map<string, (FakeNote & { created_at: string })[]>();
  private readonly tagList: { id: number; name: string }[] = [];
  private readonly candidateTags = new Map<string, Set<number>>();
  private readonly fields = new Map<string, Record<string, unknown>>();

  constructor(apiKey?: string) {
    super(apiKey);
    this.route("GET", /^\/v1\/applications\/(\d+)$/, "getApplication", (r) => this.found(this.applications.get(r.params[0]!)));
    this.route("GET", /^\/v1\/candidates\/(\d+)$/, "getCandidate", (r) => this.found(this.candidates.get(r.params[0]!)));
    this.route("GET", /^\/v1\/job_posts\/(\d+)$/, "getJobPost", (r) => this.found(this.jobPosts.get(r.params[0]!)));
    this.route("GET", /^\/v1\/candidates\/(\d+)\/activity_feed$/, "activityFeed", (r) =>
      this.candidates.has(r.params[0]!) ? { status: 200, json: { notes: this.noteList.get(r.params[0]!) ?? [], emails: [], activities: [] } } : { status: 404, json: { message: "Resource not found" } },
    );
    this.route("POST", /^\/v1\/candidates\/(\d+)\/activity_feed\/notes$/, "createNote", (r) => this.createNote(r));
    this.route("PATCH", /^\/v1\/applications\/(\d+)$/, "patchApplication", (r) => this.patchApplication(r));
    this.route("GET", /^\/v1\/tags\/candidate$/, "listTags", () => ({ status: 200, json: this.tagList }));
    this.route("POST", /^\/v1\/tags\/candidate$/, "createTag", (r) => this.createTag(r));
    this.route("PUT", /^\/v1\/candidates\/(\d+)\/tags\/(\d+)$/, "putTag", (r) => this.putTag(r));
  }

  private id(): number {
    return this.nextId++;
  }

  private found(value: unknown): Reply {
    return value ? { status: 200, json: value } : { status: 404, json: { message: "Resource not found" } };
  }

  private writer(r: Req): string | undefined {
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
    const candidateId = r.params[0]!;
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
    return (this.noteList.get(app.candidateId) ?? []).map(({ id, body, private: p, actingUser }) => ({ id, body, private: p, actingUser }));
  }

  tags(app: FakeApplication): string[] {
    return [...(this.candidateTags.get(app.candidateId) ?? [])].map((id) => this.tagList.find((t) => t.id === id)!.name);
  }

  customFields(app: FakeApplication): Record<string, unknown> {
    return this.fields.get(app.applicationId) ?? {};
  }
}
