import type { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { audit, field, page, presessionToken, readForm } from "./forms.ts";
import { clientAddress } from "./security.ts";
import { endSession, startSession } from "./session.ts";
import { invitePage, messagePage, signInPage } from "./views.ts";

const INVALID_INVITE = "This invitation link is not valid any more (used, replaced or expired). Ask your administrator for a new one.";

/** Sign-in, sign-out and accepting an invitation. */
export function registerAuthPages(app: Hono<AppEnv>): void {
  app.get("/", (c) => c.redirect(c.var.session ? "/dashboard/profile" : "/dashboard/sign-in", 303));

  app.get("/sign-in", (c) => {
    if (c.var.session) return c.redirect("/dashboard/profile", 303);
    return page(c, signInPage(presessionToken(c)));
  });

  app.post("/sign-in", async (c) => {
    const form = await readForm(c);
    const email = field(form, "email").trim().slice(0, 254);
    const password = field(form, "password").slice(0, 1024);
    const services = c.var.services;
    const outcome = email && password ? await services.signIn.signIn(email, password, clientAddress(c), services.now().getTime()) : undefined;
    if (outcome) {
      audit(c, "sign-in", { outcome: outcome.ok ? "ok" : outcome.reason, address: clientAddress(c), ...(outcome.ok ? { userId: outcome.user.id, accountId: outcome.user.accountId } : {}) });
    }
    if (outcome?.ok) {
      await startSession(c, outcome.user);
      return c.redirect("/dashboard/profile", 303);
    }
    if (outcome?.reason === "throttled") {
      c.header("Retry-After", String(outcome.retryAfterSeconds));
      const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
      const message = `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
      return page(c, signInPage(presessionToken(c), { email, error: { message } }), 429);
    }
    // Either field may be the wrong one, and saying which would tell whether the email has an account.
    const error = { message: "Wrong email or password.", fields: email ? ["password", "email"] : ["email", "password"] };
    return page(c, signInPage(presessionToken(c), { email, error }), email && password ? 401 : 400);
  });

  app.post("/sign-out", async (c) => {
    audit(c, "sign-out");
    await endSession(c);
    return c.redirect("/dashboard/sign-in", 303);
  });

  app.get("/invite", async (c) => {
    const token = c.req.query("token") ?? "";
    const services = c.var.services;
    const user = token ? await services.users.pendingInvitation(token, services.now()) : undefined;
    if (!user) return page(c, messagePage("Invitation not valid", INVALID_INVITE, { href: "/dashboard/sign-in", label: "Sign in" }), 404);
    return page(c, invitePage(presessionToken(c), token, user.email));
  });

  app.post("/invite", async (c) => {
    const form = await readForm(c);
    const token = field(form, "token");
    const password = field(form, "password");
    const services = c.var.services;
    const pending = await services.users.pendingInvitation(token, services.now());
    if (!pending) return page(c, messagePage("Invitation not valid", INVALID_INVITE, { href: "/dashboard/sign-in", label: "Sign in" }), 404);
    if (password !== field(form, "confirm")) {
      return page(c, invitePage(presessionToken(c), token, pending.email, { message: "The two passwords differ.", fields: ["confirm"] }), 400);
    }
    const outcome = await services.signIn.acceptInvitation(token, password, services.now());
    if (!outcome.ok) return page(c, invitePage(presessionToken(c), token, pending.email, { message: outcome.problem, fields: ["password"] }), 400);
    audit(c, "invitation accepted", { userId: outcome.user.id, accountId: outcome.user.accountId, address: clientAddress(c) });
    await startSession(c, outcome.user);
    return c.redirect("/dashboard/profile", 303);
  });
}
