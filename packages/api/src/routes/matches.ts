import { createHash } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import pLimit from "p-limit";
import { v5 as uuidv5, v7 as uuidv7 } from "uuid";
import { analyseCandidate, analyseJob, scoreMatch, type JobProfile, type MatchResult } from "@winnow/core/analysis/index";
import { DocumentError, decodeBase64Document, extractText } from "@winnow/core/documents/index";
import { isUuidShaped } from "@winnow/core/catalogue/ids";
import type { MatchRecord, StoredCandidate } from "@winnow/storage";
import { requireScope } from "../auth.ts";
import { ApiError } from "../errors.ts";
import type { AppEnv } from "../env.ts";
import { decodeCursor, encodeCursor, parseLimit, setNextLink } from "../pagination.ts";
import {
  LIMITS,
  MatchBody,
  MatchDetailSchema,
  MatchListEntrySchema,
  MatchSchema,
  PageQuery,
  RecommendBody,
  RecommendationSchema,
  Uuid,
  envelope,
} from "../schemas.ts";
import type { EngineContext } from "../services/catalogue.ts";
import { ResumeFetchError } from "../services/resume-fetch.ts";
import type { Services } from "../services/index.ts";
import { errorResponses, jsonRequest, security } from "./common.ts";

export const MATCH_PAGE = { default: 50, max: 200 } as const;

type Full = Omit<z.infer<typeof MatchSchema>, "match_id">;
type Compact = MatchResult["summary"];

const createMatch = createRoute({
  method: "post",
  path: "/match-insights",
  tags: ["Match insights"],
  operationId: "createMatch",
  summary: "Screen one candidate against a job description",
  description:
    "Analyses the job description and the candidate (free-text description and/or resume) and stores the match. " +
    "`candidate.resume_link` carries the resume as Base64 (or a data: URL) of a PDF, DOCX, RTF, HTML or text file; an " +
    "http(s) URL is fetched instead. Needs `description` or `resume_link`. Bodies up to 20 MiB are accepted. " +
    "Repeated calls for the same job description share one `job_id` unless `job_post_id` is given.",
  security,
  request: jsonRequest(MatchBody),
  responses: {
    201: { description: "The match", content: { "application/json": { schema: envelope(MatchSchema) } } },
    ...errorResponses(400, 401, 403, 413, 415, 422),
  },
});

const recommend = createRoute({
  method: "post",
  path: "/match-insights/recommend-candidates",
  tags: ["Match insights"],
  operationId: "recommendCandidates",
  summary: "Screen and rank many candidates for one job description",
  description:
    `Fetches each candidate's \`resume\` URL (http/https; public addresses only; 10 s timeout; ${LIMITS.resumeBytes / 1024 / 1024} MiB cap), ` +
    `screens every candidate and returns one entry per candidate, best first. Up to ${LIMITS.candidates} candidates. ` +
    "An unreadable resume does not fail the call: that candidate is screened on what remains and the problem is listed in its `warnings`.",
  security,
  request: jsonRequest(RecommendBody),
  responses: {
    201: { description: "One entry per candidate, best first", content: { "application/json": { schema: envelope(z.array(RecommendationSchema)) } } },
    ...errorResponses(400, 401, 403, 413, 415),
  },
});

const listMatches = createRoute({
  method: "get",
  path: "/match-insights",
  tags: ["Match insights"],
  operationId: "listMatches",
  summary: "Matched candidates of a job post",
  description: `Best score first. \`limit\` caps the page (default ${MATCH_PAGE.default}, maximum ${MATCH_PAGE.max}); more results are announced by a \`Link: <…&cursor=…>; rel="next"\` header.`,
  security,
  request: {
    query: PageQuery(MATCH_PAGE.max, MATCH_PAGE.default).extend({
      job_post_id: z.string().openapi({ description: "The job post (the `job_id` of a match)." }),
    }),
  },
  responses: {
    200: {
      description: "A page of matches",
      headers: z.object({ Link: z.string().optional() }),
      content: { "application/json": { schema: envelope(z.array(MatchListEntrySchema)) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const getMatch = createRoute({
  method: "get",
  path: "/match-insights/{match_id}",
  tags: ["Match insights"],
  operationId: "getMatch",
  summary: "Get one match",
  security,
  request: { params: z.object({ match_id: Uuid.openapi({ param: { name: "match_id", in: "path" } }) }) },
  responses: {
    200: { description: "The match", content: { "application/json": { schema: envelope(MatchDetailSchema) } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

/** Job post id for calls without one: stable per account and job description text. */
export const deriveJobPostId = (accountId: string, jobDescription: string): string =>
  uuidv5(jobDescription.normalize("NFC").replace(/\s+/g, " ").trim(), isUuidShaped(accountId) ? accountId : uuidv5(accountId, uuidv5.URL));

const jobCache = new Map<string, JobProfile>();
/** Job analysis is reused across calls for the same description and catalogue version (bounded, oldest evicted). */
function analyseJobCached(jd: string, ctx: EngineContext): JobProfile {
  const key = `${ctx.catalogue.version}:${createHash("sha256").update(jd).digest("hex")}`;
  let job = jobCache.get(key);
  if (!job) {
    job = analyseJob(jd, ctx);
    jobCache.set(key, job);
    if (jobCache.size > 200) jobCache.delete(jobCache.keys().next().value!);
  }
  return job;
}

/**
 * Resume → text, with every failure mapped to a clear client error. `resume_link` may hold Base64, a data: URL or an
 * http(s) URL; recommend-candidates' `resume` is always a URL (`urlOnly`), so any other scheme is refused as such.
 */
async function resumeText(services: Services, value: string, field: string, urlOnly = false): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = urlOnly || /^https?:\/\//i.test(value.trim())
      ? await services.fetchResume(value.trim())
      : decodeBase64Document(value, LIMITS.resumeBytes);
    return (await extractText(bytes, { maxBytes: LIMITS.resumeBytes })).text;
  } catch (err) {
    if (err instanceof ResumeFetchError) throw new ApiError("RESUME_FETCH_FAILED", `${field}: ${err.message}`);
    if (err instanceof DocumentError) {
      if (err.code === "invalid_base64") throw new ApiError("RESUME_INVALID_BASE64", `${field}: ${err.message}`);
      if (err.code === "too_large") throw new ApiError("RESUME_TOO_LARGE", `${field}: ${err.message}`);
      throw new ApiError("RESUME_UNREADABLE", `${field}: ${err.message}`);
    }
    throw err;
  }
}

/**
 * Records the job post on first sight. Its creation time is the posted date of every match of the post, so matches
 * made on different days for the same post report the same date.
 */
function recordJobPost(services: Services, accountId: string, given: string | undefined, jd: string, job: JobProfile, now: Date) {
  return services.jobPosts.upsert({
    accountId,
    jobPostId: given ?? deriveJobPostId(accountId, jd),
    title: job.title.text,
    location: job.location ?? "",
    createdAt: now.toISOString(),
  });
}

const joinText = (...parts: (string | undefined)[]) => parts.filter((p) => p && p.trim()).join("\n\n");
const fullName = (first?: string, last?: string) => [first?.trim(), last?.trim()].filter(Boolean).join(" ");

export function registerMatches(app: OpenAPIHono<AppEnv>): void {
  app.openapi(createMatch, async (c) => {
    const principal = requireScope(c.var.principal, "matches:write");
    const body = c.req.valid("json");
    const { candidate } = body;
    if (!candidate.description?.trim() && !candidate.resume_link?.trim()) {
      throw new ApiError("VALIDATION_FAILED", "Invalid request body: candidate: needs a description or a resume_link to screen");
    }
    const services = c.var.services;
    const resume = candidate.resume_link?.trim() ? await resumeText(services, candidate.resume_link, "candidate.resume_link") : "";
    const ctx = await services.catalogue.get();
    const now = services.now();
    const job = analyseJobCached(body.job_description, ctx);
    const post = await recordJobPost(services, principal.accountId, body.job_post_id, body.job_description, job, now);
    const result = scoreMatch(job, analyseCandidate(joinText(candidate.description, resume), ctx, now), {
      candidateName: fullName(candidate.first_name, candidate.last_name),
      postedDate: new Date(post.createdAt),
    }, ctx);
    const jobPostId = post.jobPostId;
    const matchId = uuidv7();
    const full: Full = {
      match_score: result.match_score,
      job_id: jobPostId,
      job_title: result.job_title,
      job_located_at: result.job_located_at,
      candidate_name: result.candidate_name,
      recommendation_insights: result.recommendation_insights,
    };
    const stored: StoredCandidate = {
      first_name: candidate.first_name ?? "",
      last_name: candidate.last_name ?? "",
      email: candidate.email ?? "",
      linkedin: candidate.linkedin_profile ?? "",
      phone: candidate.phone ?? "",
    };
    await services.matches.put({
      matchId,
      accountId: principal.accountId,
      jobPostId,
      matchScore: result.match_score,
      candidate: stored,
      insights: result.summary,
      full,
      createdAt: now.toISOString(),
    });
    c.header("Location", `/v1/match-insights/${matchId}`);
    return c.json({ success: true as const, messages: "", data: { match_id: matchId, ...full } }, 201);
  });

  app.openapi(recommend, async (c) => {
    const principal = requireScope(c.var.principal, "matches:write");
    const body = c.req.valid("json");
    const services = c.var.services;
    const ctx = await services.catalogue.get();
    const now = services.now();
    const job = analyseJobCached(body.jobDescription, ctx);
    const post = await recordJobPost(services, principal.accountId, body.job_post_id, body.jobDescription, job, now);
    const jobPostId = post.jobPostId;
    const postedDate = new Date(post.createdAt);
    const limit = pLimit(8);
    const texts = await Promise.all(
      body.candidates.map((cand, i) =>
        limit(async () => {
          if (!cand.resume?.trim()) return { text: "", warnings: ["No resume was given; the candidate was screened without one"] };
          try {
            return { text: await resumeText(services, cand.resume, `candidates[${i}].resume`, true), warnings: [] as string[] };
          } catch (err) {
            if (err instanceof ApiError) return { text: "", warnings: [`Resume not used: ${err.message}`] };
            throw err;
          }
        }),
      ),
    );
    const createdAt = now.toISOString();
    const entries = body.candidates.map((cand, i) => {
      const result = scoreMatch(job, analyseCandidate(texts[i]!.text, ctx, now), {
        candidateName: fullName(cand.first_name, cand.last_name),
        postedDate,
      }, ctx);
      const candidate = {
        first_name: cand.first_name ?? "",
        last_name: cand.last_name ?? "",
        linkedin_url: cand.linkedin_url ?? "",
        email: cand.email ?? "",
        phone_number: cand.phone_number ?? "",
      };
      // UUIDv7 ids are time-ordered and made in input order, so a job post listing breaks score ties like this response.
      return { index: i, matchId: uuidv7(), result, candidate, warnings: texts[i]!.warnings };
    });
    entries.sort((a, b) => b.result.match_score - a.result.match_score || a.index - b.index);
    await services.matches.putMany(
      entries.map<MatchRecord>((e) => ({
        matchId: e.matchId,
        accountId: principal.accountId,
        jobPostId,
        matchScore: e.result.match_score,
        candidate: {
          first_name: e.candidate.first_name,
          last_name: e.candidate.last_name,
          email: e.candidate.email,
          linkedin: e.candidate.linkedin_url,
          phone: e.candidate.phone_number,
        },
        insights: e.result.summary,
        createdAt,
      })),
    );
    return c.json(
      {
        success: true as const,
        messages: `Screened ${entries.length} candidate${entries.length === 1 ? "" : "s"} for job post ${jobPostId}`,
        data: entries.map((e) => ({
          match_id: e.matchId,
          candidate: e.candidate,
          recommendation_insights: e.result.summary,
          warnings: e.warnings,
        })),
      },
      201,
    );
  });

  app.openapi(listMatches, async (c) => {
    const principal = requireScope(c.var.principal, "matches:read");
    const query = c.req.valid("query");
    if (!query.job_post_id?.trim()) throw new ApiError("INVALID_QUERY_PARAMETER", "job_post_id is required");
    const limit = parseLimit(query.limit, MATCH_PAGE);
    const after = decodeCursor(
      query.cursor,
      (v): v is { s: string; c: string; m: string } =>
        typeof v === "object" &&
        v !== null &&
        /^\d{5}$/.test(String((v as { s?: unknown }).s)) &&
        typeof (v as { c?: unknown }).c === "string" &&
        /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test((v as { c: string }).c) &&
        isUuidShaped(String((v as { m?: unknown }).m)),
    );
    const jobPostId = query.job_post_id.trim();
    const page = await c.var.services.matches.listByJobPost<Full, Compact>(
      principal.accountId,
      jobPostId,
      limit,
      after && { score: after.s, createdAt: after.c, matchId: after.m },
    );
    if (!after && page.items.length === 0) {
      throw new ApiError("JOB_POST_NOT_FOUND", `No matches for job post ${jobPostId.slice(0, 128)}`);
    }
    setNextLink(c, page.next && encodeCursor({ s: page.next.score, c: page.next.createdAt, m: page.next.matchId }));
    return c.json(
      {
        success: true as const,
        messages: "",
        data: page.items.map((m) => ({
          match_id: m.matchId,
          candidate: {
            first_name: m.candidate.first_name,
            last_name: m.candidate.last_name,
            linkedin_url: m.candidate.linkedin,
            email: m.candidate.email,
          },
          insights: { recommendation_score: m.matchScore },
        })),
      },
      200,
    );
  });

  app.openapi(getMatch, async (c) => {
    const principal = requireScope(c.var.principal, "matches:read");
    const { match_id } = c.req.valid("param");
    if (!isUuidShaped(match_id)) throw new ApiError("INVALID_ID", `match_id must be UUID-shaped (got "${match_id.slice(0, 64)}")`);
    const match = await c.var.services.matches.get<Full, Compact>(principal.accountId, match_id.toLowerCase());
    if (!match) throw new ApiError("MATCH_NOT_FOUND", `No match with id ${match_id}`);
    return c.json(
      {
        success: true as const,
        messages: "",
        data: {
          match_id: match.matchId,
          candidate: {
            first_name: match.candidate.first_name,
            last_name: match.candidate.last_name,
            linkedin_profile: match.candidate.linkedin,
            email: match.candidate.email,
          },
          recommendation_insights: match.insights,
        },
      },
      200,
    );
  });
}
