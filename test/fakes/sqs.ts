import { createHash, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";

export interface SentMessage {
  messageId: string;
  queueUrl: string;
  body: string;
  sentAt: number;
}

/**
 * The SendMessage operation of SQS's JSON protocol on 127.0.0.1, enough for the AWS SDK client (which checks the
 * MD5 of the body it sent). Sent messages are kept for the test to turn into Lambda events.
 */
export class FakeSqs {
  readonly messages: SentMessage[] = [];
  private server: Server | undefined;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const target = String(req.headers["x-amz-target"] ?? "");
        const input = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
        if (target !== "AmazonSQS.SendMessage") {
          res.writeHead(400, { "content-type": "application/x-amz-json-1.0" });
          return res.end(JSON.stringify({ __type: "com.amazonaws.sqs#UnsupportedOperation", message: target }));
        }
        const message = { messageId: randomUUID(), queueUrl: input.QueueUrl, body: input.MessageBody, sentAt: Date.now() };
        this.messages.push(message);
        res.writeHead(200, { "content-type": "application/x-amz-json-1.0" });
        res.end(JSON.stringify({ MessageId: message.messageId, MD5OfMessageBody: createHash("md5").update(message.body).digest("hex") }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** An SQS → Lambda event record exactly as Lambda delivers it. */
export function sqsRecord(message: { messageId: string; body: string }, queueArn = "arn:aws:sqs:eu-central-1:123456789012:winnow-screening", receiveCount = 1) {
  return {
    messageId: message.messageId,
    receiptHandle: `AQEB${randomUUID().replaceAll("-", "")}`,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: String(Date.now()),
      SenderId: "AIDAIENQZJOLO23YVJ4VO",
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: createHash("md5").update(message.body).digest("hex"),
    eventSource: "aws:sqs",
    eventSourceARN: queueArn,
    awsRegion: "eu-central-1",
  };
}
