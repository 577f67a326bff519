import { randomBytes } from "node:crypto";
import { generateSigningKeySet } from "@winnow/services";
import { isEntryPoint } from "./entry.ts";

/** The SST secrets a stage needs (infra/secrets.ts), and how a fresh value for each is made. */
export const SECRET_GENERATORS = {
  /**
   * Bearer token of the admin API: 256 random bits, in hex. Not base64url: one value in 64 would start with "-", which
   * `npx sst secret set AdminToken "<value>"` takes for a flag (it prints its usage and sets nothing).
   */
  AdminToken: async () => randomBytes(32).toString("hex"),
  /** AES-256 key sealing ATS credentials: base64 of 32 random bytes, the format WINNOW_ENCRYPTION_KEY takes. */
  EncryptionKey: async () => randomBytes(32).toString("base64"),
  /** JWK set with one ES256 signing key, the format WINNOW_JWT_KEYS takes. */
  JwtSigningKeys: generateSigningKeySet,
} satisfies Record<string, () => Promise<string>>;

export type SecretName = keyof typeof SECRET_GENERATORS;
export const isSecretName = (name: string): name is SecretName => Object.hasOwn(SECRET_GENERATORS, name);

// `npm run -s secret:generate -- <Name>` prints one value, ready for `npx sst secret set <Name> "$(…)"`.
if (isEntryPoint(import.meta.url)) {
  const name = process.argv[2] ?? "";
  if (!isSecretName(name)) {
    console.error(`usage: npm run -s secret:generate -- <${Object.keys(SECRET_GENERATORS).join("|")}>`);
    process.exit(2);
  }
  process.stdout.write(`${await SECRET_GENERATORS[name]()}\n`);
}
