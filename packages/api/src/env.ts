import type { RequestIdVariables } from "hono/request-id";
import type { Scope, SessionRecord } from "@winnow/storage";
import type { Credential, Services } from "@winnow/services";
import type { AtsRuntime } from "@winnow/ats";
import type { SyncLauncher } from "./sync-launcher.ts";

/** Who is calling v1: the account (tenant) every query is scoped to, the granted scopes, and the credential used. */
export interface Principal {
  accountId: string;
  scopes: Scope[];
  credential: Credential;
}

export interface AppEnv {
  Variables: RequestIdVariables & {
    services: Services;
    principal?: Principal;
    /** Dashboard: the signed-in session and its cookie token. */
    session?: SessionRecord & { token: string };
    /** ATS connections, webhook intake and queue; absent when the process runs without them. */
    ats?: AtsRuntime;
    /** How POST /admin/taxonomy/sync starts a sync; in this process when absent. */
    launchSync?: SyncLauncher;
    /**
     * Set where the runtime buffers a whole response before sending it (Lambda behind API Gateway caps it at 6 MB):
     * streamed bodies must then fit this many bytes. Absent: responses stream (Node server).
     */
    maxResponseBytes?: number;
    /** The address the service is reached at from outside (WINNOW_PUBLIC_URL), for the URLs it hands out. */
    publicUrl?: string;
  };
}
