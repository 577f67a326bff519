import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "../text/headings.ts";
import { extractCandidateEducation, extractJobEducation } from "./education.ts";
import { scanText } from "./scan.ts";

const ctx = fixtureContext();
const NOW = new Date(Date.UTC(2025, 5, 15));
const candidate = (text: string) => extractCandidateEducation(scanText(text, RESUME_SECTIONS, ctx.catalogue), NOW).education;
const job = (text: string) => extractJobEducation(scanText(text, JOB_SECTIONS, ctx.catalogue));

// [as written on a résumé's education line, level, field]
const HELD: [string, string, string][] = [
  ["Doctor of Pharmacy (Pharm.D.), The Ohio State University, 2018", "doctorate", "Pharmacy"],
  ["PharmD, University of Michigan College of Pharmacy, 2016", "doctorate", "Pharmacy"],
  ["Pharm. D, Purdue University, 2015", "doctorate", "Pharmacy"],
  ["M.D., Johns Hopkins University School of Medicine, 2011", "doctorate", "Medicine"],
  ["MD, University of Michigan Medical School, 2012", "doctorate", "Medicine"],
  ["Doctor of Medicine, Baylor College of Medicine, 2010", "doctorate", "Medicine"],
  ["MBBS, All India Institute of Medical Sciences, 2008", "doctorate", "Medicine"],
  ["D.O., Kansas City University, 2014", "doctorate", "Medicine"],
  ["Doctor of Osteopathic Medicine, Touro University, 2013", "doctorate", "Medicine"],
  ["D.D.S., Tufts University School of Dental Medicine, 2019", "doctorate", "Dentistry"],
  ["DMD, Harvard School of Dental Medicine, 2017", "doctorate", "Dentistry"],
  ["Doctor of Dental Surgery, University of Iowa, 2012", "doctorate", "Dentistry"],
  ["Doctor of Physical Therapy, University of Colorado, 2020", "doctorate", "Physical Therapy"],
  ["DPT, Emory University, 2019", "doctorate", "Physical Therapy"],
  ["OTD, Washington University in St. Louis, 2021", "doctorate", "Occupational Therapy"],
  ["Doctor of Veterinary Medicine, Cornell University, 2018", "doctorate", "Veterinary Medicine"],
  ["DVM, Colorado State University, 2016", "doctorate", "Veterinary Medicine"],
  ["V.M.D., University of Pennsylvania, 2015", "doctorate", "Veterinary Medicine"],
  ["O.D., Southern California College of Optometry, 2014", "doctorate", "Optometry"],
  ["Psy.D. in Clinical Psychology, Rutgers University, 2017", "doctorate", "Psychology"],
  ["Au.D., Northwestern University, 2016", "doctorate", "Audiology"],
  ["AuD, Vanderbilt University, 2018", "doctorate", "Audiology"],
  ["Doctor of Chiropractic, Palmer College of Chiropractic, 2012", "doctorate", "Chiropractic"],
  ["Juris Doctor, University of California, Berkeley School of Law, 2019", "doctorate", "Law"],
  ["J.D., cum laude, Georgetown University Law Center, 2015", "doctorate", "Law"],
  ["JD, Harvard Law School, 2016", "doctorate", "Law"],
  ["LL.M. in Taxation, New York University School of Law, 2020", "master", "Law"],
  ["M.S.W., Arizona State University, 2018", "master", "Social Work"],
  ["Master of Social Work, University of Michigan, 2017", "master", "Social Work"],
  ["MSW, Boston College, 2019", "master", "Social Work"],
  ["MPH, Emory University Rollins School of Public Health, 2015", "master", "Public Health"],
  ["MPA, Syracuse University Maxwell School, 2014", "master", "Public Administration"],
  ["Master of Health Administration, Trinity University, 2016", "master", "Health Administration"],
  ["MAT, Tufts University, 2013", "master", "Education"],
  ["MFA in Creative Writing, University of Iowa, 2012", "master", "Fine Arts"],
  ["MSN, Villanova University, 2020", "master", "Nursing"],
  ["Master of Physician Assistant Studies, Duke University, 2018", "master", "Physician Assistant Studies"],
  ["MAcc, University of Texas at Austin, 2017", "master", "Accounting"],
  ["Master of Science in Finance, Boston College, 2018", "master", "Finance"],
  ["MLIS, University of Washington, 2015", "master", "Library Science"],
  ["M.Arch, Yale School of Architecture, 2014", "master", "Architecture"],
  ["B.Arch, Cornell University, 2010", "bachelor", "Architecture"],
  ["BSW, Michigan State University, 2016", "bachelor", "Social Work"],
  ["BFA, Rhode Island School of Design, 2012", "bachelor", "Fine Arts"],
  ["BSN, Drexel University, 2016", "bachelor", "Nursing"],
  ["ADN, Austin Community College, 2014", "associate", "Nursing"],
];

describe("professional degrees on a résumé", () => {
  it.each(HELD)("reads %s", (line, level, field) => {
    const held = candidate(`Education\n${line}`);
    expect(held.level).toBe(level);
    expect(held.fields.map((f) => f.name)).toContain(field);
  });
});

// [a posting's requirement, level asked, strength]
const ASKED: [string, string, string][] = [
  ["Requirements\n- PharmD or BS Pharmacy required", "bachelor", "must"],
  ["Requirements\n- Doctor of Pharmacy (PharmD) from an ACPE-accredited school", "doctorate", "must"],
  ["Requirements\n- JD from an ABA-accredited law school", "doctorate", "must"],
  ["Requirements\n- J.D. degree and active membership in the State Bar", "doctorate", "must"],
  ["Requirements\n- MD or DO from an accredited medical school", "doctorate", "must"],
  ["Requirements\n- DDS or DMD degree", "doctorate", "must"],
  ["Requirements\n- Doctor of Physical Therapy (DPT) from a CAPTE-accredited program", "doctorate", "must"],
  ["Requirements\n- DVM or VMD from an AVMA-accredited college", "doctorate", "must"],
  ["Requirements\n- MSW from a CSWE-accredited program", "master", "must"],
  ["Requirements\n- MPH or MSW degree required", "master", "must"],
  ["Requirements\n- Master of Social Work required", "master", "must"],
  ["Requirements\n- Master's degree in Library Science (MLIS) from an ALA-accredited program", "master", "must"],
];

describe("professional degrees a posting asks for", () => {
  it.each(ASKED)("reads %j", (text, level, strength) => {
    expect(job(text).degrees[0]).toEqual({ level, strength });
  });
});

describe("initials that are not degrees", () => {
  // Postings: none of these asks for a degree.
  it.each([
    "Requirements\n- Experience configuring SSO and MFA for all users",
    "Requirements\n- Must drive safely at speeds up to 65 mph",
    "Requirements\n- Must drive safely at speeds up to 65 MPH",
    "Requirements\n- Experience with JD Edwards EnterpriseOne",
    "Requirements\n- Read the JD carefully before applying",
    "Requirements\n- Able to lift a 50 lb MAT",
    "Requirements\n- Experience building LLM applications with retrieval",
    "Requirements\n- Measure OD and ID with micrometers",
    "Requirements\n- Troubleshoot DC motors and drives",
    "Requirements\n- DO NOT apply without a portfolio",
    "Requirements\n- Use a DVM to check voltage on live circuits",
    "Requirements\n- Track OTD and fill rate weekly",
    "Requirements\n- Work with MSW haulers and recycling vendors",
    "Requirements\n- Concrete strength of 30 MPa or more",
  ])("reads no degree in %j", (text) => {
    expect(job(text).degrees).toEqual([]);
  });

  it("reads a doctorate's initials before a name as the name's", () => {
    expect(job("Requirements\n- Experience at M.D. Anderson Cancer Center preferred").degrees).toEqual([]);
    expect(job("Requirements\n- Experience with J.D. Power surveys required").degrees).toEqual([]);
    expect(candidate("Experience\nRN, M.D. Anderson Cancer Center, Houston, TX, 2018 – 2022").level).toBe("none");
    // Before a school, or a word that goes with a degree, the initials are the degree.
    expect(candidate("Education\nM.D. Harvard Medical School, 2012").level).toBe("doctorate");
    const student = candidate("Education\nJ.D. Candidate, Harvard Law School, expected 2026");
    expect([student.level, student.inProgressLevel]).toEqual(["none", "doctorate"]);
    expect(job("Requirements\n- Must be licensed; D.O. or M.D. required").degrees).toEqual([{ level: "doctorate", strength: "must" }]);
  });

  it("reads a state's code after a place on an education line as the state", () => {
    expect(candidate("Education\nB.S. Biology, Johns Hopkins University, Baltimore, MD, 2012").level).toBe("bachelor");
    expect(candidate("Education\nB.A. History, Georgetown University, Washington, DC, 2014").level).toBe("bachelor");
    expect(candidate("Education\nBS Chemistry, Tufts University, Medford, MA, 2016").level).toBe("bachelor");
    // After a degree or a field the initials are still the degree.
    expect(candidate("Education\nBS, MS in Physics, University of Mississippi").level).toBe("master");
    expect(candidate("Education\nComputer Science, MS, Stanford University, 2018").level).toBe("master");
  });

  it("reads a state's code after a place without a comma, or before a ZIP code, as the state", () => {
    expect(candidate("Education\nBachelor of Science in Nursing, Towson University, Towson MD 2015").level).toBe("bachelor");
    expect(candidate("Education\nHoward University | Washington DC | BA Economics 2011").level).toBe("bachelor");
    expect(candidate("Education\nUniversity of Maryland, College Park MD\nB.S. Accounting, 2014").level).toBe("bachelor");
    expect(candidate("Education\nAssociate of Applied Science, Baltimore City Community College, Baltimore MD").level).toBe("associate");
    expect(candidate("Education\nB.S. Nursing, University of Maryland, College Park, MD 20742").level).toBe("bachelor");
    expect(candidate("Education\nCDL-A Training, Truck Driving School, Hagerstown MD, 2018").level).toBe("none");
    // Straight after a school's name or a field the initials are the degree.
    expect(candidate("Education\nHarvard Medical School MD 2010").level).toBe("doctorate");
    expect(candidate("Education\nPsychology MA, Boston University, 2014").level).toBe("master");
    expect(candidate("Education\nMD, Johns Hopkins University School of Medicine, 2011").level).toBe("doctorate");
  });

  it("reads a state's code before a field in lower case as the state in a posting", () => {
    expect(job("Requirements\n- Paralegal certificate; 2 years of litigation experience in a DC law firm").degrees).toEqual([]);
    expect(job("Requirements\n- 3 years in MD nursing homes").degrees).toEqual([]);
    // A field in capitals after the initials, or "in", is the degree's.
    expect(job("Requirements\n- MD Medicine required").degrees).toEqual([{ level: "doctorate", strength: "must" }]);
    expect(job("Requirements\n- MA in Counseling required").degrees).toEqual([{ level: "master", strength: "must" }]);
  });

  it("reads initials that mean other things on a résumé only beside education evidence", () => {
    expect(candidate("Skills\nMFA, SSO, Okta, Azure AD").level).toBe("none");
    expect(candidate("Experience\nCalibrated OD gauges and a DVM daily at Acme Machining").level).toBe("none");
    expect(candidate("Experience\nMigrated JD Edwards to SAP at Acme").level).toBe("none");
    expect(candidate("Experience\nShipped 3 LLM features at Acme").level).toBe("none");
  });
});

describe("credentials written after the name", () => {
  it("reads a degree after the name on the first line as the writer's", () => {
    const held = candidate("Ana Lima, DDS\nBoston, MA\n\nExperience\nGeneral Dentist, Aspen Dental, 2019 – Present");
    expect(held.level).toBe("doctorate");
    expect(held.fields.map((f) => f.name)).toEqual(["Dentistry"]);
    expect(candidate("Priya Nair, PharmD, RPh\nColumbus, OH").level).toBe("doctorate");
    expect(candidate("Robert Hale, MD | Baltimore, MD | robert@example.com").level).toBe("doctorate");
    expect(candidate("JANE DOE, RN, BSN\nAustin, TX").level).toBe("bachelor");
  });

  it("reads them after the name is masked for blind scoring", () => {
    const profile = analyseCandidate("Ana Lima, DDS\nBoston, MA\n\nExperience\nGeneral Dentist, Aspen Dental, 2019 – Present", ctx, NOW);
    expect(profile.education.level).toBe("doctorate");
    expect(analyseCandidate("Robert Hale\nBaltimore, MD\n\nExperience\nNurse, Acme Clinic, 2019 – Present", ctx, NOW).education.level).toBe("none");
  });

  it("reads no degree from a first line that is not a name with credentials, nor from a later line", () => {
    // A place after the name: Maryland, not a doctor of medicine.
    expect(candidate("Robert Hale | Baltimore, MD | robert@example.com").level).toBe("none");
    expect(candidate("Robert Hale\nBaltimore, MD").level).toBe("none");
    expect(candidate("Summary\nWorked with Robert Hale, MD on a clinical trial").level).toBe("none");
  });
});
