import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS, openBrowser, type BrowserSession } from "./browser.ts";
import { testService, type TestService } from "./helpers.ts";

/**
 * The dashboard in a real browser: Debian's chromium driven by playwright-core (`.ci/run` installs chromium when it
 * is missing). Covers the newcomer's path: invitation → sign in → API credentials → key → API call → revoke, and
 * OAuth client → token → API call.
 */
let t: TestService;
let browser: BrowserSession;
let base = "";
let page: Page;
let browserErrors: string[] = [];

beforeAll(async () => {
  t = await testService();
  browser = await openBrowser(t);
  ({ base, page, errors: browserErrors } = browser);
  await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

// Page-side expressions are strings: the repository type-checks without the DOM library.
const FOCUSED = `document.activeElement ? document.activeElement.id || document.activeElement.textContent || "" : ""`;

const api = (path: string, headers: Record<string, string>) => fetch(`${base}${path}`, { headers });

describe("dashboard in chromium", () => {
  const email = `browser-${crypto.randomUUID()}@example.com`;
  const password = "correct horse battery staple";
  let apiKey = "";

  it("an invited user sets a password, signs out, and signs in again with the keyboard", async () => {
    const invited = await t.app.request(`${base}/admin/accounts/${t.accountId}/users`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    const { invite_url } = ((await invited.json()) as any).data;
    expect(invite_url.startsWith(`${base}/dashboard/invite?token=`)).toBe(true);

    await page.goto(invite_url);
    await page.getByLabel("New password").fill(password);
    await page.getByLabel("Repeat the password").fill(password);
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await page.waitForURL(`${base}/dashboard/profile`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Profile settings");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${base}/dashboard/sign-in`);

    // Focus order: skip link, email, password, submit — and every visible field has a label.
    await page.getByRole("link", { name: "Skip to content" }).focus();
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      order.push(await page.evaluate<string>(FOCUSED));
    }
    expect(order).toEqual(["email", "password", "Sign in"]);
    const unlabelled = await page.evaluate<number>(
      `[...document.querySelectorAll("input:not([type=hidden]):not([hidden])")].filter((i) => !i.labels || !i.labels.length).length`,
    );
    expect(unlabelled).toBe(0);
    await page.getByLabel("Email").focus();
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(password);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${base}/dashboard/profile`);
    expect(await page.getByText(email).first().isVisible()).toBe(true);
  });

  it("Profile settings → API credentials → Generate key: the key is shown once, copies, and works", async () => {
    await page.getByRole("link", { name: "API credentials" }).click();
    await page.waitForURL(`${base}/dashboard/profile/api-credentials`);
    expect(await page.getByRole("link", { name: "API credentials" }).getAttribute("aria-current")).toBe("page");
    await page.getByRole("button", { name: "Generate key" }).click();
    const field = page.getByLabel("API key", { exact: true });
    apiKey = await field.inputValue();
    expect(apiKey).toMatch(/^wnw_\w{32}$/);
    expect(await page.evaluate<string>(FOCUSED)).toBe("new-secret");
    await page.getByRole("button", { name: "Copy" }).click();
    await expect.poll(() => page.locator("[data-copy-status]").textContent(), { timeout: 10_000 }).toBe("Copied to the clipboard.");
    expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(apiKey);

    const row = page.locator("tr", { hasText: apiKey.slice(0, 10) });
    expect(await row.textContent()).toContain("taxonomy:read, matches:read, matches:write");
    expect(await row.textContent()).toContain("never");

    const res = await api("/v1/titles?limit=2", { "x-api-key": apiKey });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data).toHaveLength(2);

    // Shown once: a fresh visit lists the key by prefix only, now with a last-used time.
    await page.goto(`${base}/dashboard/profile/api-credentials`);
    expect(await page.content()).not.toContain(apiKey);
    expect(await page.locator("tr", { hasText: apiKey.slice(0, 10) }).locator("time").count()).toBe(2);
  });

  it("an OAuth client gets a token that calls the API; the tab is saved as a screenshot", async () => {
    await page.getByLabel("Client name").fill("Browser test integration");
    await page.locator("#client-scope-matches\\:write").uncheck();
    await page.getByRole("button", { name: "Create OAuth client" }).click();
    const clientId = await page.getByLabel("Client ID").inputValue();
    const secret = await page.getByLabel("Client secret").inputValue();
    expect(clientId).toMatch(/^wnc_/);
    expect(secret).toMatch(/^wns_/);

    const tokenRes = await fetch(`${base}/v1/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}` },
      body: "grant_type=client_credentials",
    });
    expect(tokenRes.status).toBe(200);
    const { access_token, scope } = (await tokenRes.json()) as any;
    expect(scope).toBe("taxonomy:read matches:read");
    const titles = await api("/v1/titles?limit=1", { authorization: `Bearer ${access_token}` });
    expect(titles.status).toBe(200);
    const normalized = await fetch(`${base}/v1/titles/normalize`, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ term: "Senior Python Developer" }),
    });
    expect(normalized.status).toBe(200);

    await page.goto(`${base}/dashboard/profile/api-credentials`);
    expect(await page.locator("tr", { hasText: clientId }).textContent()).toContain("Browser test integration");
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "api-credentials.png"), fullPage: true });
    expect(existsSync(join(ARTIFACTS, "api-credentials.png"))).toBe(true);
  });

  it("revoking the key asks for confirmation, then the same call gives 401", async () => {
    await page.getByRole("link", { name: `Revoke key ${apiKey.slice(0, 10)}…` }).click();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain(apiKey.slice(0, 10));
    // Cancel leaves the key alone.
    await page.getByRole("link", { name: "Cancel" }).click();
    expect((await api("/v1/titles?limit=1", { "x-api-key": apiKey })).status).toBe(200);

    await page.getByRole("link", { name: `Revoke key ${apiKey.slice(0, 10)}…` }).click();
    await page.getByRole("button", { name: "Revoke key" }).click();
    await page.waitForURL(`${base}/dashboard/profile/api-credentials`);
    expect(await page.locator("tr", { hasText: apiKey.slice(0, 10) }).textContent()).toContain("Revoked");

    const res = await api("/v1/titles?limit=1", { "x-api-key": apiKey });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ status: false, message: expect.stringMatching(/revoked/) });
    expect(browserErrors).toEqual([]);
  });
});
