import type { DecisionRecord, DecisionSource } from "@winnow/storage";

/** A decision record as the admin API and the JSON Lines export show it (snake_case, like every admin response). */
export interface DecisionJson {
  match_id: string;
  account_id: string;
  created_at: string;
  match_score: number;
  job_post_id: string;
  source: Record<string, unknown>;
  inputs: { job_description_sha256: string; resume_sha256: string };
  engine_version: string;
  catalogue_version: string;
  summary: unknown;
  full: unknown;
  advisory: string;
  expires_at: string | null;
}

function sourceJson(source: DecisionSource): Record<string, unknown> {
  if (source.kind === "api") return { kind: "api", credential: { kind: source.credential.kind, id: source.credential.id }, operation: source.operation };
  return {
    kind: "ats",
    connection_id: source.connectionId,
    provider: source.provider,
    ats_candidate_id: source.atsCandidateId ?? null,
    ats_application_id: source.atsApplicationId,
    ats_job_id: source.atsJobId ?? null,
  };
}

export function decisionToJson(record: DecisionRecord): DecisionJson {
  return {
    match_id: record.matchId,
    account_id: record.accountId,
    created_at: record.createdAt,
    match_score: record.matchScore,
    job_post_id: record.jobPostId,
    source: sourceJson(record.source),
    inputs: { job_description_sha256: record.inputs.jobDescriptionSha256, resume_sha256: record.inputs.resumeSha256 },
    engine_version: record.engineVersion,
    catalogue_version: record.catalogueVersion,
    summary: record.summary,
    full: record.full,
    advisory: record.advisory,
    expires_at: record.expiresAt === undefined ? null : new Date(record.expiresAt * 1000).toISOString(),
  };
}

/**
 * Every record of an account in [from, to), oldest first, one page at a time: what the JSON Lines export streams, so
 * an export of any size holds one page in memory.
 */
export async function* allDecisions(
  decisions: { list(accountId: string, opts: { from?: string; to?: string; limit: number; cursor?: string }): Promise<{ items: DecisionRecord[]; cursor?: string }> },
  accountId: string,
  range: { from?: string; to?: string },
  pageSize = 200,
): AsyncGenerator<DecisionRecord> {
  let cursor: string | undefined;
  do {
    const page = await decisions.list(accountId, { ...range, limit: pageSize, ...(cursor ? { cursor } : {}) });
    yield* page.items;
    cursor = page.cursor;
  } while (cursor);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Parses a `from`/`to` bound: an ISO 8601 date-time with an offset, or a date (UTC). A date `to` includes its whole
 * day, so `from=2026-01-01&to=2026-01-31` is January. Returns the ISO instant the storage range uses, [from, to).
 */
export function parseRangeBound(raw: string, bound: "from" | "to"): string | undefined {
  const value = raw.trim();
  if (DATE_ONLY.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return undefined;
    if (bound === "to") day.setUTCDate(day.getUTCDate() + 1);
    return day.toISOString();
  }
  if (!DATE_TIME.test(value)) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}
