import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AtsApiError } from "./errors.ts";
import { AtsHttp } from "./http.ts";

type Step = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** A scripted server: each request takes the next step of its path's script (the last one repeats). */
let server: Server;
let base = "";
const scripts = new Map<string, Step[]>();
const seen: { path: string; at: number; method: string }[] = [];
let inFlight = 0;
let maxInFlight = 0;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Step => (_req, res) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};
const delayed = (ms: number, step: Step): Step => async (req, res) => {
  await new Promise((r) => setTimeout(r, ms));
  await step(req, res);
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const path = new URL(req.url!, "http://x").pathname;
    seen.push({ path, at: Date.now(), method: req.method! });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on("close", () => inFlight--);
    const script = scripts.get(path) ?? [json(404, { message: "no script" })];
    const step = script.length > 1 ? script.shift()! : script[0]!;
    await step(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  scripts.clear();
  seen.length = 0;
  maxInFlight = 0;
});

const client = (policy: ConstructorParameters<typeof AtsHttp>[0]["policy"] = {}) =>
  new AtsHttp({
    baseUrl: base,
    headers: { authorization: "Basic dGVzdDo=" },
    label: "test",
    policy: { timeoutMs: 300, retries: 3, minBackoffMs: 10, maxBackoffMs: 40, maxRetryAfterMs: 2000, requestsPerSecond: 0, ...policy },
  });
const calls = (path: string) => seen.filter((s) => s.path === path);

describe("AtsHttp", () => {
  it("waits out Retry-After on 429 before retrying", async () => {
    scripts.set("/r", [json(429, {}, { "retry-after": "1" }), json(200, { ok: true })]);
    const res = await client().request("GET", "/r", { idempotent: true });
    expect(res.body).toEqual({ ok: true });
    const [first, second] = calls("/r");
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it("pauses the whole connection when X-RateLimit-Remaining hits 0, until X-RateLimit-Reset", async () => {
    const reset = String(Math.ceil(Date.now() / 1000) + 1);
    scripts.set("/a", [json(200, {}, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset })]);
    scripts.set("/b", [json(200, {})]);
    const http = client();
    await http.request("GET", "/a", { idempotent: true });
    await http.request("GET", "/b", { idempotent: true });
    expect(calls("/b")[0]!.at).toBeGreaterThanOrEqual(Number(reset) * 1000 - 20);
  });

  it("hands a Retry-After longer than it will sit out back to the caller, retryable with the wait", async () => {
    scripts.set("/long", [json(429, {}, { "retry-after": "120" })]);
    const err = await client().request("GET", "/long", { idempotent: true }).catch((e) => e);
    expect(err).toBeInstanceOf(AtsApiError);
    expect(err).toMatchObject({ status: 429, retryable: true, retryAfterMs: 120_000 });
    expect(calls("/long")).toHaveLength(1);
  });

  it("retries 5xx and timeouts of idempotent requests with backoff", async () => {
    scripts.set("/flaky", [json(500, {}), delayed(600, json(200, { late: true })), json(502, {}), json(200, { ok: true })]);
    const res = await client().request("GET", "/flaky", { idempotent: true });
    expect(res.body).toEqual({ ok: true });
    expect(calls("/flaky")).toHaveLength(4);
  });

  it("does not repeat a non-idempotent request after a timeout or a 5xx (it may have happened), but does after a 429", async () => {
    scripts.set("/note", [delayed(600, json(201, { id: 1 }))]);
    const timedOut = await client().request("POST", "/note", { idempotent: false, json: {} }).catch((e) => e);
    expect(timedOut).toMatchObject({ retryable: true, message: expect.stringMatching(/timed out/) });
    expect(calls("/note")).toHaveLength(1);

    scripts.set("/note5", [json(500, {})]);
    expect(await client().request("POST", "/note5", { idempotent: false, json: {} }).catch((e) => e)).toMatchObject({ status: 500, retryable: true });
    expect(calls("/note5")).toHaveLength(1);

    scripts.set("/note429", [json(429, {}, { "retry-after": "0" }), json(201, { id: 2 })]);
    expect((await client().request("POST", "/note429", { idempotent: false, json: {} })).body).toEqual({ id: 2 });
    expect(calls("/note429")).toHaveLength(2);
  });

  it("fails at once on 401/403/422 and returns accepted statuses such as 404", async () => {
    scripts.set("/denied", [json(401, { message: "Invalid Basic Auth credentials" })]);
    expect(await client().request("GET", "/denied", { idempotent: true }).catch((e) => e)).toMatchObject({ status: 401, retryable: false });
    expect(calls("/denied")).toHaveLength(1);
    scripts.set("/missing", [json(404, { message: "not yet" })]);
    expect(await client().request("GET", "/missing", { idempotent: true, accept: [404] })).toMatchObject({ status: 404 });
  });

  it("keeps at most `concurrency` requests of a connection in flight", async () => {
    scripts.set("/slow", [delayed(80, json(200, {}))]);
    const http = client({ concurrency: 2 });
    await Promise.all(Array.from({ length: 6 }, () => http.request("GET", "/slow", { idempotent: true })));
    expect(calls("/slow")).toHaveLength(6);
    expect(maxInFlight).toBe(2);
  });

  it("paces requests to requestsPerSecond", async () => {
    scripts.set("/paced", [json(200, {})]);
    const http = client({ requestsPerSecond: 20 });
    await Promise.all(Array.from({ length: 5 }, () => http.request("GET", "/paced", { idempotent: true })));
    const times = calls("/paced").map((c) => c.at);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(4 * 50 - 15);
  });

  it("refuses bodies over maxBytes and hands redirects to the caller", async () => {
    scripts.set("/big", [(_req, res) => void res.end(Buffer.alloc(2048))]);
    expect(await client({ maxBytes: 1024 }).request("GET", "/big", { idempotent: true, as: "bytes" }).catch((e) => e)).toMatchObject({ retryable: false });
    scripts.set("/moved", [json(302, {}, { location: "https://files.example.com/resume.pdf" })]);
    const moved = await client().request("GET", "/moved", { idempotent: true, as: "bytes", accept: [302] });
    expect(moved.headers.get("location")).toBe("https://files.example.com/resume.pdf");
  });
});
