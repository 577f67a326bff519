import type { ScreeningJobRepository } from "@winnow/storage/repos/screening-jobs";
import { processScreeningJob, type JobOutcome, type WorkerDeps } from "../worker.ts";
import type { ScreeningQueue } from "./types.ts";

/**
 * The queue of `npm start`: jobs live in DynamoDB (gsi1 `ATSQUEUE`, ordered by due time), so nothing accepted is
 * lost when the process stops or dies; enqueue only wakes the in-process worker early.
 */
export class EmbeddedQueue implements ScreeningQueue {
  readonly kind = "embedded" as const;
  private readonly listeners = new Set<() => void>();

  async enqueue(): Promise<void> {
    for (const listener of this.listeners) listener();
  }

  onEnqueue(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export interface EmbeddedWorkerOptions {
  /** Jobs processed at once. */
  concurrency: number;
  /** How often the due index is polled when nothing wakes the worker. */
  pollMs: number;
  /** How long stop() waits for running jobs before leaving them to lease expiry. */
  stopTimeoutMs: number;
}

export const DEFAULT_EMBEDDED_WORKER: EmbeddedWorkerOptions = { concurrency: 2, pollMs: 1000, stopTimeoutMs: 10_000 };

/**
 * Polls the due index and runs jobs. A job claimed by a process that died stays indexed at its lease end and
 * is picked up again when the lease runs out.
 */
export class EmbeddedWorker {
  private readonly deps: WorkerDeps;
  private readonly jobs: ScreeningJobRepository;
  private readonly options: EmbeddedWorkerOptions;
  private readonly queue: EmbeddedQueue;
  private readonly running = new Map<string, Promise<JobOutcome | undefined>>();
  private stopped = true;
  private loop: Promise<void> | undefined;
  private wakeIdle: (() => void) | undefined;
  /** Set by a wake-up that came while polling, so the next idle returns at once instead of missing it. */
  private woken = false;
  private unsubscribe: (() => void) | undefined;
  private readonly outcomeListeners = new Set<(o: JobOutcome) => void>();

  constructor(deps: WorkerDeps, queue: EmbeddedQueue, options: Partial<EmbeddedWorkerOptions> = {}) {
    this.deps = deps;
    this.jobs = deps.jobs;
    this.queue = queue;
    this.options = { ...DEFAULT_EMBEDDED_WORKER, ...options };
  }

  /** Observes every settled job (tests and the benchmark wait on these). */
  onOutcome(listener: (o: JobOutcome) => void): () => void {
    this.outcomeListeners.add(listener);
    return () => this.outcomeListeners.delete(listener);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.queue.onEnqueue(() => this.wake());
    this.loop = this.run();
  }

  /** Stops polling and waits for running jobs (up to stopTimeoutMs); unfinished ones resume after their lease. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribe?.();
    this.wake();
    await this.loop;
    await Promise.race([
      Promise.allSettled([...this.running.values()]),
      new Promise((resolve) => setTimeout(resolve, this.options.stopTimeoutMs).unref()),
    ]);
  }

  private async run(): Promise<void> {
    const log = this.deps.log ?? ((e: Record<string, unknown>) => console.error(JSON.stringify(e)));
    while (!this.stopped) {
      this.woken = false;
      let found = 0;
      try {
        const free = this.options.concurrency - this.running.size;
        if (free > 0) {
          const due = await this.jobs.due(new Date(), free + this.running.size);
          for (const jobId of due) {
            if (this.stopped || this.running.size >= this.options.concurrency) break;
            if (this.running.has(jobId)) continue;
            found++;
            this.launch(jobId);
          }
        }
      } catch (err) {
        log({ level: "error", message: "embedded queue poll failed", detail: (err as Error).message });
      }
      if (this.stopped) break;
      // Poll again at once after launching work (more may be due); otherwise sleep until woken or the poll interval.
      if (found === 0 || this.running.size >= this.options.concurrency) await this.idle();
    }
  }

  private launch(jobId: string): void {
    const log = this.deps.log ?? ((e: Record<string, unknown>) => console.error(JSON.stringify(e)));
    const run = processScreeningJob(this.deps, jobId)
      .then((outcome) => {
        for (const listener of this.outcomeListeners) listener(outcome);
        return outcome;
      })
      .catch((err: Error) => {
        // Storage unreachable while settling: the lease runs out and the job is retried then.
        log({ level: "error", message: "screening job crashed", jobId, detail: err.message });
        return undefined;
      })
      .finally(() => {
        this.running.delete(jobId);
        this.wake();
      });
    this.running.set(jobId, run);
  }

  private wake(): void {
    this.woken = true;
    this.wakeIdle?.();
  }

  private idle(): Promise<void> {
    if (this.woken) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wakeIdle?.(), this.options.pollMs);
      this.wakeIdle = () => {
        this.wakeIdle = undefined;
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
