/// <reference path="../../../sst-env.d.ts" />
import { Resource } from "sst";

/**
 * Where each setting comes from: the SST link (component name in infra/ and its property) when the function is
 * deployed, else the environment variable the local runner (`npm start`, tests) uses for the same value.
 */
export const CONFIG_SOURCES = {
  tableName: { link: "Main", property: "name", env: "WINNOW_TABLE" },
  /** Bias-audit demographics, kept apart: linked to the API function only. Locally: <main table>-demographics. */
  demographicsTableName: { link: "Demographics", property: "name", env: "WINNOW_DEMOGRAPHICS_TABLE" },
  adminToken: { link: "AdminToken", property: "value", env: "WINNOW_ADMIN_TOKEN" },
  jwtSigningKeys: { link: "JwtSigningKeys", property: "value", env: "WINNOW_JWT_KEYS" },
  encryptionKey: { link: "EncryptionKey", property: "value", env: "WINNOW_ENCRYPTION_KEY" },
  screeningQueueUrl: { link: "ScreeningQueue", property: "url", env: "WINNOW_SCREENING_QUEUE_URL" },
  taxonomySyncFunction: { link: "TaxonomySyncFunction", property: "name", env: "WINNOW_TAXONOMY_SYNC_FUNCTION" },
} as const;

export type LinkedSetting = keyof typeof CONFIG_SOURCES;

export interface WinnowConfig extends Record<LinkedSetting, string | undefined> {
  tableName: string;
  /** DynamoDB Local or another endpoint; unset on AWS, where the SDK picks the regional one. */
  dynamoEndpoint: string | undefined;
}

/** The local runner's default table name (packages/cli/src/config.ts). */
export const LOCAL_TABLE = "winnow-main";

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/**
 * Reads every setting, preferring the SST link over the environment variable. `resources` is SST's `Resource` (a
 * proxy that throws on unknown names, so presence is tested with `in`); tests pass plain objects.
 */
export function resolveConfig(resources: object, env: NodeJS.ProcessEnv): WinnowConfig {
  const read = (key: LinkedSetting): string | undefined => {
    const source = CONFIG_SOURCES[key];
    if (source.link in resources) {
      const linked = (resources as Record<string, Record<string, unknown> | undefined>)[source.link]?.[source.property];
      if (typeof linked === "string" && linked) return linked;
    }
    return env[source.env] || undefined;
  };
  return {
    tableName: read("tableName") ?? LOCAL_TABLE,
    demographicsTableName: read("demographicsTableName"),
    adminToken: read("adminToken"),
    jwtSigningKeys: read("jwtSigningKeys"),
    encryptionKey: read("encryptionKey"),
    screeningQueueUrl: read("screeningQueueUrl"),
    taxonomySyncFunction: read("taxonomySyncFunction"),
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
  };
}

/** A setting the function cannot start without; the error names both places it could have come from. */
export function required(config: WinnowConfig, key: LinkedSetting): string {
  const value = config[key];
  if (value) return value;
  const { link, env } = CONFIG_SOURCES[key];
  throw new ConfigError(`${key} is not configured: link the "${link}" component to this function (infra/) or set ${env}`);
}

/** The configuration of this process: SST links when deployed, the environment otherwise. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): WinnowConfig => resolveConfig(Resource, env);
