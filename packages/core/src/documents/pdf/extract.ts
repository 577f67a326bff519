import { getResolvedPDFJS } from "unpdf";
import { DocumentError } from "../errors.ts";
import { normalizeText } from "../normalize.ts";
import { cleanFragmentText, cleanLineText, dehyphenate, dropIcons } from "./cleanup.ts";
import { blocksToText, layoutPage, type Block, type Fragment } from "./layout.ts";
import { buildGlyphStream, restoreHyphens, resolveWordBreaks, type GlyphStream, type ShownGlyph } from "./glyphs.ts";
import { collapseLetterSpacing, isAmbiguousLetterSpacing } from "./letter-spacing.ts";

type PdfJs = Awaited<ReturnType<typeof getResolvedPDFJS>>;
type PdfDocument = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;
type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;
type TextItem = Extract<Awaited<ReturnType<PdfPage["getTextContent"]>>["items"][number], { str: string }>;

export interface PdfLimits {
  /** Pages read from the start; a résumé's content is at the front and hostile files can have thousands. */
  maxPages: number;
  /** Characters of text after which reading stops. */
  maxChars: number;
  /** Wall-clock budget for the whole document. */
  timeoutMs: number;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = { maxPages: 30, maxChars: 300_000, timeoutMs: 20_000 };

// Scanned documents are detected from their first pages; looking further costs image decoding for nothing.
const IMAGE_PROBE_PAGES = 3;
// Less than this many letters next to page images is a scan with a stray text line (a page number, a stamp).
const MIN_LETTERS_FOR_TEXT = 20;

interface PageFragment extends Fragment {
  font: string;
}

interface PageText {
  fragments: PageFragment[];
  /** Text drawn at an angle (vertical margin labels): kept, but read after the page. */
  rotated: string[];
}

export async function pdfToText(bytes: Uint8Array, limits: PdfLimits = DEFAULT_PDF_LIMITS): Promise<{ text: string; pages: number }> {
  const deadline = Date.now() + limits.timeoutMs;
  const pdfjs = await getResolvedPDFJS();
  // pdf.js may detach the buffer it is given; the caller's bytes stay untouched.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    useSystemFonts: false,
    disableFontFace: true,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const pdf = await withDeadline(task.promise, deadline).catch((error: unknown) => {
      throw openError(error);
    });
    return await readDocument(pdfjs, pdf, limits, deadline);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

async function readDocument(pdfjs: PdfJs, pdf: PdfDocument, limits: PdfLimits, deadline: number): Promise<{ text: string; pages: number }> {
  const pageCount = Math.min(pdf.numPages, limits.maxPages);
  const pages: Array<{ page: PdfPage; content: PageText }> = [];
  let chars = 0;
  for (let number = 1; number <= pageCount && chars < limits.maxChars; number++) {
    if (Date.now() > deadline && pages.length > 0) break; // Keep what was read rather than fail outright.
    try {
      const page = await withDeadline(pdf.getPage(number), deadline);
      const content = await withDeadline(readPage(page), deadline);
      chars += content.fragments.reduce((sum, fragment) => sum + fragment.text.length, 0);
      pages.push({ page, content });
    } catch (error) {
      if (pages.length > 0) break; // A damaged later page still leaves the first ones usable.
      throw error instanceof DocumentError ? error : new DocumentError("corrupt", "The PDF is damaged and its pages could not be read.", { cause: error });
    }
  }

  const all = pages.flatMap(({ content }) => content.fragments);
  const kept = new Set(dropIcons(all));
  const softHyphenFonts = fontsLosingHyphens(all);
  const texts: string[] = [];
  for (const { page, content } of pages) {
    const fragments = content.fragments.filter((fragment) => kept.has(fragment));
    await repairFromGlyphs(pdfjs, page, fragments, softHyphenFonts, deadline);
    const blocks = layoutPage(fragments).map(finishBlock);
    texts.push([blocksToText(blocks), ...content.rotated].join("\n\n"));
  }
  const text = normalizeText(texts.join("\n\n")).slice(0, limits.maxChars);

  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS_FOR_TEXT && (await hasImages(pdfjs, pages.map(({ page }) => page), deadline))) {
    throw new DocumentError(
      "image_only",
      "The PDF contains only images (it looks scanned). Scanned documents need OCR, which is not supported yet; upload a PDF with selectable text, or a DOCX.",
    );
  }
  if (text === "") throw new DocumentError("empty", "The PDF contains no text.");
  return { text, pages: pdf.numPages };
}

async function readPage(page: PdfPage): Promise<PageText> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const fragments: PageFragment[] = [];
  const rotated: string[] = [];
  for (const item of content.items) {
    if (!("str" in item)) continue;
    const text = cleanFragmentText(item.str);
    if (text.trim() === "") continue;
    const m = multiply(viewport.transform, (item as TextItem).transform);
    const horizontal = m[0] > 0 && Math.abs(m[1]) <= 0.2 * Math.abs(m[0]);
    if (!horizontal || item.dir === "ttb") {
      rotated.push(text);
      continue;
    }
    const size = Math.hypot(m[2], m[3]) || item.height || 1;
    fragments.push({ text, x: m[4], y: m[5], width: item.width * Math.hypot(viewport.transform[0]!, viewport.transform[1]!), size, font: item.fontName });
  }
  return { fragments, rotated };
}

function finishBlock(block: Block): Block {
  const lines = block.map((line) => ({ ...line, text: cleanLineText(collapseLetterSpacing(line.text)) }));
  return dehyphenate(lines.filter((line) => line.text !== ""));
}

/**
 * Repairs, from the page's glyph stream, what pdf.js's text content loses (see glyphs.ts): word breaks in
 * letter-spaced items and hyphens mapped to U+00AD. The operator list costs about as much as the text
 * content itself, so it is only built for pages that show signs of either problem.
 */
async function repairFromGlyphs(pdfjs: PdfJs, page: PdfPage, fragments: PageFragment[], softHyphenFonts: Set<string>, deadline: number): Promise<void> {
  const letterSpaced = fragments.filter((fragment) => isAmbiguousLetterSpacing(fragment.text));
  const hyphenless = fragments.filter((fragment) => softHyphenFonts.has(fragment.font));
  if (letterSpaced.length === 0 && hyphenless.length === 0) return;
  let stream: GlyphStream;
  try {
    stream = glyphStream(pdfjs, await withDeadline(page.getOperatorList(), deadline));
  } catch {
    return; // Without the glyphs, letter-spaced words are still joined and hyphens stay lost.
  }
  let cursor = 0;
  for (const fragment of hyphenless) {
    const repaired = restoreHyphens(fragment.text, stream, cursor);
    if (!repaired) continue;
    fragment.text = repaired.text;
    cursor = repaired.end;
  }
  for (const fragment of letterSpaced) {
    fragment.text = resolveWordBreaks(fragment.text, stream) ?? fragment.text;
  }
}

/**
 * A font that draws plenty of text but never a hyphen is taken to map its hyphen to U+00AD, which
 * pdf.js drops: real running text nearly always has a date range or a compound word. Once one font shows
 * it, the document was typeset that way, and every hyphen-less font is repaired.
 */
function fontsLosingHyphens(fragments: PageFragment[]): Set<string> {
  const letters = new Map<string, number>();
  const withHyphen = new Set<string>();
  for (const fragment of fragments) {
    letters.set(fragment.font, (letters.get(fragment.font) ?? 0) + (fragment.text.match(/\p{L}/gu)?.length ?? 0));
    if (/[-\u2010\u2011]/.test(fragment.text)) withHyphen.add(fragment.font);
  }
  const hyphenless = [...letters.keys()].filter((font) => !withHyphen.has(font));
  return hyphenless.some((font) => letters.get(font)! >= 400) ? new Set(hyphenless) : new Set();
}

type OperatorList = Awaited<ReturnType<PdfPage["getOperatorList"]>>;

function glyphStream(pdfjs: PdfJs, list: OperatorList): GlyphStream {
  const { OPS } = pdfjs;
  const showOps = new Set<number>([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);
  const shows: ShownGlyph[][] = [];
  list.fnArray.forEach((fn, i) => {
    const glyphs: unknown = list.argsArray[i]?.at(-1);
    if (showOps.has(fn) && Array.isArray(glyphs)) shows.push(glyphs as ShownGlyph[]);
  });
  return buildGlyphStream(shows);
}

async function hasImages(pdfjs: PdfJs, pages: PdfPage[], deadline: number): Promise<boolean> {
  const { OPS } = pdfjs;
  const imageOps = new Set<number>([
    OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintInlineImageXObjectGroup, OPS.paintImageXObjectRepeat,
    OPS.paintImageMaskXObject, OPS.paintImageMaskXObjectGroup, OPS.paintImageMaskXObjectRepeat,
  ]);
  for (const page of pages.slice(0, IMAGE_PROBE_PAGES)) {
    try {
      const list = await withDeadline(page.getOperatorList(), deadline);
      if (list.fnArray.some((fn) => imageOps.has(fn))) return true;
    } catch {
      // A page whose drawing cannot be parsed says nothing about images.
    }
  }
  return false;
}

function openError(error: unknown): DocumentError {
  if (error instanceof DocumentError) return error;
  const name = error instanceof Error ? error.name : "";
  if (name === "PasswordException") {
    return new DocumentError("encrypted", "The PDF is password-protected. Remove the password and upload it again.", { cause: error });
  }
  if (name === "InvalidPDFException") {
    return new DocumentError("corrupt", "The file is not a valid PDF; it may be damaged or incomplete.", { cause: error });
  }
  return new DocumentError("corrupt", "The PDF is damaged and could not be opened.", { cause: error });
}

async function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DocumentError("corrupt", "The PDF took too long to read; it may be damaged or unusually complex.")),
      Math.max(0, deadline - Date.now()),
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function multiply(a: number[], b: number[]): [number, number, number, number, number, number] {
  const [a0 = 1, a1 = 0, a2 = 0, a3 = 1, a4 = 0, a5 = 0] = a;
  const [b0 = 1, b1 = 0, b2 = 0, b3 = 1, b4 = 0, b5 = 0] = b;
  return [
    a0 * b0 + a2 * b1,
    a1 * b0 + a3 * b1,
    a0 * b2 + a2 * b3,
    a1 * b2 + a3 * b3,
    a0 * b4 + a2 * b5 + a4,
    a1 * b4 + a3 * b5 + a5,
  ];
}
