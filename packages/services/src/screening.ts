import pLimit from "p-limit";
import { v5 as uuidv5, v7 as uuidv7 } from "uuid";
import { ADVISORY_STATEMENT, ENGINE_VERSION, analyseCandidate, analyseJob, scoreMatch, type JobProfile, type MatchResult } from "@winnow/core/analysis/index";
import { isUuidShaped } from "@winnow/core/catalogue/ids";
import { DocumentError, decodeBase64Document, extractText } from "@winnow/core/documents/index";
import { DEFAULT_RETENTION_DAYS, erasedSince, expiresAtFor, sha256Hex, subjectKey, type DecisionRecord, type DecisionSource, type ErasureMark, type JobPostRecord, type MatchRecord, type StoredCandidate, type Subject } from "@winnow/storage";
import type { EngineContext } from "./catalogue.ts";
import { ResumeError } from "./errors.ts";
import type { Services } from "./index.ts";
import { ResumeFetchError } from "./resume-fetch.ts";

/** Decoded or downloaded resumes above this size are refused. */
export const MAX_RESUME_BYTES = 12 * 1024 * 1024;

/** The stored result of a full screening (spec 2.8 without match_id). */
export interface FullMatch {
  match_score: number;
  job_id: string;
  job_title: string;
  job_located_at: string;
  candidate_name: string;
  recommendation_insights: MatchResult["recommendation_insights"];
}

export type Compact = MatchResult["summary"];

/** A candidate to screen: contact fields as given, and the text the engine reads (description + resume). */
export interface ScreeningCandidate {
  contact: StoredCandidate;
  text: string;
  /** Fixed match id, for callers that must not create a second match on a retry (ATS deliveries). */
  matchId?: string;
}

export interface ScreeningRequest {
  accountId: string;
  /** The caller's job post id; derived from the job description when absent. */
  jobPostId?: string;
  jobDescription: string;
  candidates: ScreeningCandidate[];
  /** Store the full result (spec 2.8) with each match, not only the compact insights. */
  storeFull: boolean;
  /** Who asked: written into each decision record; an ATS origin's candidate id also indexes the match for erasure. */
  origin: DecisionSource;
}

export interface ScreenedCandidate {
  index: number;
  matchId: string;
  result: MatchResult;
  full: FullMatch;
}

export interface ScreeningOutcome {
  jobPostId: string;
  /** Best first; ties keep the input order. */
  matches: ScreenedCandidate[];
}

/** Job post id for calls without one: stable per account and job description text (whitespace-insensitive). */
export const deriveJobPostId = (accountId: string, jobDescription: string): string =>
  uuidv5(
    // uuid v5 reads the name through encodeURIComponent, which throws on a lone surrogate (ATS texts are not
    // cleaned by the API's body reader).
    jobDescription.toWellFormed().normalize("NFC").replace(/\s+/g, " ").trim(),
    isUuidShaped(accountId) ? accountId : uuidv5(accountId, uuidv5.URL),
  );

const jobCache = new Map<string, JobProfile>();
/** Job analysis is reused across calls for the same description and catalogue version (bounded, oldest evicted). */
function analyseJobCached(jd: string, digest: string, ctx: EngineContext): JobProfile {
  const key = `${ctx.catalogue.version}:${digest}`;
  let job = jobCache.get(key);
  if (!job) {
    job = analyseJob(jd, ctx);
    jobCache.set(key, job);
    if (jobCache.size > 200) jobCache.delete(jobCache.keys().next().value!);
  }
  return job;
}

/**
 * Resume → text. `value` holds Base64, a data: URL or an http(s) URL; with `urlOnly` (recommend-candidates'
 * `resume`) it is always treated as a URL, so another scheme is refused as such. Every failure is a ResumeError.
 */
export async function readResume(services: Services, value: string, field: string, urlOnly = false): Promise<string> {
  const trimmed = value.trim();
  try {
    const bytes =
      urlOnly || /^https?:\/\//i.test(trimmed) ? await services.fetchResume(trimmed) : decodeBase64Document(value, MAX_RESUME_BYTES);
    return (await extractText(bytes, { maxBytes: MAX_RESUME_BYTES })).text;
  } catch (err) {
    if (err instanceof ResumeFetchError) throw new ResumeError("fetch_failed", `${field}: ${err.message}`);
    if (err instanceof DocumentError) {
      const problem = err.code === "invalid_base64" ? "invalid_base64" : err.code === "too_large" ? "too_large" : "unreadable";
      throw new ResumeError(problem, `${field}: ${err.message}`);
    }
    throw err;
  }
}

/** Reads many resumes (up to 8 at once); a failure becomes a warning for that candidate, never an error. */
export async function readResumes(
  services: Services,
  resumes: (string | undefined)[],
  field: (i: number) => string,
): Promise<{ text: string; warnings: string[] }[]> {
  const limit = pLimit(8);
  return Promise.all(
    resumes.map((resume, i) =>
      limit(async () => {
        if (!resume?.trim()) return { text: "", warnings: ["No resume was given; the candidate was screened without one"] };
        try {
          return { text: await readResume(services, resume, field(i), true), warnings: [] };
        } catch (err) {
          if (err instanceof ResumeError) return { text: "", warnings: [`Resume not used: ${err.message}`] };
          throw err;
        }
      }),
    ),
  );
}

/**
 * Records the job post on first sight. Its creation time is the posted date of every match of the post, so matches
 * made on different days for the same post report the same date.
 */
function recordJobPost(services: Services, accountId: string, jobPostId: string, job: JobProfile, now: Date, expiresAt: number): Promise<JobPostRecord> {
  return services.jobPosts.upsert({
    accountId,
    jobPostId,
    title: job.title.text,
    location: job.location ?? "",
    createdAt: now.toISOString(),
    expiresAt,
  });
}

const fullName = (c: StoredCandidate) => [c.first_name.trim(), c.last_name.trim()].filter(Boolean).join(" ");

/** The identifiers an erasure request can name this candidate by. */
function subjectsOf(contact: StoredCandidate, origin: DecisionSource): Subject[] {
  const subjects: Subject[] = [];
  if (contact.email.trim()) subjects.push({ kind: "email", email: contact.email });
  if (origin.kind === "ats" && origin.atsCandidateId) subjects.push({ kind: "ats", provider: origin.provider, candidateId: origin.atsCandidateId });
  return subjects;
}

/**
 * Screens candidates against one job description and stores the matches under the account: the job is analysed once,
 * every candidate is scored independently (a candidate's score never depends on the others), and the matches are
 * stored best first with time-ordered ids made in input order, so listings break score ties the same way. With the
 * matches go one immutable decision record per candidate and the subject-index items erasure looks them up by; all
 * carry the account's retention as their TTL.
 */
export async function screen(services: Services, request: ScreeningRequest): Promise<ScreeningOutcome> {
  const subjects = request.candidates.map((c) => subjectsOf(c.contact, request.origin));
  // Read before anything is stored, compared after: see takeBackErased.
  const [ctx, retentionDays, marks] = await Promise.all([
    services.catalogue.get(),
    services.accounts.retentionDays(request.accountId),
    services.subjects.erasureMarks(request.accountId, subjects.flat()),
  ]);
  const now = services.now();
  const expiresAt = expiresAtFor(retentionDays ?? DEFAULT_RETENTION_DAYS, now);
  // The digest keys the job cache and is recorded in every decision record.
  const jobDescriptionSha256 = sha256Hex(request.jobDescription);
  const job = analyseJobCached(request.jobDescription, jobDescriptionSha256, ctx);
  const jobPostId = request.jobPostId ?? deriveJobPostId(request.accountId, request.jobDescription);
  const post = await recordJobPost(services, request.accountId, jobPostId, job, now, expiresAt);
  const postedDate = new Date(post.createdAt);

  const matches = request.candidates.map((candidate, index): ScreenedCandidate => {
    const result = scoreMatch(job, analyseCandidate(candidate.text, ctx, now), { candidateName: fullName(candidate.contact), postedDate }, ctx);
    return {
      index,
      matchId: candidate.matchId ?? uuidv7(),
      result,
      full: {
        match_score: result.match_score,
        job_id: jobPostId,
        job_title: result.job_title,
        job_located_at: result.job_located_at,
        candidate_name: result.candidate_name,
        recommendation_insights: result.recommendation_insights,
      },
    };
  });
  matches.sort((a, b) => b.result.match_score - a.result.match_score || a.index - b.index);

  const createdAt = now.toISOString();
  const records = matches.map<MatchRecord>((m) => ({
    matchId: m.matchId,
    accountId: request.accountId,
    jobPostId,
    matchScore: m.result.match_score,
    candidate: request.candidates[m.index]!.contact,
    insights: m.result.summary,
    ...(request.storeFull ? { full: m.full } : {}),
    createdAt,
    expiresAt,
  }));
  const fixedIds = new Set(request.candidates.flatMap((c) => (c.matchId ? [c.matchId] : [])));
  const decisions = matches.map<DecisionRecord>((m) => ({
    matchId: m.matchId,
    accountId: request.accountId,
    createdAt,
    matchScore: m.result.match_score,
    jobPostId,
    source: request.origin,
    inputs: { jobDescriptionSha256, resumeSha256: sha256Hex(request.candidates[m.index]!.text) },
    engineVersion: ENGINE_VERSION,
    catalogueVersion: ctx.catalogue.version,
    summary: m.result.summary,
    full: { match_id: m.matchId, ...m.full },
    advisory: ADVISORY_STATEMENT,
    expiresAt,
  }));
  await Promise.all([
    records.length === 1 ? services.matches.put(records[0]!) : services.matches.putMany(records),
    // Ids the caller fixed may already hold a record (a retried ATS delivery): those are created only if absent.
    services.decisions.putMany(decisions.filter((d) => fixedIds.has(d.matchId))),
    services.decisions.putFresh(decisions.filter((d) => !fixedIds.has(d.matchId))),
    services.subjects.link(
      request.accountId,
      matches.map((m) => ({ subjects: subjects[m.index]!, matchId: m.matchId, expiresAt })),
    ),
  ]);
  await takeBackErased(services, request.accountId, matches, subjects, marks);
  return { jobPostId, matches };
}

/**
 * An erasure that had not finished when this screening read the marks, or that started since, may have read the
 * subject index before the match was stored there and answered without it. Erasure marks each subject as started
 * before it reads the index and as finished after, so the two readings show exactly that risk: the candidate's match,
 * record and index entries are taken back. The caller still gets its result; the match id it names is gone, as if the
 * erasure had come just after.
 */
async function takeBackErased(
  services: Services,
  accountId: string,
  matches: ScreenedCandidate[],
  subjects: Subject[][],
  before: Map<string, ErasureMark>,
): Promise<void> {
  if (!before.size) return;
  const moved = erasedSince(before, await services.subjects.erasureMarks(accountId, subjects.flat()));
  if (!moved.size) return;
  for (const m of matches) {
    if (subjects[m.index]!.some((s) => moved.has(subjectKey(s)))) {
      await services.erasure.discardScreening(accountId, m.matchId, subjects[m.index]!);
    }
  }
}
