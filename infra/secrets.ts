/**
 * Secrets are set per stage before the first deploy (README "Deploy to AWS"); a missing one fails the deploy by name
 * instead of starting functions that cannot serve. Values live encrypted in the stage's SST state, and reach only the
 * functions that link them.
 */
export const adminToken = new sst.Secret("AdminToken");
/** 32 random bytes, base64: seals ATS connection credentials in DynamoDB (AES-256-GCM). Changing it orphans them. */
export const encryptionKey = new sst.Secret("EncryptionKey");
/** JWK set of the ES256 keys that sign dashboard/OAuth access tokens; every instance must share it. */
export const jwtSigningKeys = new sst.Secret("JwtSigningKeys");
