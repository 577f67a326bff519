import { SQSClient } from "@aws-sdk/client-sqs";
import {
  EmbeddedQueue,
  EmbeddedWorker,
  SqsQueue,
  createAtsRuntime,
  createSealer,
  createWorkerDeps,
  loadEncryptionKey,
  type AtsRuntime,
  type ScreeningQueue,
} from "@winnow/ats";
import type { Services } from "@winnow/services";
import type { Store } from "@winnow/storage";
import type { Config } from "./config.ts";

/** SQS when WINNOW_SCREENING_QUEUE_URL is set (a deployment), else the embedded queue in DynamoDB. */
export function queueFromEnv(env: NodeJS.ProcessEnv = process.env): ScreeningQueue {
  return env.WINNOW_SCREENING_QUEUE_URL ? new SqsQueue({ client: new SQSClient({}), queueUrl: env.WINNOW_SCREENING_QUEUE_URL }) : new EmbeddedQueue();
}

/** The ATS runtime over the store, sealing secrets with WINNOW_ENCRYPTION_KEY or the generated local key. */
export function openAts(store: Store, config: Config, env: NodeJS.ProcessEnv = process.env) {
  const key = loadEncryptionKey({ env, dataDir: config.dataDir });
  const queue = queueFromEnv(env);
  return { runtime: createAtsRuntime(store, { sealer: createSealer(key.key), queue }), key };
}

export interface LocalAts {
  runtime: AtsRuntime;
  keySource: string;
  keyGenerated: boolean;
  /** Starts the in-process worker (unless WINNOW_ATS_WORKER=0 or the queue is SQS); notes link to `publicUrl`. */
  startWorker(services: Services, publicUrl: string): boolean;
  stop(): Promise<void>;
}

/** `npm start`'s ATS side: webhooks land in the embedded queue and an in-process worker screens them. */
export function localAts(store: Store, config: Config, env: NodeJS.ProcessEnv = process.env): LocalAts {
  const { runtime, key } = openAts(store, config, env);
  let worker: EmbeddedWorker | undefined;
  return {
    runtime,
    keySource: key.source,
    keyGenerated: key.generated,
    startWorker(services, publicUrl) {
      if (env.WINNOW_ATS_WORKER === "0" || !(runtime.queue instanceof EmbeddedQueue)) return false;
      worker = new EmbeddedWorker(createWorkerDeps(services, runtime, { publicUrl }), runtime.queue);
      worker.start();
      return true;
    },
    stop: async () => {
      await worker?.stop();
    },
  };
}
