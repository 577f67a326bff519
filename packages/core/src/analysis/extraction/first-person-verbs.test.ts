import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { RESUME_SECTIONS } from "../text/headings.ts";
import { scanText } from "./scan.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const verbs = (text: string) =>
  scanText(text, RESUME_SECTIONS, catalogue)
    .skills.filter((s) => s.byVerb)
    .map((s) => [s.surface, catalogue.skill(s.value)!.name]);

describe("present-tense verbs after a first-person subject", () => {
  it("reads no employer's business after a \"we\" in a sentence", () => {
    expect(
      verbs("Experience\nAcme is a healthcare staffing agency: we recruit nurses for 40 hospitals and we invoice them weekly."),
    ).toEqual([]);
    expect(verbs("Experience\nA family wealth office; we budget, forecast and report for three generations.")).toEqual([]);
    // Nor on the line a sentence wraps into.
    expect(verbs("Experience\nAcme is a healthcare staffing agency and we\nrecruit nurses for 40 hospitals")).toEqual([]);
  });

  it("reads no Roman-numeral grade ending a title line as the subject \"I\"", () => {
    expect(verbs("Experience\nAccountant I\nschedule audits for 12 clients")).toEqual([]);
    expect(verbs("Experience\nRecruiter I\nrecruit nurses for 40 hospitals")).toEqual([]);
  });

  it("still reads \"we\" on a bulleted duty and \"I\" in a sentence, on its line or at the end of a wrapped one", () => {
    expect(verbs("Experience\n- We recruit nurses for 40 hospitals")).toEqual([["recruit", "Recruiting"]]);
    expect(verbs("Experience\nAt Acme I recruit nurses for 40 hospitals")).toEqual([["recruit", "Recruiting"]]);
    expect(verbs("Experience\nEvery quarter I set the plan and then I\nbudget for the whole region")).toEqual([["budget", "Budgeting"]]);
    expect(verbs("Experience\nI build the payback case for the CFO. I\nnegotiate the order form")).toEqual([["negotiate", "Negotiation"]]);
  });

  it("stays fast on a long wrapped line of subjects", () => {
    const text = `Experience\n${"and then I budget and we recruit ".repeat(4000)}`.slice(0, 100_000);
    const t0 = performance.now();
    verbs(text);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
