export { createDynamo, type Dynamo, type DynamoConfig } from "./client.ts";
export { ensureTable, createTableInput } from "./create-tables.ts";
export { mainTable, tables, type TableDefinition } from "./tables.ts";
export type { Store } from "./store.ts";
export { AccountRepository, SCOPES, hashApiKey, type Account, type ApiKeyRecord, type KeyPrincipal, type Scope } from "./repos/accounts.ts";
export { MatchRepository, JobPostRepository, type MatchRecord, type JobPostRecord, type StoredCandidate } from "./repos/matches.ts";
export { CatalogueRepository, type CatalogueVersionInfo } from "./repos/catalogue.ts";
