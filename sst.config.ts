/// <reference path="./.sst/platform/config.d.ts" />

// Infrastructure lives in infra/, split by concern; this file only wires it together.
export default $config({
  app(input) {
    return {
      name: "winnow",
      home: "aws",
      removal: input?.stage === "production" ? "retain" : "remove",
    };
  },
  async run() {
    const { table } = await import("./infra/storage");
    const { api } = await import("./infra/api");
    return { api: api.url, table: table.name };
  },
});
