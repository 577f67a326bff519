import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * A fault served instead of (or around) the normal answer of an operation, consumed once:
 * - `status`: answer this HTTP status without doing anything (429 with `retryAfter` seconds, 500, 404 "not ready");
 * - `hangMs`: wait this long before doing anything (a client with a shorter timeout gives up; nothing happened);
 * - `lostResponseMs`: do the work, then hold the answer this long (the write happened but the client never learns);
 * - `json`: answer 200 with this body instead (Ashby's errors-in-200, Lever's resume still processing).
 */
export interface Fault {
  status?: number;
  retryAfter?: number;
  headers?: Record<string, string>;
  hangMs?: number;
  lostResponseMs?: number;
  json?: unknown;
}

export interface Req {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: Buffer;
  json: any;
  params: string[];
}

export type Reply = { status: number; json?: unknown; bytes?: Uint8Array; headers?: Record<string, string> };
type Handler = (req: Req) => Reply | Promise<Reply>;

interface Route {
  method: string;
  pattern: RegExp;
  op: string;
  handler: Handler;
  /** Whether the API key is checked (signed file URLs are not). */
  auth: boolean;
}

export interface LoggedRequest {
  op: string;
  method: string;
  path: string;
  query: URLSearchParams;
  status: number;
  headers: IncomingMessage["headers"];
  at: number;
}

export interface FakeResume {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Shared machinery of the fake ATS servers: real HTTP on 127.0.0.1, Basic-auth check, a route table of named
 * operations, per-operation fault queues, a request log and signed-looking file URLs.
 */
export abstract class FakeAtsServer {
  readonly apiKey: string;
  readonly log: LoggedRequest[] = [];
  protected readonly files = new Map<string, FakeResume>();
  private readonly routes: Route[] = [];
  private readonly faults = new Map<string, Fault[]>();
  private server: Server | undefined;
  private readonly open = new Set<ServerResponse>();
  url = "";

  constructor(apiKey = `fake-key-${randomUUID()}`) {
    this.apiKey = apiKey;
    this.route("GET", /^\/files\/([\w-]+)$/, "download", (req) => this.serveFile(req), false);
  }

  protected route(method: string, pattern: RegExp, op: string, handler: Handler, auth = true): void {
    this.routes.push({ method, pattern, op, handler, auth });
  }

  /** An unauthenticated route for driving the fake by hand (`npm run fake:ats`). */
  controlRoute(method: string, pattern: RegExp, handler: Handler): void {
    this.routes.unshift({ method, pattern, op: "control", handler, auth: false });
  }

  /** Queues faults for an operation; each is used by one request, in order. */
  inject(op: string, ...faults: Fault[]): this {
    this.faults.set(op, [...(this.faults.get(op) ?? []), ...faults]);
    return this;
  }

  pendingFaults(op: string): number {
    return this.faults.get(op)?.length ?? 0;
  }

  calls(op: string): LoggedRequest[] {
    return this.log.filter((r) => r.op === op);
  }

  /**
   * When set, file URLs expire this long after they were handed out and then answer 403, as an expired S3 link does
   * (Greenhouse's attachment URLs last 7 days). Unset: they never expire.
   */
  fileUrlTtlMs: number | undefined;

  /** A file behind an unauthenticated, signed-looking URL (Greenhouse's S3 links, Ashby's file.info URLs). */
  protected storeFile(file: FakeResume): string {
    const id = randomUUID();
    this.files.set(id, file);
    return this.fileUrl(id);
  }

  private fileUrl(id: string): string {
    return `${this.url}/files/${id}?X-Amz-Date=${Date.now()}&X-Amz-Signature=${randomUUID().replaceAll("-", "")}`;
  }

  /** The same file behind a newly signed URL, as an API read hands out; other values are returned as they are. */
  protected resign(url: unknown): unknown {
    const id = typeof url === "string" ? /\/files\/([\w-]+)\?/.exec(url)?.[1] : undefined;
    return id && this.files.has(id) ? this.fileUrl(id) : url;
  }

  private serveFile(req: Req): Reply {
    const file = this.files.get(req.params[0]!);
    if (!file) return { status: 404, json: { message: "no such file" } };
    const issued = Number(req.query.get("X-Amz-Date"));
    if (this.fileUrlTtlMs !== undefined && !(Date.now() - issued <= this.fileUrlTtlMs)) return { status: 403, json: { message: "Request has expired" } };
    return { status: 200, bytes: file.bytes, headers: { "content-type": file.contentType } };
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.open) res.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }

  /** Whether an authenticated route may be served: the API key as Basic-auth user; fakes with other schemes override. */
  protected authorised(req: IncomingMessage, _path: string): boolean {
    return req.headers.authorization === `Basic ${Buffer.from(`${this.apiKey}:`).toString("base64")}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.open.add(res);
    res.on("close", () => this.open.delete(res));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://fake");
    const route = this.routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
    const op = route?.op ?? "unknown";
    const send = (reply: Reply) => {
      this.log.push({ op, method: req.method ?? "", path: url.pathname, query: url.searchParams, status: reply.status, headers: req.headers, at: Date.now() });
      if (res.destroyed) return;
      const payload = reply.bytes ? Buffer.from(reply.bytes) : reply.json === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(reply.json));
      res.writeHead(reply.status, { ...(reply.bytes ? {} : { "content-type": "application/json" }), "content-length": payload.length, ...reply.headers });
      res.end(payload);
    };
    if (!route) return send({ status: 404, json: { message: `fake: no route ${req.method} ${url.pathname}` } });
    if (route.auth && !this.authorised(req, url.pathname)) return send({ status: 401, json: { message: "Invalid credentials" } });

    const fault = this.faults.get(op)?.shift();
    if (fault?.hangMs) await sleep(fault.hangMs);
    if (fault?.status) {
      return send({
        status: fault.status,
        json: { message: `fake fault ${fault.status}` },
        headers: { ...(fault.retryAfter !== undefined ? { "retry-after": String(fault.retryAfter) } : {}), ...fault.headers },
      });
    }
    if (fault?.json !== undefined) return send({ status: 200, json: fault.json });
    let json: unknown;
    try {
      // Form bodies (OAuth token requests) are read by their handler from `body`.
      const form = String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
      json = body.length && !form ? JSON.parse(body.toString("utf8")) : undefined;
    } catch {
      return send({ status: 400, json: { message: "body is not JSON" } });
    }
    const match = route.pattern.exec(url.pathname)!;
    const reply = await route.handler({
      method: req.method ?? "",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      json,
      params: match.slice(1).map(decodeURIComponent),
    });
    if (fault?.lostResponseMs) await sleep(fault.lostResponseMs);
    send(reply);
  }
}

/** Delivers a webhook like a provider: POSTs the exact bytes with the given headers; returns status and JSON. */
export async function postWebhook(url: string, body: string | Uint8Array, headers: Record<string, string>): Promise<{ status: number; json: any }> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : Buffer.from(body) });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}
