/**
 * A bias-audit report as one self-contained HTML page (inline style, no scripts, no external assets) that an auditor
 * can save, print or attach. Every value from the data is escaped: category labels are whatever people typed.
 */
import { BIAS_AUDIT_METHOD, type BiasAuditReport, type CategoryFlag, type CategoryResult, type DimensionResult, type ImpactRatioStatus } from "./bias-audit.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

const DASH = "—";
export const formatRate = (value: number | null): string => (value === null ? DASH : value.toFixed(3));
export const formatShare = (value: number | null): string => (value === null ? DASH : `${(value * 100).toFixed(2)}%`);
const formatScore = (value: number | null): string => (value === null ? DASH : value.toFixed(2));
const formatInt = (value: number): string => value.toLocaleString("en-US");

const FLAG_TEXT: Record<CategoryFlag, string> = {
  under_2_percent: "under 2%",
  excluded: "excluded from impact ratios",
  highest_rate: "highest rate",
  nonstandard: "self-described",
};

const STATUS_TEXT: Record<ImpactRatioStatus, string> = {
  computed: "",
  no_scoring_individuals: "Nobody in the compared categories scored above the median: impact ratios are undefined (shown as —).",
  no_eligible_category: "No category has members and is at least 2% of the sample: no impact ratios.",
};

function categoryRow(c: CategoryResult, intersection: boolean): string {
  const label = intersection ? `<td>${escapeHtml(c.sex ?? "")}</td><td>${escapeHtml(c.raceEthnicity ?? "")}</td>` : `<td>${escapeHtml(c.category)}</td>`;
  const flags = c.flags.map((f) => `<span class="flag flag-${f}">${FLAG_TEXT[f]}</span>`).join(" ");
  const cls = c.flags.includes("under_2_percent") ? ' class="small"' : "";
  return (
    `<tr${cls}>${label}<td class="num">${formatInt(c.count)}</td><td class="num">${formatShare(c.share)}</td>` +
    `<td class="num">${formatInt(c.scoringCount)}</td><td class="num">${formatRate(c.scoringRate)}</td>` +
    `<td class="num">${formatRate(c.impactRatio)}</td><td>${flags}</td></tr>`
  );
}

function dimensionTable(title: string, d: DimensionResult, intersection = false): string {
  const head = intersection ? "<th>Sex</th><th>Race/ethnicity</th>" : "<th>Category</th>";
  const status = STATUS_TEXT[d.impactRatioStatus];
  return `<section>
<h2>${title}</h2>
<table>
<thead><tr>${head}<th class="num">Individuals</th><th class="num">Share of sample</th><th class="num">Scored above median</th><th class="num">Scoring rate</th><th class="num">Impact ratio</th><th>Flags</th></tr></thead>
<tbody>
${d.categories.map((c) => categoryRow(c, intersection)).join("\n")}
</tbody>
<tfoot><tr><td colspan="${intersection ? 2 : 1}">Unknown (missing data)</td><td class="num">${formatInt(d.missing)}</td><td colspan="5">left out of this table${intersection ? " (sex or race/ethnicity unknown)" : ""}</td></tr></tfoot>
</table>
${status ? `<p class="note">${status}</p>` : ""}
</section>`;
}

const STYLE = `body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2430;max-width:70rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.2rem;margin-top:2rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
table{border-collapse:collapse;width:100%;margin-top:.5rem}th,td{border-bottom:1px solid #d8dde6;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#f2f4f8}.num{text-align:right;font-variant-numeric:tabular-nums}tr.small td{color:#6b7280}tfoot td{font-style:italic}
.flag{display:inline-block;border-radius:.6rem;padding:0 .45rem;font-size:.8rem;background:#eef0f4;margin:0 .15rem .15rem 0}
.flag-under_2_percent,.flag-excluded{background:#fff4d6}.flag-highest_rate{background:#e3f4e8}
.note{color:#6b3f00}footer{margin-top:2.5rem;font-size:.9rem;color:#4b5563}
@media print{body{margin:0}th{background:none}}`;

export function renderBiasAuditHtml(report: BiasAuditReport): string {
  const account = report.accountName ? `${escapeHtml(report.accountName)} (${escapeHtml(report.accountId)})` : escapeHtml(report.accountId);
  const engines = report.source.engineVersions.length ? report.source.engineVersions.map(escapeHtml).join(", ") : DASH;
  const unscreened = report.unscreened
    ? `${formatInt(report.unscreened)} (left out: no decision record in the period${report.unscreenedMatchIds.length < report.unscreened ? "; the JSON report lists the first ones" : ""})`
    : "0";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bias audit data — ${account}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Bias audit data: scoring rates and impact ratios</h1>
<p>Automated employment decision tool: Winnow candidate screening (match score 0–100). Computed as NYC Local Law 144
asks for tools that output a score; the audit itself must be carried out by an independent auditor.</p>
</header>
<section>
<h2>Summary</h2>
<dl>
<dt>Account</dt><dd>${account}</dd>
<dt>Period</dt><dd>${escapeHtml(report.period.from)} to ${escapeHtml(report.period.to)} (decision records created in this range)</dd>
<dt>Generated</dt><dd>${escapeHtml(report.generatedAt)}</dd>
<dt>Source data</dt><dd>Self-identified sex and race/ethnicity uploaded to Winnow (${formatInt(report.source.demographicsRows)} rows held${report.source.lastUploadedAt ? `, last upload ${escapeHtml(report.source.lastUploadedAt)}` : ""}), joined by match id to the match scores of Winnow's decision records; engine versions: ${engines}</dd>
<dt>Individuals in the sample</dt><dd>${formatInt(report.sampleSize)}</dd>
<dt>Median score</dt><dd>${formatScore(report.medianScore)}</dd>
<dt>Scored above the median</dt><dd>${formatInt(report.scoringCount)}</dd>
<dt>Unscreened uploads</dt><dd>${unscreened}</dd>
<dt>Unknown sex</dt><dd>${formatInt(report.sex.missing)}</dd>
<dt>Unknown race/ethnicity</dt><dd>${formatInt(report.raceEthnicity.missing)}</dd>
<dt>Categories under 2%</dt><dd>${report.excludeSmallCategories ? "flagged and excluded from impact ratios" : "flagged, but included in impact ratios"}</dd>
</dl>
</section>
${dimensionTable("Sex", report.sex)}
${dimensionTable("Race/ethnicity", report.raceEthnicity)}
${dimensionTable("Intersectional: sex × race/ethnicity", report.intersectional, true)}
<footer>
<h2>Method</h2>
<ul>
${BIAS_AUDIT_METHOD.map((m) => `<li>${escapeHtml(m)}</li>`).join("\n")}
</ul>
</footer>
</body>
</html>
`;
}
