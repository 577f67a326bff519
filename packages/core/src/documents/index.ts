import { DocumentError, tooLarge } from "./errors.ts";
import { normalizeText } from "./normalize.ts";
import { pdfToText } from "./pdf/extract.ts";
import { rtfToText } from "./rtf.ts";
import { sniff } from "./sniff.ts";
import type { ExtractedDocument } from "./types.ts";

export { decodeBase64Document } from "./base64.ts";
export { DocumentError, type DocumentErrorCode } from "./errors.ts";
export { detectKind } from "./sniff.ts";
export type { DocumentKind, ExtractedDocument } from "./types.ts";

/** Upload limit used when the caller sets none. */
export const DEFAULT_MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * Plain text of a résumé in reading order. The format is sniffed from the bytes. Bad input of any sort ends
 * in a DocumentError whose message can be shown to the uploader; nothing else is thrown for it.
 */
export async function extractText(bytes: Uint8Array, options: { maxBytes?: number } = {}): Promise<ExtractedDocument> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  if (bytes.length > maxBytes) throw tooLarge(bytes.length, maxBytes);
  const sniffed = sniff(bytes);
  // The DOCX and HTML readers (mammoth, html-to-text and their parsers) load on first use, as pdf.js does: the API
  // function would otherwise compile them at every cold start, though most screenings send text or one format.
  try {
    switch (sniffed.kind) {
      case null:
        throw sniffed.error;
      case "pdf": {
        const { text, pages } = await pdfToText(bytes);
        return { kind: "pdf", text, pages };
      }
      case "docx": {
        const { docxToText } = await import("./docx.ts");
        return { kind: "docx", text: await docxToText(bytes), pages: null };
      }
      case "rtf":
        return { kind: "rtf", text: rtfToText(bytes), pages: null };
      case "html": {
        const { htmlToText } = await import("./html.ts");
        return { kind: "html", text: nonEmpty(htmlToText(sniffed.text), "The HTML document contains no text."), pages: null };
      }
      case "text":
        return { kind: "text", text: nonEmpty(normalizeText(sniffed.text), "The document contains no text."), pages: null };
    }
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    // A library failing on hostile input is still a problem with the document, not with the service.
    throw new DocumentError("corrupt", "The document is damaged and could not be read.", { cause: error });
  }
}

function nonEmpty(text: string, message: string): string {
  if (text === "") throw new DocumentError("empty", message);
  return text;
}
