import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();

describe("kitchen words for scheduling and expediting", () => {
  it("reads the rota, the British and European word for the staff schedule, as Scheduling", () => {
    expect(skillsIn("I write the rota for the cooks and the plonge")).toContain("Scheduling");
    expect(skillsIn("Staff rotas for 40 front-of-house team members")).toContain("Scheduling");
    expect(skillsIn("Shift scheduling for two kitchens")).toContain("Scheduling");
    // Not a place called Rota, nor a rotary tool.
    expect(skillsIn("Naval Station Rota, Spain — galley supervisor")).not.toContain("Scheduling");
    expect(skillsIn("Rotary laser level and rotating equipment")).not.toContain("Scheduling");
  });

  it("reads calling tickets in the present tense as kitchen expediting", () => {
    expect(skillsIn("Expo + call tickets 4 nights/wk")).toContain("Kitchen Expediting");
    expect(skillsIn("Calls tickets and runs the pass on weekends")).toContain("Kitchen Expediting");
    expect(skillsIn("Took calls and logged support tickets in Zendesk")).not.toContain("Kitchen Expediting");
  });
});

describe("accounting shorthand", () => {
  it("reads the singular accrual, a fixed asset and the balance-sheet name of fixed assets", () => {
    expect(skillsIn("Each period I book the accrual, prepaid and capitalised-cost entries")).toContain("Accruals");
    expect(skillsIn("Tested cash, prepaid, fixed asset and accrued-liability balances")).toContain("Fixed Asset Accounting");
    expect(skillsIn("roll forward the property and equipment schedules and depreciation")).toContain("Fixed Asset Accounting");
    expect(skillsIn("Property, plant and equipment roll-forward")).toContain("Fixed Asset Accounting");
    // An asset that is not fixed, and property management, are not fixed-asset accounting.
    expect(skillsIn("Digital asset management for the brand team")).not.toContain("Fixed Asset Accounting");
    expect(skillsIn("Property management and equipment rental")).not.toContain("Fixed Asset Accounting");
  });
});
