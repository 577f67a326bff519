import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { JOB_SECTIONS } from "../text/headings.ts";
import { extractJobEducation } from "./education.ts";
import { extractJobPersonal } from "./personal.ts";
import { isEmployerStatement } from "./requirements.ts";
import { scanText } from "./scan.ts";
import { extractJobSkills } from "./skills.ts";
import { extractJobYears } from "./years.ts";

const ctx = fixtureContext();
const scan = (text: string) => scanText(text, JOB_SECTIONS, ctx.catalogue);
const years = (text: string) => extractJobYears(scan(text));
const degrees = (text: string) => extractJobEducation(scan(text)).degrees;

describe("a cue of another clause does not qualify years or degrees", () => {
  it("keeps a required figure required when a later clause prefers something else", () => {
    expect(years("Qualifications\n- 4-6 years of progressive accounting experience, public accounting a plus")).toEqual({ years: 4, strength: "must" });
    expect(years("What you'll need\n* At least two years of customer support experience, ideally at a SaaS company")).toEqual({ years: 2, strength: "must" });
    expect(years("You have 3-5 years of product management experience, ideally in fintech or payments.")).toEqual({ years: 3, strength: "must" });
  });

  it("still applies a cue that stands in a clause of its own, or in the figure's own clause", () => {
    expect(years("Requirements\n- 5+ years of experience, preferred")).toEqual({ years: 5, strength: "nice" });
    expect(years("Requirements\n- 5+ years of experience, strongly preferred")).toEqual({ years: 5, strength: "nice" });
    expect(years("Requirements\n- Ideally, 3 years of experience in a similar role")).toEqual({ years: 3, strength: "nice" });
    expect(years("Requirements\n- 2 years of experience preferred")).toEqual({ years: 2, strength: "nice" });
  });

  it("reads each degree of a sentence by its own clause", () => {
    expect(degrees("Requirements\n- Bachelor's degree in Finance, MBA preferred")).toEqual([
      { level: "bachelor", strength: "must" },
      { level: "master", strength: "nice" },
    ]);
  });

  it("lets a cue after a list of fields qualify the degree they belong to", () => {
    expect(degrees("Requirements\n- Bachelor's degree in Accounting, Finance or a related field preferred")).toEqual([
      { level: "bachelor", strength: "nice" },
    ]);
  });
});

describe("the nearest cue of a long sentence (review)", () => {
  it("reads a one-line requirement of thousands of degrees and cues in linear time", () => {
    // Every degree walked all the sentence's cues and read each cue's clause: 12–14 s at 100,000 characters.
    const long = ("Data Analyst\nRequirements\n" + "MBA in progress, BS expected, ".repeat(4000)).slice(0, 100_000);
    const t0 = performance.now();
    extractJobEducation(scan(long));
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("still finds the closest cue on either side, and the firmer at the same distance", () => {
    expect(degrees("About\n- MBA preferred, " + "BS in Finance, ".repeat(50) + "or a related field required")).toEqual([
      { level: "bachelor", strength: "must" },
      { level: "master", strength: "nice" },
    ]);
    expect(degrees("Requirements\n- Bachelor's degree in Finance, MBA preferred")).toEqual([
      { level: "bachelor", strength: "must" },
      { level: "master", strength: "nice" },
    ]);
  });
});

describe("equal-opportunity statements", () => {
  it("are recognised by their stock phrases, not by words a posting may ask for", () => {
    expect(isEmployerStatement("EEO Statement: We are an equal opportunity employer.")).toBe(true);
    expect(isEmployerStatement("All qualified applicants will receive consideration without regard to race or religion.")).toBe(true);
    expect(isEmployerStatement("We participate in E-Verify.")).toBe(true);
    expect(isEmployerStatement("Experience with affirmative action plans and EEO reporting")).toBe(false);
  });

  it("state no requirement, whatever they mention", () => {
    const text =
      "Requirements\n- Python\nEqual opportunity employer: we welcome Python, Go and Kubernetes people regardless of age, a detail-oriented team, 10 years of experience with a Bachelor's degree or not.";
    const s = scan(text);
    expect(extractJobSkills(s, ctx.catalogue, null).map((k) => k.name)).toEqual(["Python"]);
    expect(extractJobYears(s)).toBeNull();
    expect(extractJobEducation(s).degrees).toEqual([]);
    expect(extractJobPersonal(s).trait).toEqual([]);
  });
});

describe("a choice of degrees after a comma", () => {
  it("takes the cue that closes the choice", () => {
    expect(degrees("Requirements\n- BS, MS or PhD preferred")).toEqual([{ level: "bachelor", strength: "nice" }]);
  });
});
