import type { RequestIdVariables } from "hono/request-id";
import type { KeyPrincipal } from "@winnow/storage";
import type { Services } from "@winnow/services";

export interface AppEnv {
  Variables: RequestIdVariables & {
    services: Services;
    principal?: KeyPrincipal;
  };
}
