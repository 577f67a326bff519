import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { testService, type TestService } from "./helpers.ts";
import { FormClient, inputValue, signedInUser } from "./dashboard-helpers.ts";

let t: TestService;
let clock = Date.now();
beforeAll(async () => {
  // A cheaper scrypt cost keeps dozens of sign-ins fast; the production cost is covered by the unit and browser tests.
  t = await testService({ now: () => new Date(clock), services: { passwordCost: { log2N: 12, r: 8, p: 1 } } });
});

const admin = (path: string, init: { method?: string; json?: unknown } = {}) =>
  t.app.request(path, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${t.adminToken}`, ...(init.json !== undefined ? { "content-type": "application/json" } : {}) },
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });

const invite = async (email: string, accountId = t.accountId) => admin(`/admin/accounts/${accountId}/users`, { method: "POST", json: { email } });

describe("inviting users", () => {
  it("admin API: invites, lists, and never shows the link again", async () => {
    const email = `Invitee-${crypto.randomUUID()}@Example.com`;
    const res = await invite(email);
    expect(res.status).toBe(201);
    const data = ((await res.json()) as any).data;
    expect(data).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      status: "invited",
      created_at: expect.any(String),
      last_sign_in_at: null,
      invite_url: expect.stringMatching(/^http:\/\/localhost\/dashboard\/invite\?token=wni_\w{40}$/),
      invite_expires_at: expect.any(String),
    });
    expect(Date.parse(data.invite_expires_at) - clock).toBeGreaterThan(6.9 * 86400_000);
    const list = (await (await admin(`/admin/accounts/${t.accountId}/users`)).json()) as any;
    expect(list.data).toContainEqual({ id: data.id, email: email.toLowerCase(), status: "invited", created_at: data.created_at, last_sign_in_at: null });
    expect(JSON.stringify(list)).not.toContain(new URL(data.invite_url).searchParams.get("token"));
  });

  it("refuses unknown accounts, bad emails, and emails that already belong to someone", async () => {
    expect((await invite("x@example.com", "00000000-0000-4000-8000-00000000dead")).status).toBe(404);
    expect((await invite("not-an-email")).status).toBe(400);
    const { email } = await signedInUser(t);
    const taken = await invite(email.toUpperCase());
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as any).error).toBe(4003);
    const other = await t.otherAccount();
    const pending = `pending-${crypto.randomUUID()}@example.com`;
    expect((await invite(pending)).status).toBe(201);
    expect((await invite(pending, other.accountId)).status).toBe(409);
  });

  it("a link works once; re-inviting voids the earlier link", async () => {
    const email = `twice-${crypto.randomUUID()}@example.com`;
    const first = ((await (await invite(email)).json()) as any).data.invite_url;
    const second = ((await (await invite(email)).json()) as any).data.invite_url;
    expect(second).not.toBe(first);
    const browser = new FormClient(t);
    expect((await browser.get(new URL(first).pathname + new URL(first).search)).status).toBe(404);
    expect((await browser.acceptInvite(second, "first password is long")).status).toBe(303);
    const again = new FormClient(t);
    expect((await again.get(new URL(second).pathname + new URL(second).search)).status).toBe(404);
  });

  it("the invitation page enforces the password policy and matching confirmation", async () => {
    const url = new URL(((await (await invite(`policy-${crypto.randomUUID()}@example.com`)).json()) as any).data.invite_url);
    const browser = new FormClient(t);
    const page = await (await browser.get(url.pathname + url.search)).text();
    const csrf = inputValue(page, "_csrf")!;
    const token = url.searchParams.get("token")!;
    const short = await browser.post("/dashboard/invite", { _csrf: csrf, token, password: "too short", confirm: "too short" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("at least 12 characters");
    const differ = await browser.post("/dashboard/invite", { _csrf: csrf, token, password: "long enough password", confirm: "long enough passwort" });
    expect(differ.status).toBe(400);
    expect((await browser.post("/dashboard/invite", { _csrf: csrf, token, password: "long enough password", confirm: "long enough password" })).status).toBe(303);
  });

  it("CLI: `users invite` prints a working link and `users list` shows the user", async () => {
    const email = `cli-${crypto.randomUUID()}@example.com`;
    const env = { ...process.env, WINNOW_TABLE: t.store.table, WINNOW_PUBLIC_URL: "https://winnow.example/" };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "packages/cli/src/main.ts", ...args], {
        cwd: new URL("..", import.meta.url).pathname,
        env,
        encoding: "utf8",
      });
    const invited = run("users", "invite", t.accountId, email);
    expect(invited.status).toBe(0);
    const out = JSON.parse(invited.stdout);
    expect(out).toMatchObject({ email, status: "invited", invite_url: expect.stringMatching(/^https:\/\/winnow\.example\/dashboard\/invite\?token=wni_/) });
    const browser = new FormClient(t);
    expect((await browser.acceptInvite(out.invite_url, "cli chosen password")).status).toBe(303);
    const listed = run("users", "list", t.accountId);
    expect(listed.stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l))).toContainEqual(expect.objectContaining({ email, status: "active" }));
    const bad = run("users", "invite", "00000000-0000-4000-8000-00000000dead", "x@example.com");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/No account/);
    const notEmail = run("users", "invite", t.accountId, "not-an-email");
    expect(notEmail.status).toBe(2); // a malformed argument is wrong usage (exit 2), not a failure
    expect(notEmail.stderr).toMatch(/not an email address/);
  });
});

describe("CLI keys", () => {
  it("prints keys in the admin API's shape: create, list, revoke", async () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "packages/cli/src/main.ts", ...args], {
        cwd: new URL("..", import.meta.url).pathname,
        env: { ...process.env, WINNOW_TABLE: t.store.table },
        encoding: "utf8",
      });
    const created = JSON.parse(run("keys", "create", t.accountId, "--scope", "taxonomy:read").stdout);
    expect(created).toMatchObject({ id: expect.any(String), key: expect.stringMatching(/^wnw_/), scopes: ["taxonomy:read"] });
    const fromApi = async () =>
      ((await (await t.app.request(`/admin/accounts/${t.accountId}/api-keys`, { headers: { authorization: `Bearer ${t.adminToken}` } })).json()) as { data: unknown[] }).data;
    const listed = run("keys", "list", t.accountId).stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(listed).toEqual(await fromApi());
    expect(listed.find((k) => k.id === created.id)).toEqual({ id: created.id, prefix: created.prefix, scopes: ["taxonomy:read"], created_at: expect.any(String), revoked_at: null });
    const revoked = JSON.parse(run("keys", "revoke", t.accountId, created.id).stdout);
    expect(revoked).toMatchObject({ id: created.id, revoked_at: expect.any(String) });
    expect((await fromApi()).find((k: any) => k.id === created.id)).toEqual(revoked);
  });
});

describe("sessions", () => {
  it("sign-in sets an HttpOnly SameSite=Strict session cookie, and sign-out ends the session server-side", async () => {
    const { email, password } = await signedInUser(t);
    const browser = new FormClient(t);
    const res = await browser.signIn(email, password);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard/profile");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("wnw_session="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    const token = browser.cookies.get("wnw_session")!;
    const profile = await browser.get("/dashboard/profile");
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain(email);

    const csrf = await browser.csrf("/dashboard/profile");
    expect((await browser.post("/dashboard/sign-out", { _csrf: csrf })).headers.get("location")).toBe("/dashboard/sign-in");
    expect(browser.cookies.has("wnw_session")).toBe(false);
    // The old cookie is worthless even if someone kept a copy.
    const replay = await t.app.request("http://localhost/dashboard/profile", { headers: { cookie: `wnw_session=${token}` } });
    expect(replay.status).toBe(303);
    expect(replay.headers.get("location")).toBe("/dashboard/sign-in");
  });

  it("uses __Host- Secure cookies outside localhost", async () => {
    const { client } = await signedInUser(t, { origin: "https://winnow.example" });
    expect([...client.cookies.keys()]).toContain("__Host-wnw_session");
    expect((await client.get("/dashboard/profile")).status).toBe(200);
  });

  it("a new sign-in replaces a planted session cookie instead of adopting it", async () => {
    const { email, password } = await signedInUser(t);
    const browser = new FormClient(t);
    browser.cookies.set("wnw_session", "attacker-chosen-value");
    await browser.signIn(email, password);
    expect(browser.cookies.get("wnw_session")).not.toBe("attacker-chosen-value");
    expect((await browser.get("/dashboard/profile")).status).toBe(200);
  });

  it("expire after 2 h idle and 12 h in total", async () => {
    const { client } = await signedInUser(t);
    clock += 119 * 60_000;
    expect((await client.get("/dashboard/profile")).status).toBe(200);
    clock += 119 * 60_000; // still within 2 h of the previous request
    expect((await client.get("/dashboard/profile")).status).toBe(200);
    clock += 121 * 60_000;
    expect((await client.get("/dashboard/profile")).status).toBe(303);

    const second = (await signedInUser(t)).client;
    for (let i = 0; i < 6; i++) {
      clock += 110 * 60_000;
      expect((await second.get("/dashboard/profile")).status).toBe(200);
    }
    clock += 70 * 60_000; // 12 h 10 min after sign-in
    expect((await second.get("/dashboard/profile")).status).toBe(303);
  });

  it("pages behind sign-in redirect to the sign-in page", async () => {
    for (const path of ["/dashboard/profile", "/dashboard/profile/api-credentials", "/dashboard/api-keys/x/revoke"]) {
      const res = await new FormClient(t).get(path);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/dashboard/sign-in");
    }
    expect((await new FormClient(t).get("/dashboard")).headers.get("location")).toBe("/dashboard/sign-in");
    // Signing out without a session just leads to the sign-in page.
    expect((await new FormClient(t).post("/dashboard/sign-out", {})).headers.get("location")).toBe("/dashboard/sign-in");
  });

  it("dashboard pages forbid framing, inline script, caching and cross-origin form targets", async () => {
    const res = await new FormClient(t).get("/dashboard/sign-in");
    const csp = res.headers.get("content-security-policy")!;
    for (const d of ["default-src 'none'", "script-src 'self'", "form-action 'self'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const page = await res.text();
    expect(page).not.toMatch(/<script>(?!<)/);
    expect(page).not.toMatch(/ style=/);
    expect(page).toContain('<label for="email">Email</label>');
    expect(page).toContain('<label for="password">Password</label>');
  });
});

describe("sign-in throttling", () => {
  it("per email: the 6th attempt in 15 minutes is refused even with the right password; a success resets the count", async () => {
    const { email, password } = await signedInUser(t);
    const attempt = (pw: string) => new FormClient(t, { address: "198.51.100.1" }).signIn(email, pw);
    for (let i = 0; i < 4; i++) expect((await attempt("wrong password guess")).status).toBe(401);
    expect((await attempt(password)).status).toBe(303);
    for (let i = 0; i < 5; i++) expect((await attempt("wrong password guess")).status).toBe(401);
    const refused = await attempt(password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many sign-in attempts");
    // Another address does not help: the count is per email.
    expect((await new FormClient(t, { address: "198.51.100.2" }).signIn(email, password)).status).toBe(429);
    clock += 15 * 60_000;
    expect((await new FormClient(t, { address: "198.51.100.3" }).signIn(email, password)).status).toBe(303);
  });

  it("per address: 30 attempts in 15 minutes, whatever the emails", async () => {
    const browser = new FormClient(t, { address: "203.0.113.77" });
    const csrf = await browser.csrf("/dashboard/sign-in");
    const attempts = await Promise.all(
      Array.from({ length: 32 }, (_, i) => browser.post("/dashboard/sign-in", { _csrf: csrf, email: `nobody-${i}@example.com`, password: "whatever password" })),
    );
    const statuses = attempts.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect((await new FormClient(t, { address: "203.0.113.78" }).signIn("nobody@example.com", "whatever password")).status).toBe(401);
  });

  it("gives the same answer for an unknown email, a pending user and a wrong password", async () => {
    const pending = `pending-${crypto.randomUUID()}@example.com`;
    await invite(pending);
    const { email } = await signedInUser(t);
    const bodies = [];
    for (const [who, address] of [["nobody-at-all@example.com", "192.0.2.10"], [pending, "192.0.2.11"], [email, "192.0.2.12"]] as const) {
      const res = await new FormClient(t, { address }).signIn(who, "not the password");
      expect(res.status).toBe(401);
      bodies.push((await res.text()).replace(/value="[^"]*"/g, ""));
    }
    expect(new Set(bodies).size).toBe(1);
  });
});
