import type { Context, Hono } from "hono";
import { SCOPES, type Scope } from "@winnow/storage";
import type { AppEnv } from "../env.ts";
import { CREDENTIALS_PATH, redirectToFreshSecret, takeFreshSecret } from "./flash.ts";
import { audit, field, fieldList, page, readForm } from "./forms.ts";
import { confirmRevokePage, credentialsPage, messagePage, profilePage, type CredentialsView, type Viewer } from "./views.ts";

/** Bounds the credentials of one account (and so the size of its rate-limit counter item). */
export const MAX_ACTIVE_CREDENTIALS = 50;

const viewerOf = (c: Context<AppEnv>): Viewer => ({ email: c.var.session!.email, csrfToken: c.var.session!.csrfToken });
const accountOf = (c: Context<AppEnv>): string => c.var.session!.accountId;

type Extra = Pick<CredentialsView, "fresh" | "alreadyShown" | "error">;

async function renderCredentials(c: Context<AppEnv>, extra: Extra = {}, status: 200 | 400 | 409 = 200) {
  const services = c.var.services;
  const accountId = accountOf(c);
  const [keys, clients] = await Promise.all([services.accounts.listApiKeys(accountId), services.oauthClients.list(accountId)]);
  // A page showing a secret must never be stored or replayed from a cache; no-store is set for the whole dashboard.
  return c.html(credentialsPage(viewerOf(c), { keys, clients, origin: new URL(c.req.url).origin, ...extra }), status);
}

function chosenScopes(values: string[]): Scope[] | undefined {
  const scopes = [...new Set(values)].filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
  return scopes.length && scopes.length === new Set(values).size ? scopes : undefined;
}

const notFound = (c: Context<AppEnv>, what: string) =>
  page(c, messagePage("Not found", `This account has no such ${what}.`, { href: CREDENTIALS_PATH, label: "Back to API credentials" }), 404);

/**
 * Profile settings and the API credentials tab. Every lookup and change is keyed by the session's account, so an id
 * from another account is simply not found.
 */
export function registerCredentialPages(app: Hono<AppEnv>): void {
  app.get("/profile", async (c) => {
    const services = c.var.services;
    const session = c.var.session!;
    const [account, user] = await Promise.all([services.accounts.get(session.accountId), services.users.get(session.accountId, session.userId)]);
    return page(c, profilePage(viewerOf(c), { id: session.accountId, name: account?.name ?? "" }, user?.lastSignInAt));
  });

  app.get("/profile/api-credentials", async (c) => renderCredentials(c, await takeFreshSecret(c)));

  app.post("/api-keys", async (c) => {
    const services = c.var.services;
    const scopes = chosenScopes(fieldList(await readForm(c), "scopes"));
    if (!scopes) return renderCredentials(c, { error: { message: "Choose at least one scope for the key." } }, 400);
    const active = (await services.accounts.listApiKeys(accountOf(c))).filter((k) => !k.revokedAt).length;
    if (active >= MAX_ACTIVE_CREDENTIALS) {
      return renderCredentials(c, { error: { message: `This account already has ${MAX_ACTIVE_CREDENTIALS} active keys: revoke one first.` } }, 409);
    }
    const { key, record } = await services.accounts.createApiKey(accountOf(c), scopes);
    audit(c, "api key created", { keyId: record.id, prefix: record.prefix, scopes: scopes.join(" ") });
    return redirectToFreshSecret(c, { kind: "api-key", secret: key });
  });

  app.get("/api-keys/:id/revoke", async (c) => {
    const id = c.req.param("id");
    const key = (await c.var.services.accounts.listApiKeys(accountOf(c))).find((k) => k.id === id && !k.revokedAt);
    if (!key) return notFound(c, "active API key");
    return page(c, confirmRevokePage(viewerOf(c), { kind: "api-key", id: key.id, label: `${key.prefix}…` }));
  });

  app.post("/api-keys/:id/revoke", async (c) => {
    const services = c.var.services;
    const revoked = await services.accounts.revokeApiKey(accountOf(c), c.req.param("id").slice(0, 64));
    if (!revoked) return notFound(c, "API key");
    audit(c, "api key revoked", { keyId: revoked.id, prefix: revoked.prefix });
    // This process refuses the key at once; other instances within their 1 s key cache.
    services.keyCache.clear();
    return c.redirect(CREDENTIALS_PATH, 303);
  });

  app.post("/oauth-clients", async (c) => {
    const services = c.var.services;
    const form = await readForm(c);
    const name = field(form, "name").trim();
    const scopes = chosenScopes(fieldList(form, "scopes"));
    if (!name || name.length > 100) {
      return renderCredentials(c, { error: { message: "Give the client a name of 1 to 100 characters.", fields: ["client-name"] } }, 400);
    }
    if (!scopes) return renderCredentials(c, { error: { message: "Choose at least one scope for the client." } }, 400);
    const active = (await services.oauthClients.list(accountOf(c))).filter((k) => !k.revokedAt).length;
    if (active >= MAX_ACTIVE_CREDENTIALS) {
      return renderCredentials(c, { error: { message: `This account already has ${MAX_ACTIVE_CREDENTIALS} active OAuth clients: revoke one first.` } }, 409);
    }
    const { record, secret } = await services.oauthClients.create(accountOf(c), name, scopes);
    audit(c, "oauth client created", { clientId: record.id, scopes: scopes.join(" ") });
    return redirectToFreshSecret(c, { kind: "oauth-client", secret, clientId: record.id });
  });

  app.get("/oauth-clients/:id/revoke", async (c) => {
    const id = c.req.param("id");
    const client = (await c.var.services.oauthClients.list(accountOf(c))).find((k) => k.id === id && !k.revokedAt);
    if (!client) return notFound(c, "active OAuth client");
    return page(c, confirmRevokePage(viewerOf(c), { kind: "oauth-client", id: client.id, label: client.name }));
  });

  app.post("/oauth-clients/:id/revoke", async (c) => {
    const services = c.var.services;
    const revoked = await services.oauthClients.revoke(accountOf(c), c.req.param("id"));
    if (!revoked) return notFound(c, "OAuth client");
    audit(c, "oauth client revoked", { clientId: revoked.id });
    services.clientCache.clear();
    return c.redirect(CREDENTIALS_PATH, 303);
  });
}
