/**
 * Bias-audit numbers for a tool that outputs a score, as NYC Local Law 144 defines them (DCWP rules §5-300, §5-301):
 * the median score of the audit sample, and per category the scoring rate (share of its members scored strictly
 * above that median) and the impact ratio (its scoring rate ÷ the highest scoring rate among the categories
 * compared). Pure and deterministic: no I/O, stable ordering, so a report can be reproduced from its inputs.
 */
import {
  RACE_ETHNICITY_CATEGORIES,
  SEX_CATEGORIES,
  classifyRaceEthnicity,
  classifySex,
  groupKey,
  type Classified,
} from "./categories.ts";

/** One uploaded individual. `score` is null when the match had no screening in the audit period. */
export interface AuditRow {
  matchId: string;
  score: number | null;
  sex?: string;
  raceEthnicity?: string;
}

/** Below this share of the sample a category may be left out of impact ratios (§5-301); it is still reported. */
export const SMALL_CATEGORY_SHARE = 0.02;

/** At most this many unscreened match ids are listed (all are counted), enough to find an export mix-up. */
export const UNSCREENED_IDS_LISTED = 100;

export type CategoryFlag =
  /** Under 2 % of the audit sample. */
  | "under_2_percent"
  /** Left out of the impact-ratio computation (because it is under 2 %). */
  | "excluded"
  /** The category with the highest scoring rate: the denominator of every impact ratio (its own ratio is 1). */
  | "highest_rate"
  /** A self-identified answer outside the LL144 / EEO-1 categories, kept as its own category. */
  | "nonstandard";

export interface CategoryResult {
  category: string;
  /** For intersections: the two categories it combines. */
  sex?: string;
  raceEthnicity?: string;
  count: number;
  /** count ÷ sample size (null for an empty sample). */
  share: number | null;
  /** Members scored strictly above the sample median. */
  scoringCount: number;
  /** scoringCount ÷ count; null when the category has no members. */
  scoringRate: number | null;
  /** scoringRate ÷ highest scoring rate; null when excluded, empty, or when no compared category scored above the median. */
  impactRatio: number | null;
  flags: CategoryFlag[];
}

export type ImpactRatioStatus =
  | "computed"
  /** Every compared category has a scoring rate of 0 (e.g. all scores equal): rate ÷ 0 is undefined, so ratios are null. */
  | "no_scoring_individuals"
  /** No category has members and is at least 2 % of the sample. */
  | "no_eligible_category";

export interface DimensionResult {
  categories: CategoryResult[];
  /** Sample members with no usable answer on this dimension (either answer, for intersections). */
  missing: number;
  /** The reference rate of impact ratios; null unless status is "computed". */
  highestScoringRate: number | null;
  impactRatioStatus: ImpactRatioStatus;
}

export interface BiasAudit {
  /** Uploaded individuals with a screening in the period: everyone the median and the rates are computed over. */
  sampleSize: number;
  /** Median score of the whole sample, including members whose categories are unknown; null for an empty sample. */
  medianScore: number | null;
  /** Sample members scored strictly above the median. */
  scoringCount: number;
  /** Uploaded individuals whose match had no screening in the period: left out of every number above. */
  unscreened: number;
  /** Their match ids, sorted, at most UNSCREENED_IDS_LISTED. */
  unscreenedMatchIds: string[];
  sex: DimensionResult;
  raceEthnicity: DimensionResult;
  intersectional: DimensionResult;
}

export interface BiasAuditOptions {
  /** Leave categories under 2 % out of impact ratios (default true; §5-301 allows it, the auditor decides). */
  excludeSmallCategories?: boolean;
}

/** Median of a non-empty list: the middle value, or the mean of the two middle values. */
export function median(values: readonly number[]): number {
  if (!values.length) throw new RangeError("median of an empty list");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Member {
  scoring: boolean;
}

/** Members of one category while counting; `labels` counts the spellings seen of a non-standard answer. */
interface Bucket {
  members: Member[];
  labels: Map<string, number>;
  standard: boolean;
  order: number;
  sex?: Bucket;
  race?: Bucket;
}

const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One display label per group whatever the upload order: the commonest spelling, ties broken in code-unit order. */
const labelOf = (b: Bucket) => [...b.labels].sort(([a, m], [c, n]) => n - m || codeUnitOrder(a, c))[0]![0];

class Dimension {
  readonly buckets = new Map<string, Bucket>();
  missing = 0;

  constructor(standard: readonly string[]) {
    standard.forEach((category, order) => this.buckets.set(groupKey(category), { members: [], labels: new Map([[category, 1]]), standard: true, order }));
  }

  bucket(c: Extract<Classified, { kind: "category" }>): Bucket {
    const key = groupKey(c.category);
    let b = this.buckets.get(key);
    if (!b) this.buckets.set(key, (b = { members: [], labels: new Map(), standard: false, order: Number.MAX_SAFE_INTEGER }));
    if (!b.standard) b.labels.set(c.category, (b.labels.get(c.category) ?? 0) + 1);
    return b;
  }

  /** Standard categories in the order of the rules, then the others alphabetically. */
  ordered(): Bucket[] {
    return [...this.buckets.values()].sort((a, b) => a.order - b.order || codeUnitOrder(labelOf(a), labelOf(b)));
  }
}

function summarise(buckets: Bucket[], missing: number, sampleSize: number, excludeSmall: boolean, describe: (b: Bucket) => Pick<CategoryResult, "category" | "sex" | "raceEthnicity">): DimensionResult {
  const rows = buckets.map((b) => {
    const count = b.members.length;
    const scoringCount = b.members.filter((m) => m.scoring).length;
    const share = sampleSize ? count / sampleSize : null;
    const small = share === null || share < SMALL_CATEGORY_SHARE;
    return {
      ...describe(b),
      count,
      share,
      scoringCount,
      scoringRate: count ? scoringCount / count : null,
      small,
      eligible: count > 0 && !(small && excludeSmall),
      nonstandard: !b.standard,
    };
  });
  const rates = rows.filter((r) => r.eligible).map((r) => r.scoringRate!);
  const highest = rates.length ? Math.max(...rates) : null;
  const status: ImpactRatioStatus = highest === null ? "no_eligible_category" : highest === 0 ? "no_scoring_individuals" : "computed";
  const reference = status === "computed" ? highest : null;
  const categories = rows.map(({ small, eligible, nonstandard, ...r }): CategoryResult => {
    const flags: CategoryFlag[] = [];
    if (small) flags.push("under_2_percent");
    if (small && excludeSmall) flags.push("excluded");
    if (eligible && reference !== null && r.scoringRate === reference) flags.push("highest_rate");
    if (nonstandard) flags.push("nonstandard");
    return { ...r, impactRatio: eligible && reference !== null ? r.scoringRate! / reference : null, flags };
  });
  return { categories, missing, highestScoringRate: reference, impactRatioStatus: status };
}

export function computeBiasAudit(rows: readonly AuditRow[], options: BiasAuditOptions = {}): BiasAudit {
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.matchId)) throw new RangeError(`match id ${r.matchId} appears more than once`);
    seen.add(r.matchId);
    if (r.score !== null && !Number.isFinite(r.score)) throw new RangeError(`match ${r.matchId} has a score that is not a number`);
  }
  const screened = rows.filter((r): r is AuditRow & { score: number } => r.score !== null);
  const unscreenedIds = rows.filter((r) => r.score === null).map((r) => r.matchId).sort(codeUnitOrder);
  const medianScore = screened.length ? median(screened.map((r) => r.score)) : null;

  const sex = new Dimension(SEX_CATEGORIES);
  const race = new Dimension(RACE_ETHNICITY_CATEGORIES);
  const cross = new Map<string, Bucket>();
  let crossMissing = 0;
  for (const standardSex of sex.ordered()) {
    for (const standardRace of race.ordered()) {
      cross.set(`${groupKey(labelOf(standardSex))}\u0000${groupKey(labelOf(standardRace))}`, { members: [], labels: new Map(), standard: true, order: 0, sex: standardSex, race: standardRace });
    }
  }

  let scoringCount = 0;
  for (const row of screened) {
    const member: Member = { scoring: row.score > medianScore! };
    if (member.scoring) scoringCount++;
    const s = classifySex(row.sex);
    const r = classifyRaceEthnicity(row.raceEthnicity);
    const sb = s.kind === "category" ? sex.bucket(s) : undefined;
    const rb = r.kind === "category" ? race.bucket(r) : undefined;
    if (sb) sb.members.push(member);
    else sex.missing++;
    if (rb) rb.members.push(member);
    else race.missing++;
    if (!sb || !rb) {
      crossMissing++;
      continue;
    }
    const key = `${groupKey(labelOf(sb))}\u0000${groupKey(labelOf(rb))}`;
    let cb = cross.get(key);
    if (!cb) cross.set(key, (cb = { members: [], labels: new Map(), standard: sb.standard && rb.standard, order: 0, sex: sb, race: rb }));
    cb.members.push(member);
  }

  const excludeSmall = options.excludeSmallCategories ?? true;
  const n = screened.length;
  const sexOrder = sex.ordered();
  const raceOrder = race.ordered();
  const crossOrdered = [...cross.values()].sort(
    (a, b) => sexOrder.indexOf(a.sex!) - sexOrder.indexOf(b.sex!) || raceOrder.indexOf(a.race!) - raceOrder.indexOf(b.race!),
  );
  return {
    sampleSize: n,
    medianScore,
    scoringCount,
    unscreened: unscreenedIds.length,
    unscreenedMatchIds: unscreenedIds.slice(0, UNSCREENED_IDS_LISTED),
    sex: summarise(sexOrder, sex.missing, n, excludeSmall, (b) => ({ category: labelOf(b) })),
    raceEthnicity: summarise(raceOrder, race.missing, n, excludeSmall, (b) => ({ category: labelOf(b) })),
    intersectional: summarise(crossOrdered, crossMissing, n, excludeSmall, (b) => {
      const [s, r] = [labelOf(b.sex!), labelOf(b.race!)];
      return { category: `${s} × ${r}`, sex: s, raceEthnicity: r };
    }),
  };
}

/** The numbers with what an auditor needs to place them: whose data, which period, from where, how computed. */
export interface BiasAuditReport extends BiasAudit {
  accountId: string;
  accountName?: string;
  generatedAt: string;
  /** Inclusive bounds on the decision records' creation time (ISO 8601, UTC). */
  period: { from: string; to: string };
  source: {
    /** Rows of self-identified answers held for the account, and when the newest was uploaded. */
    demographicsRows: number;
    lastUploadedAt: string | null;
    /** Engine versions that produced the sample's scores (from the decision records). */
    engineVersions: string[];
  };
  excludeSmallCategories: boolean;
}

/** How the numbers are computed, in words: part of every report, JSON and HTML alike. */
export const BIAS_AUDIT_METHOD = [
  "Sample: individuals with uploaded self-identified answers whose match has a Winnow decision record created in the period; uploaded individuals without one are counted as unscreened and left out.",
  "Median: of the match scores of the whole sample, including individuals whose sex or race/ethnicity is unknown.",
  "Scoring rate: share of a category's members scored strictly above the median (a score equal to the median does not count).",
  "Impact ratio: a category's scoring rate divided by the highest scoring rate among the categories compared (NYC DCWP rules §5-300, §5-301).",
  "Categories under 2% of the sample are flagged; unless the report says otherwise they are left out of impact ratios (their ratio is null) but still counted.",
  "When no compared category has anyone above the median (for example all scores are equal), impact ratios are undefined and reported as null.",
  "Missing: individuals without a usable answer (blank, unknown or declined) on a dimension are counted per dimension and placed in no category of it; intersections need both answers.",
] as const;
