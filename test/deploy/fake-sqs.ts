import { createHash, randomUUID } from "node:crypto";
import { createServer } from "node:http";

export interface FakeSqs {
  /** A queue URL on this server: the SQS client sends to the queue URL's host. */
  queueUrl: string;
  /** Bodies of the messages sent, in order. */
  sent: string[];
  close(): Promise<void>;
}

/**
 * Just enough of SQS's JSON protocol for `SendMessage`: what the HTTP function does when it accepts a webhook. The
 * SDK checks the MD5 of the body in the answer, so the fake computes it like SQS.
 */
export async function startFakeSqs(): Promise<FakeSqs> {
  const sent: string[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      const target = String(req.headers["x-amz-target"] ?? "");
      if (target !== "AmazonSQS.SendMessage") {
        res.writeHead(400, { "content-type": "application/x-amz-json-1.0" });
        res.end(JSON.stringify({ __type: "com.amazonaws.sqs#UnsupportedOperation", message: `fake SQS does not do ${target}` }));
        return;
      }
      const { MessageBody } = JSON.parse(raw) as { MessageBody: string };
      sent.push(MessageBody);
      res.writeHead(200, { "content-type": "application/x-amz-json-1.0" });
      res.end(JSON.stringify({ MessageId: randomUUID(), MD5OfMessageBody: createHash("md5").update(MessageBody).digest("hex") }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    queueUrl: `http://127.0.0.1:${port}/123456789012/winnow-test-ScreeningQueue`,
    sent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
