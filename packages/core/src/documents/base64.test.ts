import { describe, expect, it } from "vitest";
import { decodeBase64Document } from "./base64.ts";
import { DocumentError } from "./errors.ts";

const BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xfb, 0xff, 0xfe, 0x00, 0x3e, 0x3f]);
const PLAIN = Buffer.from(BYTES).toString("base64"); // contains "+" and "/"
const URL_SAFE = Buffer.from(BYTES).toString("base64url"); // "-" and "_", no padding

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DocumentError) return error.code;
    throw error;
  }
  return undefined;
}

describe("decodeBase64Document", () => {
  it("decodes plain Base64", () => {
    expect(PLAIN).toMatch(/[+/]/);
    expect(decodeBase64Document(PLAIN, 1000)).toEqual(BYTES);
  });

  it("decodes Base64url without padding", () => {
    expect(URL_SAFE).toMatch(/[-_]/);
    expect(URL_SAFE).not.toContain("=");
    expect(decodeBase64Document(URL_SAFE, 1000)).toEqual(BYTES);
  });

  it("ignores line breaks and other whitespace", () => {
    const wrapped = `  ${PLAIN.slice(0, 5)}\r\n${PLAIN.slice(5, 9)}\n\t${PLAIN.slice(9)}  \n`;
    expect(decodeBase64Document(wrapped, 1000)).toEqual(BYTES);
  });

  it("accepts data URLs, with or without parameters", () => {
    expect(decodeBase64Document(`data:application/pdf;base64,${PLAIN}`, 1000)).toEqual(BYTES);
    expect(decodeBase64Document(`DATA:application/pdf;name=cv.pdf;BASE64,${URL_SAFE}`, 1000)).toEqual(BYTES);
  });

  it("returns a copy that owns its buffer", () => {
    const decoded = decodeBase64Document("SGk=", 10);
    expect(decoded.byteOffset).toBe(0);
    expect(decoded.buffer.byteLength).toBe(decoded.length);
  });

  it.each([
    ["characters outside the alphabet", "SGVsbG8*IHdvcmxk"],
    ["padding in the middle", "SGVs=bG8="],
    ["too much padding", "SGk==="],
    ["an impossible length", "SGVsbG8gd"],
    ["a data URL that is not Base64", "data:text/plain,hello"],
    ["prose", "this is not base64!"],
  ])("rejects %s as invalid_base64", (_, value) => {
    expect(codeOf(() => decodeBase64Document(value, 1000))).toBe("invalid_base64");
  });

  it.each([["", "empty string"], ["  \n ", "whitespace"], ["data:application/pdf;base64,", "empty data URL"]])(
    "rejects %j (%s) as empty",
    (value) => {
      expect(codeOf(() => decodeBase64Document(value, 1000))).toBe("empty");
    },
  );

  it("rejects documents over the limit before decoding them", () => {
    const value = Buffer.alloc(3000).toString("base64");
    expect(codeOf(() => decodeBase64Document(value, 2999))).toBe("too_large");
    expect(decodeBase64Document(value, 3000)).toHaveLength(3000);
  });

  it("names the sizes in the too_large message", () => {
    try {
      decodeBase64Document(Buffer.alloc(4096).toString("base64"), 2048);
      expect.unreachable();
    } catch (error) {
      expect((error as DocumentError).message).toBe("The document is 4 KB, which is over the 2 KB limit.");
    }
  });
});
