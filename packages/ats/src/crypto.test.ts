import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSealer, loadEncryptionKey, parseEncryptionKey } from "./crypto.ts";

describe("sealing connection secrets (AES-256-GCM)", () => {
  const sealer = createSealer(randomBytes(32));

  it("round-trips, with a fresh IV per value so equal secrets never look equal", () => {
    const a = sealer.seal("greenhouse-api-key", "conn-1:credentials");
    const b = sealer.seal("greenhouse-api-key", "conn-1:credentials");
    expect(a).not.toBe(b);
    expect(a).not.toContain("greenhouse-api-key");
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealer.open(a, "conn-1:credentials")).toBe("greenhouse-api-key");
  });

  it("refuses another context (a value moved to another connection or field), a tampered value and another key", () => {
    const sealed = sealer.seal("secret", "conn-1:webhookSecret");
    expect(() => sealer.open(sealed, "conn-2:webhookSecret")).toThrow(/could not be decrypted/);
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0]! ^= 1;
    expect(() => sealer.open([...parts.slice(0, 3), body.toString("base64url")].join("."), "conn-1:webhookSecret")).toThrow(/could not be decrypted/);
    expect(() => createSealer(randomBytes(32)).open(sealed, "conn-1:webhookSecret")).toThrow(/could not be decrypted/);
    expect(() => sealer.open("plain-text", "conn-1:webhookSecret")).toThrow(/unknown format/);
  });
});

describe("the encryption key", () => {
  it("comes from WINNOW_ENCRYPTION_KEY (base64 of 32 bytes) when set", () => {
    const key = randomBytes(32);
    const loaded = loadEncryptionKey({ env: { WINNOW_ENCRYPTION_KEY: key.toString("base64") }, dataDir: "/nonexistent" });
    expect(loaded).toEqual({ key, source: "WINNOW_ENCRYPTION_KEY", generated: false });
    expect(parseEncryptionKey(key.toString("base64url"))).toEqual(key);
    expect(() => parseEncryptionKey(randomBytes(16).toString("base64"))).toThrow(/32 bytes/);
    expect(() => parseEncryptionKey("not base64!")).toThrow(/base64/);
  });

  it("is generated once into <dataDir>/encryption-key with mode 0600, then reused", () => {
    const dir = mkdtempSync(join(tmpdir(), "winnow-key-"));
    const first = loadEncryptionKey({ env: {}, dataDir: dir });
    expect(first.generated).toBe(true);
    expect(first.key).toHaveLength(32);
    const file = join(dir, "encryption-key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, "utf8").trim(), "base64")).toEqual(first.key);
    const second = loadEncryptionKey({ env: {}, dataDir: dir });
    expect(second).toEqual({ key: first.key, source: file, generated: false });
  });
});
