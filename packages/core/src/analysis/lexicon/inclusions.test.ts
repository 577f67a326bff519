import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../catalogue/build.ts";
import { Catalogue } from "../../catalogue/catalogue.ts";
import type { CatalogueSourceFile } from "../../catalogue/types.ts";
import { closeInclusions, includesAsHeld, includingSkills } from "./inclusions.ts";

const content: CatalogueSourceFile = {
  skills: [
    { name: "OSHA 10", type: "Certification" },
    { name: "OSHA 30", type: "Certification" },
    { name: "CDL Class A", type: "Certification" },
    { name: "CDL Class B", type: "Certification" },
    { name: "Commercial Driver's License (CDL)", type: "Certification" },
    // A skill here, not a credential: a credential cannot meet it.
    { name: "Food Handler Certificate", type: "Specialized Skill" },
    { name: "ServSafe Food Protection Manager", type: "Certification" },
    { name: "Registered Nurse (RN) License", type: "Certification", aliases: ["RN License"] },
    { name: "Nurse Licensure Compact (NLC) License", type: "Certification", aliases: ["Compact Nursing License", "Multistate Nursing License"] },
    { name: "Licensed Practical Nurse (LPN) License", type: "Certification" },
    { name: "Amazon Web Services", type: "Specialized Skill", aliases: ["AWS"] },
    { name: "Amazon EC2", type: "Specialized Skill" },
    { name: "Amazon EKS", type: "Specialized Skill" },
    { name: "Amazon Advertising", type: "Specialized Skill" },
    { name: "AWS D1.1", type: "Specialized Skill" },
    { name: "Kubernetes", type: "Specialized Skill" },
    { name: "SQL", type: "Specialized Skill" },
    { name: "T-SQL", type: "Specialized Skill" },
    { name: "Microsoft SQL Server", type: "Specialized Skill" },
    { name: "NoSQL", type: "Specialized Skill" },
    { name: "Statistics", type: "Specialized Skill" },
    { name: "Hypothesis Testing", type: "Specialized Skill" },
    { name: "Regression Analysis", type: "Specialized Skill" },
    { name: "Microsoft Excel", type: "Specialized Skill" },
    { name: "Pivot Tables", type: "Specialized Skill" },
    { name: "VLOOKUP", type: "Specialized Skill" },
    { name: "Workforce Management", type: "Specialized Skill", aliases: ["WFM"] },
    { name: "UKG", type: "Specialized Skill", aliases: ["Kronos"] },
    { name: "Dayforce", type: "Specialized Skill" },
    { name: "Reflexis", type: "Specialized Skill" },
    { name: "Workforce Planning", type: "Specialized Skill" },
    { name: "Workday HCM", type: "Specialized Skill" },
    { name: "Employment Law", type: "Specialized Skill", aliases: ["Labor Law"] },
    { name: "FLSA", type: "Specialized Skill" },
    { name: "FMLA", type: "Specialized Skill" },
    { name: "ADA Compliance", type: "Specialized Skill" },
    { name: "EEO Compliance", type: "Specialized Skill" },
    { name: "Employee Relations", type: "Specialized Skill" },
    { name: "Workplace Investigations", type: "Specialized Skill" },
    { name: "Labor Relations", type: "Specialized Skill" },
    { name: "Payroll Processing", type: "Specialized Skill" },
    { name: "Classroom Management", type: "Specialized Skill" },
    { name: "Positive Behavioral Interventions and Supports (PBIS)", type: "Specialized Skill", aliases: ["PBIS"] },
    { name: "Restorative Practices", type: "Specialized Skill" },
    { name: "Pay-Per-Click Advertising", type: "Specialized Skill", aliases: ["PPC", "Paid Search"] },
    { name: "Google Ads", type: "Specialized Skill", aliases: ["AdWords"] },
    { name: "Microsoft Advertising", type: "Specialized Skill", aliases: ["Bing Ads"] },
    { name: "Paid Social Advertising", type: "Specialized Skill", aliases: ["Paid Social"] },
    { name: "Meta Ads Manager", type: "Specialized Skill", aliases: ["Facebook Ads"] },
    { name: "TikTok Ads", type: "Specialized Skill" },
    { name: "LinkedIn Ads", type: "Specialized Skill" },
    { name: "Google Analytics", type: "Specialized Skill" },
    { name: "Digital Marketing", type: "Specialized Skill", aliases: ["Online Marketing"] },
    { name: "Search Engine Optimization", type: "Specialized Skill", aliases: ["SEO"] },
    { name: "Email Marketing", type: "Specialized Skill" },
    { name: "Event Marketing", type: "Specialized Skill" },
    { name: "Cold Calling", type: "Specialized Skill", aliases: ["Cold Calls"] },
    { name: "Outbound Calling", type: "Specialized Skill", aliases: ["Outbound Calls"] },
    { name: "Prospecting", type: "Specialized Skill" },
    { name: "Inbound Sales", type: "Specialized Skill" },
  ],
};
const catalogue = new Catalogue(buildCatalogue([{ path: "inclusions.json", content }], "test"));
const including = (name: string) =>
  includingSkills(catalogue, catalogue.skills.find((s) => s.name === name)!)
    .map((id) => catalogue.skill(id)!.name)
    .sort();

describe("includingSkills", () => {
  it("names cold calling for outbound calling and prospecting, which it is done by", () => {
    expect(including("Outbound Calling")).toEqual(["Cold Calling"]);
    expect(including("Prospecting")).toEqual(["Cold Calling"]);
    // Calling out to customers (renewals, surveys, collections) is no cold calling, nor is inbound selling.
    expect(including("Cold Calling")).toEqual([]);
    expect(including("Inbound Sales")).toEqual([]);
  });


  it("names the advertising platforms for the channel they buy: paid search, paid social", () => {
    expect(including("Pay-Per-Click Advertising")).toEqual(["Google Ads", "Microsoft Advertising"]);
    expect(including("Paid Social Advertising")).toEqual(["LinkedIn Ads", "Meta Ads Manager", "TikTok Ads"]);
    // Not the other way round (paid-search work names no platform), and not across channels or to analytics tools.
    expect(including("Google Ads")).toEqual([]);
    expect(including("Meta Ads Manager")).toEqual([]);
    expect(including("Google Analytics")).toEqual([]);
  });

  it("names the online channels for digital marketing, not offline marketing nor the other way round", () => {
    // Through the channel they buy, the ad platforms too: Google Ads work is paid search, which is digital marketing.
    expect(including("Digital Marketing")).toEqual([
      "Email Marketing", "Google Ads", "LinkedIn Ads", "Meta Ads Manager", "Microsoft Advertising", "Paid Social Advertising",
      "Pay-Per-Click Advertising", "Search Engine Optimization", "TikTok Ads",
    ]);
    expect(including("Search Engine Optimization")).toEqual([]);
    expect(including("Event Marketing")).toEqual([]);
  });


  it("names the higher credentials of a ladder for the lower one", () => {
    expect(including("OSHA 10")).toEqual(["OSHA 30"]);
    expect(including("CDL Class B")).toEqual(["CDL Class A"]);
    expect(including("Commercial Driver's License (CDL)")).toEqual(["CDL Class A", "CDL Class B"]);
  });

  it("names the compact (multistate) nursing licence for an RN licence, not the other way round", () => {
    expect(including("Registered Nurse (RN) License")).toEqual(["Nurse Licensure Compact (NLC) License"]);
    // An RN licence from one state does not meet a multistate requirement, nor a compact licence an LPN one here.
    expect(including("Nurse Licensure Compact (NLC) License")).toEqual([]);
    expect(including("Licensed Practical Nurse (LPN) License")).toEqual([]);
  });

  it("names a platform's services for the platform, and managed Kubernetes for Kubernetes", () => {
    // Not every "Amazon …" or "AWS …" name: advertising is no cloud and AWS D1.1 is a welding code.
    expect(including("Amazon Web Services")).toEqual(["Amazon EC2", "Amazon EKS"]);
    expect(including("Kubernetes")).toEqual(["Amazon EKS"]);
  });

  it("names none for the top of a ladder, a service, or a skill of another type than the one including it", () => {
    expect(including("OSHA 30")).toEqual([]);
    expect(including("CDL Class A")).toEqual([]);
    expect(including("Amazon EC2")).toEqual([]);
    expect(including("Food Handler Certificate")).toEqual([]);
  });

  it("names SQL's dialects for SQL, a discipline's methods and a tool's features for them", () => {
    expect(including("SQL")).toEqual(["T-SQL"]);
    expect(including("Statistics")).toEqual(["Hypothesis Testing", "Regression Analysis"]);
    expect(including("Microsoft Excel")).toEqual(["Pivot Tables", "VLOOKUP"]);
    // Not the other way round: SQL alone is no SQL Server, statistics no regression, Excel no pivot tables; NoSQL is no
    // SQL, and a database's name alone is no SQL work.
    expect(including("Microsoft SQL Server")).toEqual([]);
    expect(including("Regression Analysis")).toEqual([]);
    expect(including("Pivot Tables")).toEqual([]);
    expect(including("NoSQL")).toEqual([]);
  });

  it("names the workforce management suites for workforce management, not an HR suite or workforce planning", () => {
    // Schedules built in UKG (Kronos), Dayforce or Reflexis are workforce management work; Workday's HR records are not.
    expect(including("Workforce Management")).toEqual(["Dayforce", "Reflexis", "UKG"]);
    expect(including("Workforce Planning")).toEqual([]);
    expect(including("UKG")).toEqual([]);
  });

  it("names the statutes of US employment law for employment law, and investigations for employee relations", () => {
    // Advising on FLSA exempt status or administering FMLA leave and ADA accommodations is applying employment law;
    // investigating harassment complaints is employee-relations casework.
    // ADA Compliance too, but only from accommodation wording: see includesAsHeld.
    expect(including("Employment Law")).toEqual(["ADA Compliance", "EEO Compliance", "FLSA", "FMLA"]);
    expect(including("Employee Relations")).toEqual(["Workplace Investigations"]);
    // Not the other way round, and not their neighbours: running payroll is no employment law, union bargaining no
    // employee-relations casework, and employment law alone shows no FLSA work.
    expect(including("FLSA")).toEqual([]);
    expect(including("Workplace Investigations")).toEqual([]);
    expect(including("Labor Relations")).toEqual([]);
    expect(including("Payroll Processing")).toEqual([]);
  });

  it("names PBIS, run in one's own room, for classroom management, and not the other way round", () => {
    expect(including("Classroom Management")).toEqual(["Positive Behavioral Interventions and Supports (PBIS)"]);
    // A classroom's own management is no school-wide PBIS framework, and restorative practice alone is no management.
    expect(including("Positive Behavioral Interventions and Supports (PBIS)")).toEqual([]);
    expect(including("Restorative Practices")).toEqual([]);
  });
});

describe("closeInclusions", () => {
  it("follows inclusions through each other, once per skill, in order", () => {
    const direct = new Map([["digital", ["ppc", "social"]], ["ppc", ["google-ads"]], ["social", ["meta", "tiktok"]]]);
    expect(closeInclusions(direct).get("digital")).toEqual(["ppc", "google-ads", "social", "meta", "tiktok"]);
    expect(closeInclusions(direct).get("ppc")).toEqual(["google-ads"]);
    expect(closeInclusions(direct).get("google-ads")).toBeUndefined();
  });

  it("stops on a cycle, and no skill includes itself", () => {
    const direct = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a", "b"]]]);
    const closed = closeInclusions(direct);
    expect(closed.get("a")).toEqual(["b", "c"]);
    expect(closed.get("c")).toEqual(["a", "b"]);
  });

  it("closes a long, cyclic chain in bounded time, not by every path", () => {
    const n = 500;
    const direct = new Map(Array.from({ length: n }, (_, i) => [`s${i}`, [`s${i + 1}`, `s${(i * 7) % n}`]] as [string, string[]]));
    const started = performance.now();
    const closed = closeInclusions(direct);
    expect(closed.get("s0")!.length).toBe(n);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("includesAsHeld", () => {
  it("counts ADA compliance as employment law only where it is about accommodating people", () => {
    const none = new Set<string>();
    expect(includesAsHeld("ADA Compliance", none, "Handled the reasonable-accommodation conversation with team members")).toBe(true);
    expect(includesAsHeld("ADA Compliance", none, "Administer ADA accommodation requests with our TPA")).toBe(true);
    // A website's WCAG work and a store's ramps are ADA compliance of another kind.
    expect(includesAsHeld("ADA Compliance", none, "Rebuilt the checkout for ADA compliance (WCAG 2.1 AA)")).toBe(false);
    expect(includesAsHeld("ADA Compliance", none, "Brought ramps and restrooms into ADA compliance")).toBe(false);
    // Other inclusions are unaffected.
    expect(includesAsHeld("FLSA", none, "Advised on FLSA exempt status")).toBe(true);
  });
});
