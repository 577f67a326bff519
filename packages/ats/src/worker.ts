import { randomUUID } from "node:crypto";
import { DocumentError, extractText } from "@winnow/core/documents/index";
import { MAX_RESUME_BYTES, ResumeError, readResume, screen, type Services } from "@winnow/services";
import type { ConnectionRepository, ConnectionWithSecrets } from "@winnow/storage/repos/connections";
import type { JobError, ScoredStep, ScreeningJob, ScreeningJobRepository } from "@winnow/storage/repos/screening-jobs";
import type { WriteBackRecord, WriteBackRepository, WriteBackStep } from "@winnow/storage/repos/write-backs";
import { NotReadyError, PermanentError, ResumeUnavailable, SkipJob, isRetryable, AtsApiError } from "./errors.ts";
import type { HttpPolicy } from "./http.ts";
import { formatNote, noteMarker, tagText } from "./note.ts";
import { providers } from "./providers/index.ts";
import { joinText } from "./providers/common.ts";
import type { AtsApplication, AtsClient, ConnectionCredentials } from "./types.ts";

export interface WorkerOptions {
  /** Attempts before a job becomes a dead letter. */
  maxAttempts: number;
  /** Backoff between attempts: base × 2^(attempt−1) with jitter, capped (a provider's Retry-After wins when longer). */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How long a claimed job stays ours without a heartbeat; must be shorter than an SQS visibility timeout. */
  leaseMs: number;
  /** Attempts spent waiting for a resume still being processed; after that the candidate is screened without it. */
  resumeWaitAttempts: number;
  /** Base of the match link in notes (e.g. https://winnow.example.com); no link when unset. */
  publicUrl?: string;
  /** HTTP policy of provider clients (timeouts, retries, concurrency per connection). */
  http?: Partial<HttpPolicy>;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  maxAttempts: 8,
  backoffBaseMs: 30_000,
  backoffMaxMs: 15 * 60_000,
  leaseMs: 5 * 60_000,
  resumeWaitAttempts: 4,
};

/** Points where a test can stop the process, to prove recovery: after the score is recorded, after a note POST. */
export type WorkerStep = "scored" | "note-posted" | "written";

export interface WorkerDeps {
  services: Services;
  connections: ConnectionRepository;
  jobs: ScreeningJobRepository;
  writes: WriteBackRepository;
  clients: ClientPool;
  options: WorkerOptions;
  hooks?: { afterStep?: (step: WorkerStep, job: ScreeningJob) => void | Promise<void> };
  log?: (entry: Record<string, unknown>) => void;
}

export type JobOutcome =
  | { status: "done" | "skipped"; jobId: string }
  | { status: "retry"; jobId: string; error: string; retryAt: string }
  | { status: "dead"; jobId: string; error: string }
  /** Someone else holds the job, or this worker lost its lease mid-way: nothing was settled here. */
  | { status: "busy"; jobId: string }
  /** Already done, skipped or dead (a duplicate message). */
  | { status: "finished"; jobId: string };

/** Provider clients per connection, so a connection's concurrency bound and rate-limit pauses span all its jobs. */
export class ClientPool {
  private readonly clients = new Map<string, { version: string; client: AtsClient }>();
  private readonly http: Partial<HttpPolicy> | undefined;
  constructor(http?: Partial<HttpPolicy>) {
    this.http = http;
  }

  get(connection: ConnectionWithSecrets): AtsClient {
    const cached = this.clients.get(connection.id);
    if (cached && cached.version === connection.updatedAt) return cached.client;
    const { apiKey, clientId, clientSecret } = connection.credentials as ConnectionCredentials;
    const client = providers[connection.provider].createClient({
      apiKey: apiKey ?? "",
      ...(clientId ? { clientId } : {}),
      ...(clientSecret ? { clientSecret } : {}),
      settings: connection.writeBack,
      ...(connection.baseUrl ? { baseUrl: connection.baseUrl } : {}),
      ...(this.http ? { policy: this.http } : {}),
    });
    this.clients.set(connection.id, { version: connection.updatedAt, client });
    return client;
  }
}

class LeaseLost extends Error {
  constructor(jobId: string) {
    super(`lost the lease on job ${jobId}`);
    this.name = "LeaseLost";
  }
}

const defaultLog = (entry: Record<string, unknown>) => console.log(JSON.stringify({ at: new Date().toISOString(), ...entry }));

/** Exponential backoff with jitter in [1, 2): attempt 1 → base…2·base, attempt 2 → 2·base…4·base, capped. */
export function backoffMs(attempt: number, options: Pick<WorkerOptions, "backoffBaseMs" | "backoffMaxMs">, random = Math.random): number {
  const raw = options.backoffBaseMs * 2 ** Math.max(0, attempt - 1) * (1 + random());
  return Math.min(options.backoffMaxMs, Math.round(raw));
}

/**
 * Claims and runs one screening job to its end or to its next retry; the same core for the embedded queue and SQS.
 * Each step is recorded in DynamoDB before the next one starts (score, then each write-back), so a job resumed after
 * a crash or a retry continues where it stopped and never writes anything twice.
 */
export async function processScreeningJob(deps: WorkerDeps, jobId: string): Promise<JobOutcome> {
  const log = deps.log ?? defaultLog;
  const token = randomUUID();
  const job = await deps.jobs.claim(jobId, token, deps.options.leaseMs);
  if (!job) {
    const current = await deps.jobs.get(jobId);
    if (!current || current.status === "done" || current.status === "skipped" || current.status === "dead") return { status: "finished", jobId };
    return { status: "busy", jobId };
  }

  let lost = false;
  const heartbeat = setInterval(() => {
    deps.jobs.extendLease(jobId, token, deps.options.leaseMs).then(
      (held) => {
        if (!held) lost = true;
      },
      () => undefined,
    );
  }, Math.max(50, Math.floor(deps.options.leaseMs / 3)));
  const ensureLease = () => {
    if (lost) throw new LeaseLost(jobId);
  };

  try {
    await runSteps(deps, job, token, ensureLease);
    if (!(await deps.jobs.complete(jobId, token))) return { status: "busy", jobId };
    log({ level: "info", message: "screening job done", jobId, connectionId: job.connectionId, attempt: job.attempts });
    return { status: "done", jobId };
  } catch (err) {
    if (err instanceof LeaseLost) return { status: "busy", jobId };
    if (err instanceof SkipJob) {
      await deps.jobs.skip(jobId, token, err.message);
      log({ level: "info", message: "screening job skipped", jobId, reason: err.message });
      return { status: "skipped", jobId };
    }
    const error: JobError = { at: new Date().toISOString(), attempt: job.attempts, message: describe(err) };
    if (!isRetryable(err) || job.attempts >= deps.options.maxAttempts) {
      await deps.jobs.bury(jobId, token, error, job.errors);
      log({ level: "error", message: "screening job dead-lettered", jobId, connectionId: job.connectionId, attempt: job.attempts, error: error.message });
      return { status: "dead", jobId, error: error.message };
    }
    const wait = Math.max(backoffMs(job.attempts, deps.options), err instanceof AtsApiError ? (err.retryAfterMs ?? 0) : 0);
    const retryAt = new Date(Date.now() + wait);
    await deps.jobs.release(jobId, token, error, job.errors, retryAt);
    log({ level: "warn", message: "screening job will retry", jobId, attempt: job.attempts, retryInMs: wait, error: error.message });
    return { status: "retry", jobId, error: error.message, retryAt: retryAt.toISOString() };
  } finally {
    clearInterval(heartbeat);
  }
}

function describe(err: unknown): string {
  const e = err as Error;
  return `${e?.name ?? "Error"}: ${e?.message ?? String(err)}`.slice(0, 2000);
}

async function runSteps(deps: WorkerDeps, job: ScreeningJob, token: string, ensureLease: () => void): Promise<void> {
  const connection = await deps.connections.getWithSecrets(job.connectionId);
  if (!connection) throw new SkipJob(`connection ${job.connectionId} was deleted`);
  const client = deps.clients.get(connection);

  let scored = job.scored;
  if (!scored) {
    scored = await score(deps, job, connection, client);
    try {
      ensureLease();
      if (!(await deps.jobs.recordScored(job.jobId, token, scored))) throw new LeaseLost(job.jobId);
    } catch (err) {
      if (err instanceof LeaseLost) await discardIfErased(deps, job, scored);
      throw err;
    }
    await deps.hooks?.afterStep?.("scored", job);
  }

  // Write-backs need only ids, all recorded with the score: no re-fetch of the application on a retry.
  const target: AtsApplication = {
    applicationId: job.applicationId,
    candidateId: scored.candidateId,
    atsJobId: scored.atsJobId,
    contact: { firstName: "", lastName: "", email: "", phone: "", linkedin: "" },
    profileText: "",
    refs: {},
  };
  const settings = connection.writeBack;
  const done = new Map((await deps.writes.list(job.jobId)).map((w) => [w.step, w]));
  const record = async (step: WriteBackStep, how: WriteBackRecord["how"], detail: string, remoteId?: string) => {
    await deps.writes.record({
      jobId: job.jobId,
      step,
      how,
      detail,
      at: new Date().toISOString(),
      ...(remoteId ? { remoteId } : {}),
      ...(job.expiresAt !== undefined ? { expiresAt: job.expiresAt } : {}),
    });
  };

  if (!done.has("note")) {
    const marker = noteMarker(scored.matchId);
    const existing = await client.findNote(target, marker);
    if (existing) {
      await record("note", "found", marker, existing);
    } else {
      ensureLease();
      const matchUrl = deps.options.publicUrl ? `${deps.options.publicUrl.replace(/\/+$/, "")}/v1/match-insights/${scored.matchId}` : undefined;
      const noteId = await client.createNote(target, formatNote(scored, matchUrl), settings);
      await deps.hooks?.afterStep?.("note-posted", job);
      await record("note", "posted", marker, noteId);
    }
  }
  if (settings.customField && !done.has("custom_field")) {
    ensureLease();
    const value = Math.round(scored.score);
    await client.setCustomField(target, settings.customField, value, settings);
    await record("custom_field", "posted", `${settings.customField}=${value}`);
  }
  if (settings.tag && !done.has("tag")) {
    ensureLease();
    const tag = tagText(settings.tag, scored.score);
    const tagId = await client.addTag(target, tag, settings);
    await record("tag", "posted", tag, tagId);
  }
  await deps.hooks?.afterStep?.("written", job);
}

/**
 * A lost lease usually means another worker took the job over; a job that is gone altogether was erased (or expired)
 * while this worker was on it. Its screening has stored the match by then, so it is taken back: an erasure that
 * lands between fetching the application and storing the match would otherwise be undone by work already in flight
 * (screen() catches erasures that start after it began; this catches the ones before, down to the claim).
 */
async function discardIfErased(deps: WorkerDeps, job: ScreeningJob, scored: ScoredStep): Promise<void> {
  if (await deps.jobs.get(job.jobId)) return;
  const candidateId = scored.candidateId ?? job.candidateId;
  await deps.services.erasure.discardScreening(
    job.accountId,
    scored.matchId,
    candidateId ? [{ kind: "ats", provider: job.provider, candidateId }] : [],
  );
  (deps.log ?? defaultLog)({ level: "info", message: "screening discarded: its job was erased while it ran", jobId: job.jobId });
}

/** Fetches everything from the provider, reads the resume and screens: the match is stored under the account. */
async function score(deps: WorkerDeps, job: ScreeningJob, connection: ConnectionWithSecrets, client: AtsClient): Promise<ScoredStep> {
  const app = await client.getApplication(job.applicationId);
  if (connection.jobFilter?.length && !connection.jobFilter.includes(app.atsJobId)) {
    throw new SkipJob(`job ${app.atsJobId} is not in the connection's job filter`);
  }
  const jd = await client.getJobDescription(app);
  if (!jd.text.trim()) throw new PermanentError(`job ${app.atsJobId} has no description to screen against`);
  const warnings: string[] = [];
  const resume = await resumeText(deps, job, client, app, warnings);
  const outcome = await screen(deps.services, {
    accountId: job.accountId,
    jobPostId: app.atsJobId,
    jobDescription: jd.text,
    storeFull: true,
    origin: {
      kind: "ats",
      connectionId: connection.id,
      provider: connection.provider,
      ...(app.candidateId ? { atsCandidateId: app.candidateId } : {}),
      atsApplicationId: job.applicationId,
      ...(app.atsJobId ? { atsJobId: app.atsJobId } : {}),
    },
    candidates: [
      {
        matchId: job.jobId,
        contact: {
          first_name: app.contact.firstName,
          last_name: app.contact.lastName,
          email: app.contact.email,
          linkedin: app.contact.linkedin,
          phone: app.contact.phone,
        },
        text: joinText(app.profileText, resume),
      },
    ],
  });
  const match = outcome.matches[0]!;
  return {
    matchId: match.matchId,
    score: match.result.match_score,
    jobTitle: jd.title || match.result.job_title,
    candidateName: match.result.candidate_name,
    candidateId: app.candidateId,
    atsJobId: app.atsJobId,
    strengths: match.result.summary.strengths,
    gaps: match.result.summary.areas_for_improvement,
    warnings,
    scoredAt: new Date().toISOString(),
  };
}

/**
 * The resume as text. A resume still being processed, a download that failed or a resume the provider cannot find
 * (yet) is waited for over the first `resumeWaitAttempts` attempts; after that, and at once for a resume that cannot
 * be read or that the provider refuses to serve (Ashby's file.info errors on some files, a download over the size
 * cap), the candidate is screened without it and the note says so. Two failures are not about the resume and keep
 * their own handling: a refused key (401/403: fix the connection, then replay) and a rate limit (429: the connection
 * is throttled, not the resume missing, so the job waits for it like any other call until its last attempt).
 */
async function resumeText(deps: WorkerDeps, job: ScreeningJob, client: AtsClient, app: AtsApplication, warnings: string[]): Promise<string> {
  const mayWait = job.attempts < deps.options.resumeWaitAttempts;
  try {
    const source = await client.getResume(app);
    if (source.kind === "none") {
      warnings.push(`screened without a resume (${source.reason})`);
      return "";
    }
    if (source.kind === "url") return await readResume(deps.services, source.url, "resume", true);
    return (await extractText(source.bytes, { maxBytes: MAX_RESUME_BYTES })).text;
  } catch (err) {
    if (err instanceof AtsApiError && (err.status === 401 || err.status === 403)) throw err;
    if (err instanceof AtsApiError && err.status === 429 && job.attempts < deps.options.maxAttempts) throw err;
    const waitable =
      err instanceof NotReadyError ||
      (err instanceof ResumeError && err.problem === "fetch_failed") ||
      (err instanceof AtsApiError && (err.retryable || err.status === 404));
    if (waitable && mayWait) {
      // A 404 is final for a single call but not for a resume the provider may still be storing: retry the job.
      throw err instanceof AtsApiError && !err.retryable ? new NotReadyError("resume", err.message) : err;
    }
    if (waitable || err instanceof AtsApiError || err instanceof ResumeUnavailable || err instanceof ResumeError || err instanceof DocumentError) {
      warnings.push(`screened without the resume: ${(err as Error).message}`);
      return "";
    }
    throw err;
  }
}
