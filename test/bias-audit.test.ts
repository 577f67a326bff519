import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { GetCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { testService, type TestService } from "./helpers.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const JOB = fixture("job-backend.txt");
const STRONG = fixture("resume-strong.txt");
const WEAK = fixture("resume-weak.txt");
const b64 = (s: string) => Buffer.from(s).toString("base64");

// The services' clock: screenings are dated by it, so some can fall outside the audited period.
let clock = new Date("2026-03-10T12:00:00.000Z");
let t: TestService;

function admin(path: string, init: RequestInit & { csv?: string; token?: string } = {}) {
  const { csv, token, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("authorization", `Bearer ${token ?? t.adminToken}`);
  if (csv !== undefined && !headers.has("content-type")) headers.set("content-type", "text/csv; charset=utf-8");
  return Promise.resolve(t.app.request(path, { ...rest, headers, ...(csv !== undefined ? { method: rest.method ?? "PUT", body: csv } : {}) }));
}

async function screen(resume: string): Promise<{ id: string; score: number }> {
  const res = await t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, candidate: { first_name: "Sam", resume_link: b64(resume) } } });
  expect(res.status).toBe(201);
  const { data } = (await res.json()) as { data: { match_id: string; match_score: number } };
  return { id: data.match_id, score: data.match_score };
}

const expectError = async (res: Response, status: number, code: number, message?: RegExp) => {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: number; message: string };
  expect(body).toEqual({ error: code, message: expect.any(String) });
  if (message) expect(body.message).toMatch(message);
};

/** Text of each body row of the HTML table under `title`, cells joined by "|". */
function htmlRows(html: string, title: string): string[] {
  const section = html.split("<section>").find((s) => s.includes(`<h2>${title}</h2>`))!;
  const body = section.slice(section.indexOf("<tbody>"), section.indexOf("</tbody>"));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) =>
    [...m[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, "").trim()).join("|"),
  );
}

const S: { id: string; score: number }[] = [];
const W: { id: string; score: number }[] = [];
let early: { id: string; score: number };
const neverScreened = randomUUID();
const PERIOD = "from=2026-01-01&to=2026-06-30";

beforeAll(async () => {
  t = await testService({ now: () => clock });
  // Four strong and four weak resumes for the same job, in the period: the engine gives each kind one score
  // (identical inputs, identical scores), the strong one higher.
  for (let i = 0; i < 4; i++) S.push(await screen(STRONG));
  for (let i = 0; i < 4; i++) W.push(await screen(WEAK));
  // One more strong screening before the period: uploaded, but not part of the sample.
  clock = new Date("2025-12-01T09:00:00.000Z");
  early = await screen(STRONG);
  clock = new Date("2026-07-02T08:00:00.000Z");
});

describe("bias audit through the admin API", () => {
  /*
   * Sample (decision records created 2026-01-01…2026-06-30), with s > w the strong and weak scores:
   *   S1 Female/Asian   S2 Female/White   S3 Male/White   S4 Female/declined
   *   W1 Male/White     W2 Male/Asian     W3 Female/White W4 (blank)/White
   * Sorted: w w w w s s s s → median (w + s) / 2; scoring: the four strong ones.
   * Sex:  Female S1 S2 S4 W3 → 3 of 4 = 0.75 (highest); Male S3 W1 W2 → 1 of 3, ratio (1/3)/(3/4) = 4/9; 1 missing.
   * Race: White S2 S3 W1 W3 W4 → 2 of 5 = 0.4, ratio 0.4/0.5 = 0.8; Asian S1 W2 → 1 of 2 = 0.5 (highest); 1 missing.
   * Intersections (missing S4, W4): F×Asian 1/1 = 1; F×White S2 W3 → 1/2; M×White S3 W1 → 1/2; M×Asian W2 → 0.
   * Unscreened: the early screening and an id that was never screened → 2.
   */
  const csv = () =>
    [
      "Match ID,Sex,Race/Ethnicity,email",
      `${S[0]!.id},Female,Asian,a@example.com`,
      `${S[1]!.id},F,"White",b@example.com`,
      `${S[2]!.id},male,WHITE,c@example.com`,
      `${S[3]!.id},Woman,Decline to answer,d@example.com`,
      `${W[0]!.id},M,Caucasian,e@example.com`,
      `${W[1]!.id},Male,asian,f@example.com`,
      `${W[2]!.id},female,White,g@example.com`,
      `${W[3]!.id},,White,h@example.com`,
      `${early.id},Female,Asian,i@example.com`,
      `${neverScreened},Male,White,j@example.com`,
      `not-a-match,Male,White,k@example.com`,
    ].join("\r\n");

  it("stores an upload apart from screening data and lists the rejected rows", async () => {
    const res = await admin(`/admin/accounts/${t.accountId}/demographics`, { csv: `\uFEFF${csv()}\r\n` });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.data).toEqual({
      account_id: t.accountId,
      stored: 10,
      rejected_count: 1,
      rejected: [{ line: 12, reason: expect.stringMatching(/not a match id/) }],
      ignored_columns: ["email"],
    });
    expect(body.messages).toMatch(/Stored 10 rows; rejected 1: line 12/);

    // In the demographics table, without the ignored column; nothing of it in the main table.
    const table = t.services.demographics.table;
    expect(table).not.toBe(t.store.table);
    const { Item } = await t.store.doc.send(new GetCommand({ TableName: table, Key: { pk: `ACCOUNT#${t.accountId}`, sk: `MATCH#${S[0]!.id}` } }));
    expect(Item).toMatchObject({ matchId: S[0]!.id, sex: "Female", raceEthnicity: "Asian", expiresAt: expect.any(Number) });
    expect(JSON.stringify(Item)).not.toContain("example.com");
    // Stamped with the account's retention (default 365 days) from the upload.
    expect(Item!.expiresAt).toBe(Math.floor(clock.getTime() / 1000) + 365 * 24 * 3600);
    const main = await t.store.doc.send(
      new ScanCommand({ TableName: t.store.table, FilterExpression: "attribute_exists(raceEthnicity) OR attribute_exists(sex)" }),
    );
    expect(main.Items ?? []).toEqual([]);
  });

  it("reports the hand-computed numbers as JSON", async () => {
    const [s, w] = [S[0]!.score, W[0]!.score];
    expect(new Set(S.map((x) => x.score))).toEqual(new Set([s]));
    expect(new Set(W.map((x) => x.score))).toEqual(new Set([w]));
    expect(w).toBeLessThan(s);

    const res = await admin(`/admin/accounts/${t.accountId}/bias-audit?${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const r = ((await res.json()) as any).data;
    expect(r.period).toEqual({ from: "2026-01-01T00:00:00.000Z", to: "2026-06-30T23:59:59.999Z" });
    expect(r).toMatchObject({ account_id: t.accountId, account_name: "Test account", sample_size: 8, scoring_count: 4, exclude_small_categories: true });
    expect(r.median_score).toBeCloseTo((w + s) / 2, 10);
    expect(r.unscreened).toEqual({ count: 2, match_ids: [early.id, neverScreened].sort() });
    expect(r.source).toMatchObject({ demographics_rows: 10, engine_versions: [expect.any(String)] });

    const cat = (d: any, name: string) => d.categories.find((c: any) => c.category === name);
    expect(cat(r.sex, "Female")).toEqual({ category: "Female", count: 4, share: 0.5, scoring_count: 3, scoring_rate: 0.75, impact_ratio: 1, flags: ["highest_rate"] });
    expect(cat(r.sex, "Male")).toMatchObject({ count: 3, share: 0.375, scoring_count: 1, flags: [] });
    expect(cat(r.sex, "Male").scoring_rate).toBeCloseTo(1 / 3, 12);
    expect(cat(r.sex, "Male").impact_ratio).toBeCloseTo(4 / 9, 12);
    expect(r.sex).toMatchObject({ missing: 1, highest_scoring_rate: 0.75, impact_ratio_status: "computed" });

    expect(cat(r.race_ethnicity, "White")).toMatchObject({ count: 5, share: 0.625, scoring_count: 2, scoring_rate: 0.4 });
    expect(cat(r.race_ethnicity, "White").impact_ratio).toBeCloseTo(0.8, 12);
    expect(cat(r.race_ethnicity, "Asian")).toMatchObject({ count: 2, share: 0.25, scoring_count: 1, scoring_rate: 0.5, impact_ratio: 1, flags: ["highest_rate"] });
    expect(cat(r.race_ethnicity, "Black or African American")).toMatchObject({ count: 0, scoring_rate: null, impact_ratio: null, flags: ["under_2_percent", "excluded"] });
    expect(r.race_ethnicity.missing).toBe(1);

    const x = r.intersectional;
    expect(cat(x, "Female × Asian")).toMatchObject({ sex: "Female", race_ethnicity: "Asian", count: 1, share: 0.125, scoring_rate: 1, impact_ratio: 1 });
    expect(cat(x, "Female × White")).toMatchObject({ count: 2, scoring_rate: 0.5, impact_ratio: 0.5 });
    expect(cat(x, "Male × White")).toMatchObject({ count: 2, scoring_rate: 0.5, impact_ratio: 0.5 });
    expect(cat(x, "Male × Asian")).toMatchObject({ count: 1, scoring_rate: 0, impact_ratio: 0 });
    expect(x.missing).toBe(2);
    expect(r.method.join(" ")).toMatch(/strictly above the median/);
  });

  it("renders the same numbers as a readable HTML page, for ?format=html and for Accept: text/html", async () => {
    const byQuery = await admin(`/admin/accounts/${t.accountId}/bias-audit?${PERIOD}&format=html`);
    const byAccept = await admin(`/admin/accounts/${t.accountId}/bias-audit?${PERIOD}`, { headers: { accept: "text/html,application/xhtml+xml" } });
    for (const res of [byQuery, byAccept]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    }
    const html = await byQuery.text();
    expect(await byAccept.text()).toBe(html);
    expect(htmlRows(html, "Sex")).toEqual(["Male|3|37.50%|1|0.333|0.444|", "Female|4|50.00%|3|0.750|1.000|highest rate"]);
    expect(htmlRows(html, "Race/ethnicity")).toContain("White|5|62.50%|2|0.400|0.800|");
    expect(htmlRows(html, "Race/ethnicity")).toContain("Asian|2|25.00%|1|0.500|1.000|highest rate");
    expect(htmlRows(html, "Intersectional: sex × race/ethnicity")).toContain("Male|Asian|1|12.50%|0|0.000|0.000|");
    expect(html).toMatch(/<dt>Individuals in the sample<\/dt><dd>8<\/dd>/);
    expect(html).toMatch(/<dt>Unscreened uploads<\/dt><dd>2 /);
    expect(html).toContain("2026-01-01T00:00:00.000Z to 2026-06-30T23:59:59.999Z");
  });

  it("gives the same report from the CLI, whose upload of the same file changes nothing", async () => {
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "packages/cli/src/main.ts", ...args], {
        cwd: new URL("..", import.meta.url).pathname,
        env: { ...process.env, WINNOW_TABLE: t.store.table },
      });
    const dir = await mkdtemp(join(tmpdir(), "winnow-audit-"));
    await writeFile(join(dir, "demographics.csv"), csv());
    const uploaded = JSON.parse((await cli("audit", "upload", "--account", t.accountId, join(dir, "demographics.csv"))).stdout);
    expect(uploaded).toMatchObject({ stored: 10, rejected_count: 1 });

    const fromCli = JSON.parse((await cli("audit", "report", "--account", t.accountId, "--from", "2026-01-01", "--to", "2026-06-30")).stdout);
    const fromApi = ((await (await admin(`/admin/accounts/${t.accountId}/bias-audit?${PERIOD}`)).json()) as any).data;
    const { generated_at: _cliAt, ...cliReport } = fromCli;
    const { generated_at: _apiAt, ...apiReport } = fromApi;
    expect(cliReport).toEqual(apiReport);
    expect(cliReport.sample_size).toBe(8);

    const html = JSON.parse((await cli("audit", "report", "--account", t.accountId, "--from", "2026-01-01", "--to", "2026-06-30", "--html", join(dir, "audit.html"))).stdout);
    expect(html).toMatchObject({ sample_size: 8 });
    expect(htmlRows(await readFile(join(dir, "audit.html"), "utf8"), "Sex")).toEqual(["Male|3|37.50%|1|0.333|0.444|", "Female|4|50.00%|3|0.750|1.000|highest rate"]);
  }, 60_000);

  it("counts the early screening once the period covers it", async () => {
    // The engine counts experience up to the screening date, so the earlier screening of the strong resume scores e,
    // not s; here e >= s. Sample of 9: w w w w s s s s e → median s (the 5th value); only e can be above it.
    const s = S[0]!.score;
    expect(early.score).toBeGreaterThanOrEqual(s);
    const r = ((await (await admin(`/admin/accounts/${t.accountId}/bias-audit?from=2025-11-01&to=2026-06-30`)).json()) as any).data;
    const aboveMedian = early.score > s ? 1 : 0;
    expect(r).toMatchObject({ sample_size: 9, median_score: s, scoring_count: aboveMedian, unscreened: { count: 1, match_ids: [neverScreened] } });
    // The early one is Female/Asian: Female 5 members, Male 3 of which none scores.
    const female = r.sex.categories.find((c: any) => c.category === "Female");
    expect(female).toMatchObject({ count: 5, scoring_count: aboveMedian });
    expect(r.sex.impact_ratio_status).toBe(aboveMedian ? "computed" : "no_scoring_individuals");
  });

  it("defaults to the 365 days before now", async () => {
    // Now is 2026-07-02: the period starts 2025-07-02 and includes every screening, as above.
    const r = ((await (await admin(`/admin/accounts/${t.accountId}/bias-audit`)).json()) as any).data;
    expect(r.period).toEqual({ from: "2025-07-02T08:00:00.001Z", to: "2026-07-02T08:00:00.000Z" });
    expect(r.sample_size).toBe(9);
  });

  it("replaces a match's row on re-upload, and forgets rows erased by match id", async () => {
    const res = await admin(`/admin/accounts/${t.accountId}/demographics`, { csv: `match_id,sex,race_ethnicity\n${W[1]!.id},Female,Asian\n` });
    expect(res.status).toBe(200);
    let r = ((await (await admin(`/admin/accounts/${t.accountId}/bias-audit?${PERIOD}`)).json()) as any).data;
    // W2 is now Female: Female 3 of 5, Male 1 of 2.
    const female = () => r.sex.categories.find((c: any) => c.category === "Female");
    expect(female()).toMatchObject({ count: 5, scoring_count: 3 });
    expect(r.source.demographics_rows).toBe(10);

    expect(await t.services.demographics.deleteByMatchIds(t.accountId, [W[1]!.id, W[1]!.id, randomUUID()])).toBe(1);
    r = ((await (await admin(`/admin/accounts/${t.accountId}/bias-audit?${PERIOD}`)).json()) as any).data;
    // Without W2: w w w s s s s → median s (the 4th value), so nobody scores; Female is S1 S2 S4 W3.
    expect(r).toMatchObject({ sample_size: 7, median_score: S[0]!.score, scoring_count: 0 });
    expect(female()).toMatchObject({ count: 4, scoring_count: 0, scoring_rate: 0, impact_ratio: null });
    expect(r.sex.impact_ratio_status).toBe("no_scoring_individuals");
    expect(await t.services.demographics.deleteByMatchIds(t.accountId, [W[1]!.id])).toBe(0);
  });

  it("keeps accounts apart", async () => {
    const other = await t.otherAccount();
    const r = ((await (await admin(`/admin/accounts/${other.accountId}/bias-audit`)).json()) as any).data;
    expect(r).toMatchObject({ sample_size: 0, median_score: null, source: { demographics_rows: 0 } });
    // Another account's upload of these ids finds no decision records of its own.
    await admin(`/admin/accounts/${other.accountId}/demographics`, { csv: `match_id,sex,race_ethnicity\n${S[0]!.id},Male,White\n` });
    const o = ((await (await admin(`/admin/accounts/${other.accountId}/bias-audit`)).json()) as any).data;
    expect(o).toMatchObject({ sample_size: 0, unscreened: { count: 1 } });
  });
});

describe("bias audit errors", () => {
  const upload = (csv: string, headers: Record<string, string> = {}) => admin(`/admin/accounts/${t.accountId}/demographics`, { csv, headers });

  it("refuses what is not CSV, and CSV it cannot use, with clear codes", async () => {
    await expectError(await upload("match_id,sex,race_ethnicity\n", { "content-type": "application/json" }), 415, 1002, /text\/csv/);
    await expectError(await upload(""), 422, 6002, /empty.*match_id,sex,race_ethnicity/);
    await expectError(await upload("id,gender,race\n1,2,3\n"), 422, 6002, /no match_id column/);
    await expectError(await upload(`match_id,sex,race_ethnicity\n${randomUUID()},"Female,Asian\n`), 400, 6001, /not valid CSV/);
    await expectError(await upload("match_id,sex,race_ethnicity\nnope,F,Asian\n,M,White\n"), 422, 6003, /line 2: .*not a match id.*line 3: match_id is empty/);
    await expectError(await upload("match_id,sex,race_ethnicity\n"), 422, 6003, /no rows/);
  });

  it("caps the upload's size", async () => {
    const big = `match_id,sex,race_ethnicity\n${`${randomUUID()},Female,Asian\n`.repeat(60_000)}`;
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    await expectError(await upload(big), 413, 1006, /2 MiB/);
  });

  it("answers 404 for an unknown account and 400 for a bad period", async () => {
    await expectError(await admin(`/admin/accounts/${randomUUID()}/demographics`, { csv: "match_id,sex,race_ethnicity\n" }), 404, 4001);
    await expectError(await admin(`/admin/accounts/${randomUUID()}/bias-audit`), 404, 4001);
    await expectError(await admin(`/admin/accounts/${t.accountId}/bias-audit?from=2026-02-30`), 400, 1004, /from must be a date/);
    await expectError(await admin(`/admin/accounts/${t.accountId}/bias-audit?from=2026-05-01&to=2026-04-01`), 400, 1004, /after/);
    await expectError(await admin(`/admin/accounts/${t.accountId}/bias-audit?format=pdf`), 400, 1004);
  });

  it("needs the admin token", async () => {
    const res = await admin(`/admin/accounts/${t.accountId}/bias-audit`, { token: t.apiKey });
    expect(res.status).toBe(401);
    const upload401 = await admin(`/admin/accounts/${t.accountId}/demographics`, { csv: "x", token: "wrong" });
    expect(upload401.status).toBe(401);
  });
});
