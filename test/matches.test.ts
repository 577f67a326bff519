import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testService, type TestService } from "./helpers.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const JOB = fixture("job-backend.txt");
const STRONG = fixture("resume-strong.txt");
const WEAK = fixture("resume-weak.txt");
const b64 = (s: string | Buffer) => Buffer.from(s).toString("base64");
const PDF = readFileSync(new URL("../../shared/data/resumes/pdf/sb2nov_sourabh_bajaj_resume.pdf", import.meta.url));
const DOCX = readFileSync(new URL("../../shared/data/resumes/docx/soupboss_01-accountant.docx", import.meta.url));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CULTURE_TYPES = [
  "Learning Culture", "Authority Culture", "Results Culture", "Enjoyment Culture",
  "Safety Culture", "Caring Culture", "Order Culture", "Purpose Culture",
];

let t: TestService;
let server: Server;
let base: string;

beforeAll(async () => {
  t = await testService();
  // A stand-in for wherever candidates' resumes are hosted (loopback only; the fetcher allows it in tests).
  server = createServer((req, res) => {
    if (req.url === "/strong.txt") return res.end(STRONG);
    if (req.url === "/weak.txt") return res.end(WEAK);
    if (req.url === "/resume.pdf") return res.end(PDF);
    if (req.url === "/redirect") return res.writeHead(302, { location: "/strong.txt" }).end();
    if (req.url === "/corrupt.pdf") return res.end(Buffer.from("%PDF-1.7\n garbage"));
    res.writeHead(404).end("not here");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const expectError = async (res: Response, status: number, code: number, message?: RegExp) => {
  expect(res.status).toBe(status);
  const body = await res.json() as any;
  expect(body).toEqual({ error: code, message: expect.any(String) });
  if (message) expect(body.message).toMatch(message);
};

const create = (candidate: Record<string, unknown>, extra: Record<string, unknown> = {}, key?: string) =>
  t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, candidate, ...extra }, ...(key ? { key } : {}) });

const expectBlock = (block: Record<string, unknown>) => {
  expect(Object.keys(block).sort()).toEqual(["attributes_matched", "layer_two_score", "matched_attributes", "unmatched_attributes"]);
  const [m, total] = String(block.attributes_matched).split("/").map(Number);
  expect(m).toBe((block.matched_attributes as unknown[]).length);
  expect(total).toBe(m! + (block.unmatched_attributes as unknown[]).length);
  expect(block.layer_two_score).toBeGreaterThanOrEqual(0);
  expect(block.layer_two_score).toBeLessThanOrEqual(1);
};

describe("POST /v1/match-insights", () => {
  it("screens a text resume and returns every field of the spec", async () => {
    const res = await create({
      first_name: "Alex",
      last_name: "Morgan",
      description: "Backend engineer who loves Python.",
      linkedin_profile: "https://linkedin.com/in/alexmorgan",
      email: "alex.morgan@example.com",
      phone: "+49 30 1234567",
      resume_link: b64(STRONG),
    });
    expect(res.status).toBe(201);
    const body = await res.json() as any;
    expect(body.success).toBe(true);
    const d = body.data;
    expect(res.headers.get("location")).toBe(`/v1/match-insights/${d.match_id}`);
    expect(Object.keys(d).sort()).toEqual(
      ["candidate_name", "job_id", "job_located_at", "job_title", "match_id", "match_score", "recommendation_insights"].sort(),
    );
    expect(d.match_id).toMatch(UUID);
    expect(d.candidate_name).toBe("Alex Morgan");
    expect(d.job_title).toMatch(/Backend Engineer/);
    expect(d.job_located_at).toMatch(/Berlin/);
    expect(d.match_score).toBeGreaterThan(60);
    expect(d.match_score).toBeLessThanOrEqual(100);
    const ri = d.recommendation_insights;
    expect(Object.keys(ri).sort()).toEqual(
      [
        "analysed_education", "analysed_experience", "analysed_interests", "analysed_skills", "context_snippets",
        "context_summary", "culture_fit", "interests", "layer_one_score", "posted_date", "skills_breakdown", "traits",
      ].sort(),
    );
    expect(ri.layer_one_score).toBeCloseTo(d.match_score / 100, 3);
    for (const k of ["analysed_education", "analysed_experience", "analysed_interests", "analysed_skills"]) expectBlock(ri[k]);
    expect(ri.analysed_skills.matched_attributes).toEqual(expect.arrayContaining(["Python", "SQL", "PostgreSQL", "Docker", "Kubernetes"]));
    expect(Object.keys(ri.context_summary).sort()).toEqual(
      [
        "culture_compatibility_bucket", "culture_compatibility_label", "education_bucket", "experience_bucket",
        "matched_summary", "requirement_gaps", "skills_bucket", "traits_interest_bucket", "values_bucket",
      ].sort(),
    );
    for (const [k, v] of Object.entries(ri.context_summary)) {
      if (k === "requirement_gaps") expect(Array.isArray(v)).toBe(true);
      else expect(typeof v === "string" && v.length > 0).toBe(true);
    }
    expect(ri.context_snippets.source_snippets.length).toBeGreaterThan(0);
    const candidateText = `Backend engineer who loves Python.\n\n${STRONG}`;
    for (const s of ri.context_snippets.source_snippets) {
      expect(candidateText).toContain(s.snippet);
      expect(s.confidence_score).toBeGreaterThanOrEqual(0);
      expect(s.confidence_score).toBeLessThanOrEqual(1);
    }
    expect(ri.context_snippets.summary.length).toBeGreaterThan(20);
    expect(ri.posted_date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(Object.keys(ri.skills_breakdown).sort()).toEqual(["soft", "technical", "transferable"]);
    expect(ri.skills_breakdown.technical).toEqual(expect.arrayContaining(["Python", "Docker"]));
    expect(ri.culture_fit.chart_data.map((c: { type: string }) => c.type)).toEqual(CULTURE_TYPES);
    for (const c of ri.culture_fit.chart_data) {
      expect(Number.isInteger(c.company) && c.company >= 0 && c.company <= 100).toBe(true);
      expect(Number.isInteger(c.candidate) && c.candidate >= 0 && c.candidate <= 100).toBe(true);
    }
    expect(ri.culture_fit.score).toBeGreaterThanOrEqual(0);
    expect(ri.culture_fit.score).toBeLessThanOrEqual(1);
    expect(ri.context_summary.culture_compatibility_label).toBe(ri.culture_fit.label);
  });

  it("ranks a weak candidate below a strong one, names the gaps, and is deterministic", async () => {
    const strong = (await (await create({ first_name: "A", resume_link: b64(STRONG) })).json() as any).data;
    const strong2 = (await (await create({ first_name: "A", resume_link: b64(STRONG) })).json() as any).data;
    const weak = (await (await create({ first_name: "B", resume_link: b64(WEAK) })).json() as any).data;
    expect(weak.match_score).toBeLessThan(strong.match_score);
    expect(strong2.match_score).toBe(strong.match_score);
    expect(strong2.recommendation_insights).toEqual(strong.recommendation_insights);
    expect(strong2.match_id).not.toBe(strong.match_id);
    expect(weak.recommendation_insights.context_summary.requirement_gaps).toEqual(expect.arrayContaining(["Python", "Kubernetes"]));
    // Same job description, same account → same job post.
    expect(weak.job_id).toBe(strong.job_id);
  });

  it("reads PDF and DOCX resumes", async () => {
    for (const doc of [PDF, DOCX]) {
      const res = await create({ first_name: "Doc", resume_link: b64(doc) });
      expect(res.status).toBe(201);
      const d = (await res.json() as any).data;
      expect(d.recommendation_insights.analysed_skills.attributes_matched).toMatch(/^\d+\/\d+$/);
    }
  });

  it("accepts a data: URL and an explicit job_post_id", async () => {
    const res = await create(
      { first_name: "Data", resume_link: `data:text/plain;base64,${b64(STRONG)}` },
      { job_post_id: "ats-job-42" },
    );
    expect(res.status).toBe(201);
    expect((await res.json() as any).data.job_id).toBe("ats-job-42");
  });

  it("rejects invalid input with clear errors", async () => {
    await expectError(await t.call("/v1/match-insights", { method: "POST", json: { candidate: { description: "x" } } }), 400, 1003, /job_description/);
    await expectError(await create({ first_name: 3, description: "x" }), 400, 1003, /candidate\.first_name/);
    await expectError(await create({ first_name: "No evidence" }), 400, 1003, /description or a resume_link/);
    await expectError(await create({ resume_link: "***not base64***" }), 400, 3003);
    await expectError(await create({ resume_link: b64(Buffer.from("%PDF-1.7\n truncated")) }), 422, 3005);
    await expectError(await create({ resume_link: b64(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])) }), 422, 3005);
    await expectError(await create({ description: "x" }, { job_post_id: "bad id with spaces" }), 400, 1003, /job_post_id/);
    await expectError(
      await t.call("/v1/match-insights", { method: "POST", body: "not json", headers: { "content-type": "application/json" } }),
      400,
      1001,
    );
  });

  it("413 for bodies over 20 MiB, but accepts a 15 MB Base64 resume", async () => {
    const big = "A".repeat(21 * 1024 * 1024);
    await expectError(await t.call("/v1/match-insights", { method: "POST", body: big, headers: { "content-type": "application/json" } }), 413, 1006);
    // ~11 MB of text → ~15 MB of Base64.
    const padded = `${STRONG}\n${"Experienced with Python and SQL. ".repeat(340_000)}`;
    const res = await create({ first_name: "Big", resume_link: b64(padded) });
    expect(res.status).toBe(201);
  });

  it("401 without credentials, 403 without matches:write", async () => {
    const res = await t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, candidate: { description: "x" } }, key: null });
    expect(res.status).toBe(401);
    expect(await res.json() as any).toEqual({ status: false, message: expect.any(String) });
    const readOnly = await t.keyWith(["matches:read", "taxonomy:read"]);
    const res403 = await create({ description: "x" }, {}, readOnly);
    expect(res403.status).toBe(403);
    expect(await res403.json() as any).toEqual({ status: false, message: expect.stringMatching(/matches:write/) });
  });
});

describe("GET /v1/match-insights/{match_id}", () => {
  it("returns the stored match (2.10) to its account only", async () => {
    const created = (await (await create({ first_name: "Alex", last_name: "Morgan", email: "a@example.com", linkedin_profile: "https://li/alex", resume_link: b64(STRONG) })).json() as any).data;
    const res = await t.call(`/v1/match-insights/${created.match_id}`);
    expect(res.status).toBe(200);
    const { data } = await res.json() as any;
    expect(data).toEqual({
      match_id: created.match_id,
      candidate: { first_name: "Alex", last_name: "Morgan", linkedin_profile: "https://li/alex", email: "a@example.com" },
      recommendation_insights: {
        score: Math.round(created.match_score),
        strengths: expect.any(Array),
        areas_for_improvement: expect.any(Array),
        cultural_fit: created.recommendation_insights.culture_fit.label,
        long_term_potential: expect.stringMatching(/^(High|Medium|Low)$/),
      },
    });
    expect(data.recommendation_insights.strengths.length).toBeGreaterThan(0);
    const other = await t.otherAccount();
    await expectError(await t.call(`/v1/match-insights/${created.match_id}`, { key: other.apiKey }), 404, 3001);
  });

  it("400 for a malformed id, 404 for an unknown one, 401 without a key, 403 without matches:read", async () => {
    await expectError(await t.call("/v1/match-insights/abc"), 400, 1008);
    await expectError(await t.call("/v1/match-insights/00000000-0000-4000-8000-000000000000"), 404, 3001);
    expect((await t.call("/v1/match-insights/00000000-0000-4000-8000-000000000000", { key: null })).status).toBe(401);
    const writeOnly = await t.keyWith(["matches:write"]);
    expect((await t.call("/v1/match-insights/00000000-0000-4000-8000-000000000000", { key: writeOnly })).status).toBe(403);
  });
});

describe("POST /v1/match-insights/recommend-candidates", () => {
  it("screens every candidate, best first, tolerating unreadable resumes", async () => {
    const candidates = [
      { first_name: "Weak", last_name: "One", resume: `${base}/weak.txt`, email: "w@example.com", linkedin_url: "https://li/w", phone_number: "1" },
      { first_name: "Missing", last_name: "Two", resume: `${base}/missing.pdf` },
      { first_name: "Strong", last_name: "Three", resume: `${base}/redirect` },
      { first_name: "Broken", last_name: "Four", resume: `${base}/corrupt.pdf` },
      { first_name: "Pdf", last_name: "Five", resume: `${base}/resume.pdf` },
    ];
    const res = await t.call("/v1/match-insights/recommend-candidates", {
      method: "POST",
      json: { jobDescription: JOB, candidates, job_post_id: "req-77" },
    });
    expect(res.status).toBe(201);
    const { data } = await res.json() as any;
    expect(data).toHaveLength(5);
    expect(data[0].candidate.first_name).toBe("Strong");
    for (let i = 1; i < data.length; i++) {
      expect(data[i].recommendation_insights.score).toBeLessThanOrEqual(data[i - 1].recommendation_insights.score);
    }
    for (const entry of data) {
      expect(Object.keys(entry).sort()).toEqual(["candidate", "job_id", "match_id", "recommendation_insights", "warnings"]);
      expect(entry.job_id).toBe(data[0].job_id);
      expect(Object.keys(entry.candidate).sort()).toEqual(["email", "first_name", "last_name", "linkedin_url", "phone_number"]);
      expect(Object.keys(entry.recommendation_insights).sort()).toEqual(
        ["areas_for_improvement", "cultural_fit", "long_term_potential", "score", "strengths"],
      );
      expect(Number.isInteger(entry.recommendation_insights.score)).toBe(true);
    }
    const byName = Object.fromEntries(data.map((e: { candidate: { first_name: string } }) => [e.candidate.first_name, e]));
    expect(byName.Missing.warnings[0]).toMatch(/HTTP 404/);
    expect(byName.Broken.warnings[0]).toMatch(/Resume not used/);
    expect(byName.Strong.warnings).toEqual([]);
    expect(byName.Weak.candidate).toEqual({ first_name: "Weak", last_name: "One", linkedin_url: "https://li/w", email: "w@example.com", phone_number: "1" });

    // Each one is retrievable, and the job post lists them best first.
    const one = await t.call(`/v1/match-insights/${byName.Strong.match_id}`);
    expect((await one.json() as any).data.recommendation_insights).toEqual(byName.Strong.recommendation_insights);
    const list = await t.call("/v1/match-insights?job_post_id=req-77&limit=2");
    expect(list.status).toBe(200);
    const page1 = await list.json() as any;
    expect(page1.data.map((e: { match_id: string }) => e.match_id)).toEqual([data[0].match_id, data[1].match_id]);
    expect(page1.data[0]).toEqual({
      match_id: data[0].match_id,
      candidate: { first_name: "Strong", last_name: "Three", linkedin_url: "", email: "" },
      insights: { recommendation_score: expect.any(Number) },
    });
    const next = /^<([^>]+)>; rel="next"$/.exec(list.headers.get("link")!)![1]!;
    const page2 = await (await t.call(new URL(next).pathname + new URL(next).search)).json() as any;
    expect(page2.data.map((e: { match_id: string }) => e.match_id)).toEqual([data[2].match_id, data[3].match_id]);
  });

  it("refuses non-http schemes per candidate and validates the body", async () => {
    const res = await t.call("/v1/match-insights/recommend-candidates", {
      method: "POST",
      json: { jobDescription: JOB, candidates: [{ first_name: "F", resume: "file:///etc/passwd" }] },
    });
    expect(res.status).toBe(201);
    expect((await res.json() as any).data[0].warnings[0]).toMatch(/http or https/);
    await expectError(
      await t.call("/v1/match-insights/recommend-candidates", { method: "POST", json: { job_description: JOB, candidates: [] } }),
      400,
      1003,
      /jobDescription/,
    );
    await expectError(
      await t.call("/v1/match-insights/recommend-candidates", { method: "POST", json: { jobDescription: JOB, candidates: Array(201).fill({}) } }),
      400,
      1003,
      /candidates/,
    );
    expect(
      (await t.call("/v1/match-insights/recommend-candidates", { method: "POST", json: { jobDescription: JOB, candidates: [{}] }, key: null })).status,
    ).toBe(401);
  });
});

describe("GET /v1/match-insights?job_post_id=", () => {
  it("validates its parameters and scopes", async () => {
    await expectError(await t.call("/v1/match-insights"), 400, 1004, /job_post_id/);
    await expectError(await t.call("/v1/match-insights?job_post_id=nope"), 404, 3002);
    await expectError(await t.call("/v1/match-insights?job_post_id=bad%20id"), 400, 1004, /job_post_id/);
    await expectError(await t.call(`/v1/match-insights?job_post_id=${"x".repeat(129)}`), 400, 1004, /job_post_id/);
    await expectError(await t.call("/v1/match-insights?job_post_id=req-77&limit=500"), 400, 1004, /limit/);
    await expectError(await t.call("/v1/match-insights?job_post_id=req-77&cursor=abc"), 400, 1005);
    const other = await t.otherAccount();
    await expectError(await t.call("/v1/match-insights?job_post_id=req-77", { key: other.apiKey }), 404, 3002);
    expect((await t.call("/v1/match-insights?job_post_id=req-77", { key: null })).status).toBe(401);
  });
});
