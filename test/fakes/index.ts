import type { AtsProvider } from "@winnow/ats";
import { FakeAshby } from "./ashby.ts";
import { FakeGreenhouse } from "./greenhouse.ts";
import { FakeLever } from "./lever.ts";
import type { FakeProvider } from "./provider.ts";

export function createFake(provider: AtsProvider, apiKey?: string): FakeProvider {
  switch (provider) {
    case "greenhouse":
      return new FakeGreenhouse(apiKey);
    case "lever":
      return new FakeLever(apiKey);
    case "ashby":
      return new FakeAshby(apiKey);
  }
}

export { FakeAshby, FakeGreenhouse, FakeLever };
export { postWebhook, type Fault } from "./fake-server.ts";
export type { ApplyInput, FakeApplication, FakeNote, FakeOp, FakeProvider, SignedDelivery } from "./provider.ts";
