import { describe, expect, it } from "vitest";
import { collapseLetterSpacing, isAmbiguousLetterSpacing } from "./letter-spacing.ts";

describe("collapseLetterSpacing", () => {
  it.each([
    ["J A R E D  S M I T H", "JARED SMITH"],
    ["E X P E R I E N C E", "EXPERIENCE"],
    ["B O B  L E E", "BOB LEE"],
    ["Name: J A N E  D O E", "Name: JANE DOE"],
    ["JA R E D R I C H A R D S", "JAREDRICHARDS"],
  ])("joins %j", (input, expected) => {
    expect(collapseLetterSpacing(input)).toBe(expected);
  });

  it.each(["Languages: C R Go", "I am a go to person", "B S in Physics", "A B", "Vitamin A and B", "Plan A  B  C"])("leaves %j alone", (input) => {
    expect(collapseLetterSpacing(input)).toBe(input);
  });
});

describe("isAmbiguousLetterSpacing", () => {
  it("flags single-spaced letter runs, where word breaks were lost", () => {
    expect(isAmbiguousLetterSpacing("JA R E D R I C H A R D S")).toBe(true);
    expect(isAmbiguousLetterSpacing("D E V O P S E N G I N E E R")).toBe(true);
  });

  it("does not flag runs that keep their word breaks, or ordinary text", () => {
    expect(isAmbiguousLetterSpacing("J A R E D  S M I T H")).toBe(false);
    expect(isAmbiguousLetterSpacing("Jared Smith")).toBe(false);
    expect(isAmbiguousLetterSpacing("A B C")).toBe(false);
  });
});
