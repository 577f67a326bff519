import { describe, expect, it } from "vitest";
import { INCLUSIONS } from "@winnow/core/analysis/lexicon/inclusions";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();

describe("practitioners' shorthand in the catalogue", () => {
  it("reads accountants' close vocabulary", () => {
    const found = skillsIn("Prepare JEs, B/S recs and monthly flux analysis; own the close checklist, PP&E and intercompany.");
    expect(found).toEqual(
      expect.arrayContaining(["Journal Entries", "Account Reconciliation", "Variance Analysis", "Month-End Close", "Fixed Asset Accounting", "Intercompany Accounting"]),
    );
    // "je" in lower case is not the abbreviation (case-sensitive one-word aliases), and a sales quarter-end is not a close.
    expect(skillsIn("je ne sais quoi; pushed deals at quarter-end close")).not.toContain("Journal Entries");
    expect(skillsIn("pushed deals at quarter-end close")).not.toContain("Month-End Close");
  });

  it("reads the electrical trade's shorthand", () => {
    const found = skillsIn("EMT/RMC with hand benders; offsets, saddles, segmented 90s. SWBD, dry-type XFMRs; TS with Fluke meters and megger.");
    expect(found).toEqual(
      expect.arrayContaining(["Conduit Bending", "Switchgear", "Power Transformers", "Digital Multimeter", "Electrical Testing"]),
    );
    // "pipe" alone stays unread (plumbers and data engineers run pipe/pipelines too), and AWS ECR is not an engineering change.
    expect(skillsIn("Ran pipe all day")).not.toContain("Conduit Bending");
    expect(skillsIn("Pushed images to AWS ECR")).not.toContain("Engineering Change Management");
  });

  it("reads sales, kitchen and classroom shorthand", () => {
    expect(skillsIn("Weekly forecast calls (commit and best case); pipe gen and pipeline coverage reviews")).toEqual(
      expect.arrayContaining(["Sales Forecasting", "Sales Pipeline Management"]),
    );
    expect(skillsIn("Call the tickets at the pass; wrote the menu; food cost percentage 28%")).toEqual(
      expect.arrayContaining(["Kitchen Expediting", "Menu Development", "Food Cost Control"]),
    );
    expect(skillsIn("Structured literacy (UFLI, Heggerty); RTI Tier 2 interventions; DIBELS and running records")).toEqual(
      expect.arrayContaining(["Literacy Instruction", "Response to Intervention (RTI)", "Student Assessment"]),
    );
    // "rti" in lower case is not the acronym; a data pipeline is not a sales pipeline.
    expect(skillsIn("the rti field; built data pipelines")).not.toContain("Response to Intervention (RTI)");
    expect(skillsIn("built data pipelines in Airflow")).not.toContain("Sales Pipeline Management");
  });

  it("reads nursing, HR, analytics, marketing, warehouse and design shorthand", () => {
    expect(skillsIn("MICU RN: titrating pressors, vented patients, arterial lines")).toEqual(
      expect.arrayContaining(["Critical Care", "Vasoactive Drip Titration", "Ventilator Management", "Hemodynamic Monitoring"]),
    );
    expect(skillsIn("I-9 audits, exit surveys, hourly hiring")).toEqual(
      expect.arrayContaining(["I-9 Compliance", "Exit Interviews", "High-Volume Recruiting"]),
    );
    // An emergency-room nurse's "ER cases" are no employee relations; a demand planner's forecast accuracy is no sales
    // forecast; a trade show's expo is no kitchen pass.
    expect(skillsIn("Triaged ER cases; improved forecast accuracy; ran expo booths")).toEqual([]);
    expect(skillsIn("t-tests and chi-square tests; MMM; RF guns; ECNs and ECOs; hand calcs")).toEqual(
      expect.arrayContaining(["Hypothesis Testing", "Marketing Mix Modeling", "RF Scanning", "Engineering Change Management", "Engineering Calculations"]),
    );
    // eco-friendly packaging is not an engineering change order; "mmm" is not a model.
    expect(skillsIn("eco-friendly packaging, mmm good")).not.toContain("Engineering Change Management");
    expect(skillsIn("eco-friendly packaging, mmm good")).not.toContain("Marketing Mix Modeling");
  });

  it("reads office and legal shorthand: Acrobat alone, deposition summaries and digests", () => {
    expect(skillsIn("Tools: Westlaw, Lexis, Acrobat, Excel")).toEqual(expect.arrayContaining(["Adobe Acrobat", "Microsoft Excel"]));
    expect(skillsIn("Depo prep + digests; deposition summaries; page-line depo digests; summarize deposition transcripts")).toEqual([
      "Deposition Practice",
    ]);
    // A paralegal who summarizes deposition transcripts does not produce them: that is the court reporter's
    // Transcript Production, read from its own words.
    expect(skillsIn("Summarize deposition transcripts for the trial team")).not.toContain("Transcript Production");
    expect(skillsIn("Produce certified transcripts within 10 days")).toEqual(["Transcript Production"]);
    // A depo shot is a contraceptive injection, not a deposition.
    expect(skillsIn("Administered Depo shots and flu vaccines")).not.toContain("Deposition Practice");
  });
});

describe("the engine's curated inclusions", () => {
  it("name skills of the shipped catalogue, so no ladder or platform is switched off by a rename", () => {
    const names = new Set(catalogue.skills.map((s) => s.name));
    const missing = INCLUSIONS.flatMap(([included, by]) => [included, ...by]).filter((name) => !names.has(name));
    expect(missing).toEqual([]);
  });
});
