import { randomUUID } from "node:crypto";
import { createApp } from "@winnow/api";
import { createServices, type ServiceOptions, type Services } from "@winnow/services";
import { ensureCatalogue } from "@winnow/catalogue/ensure";
import type { CatalogueData } from "@winnow/core/catalogue/types";
import { AccountRepository, SCOPES, createDynamo, ensureTables, type Scope, type Store } from "@winnow/storage";

export interface TestService {
  app: ReturnType<typeof createApp>;
  services: Services;
  store: Store;
  adminToken: string;
  /** An account with a key holding every scope. */
  accountId: string;
  apiKey: string;
  /** Another key of the same account with only the given scopes. */
  keyWith(scopes: Scope[]): Promise<string>;
  /** A second account and its key (tenant isolation). */
  otherAccount(): Promise<{ accountId: string; apiKey: string }>;
  call(path: string, init?: RequestInit & { json?: unknown; key?: string | null }): Promise<Response>;
}

/**
 * The real HTTP app against DynamoDB Local. By default it uses the run's shared table, which the global setup loaded
 * with the default catalogue exactly as `npm start` does; a test that brings its own catalogue gets a fresh table.
 * Each call creates its own account, so tests never see each other's matches.
 */
export async function testService(
  options: { catalogue?: CatalogueData; now?: () => Date; services?: Partial<ServiceOptions> } = {},
): Promise<TestService> {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error("DYNAMODB_ENDPOINT is not set: run through the integration project");
  const dynamo = createDynamo({ endpoint });
  let table = process.env.WINNOW_TEST_TABLE!;
  if (options.catalogue) {
    table = `test-${randomUUID()}`;
    await ensureTables(dynamo.client, table);
  }
  const store: Store = { doc: dynamo.doc, table };
  if (options.catalogue) await ensureCatalogue(store, options.catalogue);
  const adminToken = `admin-${randomUUID()}`;
  const services = createServices(store, { adminToken, allowPrivateUrls: true, now: options.now, ...options.services });
  const app = createApp(services);
  const accounts = new AccountRepository(store);
  const account = await accounts.create("Test account");
  const { key } = await accounts.createApiKey(account.id, SCOPES);

  const call: TestService["call"] = (path, init = {}) => {
    const { json, key: k, headers, ...rest } = init;
    const h = new Headers(headers);
    const useKey = k === undefined ? key : k;
    if (useKey) h.set("x-api-key", useKey);
    if (json !== undefined) h.set("content-type", "application/json");
    return Promise.resolve(
      app.request(path, { ...rest, headers: h, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) }),
    );
  };

  return {
    app,
    services,
    store,
    adminToken,
    accountId: account.id,
    apiKey: key,
    keyWith: async (scopes) => (await accounts.createApiKey(account.id, scopes)).key,
    otherAccount: async () => {
      const other = await accounts.create("Other account");
      return { accountId: other.id, apiKey: (await accounts.createApiKey(other.id, SCOPES)).key };
    },
    call,
  };
}
