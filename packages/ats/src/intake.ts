import { isUuidShaped } from "@winnow/core/catalogue/ids";
import { DEFAULT_RETENTION_DAYS, expiresAtFor } from "@winnow/storage";
import { DELIVERY_RETENTION_MS } from "@winnow/storage/repos/webhook-deliveries";
import { providers, isProvider } from "./providers/index.ts";
import { screeningId, type AtsRuntime } from "./runtime.ts";

export type IntakeResult =
  | { status: 200; outcome: "ping" | "ignored" | "accepted" | "duplicate"; message: string; jobId?: string }
  | { status: 400 | 401; message: string }
  | { status: 404; message: string; missing: "provider" | "connection" };

export interface WebhookInput {
  provider: string;
  connectionId: string;
  raw: Uint8Array;
  headers: Headers;
  now?: Date;
}

/**
 * One webhook delivery, HTTP-agnostic: connection → signature on the raw bytes → event → dedupe → job → queue.
 * Only a verified delivery is stored. The job is created (idempotently) and enqueued before the delivery is marked
 * done, so a receiver that dies half-way leaves a record the provider's redelivery completes, never a lost job.
 */
export async function receiveWebhook(rt: AtsRuntime, input: WebhookInput): Promise<IntakeResult> {
  const now = input.now ?? new Date();
  if (!isProvider(input.provider)) return { status: 404, missing: "provider", message: `Unknown provider "${input.provider.slice(0, 40)}"` };
  // Unknown id and another provider's connection answer alike, so ids cannot be probed per provider.
  const connection = isUuidShaped(input.connectionId) ? await rt.connections.getWithSecrets(input.connectionId) : undefined;
  if (!connection || connection.provider !== input.provider) return { status: 404, missing: "connection", message: "No such connection" };

  const adapter = providers[connection.provider].webhook;
  const verified = adapter.verify(input.raw, input.headers, connection.webhookSecret, now);
  if (!verified.ok) {
    if (verified.problem === "signature") {
      rt.log({ level: "warn", message: "webhook rejected: bad signature", provider: connection.provider, connectionId: connection.id, reason: verified.message });
      return { status: 401, message: "Invalid webhook signature" };
    }
    return { status: 400, message: verified.message };
  }
  const event = adapter.classify(verified.body, input.headers, input.raw);
  if (event.kind === "malformed") return { status: 400, message: event.message };
  if (event.kind === "ping") return { status: 200, outcome: "ping", message: "pong" };
  if (event.kind === "ignored") return { status: 200, outcome: "ignored", message: `Ignored ${event.type}: ${event.reason}` };
  if (event.atsJobId && connection.jobFilter?.length && !connection.jobFilter.includes(event.atsJobId)) {
    return { status: 200, outcome: "ignored", message: `Ignored: job ${event.atsJobId} is not in the connection's job filter` };
  }

  const expiresAt = expiresAtFor((await rt.accounts.retentionDays(connection.accountId)) ?? DEFAULT_RETENTION_DAYS, now);
  if (event.signedAt !== undefined && !withinReplayWindow(event.signedAt, expiresAt, now)) {
    rt.log({ level: "warn", message: "webhook rejected: signed too long ago", provider: connection.provider, connectionId: connection.id, signedAt: event.signedAt });
    return { status: 401, message: "Invalid webhook signature" };
  }
  const claim = await rt.deliveries.begin(connection.id, event.deliveryKey, event.type, now, { expiresAt });
  if (!claim.first && claim.existing.state === "enqueued") {
    return { status: 200, outcome: "duplicate", message: "Already received", ...(claim.existing.jobId ? { jobId: claim.existing.jobId } : {}) };
  }

  const jobId = screeningId(connection.id, event.applicationId);
  const { created, job } = await rt.jobs.create(
    {
      jobId,
      connectionId: connection.id,
      accountId: connection.accountId,
      provider: connection.provider,
      applicationId: event.applicationId,
      ...(event.candidateId ? { candidateId: event.candidateId } : {}),
      ...(event.atsJobId ? { atsJobId: event.atsJobId } : {}),
      deliveryKey: event.deliveryKey,
      eventType: event.type,
      expiresAt,
    },
    rt.queue.kind,
    now,
  );
  if (event.candidateId) {
    await rt.subjects.link(connection.accountId, [
      { subjects: [{ kind: "ats", provider: connection.provider, candidateId: event.candidateId }], matchId: jobId, expiresAt: job.expiresAt ?? expiresAt },
    ]);
  }
  // A new delivery for a dead job (a provider's manual re-run) gives it a fresh start; recorded steps are kept.
  const revived = !created && job.status === "dead" && (await rt.jobs.replay(jobId, rt.queue.kind, now)) !== undefined;
  if (created || revived || (job.status === "queued" && job.attempts === 0)) await rt.queue.enqueue(jobId);
  await rt.deliveries.complete(connection.id, event.deliveryKey, jobId);
  rt.log({ level: "info", message: "webhook accepted", provider: connection.provider, connectionId: connection.id, jobId, deliveryKey: event.deliveryKey, newJob: created || revived });
  return {
    status: 200,
    outcome: created || revived ? "accepted" : "duplicate",
    message: created ? "Accepted" : revived ? "Accepted again (the earlier attempt had failed)" : "This application is already being screened",
    jobId,
  };
}

/**
 * Whether a delivery whose signature covers only a key and a time (Lever) may still be taken. Its key's dedupe record
 * lives from the first sighting (never before `signedAt`) for the shorter of the dedupe window and the account's
 * retention; a delivery younger than that lifetime arrives while the record of any earlier sighting still exists, so
 * a replay — even one with altered, unsigned data — is caught as a duplicate. An older one might not be: refused.
 */
export function withinReplayWindow(signedAt: number, expiresAtSeconds: number, now: Date): boolean {
  // Whole seconds, as the record's TTL is stored (see WebhookDeliveryRepository.begin).
  const recordEnd = Math.min(expiresAtSeconds, Math.floor((now.getTime() + DELIVERY_RETENTION_MS) / 1000)) * 1000;
  return now.getTime() - signedAt < recordEnd - now.getTime();
}
