import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export class ResumeFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ResumeFetchError";
  }
}

export interface ResumeFetchOptions {
  /** Allow loopback, private and link-local targets (tests only: WINNOW_ALLOW_PRIVATE_URLS=1). */
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export type ResumeFetcher = (url: string) => Promise<Uint8Array>;

/** Only ordinary public unicast addresses are reachable: no loopback, private, link-local, CGNAT, multicast, etc. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}

/**
 * Fetches a resume over http/https. The address check runs inside the socket's DNS lookup (and on IP literals), so
 * the address that was checked is the one connected to — DNS rebinding cannot slip a private address in — and it
 * runs again on every redirect hop. The whole fetch has one deadline and a byte cap.
 */
export function createResumeFetcher(options: ResumeFetchOptions): ResumeFetcher {
  const guardedLookup: LookupFunction = (hostname, opts, callback) => {
    dnsLookup(hostname, { ...opts, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 4);
      const list = addresses as LookupAddress[];
      const blocked = list.find((a) => !options.allowPrivate && !isPublicAddress(a.address));
      if (blocked || list.length === 0) {
        return callback(new ResumeFetchError(`refusing to fetch from ${hostname}: it resolves to a non-public address`), "", 4);
      }
      if ((opts as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

  const once = (url: URL, signal: AbortSignal): Promise<{ redirect?: string; body?: Uint8Array }> =>
    new Promise((resolve, reject) => {
      const host = url.hostname.replace(/^\[|\]$/g, "");
      if (isIP(host) && !options.allowPrivate && !isPublicAddress(host)) {
        return reject(new ResumeFetchError(`refusing to fetch from ${host}: not a public address`));
      }
      // Not a top-level `import http`: Node builds the ESM view of node:http by reading every export, which loads
      // undici (~20 ms of every Lambda cold start) for a module most requests never use.
      const client = url.protocol === "https:" ? process.getBuiltinModule("node:https") : process.getBuiltinModule("node:http");
      const req = client.get(url, { lookup: guardedLookup, signal, headers: { "user-agent": "Winnow-Resume-Fetcher/1.0", accept: "*/*" } }, (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ redirect: new URL(res.headers.location, url).toString() });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return reject(new ResumeFetchError(`resume URL answered HTTP ${status}`));
        }
        const declared = Number(res.headers["content-length"] ?? "0");
        if (declared > options.maxBytes) {
          res.destroy();
          return reject(new ResumeFetchError(`resume is larger than ${options.maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(new ResumeFetchError(`resume is larger than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolve({ body: new Uint8Array(Buffer.concat(chunks)) }));
        res.on("error", (err) => reject(new ResumeFetchError(`resume download failed: ${err.message}`)));
      });
      req.on("error", (err) => {
        if (err instanceof ResumeFetchError) return reject(err);
        if (signal.aborted) return reject(new ResumeFetchError(`resume download timed out after ${options.timeoutMs} ms`));
        const cause = (err as { cause?: unknown }).cause;
        reject(cause instanceof ResumeFetchError ? cause : new ResumeFetchError(`resume download failed: ${err.message}`));
      });
    });

  return async (raw: string) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ResumeFetchError("resume is not a valid URL");
    }
    const signal = AbortSignal.timeout(options.timeoutMs);
    for (let hop = 0; hop <= options.maxRedirects; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw new ResumeFetchError(`resume URL must use http or https, not ${url.protocol.replace(":", "")}`);
      }
      if (url.username || url.password) throw new ResumeFetchError("resume URL must not carry credentials");
      const result = await once(url, signal);
      if (result.body) return result.body;
      url = new URL(result.redirect!);
    }
    throw new ResumeFetchError(`resume URL redirected more than ${options.maxRedirects} times`);
  };
}
