/// <reference path="./.sst/platform/config.d.ts" />

// Infrastructure lives in infra/, split by concern; this file only wires it together, in dependency order.
export default $config({
  app(input) {
    return {
      name: "winnow",
      home: "aws",
      removal: input?.stage === "production" ? "retain" : "remove",
      protect: input?.stage === "production",
    };
  },
  async run() {
    const { table } = await import("./infra/storage");
    await import("./infra/secrets");
    await import("./infra/catalogue");
    const { screeningQueue, screeningDlq, subscribeWorker } = await import("./infra/queue");
    await import("./infra/schedule");
    const { api } = await import("./infra/api");
    subscribeWorker(api.url);
    return {
      api: api.url,
      webhookBase: $interpolate`${api.url}/webhooks`,
      table: table.name,
      screeningQueue: screeningQueue.url,
      screeningDlq: screeningDlq.url,
    };
  },
});
