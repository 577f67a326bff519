import { readFileSync } from "node:fs";
import type { AtsProvider } from "@winnow/ats";
import type { FakeAtsServer, FakeResume } from "./fake-server.ts";

const fixtures = new URL("../fixtures/", import.meta.url);
export const JOB_TEXT = readFileSync(new URL("job-backend.txt", fixtures), "utf8");
export const RESUME_TEXT = readFileSync(new URL("resume-strong.txt", fixtures), "utf8");

/** The backend job as HTML, the way ATSs store descriptions (with characters Greenhouse escapes before signing). */
export const JOB_HTML = JOB_TEXT.split(/\n{2,}/)
  .map((block) => `<p>${block.replaceAll("&", "&amp;").replaceAll("\n", "<br>")}</p>`)
  .join("\n");

export const textResume = (text = RESUME_TEXT): FakeResume => ({ bytes: new TextEncoder().encode(text), filename: "resume.txt", contentType: "text/plain" });

export interface ApplyInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  /** null: the candidate has no resume. */
  resume?: FakeResume | null;
  jobTitle?: string;
  jobHtml?: string;
  /** Lever: how many resume listings report `processing` before the file is ready. */
  resumeProcessing?: number;
}

export interface FakeApplication {
  /** The id the webhook names and the worker screens (Lever: the opportunity). */
  applicationId: string;
  candidateId: string;
  jobId: string;
}

export interface FakeNote {
  id: string;
  body: string;
  private: boolean;
  /** The acting user the write came with (On-Behalf-Of, perform_as, X-On-Behalf-Of). */
  actingUser: string | undefined;
}

export interface SignedDelivery {
  body: string;
  headers: Record<string, string>;
}

/** Logical operations, for fault injection across providers. */
export type FakeOp = "application" | "job" | "resume" | "download" | "listNotes" | "createNote" | "customField" | "tag";

/** What the end-to-end suites need from every fake ATS. */
export interface FakeProvider extends FakeAtsServer {
  readonly provider: AtsProvider;
  readonly ops: Record<FakeOp, string>;
  /** A candidate applies: application, candidate, job (with description) and resume now exist. */
  apply(input?: ApplyInput): FakeApplication;
  /** The provider's signed "new application" delivery. `deliveryId` fixes the delivery key (for redeliveries). */
  applicationWebhook(app: FakeApplication, secret: string, options?: { deliveryId?: string }): SignedDelivery;
  /** Another event of the same application that Winnow does not screen on (e.g. a stage change). */
  otherWebhook(app: FakeApplication, secret: string): SignedDelivery;
  pingWebhook(secret: string): SignedDelivery;
  notes(app: FakeApplication): FakeNote[];
  tags(app: FakeApplication): string[];
  customFields(app: FakeApplication): Record<string, unknown>;
}
