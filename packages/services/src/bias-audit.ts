/**
 * Bias audits over stored data: uploads of self-identified demographics, and reports that join them to decision
 * records by match id. Shared by the admin API and the CLI so both give the same numbers.
 */
import {
  BIAS_AUDIT_METHOD,
  computeBiasAudit,
  type AuditRow,
  type BiasAuditReport,
  type CategoryResult,
  type DimensionResult,
} from "@winnow/core/fairness/bias-audit";
import { DemographicsCsvError, parseDemographicsCsv, type RejectedRow } from "@winnow/core/fairness/demographics-csv";
import type { DecisionScore } from "@winnow/storage";
import type { DemographicsRepository } from "@winnow/storage/repos/demographics";

/** What the audit functions need from Services (the engine's dependencies are not among them). */
export interface AuditDeps {
  accounts: { get(id: string): Promise<{ name: string } | undefined>; retentionDays(id: string): Promise<number | undefined> };
  decisions: { scores(accountId: string, matchIds: string[]): Promise<Map<string, DecisionScore>> };
  demographics: Pick<DemographicsRepository, "listByAccount" | "putMany">;
  now(): Date;
}

export class AuditAccountNotFoundError extends Error {
  constructor(accountId: string) {
    super(`No account with id ${accountId}`);
    this.name = "AuditAccountNotFoundError";
  }
}

export interface UploadOutcome {
  stored: number;
  rejected: RejectedRow[];
  ignoredColumns: string[];
}

/**
 * Parses and stores an upload. Throws DemographicsCsvError when the file as a whole is unusable, including when
 * no row is valid (problem "no_valid_rows", with the rejected rows).
 */
export async function uploadDemographics(deps: AuditDeps, accountId: string, csv: string): Promise<UploadOutcome> {
  const retentionDays = await deps.accounts.retentionDays(accountId);
  if (retentionDays === undefined) throw new AuditAccountNotFoundError(accountId);
  const parsed = parseDemographicsCsv(csv);
  if (!parsed.rows.length) {
    throw new DemographicsCsvError(
      "no_valid_rows",
      parsed.rejected.length ? `No valid row: ${describeRejected(parsed.rejected)}` : "The file has a header but no rows",
      parsed.rejected[0]?.line,
    );
  }
  const stored = await deps.demographics.putMany(accountId, parsed.rows, { retentionDays });
  return { stored, rejected: parsed.rejected, ignoredColumns: parsed.ignoredColumns };
}

/** "line 3: …; line 7: …" for the first few, and how many more. */
export function describeRejected(rejected: readonly RejectedRow[], shown = 10): string {
  const head = rejected.slice(0, shown).map((r) => `line ${r.line}: ${r.reason}`).join("; ");
  return rejected.length > shown ? `${head}; and ${rejected.length - shown} more` : head;
}

const DAY_MS = 24 * 3600 * 1000;
/** Without a `from`, a report covers the year before `to`: LL144 audits are yearly. */
export const DEFAULT_AUDIT_DAYS = 365;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** `2026-01-31` or an ISO 8601 instant with a zone; a bare date is the whole day (UTC) at either end. */
function parseBound(value: string, name: "from" | "to"): Date {
  const endOfDay = name === "to" && DATE_ONLY.test(value);
  const parsed = DATE_ONLY.test(value) ? Date.parse(`${value}T00:00:00.000Z`) : INSTANT.test(value) ? Date.parse(value) : Number.NaN;
  // Date.parse rolls 2026-02-30 over to March; a date must survive the round trip.
  const rolledOver = DATE_ONLY.test(value) && !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) !== value;
  if (Number.isNaN(parsed) || rolledOver) throw new RangeError(`${name} must be a date (YYYY-MM-DD) or an ISO 8601 time with a zone, got "${value.slice(0, 40)}"`);
  return new Date(endOfDay ? parsed + DAY_MS - 1 : parsed);
}

/** Inclusive period in ISO form; throws RangeError for an unreadable bound or a `from` after `to`. */
export function auditPeriod(range: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = range.to ? parseBound(range.to, "to") : now;
  const from = range.from ? parseBound(range.from, "from") : new Date(to.getTime() - DEFAULT_AUDIT_DAYS * DAY_MS + 1);
  if (from > to) throw new RangeError(`from (${from.toISOString()}) is after to (${to.toISOString()})`);
  return { from: from.toISOString(), to: to.toISOString() };
}

export interface ReportOptions {
  from?: string;
  to?: string;
  excludeSmallCategories?: boolean;
}

export async function biasAuditReport(deps: AuditDeps, accountId: string, options: ReportOptions = {}): Promise<BiasAuditReport> {
  const generated = deps.now();
  const period = auditPeriod(options, generated);
  const account = await deps.accounts.get(accountId);
  if (!account) throw new AuditAccountNotFoundError(accountId);
  const answers = await deps.demographics.listByAccount(accountId);
  const decisions = await deps.decisions.scores(accountId, answers.map((a) => a.matchId));
  const [from, to] = [Date.parse(period.from), Date.parse(period.to)];
  const engines = new Set<string>();
  const rows: AuditRow[] = answers.map((a) => {
    const d = decisions.get(a.matchId);
    const at = d ? Date.parse(d.createdAt) : Number.NaN;
    const inPeriod = d !== undefined && at >= from && at <= to;
    if (inPeriod) engines.add(d.engineVersion);
    return { matchId: a.matchId, score: inPeriod ? d.matchScore : null, sex: a.sex, raceEthnicity: a.raceEthnicity };
  });
  const excludeSmallCategories = options.excludeSmallCategories ?? true;
  return {
    accountId,
    accountName: account.name,
    generatedAt: generated.toISOString(),
    period,
    source: {
      demographicsRows: answers.length,
      lastUploadedAt: answers.reduce<string | null>((last, a) => (last === null || a.uploadedAt > last ? a.uploadedAt : last), null),
      engineVersions: [...engines].sort(),
    },
    excludeSmallCategories,
    ...computeBiasAudit(rows, { excludeSmallCategories }),
  };
}

const categoryJson = (c: CategoryResult) => ({
  category: c.category,
  ...(c.sex !== undefined ? { sex: c.sex, race_ethnicity: c.raceEthnicity ?? null } : {}),
  count: c.count,
  share: c.share,
  scoring_count: c.scoringCount,
  scoring_rate: c.scoringRate,
  impact_ratio: c.impactRatio,
  flags: c.flags,
});

const dimensionJson = (d: DimensionResult) => ({
  categories: d.categories.map(categoryJson),
  missing: d.missing,
  highest_scoring_rate: d.highestScoringRate,
  impact_ratio_status: d.impactRatioStatus,
});

/** The report as the admin API and the CLI print it: snake_case like every admin response, with the method. */
export function biasAuditToJson(r: BiasAuditReport) {
  return {
    account_id: r.accountId,
    account_name: r.accountName ?? null,
    generated_at: r.generatedAt,
    period: r.period,
    source: { demographics_rows: r.source.demographicsRows, last_uploaded_at: r.source.lastUploadedAt, engine_versions: r.source.engineVersions },
    sample_size: r.sampleSize,
    median_score: r.medianScore,
    scoring_count: r.scoringCount,
    unscreened: { count: r.unscreened, match_ids: r.unscreenedMatchIds },
    exclude_small_categories: r.excludeSmallCategories,
    sex: dimensionJson(r.sex),
    race_ethnicity: dimensionJson(r.raceEthnicity),
    intersectional: dimensionJson(r.intersectional),
    method: [...BIAS_AUDIT_METHOD],
  };
}

export type BiasAuditJson = ReturnType<typeof biasAuditToJson>;
