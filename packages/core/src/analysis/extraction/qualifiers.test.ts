import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import { LAPSED_CREDENTIAL_CREDIT, OTHER_JURISDICTION_CREDIT, PENDING_CREDENTIAL_CREDIT, REQUIRED_STATE_LICENCE_WEIGHT } from "../scoring/blocks.ts";
import { scoreMatch } from "../scoring/match.ts";
import { buildCatalogue } from "../../catalogue/build.ts";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { RESUME_SECTIONS } from "../text/headings.ts";
import { credentialStatus, isStateLicence, strongestStatus } from "./qualifiers.ts";
import { scanText } from "./scan.ts";

const ctx = fixtureContext();
const NOW = new Date(Date.UTC(2025, 5, 15));
const CERT = "AWS Certified Solutions Architect";
const status = (text: string) => analyseCandidate(text, ctx, NOW).skills.find((s) => s.name === CERT)?.status;

describe("credential qualifiers", () => {
  it("reads a credential as pending, lapsed or held from its own list item", () => {
    expect(status(`Certifications\n${CERT} (exam scheduled for March 2026)`)).toBe("pending");
    expect(status(`Certifications\nWorking toward the ${CERT}`)).toBe("pending");
    expect(status(`Certifications\n${CERT}, expired 2021`)).toBe("lapsed");
    expect(status(`Certifications\n${CERT} (2022)`)).toBe("held");
    expect(status(`Certifications\n${CERT} exam passed, active since 2022`)).toBe("held");
    // A passed exam, or a renewal under way, is of a credential held; some of its exams passed is not.
    expect(status(`Certifications\n${CERT} (exam passed 2022)`)).toBe("held");
    expect(status(`Certifications\nPassed the ${CERT} exam, 2022`)).toBe("held");
    expect(status(`Certifications\n${CERT}, renewal pending`)).toBe("held");
    expect(status(`Certifications\n${CERT}, passed 2 of 3 exams`)).toBe("pending");
    expect(status(`Certifications\n${CERT}: passed the first of three exams`)).toBe("pending");
    // The qualifier of the next item is not this one's.
    expect(status(`Certifications\n${CERT}, CKA (pending)`)).toBe("held");
  });

  it("reads a credential the writer is heading toward as not held yet, also over a wrapped line", () => {
    expect(status(`Objective\nLooking for a role where I can log my hours toward the ${CERT}.`)).toBe("pending");
    expect(status(`Objective\nLooking for a role where I can log my hours toward\nthe ${CERT}.`)).toBe("pending");
    expect(status(`Certifications\nCredits towards my ${CERT}`)).toBe("pending");
    // "Toward" elsewhere in the item, a paragraph apart, or of another credential says nothing of this one.
    expect(status(`Certifications\n${CERT}, hours toward CKA`)).toBe("held");
    expect(status(`Summary\nSix years of steady progress toward\n\n${CERT} (2022)`)).toBe("held");
    expect(status(`Summary\nContributed toward cloud migration using the ${CERT} skills`)).toBe("held");
  });

  it("quotes a qualified credential where its qualifier is written", () => {
    const skill = analyseCandidate(`Certifications\n${CERT} (pending)\nSummary\nArchitect, ${CERT} expired in 2019`, ctx, NOW).skills.find(
      (s) => s.name === CERT,
    )!;
    expect(skill.status).toBe("lapsed");
    expect(skill.evidence.snippet).toContain("expired in 2019");
  });

  it("reads a licence named by its licensing exam as not held yet, unless the item says it is", () => {
    const nursing = new Catalogue(
      buildCatalogue(
        [{ path: "s.json", content: { skills: [{ name: "Registered Nurse (RN) License", type: "Certification", aliases: ["NCLEX-RN", "RN License"] }] } }],
        "test",
      ),
    );
    const statuses = (text: string, licence = true) => {
      const scan = scanText(text, RESUME_SECTIONS, nursing);
      return scan.skills.map((h) => credentialStatus(text, h, licence));
    };
    // Passing the exam is not the licence a state board issues afterwards.
    expect(statuses("Licences\nNCLEX-RN — passed 10/2026")).toEqual(["pending"]);
    expect(statuses("Licences\nNCLEX-RN — passed 10/2026; Pennsylvania RN licence — application pending")).toEqual(["pending", "pending"]);
    // The item states the licence held, or the licence is named itself.
    expect(statuses("Licences\nNCLEX-RN, licensed in Ohio since 2019")).toEqual(["held"]);
    expect(statuses("Licences\nRN License, Ohio, 2019")).toEqual(["held"]);
    // A country is where the exam was taken, not a state board's licence; "not yet licensed" is no licence held.
    expect(statuses("Licences\nNCLEX-RN — passed 10/2026 (United States)")).toEqual(["pending"]);
    expect(statuses("Licences\nNCLEX-RN passed; not yet licensed")).toEqual(["pending"]);
    // A new graduate applying for, or waiting on, the state's licence holds none yet.
    expect(statuses("Licences\nNCLEX-RN passed 06/2025, applying for Texas license")).toEqual(["pending"]);
    expect(statuses("Licences\nNCLEX-RN passed 06/2025, Texas license application under review")).toEqual(["pending"]);
    expect(statuses("Licences\nNCLEX-RN passed 06/2025, waiting on Texas license")).toEqual(["pending"]);
    expect(statuses("Licences\nNCLEX-RN passed 06/2025, Texas license #912345")).toEqual(["held"]);
    // A certification whose exam is the credential keeps its reading (see above): only licences are issued apart.
    expect(statuses("Licences\nNCLEX-RN — passed 10/2026", false)).toEqual(["held"]);
  });

  it("reads a licence named by its exam as held when its entry gives a state, a number, the word licence or an expiry", () => {
    const nursing = new Catalogue(
      buildCatalogue(
        [{ path: "s.json", content: { skills: [{ name: "Registered Nurse (RN) License", type: "Certification", aliases: ["NCLEX-RN", "RN License"] }] } }],
        "test",
      ),
    );
    const statuses = (text: string) => {
      const scan = scanText(text, RESUME_SECTIONS, nursing);
      return scan.skills.map((h) => credentialStatus(text, h, true));
    };
    expect(statuses("LICENSURE\nNCLEX-RN, State of Texas, #812345")).toEqual(["held"]);
    expect(statuses("LICENSURE\nNCLEX-RN — Multistate Compact License, exp. 03/2027")).toEqual(["held"]);
    expect(statuses("Licensure\nNCLEX-RN, Ohio")).toEqual(["held"]);
    // Unless the entry says the licence is still to come; another entry's number is not this one's.
    expect(statuses("Licensure\nNCLEX-RN passed 2026, Texas licence pending")).toEqual(["pending"]);
    expect(statuses("Licensure\nNCLEX-RN passed, awaiting license number")).toEqual(["pending"]);
    expect(statuses("Licensure\nNCLEX-RN — passed 10/2026; BLS #A-55123")).toEqual(["pending"]);
  });

  it("stays fast on a posting line that names its licence many times", () => {
    const posting = `Requirements\n- ${"Texas RN License and ".repeat(4500)}`;
    const t0 = performance.now();
    const rn = analyseJob(posting, ctx).skills.find((s) => s.name === "Registered Nurse License");
    // A guard against a quadratic path, not a speed target: about 0.3 s here, and loose so a loaded machine passes.
    expect(performance.now() - t0).toBeLessThan(3_000);
    expect(rn?.jurisdiction).toBe("Texas");
  });

  it("takes one plain statement of the credential over a qualified one", () => {
    expect(strongestStatus(["pending", "held"])).toBe("held");
    expect(strongestStatus(["pending", "lapsed"])).toBe("lapsed");
    expect(strongestStatus(["pending"])).toBe("pending");
  });

  it("gives a qualified credential partial credit and says why", () => {
    const job = analyseJob(`Requirements\n- ${CERT}`, ctx);
    const skills = (text: string) =>
      scoreMatch(job, analyseCandidate(text, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx).recommendation_insights.analysed_skills;
    const pending = skills(`Certifications\n${CERT} (pending)`);
    expect(pending.layer_two_score).toBeCloseTo(PENDING_CREDENTIAL_CREDIT, 4);
    expect(pending.unmatched_attributes).toEqual([`${CERT} (not held yet)`]);
    expect(skills(`Certifications\n${CERT} (lapsed)`).layer_two_score).toBeCloseTo(LAPSED_CREDENTIAL_CREDIT, 4);
    expect(skills(`Certifications\n${CERT}`).layer_two_score).toBe(1);
  });
});

describe("credential jurisdictions", () => {
  const LICENCE = "Journeyman Electrician License";
  const places = (text: string, name = LICENCE) => analyseCandidate(text, ctx, NOW).skills.find((s) => s.name === name)?.jurisdictions;
  const required = (text: string, name = LICENCE) =>
    analyseJob(text, ctx).skills.flatMap((s) => [s, ...s.alternatives]).find((s) => s.name === name)?.jurisdiction;

  it("reads the state or province a held licence is from, by name in its item or by code beside it", () => {
    expect(places(`Licenses\n- Oklahoma ${LICENCE}, active since 2020`)).toEqual(["Oklahoma"]);
    expect(places(`Licenses\nTX Journeyman License (TDLR) 2019`)).toEqual(["Texas"]);
    expect(places(`Licenses\n${LICENCE} (ON)`)).toEqual(["Ontario"]);
    expect(places(`Licenses\n${LICENCE} (Louisiana and Texas)`)).toEqual(["Louisiana", "Texas"]);
    // The longest name wins; a code away from the licence is a word; the next item's place is not this one's.
    expect(places(`Licenses\nWest Virginia ${LICENCE}`)).toEqual(["West Virginia"]);
    expect(places(`Licenses\n${LICENCE} OR master license in progress`)).toBeUndefined();
    // A code that is also a word names a place only in brackets; a place after a comma is the next item.
    expect(places(`Licenses\nOR ${LICENCE}`)).toBeUndefined();
    expect(places(`Licenses\n${LICENCE} (OR)`)).toEqual(["Oregon"]);
    expect(places(`Licenses\n${LICENCE}, Oregon`)).toBeUndefined();
    expect(places(`Licenses\nQuébec ${LICENCE}`)).toEqual(["Quebec"]);
    expect(places(`Licenses\n${LICENCE}; Texas Driver's License`)).toBeUndefined();
    expect(places(`Licenses\n${LICENCE}; Texas Driver's License`, "Driver's License")).toEqual(["Texas"]);
    // A pending licence's place is where it is not held yet.
    expect(places(`Licenses\nTexas ${LICENCE} (exam scheduled)\nOklahoma ${LICENCE}`)).toEqual(["Oklahoma"]);
  });

  it("knows a state-issued credential by its name: licences, licensed professions, CPA and PE", () => {
    for (const name of [LICENCE, "Licensed Clinical Social Worker (LCSW)", "Certified Public Accountant (CPA)", "Professional Engineer (PE)"]) {
      expect(isStateLicence(name), name).toBe(true);
    }
    for (const name of [CERT, "OSHA 30", "Certified Management Accountant (CMA)", "Certified Professional Coder (CPC)", "Airline Transport Pilot License (ATPL)", "Customs Broker License", "FINRA Series 7 License"]) {
      expect(isStateLicence(name), name).toBe(false);
    }
  });

  it("reads the one place a posting requires a licence from, unless it accepts others", () => {
    expect(required(`Requirements\n- Active Texas ${LICENCE} (TDLR).`)).toBe("Texas");
    expect(required(`Requirements\n- Active ${LICENCE}.`)).toBeUndefined();
    expect(required(`Requirements\n- Texas or Oklahoma ${LICENCE}.`)).toBeUndefined();
    // A multistate (compact) licence is issued by a US state: any US state's licence meets it, another country's not.
    expect(required(`Requirements\n- Pennsylvania RN License or a multistate compact license.`, "Registered Nurse License")).toBe("United States");
    expect(required(`Requirements\n- RN License (multistate compact license accepted).`, "Registered Nurse License")).toBe("United States");
    expect(required(`Requirements\n- Texas ${LICENCE}, or one from another state.`)).toBe("United States");
    // A licence still to obtain is none held yet, in any country.
    expect(required(`Requirements\n- Texas ${LICENCE}, or a multistate licence and able to obtain Texas licensure.`)).toBeUndefined();
    expect(required(`Requirements\n- ${LICENCE} in Texas, or eligible by reciprocity.`)).toBeUndefined();
    // "OR" between two licences is a word, not Oregon.
    expect(required(`Requirements\n- ${LICENCE} OR Registered Nurse License`, "Registered Nurse License")).toBeUndefined();
    // A certification valid everywhere has no place, whatever its line says about the job's.
    expect(required(`Requirements\n- ${CERT} (role based in Austin, Texas)`, CERT)).toBeUndefined();
  });

  it("reads the country a licence is from, and a licence not yet held there as not held there", () => {
    const RN = "Registered Nurse License";
    expect(places(`Licensure\n- RN License, active (Philippines)`, RN)).toEqual(["Philippines"]);
    expect(places(`Licensure\n- Registered Nurse License (India), active`, RN)).toEqual(["India"]);
    expect(places(`Licensure\n- RN License (U.S.), active`, RN)).toEqual(["United States"]);
    // Georgia is the state; a country name in the next item, or in a word, is not this licence's.
    expect(places(`Licensure\n- Georgia RN License`, RN)).toEqual(["Georgia"]);
    expect(places(`Licensure\n- RN License; Diploma from Jordan University of Nursing`, RN)).toBeUndefined();
    expect(places(`Licensure\n- New Jersey RN License`, RN)).toEqual(["New Jersey"]);
    // A country's name before a state's code or an institution's word is a US town's: the state is the place.
    expect(places(`Licensure\n- RN License (Lebanon, PA)`, RN)).toEqual(["Pennsylvania"]);
    expect(places(`Licensure\n- Ohio RN License, Poland OH campus`, RN)).toEqual(["Ohio"]);
    expect(places(`Licensure\n- RN License (Poland, OH)`, RN)).toEqual(["Ohio"]);
    expect(places(`Licensure\n- RN License – Jamaica Hospital, Queens NY`, RN)).toBeUndefined();
    // The list of countries is fixed and knows the names people write, whatever the runtime calls them.
    for (const [written, country] of [["Turkey", "Turkey"], ["Türkiye", "Turkey"], ["Czech Republic", "Czech Republic"], ["Burma", "Myanmar"], ["Hong Kong", "Hong Kong"], ["Wales", "United Kingdom"], ["Jamaica", "Jamaica"], ["Lebanon", "Lebanon"]]) {
      expect(places(`Licensure\n- RN License (${written}), active`, RN), written).toEqual([country]);
    }
    expect(places(`Licensure\n- RN License (New South Wales), active`, RN)).toEqual(["Australia"]);
    // "Not yet licensed" in a country is no licence held there.
    const rn = (text: string) => analyseCandidate(text, ctx, NOW).skills.find((s) => s.name === RN);
    const abroad = rn(`Summary\nI am not yet licensed as a registered nurse in the United States.\n\nLicensure\nRN License (India), active`);
    expect(abroad?.jurisdictions).toEqual(["India"]);
    expect(rn(`Summary\nI am not yet licensed as a registered nurse in the United States.`)?.status).toBe("pending");
    expect(rn(`Summary\nI am licensed as a registered nurse in the United States.`)?.status).toBe("held");
  });

  it("gives a licence of another country no more credit than one not held yet against a US-state or compact requirement", () => {
    const RN = "Registered Nurse License";
    const job = analyseJob(`Requirements\n- Pennsylvania RN License, or a multistate compact license.`, ctx);
    const skills = (text: string) =>
      scoreMatch(job, analyseCandidate(text, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx).recommendation_insights.analysed_skills;
    const abroad = skills(`Licenses\nRN License (Philippines), active`);
    expect(abroad.unmatched_attributes).toEqual([`${RN} (held in the Philippines, not the United States)`]);
    expect(abroad.layer_two_score).toBeCloseTo(OTHER_JURISDICTION_CREDIT, 4);
    // Any US state's licence, a licence of no stated place, or one held in both countries, meets it.
    expect(skills(`Licenses\nOhio RN License, active`).layer_two_score).toBe(1);
    expect(skills(`Licenses\nRN License, active`).layer_two_score).toBe(1);
    expect(skills(`Licenses\nRN License (Philippines and Ohio)`).layer_two_score).toBe(1);
    // A single state required: a licence stated only as of the United States may be that state's.
    const texas = analyseJob(`Requirements\n- Active Texas RN License.`, ctx);
    const texasSkills = (text: string) =>
      scoreMatch(texas, analyseCandidate(text, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx).recommendation_insights.analysed_skills;
    expect(texasSkills(`Licenses\nRN License (USA)`).layer_two_score).toBe(1);
    expect(texasSkills(`Licenses\nRN License (Philippines)`).layer_two_score).toBeCloseTo(OTHER_JURISDICTION_CREDIT, 4);
    // A town named after a country is no licence of that country.
    const pennsylvania = analyseJob(`Requirements\n- Active Pennsylvania RN License.`, ctx);
    const paSkills = (text: string) =>
      scoreMatch(pennsylvania, analyseCandidate(text, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx).recommendation_insights.analysed_skills;
    expect(paSkills(`Licenses\nRN License (Lebanon, PA)`).layer_two_score).toBe(1);
    expect(paSkills(`Licenses\nRN License (Lebanon, PA), Jamaica Hospital`).layer_two_score).toBe(1);
    expect(paSkills(`Licenses\nRN License (Lebanon)`).layer_two_score).toBeCloseTo(OTHER_JURISDICTION_CREDIT, 4);
  });

  it("gives a licence from another place than the posting's the credit of one not held yet, and says where it is from", () => {
    const job = analyseJob(`Requirements\n- Active Texas ${LICENCE}.\n- Valid Texas Driver's License.`, ctx);
    const skills = (text: string) =>
      scoreMatch(job, analyseCandidate(text, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx).recommendation_insights.analysed_skills;
    const elsewhere = skills(`Licenses\nOklahoma ${LICENCE}\nOklahoma Driver's License`);
    expect(elsewhere.unmatched_attributes).toEqual([`${LICENCE} (held in Oklahoma, not Texas)`]);
    // A driver's licence is exchanged on moving: it meets the requirement.
    expect(elsewhere.matched_attributes).toEqual(["Driver's License"]);
    // The licence the posting ties to its state weighs as a knock-out; the driver's licence as one must-have.
    const w = REQUIRED_STATE_LICENCE_WEIGHT;
    expect(elsewhere.layer_two_score).toBeCloseTo((w * OTHER_JURISDICTION_CREDIT + 1) / (w + 1), 4);
    // Held in the posting's state too, or with no place stated: met.
    expect(skills(`Licenses\n${LICENCE} (Oklahoma and Texas)\nDriver's License`).layer_two_score).toBe(1);
    expect(skills(`Licenses\n${LICENCE}\nDriver's License`).layer_two_score).toBe(1);
  });

  it("weighs a licence the posting requires from its state as a knock-out, and no other requirement so", () => {
    const score = (posting: string, resume: string) =>
      scoreMatch(analyseJob(posting, ctx), analyseCandidate(resume, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx).recommendation_insights
        .analysed_skills.layer_two_score;
    const w = REQUIRED_STATE_LICENCE_WEIGHT;
    // Missing the Texas licence, holding the driver's licence: one of w + 1 parts.
    expect(score(`Requirements\n- Active Texas ${LICENCE}.\n- Valid Texas Driver's License.`, "Licenses\nDriver's License")).toBeCloseTo(1 / (w + 1), 4);
    // A licence named without a state, a driver's licence with one, a licence only nice to have: ordinary weights.
    expect(score(`Requirements\n- Active ${LICENCE}.\n- Driver's License.`, "Licenses\nDriver's License")).toBeCloseTo(1 / 2, 4);
    expect(score(`Requirements\n- ${LICENCE}.\n- Valid Texas Driver's License.`, `Licenses\n${LICENCE}`)).toBeCloseTo(1 / 2, 4);
  });
});
