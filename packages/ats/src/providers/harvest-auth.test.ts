import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentError } from "../errors.ts";
import { GREENHOUSE_TOKEN_URL, HarvestTokenSource, harvestTokenUrl } from "./harvest-auth.ts";

/** A token endpoint that checks client credentials and records each request's form. */
let server: Server;
let base = "";
const requests: { authorization: string | undefined; contentType: string | undefined; form: URLSearchParams }[] = [];
let answers: { status: number; body: unknown }[] = [];
let counter = 0;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    requests.push({ authorization: req.headers.authorization, contentType: req.headers["content-type"], form: new URLSearchParams(Buffer.concat(chunks).toString()) });
    const answer = answers.shift() ?? { status: 200, body: { access_token: `token-${++counter}`, token_type: "Bearer", expires_in: 3600 } };
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  requests.length = 0;
  answers = [];
});

const source = (now: () => number = Date.now) =>
  new HarvestTokenSource({
    tokenUrl: `${base}/token`,
    clientId: "client-1",
    clientSecret: "s3cret",
    subject: "4080",
    now,
    policy: { retries: 1, minBackoffMs: 5, maxBackoffMs: 10, timeoutMs: 1000 },
  });

describe("HarvestTokenSource", () => {
  it("asks with Basic client credentials and a client_credentials form naming the acting user", async () => {
    const token = await source().get();
    expect(token).toMatch(/^token-\d+$/);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.authorization).toBe(`Basic ${Buffer.from("client-1:s3cret").toString("base64")}`);
    expect(requests[0]!.contentType).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(requests[0]!.form)).toEqual({ grant_type: "client_credentials", sub: "4080" });
  });

  it("reuses the token, shares one request between concurrent callers, and renews it before it expires", async () => {
    let now = 1_000_000;
    const tokens = source(() => now);
    const [a, b, c] = await Promise.all([tokens.get(), tokens.get(), tokens.get()]);
    expect(new Set([a, b, c]).size).toBe(1);
    expect(requests).toHaveLength(1);
    now += 50 * 60_000; // 50 of 60 minutes: still more than the 5-minute margin left
    expect(await tokens.get()).toBe(a);
    now += 6 * 60_000; // 56 minutes: inside the margin
    const renewed = await tokens.get();
    expect(renewed).not.toBe(a);
    expect(requests).toHaveLength(2);
  });

  it("renews short-lived tokens at half their lifetime, and after invalidate()", async () => {
    let now = 0;
    const tokens = source(() => now);
    answers = [{ status: 200, body: { access_token: "short", expires_in: 60 } }];
    expect(await tokens.get()).toBe("short");
    now = 29_000;
    expect(await tokens.get()).toBe("short");
    now = 31_000;
    const next = await tokens.get();
    expect(next).not.toBe("short");
    tokens.invalidate("someone-else");
    expect(await tokens.get()).toBe(next);
    tokens.invalidate(next);
    expect(await tokens.get()).not.toBe(next);
  });

  it("retries a 5xx, and turns a refused client into a permanent error that names no secret", async () => {
    answers = [{ status: 503, body: {} }];
    expect(await source().get()).toMatch(/^token-/);
    answers = [{ status: 401, body: { error: "invalid_client", error_description: "s3cret is wrong" } }];
    const err = await source().get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermanentError);
    expect((err as Error).message).toMatch(/HTTP 401/);
    expect((err as Error).message).not.toContain("s3cret");
  });
});

describe("harvestTokenUrl", () => {
  it("uses Greenhouse's authorisation server for the public API and auth.<domain> or the same origin otherwise", () => {
    expect(harvestTokenUrl(undefined)).toBe(GREENHOUSE_TOKEN_URL);
    expect(harvestTokenUrl("https://harvest.greenhouse.io")).toBe("https://auth.greenhouse.io/token");
    expect(harvestTokenUrl("https://harvest.eu.greenhouse.io/")).toBe("https://auth.eu.greenhouse.io/token");
    expect(harvestTokenUrl("http://127.0.0.1:4010")).toBe("http://127.0.0.1:4010/token");
  });
});
