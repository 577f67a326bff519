import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testService, type TestService } from "./helpers.ts";

let t: TestService;
const statuses = new Map<number, number>();
beforeAll(async () => {
  // Limits high enough that every generated call reaches validation and the handlers instead of a 429.
  t = await testService({ services: { rateLimits: { perCredential: 1_000_000, perAccount: 1_000_000 } } });
});
afterAll(() => {
  // The generators must reach the handlers: successes and validation failures both, not only one kind.
  expect(statuses.get(429) ?? 0).toBe(0);
  expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
  expect([...statuses.keys()].some((s) => s === 400)).toBe(true);
});

/** Every answer is a 2xx–4xx in one of the spec's shapes, never a stack trace. */
async function expectWellFormed(res: Response): Promise<void> {
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  expect(res.status).toBeLessThan(500);
  const text = await res.text();
  expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  if (res.headers.get("content-type")?.includes("json")) {
    const body = JSON.parse(text) as Record<string, unknown>;
    const shapes = [
      body.success === true && "data" in body,
      typeof body.error === "number" && typeof body.message === "string",
      body.status === false && typeof body.message === "string",
    ];
    expect(shapes.some(Boolean)).toBe(true);
  }
}

const POSTS = [
  "/v1/skills/related",
  "/v1/titles/normalize",
  "/v1/titles/normalize/inspect",
  "/v1/match-insights",
  "/v1/match-insights/recommend-candidates",
];

// A JSON value biased towards the fields the endpoints read, so validation and the engine both get exercised.
const field = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.string(), { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }));
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      ids: fc.oneof(fc.array(fc.oneof(fc.uuid(), fc.string()), { maxLength: 4 }), field),
      term: field,
      limit: field,
      job_description: fc.oneof(fc.string({ maxLength: 400 }), field),
      jobDescription: fc.oneof(fc.string({ maxLength: 400 }), field),
      job_post_id: field,
      candidate: fc.oneof(
        fc.record({ first_name: field, description: fc.oneof(fc.string({ maxLength: 400 }), field), resume_link: fc.oneof(fc.base64String({ maxLength: 200 }), field) }, { requiredKeys: [] }),
        field,
      ),
      candidates: fc.oneof(fc.array(fc.record({ first_name: field, resume: fc.oneof(fc.constant("http://127.0.0.1:9/x"), field) }, { requiredKeys: [] }), { maxLength: 3 }), field),
    },
    { requiredKeys: [] },
  ),
);

describe("arbitrary input", () => {
  it("never makes a POST endpoint answer 5xx or leak a stack trace", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSTS), body, async (path, value) => {
        await expectWellFormed(await t.call(path, { method: "POST", json: value }));
      }),
      { numRuns: 150 },
    );
  });

  it("screens any well-shaped request with arbitrary texts (201), whatever the text holds", async () => {
    const text = fc.oneof(fc.string({ minLength: 1, maxLength: 1500 }), fc.string({ unit: "grapheme", minLength: 1, maxLength: 800 }), fc.lorem({ maxCount: 80 }));
    await fc.assert(
      fc.asyncProperty(text, text, fc.option(fc.base64String({ minLength: 4, maxLength: 400 }), { nil: undefined }), async (jd, description, resume) => {
        fc.pre(jd.trim().length > 0 && description.trim().length > 0);
        const res = await t.call("/v1/match-insights", {
          method: "POST",
          json: { job_description: jd, candidate: { first_name: "F", description, ...(resume ? { resume_link: resume } : {}) } },
        });
        await expectWellFormed(res.clone());
        // A resume that is not a readable document is a clear 4xx; without one the call always screens.
        if (!resume) expect(res.status).toBe(201);
      }),
      { numRuns: 40 },
    );
  });

  it("survives raw bodies and content types that are not JSON", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POSTS),
        fc.oneof(fc.string(), fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString("latin1"))),
        fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", "", "application/vnd.api+json"),
        async (path, raw, type) => {
          const headers: Record<string, string> = type ? { "content-type": type } : {};
          await expectWellFormed(await t.call(path, { method: "POST", body: raw, headers }));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("never makes a GET endpoint answer 5xx, whatever the path segment or query", async () => {
    const segment = fc.oneof(fc.uuid(), fc.string({ maxLength: 80 })).map(encodeURIComponent);
    const query = fc.dictionary(fc.constantFrom("limit", "cursor", "job_post_id", "x"), fc.string({ maxLength: 60 }), { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/v1/skills/", "/v1/titles/", "/v1/match-insights/", "/v1/titles?", "/v1/match-insights?"), segment, query, async (base, seg, q) => {
        const path = base.endsWith("?") ? base + new URLSearchParams(q).toString() : base + seg;
        await expectWellFormed(await t.call(path));
      }),
      { numRuns: 200 },
    );
  });
});
