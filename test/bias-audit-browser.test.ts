import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS, openBrowser, type BrowserSession } from "./browser.ts";
import { testService, type TestService } from "./helpers.ts";

/**
 * The bias-audit report as an auditor opens it: Debian's chromium (driven by playwright-core) on a real loopback
 * server, with the admin token sent as a header the way a reverse proxy or browser extension would add it.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const b64 = (s: string) => Buffer.from(s).toString("base64");
// A self-identified answer is shown as given: it must come out as text, never as markup.
const HOSTILE = `<img src=x onerror="document.title='pwned'">`;

let t: TestService;
let browser: BrowserSession;
const requested: string[] = [];
const ids: { strong: string[]; weak: string[] } = { strong: [], weak: [] };

async function screen(resume: string): Promise<string> {
  const res = await t.call("/v1/match-insights", {
    method: "POST",
    json: { job_description: fixture("job-backend.txt"), candidate: { first_name: "Sam", resume_link: b64(resume) } },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { match_id: string } }).data.match_id;
}

beforeAll(async () => {
  t = await testService({ now: () => new Date("2026-03-10T12:00:00.000Z") });
  for (let i = 0; i < 2; i++) ids.strong.push(await screen(fixture("resume-strong.txt")));
  for (let i = 0; i < 2; i++) ids.weak.push(await screen(fixture("resume-weak.txt")));
  const csv = [
    "match_id,sex,race_ethnicity",
    `${ids.strong[0]},Female,Asian`,
    `${ids.strong[1]},Male,White`,
    `${ids.weak[0]},Female,White`,
    `"${ids.weak[1]}","${HOSTILE.replace(/"/g, '""')}",White`,
  ].join("\n");
  const upload = await t.app.request(`/admin/accounts/${t.accountId}/demographics`, {
    method: "PUT",
    headers: { authorization: `Bearer ${t.adminToken}`, "content-type": "text/csv" },
    body: csv,
  });
  expect(upload.status).toBe(200);

  browser = await openBrowser(t, { extraHTTPHeaders: { authorization: `Bearer ${t.adminToken}` } });
  browser.page.on("request", (r) => requested.push(r.url()));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

// Page-side expressions are strings: the repository type-checks without the DOM library.
const rowsUnder = (title: string) => `(() => {
  const section = [...document.querySelectorAll("section")].find((s) => s.querySelector("h2")?.textContent === ${JSON.stringify(title)});
  return section ? [...section.querySelectorAll("tbody tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent.trim()).join("|")) : null;
})()`;

describe("bias-audit report in chromium", () => {
  it("shows the hand-computed numbers, renders a hostile answer as text, and loads nothing but itself", async () => {
    const url = `${browser.base}/admin/accounts/${t.accountId}/bias-audit?from=2026-01-01&to=2026-06-30&format=html`;
    const response = await browser.page.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toMatch(/default-src 'none'/);
    /*
     * Sample of four: two strong (s) and two weak (w) screenings of one job, s > w, median (s + w) / 2, scoring = the
     * strong two. Sex: Female (strong, weak) 1/2 = 0.5; Male (strong) 1/1 = 1 (highest); the hostile answer (weak) is
     * its own non-standard category, 0/1 = 0. Race: Asian (strong) 1/1 = 1 (highest); White (strong, weak, weak) 1/3.
     */
    expect(await browser.page.evaluate(rowsUnder("Sex"))).toEqual([
      "Male|1|25.00%|1|1.000|1.000|highest rate",
      "Female|2|50.00%|1|0.500|0.500|",
      `${HOSTILE}|1|25.00%|0|0.000|0.000|self-described`,
    ]);
    const race = (await browser.page.evaluate(rowsUnder("Race/ethnicity"))) as string[];
    expect(race).toContain("White|3|75.00%|1|0.333|0.333|");
    expect(race).toContain("Asian|1|25.00%|1|1.000|1.000|highest rate");

    // The answer stayed text: no image element, no script ran, no title change.
    expect(await browser.page.evaluate(`document.querySelectorAll("img, script").length`)).toBe(0);
    expect(await browser.page.title()).not.toBe("pwned");
    expect(browser.errors).toEqual([]);
    // Self-contained: the page fetched nothing besides itself (no fonts, styles or scripts from anywhere).
    expect(requested).toEqual([url]);

    mkdirSync(ARTIFACTS, { recursive: true });
    await browser.page.screenshot({ path: join(ARTIFACTS, "bias-audit.png"), fullPage: true });
  }, 60_000);
});
