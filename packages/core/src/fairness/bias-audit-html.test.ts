import { describe, expect, it } from "vitest";
import { computeBiasAudit, type AuditRow, type BiasAuditReport } from "./bias-audit.ts";
import { escapeHtml, formatRate, formatShare, renderBiasAuditHtml } from "./bias-audit-html.ts";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function report(rows: AuditRow[], accountName = "Acme <Recruiting> & Co"): BiasAuditReport {
  return {
    ...computeBiasAudit(rows),
    accountId: "acc-1",
    accountName,
    generatedAt: "2026-11-22T01:00:00.000Z",
    period: { from: "2026-01-01T00:00:00.000Z", to: "2026-06-30T23:59:59.999Z" },
    source: { demographicsRows: rows.length, lastUploadedAt: "2026-07-01T09:00:00.000Z", engineVersions: ["engine-2"] },
    excludeSmallCategories: true,
  };
}

/** The text of each body row of the table under the heading `title`, cells joined by "|". */
function tableRows(html: string, title: string): string[] {
  const section = html.split("<section>").find((s) => s.includes(`<h2>${title}</h2>`));
  if (!section) throw new Error(`no section ${title}`);
  const body = section.slice(section.indexOf("<tbody>"), section.indexOf("</tbody>"));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) =>
    [...m[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, "").trim()).join("|"),
  );
}

describe("renderBiasAuditHtml", () => {
  const rows: AuditRow[] = [
    { matchId: id(1), score: 80, sex: "F", raceEthnicity: "Asian" },
    { matchId: id(2), score: 60, sex: "M", raceEthnicity: "White" },
    { matchId: id(3), score: 40, sex: "F", raceEthnicity: "White" },
    { matchId: id(4), score: 20, sex: "M", raceEthnicity: "Asian" },
    { matchId: id(5), score: 10, sex: "<script>alert(1)</script>" },
  ];
  const html = renderBiasAuditHtml(report(rows));

  it("shows the summary: period, sample, median, missing counts", () => {
    // Sorted 10 20 40 60 80 → median 40; above it: 80 and 60.
    expect(html).toContain("2026-01-01T00:00:00.000Z to 2026-06-30T23:59:59.999Z");
    expect(html).toMatch(/<dt>Individuals in the sample<\/dt><dd>5<\/dd>/);
    expect(html).toMatch(/<dt>Median score<\/dt><dd>40\.00<\/dd>/);
    expect(html).toMatch(/<dt>Scored above the median<\/dt><dd>2<\/dd>/);
    expect(html).toMatch(/<dt>Unknown race\/ethnicity<\/dt><dd>1<\/dd>/);
  });

  it("renders one table per dimension with the same numbers as the report", () => {
    // Male: 60, 20 → 1 of 2 → 0.500; Female: 80, 40 → 1 of 2 → 0.500; both ratio 1. Self-described: 10 → 0 of 1 → 0.
    expect(tableRows(html, "Sex")).toEqual([
      "Male|2|40.00%|1|0.500|1.000|highest rate",
      "Female|2|40.00%|1|0.500|1.000|highest rate",
      "&lt;script&gt;alert(1)&lt;/script&gt;|1|20.00%|0|0.000|0.000|self-described",
    ]);
    const race = tableRows(html, "Race/ethnicity");
    expect(race).toHaveLength(7);
    expect(race).toContain("Hispanic or Latino|0|0.00%|0|—|—|under 2% excluded from impact ratios");
    // White: 60, 40 → 1 of 2; Asian: 80, 20 → 1 of 2.
    expect(race).toContain("White|2|40.00%|1|0.500|1.000|highest rate");
    const cross = tableRows(html, "Intersectional: sex × race/ethnicity");
    expect(cross).toContain("Female|Asian|1|20.00%|1|1.000|1.000|highest rate");
    expect(cross).toContain("Female|White|1|20.00%|0|0.000|0.000|");
  });

  it("escapes every value from the data and loads nothing from outside", () => {
    expect(html).not.toContain("<script>");
    expect(html).toContain("Acme &lt;Recruiting&gt; &amp; Co");
    // The one link is an empty inline icon, so browsers do not ask the server for /favicon.ico.
    expect(html.replace('<link rel="icon" href="data:,">', "")).not.toMatch(/\s(src|href)=|@import|url\(/);
  });

  it("explains undefined impact ratios and states the method", () => {
    const flat = renderBiasAuditHtml(report([{ matchId: id(1), score: 70, sex: "F" }, { matchId: id(2), score: 70, sex: "M" }]));
    expect(flat).toContain("impact ratios are undefined");
    expect(flat).toContain("strictly above the median");
  });

  it("formats numbers for people", () => {
    expect(formatRate(1 / 3)).toBe("0.333");
    expect(formatRate(null)).toBe("—");
    expect(formatShare(0.0199)).toBe("1.99%"); // two decimals, so a flagged share never prints as 2%
    expect(escapeHtml(`"'&`)).toBe("&quot;&#39;&amp;");
  });
});
