import { describe, expect, it } from "vitest";
import { DocumentError } from "./errors.ts";
import { detectKind, extractText } from "./index.ts";
import { buildDocx, buildZip, textPdf, wordParagraph } from "./test-support.ts";

const ascii = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const utf16le = (text: string) => new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
const utf16be = (text: string) => new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]));

/** The start of an OLE compound file whose directory names the given streams (UTF-16LE, as on disk). */
function oleFile(...streams: string[]): Uint8Array {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  return new Uint8Array(Buffer.concat([header, ...streams.map((name) => Buffer.from(`${name}\0`, "utf16le")), Buffer.alloc(64)]));
}

async function rejection(bytes: Uint8Array): Promise<DocumentError> {
  try {
    await extractText(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    return error as DocumentError;
  }
  throw new Error("expected extractText to reject");
}

describe("detectKind", () => {
  it.each([
    ["a PDF", textPdf([{ text: "Jane", y: 700 }]), "pdf"],
    ["a PDF after a BOM and junk bytes", new Uint8Array([0xef, 0xbb, 0xbf, 0x0d, 0x0a, ...textPdf([{ text: "Jane", y: 700 }])]), "pdf"],
    ["a DOCX", buildDocx(wordParagraph("Jane")), "docx"],
    ["RTF", ascii("{\\rtf1\\ansi Jane\\par}"), "rtf"],
    ["RTF after whitespace and a BOM", new Uint8Array([0xef, 0xbb, 0xbf, 0x20, 0x0a, ...ascii("{\\rtf1 Jane}")]), "rtf"],
    ["an HTML document", ascii("<!DOCTYPE html><html><body><p>Jane</p></body></html>"), "html"],
    ["HTML without a doctype", ascii("\n  <html><body>Jane</body></html>"), "html"],
    ["an HTML fragment", ascii("<h1>Jane Doe</h1>\n<p>Engineer</p><ul><li>Go</li></ul>"), "html"],
    ["XHTML", ascii('<?xml version="1.0"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><body>Jane</body></html>'), "html"],
    ["UTF-8 text", new Uint8Array(Buffer.from("Renée Dupont\nDéveloppeuse\n")), "text"],
    ["text that mentions a tag", ascii("Skills: HTML (<div>, <span>), CSS\nExperience: 5 years"), "text"],
    ["UTF-16LE text with BOM", utf16le("Jane Doe\nEngineer"), "text"],
    ["UTF-16BE text with BOM", utf16be("Jane Doe\nEngineer"), "text"],
    ["Latin-1 text, which is not valid UTF-8", ascii("Ren\xe9e Dupont\n"), "text"],
  ])("recognises %s", (_, bytes, kind) => {
    expect(detectKind(bytes)).toBe(kind);
  });

  it.each([
    ["an empty input", new Uint8Array()],
    ["a PNG image", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])],
    ["a JPEG image", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0])],
    ["a legacy Word file", oleFile("Root Entry", "WordDocument", "1Table")],
    ["a plain ZIP", buildZip({ "notes.txt": "Jane" })],
    ["an XLSX", buildZip({ "[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<workbook/>" })],
    ["an ELF executable", new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0])],
    ["binary data", new Uint8Array(Array.from({ length: 256 }, (_, i) => i))],
    ["high bytes that are not mostly ASCII text", ascii("\xe9\xe8\xe0\xf6 Jane \xfc\xe4\xdf\xf1\xe7\xe5\n")],
    ["8-bit text with C1 control bytes", ascii("Jane Doe \x81\x8d\x8f\x90\x9d Engineer\n")],
  ])("returns null for %s", (_, bytes) => {
    expect(detectKind(bytes)).toBeNull();
  });
});

describe("extractText on unsupported input", () => {
  it.each([
    ["a PNG image", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), /PNG images are not supported/],
    ["a JPEG image", new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 0]), /JPEG images are not supported/],
    ["a legacy .doc", oleFile("Root Entry", "WordDocument"), /^Legacy Word \.doc files are not supported; save as \.docx or PDF\.$/],
    ["a legacy .xls", oleFile("Root Entry", "Workbook"), /Legacy Excel \.xls files/],
    ["a ZIP without word/document.xml", buildZip({ "word.txt": "Jane", "document.xml": "<x/>" }), /ZIP archives are not supported/],
    ["an XLSX", buildZip({ "xl/workbook.xml": "<workbook/>" }), /Excel spreadsheets are not supported/],
    ["an ODT", buildZip({ mimetype: "application/vnd.oasis.opendocument.text", "content.xml": "<x/>" }), /OpenDocument/],
    ["an SVG image", ascii('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'), /SVG images are not supported/],
    ["binary data", new Uint8Array(Array.from({ length: 256 }, (_, i) => (i * 7) % 256)), /not a recognised document format/],
  ])("rejects %s as unsupported, saying what it is", async (_, bytes, message) => {
    const error = await rejection(bytes);
    expect(error.code).toBe("unsupported");
    expect(error.message).toMatch(message);
  });

  it("reports a password-protected Office file as encrypted", async () => {
    const error = await rejection(oleFile("Root Entry", "EncryptionInfo", "EncryptedPackage"));
    expect(error.code).toBe("encrypted");
  });

  it("reports an empty input as empty", async () => {
    expect((await rejection(new Uint8Array())).code).toBe("empty");
  });
});
