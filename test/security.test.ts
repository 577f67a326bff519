import { SignJWT, importJWK, type JWK } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { SCOPES, type Scope } from "@winnow/storage";
import { AccessTokens, generateSigningKeySet } from "@winnow/services";
import { testService, type TestService } from "./helpers.ts";
import { FormClient, inputValue, signedInUser } from "./dashboard-helpers.ts";

let t: TestService;
let jwks: string;
let skillId = "";
let titleId = "";
const JOB = "Backend engineer: Python, SQL and Docker. 3+ years of experience building APIs.";

beforeAll(async () => {
  jwks = await generateSigningKeySet();
  t = await testService({ services: { jwtKeys: jwks } });
  const titles = (await (await t.call("/v1/titles?limit=5")).json()) as any;
  titleId = titles.data[0].id;
  const title = (await (await t.call(`/v1/titles/${titleId}`)).json()) as any;
  skillId = title.data.mapping.skills[0].id;
});

async function tokenFor(accountId: string, scopes: Scope[]): Promise<string> {
  const { record, secret } = await t.services.oauthClients.create(accountId, "security test", scopes);
  const res = await t.app.request("/v1/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `grant_type=client_credentials&client_id=${record.id}&client_secret=${secret}`,
  });
  return ((await res.json()) as any).access_token;
}

/** Calls with either credential form: an API key in x-api-key, or an access token as a bearer. */
type Credential = { key: string } | { token: string };
const callWith = (cred: Credential, path: string, init: RequestInit & { json?: unknown } = {}) =>
  "key" in cred ? t.call(path, { ...init, key: cred.key }) : t.call(path, { ...init, key: null, headers: { authorization: `Bearer ${cred.token}` } });

describe("tenant isolation", () => {
  it("another account never sees a match, a job post's list, or a derived job id — with an API key or a token", async () => {
    const other = await t.otherAccount();
    const otherToken = await tokenFor(other.accountId, [...SCOPES]);

    const created = (await (await t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, candidate: { first_name: "Ada", description: "Python and SQL developer" }, job_post_id: "iso-post" } })).json()) as any;
    const derived = (await (await t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, candidate: { first_name: "Bo", description: "Docker" } } })).json()) as any;
    const batch = (await (await t.call("/v1/match-insights/recommend-candidates", { method: "POST", json: { jobDescription: JOB, candidates: [{ first_name: "Cy" }], job_post_id: "iso-batch" } })).json()) as any;
    const ownIds = [created.data.match_id, derived.data.match_id, batch.data[0].match_id];
    const ownPosts = ["iso-post", "iso-batch", derived.data.job_id];

    for (const cred of [{ key: other.apiKey }, { token: otherToken }] as Credential[]) {
      for (const id of ownIds) {
        expect((await t.call(`/v1/match-insights/${id}`)).status).toBe(200);
        const res = await callWith(cred, `/v1/match-insights/${id}`);
        expect(res.status).toBe(404);
        expect(((await res.json()) as any).error).toBe(3001);
      }
      for (const post of ownPosts) {
        const res = await callWith(cred, `/v1/match-insights?job_post_id=${encodeURIComponent(post)}`);
        expect(res.status).toBe(404);
        expect(((await res.json()) as any).error).toBe(3002);
      }
    }

    // The same job_post_id and job description in the other account make separate job posts.
    const theirs = (await (await callWith({ key: other.apiKey }, "/v1/match-insights", { method: "POST", json: { job_description: JOB, candidate: { first_name: "Di", description: "Go" }, job_post_id: "iso-post" } })).json()) as any;
    const theirDerived = (await (await callWith({ token: otherToken }, "/v1/match-insights", { method: "POST", json: { job_description: JOB, candidate: { first_name: "Ed", description: "Go" } } })).json()) as any;
    expect(theirDerived.data.job_id).not.toBe(derived.data.job_id);
    const theirList = (await (await callWith({ token: otherToken }, "/v1/match-insights?job_post_id=iso-post")).json()) as any;
    expect(theirList.data.map((m: any) => m.match_id)).toEqual([theirs.data.match_id]);
    const ownList = (await (await t.call("/v1/match-insights?job_post_id=iso-post")).json()) as any;
    expect(ownList.data.map((m: any) => m.match_id)).toEqual([created.data.match_id]);
  });

  it("the dashboard lists only the signed-in account's credentials and cannot revoke another account's", async () => {
    const other = await t.otherAccount();
    const { client: intruder } = await signedInUser(t, { accountId: other.accountId });
    const ownKeys = await t.services.accounts.listApiKeys(t.accountId);
    const { record: ownClient } = await t.services.oauthClients.create(t.accountId, "owned client", ["taxonomy:read"]);

    const page = await (await intruder.get("/dashboard/profile/api-credentials")).text();
    for (const k of ownKeys) expect(page).not.toContain(k.prefix);
    expect(page).not.toContain(ownClient.id);

    const csrf = inputValue(page, "_csrf")!;
    const target = ownKeys[0]!;
    expect((await intruder.get(`/dashboard/api-keys/${target.id}/revoke`)).status).toBe(404);
    expect((await intruder.post(`/dashboard/api-keys/${target.id}/revoke`, { _csrf: csrf })).status).toBe(404);
    expect((await intruder.get(`/dashboard/oauth-clients/${ownClient.id}/revoke`)).status).toBe(404);
    expect((await intruder.post(`/dashboard/oauth-clients/${ownClient.id}/revoke`, { _csrf: csrf })).status).toBe(404);
    expect((await t.services.accounts.listApiKeys(t.accountId)).find((k) => k.id === target.id)?.revokedAt).toBeUndefined();
    expect((await t.services.oauthClients.list(t.accountId)).find((c) => c.id === ownClient.id)?.revokedAt).toBeUndefined();
    expect((await t.call("/v1/titles?limit=1")).status).toBe(200);
  });

  it("the catalogue endpoints hold no tenant data: both accounts read the same catalogue", async () => {
    const other = await t.otherAccount();
    for (const path of [`/v1/titles/${titleId}`, `/v1/skills/${skillId}`, "/v1/titles?limit=3"]) {
      const mine = await (await t.call(path)).json();
      const theirs = await (await t.call(path, { key: other.apiKey })).json();
      expect(theirs).toEqual(mine);
    }
  });
});

describe("scope matrix", () => {
  const operations = (): { name: string; scope: Scope; path: string; init?: RequestInit & { json?: unknown } }[] => [
    { name: "GET /skills/{id}", scope: "taxonomy:read", path: `/v1/skills/${skillId}` },
    { name: "POST /skills/related", scope: "taxonomy:read", path: "/v1/skills/related", init: { method: "POST", json: { ids: [skillId] } } },
    { name: "POST /titles/normalize", scope: "taxonomy:read", path: "/v1/titles/normalize", init: { method: "POST", json: { term: "Senior Java Developer" } } },
    { name: "POST /titles/normalize/inspect", scope: "taxonomy:read", path: "/v1/titles/normalize/inspect", init: { method: "POST", json: { term: "Java Developer" } } },
    { name: "GET /titles", scope: "taxonomy:read", path: "/v1/titles?limit=2" },
    { name: "GET /titles/{id}", scope: "taxonomy:read", path: `/v1/titles/${titleId}` },
    { name: "POST /match-insights", scope: "matches:write", path: "/v1/match-insights", init: { method: "POST", json: { job_description: JOB, candidate: { description: "SQL" }, job_post_id: "matrix" } } },
    { name: "POST /match-insights/recommend-candidates", scope: "matches:write", path: "/v1/match-insights/recommend-candidates", init: { method: "POST", json: { jobDescription: JOB, candidates: [{ first_name: "M" }], job_post_id: "matrix" } } },
    { name: "GET /match-insights", scope: "matches:read", path: "/v1/match-insights?job_post_id=matrix" },
    { name: "GET /match-insights/{match_id}", scope: "matches:read", path: "/v1/match-insights/MATCH_ID" },
  ];

  it("each endpoint × each scope: allowed with its scope, 403 without it — for API keys and access tokens", async () => {
    const seeded = (await (await t.call("/v1/match-insights", { method: "POST", json: { job_description: JOB, candidate: { description: "Python" }, job_post_id: "matrix" } })).json()) as any;
    const results: string[] = [];
    for (const scope of SCOPES) {
      const creds: [string, Credential][] = [
        ["key", { key: await t.keyWith([scope]) }],
        ["token", { token: await tokenFor(t.accountId, [scope]) }],
      ];
      for (const [kind, cred] of creds) {
        for (const op of operations()) {
          const res = await callWith(cred, op.path.replace("MATCH_ID", seeded.data.match_id), op.init);
          const allowed = op.scope === scope;
          results.push(`${kind} ${scope} ${op.name} → ${allowed ? (res.status < 300 ? "ok" : res.status) : res.status}`);
          if (!allowed) {
            expect(await res.json()).toEqual({ status: false, message: expect.stringContaining(`lacks the scope "${op.scope}"`) });
          }
        }
      }
    }
    const expected = SCOPES.flatMap((scope) =>
      ["key", "token"].flatMap((kind) => operations().map((op) => `${kind} ${scope} ${op.name} → ${op.scope === scope ? "ok" : 403}`)),
    );
    expect(results).toEqual(expected);
    expect(results).toHaveLength(SCOPES.length * 2 * 10);
  });
});

describe("scope before content", () => {
  // A credential that may not call an operation learns that, not whether its request would have been valid.
  it("answers 403 to a credential without the scope however malformed its request", async () => {
    const reader = { key: await t.keyWith(["taxonomy:read"]) };
    const cases: [string, RequestInit & { json?: unknown }][] = [
      ["/v1/match-insights", { method: "POST", json: {} }],
      ["/v1/match-insights", { method: "POST", body: "job", headers: { "content-type": "text/plain" } }],
      ["/v1/match-insights/recommend-candidates", { method: "POST", body: "{", headers: { "content-type": "application/json" } }],
      ["/v1/match-insights", {}],
      ["/v1/match-insights/not-an-id", {}],
    ];
    for (const [path, init] of cases) {
      const res = await callWith(reader, path, init);
      expect(res.status, `${init.method ?? "GET"} ${path}`).toBe(403);
      expect(res.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
    }
    const writer = { key: await t.keyWith(["matches:write"]) };
    expect((await callWith(writer, "/v1/titles/normalize", { method: "POST", json: { term: 42 } })).status).toBe(403);
    // With the scope, the same malformed requests get their own answers.
    expect((await callWith(writer, "/v1/match-insights", { method: "POST", json: {} })).status).toBe(400);
    expect((await callWith(writer, "/v1/match-insights", { method: "POST", body: "job", headers: { "content-type": "text/plain" } })).status).toBe(415);
  });
});

describe("access token tampering", () => {
  const jwk = () => (JSON.parse(jwks) as { keys: JWK[] }).keys[0]!;
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

  async function forged(overrides: { claims?: Record<string, unknown>; header?: Record<string, unknown>; expiresIn?: number; key?: JWK }) {
    const key = overrides.key ?? jwk();
    const now = Math.floor(Date.now() / 1000);
    const { record } = await t.services.oauthClients.create(t.accountId, "forged", [...SCOPES]);
    return new SignJWT({ scope: "taxonomy:read", client_id: record.id, acct: t.accountId, ...overrides.claims })
      .setProtectedHeader({ alg: "ES256", kid: key.kid!, typ: "at+jwt", ...overrides.header })
      .setIssuer("winnow")
      .setAudience((overrides.claims?.aud as string) ?? "winnow-api-v1")
      .setSubject(record.id)
      .setIssuedAt(now - 10)
      .setExpirationTime(now + (overrides.expiresIn ?? 600))
      .setJti(crypto.randomUUID())
      .sign(await importJWK(key, "ES256"));
  }

  it("a well-formed token passes (control)", async () => {
    expect((await callWith({ token: await forged({}) }, "/v1/titles?limit=1")).status).toBe(200);
  });

  it.each([
    ["bad signature", async () => {
      const good = await forged({});
      const [h, p, s] = good.split(".");
      const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
      return `${h}.${b64({ ...claims, scope: "taxonomy:read matches:read matches:write" })}.${s}`;
    }],
    ["expired", () => forged({ expiresIn: -60 })],
    ["wrong audience", () => forged({ claims: { aud: "another-api" } })],
    ["wrong issuer", async () => {
      const other = await AccessTokens.fromJson(jwks, { issuer: "https://evil.example", audience: "winnow-api-v1", lifetimeSeconds: 600 });
      const { record } = await t.services.oauthClients.create(t.accountId, "iss", ["taxonomy:read"]);
      return (await other.issue({ clientId: record.id, accountId: t.accountId, scopes: ["taxonomy:read"] })).token;
    }],
    ["alg none", async () => {
      const [, p] = (await forged({})).split(".");
      return `${b64({ alg: "none", typ: "at+jwt", kid: jwk().kid })}.${p}.`;
    }],
    ["signed by an unknown key", async () => forged({ key: (JSON.parse(await generateSigningKeySet()) as { keys: JWK[] }).keys[0]! })],
    ["unknown kid", () => forged({ header: { kid: "rotated-away" } })],
    ["not an access token (typ JWT)", () => forged({ header: { typ: "JWT" } })],
    ["another tenant named in a token of this client", () => forged({ claims: { acct: crypto.randomUUID() } })],
    ["garbage in JWT shape", async () => "eyJhbGciOiJFUzI1NiJ9.bm90IGpzb24.c2ln"],
  ])("%s → 401", async (_name, make) => {
    const res = await callWith({ token: await make() }, "/v1/titles?limit=1");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(await res.json()).toEqual({ status: false, message: expect.stringMatching(/^Invalid access token: /) });
  });
});

describe("CSRF", () => {
  it("refuses dashboard forms without the session's token, from another origin, or of another type — and changes nothing", async () => {
    const { client } = await signedInUser(t);
    const csrf = await client.csrf("/dashboard/profile/api-credentials");
    const before = (await t.services.accounts.listApiKeys(t.accountId)).length;
    const scopes = { scopes: ["taxonomy:read"] };
    const attempts = [
      await client.post("/dashboard/api-keys", scopes),
      await client.post("/dashboard/api-keys", { ...scopes, _csrf: "forged" }),
      await client.post("/dashboard/api-keys", { ...scopes, _csrf: csrf }, { origin: "https://evil.example" }),
      await client.post("/dashboard/api-keys", { ...scopes, _csrf: csrf }, { origin: "null" }),
      await client.post("/dashboard/api-keys", { ...scopes, _csrf: csrf }, { origin: null }),
      await client.post("/dashboard/api-keys", { ...scopes, _csrf: csrf }, { origin: null, headers: { referer: "https://evil.example/page" } }),
      await client.post("/dashboard/api-keys", { ...scopes, _csrf: csrf }, { headers: { "sec-fetch-site": "cross-site" } }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("could not be verified");
    }
    const json = await t.app.request("http://localhost/dashboard/api-keys", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/json", cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      body: JSON.stringify({ _csrf: csrf, scopes: ["taxonomy:read"] }),
    });
    expect(json.status).toBe(415);
    // A token of another session is no good either.
    const { client: other } = await signedInUser(t);
    const otherCsrf = await other.csrf("/dashboard/profile/api-credentials");
    expect((await client.post("/dashboard/api-keys", { ...scopes, _csrf: otherCsrf })).status).toBe(403);
    // Sign-out is a state change too.
    expect((await client.post("/dashboard/sign-out", {}, { origin: "https://evil.example" })).status).toBe(403);
    expect((await client.get("/dashboard/profile")).status).toBe(200);

    expect((await t.services.accounts.listApiKeys(t.accountId)).length).toBe(before);
    expect((await client.post("/dashboard/api-keys", { ...scopes, _csrf: csrf })).status).toBe(303);
    expect((await t.services.accounts.listApiKeys(t.accountId)).length).toBe(before + 1);
  });

  it("refuses a sign-in or invitation post without the pre-session double-submit pair or from another origin", async () => {
    const { email, password } = await signedInUser(t);
    const fresh = new FormClient(t);
    expect((await fresh.post("/dashboard/sign-in", { email, password, _csrf: "anything" })).status).toBe(403);
    const csrf = await fresh.csrf("/dashboard/sign-in");
    expect((await fresh.post("/dashboard/sign-in", { email, password, _csrf: `${csrf}x` })).status).toBe(403);
    expect((await fresh.post("/dashboard/sign-in", { email, password, _csrf: csrf }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await fresh.post("/dashboard/invite", { token: "wni_x", password, confirm: password, _csrf: "nope" })).status).toBe(403);
    expect(fresh.cookies.has("wnw_session")).toBe(false);
    expect((await fresh.post("/dashboard/sign-in", { email, password, _csrf: csrf })).status).toBe(303);
  });
});

describe("output encoding", () => {
  it("renders user-supplied text escaped, never as markup", async () => {
    const { client } = await signedInUser(t);
    const csrf = await client.csrf("/dashboard/profile/api-credentials");
    const evil = `<img src=x onerror="alert(1)">"'&`;
    const created = await client.post("/dashboard/oauth-clients", { _csrf: csrf, name: evil, scopes: ["taxonomy:read"] });
    expect(created.status).toBe(303);
    const page = await (await client.get("/dashboard/profile/api-credentials")).text();
    expect(page).not.toContain("<img src=x");
    expect(page).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&quot;&#39;&amp;");
    const signIn = await new FormClient(t).signIn(`"><script>alert(1)</script>@example.com`, "whatever password");
    expect(await signIn.text()).not.toContain("<script>alert(1)</script>");
  });
});

describe("logs", () => {
  it("never contain passwords, keys, client secrets, tokens, session cookies or invitation links — even on internal errors", async () => {
    const lines: string[] = [];
    const originals = { log: console.log, info: console.info, warn: console.warn, error: console.error, debug: console.debug };
    const stdout = process.stdout.write.bind(process.stdout);
    const stderr = process.stderr.write.bind(process.stderr);
    const capture = (...args: unknown[]) => void lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a) ?? String(a))).join(" "));
    for (const k of Object.keys(originals) as (keyof typeof originals)[]) console[k] = capture;
    process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => (lines.push(String(chunk)), stdout(chunk as string, ...(rest as [])))) as typeof process.stdout.write;
    process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => (lines.push(String(chunk)), stderr(chunk as string, ...(rest as [])))) as typeof process.stderr.write;
    const secrets: string[] = [];
    const services = t.services as any;
    try {
      const invited = (await (await t.app.request(`/admin/accounts/${t.accountId}/users`, {
        method: "POST",
        headers: { authorization: `Bearer ${t.adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ email: `logs-${crypto.randomUUID()}@example.com` }),
      })).json()) as any;
      const password = "log-test passphrase 123";
      const browser = new FormClient(t);
      await browser.acceptInvite(invited.data.invite_url, password);
      expect((await new FormClient(t).signIn(invited.data.email, "wrong passphrase attempt")).status).toBe(401);
      const csrf = await browser.csrf("/dashboard/profile/api-credentials");
      // Creating answers with a redirect (Post/Redirect/Get) to the page that shows the secret once.
      const shown = async (created: Response) => (await browser.get(created.headers.get("location")!)).text();
      const keyPage = await shown(await browser.post("/dashboard/api-keys", { _csrf: csrf, scopes: ["taxonomy:read"] }));
      const key = inputValue(keyPage, "new-secret")!;
      const clientPage = await shown(await browser.post("/dashboard/oauth-clients", { _csrf: csrf, name: "logs", scopes: ["taxonomy:read"] }));
      const clientId = inputValue(clientPage, "new-client-id")!;
      const clientSecret = inputValue(clientPage, "new-secret")!;
      const token = ((await (await t.app.request("/v1/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}` },
        body: "grant_type=client_credentials",
      })).json()) as any).access_token;
      secrets.push(password, key, clientSecret, token, new URL(invited.data.invite_url).searchParams.get("token")!, browser.cookies.get("wnw_session")!, csrf, t.adminToken);
      expect(secrets.every((s) => typeof s === "string" && s.length >= 16)).toBe(true);

      await t.call("/v1/titles?limit=1", { key });
      await t.call("/v1/titles?limit=1", { key: null, headers: { authorization: `Bearer ${token}` } });
      await t.call("/v1/titles?limit=1", { key: `${key}x` });
      await t.call("/v1/titles?limit=1", { key: null, headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` } });

      // Internal failures while secrets are in flight: the 500 handlers log, and must log no secret.
      const realAuthenticate = services.oauthClients.authenticate;
      const realResolve = services.keyCache.resolve;
      const realCreate = services.sessions.create;
      services.oauthClients.authenticate = async () => {
        throw new Error("simulated DynamoDB outage");
      };
      services.keyCache.resolve = async () => {
        throw new Error("simulated DynamoDB outage");
      };
      services.sessions.create = async () => {
        throw new Error("simulated DynamoDB outage");
      };
      try {
        expect((await t.app.request("/v1/oauth/token", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret }),
        })).status).toBe(500);
        expect((await t.call("/v1/titles?limit=1", { key })).status).toBe(500);
        expect((await new FormClient(t).signIn(invited.data.email, password)).status).toBe(500);
      } finally {
        services.oauthClients.authenticate = realAuthenticate;
        services.keyCache.resolve = realResolve;
        services.sessions.create = realCreate;
      }
    } finally {
      Object.assign(console, originals);
      process.stdout.write = stdout;
      process.stderr.write = stderr;
    }
    const output = lines.join("\n");
    expect(output).toMatch(/unhandled error|dashboard error/);
    // The audit trail is there, by ids only.
    for (const event of ["invitation accepted", "sign-in", "api key created", "oauth client created"]) expect(output).toContain(`"event":"${event}"`);
    expect(output).toContain('"outcome":"invalid"');
    for (const secret of secrets) expect(output).not.toContain(secret);
  });
});
