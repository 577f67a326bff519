import { DocumentError } from "./errors.ts";
import { normalizeText } from "./normalize.ts";

/**
 * RTF to plain text. A small interpreter instead of a library: the npm options are either Outlook
 * de-encapsulators (rtf-stream-parser only extracts `\fromtext`/`\fromhtml` bodies) or unmaintained parsers
 * that ignore the `\uc` fallback rule and raise process-level errors on unknown input (rtf-parser). Plain text
 * needs only a few rules, all implemented here: skip non-text destinations, honour `\u` with its fallback
 * characters, decode `\'hh` bytes in the code page of the current font, and map the break/punctuation words.
 */
export function rtfToText(bytes: Uint8Array): string {
  const text = normalizeText(new RtfReader(bytes).read());
  if (text === "") throw new DocumentError("empty", "The RTF document contains no text.");
  return text;
}

// Destinations whose content is never body text (tables of fonts/colours, metadata, pictures, field codes…).
const SKIPPED_DESTINATIONS = new Set([
  "fonttbl", "colortbl", "stylesheet", "info", "pict", "themedata", "colorschememapping", "latentstyles",
  "datastore", "xmlnstbl", "listtable", "listoverridetable", "rsidtbl", "generator", "filetbl", "revtbl",
  "pgdsctbl", "fldinst", "bkmkstart", "bkmkend", "pntext", "pntxta", "pntxtb", "listtext", "objdata",
  "objclass", "nonshppict", "userprops", "docvar", "xe", "tc", "annotation", "atnid", "atnauthor", "ftnsep",
  "ftnsepc", "aftnsep", "aftnsepc", "template", "sp", "sn", "sv", "mmathPr", "wgrffmtfilter", "operator",
]);

// Optional (\*) destinations that hold body text: Word writes text boxes inside \shpinst.
const KEPT_OPTIONAL_DESTINATIONS = new Set(["shpinst"]);

const SYMBOLS: Record<string, string> = {
  par: "\n", line: "\n", sect: "\n\n", page: "\n\n", row: "\n", nestrow: "\n", tab: "\t", cell: " | ",
  nestcell: " | ", emdash: "\u2014", endash: "\u2013", emspace: " ", enspace: " ", qmspace: " ", bullet: "\u2022",
  lquote: "\u2018", rquote: "\u2019", ldblquote: "\u201c", rdblquote: "\u201d",
};

// \fcharset values to code pages (RTF spec, "Font table").
const CHARSET_CODEPAGES: Record<number, number> = {
  77: 10000, 128: 932, 129: 949, 130: 1361, 134: 936, 136: 950, 161: 1253, 162: 1254, 163: 1258, 177: 1255,
  178: 1256, 186: 1257, 204: 1251, 222: 874, 238: 1250,
};
const SYMBOL_CHARSET = 2;

const CODEPAGE_LABELS: Record<number, string> = {
  874: "windows-874", 932: "shift_jis", 936: "gbk", 949: "euc-kr", 950: "big5", 1250: "windows-1250",
  1251: "windows-1251", 1252: "windows-1252", 1253: "windows-1253", 1254: "windows-1254", 1255: "windows-1255",
  1256: "windows-1256", 1257: "windows-1257", 1258: "windows-1258", 10000: "macintosh", 20866: "koi8-r",
  65001: "utf-8",
};
type Decoder = InstanceType<typeof TextDecoder>;
const decoders = new Map<number, Decoder>();

function decoderFor(codepage: number): Decoder {
  let decoder = decoders.get(codepage);
  if (!decoder) {
    // Code pages outside the WHATWG set (DOS 437/850…) fall back to Windows-1252, which agrees on letters.
    decoder = new TextDecoder(CODEPAGE_LABELS[codepage] ?? "windows-1252");
    decoders.set(codepage, decoder);
  }
  return decoder;
}

interface GroupState {
  skip: boolean;
  inFontTable: boolean;
  /** Number of fallback bytes that follow each \uN. */
  uc: number;
  /** Code page for \'hh and 8-bit bytes; -1 for symbol fonts, whose bytes are glyph indices. */
  codepage: number;
}

const BACKSLASH = 0x5c;
const OPEN = 0x7b;
const CLOSE = 0x7d;

class RtfReader {
  private readonly bytes: Uint8Array;
  private pos = 0;
  private state: GroupState = { skip: false, inFontTable: false, uc: 1, codepage: 1252 };
  private readonly stack: GroupState[] = [];
  private readonly out: string[] = [];
  private pendingBytes: number[] = [];
  private fallbackToSkip = 0;
  private groupStart = false;
  private ignorableMark = false;
  private ansiCodepage = 1252;
  private defaultFont = -1;
  private currentFontDef = -1;
  private readonly fontCodepages = new Map<number, number>();

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  read(): string {
    const { bytes } = this;
    while (this.pos < bytes.length) {
      const byte = bytes[this.pos]!;
      if (byte === OPEN) {
        this.flush();
        this.stack.push(this.state);
        this.state = { ...this.state };
        this.groupStart = true;
        this.ignorableMark = false;
        this.fallbackToSkip = 0;
        this.pos++;
      } else if (byte === CLOSE) {
        this.flush();
        this.state = this.stack.pop() ?? this.state;
        this.groupStart = false;
        this.fallbackToSkip = 0;
        this.pos++;
      } else if (byte === BACKSLASH) {
        this.readControl();
      } else if (byte === 0x0d || byte === 0x0a) {
        this.pos++; // Line breaks in RTF source are not text.
      } else {
        this.groupStart = false;
        this.pos++;
        this.textByte(byte);
      }
    }
    this.flush();
    return this.out.join("");
  }

  private readControl(): void {
    const { bytes } = this;
    const next = bytes[this.pos + 1];
    if (next === undefined) {
      this.pos++;
      return;
    }
    if (!isLetter(next)) {
      this.pos += 2;
      this.controlSymbol(next);
      return;
    }
    let end = this.pos + 1;
    while (end < bytes.length && end - this.pos <= 32 && isLetter(bytes[end]!)) end++;
    const word = String.fromCharCode(...bytes.subarray(this.pos + 1, end));
    let param: number | null = null;
    let paramEnd = end;
    if (bytes[paramEnd] === 0x2d || isDigit(bytes[paramEnd])) {
      paramEnd++;
      while (paramEnd < bytes.length && paramEnd - end <= 11 && isDigit(bytes[paramEnd])) paramEnd++;
      const digits = String.fromCharCode(...bytes.subarray(end, paramEnd));
      param = digits === "-" ? null : Number.parseInt(digits, 10);
    }
    this.pos = bytes[paramEnd] === 0x20 ? paramEnd + 1 : paramEnd; // One space delimits the word.
    this.controlWord(word, param);
  }

  private controlSymbol(symbol: number): void {
    if (symbol === 0x27) {
      // \'hh: one byte in the current code page.
      const hex = String.fromCharCode(this.bytes[this.pos] ?? 0, this.bytes[this.pos + 1] ?? 0);
      this.pos += 2;
      const value = Number.parseInt(hex, 16);
      this.groupStart = false;
      if (!Number.isNaN(value)) this.textByte(value);
      return;
    }
    if (symbol === 0x2a) {
      this.ignorableMark = true; // \* : the group is a destination readers may skip when they do not know it.
      return;
    }
    this.groupStart = false;
    switch (symbol) {
      case BACKSLASH:
      case OPEN:
      case CLOSE:
        this.textByte(symbol);
        return;
      case 0x7e: // \~ non-breaking space
        this.emit(" ");
        return;
      case 0x5f: // \_ non-breaking hyphen
        this.emit("-");
        return;
      case 0x0a:
      case 0x0d: // backslash + newline is an old spelling of \par
        this.emit("\n");
        return;
      default:
        return; // \- (soft hyphen), \: and \| carry no text.
    }
  }

  private controlWord(word: string, param: number | null): void {
    const wasGroupStart = this.groupStart;
    this.groupStart = false;
    const skipped = SKIPPED_DESTINATIONS.has(word) || (this.ignorableMark && !KEPT_OPTIONAL_DESTINATIONS.has(word));
    if (wasGroupStart && skipped) {
      this.flush();
      this.state.skip = true;
      if (word === "fonttbl") this.state.inFontTable = true;
    }
    this.ignorableMark = false;

    switch (word) {
      case "ansicpg":
        if (param !== null) this.ansiCodepage = this.state.codepage = param;
        return;
      case "mac":
        this.ansiCodepage = this.state.codepage = 10000;
        return;
      case "deff":
        if (param !== null) this.defaultFont = param;
        return;
      case "uc":
        if (param !== null && param >= 0 && param <= 10) this.state.uc = param;
        return;
      case "u":
        if (param !== null) this.unicode(param);
        return;
      case "bin":
        this.flush();
        this.pos += Math.max(0, param ?? 0); // Binary payloads (pictures, objects) are never text.
        return;
      case "f":
        if (param !== null) this.selectFont(param);
        return;
      case "fcharset":
        if (this.state.inFontTable && param !== null && this.currentFontDef >= 0) {
          this.fontCodepages.set(this.currentFontDef, param === SYMBOL_CHARSET ? -1 : (CHARSET_CODEPAGES[param] ?? 0));
        }
        return;
      case "cpg":
        if (this.state.inFontTable && param !== null && this.currentFontDef >= 0) this.fontCodepages.set(this.currentFontDef, param);
        return;
      case "plain":
        if (this.defaultFont >= 0) this.selectFont(this.defaultFont);
        return;
    }
    const symbol = SYMBOLS[word];
    if (symbol !== undefined) {
      if (word === "row" || word === "nestrow") this.endRow();
      else this.emit(symbol);
    }
  }

  private selectFont(font: number): void {
    if (this.state.inFontTable) {
      this.currentFontDef = font;
      return;
    }
    this.flush();
    const codepage = this.fontCodepages.get(font);
    this.state.codepage = codepage === undefined || codepage === 0 ? this.ansiCodepage : codepage;
  }

  private unicode(value: number): void {
    // \u takes a signed 16-bit value; astral characters arrive as two \u surrogates in a row.
    const code = value < 0 ? value + 65536 : value;
    this.emit(String.fromCharCode(code & 0xffff));
    this.fallbackToSkip = this.state.uc;
  }

  private textByte(byte: number): void {
    if (this.fallbackToSkip > 0) {
      this.fallbackToSkip--;
      return;
    }
    if (this.state.skip) return;
    this.pendingBytes.push(byte);
  }

  private emit(text: string): void {
    this.flush();
    if (!this.state.skip) this.out.push(text);
  }

  private endRow(): void {
    this.flush();
    if (this.state.skip) return;
    if (this.out[this.out.length - 1] === " | ") this.out.pop();
    this.out.push("\n");
  }

  private flush(): void {
    if (this.pendingBytes.length === 0) return;
    const bytes = Uint8Array.from(this.pendingBytes);
    this.pendingBytes = [];
    if (this.state.codepage === -1) {
      // Symbol fonts: only the bullet is worth keeping; other glyph indices would come out as wrong letters.
      this.out.push(Array.from(bytes, (b) => (b === 0xb7 ? "\u2022" : "")).join(""));
      return;
    }
    this.out.push(decoderFor(this.state.codepage).decode(bytes));
  }
}

function isLetter(byte: number): boolean {
  return (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a);
}

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}
