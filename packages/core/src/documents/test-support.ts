/**
 * Builders for small, hand-made documents used by the tests: minimal PDFs (text, image-only, encrypted),
 * ZIP archives and DOCX files. Test code only; nothing in the module imports it.
 */
import { crc32, deflateRawSync } from "node:zlib";

const latin1 = (text: string) => Buffer.from(text, "latin1");

/**
 * A PDF from object bodies (object i + 1 is objects[i]); object 1 must be the catalog. Streams are given as
 * `{ dict, data }` so that /Length is computed. The xref table is exact, so pdf.js needs no repair.
 */
export function buildPdf(objects: Array<string | { dict: string; data: Uint8Array | string }>, trailerExtra = ""): Uint8Array {
  const chunks: Buffer[] = [latin1("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    let body: Buffer;
    if (typeof object === "string") {
      body = latin1(`${i + 1} 0 obj\n${object}\nendobj\n`);
    } else {
      const data = typeof object.data === "string" ? latin1(object.data) : Buffer.from(object.data);
      body = Buffer.concat([
        latin1(`${i + 1} 0 obj\n<< ${object.dict} /Length ${data.length} >>\nstream\n`),
        data,
        latin1("\nendstream\nendobj\n"),
      ]);
    }
    chunks.push(body);
    length += body.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)].join("");
  chunks.push(latin1(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra} >>\nstartxref\n${length}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * A one-page PDF showing the given lines in Helvetica; `charSpacing` sets Tc (letter-spacing, in points).
 */
export function textPdf(lines: Array<{ text: string; x?: number; y: number; size?: number; charSpacing?: number }>): Uint8Array {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = lines
    .map(({ text, x = 72, y, size = 11, charSpacing = 0 }) => `BT /F1 ${size} Tf ${charSpacing} Tc ${x} ${y} Td (${escape(text)}) Tj ET`)
    .join("\n");
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    { dict: "", data: content },
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ]);
}

/** A PDF with one Helvetica line per page. */
export function multiPagePdf(pageTexts: string[]): Uint8Array {
  const pages = pageTexts.map((_, i) => 4 + 2 * i);
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pages.map((n) => `${n} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ...pageTexts.flatMap((text, i) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`,
      { dict: "", data: `BT /F1 12 Tf 72 700 Td (${text}) Tj ET` },
    ]),
  ]);
}

/** A scanned-looking page: one image XObject painted over the page and no text at all. */
export function imageOnlyPdf(): Uint8Array {
  const pixels = new Uint8Array(16 * 16).map((_, i) => (i % 3 === 0 ? 0 : 255));
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>",
    { dict: "", data: "q 468 0 0 648 72 72 cm /Im1 Do Q" },
    { dict: "/Type /XObject /Subtype /Image /Width 16 /Height 16 /ColorSpace /DeviceGray /BitsPerComponent 8", data: pixels },
  ]);
}

/** A page with only vector drawing: no text and no image. */
export function blankPdf(): Uint8Array {
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    { dict: "", data: "0 0 1 rg 72 72 200 200 re f" },
  ]);
}

/**
 * A PDF encrypted with the standard security handler whose /U entry does not match the empty password, so a
 * reader needs the (unknown) user password to open it.
 */
export function encryptedPdf(): Uint8Array {
  const hex32 = (seed: number) => Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) & 0xff).toString(16).padStart(2, "0")).join("");
  return buildPdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
      { dict: "", data: "BT /F1 12 Tf 72 720 Td (secret) Tj ET" },
      `<< /Filter /Standard /V 1 /R 2 /O <${hex32(11)}> /U <${hex32(5)}> /P -3904 >>`,
    ],
    "/Encrypt 5 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]",
  );
}

/** A ZIP archive (deflated entries, correct CRCs) with the given files. */
export function buildZip(files: Record<string, string | Uint8Array>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content);
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** A minimal DOCX whose body is the given WordprocessingML (the content of <w:body>). */
export function buildDocx(bodyXml: string): Uint8Array {
  return buildZip({
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    "_rels/.rels":
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    "word/document.xml":
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${bodyXml}</w:body></w:document>`,
  });
}

/** WordprocessingML paragraph with plain runs. */
export function wordParagraph(text: string): string {
  return `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}
