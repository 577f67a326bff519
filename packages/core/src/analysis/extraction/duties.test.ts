import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "../text/headings.ts";
import { tokenize } from "../../text/tokens.ts";
import { extractJobDuties, extractWorkLines, isSkillTerm, proseDuties, skillTerm, stem, termsOf } from "./duties.ts";
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

describe("terms of employment in a responsibilities section", () => {
  it("reads no duty from a sentence stating the kind of contract, schedule or place of work", () => {
    const found = duties(
      [
        "The Position",
        "As an ICU staff nurse you will provide direct care to one or two critically ill patients per shift.",
        "This is a full-time position (36 hours a week, 12-hour night shifts, 7p–7a) with every third weekend.",
        "This is a permanent, hybrid role based in our Leeds office, three days a week on site.",
        "In a typical shift you will:",
        "- titrate vasoactive and sedation infusions according to protocol;",
      ].join("\n"),
    );
    expect(found.map((d) => d.name)).toEqual([
      "As an ICU staff nurse you will provide direct care to one or two critically ill…",
      "titrate vasoactive and sedation infusions according to protocol;",
    ]);
  });

  it("keeps a sentence that describes the work, even when it opens the same way", () => {
    const found = duties(
      [
        "About the role",
        "This is a hands-on role where you will build and run the month-end close.",
        "It is a broad role: investigate complaints, coach supervisors and run orientation.",
        "Run night-shift inventory counts for both buildings.",
      ].join("\n"),
    );
    expect(found).toHaveLength(3);
  });

  it("keeps the work a sentence goes on to after the terms of employment (review of the rule)", () => {
    for (const sentence of [
      "This is a part-time role responsible for payroll processing, accounts payable, vendor reconciliations and month-end journal entries.",
      "This is a night shift position in which you will monitor telemetry, titrate vasoactive drips and precept new graduate nurses.",
      "This is a remote role supporting our EMEA customers: you will triage tickets, reproduce bugs and escalate outages.",
      "It is a contract/remote position: build ETL pipelines in Python and Airflow and maintain the Snowflake warehouse.",
    ]) {
      const found = duties(`Responsibilities\n${sentence}`);
      expect(found, sentence).toHaveLength(1);
      // The terms are the work's, not the contract's.
      expect(found[0]!.terms.join(" "), sentence).not.toMatch(/\b(?:part-time|remote|contract|night)\b/u);
    }
  });
});

describe("duties stated in prose", () => {
  const prose = (text: string) => {
    const scan = scanText(text, JOB_SECTIONS, ctx.catalogue);
    return proseDuties(scan).map((d) => scan.doc.text.slice(d.from, d.to));
  };

  it("reads what a posting without a responsibilities section says the hire will do", () => {
    expect(prose("Nurse\nWe are a 30-bed unit. In this role you will assess patients, give medications and chart care.")).toEqual([
      "assess patients, give medications and chart care.",
    ]);
    expect(prose("Finlo is hiring. You will own the roadmap for checkout. You'll be responsible for pricing experiments.")).toEqual([
      "own the roadmap for checkout.",
      "pricing experiments.",
    ]);
    expect(prose("As our sous chef, you'll run the pass and train cooks. The successful candidate will order produce daily.")).toEqual([
      "run the pass and train cooks.",
      "order produce daily.",
    ]);
    expect(prose("Responsibilities include: closing the books, reconciling accounts.")).toEqual(["closing the books, reconciling accounts."]);
  });

  it("leaves out what the hire will get, need or join, and the posting's other sections", () => {
    expect(prose("You will receive a bonus. You'll need 3 years of SQL. You will join a team of 12. You will report to the CFO.")).toEqual([]);
    expect(
      prose("You'll love our culture and free lunches. You will be rewarded with a competitive salary. You will be given a laptop. You will be reporting to the CTO. You will bring 5+ years of Python. You will learn from the best."),
    ).toEqual([]);
    expect(prose("Requirements\n- You will have a CPA.\nBenefits\n- You will enjoy free lunch.")).toEqual([]);
  });

  it("defers to a responsibilities section when there is one", () => {
    const text = "In this role you will assess patients.\nResponsibilities\n- Assess and triage patients on arrival";
    expect(prose(text)).toEqual([]);
    expect(duties(text).map((d) => d.name)).toEqual(["Assess and triage patients on arrival"]);
  });

  it("makes them duties the work history is scored against", () => {
    expect(duties("In this role you will assess, plan and deliver patient care and administer medications.").map((d) => d.name)).toEqual([
      "assess, plan and deliver patient care and administer medications.",
    ]);
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

describe("termsOf", () => {
  const text = "Negotiated renewals with procurement";
  const span = { value: "negotiation", start: 0, end: 10, surface: "Negotiated" };

  it("counts a named skill's words once, as the skill", () => {
    const terms = [...termsOf(tokenize(text), [span]).keys()];
    expect(terms).toContain(skillTerm("negotiation"));
    expect(terms).not.toContain(stem("negotiated"));
  });

  it("keeps a verb read as a skill a word of the duty too", () => {
    const terms = [...termsOf(tokenize(text), [{ ...span, byVerb: true }]).keys()];
    expect(terms).toContain(skillTerm("negotiation"));
    expect(terms).toContain(stem("negotiate"));
  });
});
