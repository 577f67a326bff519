import { serve } from "@hono/node-server";
import { createApp } from "@winnow/api";
import { createServices } from "@winnow/services";
import type { Config } from "./config.ts";
import { ensureCatalogue } from "@winnow/catalogue/ensure";
import { LOCAL_USER_EMAIL, bootstrapLocalAccount, ensureAdminToken, ensureJwtKeys, inviteLocalUser, openStore } from "./runtime.ts";
import { publicUrl } from "./commands/users.ts";
import { localAts } from "./ats.ts";

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
    const jwt = await ensureJwtKeys(config);
    const services = createServices(opened.store, { adminToken: admin.token, allowPrivateUrls: config.allowPrivateUrls, jwtKeys: jwt.keys });
    await services.tokens(); // a broken WINNOW_JWT_KEYS fails the start, not the first token request
    const ats = localAts(opened.store, config);
    const app = createApp(services, { ats: ats.runtime, ...(process.env.WINNOW_PUBLIC_URL ? { publicUrl: publicUrl(config) } : {}) });
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
      s.once("error", reject);
    });
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const url = `http://localhost:${port}`;
    const bootstrap = await bootstrapLocalAccount(opened.store);
    const invite = await inviteLocalUser(opened.store, process.env.WINNOW_PUBLIC_URL ? publicUrl(config) : url);

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
    log(`  dashboard: ${url}/dashboard  (access-token signing keys: ${jwt.file ? `in ${jwt.file}` : "from WINNOW_JWT_KEYS"})`);
    if (invite) log(`  set the password of ${LOCAL_USER_EMAIL} (link works once, for 7 days): ${invite}`);
    const screening = ats.startWorker(services, process.env.WINNOW_PUBLIC_URL ? publicUrl(config) : url);
    log(`  ATS webhooks: ${url}/webhooks/{provider}/{connection_id}, ${screening ? "screened in this process" : "queued for another worker"} (secrets key: ${ats.keyGenerated ? "generated, " : ""}${ats.keySource})`);

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
          await ats.stop();
          await opened.close();
        })()),
    };
  } catch (err) {
    await opened.close();
    throw err;
  }
}
