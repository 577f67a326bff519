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
    expect(await SECRET_GENERATORS.AdminToken()).toMatch(/^[\w-]{43}$/);
  });

  it("make a different value every time", async () => {
    for (const generate of Object.values(SECRET_GENERATORS)) expect(await generate()).not.toBe(await generate());
  });

  it("know exactly the secrets infra declares", () => {
    expect(Object.keys(SECRET_GENERATORS).sort()).toEqual(["AdminToken", "EncryptionKey", "JwtSigningKeys"]);
    expect(isSecretName("AdminToken")).toBe(true);
    expect(isSecretName("toString")).toBe(false);
  });
});
