import { randomUUID } from "node:crypto";
import { SQSClient } from "@aws-sdk/client-sqs";
import type { Context, SQSEvent } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqsQueue, screeningId } from "@winnow/ats";
import { createScreeningHandler } from "@winnow/functions/worker";
import { atsHarness, type AtsHarness } from "./ats-harness.ts";
import { FakeSqs, sqsRecord } from "./fakes/sqs.ts";

const QUEUE_URL = "https://sqs.eu-central-1.amazonaws.com/123456789012/winnow-screening";
const context = { functionName: "winnow-screening-worker", awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 60_000 } as unknown as Context;

describe("SQS queue and the Lambda worker (partial batch responses)", () => {
  let sqs: FakeSqs;
  let client: SQSClient;
  let h: AtsHarness;
  beforeAll(async () => {
    sqs = await new FakeSqs().start();
    client = new SQSClient({ endpoint: sqs.url, region: "eu-central-1", credentials: { accessKeyId: "test", secretAccessKey: "test" } });
    h = await atsHarness("greenhouse", { queue: new SqsQueue({ client, queueUrl: QUEUE_URL }) });
  });
  afterAll(async () => {
    await h?.close();
    client?.destroy();
    await sqs?.stop();
  });

  const messagesFor = (jobId: string) => sqs.messages.filter((m) => JSON.parse(m.body).jobId === jobId);

  it("sends one message per accepted job, none for duplicates", async () => {
    const app = h.fake.apply();
    const delivery = h.fake.applicationWebhook(app, h.secret);
    for (let i = 0; i < 3; i++) expect((await h.deliver(delivery)).status).toBe(200);
    const jobId = screeningId(h.connectionId, app.applicationId);
    expect(messagesFor(jobId)).toEqual([expect.objectContaining({ queueUrl: QUEUE_URL, body: JSON.stringify({ jobId }) })]);
    // The job waits in DynamoDB outside the embedded queue's index.
    expect(await h.jobOf(app)).toMatchObject({ status: "queued", queue: "sqs", attempts: 0 });
  });

  it("processes a batch, reporting only the poisoned record as failed; a redelivered message changes nothing", async () => {
    const a = h.fake.apply({ firstName: "Ada" });
    const b = h.fake.apply({ firstName: "Bo" });
    for (const app of [a, b]) expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
    const sent = [a, b].map((app) => messagesFor(screeningId(h.connectionId, app.applicationId))[0]!);
    const poisoned = { messageId: randomUUID(), body: "{\"jobId\": 42" };
    const event: SQSEvent = { Records: [sqsRecord(sent[0]!), sqsRecord(poisoned), sqsRecord(sent[1]!)] };

    const handler = createScreeningHandler(h.workerDeps());
    expect(await handler(event, context)).toEqual({ batchItemFailures: [{ itemIdentifier: poisoned.messageId }] });
    for (const app of [a, b]) {
      expect(await h.jobOf(app)).toMatchObject({ status: "done", attempts: 1 });
      expect(h.fake.notes(app)).toHaveLength(1);
    }

    // SQS is at-least-once: the same message again (receive count 2) is acknowledged without a second note.
    expect(await handler({ Records: [sqsRecord(sent[0]!, undefined, 2)] }, context)).toEqual({ batchItemFailures: [] });
    expect(h.fake.notes(a)).toHaveLength(1);
  });

  it("fails the record of a job that must retry, and succeeds on the redelivery", async () => {
    const app = h.fake.apply();
    expect((await h.deliver(h.fake.applicationWebhook(app, h.secret))).status).toBe(200);
    const message = messagesFor(screeningId(h.connectionId, app.applicationId))[0]!;
    h.fake.inject(h.fake.ops.createNote, { status: 500 });
    const handler = createScreeningHandler(h.workerDeps());

    expect(await handler({ Records: [sqsRecord(message)] }, context)).toEqual({ batchItemFailures: [{ itemIdentifier: message.messageId }] });
    expect(await h.jobOf(app)).toMatchObject({ status: "queued", attempts: 1, lastError: expect.stringContaining("HTTP 500") });
    expect(h.fake.notes(app)).toHaveLength(0);

    expect(await handler({ Records: [sqsRecord(message, undefined, 2)] }, context)).toEqual({ batchItemFailures: [] });
    expect(await h.jobOf(app)).toMatchObject({ status: "done", attempts: 2 });
    expect(h.fake.notes(app)).toHaveLength(1);
  });
});
