import { createHash } from "node:crypto";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { ErrorCode } from "../errors.ts";
import type { AppEnv } from "../env.ts";
import { OPENAPI_INFO } from "./v1.ts";

type Json = Record<string, unknown>;
type Node = HtmlEscapedString | Promise<HtmlEscapedString>;

const refName = (ref: string) => ref.split("/").at(-1)!;

/** Renders a JSON schema as a nested field list, resolving component references (bounded depth, no cycles). */
function schemaView(schema: Json | undefined, components: Json, depth = 0, seen: string[] = []): Node {
  if (!schema) return html``;
  if (typeof schema.$ref === "string") {
    const name = refName(schema.$ref);
    if (seen.includes(name) || depth > 6) return html`<code>${name}</code>`;
    return schemaView(components[name] as Json, components, depth, [...seen, name]);
  }
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type as string | undefined);
  if (type === "array" || schema.items) {
    return html`<span class="t">array of</span> ${schemaView(schema.items as Json, components, depth + 1, seen)}`;
  }
  if (schema.properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const props = Object.entries(schema.properties as Record<string, Json>);
    return html`<span class="t">object</span>
      <ul>
        ${props.map(
          ([name, prop]) =>
            html`<li><code>${name}</code>${required.has(name) ? html` <span class="req">required</span>` : ""}
              ${prop.description ? html`<span class="d">— ${String(prop.description)}</span>` : ""}
              ${schemaView(prop, components, depth + 1, seen)}</li>`,
        )}
      </ul>`;
  }
  const bits: string[] = [];
  if (schema.enum) bits.push(`one of ${(schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`);
  if (schema.const !== undefined) bits.push(`always ${JSON.stringify(schema.const)}`);
  if (schema.minimum !== undefined) bits.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) bits.push(`≤ ${schema.maximum}`);
  if (schema.maxLength !== undefined) bits.push(`≤ ${schema.maxLength} chars`);
  if (schema.anyOf) return html`<span class="t">${(schema.anyOf as Json[]).map((s) => (s.type as string) ?? "value").join(" | ")}</span>`;
  return html`<span class="t">${type ?? "value"}</span>${bits.length ? html` <span class="d">(${bits.join("; ")})</span>` : ""}`;
}

function operationView(method: string, path: string, op: Json, components: Json): Node {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const responses = Object.entries((op.responses as Record<string, Json>) ?? {});
  const anchor = `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-");
  return html`<section class="op" id="${anchor}">
    <h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${path}</code></h3>
    <p><strong>${String(op.summary ?? "")}</strong></p>
    ${op.description ? html`<p>${String(op.description)}</p>` : ""}
    ${params.length
      ? html`<h4>Parameters</h4><ul>${params.map(
          (p) =>
            html`<li><code>${String(p.name)}</code> <span class="t">${String(p.in)}</span>${p.required ? html` <span class="req">required</span>` : ""}
              ${p.description ? html`<span class="d">— ${String(p.description)}</span>` : ""}</li>`,
        )}</ul>`
      : ""}
    ${body ? html`<h4>Request body (application/json)</h4>${schemaView(body["application/json"]?.schema as Json, components)}` : ""}
    <h4>Responses</h4>
    <ul>
      ${responses.map(([status, r]) => {
        const content = (r.content as Record<string, Json> | undefined)?.["application/json"];
        return html`<li><strong>${status}</strong> ${String(r.description ?? "")}
          ${content && status.startsWith("2") ? html`<div class="schema">${schemaView(content.schema as Json, components)}</div>` : ""}</li>`;
      })}
    </ul>
  </section>`;
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2330;background:#fafbfc}
main{max-width:960px;margin:0 auto;padding:24px}
nav ul{columns:2;padding-left:18px}
@media (max-width:40rem){main{padding:12px}nav ul{columns:1}}
li,p,h3,code{overflow-wrap:anywhere}
h1{margin-top:0} h2{border-bottom:1px solid #dde;padding-bottom:4px;margin-top:40px}
.op{background:#fff;border:1px solid #e3e6ea;border-radius:8px;padding:12px 18px;margin:16px 0}
.m{display:inline-block;min-width:58px;text-align:center;border-radius:4px;color:#fff;font-size:13px;padding:2px 6px}
.m-get{background:#2f7d32}.m-post{background:#1f5fa8}.m-delete{background:#b3261e}
code{background:#f1f3f5;padding:1px 4px;border-radius:3px}
.t{color:#6b4fa0;font-size:13px}.d{color:#555}.req{color:#b3261e;font-size:12px}
ul ul{border-left:2px solid #eef;margin-left:4px}
table{border-collapse:collapse}td,th{border:1px solid #dde;padding:4px 8px;text-align:left}
`;

/**
 * The page runs no script and loads nothing: everything is refused except its one inline stylesheet, allowed by
 * hash (so an injected <style> or <script> would not apply), and it may not be framed.
 */
const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
  "img-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/** GET /docs: an API reference generated from the same OpenAPI document the handlers validate with. No CDN. */
export function registerDocs(app: OpenAPIHono<AppEnv>, v1: OpenAPIHono<AppEnv>): void {
  app.get("/docs", (c) => {
    const doc = v1.getOpenAPI31Document({ openapi: "3.1.0", info: OPENAPI_INFO }) as unknown as Json;
    const components = ((doc.components as Json | undefined)?.schemas as Json | undefined) ?? {};
    const ops = Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method, path, op })),
    );
    const base = `${new URL(c.req.url).origin}/v1`;
    c.header("Content-Security-Policy", CSP);
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>${OPENAPI_INFO.title} — reference</title>
          <style>${raw(STYLE)}</style>
        </head>
        <body>
          <main>
            <h1>${OPENAPI_INFO.title}</h1>
            <p>Version ${OPENAPI_INFO.version} · MIT licence · base URL <code>${base}</code> ·
              machine-readable: <a href="/v1/openapi.json">OpenAPI 3.1 document</a></p>
            <p>${OPENAPI_INFO.description}</p>
            <nav aria-label="Endpoints"><ul>
              ${ops.map(({ method, path, op }) => html`<li><a href="#${`${method}-${path}`.replace(/[^a-z0-9]+/gi, "-")}">${method.toUpperCase()} ${path}</a> — ${String(op.summary ?? "")}</li>`)}
            </ul></nav>
            <h2 id="authentication">Authentication</h2>
            <p>Send an API key as <code>x-api-key: &lt;key&gt;</code> or <code>Authorization: Bearer &lt;key&gt;</code>.
              Keys carry scopes: <code>taxonomy:read</code> (skills and titles), <code>matches:read</code> (reading matches),
              <code>matches:write</code> (creating matches). A missing, unknown or revoked key gives 401, a missing scope 403,
              both as <code>{"status": false, "message": "…"}</code>.</p>
            <h2 id="responses">Responses and errors</h2>
            <p>Success: <code>{"success": true, "messages": "…", "data": …}</code>. Failure: <code>{"error": &lt;code&gt;, "message": "…"}</code>.</p>
            <table><thead><tr><th>error</th><th>HTTP</th><th>name</th></tr></thead><tbody>
              ${Object.entries(ErrorCode).map(([name, e]) => html`<tr><td>${e.code}</td><td>${e.status}</td><td><code>${name}</code></td></tr>`)}
            </tbody></table>
            <h2 id="endpoints">Endpoints</h2>
            ${ops.map(({ method, path, op }) => operationView(method, path, op, components))}
          </main>
        </body>
      </html>`);
  });
}
