import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DocumentError, extractText, type DocumentErrorCode } from "./index.ts";
import {
  blankPdf,
  buildDocx,
  encryptedPdf,
  imageOnlyPdf,
  multiPagePdf,
  textPdf,
  wordParagraph,
} from "./test-support.ts";

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

async function rejection(bytes: Uint8Array, options?: { maxBytes?: number }): Promise<DocumentError> {
  try {
    await extractText(bytes, options);
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    return error as DocumentError;
  }
  throw new Error("expected extractText to reject");
}

async function codeOf(bytes: Uint8Array): Promise<DocumentErrorCode | "ok"> {
  try {
    await extractText(bytes);
    return "ok";
  } catch (error) {
    if (error instanceof DocumentError) return error.code;
    throw error;
  }
}

describe("extractText: PDF", () => {
  it("reads lines top to bottom and counts pages", async () => {
    const result = await extractText(
      textPdf([
        { text: "Jane Doe", y: 720, size: 20 },
        { text: "Experience", y: 680, size: 14 },
        { text: "Python (Django) developer", y: 662 },
        { text: "Kubernetes operator", y: 648 },
      ]),
    );
    expect(result).toEqual({ kind: "pdf", pages: 1, text: "Jane Doe\n\nExperience\nPython (Django) developer\nKubernetes operator" });
  });

  it("reads a two-column page column by column", async () => {
    const left = ["SKILLS", "Python", "Go", "Terraform", "Docker"];
    const right = ["EXPERIENCE", "Platform engineer at Acme", "Built the deployment pipeline", "Ran the on-call rotation", "Mentored two juniors"];
    // The right column's baselines sit between the left one's, as in real sidebars.
    const result = await extractText(
      textPdf([
        ...left.map((text, i) => ({ text, x: 40, y: 700 - i * 16 })),
        ...right.map((text, i) => ({ text, x: 250, y: 705 - i * 13 })),
      ]),
    );
    expect(result.text).toBe(`${left.join("\n")}\n\n${right.join("\n")}`);
  });

  it("joins a letter-spaced name whose word gap is wider than its letter gaps", async () => {
    const result = await extractText(textPdf([{ text: "JARED SMITH", y: 720, size: 20, charSpacing: 5 }, { text: "Engineer", y: 690 }]));
    expect(result.text.split("\n")[0]).toBe("JARED SMITH");
  });

  it("finds the word break of a letter-spaced name from its space glyph when the gaps look alike", async () => {
    const result = await extractText(textPdf([{ text: "JARED SMITH", y: 720, size: 20, charSpacing: 3 }, { text: "Engineer", y: 690 }]));
    expect(result.text.split("\n")[0]).toBe("JARED SMITH");
  });

  it("reads at most the first 30 pages but reports them all", async () => {
    const result = await extractText(multiPagePdf(Array.from({ length: 35 }, (_, i) => `Page number ${i + 1}`)));
    expect(result.pages).toBe(35);
    expect(result.text).toContain("Page number 30");
    expect(result.text).not.toContain("Page number 31");
  });

  it("reports a truncated PDF as corrupt", async () => {
    const full = textPdf([{ text: "Jane Doe", y: 700 }]);
    const error = await rejection(full.slice(0, Math.floor(full.length / 2)));
    expect(error.code).toBe("corrupt");
  });

  it("reports a PDF header followed by garbage as corrupt", async () => {
    expect((await rejection(utf8("%PDF-1.7\nthis is not a PDF body\n"))).code).toBe("corrupt");
  });

  it("reports a password-protected PDF as encrypted", async () => {
    const error = await rejection(encryptedPdf());
    expect(error.code).toBe("encrypted");
    expect(error.message).toMatch(/password/);
  });

  it("reports a scanned PDF as image_only and says OCR is not supported", async () => {
    const error = await rejection(imageOnlyPdf());
    expect(error.code).toBe("image_only");
    expect(error.message).toMatch(/scanned/i);
    expect(error.message).toMatch(/OCR, which is not supported yet/);
  });

  it("reports a PDF with neither text nor images as empty", async () => {
    expect((await rejection(blankPdf())).code).toBe("empty");
  });

  it("survives damaged PDFs with DocumentErrors only", async () => {
    const original = textPdf([
      { text: "Jane Doe", y: 720 },
      { text: "Experience", y: 700 },
    ]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat({ max: original.length - 1 }), fc.nat({ max: 255 })), { minLength: 1, maxLength: 20 }), async (edits) => {
        const damaged = original.slice();
        for (const [at, value] of edits) damaged[at] = value;
        await codeOf(damaged); // Resolves or rejects with a DocumentError; anything else fails the property.
      }),
      { numRuns: 40 },
    );
  });
});

describe("extractText: DOCX", () => {
  it("keeps paragraphs on their own lines, empty paragraphs as blank lines and table rows as lines", async () => {
    const body = [
      wordParagraph("Jane Doe"),
      wordParagraph("Berlin | jane@example.com"),
      "<w:p/>",
      wordParagraph("Experience"),
      "<w:tbl>",
      `<w:tr><w:tc>${wordParagraph("2019 – 2021")}</w:tc><w:tc>${wordParagraph("Acme GmbH")}</w:tc></w:tr>`,
      `<w:tr><w:tc>${wordParagraph("2016 – 2019")}</w:tc><w:tc>${wordParagraph("Initech")}</w:tc></w:tr>`,
      "</w:tbl>",
    ].join("");
    const result = await extractText(buildDocx(body));
    expect(result).toEqual({
      kind: "docx",
      pages: null,
      text: "Jane Doe\nBerlin | jane@example.com\n\nExperience\n2019 – 2021 | Acme GmbH\n2016 – 2019 | Initech",
    });
  });

  it("reads a layout table with several paragraphs per cell cell by cell", async () => {
    const cell = (...lines: string[]) => `<w:tc>${lines.map(wordParagraph).join("")}</w:tc>`;
    const body = `<w:tbl><w:tr>${cell("Skills", "Python", "SQL")}${cell("Experience", "Data engineer")}</w:tr></w:tbl>`;
    const { text } = await extractText(buildDocx(body));
    expect(text).toBe("Skills\nPython\nSQL\n\nExperience\nData engineer");
  });

  it("reports a damaged DOCX as corrupt", async () => {
    const docx = buildDocx(wordParagraph("Jane Doe"));
    expect((await rejection(docx.slice(0, docx.length - 30))).code).toBe("corrupt");
  });

  it("reports a DOCX without text as empty", async () => {
    expect((await rejection(buildDocx("<w:p/><w:p/>"))).code).toBe("empty");
  });
});

describe("extractText: HTML", () => {
  it("puts headings, paragraphs and list items on their own lines and drops scripts and styles", async () => {
    const html = `<!DOCTYPE html><html><head><title>CV</title><style>h1 { color: red }</style></head><body>
      <script>document.write("tracking")</script>
      <h1>Jane   Doe</h1><p>Site reliability <b>engineer</b> &amp; <a href="https://x.example">writer</a>.</p>
      <h2>Skills</h2><ul><li>Go</li><li>Rust</li></ul>
      <div>Berlin<br>Germany</div></body></html>`;
    const result = await extractText(utf8(html));
    expect(result).toEqual({
      kind: "html",
      pages: null,
      text: "Jane Doe\n\nSite reliability engineer & writer.\n\nSkills\n• Go\n• Rust\nBerlin\nGermany",
    });
  });

  it("reports HTML without visible text as empty", async () => {
    expect((await rejection(utf8("<html><head><script>x()</script></head><body> </body></html>"))).code).toBe("empty");
  });
});

describe("extractText: RTF", () => {
  it("reads paragraphs, Unicode escapes and code-page bytes", async () => {
    const rtf = String.raw`{\rtf1\ansi\ansicpg1252{\fonttbl{\f0 Arial;}}{\info{\author Someone}}\f0 Ren\'e9e Dupont\par Skills: Python\endash Go\par \u8364?100\par}`;
    const result = await extractText(utf8(rtf));
    expect(result).toEqual({ kind: "rtf", pages: null, text: "Renée Dupont\nSkills: Python–Go\n€100" });
  });
});

describe("extractText: plain text", () => {
  it("normalises line ends, BOM, spaces, blank lines, control characters and Unicode form", async () => {
    const text = "\ufeffJane   Doe \r\n\r\n\r\n\r\nCafe\u0301\tengineer\u0007\r\nBerlin\u00a0Germany\n\n";
    const result = await extractText(utf8(text));
    expect(result).toEqual({ kind: "text", pages: null, text: "Jane Doe\n\nCafé engineer\nBerlin Germany" });
  });

  it("reads UTF-16 text with a byte-order mark", async () => {
    const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Jürgen Groß\r\nEntwickler", "utf16le")]));
    expect(await extractText(bytes)).toEqual({ kind: "text", pages: null, text: "Jürgen Groß\nEntwickler" });
  });

  it("reads legacy 8-bit text as Windows-1252, its quotes and dashes included", async () => {
    // "José Müller" with Windows-1252's curly quotes (0x93, 0x94) and en dash (0x96): not valid UTF-8.
    const bytes = new Uint8Array(Buffer.from("Jos\xe9 M\xfcller\r\n\x93Caf\xe9 Z\xfcrich\x94, 2018 \x96 Present", "latin1"));
    expect(await extractText(bytes)).toEqual({ kind: "text", pages: null, text: "José Müller\n“Café Zürich”, 2018 – Present" });
  });

  it("keeps UTF-8 with one stray 8-bit byte UTF-8, and reads valid UTF-8 holding C1 characters", async () => {
    const stray = new Uint8Array(Buffer.concat([Buffer.from("José Müller — Résumé\nBarista at Joe", "utf8"), Buffer.from([0x92]), Buffer.from("s Café", "utf8")]));
    // The stray byte decodes to U+FFFD, which text normalisation drops; every accent stays as written.
    expect((await extractText(stray)).text).toBe("José Müller — Résumé\nBarista at Joes Café");
    // U+0092 and U+0096: a Latin-1 round trip's left-overs for ’ and –, in otherwise valid UTF-8.
    expect((await extractText(utf8("Jane Doe\nJoe\u0092s Café, 2018 \u0096 2020"))).text).toContain("Jane Doe");
  });

  it("reports whitespace-only text as empty", async () => {
    expect((await rejection(utf8(" \n\t\r\n "))).code).toBe("empty");
  });
});

describe("extractText: limits and robustness", () => {
  it("refuses input over maxBytes", async () => {
    const error = await rejection(utf8("x".repeat(2048)), { maxBytes: 1024 });
    expect(error.code).toBe("too_large");
  });

  it("never throws anything but a DocumentError for arbitrary bytes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), async (bytes) => {
        await codeOf(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it("never throws anything but a DocumentError for arbitrary text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 500 }), async (text) => {
        await codeOf(utf8(text));
        await codeOf(utf8(`{\\rtf1 ${text}`));
        await codeOf(utf8(`<html>${text}`));
      }),
      { numRuns: 100 },
    );
  });
});
