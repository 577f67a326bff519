import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { createApp } from "@winnow/api";
import { createServices } from "@winnow/services";
import { AccountRepository, SCOPES, createDynamo, ensureTables } from "@winnow/storage";

/** Reads a response as JSON, asserting first that it is declared as JSON (spec Part 1: "Responses are JSON"). */
export async function jsonOf(res: Response): Promise<any> {
  expect(res.headers.get("content-type") ?? "").toMatch(/^application\/json\b/);
  return res.json();
}

/** Spec Part 7, standard error: exactly `error` (integer) and `message` (string). */
export async function expectStandardError(res: Response, status: number, code: number, message?: RegExp): Promise<void> {
  expect(res.status).toBe(status);
  const body = await jsonOf(res);
  expect(Object.keys(body).sort()).toEqual(["error", "message"]);
  expect(Number.isInteger(body.error)).toBe(true);
  expect(body.error).toBe(code);
  expect(typeof body.message).toBe("string");
  if (message) expect(body.message).toMatch(message);
}

/** Spec Part 7, authentication error: `{ status: false, message }` on 401 and 403. */
export async function expectAuthError(res: Response, status: 401 | 403): Promise<void> {
  expect(res.status).toBe(status);
  expect(await jsonOf(res)).toEqual({ status: false, message: expect.any(String) });
}

/** Spec Part 1 envelope: `success`, `messages` (string), `data`, and nothing else. */
export async function expectEnvelope(res: Response, status: number): Promise<any> {
  expect(res.status).toBe(status);
  const body = await jsonOf(res);
  expect(Object.keys(body).sort()).toEqual(["data", "messages", "success"]);
  expect(body.success).toBe(true);
  expect(typeof body.messages).toBe("string");
  return body.data;
}

/** True when a string holds no unpaired UTF-16 surrogate, i.e. it can be encoded as UTF-8 (RFC 8259 §8.1). */
export const isWellFormed = (s: string): boolean => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

/**
 * The real app on an empty table of the shared DynamoDB Local: no catalogue has been loaded, which is the state a
 * fresh deployment is in until its first import or sync finishes.
 */
export async function appWithoutCatalogue(): Promise<{ call: (path: string, init?: RequestInit) => Promise<Response> }> {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error("DYNAMODB_ENDPOINT is not set: run through the integration project");
  const dynamo = createDynamo({ endpoint });
  const table = `spec-review-${randomUUID()}`;
  await ensureTables(dynamo.client, table);
  const store = { doc: dynamo.doc, table };
  const app = createApp(createServices(store, { adminToken: `admin-${randomUUID()}` }));
  const accounts = new AccountRepository(store);
  const account = await accounts.create("No catalogue yet");
  const { key } = await accounts.createApiKey(account.id, SCOPES);
  return {
    call: async (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("x-api-key", key);
      return app.request(path, { ...init, headers });
    },
  };
}

const isFiniteNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isStringArray = (v: unknown): boolean => Array.isArray(v) && v.every((s) => typeof s === "string");
const keysOf = (v: unknown): string[] => (v && typeof v === "object" && !Array.isArray(v) ? Object.keys(v).sort() : []);

/**
 * Checks a Match (spec 2.8, with 2.8.1–2.8.5) field by field from the spec's tables — deliberately not from the
 * app's own schemas — and returns every deviation as "path: problem", so one assertion shows them all.
 */
export function matchShapeProblems(m: any): string[] {
  const problems: string[] = [];
  const want = (ok: boolean, path: string, what: string) => {
    if (!ok) problems.push(`${path}: expected ${what}, got ${JSON.stringify(path.split(".").reduce((o: any, k) => o?.[k], { m }))?.slice(0, 80)}`);
  };
  const exactKeys = (v: unknown, path: string, keys: string[]) => want(JSON.stringify(keysOf(v)) === JSON.stringify([...keys].sort()), path, `keys ${keys.join(",")}`);
  exactKeys(m, "m", ["match_id", "match_score", "job_id", "job_title", "job_located_at", "candidate_name", "recommendation_insights"]);
  for (const k of ["match_id", "job_id", "job_title", "job_located_at", "candidate_name"]) want(typeof m?.[k] === "string", `m.${k}`, "string");
  want(isFiniteNumber(m?.match_score), "m.match_score", "number");
  const ri = m?.recommendation_insights;
  exactKeys(ri, "m.recommendation_insights", [
    "layer_one_score", "analysed_education", "analysed_experience", "analysed_skills", "analysed_interests", "context_summary",
    "context_snippets", "posted_date", "skills_breakdown", "interests", "traits", "culture_fit",
  ]);
  want(isFiniteNumber(ri?.layer_one_score), "m.recommendation_insights.layer_one_score", "number");
  for (const block of ["analysed_education", "analysed_experience", "analysed_skills", "analysed_interests"]) {
    const b = ri?.[block];
    const path = `m.recommendation_insights.${block}`;
    exactKeys(b, path, ["attributes_matched", "matched_attributes", "unmatched_attributes", "layer_two_score"]);
    want(typeof b?.attributes_matched === "string" && /^\d+\/\d+$/.test(b.attributes_matched), `${path}.attributes_matched`, "<matched>/<total>");
    want(isStringArray(b?.matched_attributes), `${path}.matched_attributes`, "array of string");
    want(isStringArray(b?.unmatched_attributes), `${path}.unmatched_attributes`, "array of string");
    want(isFiniteNumber(b?.layer_two_score), `${path}.layer_two_score`, "number");
  }
  const cs = ri?.context_summary;
  const summaryStrings = [
    "matched_summary", "skills_bucket", "traits_interest_bucket", "education_bucket", "experience_bucket",
    "culture_compatibility_bucket", "values_bucket", "culture_compatibility_label",
  ];
  exactKeys(cs, "m.recommendation_insights.context_summary", [...summaryStrings, "requirement_gaps"]);
  for (const k of summaryStrings) want(typeof cs?.[k] === "string", `m.recommendation_insights.context_summary.${k}`, "string");
  want(isStringArray(cs?.requirement_gaps), "m.recommendation_insights.context_summary.requirement_gaps", "array of string");
  const sn = ri?.context_snippets;
  exactKeys(sn, "m.recommendation_insights.context_snippets", ["summary", "source_snippets", "overall_confidence_score"]);
  want(typeof sn?.summary === "string", "m.recommendation_insights.context_snippets.summary", "string");
  want(isFiniteNumber(sn?.overall_confidence_score), "m.recommendation_insights.context_snippets.overall_confidence_score", "number");
  want(
    Array.isArray(sn?.source_snippets) &&
      sn.source_snippets.every((s: any) => JSON.stringify(keysOf(s)) === '["confidence_score","snippet"]' && typeof s.snippet === "string" && isFiniteNumber(s.confidence_score)),
    "m.recommendation_insights.context_snippets.source_snippets",
    "array of {snippet, confidence_score}",
  );
  want(typeof ri?.posted_date === "string" && /^\d{2}-\d{2}-\d{4}$/.test(ri.posted_date), "m.recommendation_insights.posted_date", "DD-MM-YYYY");
  exactKeys(ri?.skills_breakdown, "m.recommendation_insights.skills_breakdown", ["soft", "technical", "transferable"]);
  for (const k of ["soft", "technical", "transferable"]) want(isStringArray(ri?.skills_breakdown?.[k]), `m.recommendation_insights.skills_breakdown.${k}`, "array of string");
  want(isStringArray(ri?.interests), "m.recommendation_insights.interests", "array of string");
  want(isStringArray(ri?.traits), "m.recommendation_insights.traits", "array of string");
  const cf = ri?.culture_fit;
  exactKeys(cf, "m.recommendation_insights.culture_fit", ["score", "label", "chart_data"]);
  want(isFiniteNumber(cf?.score), "m.recommendation_insights.culture_fit.score", "number");
  want(typeof cf?.label === "string", "m.recommendation_insights.culture_fit.label", "string");
  want(
    Array.isArray(cf?.chart_data) &&
      cf.chart_data.every((e: any) => JSON.stringify(keysOf(e)) === '["candidate","company","type"]' && typeof e.type === "string" && Number.isInteger(e.company) && Number.isInteger(e.candidate)),
    "m.recommendation_insights.culture_fit.chart_data",
    "array of {type, company: integer, candidate: integer}",
  );
  const types = Array.isArray(cf?.chart_data) ? cf.chart_data.map((e: any) => e.type).sort() : [];
  want(JSON.stringify(types) === JSON.stringify([...CULTURE_TYPES].sort()), "m.recommendation_insights.culture_fit.chart_data", "one entry per culture type");
  return problems;
}

/** Recommendation insights (spec 2.7a), as in recommend-candidates and GET /match-insights/{match_id}. */
export function insightsShapeProblems(ri: any): string[] {
  const problems: string[] = [];
  if (JSON.stringify(keysOf(ri)) !== JSON.stringify(["areas_for_improvement", "cultural_fit", "long_term_potential", "score", "strengths"])) {
    problems.push(`keys: ${keysOf(ri).join(",")}`);
  }
  if (!Number.isInteger(ri?.score)) problems.push(`score: ${JSON.stringify(ri?.score)}`);
  for (const k of ["strengths", "areas_for_improvement"]) if (!isStringArray(ri?.[k])) problems.push(`${k}: not an array of string`);
  for (const k of ["cultural_fit", "long_term_potential"]) if (typeof ri?.[k] !== "string" || !ri[k]) problems.push(`${k}: ${JSON.stringify(ri?.[k])}`);
  return problems;
}

/** The eight chart_data types of spec 2.8.5, one entry each. */
export const CULTURE_TYPES = [
  "Learning Culture", "Authority Culture", "Results Culture", "Enjoyment Culture",
  "Safety Culture", "Caring Culture", "Order Culture", "Purpose Culture",
] as const;
