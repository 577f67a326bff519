import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { expect } from "vitest";
import type { AtsHarness } from "../ats-harness.ts";

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** Reads an answer once, keeping the raw text so stack traces and non-JSON bodies show up in assertions. */
export async function read(res: Response): Promise<Answer> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** An admin call through the in-process app; `token: null` sends no Authorization header. */
export function adminCaller(h: Pick<AtsHarness, "app" | "adminToken">) {
  return async (
    path: string,
    init: { method?: string; json?: unknown; body?: string; token?: string | null; authorization?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const headers = new Headers(init.headers);
    const token = init.token === undefined ? h.adminToken : init.token;
    if (init.authorization !== undefined) headers.set("authorization", init.authorization);
    else if (token) headers.set("authorization", `Bearer ${token}`);
    if (init.json !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
    return read(await h.app.request(path, { method: init.method ?? "GET", headers, ...(body !== undefined ? { body } : {}) }));
  };
}

/** A V8 stack frame ("    at fn (file.ts:12:3)"), the mark of a leaked stack trace. */
export const STACK_FRAME = /\n\s+at .*:\d+:\d+\)?$/m;

/** The standard error shape of docs/errors.md, with the given code, and nothing that looks like a stack trace. */
export function expectError(res: Answer, status: number, code: number): void {
  expect({ status: res.status, body: res.json }).toEqual({ status, body: { error: code, message: expect.any(String) } });
  expect(res.text).not.toMatch(STACK_FRAME);
}

/** The authentication error shape: `{status: false, message}`. */
export function expectAuthError(res: Answer, status = 401): void {
  expect({ status: res.status, body: res.json }).toEqual({ status, body: { status: false, message: expect.any(String) } });
}

export const hmacHex = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest("hex");

/** A Lever delivery signed the way Lever signs it: HMAC over token + triggeredAt, in the body. */
export function leverDelivery(secret: string, fields: { token: string; triggeredAt: number; event?: string; data?: Record<string, unknown> }) {
  const { token, triggeredAt } = fields;
  const body = JSON.stringify({ event: fields.event ?? "applicationCreated", triggeredAt, token, data: fields.data ?? { opportunityId: "opp-1" }, signature: hmacHex(secret, token + String(triggeredAt)) });
  return { body, headers: {} as Record<string, string> };
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run cli -- …` the way npm does, against the test table. */
export function cli(env: Record<string, string>, ...args: string[]): CliResult {
  const r = spawnSync(process.execPath, ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "packages/cli/src/main.ts", ...args], {
    cwd: new URL("../..", import.meta.url).pathname,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
