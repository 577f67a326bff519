import type { TestService } from "./helpers.ts";

/** Reads the value of a hidden or text input by name (or id) from a rendered page. */
export function inputValue(html: string, nameOrId: string): string | undefined {
  const re = new RegExp(`<input[^>]*(?:name|id)="${nameOrId}"[^>]*value="([^"]*)"`);
  const alt = new RegExp(`<input[^>]*value="([^"]*)"[^>]*(?:name|id)="${nameOrId}"`);
  const raw = re.exec(html)?.[1] ?? alt.exec(html)?.[1];
  return raw?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

/** Where requests go: the in-process app (app.request), or a real server through fetch. */
export interface RequestTarget {
  request(url: string, init: RequestInit, env?: unknown): Response | Promise<Response>;
}

/** A real server over HTTP; redirects are returned, not followed. */
export const overHttp: RequestTarget = { request: (url, init) => fetch(url, { ...init, redirect: "manual" }) };

/**
 * A minimal browser: keeps cookies, sends Origin like a browser does on form posts, and never follows redirects
 * (tests look at them).
 */
export class FormClient {
  readonly cookies = new Map<string, string>();
  private readonly target: RequestTarget;
  readonly origin: string;
  readonly env: unknown;

  constructor(t: TestService | RequestTarget, options: { origin?: string; address?: string } = {}) {
    this.target = "app" in t ? t.app : t;
    this.origin = options.origin ?? "http://localhost";
    this.env = options.address ? { incoming: { socket: { remoteAddress: options.address } } } : undefined;
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (!value || /Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const res = await this.target.request(`${this.origin}${path}`, { headers: { cookie: this.cookieHeader(), ...headers } }, this.env);
    this.remember(res);
    return res;
  }

  /** Posts a form; `origin: null` leaves the Origin header out, a string overrides it. */
  async post(path: string, fields: Record<string, string | string[]>, options: { origin?: string | null; headers?: Record<string, string> } = {}): Promise<Response> {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", cookie: this.cookieHeader(), ...options.headers };
    const origin = options.origin === undefined ? this.origin : options.origin;
    if (origin !== null) headers.origin = origin;
    const res = await this.target.request(`${this.origin}${path}`, { method: "POST", headers, body: body.toString() }, this.env);
    this.remember(res);
    return res;
  }

  /** GETs a page with a form and returns its CSRF token. */
  async csrf(path: string): Promise<string> {
    const html = await (await this.get(path)).text();
    const token = inputValue(html, "_csrf");
    if (!token) throw new Error(`no CSRF token on ${path}`);
    return token;
  }

  async signIn(email: string, password: string): Promise<Response> {
    const csrf = await this.csrf("/dashboard/sign-in");
    return this.post("/dashboard/sign-in", { _csrf: csrf, email, password });
  }

  /** Follows an invitation link and sets the password; the client is signed in afterwards. */
  async acceptInvite(inviteUrl: string, password: string): Promise<Response> {
    const url = new URL(inviteUrl);
    const html = await (await this.get(`${url.pathname}${url.search}`)).text();
    const csrf = inputValue(html, "_csrf");
    if (!csrf) throw new Error(`invitation page has no form:\n${html.slice(0, 500)}`);
    return this.post("/dashboard/invite", { _csrf: csrf, token: url.searchParams.get("token") ?? "", password, confirm: password });
  }
}

/** Creates an account user through the admin API and lets them set a password; returns a signed-in client. */
export async function signedInUser(t: TestService, options: { accountId?: string; email?: string; password?: string; origin?: string } = {}) {
  const email = options.email ?? `user-${crypto.randomUUID()}@example.com`;
  const password = options.password ?? "a sufficiently long passphrase";
  const accountId = options.accountId ?? t.accountId;
  const invited = await t.app.request(`/admin/accounts/${accountId}/users`, {
    method: "POST",
    headers: { authorization: `Bearer ${t.adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${await invited.text()}`);
  const { invite_url } = ((await invited.json()) as { data: { invite_url: string } }).data;
  const client = new FormClient(t, { origin: options.origin });
  const accepted = await client.acceptInvite(invite_url, password);
  if (accepted.status !== 303) throw new Error(`accepting the invitation failed: ${accepted.status} ${await accepted.text()}`);
  return { client, email, password, accountId };
}
