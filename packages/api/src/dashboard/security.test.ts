import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../env.ts";
import { clientAddress, cookieName, isSecureOrigin, sameOrigin, tokensMatch, writeCookie } from "./security.ts";

const probe = new Hono<AppEnv>();
probe.all("/check", (c) => c.json({ same: sameOrigin(c), secure: isSecureOrigin(c), address: clientAddress(c), cookie: cookieName(c, "session") }));
probe.get("/cookie", (c) => {
  writeCookie(c, "session", "value", 60);
  return c.text("ok");
});

const check = async (url: string, headers: Record<string, string> = {}, env?: unknown) =>
  (await (await probe.request(url, { method: "POST", headers }, env)).json()) as { same: boolean; secure: boolean; address: string; cookie: string };

describe("same-origin check", () => {
  it("accepts this origin and refuses others, null, and requests with no origin information", async () => {
    expect((await check("https://app.example/check", { origin: "https://app.example" })).same).toBe(true);
    expect((await check("https://app.example/check", { referer: "https://app.example/dashboard/sign-in" })).same).toBe(true);
    expect((await check("https://app.example/check", { origin: "https://evil.example" })).same).toBe(false);
    expect((await check("https://app.example/check", { origin: "http://app.example" })).same).toBe(false);
    expect((await check("https://app.example/check", { origin: "null" })).same).toBe(false);
    expect((await check("https://app.example/check", { referer: "https://app.example.evil.example/" })).same).toBe(false);
    expect((await check("https://app.example/check", { referer: "not a url" })).same).toBe(false);
    expect((await check("https://app.example/check")).same).toBe(false);
    expect((await check("https://app.example/check", { origin: "https://app.example", "sec-fetch-site": "cross-site" })).same).toBe(false);
    expect((await check("https://app.example/check", { origin: "https://app.example", "sec-fetch-site": "same-site" })).same).toBe(false);
  });
});

describe("cookies", () => {
  it("are Secure with the __Host- prefix except on plain-http loopback", async () => {
    expect(await check("http://localhost:3000/check")).toMatchObject({ secure: false, cookie: "wnw_session" });
    expect(await check("http://127.0.0.1:3000/check")).toMatchObject({ secure: false, cookie: "wnw_session" });
    expect(await check("http://winnow.internal/check")).toMatchObject({ secure: true, cookie: "__Host-wnw_session" });
    expect(await check("https://localhost/check")).toMatchObject({ secure: true, cookie: "__Host-wnw_session" });
    const secure = (await probe.request("https://app.example/cookie")).headers.get("set-cookie")!;
    expect(secure).toMatch(/^__Host-wnw_session=value;/);
    for (const attr of ["HttpOnly", "Secure", "SameSite=Strict", "Path=/", "Max-Age=60"]) expect(secure).toContain(attr);
    const local = (await probe.request("http://localhost/cookie")).headers.get("set-cookie")!;
    expect(local).toMatch(/^wnw_session=value;/);
    expect(local).not.toContain("Secure");
    expect(local).toContain("HttpOnly");
    expect(local).toContain("SameSite=Strict");
  });
});

describe("tokensMatch", () => {
  it("needs two equal, non-empty tokens", () => {
    expect(tokensMatch("abc", "abc")).toBe(true);
    expect(tokensMatch("abc", "abd")).toBe(false);
    expect(tokensMatch("abc", "abcd")).toBe(false);
    expect(tokensMatch("", "")).toBe(false);
    expect(tokensMatch(undefined, undefined)).toBe(false);
  });
});

describe("clientAddress", () => {
  it("uses the socket peer or API Gateway's sourceIp, never X-Forwarded-For", async () => {
    expect((await check("http://localhost/check", { "x-forwarded-for": "1.2.3.4" })).address).toBe("unknown");
    expect((await check("http://localhost/check", {}, { incoming: { socket: { remoteAddress: "10.0.0.7" } } })).address).toBe("10.0.0.7");
    expect((await check("http://localhost/check", { "x-forwarded-for": "1.2.3.4" }, { requestContext: { http: { sourceIp: "203.0.113.9" } } })).address).toBe("203.0.113.9");
  });
});
