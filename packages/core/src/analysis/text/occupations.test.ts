import { describe, expect, it } from "vitest";
import { parseDocument } from "./document.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "./headings.ts";
import { MASK } from "./mask.ts";
import { occupationalReading, shownTitle, shownWord } from "./occupations.ts";
import { redactProtected } from "./redact.ts";

const norms = (text: string, redact = false) => {
  const read = redact ? redactProtected(text, RESUME_SECTIONS).text : text;
  return parseDocument(read, redact ? RESUME_SECTIONS : JOB_SECTIONS).lines.flatMap((l) => l.tokens.map((t) => t.norm));
};

describe("occupationalReading", () => {
  it("reads every gendered and neutral form of a job word, and a stem before the mask, as one neutral word", () => {
    for (const w of ["foreman", "forewoman", "foremen", "forewomen", "foreperson", "forepersons"]) expect(occupationalReading(w, " ")).toBe("foreperson");
    for (const w of ["chairman", "chairwoman", "chairperson", "chairpeople"]) expect(occupationalReading(w, undefined)).toBe("chair");
    expect(occupationalReading("saleswomen", ",")).toBe("salesperson");
    expect(occupationalReading("fore", MASK)).toBe("foreperson");
    expect(occupationalReading("sales", MASK)).toBe("salesperson");
  });

  it("leaves other words, and the stems written on their own, as they are", () => {
    for (const w of ["fore", "sales", "chair", "business", "foremost", "salesmanship", "chairmanship", "sportsman", "journeyman"]) {
      expect(occupationalReading(w, " "), w).toBeNull();
    }
    expect(occupationalReading("journey", MASK)).toBeNull();
  });
});

describe("document tokens", () => {
  it("read a posting's foreman and a redacted résumé's forewoman alike", () => {
    expect(norms("Foreman or lead experience; a truck for foremen")).toEqual(["foreperson", "or", "lead", "experience", "a", "truck", "for", "foreperson"]);
    const man = norms("x\nGeneral Foreman — Acme Electric, 2016 – 2022", true);
    const woman = norms("x\nGeneral Forewoman — Acme Electric, 2016 – 2022", true);
    expect(woman).toEqual(man);
    expect(man).toEqual(["x", "general", "foreperson", "acme", "electric", "2016", "2022"]);
    // Sales and chair as words of their own stay what they are.
    expect(norms("Chair of the sales committee")).toEqual(["chair", "of", "the", "sales", "committee"]);
  });
});

describe("shown forms", () => {
  it("complete a stem cut off by the mask to its neutral word, in its letter case", () => {
    const text = redactProtected("x\nGENERAL FOREMAN; Car Saleswoman; Chairman", RESUME_SECTIONS).text;
    const at = (s: string) => [text.indexOf(s), text.indexOf(s) + s.length] as const;
    expect(shownTitle(text, ...at("GENERAL FORE"))).toBe("GENERAL FOREPERSON");
    expect(shownTitle(text, ...at("Car Sales"))).toBe("Car Salesperson");
    expect(shownTitle(text, ...at("Chair"))).toBe("Chair");
    // A title that no mask cuts off is shown as written.
    expect(shownTitle("Sales Manager, Acme", 0, 13)).toBe("Sales Manager");
    expect(shownWord({ raw: "Fore", norm: "foreperson" })).toBe("Foreperson");
    expect(shownWord({ raw: "conduit", norm: "conduit" })).toBe("conduit");
  });
});
