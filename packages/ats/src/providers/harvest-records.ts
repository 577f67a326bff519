// Harvest records as both API versions (v1, v3) return them, read into the worker's view.
import { PermanentError, SkipJob } from "../errors.ts";
import type { AtsApplication } from "../types.ts";
import { asRecord, idOf, joinText, linkedinOf, str } from "./common.ts";

interface GhAttachment {
  filename?: string;
  url?: string;
  type?: string;
  created_at?: string;
}

/** Newest resume attachment: application-level first, as a returning candidate carries older resumes. */
export function newestResume(...lists: unknown[]): GhAttachment | undefined {
  for (const list of lists) {
    const resumes = (Array.isArray(list) ? (list as GhAttachment[]) : []).filter((a) => a?.type === "resume" && typeof a.url === "string");
    resumes.sort((a, b) => str(b.created_at).localeCompare(str(a.created_at)));
    if (resumes[0]) return resumes[0];
  }
  return undefined;
}

/** Candidate and job ids of a Harvest application (v1 `jobs[]`; v3 may name a single `job_id`). */
export function applicationIds(applicationId: string, app: Record<string, unknown>): { candidateId: string; atsJobId: string } {
  const candidateId = idOf(app.candidate_id);
  const jobs = Array.isArray(app.jobs) ? app.jobs : [];
  const atsJobId = idOf(asRecord(jobs[0])?.id) ?? idOf(app.job_id);
  if (!candidateId) throw new PermanentError(`Greenhouse application ${applicationId} has no candidate_id`);
  if (!atsJobId) throw new SkipJob(`Greenhouse application ${applicationId} has no job (a prospect?)`);
  return { candidateId, atsJobId };
}

/** The worker's view of a Harvest application and candidate, the same in v1 and v3. */
export function toApplication(applicationId: string, app: Record<string, unknown>, cand: Record<string, unknown>, refs: AtsApplication["refs"]): AtsApplication {
  const { candidateId, atsJobId } = applicationIds(applicationId, app);
  const emails = Array.isArray(cand.email_addresses) ? cand.email_addresses : [];
  const phones = Array.isArray(cand.phone_numbers) ? cand.phone_numbers : [];
  const links = [...(Array.isArray(cand.social_media_addresses) ? cand.social_media_addresses : []), ...(Array.isArray(cand.website_addresses) ? cand.website_addresses : [])];
  const answers = (Array.isArray(app.answers) ? app.answers : [])
    .map((a) => asRecord(a))
    .filter((a) => a && str(a.answer).trim())
    .map((a) => `${str(a!.question)}\n${str(a!.answer)}`);
  return {
    applicationId,
    candidateId,
    atsJobId,
    contact: {
      firstName: str(cand.first_name),
      lastName: str(cand.last_name),
      email: str(asRecord(emails[0])?.value),
      phone: str(asRecord(phones[0])?.value),
      linkedin: linkedinOf(links),
    },
    profileText: joinText([str(cand.title), str(cand.company)].filter(Boolean).join(" at "), ...answers),
    refs: { jobPostId: idOf(app.job_post_id), ...refs },
  };
}
