import { v5 as uuidv5 } from "uuid";
import type { Services } from "@winnow/services";
import { AccountRepository, SubjectRepository, type Store } from "@winnow/storage";
import { ConnectionRepository, type Sealer } from "@winnow/storage/repos/connections";
import { ScreeningJobRepository } from "@winnow/storage/repos/screening-jobs";
import { WebhookDeliveryRepository } from "@winnow/storage/repos/webhook-deliveries";
import { WriteBackRepository } from "@winnow/storage/repos/write-backs";
import type { ScreeningQueue } from "./queue/types.ts";
import { ClientPool, DEFAULT_WORKER_OPTIONS, type WorkerDeps, type WorkerOptions } from "./worker.ts";

/** Everything the webhook receiver, the admin routes and the worker share. */
export interface AtsRuntime {
  /** For the account's retention, stamped on jobs and deliveries as they are created. */
  accounts: AccountRepository;
  /** Subject index: a job is findable by its ATS candidate id from intake on, even if it never gets screened. */
  subjects: SubjectRepository;
  connections: ConnectionRepository;
  deliveries: WebhookDeliveryRepository;
  jobs: ScreeningJobRepository;
  writes: WriteBackRepository;
  queue: ScreeningQueue;
  log: (entry: Record<string, unknown>) => void;
}

export const jsonLog = (entry: Record<string, unknown>) => console.log(JSON.stringify({ at: new Date().toISOString(), ...entry }));

export interface AtsRuntimeOptions {
  sealer: Sealer;
  queue: ScreeningQueue;
  /** Name of the embedded queue's partition (default "default"); separate processes sharing a table can differ. */
  queueName?: string;
  log?: AtsRuntime["log"];
}

export function createAtsRuntime(store: Store, options: AtsRuntimeOptions): AtsRuntime {
  return {
    accounts: new AccountRepository(store),
    subjects: new SubjectRepository(store),
    connections: new ConnectionRepository(store, options.sealer),
    deliveries: new WebhookDeliveryRepository(store),
    jobs: new ScreeningJobRepository(store, options.queueName ? { queueName: options.queueName } : {}),
    writes: new WriteBackRepository(store),
    queue: options.queue,
    log: options.log ?? jsonLog,
  };
}

export function createWorkerDeps(
  services: Services,
  runtime: AtsRuntime,
  options: Partial<WorkerOptions> = {},
  hooks?: WorkerDeps["hooks"],
): WorkerDeps {
  const merged = { ...DEFAULT_WORKER_OPTIONS, ...options };
  return {
    services,
    connections: runtime.connections,
    jobs: runtime.jobs,
    writes: runtime.writes,
    clients: new ClientPool(merged.http),
    options: merged,
    log: runtime.log,
    ...(hooks ? { hooks } : {}),
  };
}

const SCREENING_NAMESPACE = "7f0e3c52-4f7b-5d51-9a0c-2b6f8d1e4a93";

/**
 * One screening per connection and application: the job id — also the match id, and the note's marker — is derived
 * from both, so every delivery, retry and replay for the application lands on the same job and the same match.
 */
export const screeningId = (connectionId: string, applicationId: string) => uuidv5(`${connectionId}:${applicationId}`, SCREENING_NAMESPACE);
