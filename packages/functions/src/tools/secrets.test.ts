import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseEncryptionKey } from "@winnow/ats";
import { AccessTokens } from "@winnow/services";
import { SECRET_GENERATORS, isSecretName } from "./secrets.ts";

describe("secret generators", () => {
  it("make values the functions accept", async () => {
    expect(parseEncryptionKey(await SECRET_GENERATORS.EncryptionKey())).toHaveLength(32);
    const tokens = await AccessTokens.fromJson(await SECRET_GENERATORS.JwtSigningKeys());
    const { token } = await tokens.issue({ clientId: "c", accountId: "a", scopes: ["taxonomy:read"] });
    expect(token.split(".")).toHaveLength(3);
    expect(await SECRET_GENERATORS.AdminToken()).toMatch(/^[0-9a-f]{64}$/);
  });

  it("never start a value with '-', which `sst secret set <Name> <value>` would read as a flag", async () => {
    for (const generate of Object.values(SECRET_GENERATORS)) {
      for (let i = 0; i < 200; i++) expect(await generate()).not.toMatch(/^-/);
    }
  });

  it("make a different value every time", async () => {
    for (const generate of Object.values(SECRET_GENERATORS)) expect(await generate()).not.toBe(await generate());
  });

  it("know exactly the secrets infra declares", () => {
    expect(Object.keys(SECRET_GENERATORS).sort()).toEqual(["AdminToken", "EncryptionKey", "JwtSigningKeys"]);
    expect(isSecretName("AdminToken")).toBe(true);
    expect(isSecretName("toString")).toBe(false);
  });

  it("print one value per run as a script, what the README pipes into `sst secret set`", () => {
    const script = fileURLToPath(new URL("./secrets.ts", import.meta.url));
    const run = (name: string) => execFileSync(process.execPath, ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", script, name], { encoding: "utf8" });
    expect(run("AdminToken")).toMatch(/^[0-9a-f]{64}\n$/);
    expect(parseEncryptionKey(run("EncryptionKey"))).toHaveLength(32);
    expect(() => run("NotASecret")).toThrow(/usage: npm run -s secret:generate/);
  });
});
