import { convert, type DomNode, type FormatCallback, type HtmlToTextOptions, type SelectorDefinition } from "html-to-text";
import type { BlockTextBuilder, TablePrinterCell } from "html-to-text/lib/block-text-builder.d.ts";
import { normalizeText } from "./normalize.ts";

export interface HtmlTextOptions {
  /**
   * "blank-line": paragraphs are separated by a blank line, as in web pages.
   * "line": each paragraph is one line and only empty paragraphs make blank lines, which suits Word documents,
   * where every line of a résumé is its own paragraph and authors space sections with empty ones.
   */
  paragraphs: "blank-line" | "line";
}

/** Plain text from HTML: headings, paragraphs and list items on their own lines; tables row by row. */
export function htmlToText(html: string, options: HtmlTextOptions = { paragraphs: "blank-line" }): string {
  return normalizeText(converters[options.paragraphs](html));
}

const skip = (selector: string): SelectorDefinition => ({ selector, format: "skip" });
const block = (selector: string, lines: number): SelectorDefinition => ({
  selector,
  format: "block",
  options: { leadingLineBreaks: lines, trailingLineBreaks: lines },
});
const heading = (selector: string): SelectorDefinition => ({
  selector,
  format: "heading",
  options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 },
});

function baseOptions(paragraphLines: number): HtmlToTextOptions {
  return {
    wordwrap: false,
    preserveNewlines: false,
    decodeEntities: true,
    formatters: { resumeTable: formatTable, resumeParagraph: paragraphFormatter(paragraphLines) },
    limits: { maxInputLength: 20_000_000, maxDepth: 200 },
    selectors: [
      ...["script", "style", "noscript", "template", "head", "title", "svg", "canvas", "iframe", "object", "img", "button", "select", "input"].map(skip),
      { selector: "a", options: { ignoreHref: true } },
      { selector: "hr", format: "blockString", options: { string: "", leadingLineBreaks: 2, trailingLineBreaks: 2 } },
      ...["h1", "h2", "h3", "h4", "h5", "h6"].map(heading),
      { selector: "p", format: "resumeParagraph" },
      ...["div", "section", "article", "header", "footer", "main", "aside", "nav", "address", "dt", "dd", "figcaption"].map((s) => block(s, 1)),
      { selector: "ul", options: { itemPrefix: "• ", leadingLineBreaks: 1, trailingLineBreaks: 1 } },
      { selector: "ol", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
      { selector: "blockquote", options: { trimEmptyLines: true, leadingLineBreaks: 1, trailingLineBreaks: 1 } },
      { selector: "table", format: "resumeTable" },
      { selector: "pre", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    ],
  };
}

const converters: Record<HtmlTextOptions["paragraphs"], (html: string) => string> = {
  "blank-line": (html) => convert(html, baseOptions(2)),
  line: (html) => convert(html, baseOptions(1)),
};

function paragraphFormatter(lines: number): FormatCallback {
  return (elem, walk, builder) => {
    // An empty paragraph is the author's blank line; text-less blocks would otherwise vanish.
    const empty = !hasText(elem);
    builder.openBlock({ leadingLineBreaks: empty ? 2 : lines });
    walk(elem.children ?? [], builder);
    builder.closeBlock({ trailingLineBreaks: empty ? 2 : lines });
  };
}

function hasText(node: DomNode): boolean {
  if (node.type === "text") return typeof node.data === "string" && node.data.trim() !== "";
  return (node.children ?? []).some(hasText);
}

/**
 * Tables row by row. A row whose cells are all one-liners reads as one line ("2019 – 2021 | Acme | Engineer");
 * a layout table whose cells hold whole sections reads cell after cell, each as its own block.
 */
const formatTable: FormatCallback = (elem, walk, builder) => {
  const b = builder as BlockTextBuilder;
  b.openTable();
  const visit = (node: DomNode): void => {
    if (node.type !== "tag") return;
    const name = node.name?.toLowerCase();
    if (name === "thead" || name === "tbody" || name === "tfoot") {
      (node.children ?? []).forEach(visit);
    } else if (name === "tr") {
      b.openTableRow();
      for (const cell of node.children ?? []) {
        if (cell.type !== "tag" || (cell.name !== "td" && cell.name !== "th")) continue;
        b.openTableCell();
        walk(cell.children ?? [], b);
        b.closeTableCell();
      }
      b.closeTableRow();
    }
  };
  (elem.children ?? []).forEach(visit);
  b.closeTable({ tableToString: tableRowsToText, leadingLineBreaks: 1, trailingLineBreaks: 1 });
};

function tableRowsToText(rows: TablePrinterCell[][]): string {
  const out: string[] = [];
  for (const row of rows) {
    const cells = row.map((cell) => cell.text.trim()).filter((text) => text !== "");
    if (cells.length === 0) continue;
    if (cells.every((text) => !text.includes("\n"))) out.push(cells.join(" | "));
    else out.push(...cells.map((text) => `${text}\n`));
  }
  return out.join("\n");
}
