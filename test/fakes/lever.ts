import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { FakeAtsServer, type FakeResume, type Req, type Reply } from "./fake-server.ts";
import { JOB_TEXT, textResume, type ApplyInput, type FakeApplication, type FakeNote, type FakeProvider, type SignedDelivery } from "./provider.ts";

export const signLever = (secret: string, token: string, triggeredAt: number) => createHmac("sha256", secret).update(token + String(triggeredAt)).digest("hex");

interface Opportunity {
  id: string;
  name: string;
  headline: string;
  emails: string[];
  phones: { type: string; value: string }[];
  links: string[];
  applications: { id: string; opportunityId: string; posting: string; type: string }[];
  resume?: { id: string; createdAt: number; file: FakeResume; processingLeft: number };
}

/** Lever API v1 subset: opportunities (expand=applications), postings, resumes (+ download), notes, tags. */
export class FakeLever extends FakeAtsServer implements FakeProvider {
  readonly provider = "lever" as const;
  readonly ops = {
    application: "getOpportunity",
    job: "getPosting",
    resume: "listResumes",
    download: "downloadResume",
    listNotes: "listNotes",
    createNote: "createNote",
    customField: "none",
    tag: "addTags",
  } as const;
  private readonly opportunities = new Map<string, Opportunity>();
  private readonly postings = new Map<string, any>();
  private readonly noteList = new Map<string, (FakeNote & { createdAt: number })[]>();
  private readonly tagSets = new Map<string, Set<string>>();

  constructor(apiKey?: string) {
    super(apiKey);
    this.route("GET", /^\/opportunities\/([\w-]+)$/, "getOpportunity", (r) => this.getOpportunity(r));
    this.route("GET", /^\/postings\/([\w-]+)$/, "getPosting", (r) => this.wrap(this.postings.get(r.params[0]!)));
    this.route("GET", /^\/opportunities\/([\w-]+)\/resumes$/, "listResumes", (r) => this.listResumes(r));
    this.route("GET", /^\/opportunities\/([\w-]+)\/resumes\/([\w-]+)\/download$/, "downloadResume", (r) => this.download(r));
    this.route("GET", /^\/opportunities\/([\w-]+)\/notes$/, "listNotes", (r) => this.listNotes(r));
    this.route("POST", /^\/opportunities\/([\w-]+)\/notes$/, "createNote", (r) => this.createNote(r));
    this.route("POST", /^\/opportunities\/([\w-]+)\/addTags$/, "addTags", (r) => this.addTags(r));
  }

  private wrap(value: unknown): Reply {
    return value ? { status: 200, json: { data: value } } : { status: 404, json: { code: "ResourceNotFound", message: "Not found" } };
  }

  apply(input: ApplyInput = {}): FakeApplication {
    const opportunityId = randomUUID();
    const postingId = randomUUID();
    const resume = input.resume === undefined ? textResume() : input.resume;
    const [first, ...rest] = [input.firstName ?? "Alex", input.lastName ?? "Morgan"];
    this.postings.set(postingId, {
      id: postingId,
      text: input.jobTitle ?? "Senior Backend Engineer",
      state: "published",
      categories: { location: "Berlin, Germany", team: "Engineering", commitment: "Full-time" },
      content: {
        description: JOB_TEXT.split(/\n{2,}/).slice(0, 2).join("\n\n"),
        descriptionHtml: "",
        lists: JOB_TEXT.split(/\n{2,}/)
          .slice(2)
          .map((block) => {
            const [head, ...items] = block.split("\n");
            return { text: head, content: items.map((i) => `<li>${i.replace(/^- /, "")}</li>`).join("") };
          }),
        closing: "We look forward to hearing from you.",
      },
    });
    this.opportunities.set(opportunityId, {
      id: opportunityId,
      name: [first, ...rest].join(" "),
      headline: "Backend Engineer at Medify GmbH",
      emails: [input.email ?? "alex.morgan@example.com"],
      phones: [{ type: "mobile", value: "+49 30 1234567" }],
      links: ["https://www.linkedin.com/in/alex-morgan"],
      applications: [{ id: randomUUID(), opportunityId, posting: postingId, type: "posting" }],
      ...(resume ? { resume: { id: randomUUID(), createdAt: Date.now(), file: resume, processingLeft: input.resumeProcessing ?? 0 } } : {}),
    });
    return { applicationId: opportunityId, candidateId: opportunityId, jobId: postingId };
  }

  private delivery(secret: string, event: string, data: Record<string, unknown>, token = randomBytes(24).toString("hex"), triggeredAt = Date.now()): SignedDelivery {
    const body = JSON.stringify({ id: randomUUID(), event, triggeredAt, data, token, signature: signLever(secret, token, triggeredAt) });
    return { body, headers: { "user-agent": "Lever-Webhooks" } };
  }

  /** `deliveryId` is Lever's token: a redelivery (retry or manual rerun) repeats the same signed token. */
  applicationWebhook(app: FakeApplication, secret: string, options: { deliveryId?: string } = {}): SignedDelivery {
    const opp = this.opportunities.get(app.applicationId)!;
    const token = options.deliveryId ?? randomBytes(24).toString("hex");
    // A retry repeats the original triggeredAt, so the signature stays the same.
    const triggeredAt = options.deliveryId ? (this.triggeredAt.get(token) ?? Date.now()) : Date.now();
    this.triggeredAt.set(token, triggeredAt);
    return this.delivery(secret, "applicationCreated", { opportunityId: opp.id, applicationId: opp.applications[0]!.id, contactId: randomUUID(), candidateId: opp.id }, token, triggeredAt);
  }
  private readonly triggeredAt = new Map<string, number>();

  otherWebhook(app: FakeApplication, secret: string): SignedDelivery {
    return this.delivery(secret, "candidateStageChange", { opportunityId: app.applicationId, candidateId: app.applicationId, toStageId: "s2", fromStageId: "s1" });
  }

  /** The settings page's test button: a real event name with empty data. */
  pingWebhook(secret: string): SignedDelivery {
    return this.delivery(secret, "candidateHired", {});
  }

  private getOpportunity(r: Req): Reply {
    const opp = this.opportunities.get(r.params[0]!);
    if (!opp) return this.wrap(undefined);
    const { resume: _resume, ...rest } = opp;
    // Without expand=applications Lever returns application ids only.
    const expanded = r.query.getAll("expand").includes("applications");
    return this.wrap({ ...rest, applications: expanded ? opp.applications : opp.applications.map((a) => a.id) });
  }

  private listResumes(r: Req): Reply {
    const opp = this.opportunities.get(r.params[0]!);
    if (!opp) return this.wrap(undefined);
    if (!opp.resume) return { status: 200, json: { data: [] } };
    const processing = opp.resume.processingLeft > 0;
    if (processing) opp.resume.processingLeft--;
    const { file } = opp.resume;
    return {
      status: 200,
      json: { data: [{ id: opp.resume.id, createdAt: opp.resume.createdAt, file: { name: file.filename, ext: "txt", status: processing ? "processing" : "processed", size: file.bytes.length } }] },
    };
  }

  private download(r: Req): Reply {
    const opp = this.opportunities.get(r.params[0]!);
    if (!opp?.resume || opp.resume.id !== r.params[1]) return this.wrap(undefined);
    return { status: 200, bytes: opp.resume.file.bytes, headers: { "content-type": opp.resume.file.contentType } };
  }

  private listNotes(r: Req): Reply {
    if (!this.opportunities.has(r.params[0]!)) return this.wrap(undefined);
    const all = this.noteList.get(r.params[0]!) ?? [];
    // Pages of 2 exercise the client's pagination.
    const offset = Number(r.query.get("offset") ?? 0);
    const page = all.slice(offset, offset + 2);
    const more = offset + 2 < all.length;
    return {
      status: 200,
      json: {
        data: page.map((n) => ({ id: n.id, text: "", fields: [{ type: "text", text: "", value: n.body }], secret: n.private, createdAt: n.createdAt })),
        hasNext: more,
        ...(more ? { next: String(offset + 2) } : {}),
      },
    };
  }

  private createNote(r: Req): Reply {
    const id = r.params[0]!;
    if (!this.opportunities.has(id)) return this.wrap(undefined);
    const note = { id: randomUUID(), body: String(r.json?.value ?? ""), private: r.json?.secret === true, actingUser: r.query.get("perform_as") ?? undefined, createdAt: Date.now() };
    this.noteList.set(id, [...(this.noteList.get(id) ?? []), note]);
    return { status: 201, json: { data: { noteId: note.id } } };
  }

  private addTags(r: Req): Reply {
    const id = r.params[0]!;
    if (!this.opportunities.has(id)) return this.wrap(undefined);
    const set = this.tagSets.get(id) ?? new Set<string>();
    for (const t of r.json?.tags ?? []) set.add(String(t));
    this.tagSets.set(id, set);
    return { status: 200, json: { data: { id, tags: [...set] } } };
  }

  notes(app: FakeApplication): FakeNote[] {
    return (this.noteList.get(app.applicationId) ?? []).map(({ id, body, private: p, actingUser }) => ({ id, body, private: p, actingUser }));
  }

  tags(app: FakeApplication): string[] {
    return [...(this.tagSets.get(app.applicationId) ?? [])];
  }

  customFields(): Record<string, unknown> {
    return {};
  }
}
