import { html } from "hono/html";
import { SCOPES, type ApiKeyRecord, type OAuthClientRecord, type Scope } from "@winnow/storage";
import { PASSWORD_MIN_LENGTH } from "@winnow/services";

/**
 * Server-rendered dashboard pages (hono/html escapes every interpolated value). No inline script or style, so the
 * Content-Security-Policy can forbid both; the copy button works through /dashboard/assets/dashboard.js and the
 * pages stay usable without it. The referrer meta relaxes the app-wide `no-referrer` for same-origin requests only:
 * under `no-referrer` browsers send `Origin: null` on form posts, which the CSRF origin check must refuse.
 */
export type Fragment = ReturnType<typeof html>;

export interface Viewer {
  email: string;
  csrfToken: string;
}

const SCOPE_HELP: Record<Scope, string> = {
  "taxonomy:read": "skills and job titles",
  "matches:read": "read stored matches",
  "matches:write": "screen candidates",
};

const when = (iso: string | undefined, never = "never"): Fragment =>
  iso ? html`<time datetime="${iso}">${iso.slice(0, 16).replace("T", " ")} UTC</time>` : html`${never}`;

export function layout(title: string, body: Fragment, viewer?: Viewer): Fragment {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${title} · Winnow</title>
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
<link rel="icon" href="/dashboard/assets/icon.svg" type="image/svg+xml">
<script src="/dashboard/assets/dashboard.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <span class="brand">Winnow</span>
  ${viewer
    ? html`<form method="post" action="/dashboard/sign-out" class="inline">
    <span class="who">${viewer.email}</span>
    <input type="hidden" name="_csrf" value="${viewer.csrfToken}">
    <button type="submit" class="link">Sign out</button>
  </form>`
    : ""}
</header>
<main id="main" tabindex="-1">
${body}
</main>
</body>
</html>`;
}

/** A refused form: the message, and the fields it is about (their ids), which get marked invalid and described by it. */
export interface FormError {
  message: string;
  fields?: string[];
}

const ERROR_ID = "form-error";

const alert = (error: FormError | undefined): Fragment =>
  error ? html`<p class="alert" role="alert" id="${ERROR_ID}">${error.message}</p>` : html``;

/**
 * WCAG 3.3.1: a field in error says so (aria-invalid) and points at the message (aria-describedby, after its own
 * hint), and the first such field takes focus, so a screen reader announces the error with the field.
 */
function fieldState(error: FormError | undefined, id: string, options: { hint?: string; focus?: boolean } = {}): Fragment {
  const fields = error?.fields ?? [];
  const inError = fields.includes(id);
  const describedBy = [options.hint, inError ? ERROR_ID : undefined].filter(Boolean).join(" ");
  const focus = fields.length ? fields[0] === id : options.focus;
  return html`${inError ? html` aria-invalid="true"` : ""}${describedBy ? html` aria-describedby="${describedBy}"` : ""}${focus ? html` autofocus` : ""}`;
}

export function signInPage(csrf: string, options: { error?: FormError; email?: string } = {}): Fragment {
  const error = options.error;
  return layout(
    "Sign in",
    html`<h1>Sign in</h1>
${alert(error)}
<form method="post" action="/dashboard/sign-in" class="card" ${error ? html`aria-describedby="${ERROR_ID}"` : ""}>
  <input type="hidden" name="_csrf" value="${csrf}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${options.email ?? ""}"${fieldState(error, "email", { focus: true })}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256"${fieldState(error, "password")}>
  <button type="submit">Sign in</button>
</form>
<p class="hint">No account yet? An administrator invites you with a link that sets your password.</p>`,
  );
}

export function invitePage(csrf: string, token: string, email: string, error?: FormError): Fragment {
  return layout(
    "Set your password",
    html`<h1>Set your password</h1>
<p>You were invited as <strong>${email}</strong>.</p>
${alert(error)}
<form method="post" action="/dashboard/invite" class="card">
  <input type="hidden" name="_csrf" value="${csrf}">
  <input type="hidden" name="token" value="${token}">
  <input type="text" name="username" value="${email}" autocomplete="username" hidden>
  <label for="password">New password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}" maxlength="256"${fieldState(error, "password", { hint: "password-hint", focus: true })}>
  <p class="hint" id="password-hint">At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of a few unrelated words works well.</p>
  <label for="confirm">Repeat the password</label>
  <input id="confirm" name="confirm" type="password" autocomplete="new-password" required maxlength="256"${fieldState(error, "confirm")}>
  <button type="submit">Set password and sign in</button>
</form>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }): Fragment {
  return layout(title, html`<h1>${title}</h1><p>${message}</p>${link ? html`<p><a href="${link.href}">${link.label}</a></p>` : ""}`);
}

type Tab = "profile" | "credentials";

function tabs(active: Tab): Fragment {
  const tab = (id: Tab, href: string, label: string) =>
    html`<li><a href="${href}" ${active === id ? html`aria-current="page"` : ""}>${label}</a></li>`;
  return html`<nav class="tabs" aria-label="Profile settings">
  <ul>
    ${tab("profile", "/dashboard/profile", "Profile")}
    ${tab("credentials", "/dashboard/profile/api-credentials", "API credentials")}
  </ul>
</nav>`;
}

export function profilePage(viewer: Viewer, account: { id: string; name: string }, lastSignInAt?: string): Fragment {
  return layout(
    "Profile settings",
    html`<h1>Profile settings</h1>
${tabs("profile")}
<section class="panel" aria-labelledby="profile-heading">
  <h2 id="profile-heading">Profile</h2>
  <dl>
    <dt>Email</dt><dd>${viewer.email}</dd>
    <dt>Account</dt><dd>${account.name}</dd>
    <dt>Account id</dt><dd><code>${account.id}</code></dd>
    <dt>Previous sign-in</dt><dd>${when(lastSignInAt, "this is the first")}</dd>
  </dl>
</section>`,
    viewer,
  );
}

function scopeFieldset(idPrefix: string): Fragment {
  return html`<fieldset>
  <legend>Scopes</legend>
  ${SCOPES.map(
    (s) => html`<div class="check"><input type="checkbox" id="${idPrefix}-${s}" name="scopes" value="${s}" checked>
    <label for="${idPrefix}-${s}"><code>${s}</code> <span class="hint">${SCOPE_HELP[s]}</span></label></div>`,
  )}
</fieldset>`;
}

export interface FreshSecret {
  kind: "api-key" | "oauth-client";
  /** Shown once: the API key, or the client secret. */
  secret: string;
  clientId?: string;
}

function freshPanel(fresh: FreshSecret): Fragment {
  const isKey = fresh.kind === "api-key";
  const copy = (id: string, label: string, value: string) => html`<label for="${id}">${label}</label>
  <div class="copy-row">
    <input id="${id}" type="text" readonly value="${value}" class="secret" spellcheck="false" autocomplete="off" ${id === "new-secret" ? html`autofocus` : ""}>
    <button type="button" class="copy" data-copy="${id}">Copy</button>
  </div>`;
  return html`<section class="fresh" aria-labelledby="fresh-heading">
  <h2 id="fresh-heading">${isKey ? "Your new API key" : "Your new OAuth client"}</h2>
  <p><strong>Copy it now: this is the only time it is shown.</strong> Winnow keeps only a hash of it: reloading this
  page or coming back later will not show it again.</p>
  ${fresh.clientId ? copy("new-client-id", "Client ID", fresh.clientId) : ""}
  ${copy("new-secret", isKey ? "API key" : "Client secret", fresh.secret)}
  <p class="hint" role="status" aria-live="polite" data-copy-status></p>
</section>`;
}

export interface CredentialsView {
  keys: ApiKeyRecord[];
  clients: OAuthClientRecord[];
  fresh?: FreshSecret;
  /** The page was reached again after showing a new secret (a reload, the back button): say why it is gone. */
  alreadyShown?: boolean;
  error?: FormError;
  origin: string;
}

const alreadyShownNote = html`<p class="note" role="status">The new secret was shown once and cannot be shown again.
  If it was not copied, revoke that credential and create a new one.</p>`;

export function credentialsPage(viewer: Viewer, view: CredentialsView): Fragment {
  const keys = [...view.keys].sort((a, b) => Number(Boolean(a.revokedAt)) - Number(Boolean(b.revokedAt)) || b.createdAt.localeCompare(a.createdAt));
  const clients = [...view.clients].sort((a, b) => Number(Boolean(a.revokedAt)) - Number(Boolean(b.revokedAt)) || b.createdAt.localeCompare(a.createdAt));
  return layout(
    "API credentials",
    html`<h1>Profile settings</h1>
${tabs("credentials")}
${view.fresh ? freshPanel(view.fresh) : view.alreadyShown ? alreadyShownNote : ""}
${alert(view.error)}
<section class="panel" aria-labelledby="keys-heading">
  <h2 id="keys-heading">API keys</h2>
  <p>Send a key as <code>x-api-key: &lt;key&gt;</code> or <code>Authorization: Bearer &lt;key&gt;</code>.</p>
  <form method="post" action="/dashboard/api-keys" class="card">
    <input type="hidden" name="_csrf" value="${viewer.csrfToken}">
    ${scopeFieldset("key-scope")}
    <button type="submit">Generate key</button>
  </form>
  ${keys.length
    ? html`<table>
    <caption>Keys of this account</caption>
    <thead><tr><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
    <tbody>
    ${keys.map(
      (k) => html`<tr${k.revokedAt ? html` class="revoked"` : ""}>
      <td><code>${k.prefix}…</code></td>
      <td>${k.scopes.join(", ")}</td>
      <td>${when(k.createdAt)}</td>
      <td>${when(k.lastUsedAt)}</td>
      <td>${k.revokedAt
        ? html`Revoked ${when(k.revokedAt)}`
        : html`<a class="danger" href="/dashboard/api-keys/${k.id}/revoke">Revoke<span class="sr-only"> key ${k.prefix}…</span></a>`}</td>
    </tr>`,
    )}
    </tbody>
  </table>`
    : html`<p>No API keys yet.</p>`}
</section>
<section class="panel" aria-labelledby="clients-heading">
  <h2 id="clients-heading">OAuth clients</h2>
  <p>A client exchanges its ID and secret for a bearer token valid for one hour:</p>
  <pre><code>curl -u CLIENT_ID:CLIENT_SECRET -d grant_type=client_credentials ${view.origin}/v1/oauth/token</code></pre>
  <form method="post" action="/dashboard/oauth-clients" class="card">
    <input type="hidden" name="_csrf" value="${viewer.csrfToken}">
    <label for="client-name">Client name</label>
    <input id="client-name" name="name" type="text" required maxlength="100"${fieldState(view.error, "client-name", { hint: "client-name-hint" })}>
    <p class="hint" id="client-name-hint">Where it is used, e.g. "ATS integration".</p>
    ${scopeFieldset("client-scope")}
    <button type="submit">Create OAuth client</button>
  </form>
  ${clients.length
    ? html`<table>
    <caption>OAuth clients of this account</caption>
    <thead><tr><th scope="col">Name</th><th scope="col">Client ID</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last token</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
    <tbody>
    ${clients.map(
      (cl) => html`<tr${cl.revokedAt ? html` class="revoked"` : ""}>
      <td>${cl.name}</td>
      <td><code>${cl.id}</code></td>
      <td>${cl.scopes.join(", ")}</td>
      <td>${when(cl.createdAt)}</td>
      <td>${when(cl.lastUsedAt)}</td>
      <td>${cl.revokedAt
        ? html`Revoked ${when(cl.revokedAt)}`
        : html`<a class="danger" href="/dashboard/oauth-clients/${cl.id}/revoke">Revoke<span class="sr-only"> client ${cl.name}</span></a>`}</td>
    </tr>`,
    )}
    </tbody>
  </table>`
    : html`<p>No OAuth clients yet.</p>`}
</section>`,
    viewer,
  );
}

export function confirmRevokePage(
  viewer: Viewer,
  what: { kind: "api-key" | "oauth-client"; id: string; label: string },
): Fragment {
  const isKey = what.kind === "api-key";
  const action = isKey ? `/dashboard/api-keys/${what.id}/revoke` : `/dashboard/oauth-clients/${what.id}/revoke`;
  return layout(
    "Confirm revocation",
    html`<h1>Revoke ${isKey ? "API key" : "OAuth client"} <code>${what.label}</code>?</h1>
<p>${isKey
      ? "Calls with this key will be refused from now on. This cannot be undone."
      : "The client can no longer get tokens, and the tokens it already has stop working. This cannot be undone."}</p>
<form method="post" action="${action}" class="actions">
  <input type="hidden" name="_csrf" value="${viewer.csrfToken}">
  <button type="submit" class="danger">Revoke ${isKey ? "key" : "client"}</button>
  <a href="/dashboard/profile/api-credentials">Cancel</a>
</form>`,
    viewer,
  );
}
