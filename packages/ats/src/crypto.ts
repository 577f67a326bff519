import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Sealer } from "@winnow/storage/repos/connections";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM sealing of connection secrets: a random 96-bit IV per value, the 128-bit tag stored with it, and the
 * caller's context (connection id and field) as additional authenticated data.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export function createSealer(key: Uint8Array): Sealer {
  if (key.length !== 32) throw new Error(`the encryption key must be 32 bytes (got ${key.length})`);
  const k = Buffer.from(key);
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", k, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) throw new Error("sealed value has an unknown format");
      const decipher = createDecipheriv("aes-256-gcm", k, Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      try {
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        // Never echo key material or ciphertext: the usual cause is a different WINNOW_ENCRYPTION_KEY.
        throw new Error("a stored secret could not be decrypted: the encryption key differs from the one it was sealed with");
      }
    },
  };
}

/** Parses WINNOW_ENCRYPTION_KEY: base64 (or base64url) of exactly 32 bytes. */
export function parseEncryptionKey(value: string): Buffer {
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) throw new Error("WINNOW_ENCRYPTION_KEY must be base64 of 32 bytes");
  const key = Buffer.from(trimmed, trimmed.includes("-") || trimmed.includes("_") ? "base64url" : "base64");
  if (key.length !== 32) throw new Error(`WINNOW_ENCRYPTION_KEY must decode to 32 bytes (got ${key.length})`);
  return key;
}

/**
 * The key that seals connection secrets: WINNOW_ENCRYPTION_KEY when set (an SST secret on AWS), else
 * `<dataDir>/encryption-key`, generated on first use with mode 0600.
 */
export function loadEncryptionKey(options: { env?: NodeJS.ProcessEnv; dataDir: string }): { key: Buffer; source: string; generated: boolean } {
  const env = options.env ?? process.env;
  if (env.WINNOW_ENCRYPTION_KEY) return { key: parseEncryptionKey(env.WINNOW_ENCRYPTION_KEY), source: "WINNOW_ENCRYPTION_KEY", generated: false };
  const file = join(options.dataDir, "encryption-key");
  if (existsSync(file)) return { key: parseEncryptionKey(readFileSync(file, "utf8")), source: file, generated: false };
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // `wx`: two processes starting at once must not both write a key (the loser reads the winner's).
    writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return { key: parseEncryptionKey(readFileSync(file, "utf8")), source: file, generated: false };
    throw err;
  }
  chmodSync(file, 0o600);
  return { key, source: file, generated: true };
}
