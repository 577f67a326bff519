import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "../text/headings.ts";
import { extractJobDuties, extractWorkLines, isSkillTerm, skillTerm, stem } from "./duties.ts";
import { scanText } from "./scan.ts";

const ctx = fixtureContext();
const duties = (text: string) => extractJobDuties(scanText(text, JOB_SECTIONS, ctx.catalogue));

describe("stem", () => {
  it("makes the inflections of one word meet and leaves short words alone", () => {
    expect(new Set(["schedules", "scheduling", "scheduled", "schedule"].map(stem)).size).toBe(1);
    expect(stem("planned")).toBe(stem("planning"));
    expect(stem("inventories")).toBe(stem("inventory"));
    expect(new Set(["supply", "supplies", "supplied"].map(stem)).size).toBe(1);
    expect(new Set(["study", "studies", "studied"].map(stem)).size).toBe(1);
    expect(stem("cost")).toBe("cost");
    expect(stem("bus")).toBe("bus");
  });
});

describe("job duties", () => {
  it("reads one duty per bullet and per sentence, joining lines wrapped mid-sentence", () => {
    const found = duties(
      [
        "Responsibilities",
        "- Design and operate backend services in Python",
        "- Review pull requests and mentor newer engineers",
        "You will own the billing ledger, reconcile payouts with the",
        "bank every night and investigate every mismatch. Other duties as assigned.",
        "Requirements",
        "- Five years of backend engineering",
      ].join("\n"),
    );
    expect(found.map((d) => d.name)).toEqual([
      "Design and operate backend services in Python",
      "Review pull requests and mentor newer engineers",
      "You will own the billing ledger, reconcile payouts with the bank every night…",
    ]);
    // Skills are terms by catalogue id; other words by stem, without function words or the vocabulary of any job.
    expect(found[0]!.terms).toContain(skillTerm(ctx.catalogue.findSkills("Python")[0]!.value));
    expect(found[0]!.terms).toEqual(expect.arrayContaining(["design", "operat", "backend", "servic"]));
    expect(found[0]!.terms).not.toContain("and");
    expect(found[2]!.terms).toEqual(expect.arrayContaining(["mismatch", "reconcil", "payout"]));
  });

  it("leaves out requirements, filler and names of places and employers", () => {
    const found = duties("The role\nSupport the Riverton office.\nRun weekly inventory counts for the Riverton store");
    expect(found).toHaveLength(1);
    expect(found[0]!.terms).not.toContain("riverton");
  });
});

describe("work lines", () => {
  it("reads the experience section and dated positions, never the skills list or the summary", () => {
    const text = [
      "Summary",
      "Reconciled payouts for years",
      "Experience",
      "Backend Engineer, Acme, 2020 – 2024",
      "- Reconciled payouts with the bank every night",
      "Skills",
      "Python, reconciling payouts",
    ].join("\n");
    const scan = scanText(text, RESUME_SECTIONS, ctx.catalogue);
    const lines = extractWorkLines(scan, new Map());
    expect(lines.map((l) => l.evidence.snippet)).toEqual(["Backend Engineer, Acme, 2020 – 2024", "Reconciled payouts with the bank every night"]);
    for (const l of lines) expect(text).toContain(l.evidence.snippet);
  });

  it("keeps the first word of every sentence of a line and drops capitalised names inside one", () => {
    const scan = scanText("Experience\n- Ran the pass at Marrow. Trained new cooks. Costed menus", RESUME_SECTIONS, ctx.catalogue);
    const [line] = extractWorkLines(scan, new Map());
    expect(line!.terms).toEqual(expect.arrayContaining([stem("ran"), stem("pass"), stem("trained"), stem("cooks"), stem("costed"), stem("menus")]));
    expect(line!.terms).not.toContain(stem("marrow"));
    expect(line!.words).toContain("Trained");
  });

  it("records catalogue skills as skill terms", () => {
    const scan = scanText("Experience\n- Built ledgers in Python", RESUME_SECTIONS, ctx.catalogue);
    const [line] = extractWorkLines(scan, new Map());
    expect(line!.terms.filter(isSkillTerm)).toEqual([skillTerm(ctx.catalogue.findSkills("Python")[0]!.value)]);
    expect(isSkillTerm(stem("ledgers"))).toBe(false);
  });
});
