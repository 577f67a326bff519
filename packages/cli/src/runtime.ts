import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AccountRepository, SCOPES, UserRepository, createDynamo, ensureTables, type Store } from "@winnow/storage";
import { INVITATION_TTL_SECONDS, createServices, generateSigningKeySet, invitationUrl, type Services } from "@winnow/services";
import { startEmbeddedDynamo, type EmbeddedDynamo } from "@winnow/storage/embedded/index";
import { readConfig, type Config } from "./config.ts";

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
  try {
    await ensureTables(dynamo.client, config.tableName);
  } catch (err) {
    dynamo.client.destroy();
    await embedded?.stop();
    // The SDK's own words ("connect ECONNREFUSED 127.0.0.1:8000") do not say which service could not be reached.
    throw new Error(`cannot use DynamoDB at ${endpoint ?? "AWS"} (table ${config.tableName}): ${err instanceof Error ? err.message : String(err)}`);
  }
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

/** Runs one command against the configured store, then closes it (and an embedded DynamoDB Local with it). */
export async function withStore<T>(fn: (store: Store) => Promise<T>): Promise<T> {
  const opened = await openStore(readConfig());
  try {
    return await fn(opened.store);
  } finally {
    await opened.close();
  }
}

/** Services over the configured store for one command. No admin token: the CLI talks to the tables directly. */
export const withServices = <T>(fn: (services: Services) => Promise<T>): Promise<T> =>
  withStore((store) => fn(createServices(store, { adminToken: "" })));

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

/** WINNOW_JWT_KEYS, else the key set in $WINNOW_DATA_DIR/jwt-keys.json, generated on first use (private: mode 0600). */
export async function ensureJwtKeys(config: Config): Promise<{ keys: string; generated: boolean; file?: string }> {
  if (config.jwtKeys) return { keys: config.jwtKeys, generated: false };
  const file = join(config.dataDir, "jwt-keys.json");
  if (existsSync(file)) return { keys: readFileSync(file, "utf8"), generated: false, file };
  mkdirSync(config.dataDir, { recursive: true });
  const keys = await generateSigningKeySet();
  writeFileSync(file, `${keys}\n`, { mode: 0o600, flag: "wx" });
  return { keys, generated: true, file };
}

/** The dashboard user of the local account, invited on start until someone has set a password. */
export const LOCAL_USER_EMAIL = "admin@localhost";

/**
 * While the local account has no active user, every start prints a fresh invitation link for admin@localhost (the
 * previous link stops working), so a newcomer can always get into the dashboard of their own instance.
 */
export async function inviteLocalUser(store: Store, baseUrl: string): Promise<string | undefined> {
  const accounts = new AccountRepository(store);
  if (!(await accounts.get(LOCAL_ACCOUNT_ID))) return undefined;
  const users = new UserRepository(store);
  const existing = await users.list(LOCAL_ACCOUNT_ID);
  if (existing.some((u) => u.status === "active")) return undefined;
  const { token } = await users.invite(LOCAL_ACCOUNT_ID, LOCAL_USER_EMAIL, INVITATION_TTL_SECONDS);
  return invitationUrl(baseUrl, token);
}
