import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { DASHBOARD_CSS, DASHBOARD_ICON, DASHBOARD_JS } from "./assets.ts";
import { registerAuthPages } from "./auth-pages.ts";
import { registerCredentialPages } from "./credential-pages.ts";
import { page, requireSession, verifyForms } from "./forms.ts";
import { loadSession } from "./session.ts";
import { messagePage } from "./views.ts";

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/** Paths reachable without a session; everything else under /dashboard needs one. */
const PUBLIC = new Set(["/dashboard", "/dashboard/", "/dashboard/sign-in", "/dashboard/sign-out", "/dashboard/invite"]);

/**
 * The account holders' dashboard (spec Part 5: profile settings → API credentials → generate key), served by the
 * same app under /dashboard. Server-rendered HTML; sessions in cookies; CSRF-checked forms.
 */
export function createDashboardApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/assets/dashboard.css", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(DASHBOARD_CSS, 200, { "Content-Type": "text/css; charset=utf-8" });
  });
  app.get("/assets/dashboard.js", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(DASHBOARD_JS, 200, { "Content-Type": "text/javascript; charset=utf-8" });
  });
  app.get("/assets/icon.svg", (c) => {
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(DASHBOARD_ICON, 200, { "Content-Type": "image/svg+xml" });
  });

  // Pages only (the assets above answer before this runs): strict CSP, and never cached, since some show a secret once.
  app.use("*", async (c, next) => {
    await next();
    c.header("Content-Security-Policy", CSP);
    c.header("Cache-Control", "no-store");
  });
  app.use("*", loadSession());
  for (const check of verifyForms()) app.post("*", check);
  app.use("*", async (c, next) => (PUBLIC.has(c.req.path) ? next() : requireSession()(c, next)));

  registerAuthPages(app);
  registerCredentialPages(app);

  app.all("*", (c) => page(c, messagePage("Not found", "There is no such page.", { href: "/dashboard", label: "Back to the dashboard" }), 404));
  app.onError((err, c) => {
    console.error(JSON.stringify({ level: "error", message: "dashboard error", requestId: c.get("requestId"), path: c.req.path, error: err.name, detail: err.message }));
    return c.html(messagePage("Something went wrong", `Please try again. If it keeps failing, quote request id ${c.get("requestId")}.`), 500);
  });
  return app;
}
