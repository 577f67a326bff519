import { describe, expect, it } from "vitest";
import { openFlash, sealFlash } from "./sessions.ts";

describe("session flash sealing", () => {
  const token = "session-token-0123456789abcdefghijklmnopqrstu";

  it("opens with the same token and id, and the sealed form does not contain the value", () => {
    const value = JSON.stringify({ secret: "wnw_abcdefghijklmnopqrstuvwxyz012345" });
    const sealed = sealFlash(token, "flash-1", value);
    expect(openFlash(token, "flash-1", sealed)).toBe(value);
    expect(JSON.stringify(sealed)).not.toContain("wnw_");
    expect(Buffer.from(sealed.sealed, "base64url").toString("latin1")).not.toContain("abcdefghij");
  });

  it("uses a fresh nonce each time, so one value never seals the same way twice", () => {
    const a = sealFlash(token, "flash-1", "same value");
    const b = sealFlash(token, "flash-1", "same value");
    expect(a.iv).not.toBe(b.iv);
    expect(a.sealed).not.toBe(b.sealed);
  });

  it("refuses another session's token, another id, or altered bytes", () => {
    const sealed = sealFlash(token, "flash-1", "the value");
    expect(openFlash(`${token}x`, "flash-1", sealed)).toBeUndefined();
    expect(openFlash(token, "flash-2", sealed)).toBeUndefined();
    const bytes = Buffer.from(sealed.sealed, "base64url");
    bytes[0] = bytes[0]! ^ 1;
    expect(openFlash(token, "flash-1", { ...sealed, sealed: bytes.toString("base64url") })).toBeUndefined();
    expect(openFlash(token, "flash-1", { iv: "", sealed: "" })).toBeUndefined();
  });
});
