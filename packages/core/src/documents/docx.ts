import mammoth from "mammoth";
import { DocumentError } from "./errors.ts";
import { htmlToText } from "./html.ts";
import { listZipEntries } from "./zip.ts";

// The XML of a long résumé is well under a megabyte; far more than this is a zip bomb, not a CV.
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

// Images are dropped rather than inlined as data URIs, which would only cost time and memory.
const noImages = mammoth.images.imgElement(async () => ({ src: "" }));

/**
 * DOCX through mammoth's semantic HTML (headings, lists, tables survive) and then the HTML converter, rather
 * than mammoth's raw text, which flattens lists and table rows into runs of paragraphs.
 */
export async function docxToText(bytes: Uint8Array): Promise<string> {
  const unpacked = listZipEntries(bytes).entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (unpacked > MAX_UNPACKED_BYTES) {
    throw new DocumentError("too_large", "The Word document unpacks to too much data to be a résumé.");
  }
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      { convertImage: noImages, ignoreEmptyParagraphs: false, externalFileAccess: false },
    );
    html = result.value;
  } catch (error) {
    throw new DocumentError("corrupt", "The Word document is damaged and could not be read.", { cause: error });
  }
  const text = htmlToText(html, { paragraphs: "line" });
  if (text === "") throw new DocumentError("empty", "The Word document contains no text.");
  return text;
}
