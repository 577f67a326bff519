import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const NOW = new Date(Date.UTC(2026, 10, 21));
const skills = (text: string) => analyseCandidate(`Pat Lee\n${text}`, ctx, NOW).skills.map((s) => s.name);
const asked = (text: string) => analyseJob(text, ctx).skills.map((s) => s.name);

describe("calls the writer made, not calls received", () => {
  it("reads a seller's cold calls, plural or singular, as cold calling", () => {
    expect(skills("Experience\nMade 80+ cold calls per day")).toContain("Cold Calling");
    expect(skills("Experience\nLed cold calls to 50 prospects daily")).toContain("Cold Calling");
    expect(skills("Experience\nI open most deals myself through cold calls to controllers")).toContain("Cold Calling");
    expect(skills("Experience\nBooked 40% of first meetings from a cold call")).toContain("Cold Calling");
    // "Handled" is a seller's word for their own outreach as often as a front desk's.
    expect(skills("Experience\nHandled cold calls, emails and demos for the mid-market team")).toContain("Cold Calling");
    expect(asked("Sales Development Representative\n\nResponsibilities\n- Make 60+ cold calls per day to prospective customers\n")).toContain("Cold Calling");
  });

  it("does not read cold calls a front desk screened, fielded or took as cold calling", () => {
    expect(skills("Experience\nScreened cold calls and routed visitors")).not.toContain("Cold Calling");
    expect(skills("Experience\nFielded cold calls from vendors for the office manager")).not.toContain("Cold Calling");
    expect(skills("Experience\nAnswered the phones, took cold calls and received incoming cold calls from vendors")).not.toContain("Cold Calling");
    expect(skills("Experience\nRouted unsolicited cold calls to the right department")).not.toContain("Cold Calling");
  });

  it("stays linear on a long line of received calls", () => {
    const text = `Experience\n${"Screened the incoming cold calls, ".repeat(3_000).slice(0, 100_000)}`;
    const t0 = performance.now();
    skills(text);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});
