import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createResumeFetcher, isPublicAddress, ResumeFetchError } from "./resume-fetch.ts";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/ok") return res.end("resume text");
    if (req.url === "/big") return res.end("x".repeat(4096));
    if (req.url === "/to-file") return res.writeHead(302, { location: "file:///etc/passwd" }).end();
    if (req.url === "/loop") return res.writeHead(302, { location: "/loop" }).end();
    if (req.url === "/hang") return; // never answers
    res.writeHead(500).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

const options = { allowPrivate: true, timeoutMs: 2000, maxBytes: 1024, maxRedirects: 3 };

describe("isPublicAddress", () => {
  it("accepts public unicast and refuses every internal range", () => {
    expect(isPublicAddress("93.184.216.34")).toBe(true);
    expect(isPublicAddress("2606:4700::1111")).toBe(true);
    for (const a of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "::1", "fe80::1", "fc00::1", "::ffff:127.0.0.1", "::"]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    expect(isPublicAddress("not-an-ip")).toBe(false);
  });
});

describe("createResumeFetcher", () => {
  it("refuses loopback and private targets unless allowed, whether by IP or by name", async () => {
    const strict = createResumeFetcher({ ...options, allowPrivate: false });
    await expect(strict(`${base}/ok`)).rejects.toThrow(/not a public address/);
    await expect(strict(`http://localhost:${new URL(base).port}/ok`)).rejects.toThrow(/non-public address/);
    await expect(strict("http://[::1]/ok")).rejects.toThrow(/not a public address/);
    await expect(strict("http://169.254.169.254/latest/meta-data")).rejects.toThrow(ResumeFetchError);
  });

  it("fetches, follows redirects, and re-checks every hop", async () => {
    const fetcher = createResumeFetcher(options);
    expect(Buffer.from(await fetcher(`${base}/ok`)).toString()).toBe("resume text");
    await expect(fetcher(`${base}/to-file`)).rejects.toThrow(/http or https/);
    await expect(fetcher(`${base}/loop`)).rejects.toThrow(/redirected more than 3 times/);
  });

  it("enforces the scheme, the size cap, the deadline and HTTP errors", async () => {
    const fetcher = createResumeFetcher({ ...options, timeoutMs: 300 });
    await expect(fetcher("ftp://example.com/cv.pdf")).rejects.toThrow(/http or https/);
    await expect(fetcher("not a url")).rejects.toThrow(/not a valid URL/);
    await expect(fetcher(`${base}/big`)).rejects.toThrow(/larger than 1024 bytes/);
    await expect(fetcher(`${base}/hang`)).rejects.toThrow(/timed out/);
    await expect(fetcher(`${base}/missing`)).rejects.toThrow(/HTTP 500/);
    await expect(fetcher(`http://user:pw@127.0.0.1:${new URL(base).port}/ok`)).rejects.toThrow(/credentials/);
  });
});
