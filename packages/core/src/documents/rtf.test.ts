import { describe, expect, it } from "vitest";
import { DocumentError } from "./errors.ts";
import { rtfToText } from "./rtf.ts";

const rtf = (source: string) => rtfToText(new Uint8Array(Buffer.from(source, "latin1")));

describe("rtfToText", () => {
  it("skips font, colour, style and info tables and ignorable destinations", () => {
    const source = String.raw`{\rtf1\ansi\deff0{\fonttbl{\f0\fswiss Arial;}}{\colortbl;\red0\green0\blue0;}{\stylesheet{\s1 Heading 1;}}{\info{\title Secret title}}{\*\generator Writer;}{\*\unknownthing hidden}\pard Jane Doe\par}`;
    expect(rtf(source)).toBe("Jane Doe");
  });

  it("honours \\uc fallback characters, including \\uc0 and surrogate pairs", () => {
    expect(rtf(String.raw`{\rtf1 Caf\u233?\par \u-10179?\u-8704? ok\par {\uc2\u8364\'80\'80 10}\par \uc0\u8220 quoted\u8221}`)).toBe("Café\n😀 ok\n€ 10\n“quoted”");
  });

  it("decodes \\'hh bytes in the code page of the current font", () => {
    const source = String.raw`{\rtf1\ansi\ansicpg1252{\fonttbl{\f0\fcharset0 Arial;}{\f1\fcharset204 Arial Cyr;}}\f0 Fran\'e7ois \f1\'cf\'f0\'e8\'e2\'e5\'f2\f0  Z\'fcrich}`;
    expect(rtf(source)).toBe("François Привет Zürich");
  });

  it("keeps field results but not field instructions", () => {
    expect(rtf(String.raw`{\rtf1 Mail: {\field{\*\fldinst HYPERLINK "mailto:jane@example.com"}{\fldrslt jane@example.com}}\par}`)).toBe("Mail: jane@example.com");
  });

  it("reads table rows as lines with cells separated", () => {
    expect(rtf(String.raw`{\rtf1\trowd\cellx2000\cellx4000 2019\cell Acme\cell\row\trowd 2016\cell Initech\cell\row}`)).toBe("2019 | Acme\n2016 | Initech");
  });

  it("maps the punctuation words and skips pictures and binary data", () => {
    const source = String.raw`{\rtf1 A\emdash B\endash C \bullet  D\tab E\line F{\pict\pngblip 89504e47}\bin4 ` + "\x00\x01\x02\x03" + String.raw` G\~H}`;
    expect(rtf(source)).toBe("A—B–C • D E\nF G H");
  });

  it("reports a document without text as empty", () => {
    expect(() => rtf(String.raw`{\rtf1{\fonttbl{\f0 Arial;}}\par\par}`)).toThrow(DocumentError);
  });
});
