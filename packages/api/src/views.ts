/**
 * The JSON shapes of admin resources (snake_case, as the rest of the API), shared by the admin routes and the CLI so
 * both print the same thing for the same record.
 */
import { harvestVersionOf } from "@winnow/ats";
import type { SCOPES } from "@winnow/storage";
import type { CatalogueVersionSummary } from "@winnow/storage/repos/catalogue";
import type { Connection } from "@winnow/storage/repos/connections";
import type { ScreeningJob } from "@winnow/storage/repos/screening-jobs";
import type { SyncRun } from "@winnow/storage/repos/taxonomy-sync";
import type { WriteBackRecord } from "@winnow/storage/repos/write-backs";

export const keyView = (k: { id: string; prefix: string; scopes: (typeof SCOPES)[number][]; createdAt: string; revokedAt?: string }) => ({
  id: k.id,
  prefix: k.prefix,
  scopes: k.scopes,
  created_at: k.createdAt,
  revoked_at: k.revokedAt ?? null,
});

export const versionView = (v: CatalogueVersionSummary) => ({
  version: v.version,
  source: v.source,
  titles: v.titles,
  skills: v.skills,
  created_at: v.createdAt,
  activated_at: v.activatedAt ?? null,
  active: v.active,
});

export const syncView = (r: SyncRun) => ({
  id: r.id,
  status: r.status,
  trigger: r.trigger,
  source: r.source,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
  finished_at: r.finishedAt ?? null,
  duration_ms: r.finishedAt ? Date.parse(r.finishedAt) - Date.parse(r.createdAt) : null,
  attempts: r.attempts,
  phase: r.phase,
  counts: r.counts,
  version: r.version ?? null,
  previous_version: r.previousVersion ?? null,
  changed: r.changed ?? null,
  warnings: r.warnings ?? [],
  errors: r.errors ?? [],
});

export const webhookPath = (connection: Pick<Connection, "provider" | "id">) => `/webhooks/${connection.provider}/${connection.id}`;

/**
 * A connection, with the webhook URL to configure in the ATS under `baseUrl` (the public URL, whose path a proxy may
 * prefix, or the request's origin).
 */
export function connectionView(connection: Connection, baseUrl: string) {
  return {
    id: connection.id,
    provider: connection.provider,
    account_id: connection.accountId,
    name: connection.name,
    base_url: connection.baseUrl ?? null,
    api_version: connection.provider === "greenhouse" ? harvestVersionOf(connection.writeBack) : null,
    webhook_url: `${baseUrl.replace(/\/+$/, "")}${webhookPath(connection)}`,
    write_back: {
      note_visibility: connection.writeBack.noteVisibility,
      custom_field: connection.writeBack.customField ?? null,
      tag: connection.writeBack.tag ?? null,
      acting_user_id: connection.writeBack.actingUserId ?? null,
    },
    job_filter: connection.jobFilter ?? [],
    created_at: connection.createdAt,
    updated_at: connection.updatedAt,
  };
}

export function jobView(job: ScreeningJob, writes: WriteBackRecord[] = []) {
  return {
    job_id: job.jobId,
    connection_id: job.connectionId,
    provider: job.provider,
    account_id: job.accountId,
    application_id: job.applicationId,
    status: job.status,
    attempts: job.attempts,
    last_error: job.lastError ?? null,
    errors: job.errors ?? [],
    score: job.scored?.score ?? null,
    write_backs: writes.map((w) => ({ step: w.step, how: w.how, remote_id: w.remoteId ?? null, detail: w.detail, at: w.at })),
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    dead_at: job.deadAt ?? null,
    finished_at: job.finishedAt ?? null,
  };
}

