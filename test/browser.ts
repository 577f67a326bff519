import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import type { TestService } from "./helpers.ts";

/** Debian's chromium (`.ci/run` installs it when browser tests exist), or WINNOW_CHROMIUM. */
export const CHROMIUM = process.env.WINNOW_CHROMIUM ?? "/usr/bin/chromium";
export const ARTIFACTS = new URL("../test-artifacts/", import.meta.url).pathname;

export interface BrowserSession {
  /** The app on a real loopback server. */
  base: string;
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and dialogs seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * The service on 127.0.0.1 and a headless chromium driven by playwright-core, in a throw-away profile. Console errors,
 * uncaught page errors and dialogs (dismissed) are collected in `errors`, so tests can require there were none.
 */
export async function openBrowser(t: TestService, options: { extraHTTPHeaders?: Record<string, string> } = {}): Promise<BrowserSession> {
  if (!existsSync(CHROMIUM)) throw new Error(`chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set WINNOW_CHROMIUM)`);
  const server: ServerType = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const profileDir = mkdtempSync(join(tmpdir(), "winnow-chromium-"));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport: { width: 1280, height: 900 },
    ...(options.extraHTTPHeaders ? { extraHTTPHeaders: options.extraHTTPHeaders } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("dialog", (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return {
    base,
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      await new Promise((r) => server.close(r));
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
