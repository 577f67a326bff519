import { createHmac, randomUUID } from "node:crypto";
import { FakeAtsServer, type Req, type Reply } from "./fake-server.ts";
import { JOB_TEXT, textResume, type ApplyInput, type FakeApplication, type FakeNote, type FakeProvider, type SignedDelivery } from "./provider.ts";

export const signAshby = (secret: string, body: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/** Ashby's RPC subset: application/candidate/job/jobPosting/file info, notes, custom field, tags; errors as 200s. */
export class FakeAshby extends FakeAtsServer implements FakeProvider {
  readonly provider = "ashby" as const;
  readonly ops = {
    application: "application.info",
    job: "jobPosting.info",
    resume: "file.info",
    download: "download",
    listNotes: "candidate.listNotes",
    createNote: "candidate.createNote",
    customField: "customField.setValue",
    tag: "candidate.addTag",
  } as const;
  private readonly applications = new Map<string, any>();
  private readonly candidates = new Map<string, any>();
  private readonly jobs = new Map<string, any>();
  private readonly postings = new Map<string, any>();
  private readonly handles = new Map<string, string>();
  private readonly noteList = new Map<string, (FakeNote & { createdAt: string })[]>();
  private readonly tagList: { id: string; title: string }[] = [];
  private readonly candidateTags = new Map<string, Set<string>>();
  private readonly fields = new Map<string, Record<string, unknown>>();

  constructor(apiKey?: string) {
    super(apiKey);
    const rpc = (name: string, fn: (body: any, r: Req) => Reply) => this.route("POST", new RegExp(`^/${name.replace(".", "\\.")}$`), name, (r) => fn(r.json ?? {}, r));
    rpc("application.info", (b) => this.result(this.applications.get(b.applicationId)));
    rpc("candidate.info", (b) => this.result(this.candidates.get(b.id)));
    rpc("job.info", (b) => this.result(this.jobs.get(b.id)));
    rpc("jobPosting.info", (b) => this.result(this.postings.get(b.jobPostingId)));
    rpc("file.info", (b) => this.result(this.handles.has(b.fileHandle) ? { url: this.handles.get(b.fileHandle) } : undefined));
    rpc("candidate.listNotes", (b) => this.listNotes(b));
    rpc("candidate.createNote", (b, r) => this.createNote(b, r));
    rpc("customField.setValue", (b) => this.setValue(b));
    rpc("candidateTag.list", () => this.result(this.tagList));
    rpc("candidateTag.create", (b) => this.createTag(b));
    rpc("candidate.addTag", (b) => this.addTag(b));
  }

  private result(value: unknown): Reply {
    return value
      ? { status: 200, json: { success: true, results: value } }
      : { status: 200, json: { success: false, errors: ["not_found"], errorInfo: { code: "not_found", message: "Not found", requestId: randomUUID() } } };
  }

  apply(input: ApplyInput = {}): FakeApplication {
    const applicationId = randomUUID();
    const candidateId = randomUUID();
    const jobId = randomUUID();
    const postingId = randomUUID();
    const resume = input.resume === undefined ? textResume() : input.resume;
    const handle = resume ? randomUUID() : undefined;
    if (resume && handle) this.handles.set(handle, this.storeFile(resume));
    const name = `${input.firstName ?? "Alex"} ${input.lastName ?? "Morgan"}`;
    const title = input.jobTitle ?? "Senior Backend Engineer";
    this.jobs.set(jobId, { id: jobId, title, status: "Open", jobPostingIds: [postingId] });
    this.postings.set(postingId, { id: postingId, title, locationName: "Berlin, Germany", descriptionPlain: JOB_TEXT, descriptionHtml: "" });
    const fileHandle = handle ? { id: randomUUID(), name: resume!.filename, handle } : undefined;
    this.candidates.set(candidateId, {
      id: candidateId,
      name,
      primaryEmailAddress: { value: input.email ?? "alex.morgan@example.com", type: "Personal", isPrimary: true },
      primaryPhoneNumber: { value: "+49 30 1234567", type: "Mobile", isPrimary: true },
      socialLinks: [{ type: "LinkedIn", url: "https://www.linkedin.com/in/alex-morgan" }],
      position: "Backend Engineer",
      company: "Medify GmbH",
      ...(fileHandle ? { resumeFileHandle: fileHandle } : {}),
    });
    this.applications.set(applicationId, {
      id: applicationId,
      status: "Active",
      candidate: { id: candidateId, name },
      job: { id: jobId, title },
      ...(fileHandle ? { resumeFileHandle: fileHandle } : {}),
    });
    return { applicationId, candidateId, jobId };
  }

  private delivery(secret: string, payload: unknown): SignedDelivery {
    const body = JSON.stringify(payload);
    return { body, headers: { "ashby-signature": signAshby(secret, body) } };
  }

  /** `deliveryId` is the webhookActionId, the same on every retry of one event. */
  applicationWebhook(app: FakeApplication, secret: string, options: { deliveryId?: string } = {}): SignedDelivery {
    const a = this.applications.get(app.applicationId);
    return this.delivery(secret, {
      webhookActionId: options.deliveryId ?? randomUUID(),
      action: "applicationSubmit",
      data: { application: { id: a.id, status: a.status, createdAt: new Date().toISOString(), candidate: a.candidate, job: a.job, currentInterviewStage: { id: randomUUID(), title: "Application Review" } } },
    });
  }

  otherWebhook(app: FakeApplication, secret: string): SignedDelivery {
    const a = this.applications.get(app.applicationId);
    return this.delivery(secret, { webhookActionId: randomUUID(), action: "candidateStageChange", data: { application: { id: a.id, candidate: a.candidate, job: a.job } } });
  }

  pingWebhook(secret: string): SignedDelivery {
    return this.delivery(secret, { action: "ping", data: { webhookActionType: "ping" } });
  }

  private listNotes(b: any): Reply {
    if (!this.candidates.has(b.candidateId)) return this.result(undefined);
    const all = this.noteList.get(b.candidateId) ?? [];
    // Pages of 2 exercise the client's cursor handling.
    const start = Number(b.cursor ?? 0);
    const page = all.slice(start, start + 2);
    const more = start + 2 < all.length;
    return {
      status: 200,
      json: { success: true, results: page.map((n) => ({ id: n.id, content: n.body, isPrivate: n.private, createdAt: n.createdAt })), moreDataAvailable: more, ...(more ? { nextCursor: String(start + 2) } : {}) },
    };
  }

  private createNote(b: any, r: Req): Reply {
    if (!this.candidates.has(b.candidateId)) return this.result(undefined);
    const body = typeof b.note === "string" ? b.note : String(b.note?.value ?? "");
    const actingUser = typeof r.headers["x-on-behalf-of"] === "string" ? r.headers["x-on-behalf-of"] : undefined;
    const note = { id: randomUUID(), body, private: b.isPrivate === true, actingUser, createdAt: new Date().toISOString() };
    this.noteList.set(b.candidateId, [...(this.noteList.get(b.candidateId) ?? []), note]);
    return this.result({ id: note.id, createdAt: note.createdAt, content: body });
  }

  private setValue(b: any): Reply {
    if (b.objectType !== "Application" || !this.applications.has(b.objectId)) return this.result(undefined);
    this.fields.set(b.objectId, { ...this.fields.get(b.objectId), [b.fieldId]: b.fieldValue });
    return this.result({ id: b.fieldId, value: b.fieldValue });
  }

  private createTag(b: any): Reply {
    const title = String(b.title ?? "");
    if (this.tagList.some((t) => t.title === title)) return { status: 200, json: { success: false, errors: ["duplicate"], errorInfo: { code: "tag_already_exists", message: "exists" } } };
    const tag = { id: randomUUID(), title };
    this.tagList.push(tag);
    return this.result(tag);
  }

  private addTag(b: any): Reply {
    if (!this.candidates.has(b.candidateId) || !this.tagList.some((t) => t.id === b.tagId)) return this.result(undefined);
    this.candidateTags.set(b.candidateId, (this.candidateTags.get(b.candidateId) ?? new Set()).add(b.tagId));
    return this.result(this.candidates.get(b.candidateId));
  }

  notes(app: FakeApplication): FakeNote[] {
    return (this.noteList.get(app.candidateId) ?? []).map(({ id, body, private: p, actingUser }) => ({ id, body, private: p, actingUser }));
  }

  tags(app: FakeApplication): string[] {
    return [...(this.candidateTags.get(app.candidateId) ?? [])].map((id) => this.tagList.find((t) => t.id === id)!.title);
  }

  customFields(app: FakeApplication): Record<string, unknown> {
    return this.fields.get(app.applicationId) ?? {};
  }
}
