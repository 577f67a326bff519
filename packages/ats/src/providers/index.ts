import type { AtsProvider } from "@winnow/storage/repos/connections";
import type { ProviderModule } from "../types.ts";
import { ashby } from "./ashby.ts";
import { greenhouse } from "./greenhouse.ts";
import { lever } from "./lever.ts";

export const providers: Record<AtsProvider, ProviderModule> = { greenhouse, lever, ashby };

export const isProvider = (value: string): value is AtsProvider => Object.hasOwn(providers, value);

export { ashby, greenhouse, lever };
