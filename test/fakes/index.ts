import type { AtsProvider } from "@winnow/ats";
import { FakeAshby } from "./ashby.ts";
import { FakeGreenhouse, type FakeGreenhouseOptions } from "./greenhouse.ts";
import { FakeLever } from "./lever.ts";
import type { FakeProvider } from "./provider.ts";

export function createFake(provider: AtsProvider, apiKey?: string, options: { greenhouse?: FakeGreenhouseOptions } = {}): FakeProvider {
  switch (provider) {
    case "greenhouse":
      return new FakeGreenhouse(apiKey, options.greenhouse);
    case "lever":
      return new FakeLever(apiKey);
    case "ashby":
      return new FakeAshby(apiKey);
  }
}

export { FakeAshby, FakeGreenhouse, FakeLever, type FakeGreenhouseOptions };
export { postWebhook, type Fault } from "./fake-server.ts";
export type { ApplyInput, FakeApplication, FakeNote, FakeOp, FakeProvider, SignedDelivery } from "./provider.ts";
