import { z } from "@hono/zod-openapi";

/** Limits of request fields (documented in docs/limits.md). */
export const LIMITS = {
  jobDescriptionChars: 100_000,
  candidateTextChars: 100_000,
  shortFieldChars: 2048,
  termChars: 1000,
  relatedIds: 100,
  candidates: 200,
  /** Decoded resume size. Base64 adds a third, so POST /match-insights accepts bodies of 20 MiB. */
  resumeBytes: 12 * 1024 * 1024,
} as const;

const shortText = (description: string) => z.string().max(LIMITS.shortFieldChars).openapi({ description });

export const Uuid = z
  .string()
  .openapi({ description: "UUID-shaped identifier", example: "3f2b8c1e-9a4d-5e6f-8a7b-1c2d3e4f5a6b" });

// ---------- envelopes ----------

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.literal(true),
    messages: z.string().openapi({ description: "Short text; may be empty." }),
    data,
  });

export const ErrorSchema = z
  .object({
    error: z.number().int().openapi({ description: "Stable error code (docs/errors.md)", example: 1003 }),
    message: z.string().openapi({ example: "Invalid request body: term: expected string, received number" }),
  })
  .openapi("Error");

export const AuthErrorSchema = z
  .object({
    status: z.literal(false),
    message: z.string().openapi({ example: "Missing credentials: send an API key in x-api-key or Authorization: Bearer" }),
  })
  .openapi("AuthenticationError");

// ---------- taxonomy ----------

export const SkillType = z.object({ name: z.string().openapi({ example: "Specialized Skill" }) }).openapi("SkillType");

export const SkillSchema = z
  .object({
    id: Uuid,
    name: z.string().openapi({ example: "Python" }),
    description: z.string().nullable(),
    type: SkillType,
  })
  .openapi("Skill");

export const RelatedSkillSchema = z
  .object({ id: Uuid, name: z.string(), type: SkillType })
  .openapi("RelatedSkill");

export const TitleSummarySchema = z.object({ id: Uuid, name: z.string() }).openapi("TitleSummary");

export const TitleDetailSchema = z
  .object({
    id: Uuid,
    name: z.string(),
    career_group: z.string(),
    mapping: z.object({
      names: z.array(z.string()).openapi({ description: "Other names of this title (aliases)." }),
      skills: z.array(z.object({ id: Uuid, name: z.string() })).openapi({ description: "Mapped skills, most central first." }),
    }),
  })
  .openapi("TitleDetail");

export const JobLevelSchema = z
  .enum(["intern", "entry", "mid", "senior", "lead", "manager", "director", "executive"])
  .openapi("JobLevel");

export const NormalizedTitleSchema = z
  .object({
    id: Uuid,
    name: z.string(),
    confidence: z.number().min(0).max(1),
    job_levels: z.array(JobLevelSchema),
  })
  .openapi("NormalizedTitle");

export const NormalizeBody = z
  .object({ term: z.string().trim().min(1).max(LIMITS.termChars).openapi({ example: "Sr. Java Dev (m/w/d) - Berlin" }) })
  .openapi("NormalizeRequest");

export const InspectBody = z
  .object({
    term: z.string().trim().min(1).max(LIMITS.termChars),
    limit: z.number().int().min(1).max(100).default(5).openapi({ description: "Number of candidates (1–100, default 5)." }),
  })
  .openapi("NormalizeInspectRequest");

export const RelatedBody = z
  .object({
    ids: z.array(z.string().max(64)).min(1).max(LIMITS.relatedIds),
    limit: z.number().int().min(1).max(100).default(10).optional().openapi({ description: "Default 10, at most 100." }),
  })
  .openapi("RelatedSkillsRequest");

// ---------- matches ----------

/** What a job post id may be, in request bodies and in the GET /match-insights query. */
export const JOB_POST_ID = /^[A-Za-z0-9._:~-]{1,128}$/;

const JobPostId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:~-]+$/, "letters, digits and . _ : ~ - only")
  .openapi({ description: "Your job post identifier (for example the ATS job id). Derived from the job description when omitted." });

export const MatchCandidateInput = z
  .object({
    first_name: shortText("").optional(),
    last_name: shortText("").optional(),
    description: z.string().max(LIMITS.candidateTextChars).optional().openapi({ description: "Free-text profile." }),
    linkedin_profile: shortText("Profile URL").optional(),
    email: shortText("").optional(),
    phone: shortText("").optional(),
    resume_link: z
      .string()
      .optional()
      .openapi({ description: "The resume: Base64 (or a data: URL) of a PDF, DOCX, RTF, HTML or text file, or an http(s) URL." }),
  })
  .openapi("MatchCandidate");

export const MatchBody = z
  .object({
    job_description: z.string().trim().min(1).max(LIMITS.jobDescriptionChars),
    candidate: MatchCandidateInput,
    job_post_id: JobPostId.optional(),
  })
  .openapi("MatchRequest");

export const RecommendCandidateInput = z
  .object({
    first_name: shortText("").optional(),
    last_name: shortText("").optional(),
    linkedin_url: shortText("Profile URL").optional(),
    email: shortText("").optional(),
    phone_number: shortText("").optional(),
    resume: shortText("http(s) URL of the resume (PDF, DOCX, RTF, HTML or text)").optional(),
  })
  .openapi("RecommendCandidate");

export const RecommendBody = z
  .object({
    jobDescription: z.string().trim().min(1).max(LIMITS.jobDescriptionChars),
    candidates: z.array(RecommendCandidateInput).min(1).max(LIMITS.candidates),
    job_post_id: JobPostId.optional(),
  })
  .openapi("RecommendRequest");

const AnalysisBlock = z
  .object({
    attributes_matched: z.string().openapi({ example: "3/4" }),
    matched_attributes: z.array(z.string()),
    unmatched_attributes: z.array(z.string()),
    layer_two_score: z.number().min(0).max(1),
  })
  .openapi("AnalysisBlock");

export const CULTURE_TYPES = [
  "Learning Culture",
  "Authority Culture",
  "Results Culture",
  "Enjoyment Culture",
  "Safety Culture",
  "Caring Culture",
  "Order Culture",
  "Purpose Culture",
] as const;

export const CultureFitSchema = z
  .object({
    score: z.number().min(0).max(1),
    label: z.string(),
    chart_data: z.array(
      z.object({ type: z.enum(CULTURE_TYPES), company: z.number().int().min(0).max(100), candidate: z.number().int().min(0).max(100) }),
    ),
  })
  .openapi("CultureFit");

export const FullInsightsSchema = z
  .object({
    layer_one_score: z.number().min(0).max(1),
    analysed_education: AnalysisBlock,
    analysed_experience: AnalysisBlock,
    analysed_skills: AnalysisBlock,
    analysed_interests: AnalysisBlock,
    context_summary: z.object({
      matched_summary: z.string(),
      skills_bucket: z.string(),
      traits_interest_bucket: z.string(),
      education_bucket: z.string(),
      experience_bucket: z.string(),
      culture_compatibility_bucket: z.string(),
      values_bucket: z.string(),
      culture_compatibility_label: z.string(),
      requirement_gaps: z.array(z.string()),
    }),
    context_snippets: z.object({
      summary: z.string(),
      source_snippets: z.array(z.object({ snippet: z.string(), confidence_score: z.number().min(0).max(1) })),
      overall_confidence_score: z.number().min(0).max(1),
    }),
    posted_date: z.string().openapi({ description: "DD-MM-YYYY", example: "21-11-2026" }),
    skills_breakdown: z.object({ soft: z.array(z.string()), technical: z.array(z.string()), transferable: z.array(z.string()) }),
    interests: z.array(z.string()),
    traits: z.array(z.string()),
    culture_fit: CultureFitSchema,
  })
  .openapi("MatchInsights");

export const CompactInsightsSchema = z
  .object({
    score: z.number().int().min(0).max(100),
    strengths: z.array(z.string()),
    areas_for_improvement: z.array(z.string()),
    cultural_fit: z.string(),
    long_term_potential: z.string(),
  })
  .openapi("RecommendationInsights");

export const MatchSchema = z
  .object({
    match_id: Uuid,
    match_score: z.number().min(0).max(100),
    job_id: z.string(),
    job_title: z.string(),
    job_located_at: z.string(),
    candidate_name: z.string(),
    recommendation_insights: FullInsightsSchema,
  })
  .openapi("Match");

export const RecommendationSchema = z
  .object({
    match_id: Uuid,
    job_id: z.string().openapi({ description: "The job post the match is filed under (`job_post_id`, or derived from the job description): list them with `GET /match-insights?job_post_id=`." }),
    candidate: z.object({
      first_name: z.string(),
      last_name: z.string(),
      linkedin_url: z.string(),
      email: z.string(),
      phone_number: z.string(),
    }),
    recommendation_insights: CompactInsightsSchema,
    warnings: z.array(z.string()).openapi({ description: "Problems with this candidate's input, e.g. an unreadable resume." }),
  })
  .openapi("Recommendation");

export const MatchListEntrySchema = z
  .object({
    match_id: Uuid,
    candidate: z.object({ first_name: z.string(), last_name: z.string(), linkedin_url: z.string(), email: z.string() }),
    insights: z.object({ recommendation_score: z.number() }),
  })
  .openapi("MatchListEntry");

export const MatchDetailSchema = z
  .object({
    match_id: Uuid,
    candidate: z.object({ first_name: z.string(), last_name: z.string(), linkedin_profile: z.string(), email: z.string() }),
    recommendation_insights: CompactInsightsSchema,
  })
  .openapi("MatchDetail");

// ---------- query parameters ----------

export const PageQuery = (max: number, dflt: number) =>
  z.object({
    limit: z
      .string()
      .optional()
      .openapi({ description: `Maximum number of results (1–${max}, default ${dflt}).`, example: String(dflt) }),
    cursor: z.string().optional().openapi({ description: "Opaque position from the Link rel=\"next\" header of the previous page." }),
  });
