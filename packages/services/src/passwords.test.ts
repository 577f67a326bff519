import { describe, expect, it } from "vitest";
import { DEFAULT_SCRYPT_COST, burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";

// A cheap cost keeps most cases fast; the default cost is exercised once.
const CHEAP = { log2N: 10, r: 8, p: 1 };

describe("password hashing", () => {
  it("uses scrypt at the default cost, with the parameters inside the hash", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(DEFAULT_SCRYPT_COST).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
  });

  it("accepts only the same password, and salts every hash", async () => {
    const a = await hashPassword("tr0ub4dor&3-but-longer", CHEAP);
    const b = await hashPassword("tr0ub4dor&3-but-longer", CHEAP);
    expect(a).not.toBe(b);
    expect(await verifyPassword("tr0ub4dor&3-but-longer", a)).toBe(true);
    expect(await verifyPassword("tr0ub4dor&3-but-longeR", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });

  it("compares Unicode passwords after NFKC normalisation", async () => {
    const composed = "Grüße aus Köln 2024";
    const decomposed = composed.normalize("NFD");
    expect(decomposed).not.toBe(composed);
    expect(await verifyPassword(decomposed, await hashPassword(composed, CHEAP))).toBe(true);
  });

  it("refuses malformed or out-of-range hashes instead of throwing", async () => {
    const good = await hashPassword("a long enough password", CHEAP);
    const parts = good.split("$");
    for (const bad of [
      "",
      "plain",
      `bcrypt$${parts.slice(1).join("$")}`,
      [parts[0], "40", ...parts.slice(2)].join("$"),
      [...parts.slice(0, 5), "short"].join("$"),
    ]) {
      expect(await verifyPassword("a long enough password", bad)).toBe(false);
    }
  });

  it("burns comparable work for unknown users and never succeeds", async () => {
    expect(await burnPasswordCheck("anything", CHEAP)).toBe(false);
  });
});

describe("password policy", () => {
  it("asks for 12 to 256 characters, not the email, not one repeated character", () => {
    expect(passwordProblem("short", "a@b.c")).toMatch(/at least 12/);
    expect(passwordProblem("x".repeat(257) + "yz1", "a@b.c")).toMatch(/at most 256/);
    expect(passwordProblem("Someone@Example.com", "someone@example.com")).toMatch(/email/);
    expect(passwordProblem("aaaaaaaaaaaaaaaa", "a@b.c")).toMatch(/different characters/);
    expect(passwordProblem("four unrelated words here", "a@b.c")).toBeUndefined();
  });
});
