import { describe, expect, it } from "vitest";
import { parseDocument } from "./document.ts";
import { RESUME_SECTIONS } from "./headings.ts";
import { redactProtected } from "./redact.ts";
import { linesPassage, snippetAround } from "./snippet.ts";

const lineOf = (text: string, index = 0) => parseDocument(text, RESUME_SECTIONS).lines[index]!;

describe("snippets", () => {
  it("quote the line without its bullet and trailing separators, verbatim", () => {
    const text = "• Built billing in Python | ; ,  ";
    const line = lineOf(text);
    const at = text.indexOf("Python");
    expect(snippetAround(text, line, at, at + 6)).toBe("Built billing in Python");
    expect(linesPassage(text, line, line)).toBe("Built billing in Python");
  });

  it("quote nothing from a line of separators only", () => {
    const text = "Skills\n| , ; :";
    expect(linesPassage(text, lineOf(text, 1), lineOf(text, 1))).toBeNull();
  });

  it("quote a window of a long line without the run of spaces its cut ends in", () => {
    // The window around "Python" ends inside the spaces; the words after them are out of reach.
    const text = `Built billing in Python${" ".repeat(50_000)}and more`;
    const line = lineOf(text);
    expect(snippetAround(text, line, 17, 23)).toBe("Built billing in Python");
  });

  it("quote no stem of a masked job word, even where the line's bounds leave the mask out", () => {
    // The line ends at "fore": its masked ending is whitespace to the line's bounds.
    const original = "x\n- Ran crews of 12 on schools as general foreman\nForewoman — Acme Electric";
    const text = redactProtected(original, RESUME_SECTIONS).text;
    const at = text.indexOf("crews");
    expect(snippetAround(text, lineOf(text, 1), at, at + 5)).toBe("Ran crews of 12 on schools as general");
    expect(linesPassage(text, lineOf(text, 1), lineOf(text, 1))).toBe("Ran crews of 12 on schools as general");
    expect(linesPassage(text, lineOf(text, 2), lineOf(text, 2))).toBe("Acme Electric");
    // Without a mask nothing changes: "fore" of its own is a word to quote.
    expect(linesPassage("Golf: fore", lineOf("Golf: fore"), lineOf("Golf: fore"))).toBe("Golf: fore");
  });
});
