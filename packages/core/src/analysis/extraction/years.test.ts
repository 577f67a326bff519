import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { JOB_SECTIONS } from "../text/headings.ts";
import { scanText } from "./scan.ts";
import { extractJobYears } from "./years.ts";

const ctx = fixtureContext();
const years = (text: string) => extractJobYears(scanText(text, JOB_SECTIONS, ctx.catalogue));

describe("a years requirement that asks for recent years", () => {
  it("is marked when the figure's own words say recent", () => {
    expect(years("Required:\n- At least two years of recent RN experience in an acute care hospital setting")).toEqual({
      years: 2,
      strength: "must",
      recent: true,
    });
    expect(years("Requirements\n- 1+ years' recent acute care experience")?.recent).toBe(true);
    expect(years("Requirements\n- 3 years recent experience in a commercial kitchen")?.recent).toBe(true);
    expect(years("Requirements\n- 2 years of relevant and recent experience")?.recent).toBe(true);
    expect(years("Requirements\n- 2 years relevant, recent experience")?.recent).toBe(true);
  });

  it("is not marked when recent is about something else, or on another figure", () => {
    expect(years("Requirements\n- 5+ years of experience with recent versions of React")).toEqual({ years: 5, strength: "must" });
    expect(years("Requirements\n- 3+ years of experience; recent graduates are welcome to apply")).toEqual({ years: 3, strength: "must", waivable: true });
    for (const line of ["2 years recent graduates welcome", "2+ years experience recent graduates considered", "5 years of recent versions of Java", "2 years not recent"]) {
      expect(years(`Requirements\n- ${line}`)?.recent, line).toBeUndefined();
    }
    const other = "Requirements\n- 5+ years of nursing experience overall\n- 1 year of recent ICU experience";
    expect(years(other)).toEqual({ years: 5, strength: "must" });
  });
});

describe("a years requirement that leaves internships out", () => {
  it("is marked when the posting says internships or co-ops do not count", () => {
    expect(years("You have\n- 2+ years of work experience in a data role (internships don't count towards this, but we will")).toEqual({
      years: 2,
      strength: "must",
      excludesTraining: true,
    });
    expect(years("Requirements\n- 3+ years of engineering experience, excluding internships")?.excludesTraining).toBe(true);
    expect(years("Requirements\n- 3+ years of experience; co-op terms do not count")?.excludesTraining).toBe(true);
  });

  it("is marked only on the figure the statement follows, not on a larger one elsewhere", () => {
    const twoLines = "Requirements\n- 5+ years of professional experience overall\n- At least 2 years of SQL (internships don't count towards this)";
    expect(years(twoLines)).toEqual({ years: 5, strength: "must" });
    const oneLine = "Requirements\n- 5+ years of experience overall; at least 2 years of SQL (internships don't count towards this)";
    expect(years(oneLine)).toEqual({ years: 5, strength: "must" });
    const ownFigure = "Requirements\n- 2 years of SQL\n- 5+ years of experience overall (internships don't count towards this)";
    expect(years(ownFigure)).toEqual({ years: 5, strength: "must", excludesTraining: true });
  });

  it("is not marked when internships are said not to count towards something else", () => {
    expect(
      years("Requirements\n- 2+ years of experience coordinating internships; internships that do not count toward credit are unpaid"),
    ).toEqual({ years: 2, strength: "must" });
    expect(years("Requirements\n- 3+ years of experience supervising interns who do not count hours")).toEqual({ years: 3, strength: "must" });
  });

  it("reads a long line of figures in linear time", () => {
    const line = "Requirements\n- " + "3+ years of experience, internships excluded. ".repeat(2000);
    const t = performance.now();
    expect(years(line)).toEqual({ years: 3, strength: "must" });
    expect(performance.now() - t).toBeLessThan(2000);
  });

  it("is not marked when internships are welcome or merely mentioned", () => {
    expect(years("Requirements\n- 2+ years of experience (internships count too)")).toEqual({ years: 2, strength: "must", includesTraining: true });
    expect(years("Requirements\n- 1+ year of experience, including internships and co-ops")?.includesTraining).toBe(true);
    expect(years("Requirements\n- 2+ years of experience (internships do not count)")?.includesTraining).toBeUndefined();
    expect(years("Requirements\n- 2+ years of experience\n- You will mentor our interns, who do not count hours")).toEqual({
      years: 2,
      strength: "must",
    });
  });
});

describe("figures in years that are no experience", () => {
  it("ignores an age and a look-back window", () => {
    const driver =
      "Required qualifications\n- Valid Class A commercial driver's license (CDL-A).\n- At least 2 years (24 months) of verifiable tractor-trailer experience.\n" +
      "- Safe driving record: no more than two moving violations in the last three years, no DUI/DWI in the last five years.\n" +
      "- At least 21 years of age (federal interstate requirement).";
    expect(years(driver)).toEqual({ years: 2, strength: "must" });
    expect(years("Requirements\n- Must be 18 years or older")).toBeNull();
    expect(years("Requirements\n- 18+ years old with a valid driver's license")).toBeNull();
    expect(years("Requirements\n- No felony convictions within the past 7 years")).toBeNull();
    expect(years("Requirements\n- No more than one accident during the previous 3 years")).toBeNull();
  });

  it("still reads experience near those words", () => {
    expect(years("Requirements\n- At least 3 years of experience with older adults")).toEqual({ years: 3, strength: "must" });
    expect(years("Requirements\n- 5 years of experience, at least 2 of them in the last 4 years")).toEqual({ years: 5, strength: "must" });
    expect(years("Requirements\n- 4+ years of age-care experience")).toEqual({ years: 4, strength: "must" });
  });
});

describe("a must-have years figure the posting would waive", () => {
  it("is waivable when its own clause offers another way to meet it", () => {
    for (const line of [
      "2 years of experience required or equivalent education",
      "2 years of experience or an equivalent combination of education and experience",
      "Two years of related experience, or an associate degree in a related field",
      "2 years of experience as a paralegal, or a paralegal certificate",
      "Bachelor's degree and 2 years of experience, or 4 years of experience in lieu of a degree",
      "5 years of experience or a Master's degree and 3 years",
      "2+ years of experience (or 1 year with a bachelor's degree)",
      "Bachelor's degree or 4 years of equivalent experience",
      "Associate degree or equivalent, or two years of related experience",
    ]) {
      expect(years(`Requirements\n- ${line}`), line).toMatchObject({ strength: "must", waivable: true });
    }
  });

  it("is waivable when the posting welcomes new graduates, on any line", () => {
    expect(years("Requirements\n- New grads welcome\n- 1 year of acute care experience")).toEqual({ years: 1, strength: "must", waivable: true });
    expect(years("Requirements\n- Class A CDL\n- 1 year of verifiable OTR experience; we will consider recent CDL school graduates")).toEqual({
      years: 1,
      strength: "must",
      waivable: true,
    });
  });

  it("is not waivable for an alternative of something else, graduates not welcomed, or a plain minimum (negative)", () => {
    for (const line of [
      "3+ years of experience in sales or customer service",
      "3+ years of Java or Python experience; degree required",
      "Bachelor's degree in nursing or a related field and 2 years of experience",
      "2 years of experience; we do not hire new grads",
      "2 years of experience; we do not accept new grads",
      "2 years of experience; we don't consider new grads",
      "2 years of experience; new graduates are not considered for this role",
      "3+ years of experience training new graduates",
      "At least 5 years of retail experience, including 2 years in management",
      "1–3 years of experience in a law firm",
    ]) {
      expect(years(`Requirements\n- ${line}`)?.waivable, line).toBeUndefined();
    }
  });
});
