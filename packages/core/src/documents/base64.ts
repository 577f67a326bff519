import { DocumentError, tooLarge } from "./errors.ts";

// `data:application/pdf;name=cv.pdf;base64,` — parameters between the media type and `;base64` are allowed.
const DATA_URL = /^data:[^,]*?;base64,/i;
const NON_BASE64_DATA_URL = /^data:[^,]*,/i;
const WHITESPACE = /[\s\u00a0]+/g;
// Either alphabet, even mixed (some encoders only swap one of the two characters), with optional padding.
const BASE64_BODY = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * Decodes a Base64 document as clients send it: plain or URL-safe alphabet, with or without padding, wrapped
 * over several lines, or as a `data:` URL. Validates strictly instead of letting Buffer skip bad characters,
 * so that a truncated or mangled upload is reported rather than turned into a silently damaged file.
 */
export function decodeBase64Document(value: string, maxBytes: number): Uint8Array {
  if (typeof value !== "string") {
    throw new DocumentError("invalid_base64", "The document must be a Base64 string.");
  }
  let body = value.trim();
  const dataUrl = DATA_URL.exec(body);
  if (dataUrl) {
    body = body.slice(dataUrl[0].length);
  } else if (NON_BASE64_DATA_URL.test(body)) {
    throw new DocumentError("invalid_base64", "The data URL is not Base64-encoded (it lacks `;base64`).");
  }
  body = body.replace(WHITESPACE, "");
  if (body.length === 0) throw new DocumentError("empty", "The document is empty.");
  if (!BASE64_BODY.test(body) || body.length % 4 === 1) {
    throw new DocumentError("invalid_base64", "The document is not valid Base64.");
  }
  const unpadded = body.replace(/=+$/, "");
  if (body.length !== unpadded.length && body.length % 4 !== 0) {
    throw new DocumentError("invalid_base64", "The document is not valid Base64 (bad padding).");
  }
  // 4 Base64 characters encode 3 bytes: check the size before allocating anything.
  const size = Math.floor((unpadded.length * 3) / 4);
  if (size > maxBytes) throw tooLarge(size, maxBytes);
  const decoded = Buffer.from(unpadded.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (decoded.length === 0) throw new DocumentError("empty", "The document is empty.");
  // Copy out of Buffer's shared pool: callers (pdf.js) may take ownership of the underlying ArrayBuffer.
  return new Uint8Array(decoded);
}
