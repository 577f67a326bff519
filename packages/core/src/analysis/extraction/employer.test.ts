import { describe, expect, it } from "vitest";
import { agencyOf, endsWithSeparator } from "./employer.ts";

describe("the marks that set an employer's name apart from a title", () => {
  it("reads a mark, a tab or a wide gap at the end of the text before a title", () => {
    expect(endsWithSeparator("Acme Corp, ")).toBe(true);
    expect(endsWithSeparator("Acme Corp | ")).toBe(true);
    expect(endsWithSeparator("Acme Corp -")).toBe(true);
    expect(endsWithSeparator("Amazon\t")).toBe(true);
    expect(endsWithSeparator("Amazon      ")).toBe(true);
    // Words run on with a single space, or a hyphen inside a word, set nothing apart.
    expect(endsWithSeparator("Certified Public ")).toBe(false);
    expect(endsWithSeparator("Co-")).toBe(false);
    expect(endsWithSeparator("Acme  ")).toBe(false);
  });

  it("reads the agency of contract work up to the aside's close", () => {
    expect(agencyOf(" (contract via Robert Half)")).toBe("Robert Half");
    expect(agencyOf(", via TEKsystems")).toBe("TEKsystems");
    expect(agencyOf(" (via Robert Half/Accenture)")).toBeNull();
    expect(agencyOf(" (via email)")).toBeNull();
  });

  it("stays linear on long runs of spaces and repeated asides", () => {
    const t = performance.now();
    endsWithSeparator(`Acme${" ".repeat(100_000)}x `);
    endsWithSeparator(`Acme${"\t".repeat(100_000)}x `);
    agencyOf(`${"via Acme ".repeat(11_000)}(`);
    agencyOf(`via Acme${" ".repeat(100_000)}(`);
    expect(performance.now() - t).toBeLessThan(200);
  });
});
