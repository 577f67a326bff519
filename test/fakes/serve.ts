/**
 * npm run fake:ats -- <greenhouse|lever|ashby> --webhook-url URL --secret S [--port 4010] [--api-key K]
 *                     [--client-id ID --client-secret S]   (Greenhouse Harvest v3 OAuth client)
 *
 * A fake ATS for trying Winnow by hand: the provider's API subset on 127.0.0.1, plus
 *   POST /_fake/apply   {"first_name","last_name","email","resume_text"} → a candidate applies; the signed webhook
 *                       goes to --webhook-url and its answer is shown
 *   GET  /_fake/notes   every note written back so far
 */
import { parseArgs } from "node:util";
import { isProvider } from "@winnow/ats";
import { postWebhook } from "./fake-server.ts";
import { FakeGreenhouse, createFake } from "./index.ts";
import { textResume, type FakeApplication } from "./provider.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: "string" },
    "webhook-url": { type: "string" },
    secret: { type: "string" },
    "api-key": { type: "string" },
    "client-id": { type: "string" },
    "client-secret": { type: "string" },
  },
});
const provider = positionals[0] ?? "";
if (!isProvider(provider) || !values["webhook-url"] || !values.secret) {
  console.error("usage: npm run fake:ats -- <greenhouse|lever|ashby> --webhook-url URL --secret S [--port 4010] [--api-key K] [--client-id ID --client-secret S]");
  process.exit(1);
}
const webhookUrl = values["webhook-url"];
const secret = values.secret;
// The Greenhouse fake serves Harvest v1 (the API key) and v3 (the OAuth client) side by side.
const fake = createFake(provider, values["api-key"] ?? "fake-api-key", {
  greenhouse: { clientId: values["client-id"] ?? "fake-client-id", clientSecret: values["client-secret"] ?? "fake-client-secret" },
});
const applications: (FakeApplication & { name: string })[] = [];

fake.controlRoute("POST", /^\/_fake\/apply$/, async (req) => {
  const input = (req.json ?? {}) as Record<string, string | undefined>;
  const app = fake.apply({
    ...(input.first_name ? { firstName: input.first_name } : {}),
    ...(input.last_name ? { lastName: input.last_name } : {}),
    ...(input.email ? { email: input.email } : {}),
    ...(input.resume_text ? { resume: textResume(input.resume_text) } : {}),
  });
  applications.push({ ...app, name: `${input.first_name ?? "Alex"} ${input.last_name ?? "Morgan"}` });
  const delivery = fake.applicationWebhook(app, secret);
  const answer = await postWebhook(webhookUrl, delivery.body, delivery.headers).catch((err: Error) => ({ status: 0, json: err.message }));
  return { status: 200, json: { application: app, webhook: { url: webhookUrl, status: answer.status, answer: answer.json } } };
});
fake.controlRoute("GET", /^\/_fake\/notes$/, () => ({
  status: 200,
  json: applications.map((a) => ({ applicationId: a.applicationId, candidate: a.name, notes: fake.notes(a), tags: fake.tags(a), customFields: fake.customFields(a) })),
}));

await fake.start(Number(values.port ?? 4010));
const v3 = fake instanceof FakeGreenhouse ? `; Harvest v3 client: ${fake.clientId} / ${fake.clientSecret}` : "";
console.log(`fake ${provider} API on ${fake.url} (API key: ${fake.apiKey}${v3}); webhooks go to ${webhookUrl}`);
console.log(`  apply:  curl -s -X POST ${fake.url}/_fake/apply -H 'content-type: application/json' -d '{"first_name":"Ada","last_name":"Lovelace"}'`);
console.log(`  notes:  curl -s ${fake.url}/_fake/notes`);
const stop = () => void fake.stop().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
