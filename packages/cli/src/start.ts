import { serve } from "@hono/node-server";
import { createApp } from "@winnow/api";
import { createServices } from "@winnow/services";
import type { Config } from "./config.ts";
import { bootstrapLocalAccount, ensureAdminToken, ensureCatalogue, openStore } from "./runtime.ts";

export interface Running {
  url: string;
  close(): Promise<void>;
}

/** `npm start`: store (embedded unless DYNAMODB_ENDPOINT), tables, catalogue, admin token, first-start key, HTTP. */
export async function start(config: Config, log: (line: string) => void = console.log): Promise<Running> {
  const opened = await openStore(config);
  try {
    const catalogue = await ensureCatalogue(opened.store);
    const admin = ensureAdminToken(config);
    const services = createServices(opened.store, { adminToken: admin.token, allowPrivateUrls: config.allowPrivateUrls });
    const app = createApp(services);
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
      s.once("error", reject);
    });
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const url = `http://localhost:${port}`;
    const bootstrap = await bootstrapLocalAccount(opened.store);

    log(`Winnow is serving ${url}/v1  (API reference: ${url}/docs)`);
    log(`  store: ${opened.embedded ? `embedded DynamoDB Local, data in ${config.dataDir}` : `DynamoDB at ${opened.endpoint ?? "AWS"}`}`);
    log(`  catalogue: version ${catalogue.version}${catalogue.activated ? " (activated)" : ""}`);
    if (admin.generated) log(`  admin token (generated, saved in ${admin.file}): ${admin.token}`);
    else log(`  admin token: ${admin.file ? `in ${admin.file}` : "from WINNOW_ADMIN_TOKEN"}`);
    if (bootstrap) {
      log(`  first start: created account ${bootstrap.accountId} with an API key (shown once, keep it):`);
      log(`    ${bootstrap.key}`);
      log(`  try: curl -H "x-api-key: ${bootstrap.key}" ${url}/v1/titles?limit=5`);
    }

    let closing: Promise<void> | undefined;
    return {
      url,
      close: () =>
        (closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            // Idle keep-alive sockets would otherwise hold close() open.
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          });
          await opened.close();
        })()),
    };
  } catch (err) {
    await opened.close();
    throw err;
  }
}
