import { createRoute, z } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { ADVISORY_STATEMENT } from "@winnow/core/analysis/index";
import { isUuidShaped } from "@winnow/core/catalogue/ids";
import { readResume, readResumes, screen, type Compact, type FullMatch } from "@winnow/services";
import { requireScope } from "../auth.ts";
import { ApiError } from "../errors.ts";
import type { AppEnv, Principal } from "../env.ts";
import { decodeCursor, encodeCursor, parseLimit, setNextLink } from "../pagination.ts";
import {
  JOB_POST_ID,
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
import { checkUuidParam, errorResponses, jsonRequest, security } from "./common.ts";

export const MATCH_PAGE = { default: 50, max: 200 } as const;

/**
 * Carries the advisory statement on every screening response: the spec's response shapes are exact, so the statement
 * cannot be a body field (see docs/api-decisions.md).
 */
export const ADVISORY_HEADER = "Winnow-Advisory";
const advisoryHeaders = z.object({ [ADVISORY_HEADER]: z.string().openapi({ description: "The score is advisory and a person decides.", example: ADVISORY_STATEMENT }) });

const originOf = (principal: Principal, operation: string) =>
  ({ kind: "api", credential: { kind: principal.credential.kind, id: principal.credential.id }, operation }) as const;


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
    201: { description: "The match", headers: advisoryHeaders, content: { "application/json": { schema: envelope(MatchSchema) } } },
    ...errorResponses(400, 401, 403, 413, 415, 422, 503),
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
    201: {
      description: "One entry per candidate, best first",
      headers: advisoryHeaders,
      content: { "application/json": { schema: envelope(z.array(RecommendationSchema)) } },
    },
    ...errorResponses(400, 401, 403, 413, 415, 503),
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

export function registerMatches(app: OpenAPIHono<AppEnv>): void {
  app.openapi(createMatch, async (c) => {
    const principal = requireScope(c.var.principal, "matches:write");
    const { job_description, job_post_id, candidate } = c.req.valid("json");
    if (!candidate.description?.trim() && !candidate.resume_link?.trim()) {
      throw new ApiError("VALIDATION_FAILED", "Invalid request body: candidate: needs a description or a resume_link to screen");
    }
    const services = c.var.services;
    const resume = candidate.resume_link?.trim() ? await readResume(services, candidate.resume_link, "candidate.resume_link") : "";
    const outcome = await screen(services, {
      accountId: principal.accountId,
      jobPostId: job_post_id,
      jobDescription: job_description,
      storeFull: true,
      origin: originOf(principal, "POST /v1/match-insights"),
      candidates: [
        {
          contact: {
            first_name: candidate.first_name ?? "",
            last_name: candidate.last_name ?? "",
            email: candidate.email ?? "",
            linkedin: candidate.linkedin_profile ?? "",
            phone: candidate.phone ?? "",
          },
          text: [candidate.description, resume].filter((p) => p?.trim()).join("\n\n"),
        },
      ],
    });
    const { matchId, full } = outcome.matches[0]!;
    c.header("Location", `/v1/match-insights/${matchId}`);
    c.header(ADVISORY_HEADER, ADVISORY_STATEMENT);
    return c.json({ success: true as const, messages: "", data: { match_id: matchId, ...full } }, 201);
  });

  app.openapi(recommend, async (c) => {
    const principal = requireScope(c.var.principal, "matches:write");
    const body = c.req.valid("json");
    const services = c.var.services;
    const resumes = await readResumes(services, body.candidates.map((cand) => cand.resume), (i) => `candidates[${i}].resume`);
    const outcome = await screen(services, {
      accountId: principal.accountId,
      jobPostId: body.job_post_id,
      jobDescription: body.jobDescription,
      storeFull: false,
      origin: originOf(principal, "POST /v1/match-insights/recommend-candidates"),
      candidates: body.candidates.map((cand, i) => ({
        contact: {
          first_name: cand.first_name ?? "",
          last_name: cand.last_name ?? "",
          email: cand.email ?? "",
          linkedin: cand.linkedin_url ?? "",
          phone: cand.phone_number ?? "",
        },
        text: resumes[i]!.text,
      })),
    });
    c.header(ADVISORY_HEADER, ADVISORY_STATEMENT);
    return c.json(
      {
        success: true as const,
        messages: `Screened ${outcome.matches.length} candidate${outcome.matches.length === 1 ? "" : "s"} for job post ${outcome.jobPostId}`,
        data: outcome.matches.map((m) => {
          const cand = body.candidates[m.index]!;
          return {
            match_id: m.matchId,
            job_id: outcome.jobPostId,
            candidate: {
              first_name: cand.first_name ?? "",
              last_name: cand.last_name ?? "",
              linkedin_url: cand.linkedin_url ?? "",
              email: cand.email ?? "",
              phone_number: cand.phone_number ?? "",
            },
            recommendation_insights: m.result.summary,
            warnings: resumes[m.index]!.warnings,
          };
        }),
      },
      201,
    );
  });

  app.openapi(listMatches, async (c) => {
    const principal = requireScope(c.var.principal, "matches:read");
    const query = c.req.valid("query");
    if (!query.job_post_id?.trim()) throw new ApiError("INVALID_QUERY_PARAMETER", "job_post_id is required");
    // The rule job_post_id follows in request bodies: an id that breaks it names no job post, and says so plainly.
    if (!JOB_POST_ID.test(query.job_post_id.trim())) {
      throw new ApiError("INVALID_QUERY_PARAMETER", "job_post_id: 1 to 128 letters, digits and . _ : ~ - only");
    }
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
    const page = await c.var.services.matches.listByJobPost<FullMatch, Compact>(
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
    checkUuidParam(c, match_id, "match_id", ["recommend-candidates"]);
    const match = await c.var.services.matches.get<FullMatch, Compact>(principal.accountId, match_id.toLowerCase());
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
