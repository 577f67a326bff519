import { resolve } from "node:path";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** External DynamoDB; when unset (and not on AWS) the embedded DynamoDB Local is used. */
  dynamoEndpoint?: string;
  region?: string;
  tableName: string;
  adminToken?: string;
  /** JWK set (JSON) of the access-token signing keys; generated into $WINNOW_DATA_DIR/jwt-keys.json when unset. */
  jwtKeys?: string;
  allowPrivateUrls: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number (got "${env.PORT}")`);
  const dynamoEndpoint = env.DYNAMODB_ENDPOINT || undefined;
  if (dynamoEndpoint && !/^https?:\/\/[^\s/]+/.test(dynamoEndpoint)) throw new Error(`DYNAMODB_ENDPOINT must be an http(s) URL (got "${dynamoEndpoint}")`);
  return {
    port,
    host: env.HOST ?? "127.0.0.1",
    dataDir: resolve(env.WINNOW_DATA_DIR ?? ".data"),
    dynamoEndpoint,
    region: env.AWS_REGION || undefined,
    tableName: env.WINNOW_TABLE ?? "winnow-main",
    adminToken: env.WINNOW_ADMIN_TOKEN || undefined,
    jwtKeys: env.WINNOW_JWT_KEYS || undefined,
    allowPrivateUrls: env.WINNOW_ALLOW_PRIVATE_URLS === "1",
  };
}
