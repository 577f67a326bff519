import { describe, expect, it } from "vitest";
import { CONFIG_SOURCES, ConfigError, LOCAL_TABLE, required, resolveConfig } from "./config.ts";

const linked = {
  App: { name: "winnow", stage: "test" },
  Main: { name: "winnow-test-MainTable-abc" },
  AdminToken: { value: "linked-admin" },
  JwtSigningKeys: { value: '{"keys":[]}' },
  EncryptionKey: { value: "linked-key" },
  ScreeningQueue: { url: "https://sqs.eu-west-1.amazonaws.com/1/q" },
};

/** Like SST's Resource: reading a name that is not linked throws, so the config must test with `in` first. */
const strict = (values: Record<string, unknown>) =>
  new Proxy(values, {
    get(target, prop) {
      if (typeof prop === "string" && !(prop in target)) throw new Error(`"${prop}" is not linked`);
      return target[prop as string];
    },
  });

describe("resolveConfig", () => {
  it("reads every setting from SST links when the function is linked", () => {
    const config = resolveConfig(strict(linked), { WINNOW_TABLE: "env-table", WINNOW_ADMIN_TOKEN: "env-admin" });
    expect(config).toEqual({
      tableName: "winnow-test-MainTable-abc",
      adminToken: "linked-admin",
      jwtSigningKeys: '{"keys":[]}',
      encryptionKey: "linked-key",
      screeningQueueUrl: "https://sqs.eu-west-1.amazonaws.com/1/q",
      dynamoEndpoint: undefined,
    });
  });

  it("falls back to the local runner's environment variables, setting by setting", () => {
    const config = resolveConfig(strict({ App: linked.App, Main: linked.Main }), {
      WINNOW_ADMIN_TOKEN: "env-admin",
      WINNOW_JWT_KEYS: "env-jwks",
      WINNOW_ENCRYPTION_KEY: "env-key",
      WINNOW_SCREENING_QUEUE_URL: "http://localhost:9324/q",
      DYNAMODB_ENDPOINT: "http://127.0.0.1:8000",
    });
    expect(config.tableName).toBe("winnow-test-MainTable-abc");
    expect(config.adminToken).toBe("env-admin");
    expect(config.jwtSigningKeys).toBe("env-jwks");
    expect(config.encryptionKey).toBe("env-key");
    expect(config.screeningQueueUrl).toBe("http://localhost:9324/q");
    expect(config.dynamoEndpoint).toBe("http://127.0.0.1:8000");
  });

  it("uses the local runner's default table and treats empty values as unset", () => {
    const config = resolveConfig(strict({}), { WINNOW_ADMIN_TOKEN: "", DYNAMODB_ENDPOINT: "" });
    expect(config.tableName).toBe(LOCAL_TABLE);
    expect(config.adminToken).toBeUndefined();
    expect(config.dynamoEndpoint).toBeUndefined();
  });

  it("reads the demographics table from its own link, else WINNOW_DEMOGRAPHICS_TABLE, else leaves it to the store's default", () => {
    const env = { WINNOW_DEMOGRAPHICS_TABLE: "env-demographics" };
    expect(resolveConfig(strict({ Demographics: { name: "winnow-test-DemographicsTable-def" } }), env).demographicsTableName).toBe("winnow-test-DemographicsTable-def");
    expect(resolveConfig(strict({}), env).demographicsTableName).toBe("env-demographics");
    expect(resolveConfig(strict({}), {}).demographicsTableName).toBeUndefined();
  });

  it("ignores a linked component without the expected property", () => {
    expect(resolveConfig(strict({ AdminToken: {} }), { WINNOW_ADMIN_TOKEN: "env-admin" }).adminToken).toBe("env-admin");
  });
});

describe("required", () => {
  it("returns a configured value", () => {
    expect(required(resolveConfig(strict(linked), {}), "encryptionKey")).toBe("linked-key");
  });

  it("names both the SST link and the environment variable when a value is missing", () => {
    const config = resolveConfig(strict({}), {});
    for (const key of Object.keys(CONFIG_SOURCES) as (keyof typeof CONFIG_SOURCES)[]) {
      if (key === "tableName") continue;
      const { link, env } = CONFIG_SOURCES[key];
      expect(() => required(config, key)).toThrow(ConfigError);
      expect(() => required(config, key)).toThrow(new RegExp(`"${link}".*${env}`));
    }
  });
});
