import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import type { EngineContext } from "../types.ts";
import { isHardRequirement } from "./blocks.ts";
import { scoreMatch } from "./match.ts";
import { HARD_SHORTFALL_SHARE } from "./weights.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx: EngineContext = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const NOW = new Date(Date.UTC(2026, 10, 21));

const DRIVER_POSTING = (licenceLine: string) =>
  [
    "Regional Truck Driver",
    "Cottonwood Freight Lines – Joplin, MO",
    "",
    "What you'll do",
    "- Haul dry van and reefer freight to grocery distribution centers on a five-state regional loop.",
    "- Log duty status on the ELD and plan trips within hours-of-service rules.",
    "",
    "Requirements",
    licenceLine,
    "- At least 2 years of tractor-trailer experience.",
  ].join("\n");

const DRIVER = (licence: string) =>
  [
    "Dana Ruiz",
    "Experience",
    "Regional Truck Driver — Ozark Carriers, Springfield, MO — Jan 2019 – Present",
    "- Regional dry van and reefer freight to grocery distribution centers, ELD and hours-of-service logs.",
    "Licenses",
    licence,
  ].join("\n");

const hard = (posting: string) => analyseJob(posting, ctx).skills.filter(isHardRequirement).map((s) => s.name);
const score = (posting: string, resume: string) =>
  scoreMatch(analyseJob(posting, ctx), analyseCandidate(resume, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx).match_score;

describe("hard requirements", () => {
  it("reads a must-have licence to practise as hard, not a preferred one, a path to it after hiring or a certification", () => {
    expect(hard(DRIVER_POSTING("- Valid Class A commercial driver's license (CDL-A)."))).toEqual(["CDL Class A"]);
    expect(hard(DRIVER_POSTING("- Active pharmacist license."))).toEqual(["Pharmacist License"]);
    // Preferred, obtainable after hiring, or a certification: no knock-out.
    expect(hard(DRIVER_POSTING("- CDL-A preferred."))).toEqual([]);
    expect(hard(DRIVER_POSTING("- CDL-A, or willingness to obtain it within 60 days of hire."))).toEqual([]);
    expect(hard(DRIVER_POSTING("- Current DOT medical card."))).toEqual([]);
    // An ordinary driver's licence follows its holder and goes unsaid on most résumés.
    expect(hard(DRIVER_POSTING("- Valid driver's license."))).toEqual([]);
  });

  it("lets a missing hard requirement scale the whole score down, a pending one less, and leaves holders as they were", () => {
    const posting = DRIVER_POSTING("- Valid Class A commercial driver's license (CDL-A).");
    const held = score(posting, DRIVER("CDL-A, Missouri, clean MVR"));
    const pending = score(posting, DRIVER("CDL-A skills test scheduled for December 2026"));
    const missing = score(posting, DRIVER("Missouri Class F driver's license"));
    expect(held).toBeGreaterThan(pending);
    expect(pending).toBeGreaterThan(missing);
    // The same posting with the licence only preferred: missing it costs far less.
    const soft = DRIVER_POSTING("- CDL-A preferred.");
    expect(score(soft, DRIVER("Missouri Class F driver's license")) / score(soft, DRIVER("CDL-A, Missouri"))).toBeGreaterThan(
      missing / held,
    );
    expect(missing / held).toBeLessThanOrEqual(1 - HARD_SHORTFALL_SHARE + 0.01);
  });
});

describe("credentials read as written", () => {
  const skill = (text: string, name: string) => analyseCandidate(`Pat Lee\n${text}`, ctx, NOW).skills.find((s) => s.name === name);

  it("reads trucking shorthand for the licence class and the medical card", () => {
    expect(skill("Licenses\nCommercial Driver's License, Class A – Missouri – endorsements H, N", "CDL Class A")?.status).toBe("held");
    expect(skill("Licenses\nDOT med card to 09/2028", "DOT Medical Card")?.status).toBe("held");
    expect(skill("Licenses\nMissouri CDL Class A. Medical card good through 2028.", "DOT Medical Card")?.status).toBe("held");
    // A teacher's certificate is the teaching licence.
    expect(skill("Credentials\nWashington Residency Teacher Certificate, valid to 2029", "Teaching License")?.status).toBe("held");
  });

  it("reads a licensing exam planned, or a credential one plans to enrol for or is exploring, as not held yet", () => {
    expect(skill("Licensure\nNAPLEX and MPJE planned for summer 2028", "Pharmacist License")?.status).toBe("pending");
    expect(skill("Summary\nPlanning to enroll in a CDL-A course in early 2027.", "CDL Class A")?.status).toBe("pending");
    expect(skill("Licensure\nExploring Oregon's Restricted Teaching License", "Teaching License")?.status).toBe("pending");
    // Held: the exam named with the licence shown, or a licence stated plainly.
    expect(skill("Licensure\nNAPLEX passed; Ohio Pharmacist License #03-123456, active", "Pharmacist License")?.status).toBe("held");
    expect(skill("Licenses\nCDL-A, Missouri (2018)", "CDL Class A")?.status).toBe("held");
  });
});

describe("hard requirements, as a recruiter reads them (review)", () => {
  const result = (posting: string, resume: string) =>
    scoreMatch(analyseJob(posting, ctx), analyseCandidate(resume, ctx, NOW), { candidateName: "Dana", postedDate: NOW }, ctx);

  it("says in the narrative why the score is below the blocks' weighted mean, and says nothing when the licence is held", () => {
    const posting = DRIVER_POSTING("- Valid Class A commercial driver's license (CDL-A).");
    const missing = result(posting, DRIVER("Missouri Class F driver's license")).recommendation_insights;
    expect(missing.context_snippets.summary).toMatch(/scaled to 70% .* not fully met: CDL Class A\./);
    expect(missing.context_summary.requirement_gaps).toContain("CDL Class A");
    const held = result(posting, DRIVER("CDL-A, Missouri, clean MVR")).recommendation_insights;
    expect(held.context_snippets.summary).not.toMatch(/scaled/);
  });

  it("knocks a candidate out once however often the posting names the licence", () => {
    const once = result(DRIVER_POSTING("- Valid Class A CDL."), DRIVER("Missouri Class F driver's license")).match_score;
    const twice = result(
      DRIVER_POSTING("- Valid Class A CDL.\n- Clean CDL driving record (no more than 2 moving violations)."),
      DRIVER("Missouri Class F driver's license"),
    ).match_score;
    expect(twice / once).toBeGreaterThan(0.85);
  });

  it("reads a posting's path to the licence as no knock-out, but not training that is only on the job", () => {
    expect(hard(DRIVER_POSTING("- Class A CDL (we will help you get your CDL)."))).toEqual([]);
    expect(hard(DRIVER_POSTING("- Class A CDL — paid CDL training provided."))).toEqual([]);
    expect(hard(DRIVER_POSTING("- Active CPA license or actively pursuing."))).toEqual([]);
    expect(hard(DRIVER_POSTING("- Class A CDL required; training provided on our equipment."))).toEqual(["CDL Class A"]);
  });

  it("reads a licence held in a common written form", () => {
    const teacher = (line: string) => skill(`Certifications\n${line}`, "Teaching License")?.status;
    expect(teacher("Texas Educator Certificate, EC-6 Core Subjects")).toBe("held");
    expect(teacher("Illinois Professional Educator License (PEL), Elementary")).toBe("held");
    expect(skill("Licenses\nClass A CDL with Hazmat/Tanker endorsements", "CDL Class A")?.status).toBe("held");
    expect(skill("Licenses\nLicensed Professional Engineer (PE), Ohio #12345", "Professional Engineer (PE)")?.status).toBe("held");
    expect(skill("Licenses\nRN, BSN — Compact (multistate) license, TX", "Registered Nurse (RN) License")?.status).toBe("held");
    // An inactive CPA may not practise: not held.
    expect(skill("Licenses\nCPA (inactive)", "Certified Public Accountant (CPA)")?.status).toBe("lapsed");
  });
});

const skill = (text: string, name: string) => analyseCandidate(`Pat Lee\n${text}`, ctx, NOW).skills.find((s) => s.name === name);

describe("a compact (multistate) nursing licence for an RN licence requirement", () => {
  const posting = ["Registered Nurse, Med-Surg", "", "Requirements", "- Active RN license", "- BLS certification"].join("\n");
  const licence = (line: string) => {
    const resume = ["Jordan Lee", "Experience", "Staff Nurse, Mercy Hospital, Chicago, IL", "Jan 2020 – Present", "- Cared for 5 patients per shift", "", "Licenses", line].join("\n");
    const r = scoreMatch(analyseJob(posting, ctx), analyseCandidate(resume, ctx, NOW), { candidateName: "Jordan", postedDate: NOW }, ctx);
    return JSON.stringify(r).includes("not fully met: Registered Nurse (RN) License") ? "unmet" : "met";
  };

  it("meets it when the compact licence is an RN's", () => {
    expect(licence("Compact Nursing License (NLC), Texas; BLS")).toBe("met");
    expect(licence("Multistate Nursing License, home state Ohio; BLS")).toBe("met");
  });

  it("does not when the compact licence is an LPN's or LVN's (negative)", () => {
    expect(licence("LPN, Multistate (Compact) Nursing License, Texas; BLS")).toBe("unmet");
    expect(licence("LPN License (Compact Nursing License); BLS")).toBe("unmet");
    expect(licence("Licensed Vocational Nurse, Compact Nursing License; BLS")).toBe("unmet");
  });
});
