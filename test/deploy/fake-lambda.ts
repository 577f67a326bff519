import { createServer } from "node:http";

export interface FakeLambda {
  /** For AWS_ENDPOINT_URL_LAMBDA: the SDK sends Invoke calls here. */
  endpoint: string;
  /** Asynchronous invocations received, in order. */
  invocations: { functionName: string; payload: unknown }[];
  close(): Promise<void>;
}

/**
 * Just enough of Lambda's Invoke API (POST /2015-03-31/functions/<name>/invocations) for asynchronous invocations:
 * what the HTTP function does when the admin API starts a taxonomy sync. Anything else is refused, so a synchronous
 * call by mistake fails the test.
 */
export async function startFakeLambda(): Promise<FakeLambda> {
  const invocations: FakeLambda["invocations"] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(req.url ?? "");
      if (req.method !== "POST" || !match || req.headers["x-amz-invocation-type"] !== "Event") {
        res.writeHead(400, { "content-type": "application/json", "x-amzn-errortype": "InvalidRequestContentException" });
        res.end(JSON.stringify({ message: `fake Lambda only takes asynchronous invocations, got ${req.method} ${req.url}` }));
        return;
      }
      invocations.push({ functionName: decodeURIComponent(match[1]!), payload: JSON.parse(raw) });
      res.writeHead(202, { "content-type": "application/json" });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    invocations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
