/**
 * Just enough ZIP reading to tell a DOCX from other ZIP-based files without inflating anything, so that kind
 * detection stays synchronous and cheap. The actual unpacking is left to mammoth.
 */

export interface ZipEntry {
  name: string;
  /** As declared by the archive; only a hint (it can lie), used to refuse zip bombs early. */
  uncompressedSize: number;
}

export interface ZipListing {
  entries: ZipEntry[];
  /** False when the central directory was missing or damaged and entries were recovered from local headers. */
  complete: boolean;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_ENTRIES = 20_000;
const latin1 = new TextDecoder("latin1");
const utf8 = new TextDecoder("utf-8");

export function listZipEntries(bytes: Uint8Array): ZipListing {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return readCentralDirectory(bytes, view) ?? { entries: scanLocalHeaders(bytes, view), complete: false };
}

function readCentralDirectory(bytes: Uint8Array, view: DataView): ZipListing | null {
  const eocd = findEndOfCentralDirectory(view);
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  const offset = view.getUint32(eocd + 16, true);
  // ZIP64 archives mark these fields as saturated; DOCX files essentially never need ZIP64.
  if (count === 0xffff || offset === 0xffffffff || offset >= bytes.length) return null;
  const entries: ZipEntry[] = [];
  let pos = offset;
  for (let i = 0; i < Math.min(count, MAX_ENTRIES); i++) {
    if (pos + 46 > bytes.length || view.getUint32(pos, true) !== CENTRAL_SIGNATURE) return null;
    const flags = view.getUint16(pos + 8, true);
    const uncompressedSize = view.getUint32(pos + 24, true);
    const nameLength = view.getUint16(pos + 28, true);
    const extraLength = view.getUint16(pos + 30, true);
    const commentLength = view.getUint16(pos + 32, true);
    if (pos + 46 + nameLength > bytes.length) return null;
    entries.push({ name: decodeName(bytes.subarray(pos + 46, pos + 46 + nameLength), flags), uncompressedSize });
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, complete: true };
}

function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let pos = last; pos >= first; pos--) {
    if (view.getUint32(pos, true) === EOCD_SIGNATURE) return pos;
  }
  return -1;
}

/** Recovery path for truncated archives: the local headers before the cut are still readable. */
function scanLocalHeaders(bytes: Uint8Array, view: DataView): ZipEntry[] {
  const entries: ZipEntry[] = [];
  for (let pos = 0; pos + 30 <= bytes.length && entries.length < MAX_ENTRIES; pos++) {
    if (bytes[pos] !== 0x50 || view.getUint32(pos, true) !== LOCAL_SIGNATURE) continue;
    const flags = view.getUint16(pos + 6, true);
    const nameLength = view.getUint16(pos + 26, true);
    if (pos + 30 + nameLength > bytes.length) break;
    entries.push({
      name: decodeName(bytes.subarray(pos + 30, pos + 30 + nameLength), flags),
      uncompressedSize: view.getUint32(pos + 22, true),
    });
    pos += 29 + nameLength;
  }
  return entries;
}

function decodeName(raw: Uint8Array, flags: number): string {
  // Bit 11 marks UTF-8 names; older tools wrote CP437, for which latin1 is close enough to match ASCII paths.
  return (flags & 0x800 ? utf8 : latin1).decode(raw);
}
