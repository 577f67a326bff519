import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_PROBLEM, DEFAULT_SCRYPT_COST, burnPasswordCheck, hashPassword, isCommonPassword, passwordProblem, verifyPassword } from "./passwords.ts";

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

describe("common password blocklist", () => {
  it("refuses well-known passwords that pass the length rule, ignoring case, spaces and look-alike substitutions", () => {
    for (const weak of ["password1234", "PASSWORD 2024!", "P@ssw0rd2024!", "iloveyou1234", "Summer2024!!", "letmein12345", "winnow-admin-2024"]) {
      expect([weak, passwordProblem(weak, "a@b.c")]).toEqual([weak, COMMON_PASSWORD_PROBLEM]);
    }
  });

  it("refuses number runs and keyboard walks, forwards and backwards", () => {
    for (const weak of ["123456789012", "098765432109", "qwertyuiop12", "qwerty123456", "1qaz2wsx3edc", "asdfghjkl;'1", "zyxwvutsrqpo", "azertyuiop00"]) {
      expect([weak, isCommonPassword(weak)]).toEqual([weak, true]);
    }
  });

  it("refuses a shorter password repeated to reach the length", () => {
    for (const weak of ["abcdabcdabcd", "hunter2hunter2", "blue blue blue", "xk9#xk9#xk9#"]) expect([weak, isCommonPassword(weak)]).toEqual([weak, true]);
    // A unit long enough to be accepted alone stays acceptable when repeated.
    expect(isCommonPassword("violet kettle sonar ".repeat(2))).toBe(false);
  });

  it("accepts passphrases and random strings, even ones that contain a common word or a short run", () => {
    for (const fine of [
      "four unrelated words here",
      "correct horse battery staple",
      "my password is a secret garden",
      "qwerty is a keyboard layout",
      "x7#Lq2!vR9@m",
      "Zoë’s café déjà vu naïve",
      "1234 tangerine meadows",
    ]) {
      expect([fine, passwordProblem(fine, "a@b.c")]).toEqual([fine, undefined]);
    }
  });

  it("checks the blocklist only after the length and email rules, so their messages stay specific", () => {
    expect(passwordProblem("password", "a@b.c")).toMatch(/at least 12/);
    expect(passwordProblem("password@example.com", "password@example.com")).toMatch(/email/);
  });
});
