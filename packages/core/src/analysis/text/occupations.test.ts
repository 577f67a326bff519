import { describe, expect, it } from "vitest";
import { parseDocument } from "./document.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "./headings.ts";
import { MASK } from "./mask.ts";
import { neutralName, occupationalReading, shownPhrase, shownTitle, shownWord } from "./occupations.ts";
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
    // The trades' and public life's words too.
    for (const w of ["journeyman", "journeywoman", "journeymen", "journeyperson"]) expect(occupationalReading(w, " "), w).toBe("journeyperson");
    for (const w of ["lineman", "linewoman", "linemen", "linewomen"]) expect(occupationalReading(w, " "), w).toBe("lineworker");
    expect(occupationalReading("draftswoman", " ")).toBe("draftsperson");
    expect(occupationalReading("draughtsman", " ")).toBe("draughtsperson");
    expect(occupationalReading("tradeswoman", " ")).toBe("tradesperson");
    expect(occupationalReading("repairman", " ")).toBe("repairer");
    expect(occupationalReading("councilwoman", " ")).toBe("councilperson");
    expect(occupationalReading("journey", MASK)).toBe("journeyperson");
    expect(occupationalReading("line", MASK)).toBe("lineworker");
  });

  it("leaves other words, and the stems written on their own, as they are", () => {
    for (const w of ["fore", "sales", "chair", "business", "journey", "line", "foremost", "salesmanship", "chairmanship", "sportsman", "linesman", "lineage"]) {
      expect(occupationalReading(w, " "), w).toBeNull();
    }
    expect(occupationalReading("sports", MASK)).toBeNull();
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

  it("show a gendered catalogue name in its neutral form", () => {
    expect(neutralName("Foreman")).toBe("Foreperson");
    expect(neutralName("Journeyman Lineman")).toBe("Journeyperson Lineworker");
    expect(neutralName("MAINTENANCE FOREMAN")).toBe("MAINTENANCE FOREPERSON");
    expect(neutralName("Chairman of the Board")).toBe("Chair of the Board");
    // Other names stay as they are.
    expect(neutralName("Electrician")).toBe("Electrician");
    expect(neutralName("Sportsman Outfitters Manager")).toBe("Sportsman Outfitters Manager");
  });

  it("reads no word for a token that names a property of every object", () => {
    expect(occupationalReading("constructor", MASK)).toBeNull();
    expect(occupationalReading("tostring", MASK)).toBeNull();
  });

  it("shows a phrase with a masked job word in its neutral form, whatever the mask's length", () => {
    expect(shownPhrase(`Journey${MASK.repeat(3)} license`)).toBe("Journeyperson license");
    expect(shownPhrase(`Journey${MASK.repeat(5)} license`)).toBe("Journeyperson license");
    expect(shownPhrase(`JOURNEY${MASK.repeat(3)} ELECTRICIAN`)).toBe("JOURNEYPERSON ELECTRICIAN");
    expect(shownPhrase("Conduit bending")).toBe("Conduit bending");
  });
});
