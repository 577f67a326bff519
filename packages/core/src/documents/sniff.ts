import { DocumentError } from "./errors.ts";
import type { DocumentKind } from "./types.ts";
import { listZipEntries } from "./zip.ts";

/**
 * What the bytes are, decided from their content only (never from a file name or a client-declared type).
 * Textual kinds carry the decoded string so extraction does not decode twice.
 */
export type Sniffed =
  | { kind: "pdf" | "docx" | "rtf" }
  | { kind: "html" | "text"; text: string }
  | { kind: null; error: DocumentError };

const UPLOAD_HINT = "upload the résumé as PDF, DOCX, RTF, HTML or plain text";

export function sniff(bytes: Uint8Array): Sniffed {
  if (bytes.length === 0) return refuse("empty", "The document is empty.");
  if (isPdf(bytes)) return { kind: "pdf" };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return sniffZip(bytes);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return sniffOle(bytes);
  const binary = binaryFormat(bytes);
  if (binary) return refuse("unsupported", `${binary} are not supported; ${UPLOAD_HINT}.`);
  if (startsWithAscii(bytes, skipBomAndSpace(bytes), "{\\rtf")) return { kind: "rtf" };

  const text = decodeText(bytes);
  if (text === null) {
    return refuse("unsupported", `The file is not a recognised document format or text encoding; ${UPLOAD_HINT}.`);
  }
  return classifyText(text);
}

export function detectKind(bytes: Uint8Array): DocumentKind | null {
  return sniff(bytes).kind;
}

function refuse(code: "empty" | "unsupported" | "encrypted" | "corrupt", message: string): Sniffed {
  return { kind: null, error: new DocumentError(code, message) };
}

function isPdf(bytes: Uint8Array): boolean {
  // Readers accept junk (mail headers, BOMs) before the header within the first KB, and so do we.
  return indexOfAscii(bytes, "%PDF-", 0, 1024) >= 0;
}

function sniffZip(bytes: Uint8Array): Sniffed {
  const { entries, complete } = listZipEntries(bytes);
  const names = new Set(entries.map((entry) => entry.name));
  if (names.has("word/document.xml")) return { kind: "docx" };
  // A truncated DOCX may have lost the main part's header but still shows Word parts; mammoth reports it corrupt.
  if (!complete && entries.some((entry) => entry.name.startsWith("word/"))) return { kind: "docx" };
  if (entries.some((entry) => entry.name.startsWith("xl/"))) return refuse("unsupported", `Excel spreadsheets are not supported; ${UPLOAD_HINT}.`);
  if (entries.some((entry) => entry.name.startsWith("ppt/"))) return refuse("unsupported", `PowerPoint presentations are not supported; ${UPLOAD_HINT}.`);
  if (names.has("mimetype") && names.has("content.xml")) {
    return refuse("unsupported", `OpenDocument files (.odt) are not supported; save as DOCX or PDF, or ${UPLOAD_HINT}.`);
  }
  if (names.has("META-INF/container.xml")) return refuse("unsupported", `EPUB books are not supported; ${UPLOAD_HINT}.`);
  if (!complete) return refuse("corrupt", "The file is a damaged or incomplete ZIP archive (an Office document cut short?).");
  return refuse("unsupported", `ZIP archives are not supported (no Word document inside); ${UPLOAD_HINT}.`);
}

function sniffOle(bytes: Uint8Array): Sniffed {
  // OLE compound files name their streams in UTF-16LE directory entries; looking for the names is enough here.
  if (indexOfUtf16(bytes, "EncryptedPackage") >= 0) {
    return refuse("encrypted", "The document is password-protected. Remove the password and upload it again.");
  }
  if (indexOfUtf16(bytes, "WordDocument") >= 0) {
    return refuse("unsupported", "Legacy Word .doc files are not supported; save as .docx or PDF.");
  }
  if (indexOfUtf16(bytes, "Workbook") >= 0) {
    return refuse("unsupported", `Legacy Excel .xls files are not supported; ${UPLOAD_HINT}.`);
  }
  if (indexOfUtf16(bytes, "PowerPoint Document") >= 0) {
    return refuse("unsupported", `Legacy PowerPoint .ppt files are not supported; ${UPLOAD_HINT}.`);
  }
  return refuse("unsupported", "Legacy Microsoft Office files are not supported; save as .docx or PDF.");
}

const BINARY_SIGNATURES: ReadonlyArray<{ label: string; test: (bytes: Uint8Array) => boolean }> = [
  { label: "PNG images", test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { label: "JPEG images", test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { label: "GIF images", test: (b) => startsWithAscii(b, 0, "GIF87a") || startsWithAscii(b, 0, "GIF89a") },
  { label: "TIFF images", test: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]) },
  { label: "BMP images", test: (b) => startsWithAscii(b, 0, "BM") && b.length > 26 && b[6] === 0 && b[7] === 0 && b[8] === 0 && b[9] === 0 },
  { label: "WebP images", test: (b) => startsWithAscii(b, 0, "RIFF") && startsWithAscii(b, 8, "WEBP") },
  { label: "HEIC/AVIF images", test: (b) => startsWithAscii(b, 4, "ftyp") && /^(heic|heix|mif1|msf1|avif)$/.test(ascii(b, 8, 12)) },
  { label: "Executable files", test: (b) => startsWithAscii(b, 0, "MZ") && b.subarray(0, 64).includes(0) },
  { label: "Executable files", test: (b) => startsWith(b, [0x7f, 0x45, 0x4c, 0x46]) },
  { label: "Executable files", test: (b) => startsWith(b, [0xcf, 0xfa, 0xed, 0xfe]) || startsWith(b, [0xfe, 0xed, 0xfa, 0xcf]) },
  { label: "Compressed archives", test: (b) => startsWith(b, [0x1f, 0x8b]) },
  { label: "Compressed archives", test: (b) => startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  { label: "Compressed archives", test: (b) => startsWithAscii(b, 0, "Rar!\x1a\x07") },
  { label: "PostScript files", test: (b) => startsWithAscii(b, 0, "%!PS") },
];

function binaryFormat(bytes: Uint8Array): string | null {
  for (const signature of BINARY_SIGNATURES) if (signature.test(bytes)) return signature.label;
  return null;
}

const utf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const utf16leDecoder = new TextDecoder("utf-16le", { fatal: true, ignoreBOM: false });
const utf16beDecoder = new TextDecoder("utf-16be", { fatal: true, ignoreBOM: false });

// Not fatal: Windows-1252 defines every byte but five, which decode to C1 controls and count as binary below.
const windows1252Decoder = new TextDecoder("windows-1252");
const lenientUtf8Decoder = new TextDecoder("utf-8");
// Legacy 8-bit text is mostly ASCII with a few accented letters; binary data is about half high bytes.
const MAX_HIGH_BYTE_SHARE = 0.3;

/**
 * UTF-8, or UTF-16 announced by a BOM, or else Windows-1252 (a superset of Latin-1: the default of Notepad before
 * 2019 and of many ATS exports) when the bytes are mostly ASCII; null for anything else or for binary content.
 */
export function decodeText(bytes: Uint8Array): string | null {
  const utf16 = startsWith(bytes, [0xff, 0xfe]) ? utf16leDecoder : startsWith(bytes, [0xfe, 0xff]) ? utf16beDecoder : null;
  let text: string;
  try {
    text = (utf16 ?? utf8Decoder).decode(bytes);
  } catch {
    // Invalid UTF-16 after its BOM is no text; invalid UTF-8 may be an 8-bit encoding.
    return utf16 ? null : decodeInvalidUtf8(bytes);
  }
  return looksBinary(text, false) ? null : text;
}

/**
 * Bytes that are not valid UTF-8. UTF-8 with a few stray bytes (a character pasted from another encoding) stays
 * UTF-8, each stray byte a replacement character: read as Windows-1252 every accent of it would be garbled ("JosÃ©").
 * When invalid bytes are as many as valid multi-byte characters or more, the text is 8-bit: Windows-1252.
 */
function decodeInvalidUtf8(bytes: Uint8Array): string | null {
  const lenient = lenientUtf8Decoder.decode(bytes);
  const valid = lenient.match(/[^\u0000-\u007f\ufffd]/gu)?.length ?? 0;
  const stray = lenient.match(/\ufffd/gu)?.length ?? 0;
  if (valid >= stray) return looksBinary(lenient, false) ? null : lenient;
  let high = 0;
  for (const b of bytes) if (b >= 0x80) high++;
  if (high > bytes.length * MAX_HIGH_BYTE_SHARE) return null;
  const text = windows1252Decoder.decode(bytes);
  return looksBinary(text, true) ? null : text;
}

/**
 * Control characters beyond a few say binary. `legacy`: C1 controls count too — in Windows-1252 text they are the
 * bytes it leaves undefined; in UTF-8 they can be a Latin-1 round trip's artefact (U+0092 for ’) and are tolerated.
 */
function looksBinary(text: string, legacy: boolean): boolean {
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return true;
    // Tab, LF, VT, FF, CR are ordinary in text files; other C0 controls only show up in binary data.
    if ((code < 0x20 && (code < 0x09 || code > 0x0d)) || code === 0x7f || (legacy && code >= 0x80 && code <= 0x9f)) controls++;
  }
  return controls > Math.max(2, text.length / 200);
}

const HTML_TAG = /<\/?(?:html|head|body|title|meta|link|div|span|p|br|hr|h[1-6]|ul|ol|li|dl|dt|dd|table|thead|tbody|tr|td|th|a|b|i|u|em|strong|section|article|header|footer|nav|main|aside|img|font|center|pre|blockquote|style|script)\b[^<>]*>/gi;

function classifyText(text: string): Sniffed {
  const head = text.slice(0, 4096).replace(/^\ufeff/, "").trimStart().toLowerCase();
  if (head.startsWith("<!doctype html") || head.startsWith("<html")) return { kind: "html", text };
  if (head.startsWith("<?xml") || head.startsWith("<svg")) {
    if (/<!doctype html|<html[\s>]/.test(head)) return { kind: "html", text };
    const what = head.startsWith("<svg") || head.includes("<svg") ? "SVG images" : "XML files";
    return refuse("unsupported", `${what} are not supported; ${UPLOAD_HINT}.`);
  }
  if (head.startsWith("<") && isMostlyHtml(text)) return { kind: "html", text };
  return { kind: "text", text };
}

/** A fragment such as `<h1>Jane</h1><p>…</p>` without the document boilerplate. */
function isMostlyHtml(text: string): boolean {
  const sample = text.length > 65_536 ? text.slice(0, 65_536) : text;
  let tags = 0;
  let markup = 0;
  for (const match of sample.matchAll(HTML_TAG)) {
    tags++;
    markup += match[0].length;
  }
  return tags >= 2 && markup >= sample.trim().length * 0.05;
}

function skipBomAndSpace(bytes: Uint8Array): number {
  let pos = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (pos < bytes.length && pos < 1024 && (bytes[pos] === 0x20 || (bytes[pos]! >= 0x09 && bytes[pos]! <= 0x0d))) pos++;
  return pos;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  return prefix.every((value, i) => bytes[i] === value);
}

function startsWithAscii(bytes: Uint8Array, offset: number, prefix: string): boolean {
  if (bytes.length < offset + prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[offset + i] !== prefix.charCodeAt(i)) return false;
  return true;
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
}

function indexOfAscii(bytes: Uint8Array, needle: string, from: number, to: number): number {
  const last = Math.min(to, bytes.length - needle.length);
  for (let pos = from; pos <= last; pos++) if (startsWithAscii(bytes, pos, needle)) return pos;
  return -1;
}

function indexOfUtf16(bytes: Uint8Array, needle: string): number {
  const pattern: number[] = [];
  for (const char of needle) pattern.push(char.charCodeAt(0), 0);
  outer: for (let pos = 0; pos + pattern.length <= bytes.length; pos++) {
    for (let i = 0; i < pattern.length; i++) if (bytes[pos + i] !== pattern[i]) continue outer;
    return pos;
  }
  return -1;
}
