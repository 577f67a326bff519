import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadDefaultCatalogue } from "@winnow/catalogue";
import type { CatalogueData } from "@winnow/core/catalogue/types";
import { AccountRepository, CatalogueRepository, SCOPES, createDynamo, ensureTable, mainTable, type Store } from "@winnow/storage";
import { startEmbeddedDynamo, type EmbeddedDynamo } from "@winnow/storage/embedded/index";
import type { Config } from "./config.ts";

export interface OpenStore {
  store: Store;
  endpoint: string | undefined;
  embedded?: EmbeddedDynamo;
  close(): Promise<void>;
}

/** Connects to DYNAMODB_ENDPOINT, to AWS, or to an embedded DynamoDB Local; creates missing tables either way. */
export async function openStore(config: Config): Promise<OpenStore> {
  const onAws = Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);
  let embedded: EmbeddedDynamo | undefined;
  let endpoint = config.dynamoEndpoint;
  if (!endpoint && !onAws) {
    embedded = await startEmbeddedDynamo({ dataDir: config.dataDir });
    endpoint = embedded.endpoint;
  }
  const dynamo = createDynamo({ endpoint, region: config.region });
  await ensureTable(dynamo.client, mainTable, config.tableName);
  return {
    store: { doc: dynamo.doc, table: config.tableName },
    endpoint,
    embedded,
    close: async () => {
      dynamo.client.destroy();
      await embedded?.stop();
    },
  };
}

/**
 * Stores the shipped catalogue as a version and activates it when nothing is active yet, or when the active
 * version is an older shipped catalogue (an imported catalogue stays active).
 */
export async function ensureCatalogue(store: Store, data: CatalogueData = loadDefaultCatalogue()): Promise<{ version: string; activated: boolean }> {
  const repo = new CatalogueRepository(store);
  if (!(await repo.versionInfo(data.version))) await repo.writeVersion(data);
  const active = await repo.activeVersion();
  if (active === data.version) return { version: data.version, activated: false };
  const activeInfo = active ? await repo.versionInfo(active) : undefined;
  if (!active || !activeInfo || activeInfo.source === data.source) {
    await repo.activate(data.version, active ?? null);
    return { version: data.version, activated: true };
  }
  return { version: active, activated: false };
}

/** WINNOW_ADMIN_TOKEN, else the token in $WINNOW_DATA_DIR/admin-token, generated on first use. */
export function ensureAdminToken(config: Config): { token: string; generated: boolean; file?: string } {
  if (config.adminToken) return { token: config.adminToken, generated: false };
  const file = join(config.dataDir, "admin-token");
  if (existsSync(file)) return { token: readFileSync(file, "utf8").trim(), generated: false, file };
  mkdirSync(config.dataDir, { recursive: true });
  const token = randomBytes(32).toString("base64url");
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return { token, generated: true, file };
}

/** Fixed id of the account created on the first start, so a retry after a crash finds it again. */
export const LOCAL_ACCOUNT_ID = "00000000-0000-4000-8000-000000000001";

/** On the very first start: a local account and an API key with every scope, so a newcomer can call the API at once. */
export async function bootstrapLocalAccount(store: Store): Promise<{ accountId: string; key: string } | undefined> {
  const accounts = new AccountRepository(store);
  if (await accounts.claimed()) return undefined;
  if (!(await accounts.get(LOCAL_ACCOUNT_ID))) await accounts.create("Local account", LOCAL_ACCOUNT_ID);
  const { key } = await accounts.createApiKey(LOCAL_ACCOUNT_ID, SCOPES);
  await accounts.claimBootstrap(LOCAL_ACCOUNT_ID);
  return { accountId: LOCAL_ACCOUNT_ID, key };
}
