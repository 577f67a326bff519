import { describe, expect, it } from "vitest";
import { parseDocument } from "./document.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "./headings.ts";

const sections = (text: string) => parseDocument(text, RESUME_SECTIONS).lines.map((l) => [l.text, l.section, l.heading]);

describe("RESUME_SECTIONS: terse headings", () => {
  it("reads a tradesperson's terse headings: licences and cards, school, tools, languages", () => {
    const text = [
      "THANH NGUYEN — JW ELECTRICIAN",
      "LIC / CARDS",
      "TX Journeyman (TDLR) 2019 · OSHA 30 · NFPA 70E",
      "WORK",
      "Riverbend Electrical Constructors — JW / crew lead, 2019–now",
      "SCHOOL",
      "4-yr apprenticeship — South Texas Electrical Training Alliance, 2019",
      "TOOLS",
      "Full hand tool set + benders; own truck",
      "LANG",
      "English, Vietnamese",
    ].join("\n");
    expect(sections(text)).toEqual([
      ["THANH NGUYEN — JW ELECTRICIAN", "preamble", false],
      ["LIC / CARDS", "certifications", true],
      ["TX Journeyman (TDLR) 2019 · OSHA 30 · NFPA 70E", "certifications", false],
      ["WORK", "experience", true],
      ["Riverbend Electrical Constructors — JW / crew lead, 2019–now", "experience", false],
      ["SCHOOL", "education", true],
      ["4-yr apprenticeship — South Texas Electrical Training Alliance, 2019", "education", false],
      ["TOOLS", "skills", true],
      ["Full hand tool set + benders; own truck", "skills", false],
      ["LANG", "languages", true],
      ["English, Vietnamese", "languages", false],
    ]);
  });

  it("reads the clipped headings EXP and EDU, but not an inline 'Exp:' label", () => {
    const text = [
      "Tomasz Wierzbicki, PharmD, RPh",
      "EXP",
      "Staff RPh — Marigold Pharmacy #212, Strongsville OH — 2019–present",
      "EDU",
      "PharmD, Cuyahoga State Univ. College of Pharmacy, 2017",
      "LICENSES",
      "BLS (AHA), exp 2026-12",
      "Exp: 2027-03",
    ].join("\n");
    expect(sections(text)).toEqual([
      ["Tomasz Wierzbicki, PharmD, RPh", "preamble", false],
      ["EXP", "experience", true],
      ["Staff RPh — Marigold Pharmacy #212, Strongsville OH — 2019–present", "experience", false],
      ["EDU", "education", true],
      ["PharmD, Cuyahoga State Univ. College of Pharmacy, 2017", "education", false],
      ["LICENSES", "certifications", true],
      ["BLS (AHA), exp 2026-12", "certifications", false],
      ["Exp: 2027-03", "certifications", false],
    ]);
  });

  it("reads licence headings in the singular and by their usual names", () => {
    for (const heading of ["LICENSE STATUS", "Licensure", "Licence", "Credentials", "CERTS", "Licenses & Cards", "Licences & Exams", "LICENSES AND ENDORSEMENTS", "Professional Learning"]) {
      const doc = parseDocument(["Experience", "Teacher, 2019 – 2024", heading, "Oregon Preliminary Teaching License, 2025"].join("\n"), RESUME_SECTIONS);
      expect([heading, doc.lines[2]!.section, doc.lines[3]!.section]).toEqual([heading, "certifications", "certifications"]);
    }
  });

  it("reads first-person headings of a narrative résumé", () => {
    const text = [
      "Ngozi Eze",
      "Who I am",
      "A seller who listens.",
      "What I bring",
      "Seven years of net-new selling of cloud software to finance leaders.",
      "Where I've worked",
      "Trussbook · Salt Lake City, UT",
      "Territory Manager · March 2021 to present",
      "Where I have taught",
      "Hazel Dell Primary School",
    ].join("\n");
    expect(parseDocument(text, RESUME_SECTIONS).lines.map((l) => l.section)).toEqual([
      "preamble",
      "summary",
      "summary",
      "summary",
      "summary",
      "experience",
      "experience",
      "experience",
      "experience",
      "experience",
    ]);
  });

  it("reads a teacher's 'Teaching' heading and the miscellany closing a résumé", () => {
    const text = ["Teaching", "Grade 3 Teacher — Fircrest Elementary", "2022–present", "OTHER", "Own hand tools. Valid driver's license."].join("\n");
    expect(sections(text)).toEqual([
      ["Teaching", "experience", true],
      ["Grade 3 Teacher — Fircrest Elementary", "experience", false],
      ["2022–present", "experience", false],
      ["OTHER", "other", true],
      ["Own hand tools. Valid driver's license.", "other", false],
    ]);
  });

  it("does not read a title, an employer or a school ending in such a word as a heading", () => {
    const text = [
      "Experience",
      "Sales Associate",
      "Tools Inc.",
      "School Counselor",
      "Las Palmas Elementary School",
      "Brightgrid Software",
      "2019 – 2022",
    ].join("\n");
    expect(parseDocument(text, RESUME_SECTIONS).lines.map((l) => [l.section, l.heading])).toEqual([
      ["experience", true],
      ...Array.from({ length: 6 }, () => ["experience", false]),
    ]);
  });

  it("reads a travel or agency worker's 'assignments' and 'positions' headings as the work history", () => {
    const text = [
      "LICENSURE & CERTIFICATIONS",
      "ACLS, BLS — American Heart Association",
      "TRAVEL ASSIGNMENTS (through Horizon Clinical Staffing)",
      "Medical ICU, Lakeshore University Hospital — Jun 2024 – Present",
      "STAFF POSITIONS",
      "Registered Nurse, Cardiovascular ICU — Sonoran Heart Center",
      "Contract Assignments",
      "Previous Positions",
    ].join("\n");
    expect(sections(text).map(([, section, heading]) => [section, heading])).toEqual([
      ["certifications", true],
      ["certifications", false],
      ["experience", true],
      ["experience", false],
      ["experience", true],
      ["experience", false],
      ["experience", true],
      ["experience", true],
    ]);
    // A title or a sentence ending in the word is no heading.
    const lines = parseDocument(["Experience", "Coordinator, Staff Assignments", "Filled 40 open positions."].join("\n"), RESUME_SECTIONS).lines;
    expect(lines.map((l) => l.heading)).toEqual([true, false, false]);
  });

  it("does not read board, leadership or volunteer 'positions' and 'assignments' as the work history", () => {
    const text = [
      "COMMUNITY",
      "Board Positions",
      "Treasurer, Lincoln PTA 2019 – 2023",
      "Education",
      "B.A. History, Ohio State University, 2018",
      "Leadership Positions",
      "President, Debate Club 2015 – 2018",
      "Volunteering",
      "Volunteer Assignments",
      "Food bank sorter, Hope Pantry Jan 2020 – Sep 2020",
    ].join("\n");
    expect(sections(text).map(([, section, heading]) => [section, heading])).toEqual([
      ["activities", true],
      ["activities", false],
      ["activities", false],
      ["education", true],
      ["education", false],
      ["education", false],
      ["education", false],
      ["volunteering", true],
      ["volunteering", false],
      ["volunteering", false],
    ]);
  });

  it("reads 'Programs' on a line of its own as the software list, not as more of the last job", () => {
    const text = [
      "Northgate Insurance Services, Dayton, OH",
      "Claims Assistant — 2015 to 2017",
      "PROGRAMS",
      "Everlaw · OnCue · CompuLaw · iManage · Westlaw · Acrobat",
      "EDUCATION",
      "B.A., Criminal Justice — Great Miami University, 2015",
    ].join("\n");
    expect(sections(text).slice(2, 4)).toEqual([
      ["PROGRAMS", "skills", true],
      ["Everlaw · OnCue · CompuLaw · iManage · Westlaw · Acrobat", "skills", false],
    ]);
    // As an inline label, or ending a title ("Director of Youth Programs"), it heads nothing.
    expect(parseDocument("Experience\nDirector of Youth Programs, 2019–2024\nPrograms: after-school tutoring, summer camp", RESUME_SECTIONS).lines.map((l) => [l.section, l.heading])).toEqual([
      ["experience", true],
      ["experience", false],
      ["experience", false],
    ]);
  });

  it("reads a terse heading only on a line of its own: as an inline label it names a group within the section", () => {
    const text = ["Skills", "Frameworks: Django, Flask", "Other: Git, Docker", "Software: Excel, NetSuite", "Note: relocating in May"].join("\n");
    expect(parseDocument(text, RESUME_SECTIONS).lines.map((l) => l.section)).toEqual(["skills", "skills", "skills", "skills", "skills"]);
    expect(parseDocument("Skills\nGo, SQL\nLicense: Texas Journeyman Electrician", RESUME_SECTIONS).lines[2]!.section).toBe("certifications");
  });

  it("leaves posting headings alone: 'School' or 'Other' do not head a posting's sections", () => {
    const doc = parseDocument(["Requirements", "- Ohio teaching license", "School", "- Grades K–5"].join("\n"), JOB_SECTIONS);
    expect(doc.lines.map((l) => l.section)).toEqual(["requirements", "requirements", "requirements", "requirements"]);
  });
});

describe("JOB_SECTIONS", () => {
  const jobSections = (text: string) => parseDocument(text, JOB_SECTIONS).lines.filter((l) => l.heading).map((l) => [l.text, l.section]);

  it("reads the headings of preferred extras, a shift's duties, pay and how to apply, also as longer phrases", () => {
    const text = [
      "In a typical shift you will:",
      "- titrate infusions",
      "It would be a plus if you have:",
      "- SHRM-CP",
      "Schedule and pay",
      "Monday to Friday, $60,000",
      "The details",
      "Salary $64,000 plus bonus",
      "HOW TO APPLY",
      "Send a résumé",
    ].join("\n");
    expect(jobSections(text)).toEqual([
      ["In a typical shift you will:", "responsibilities"],
      ["It would be a plus if you have:", "preferred"],
      ["Schedule and pay", "benefits"],
      ["The details", "benefits"],
      ["HOW TO APPLY", "other"],
    ]);
  });

  it("reads a header field as a label, not a section: 'Schedule: Full-time' heads nothing", () => {
    const doc = parseDocument("Registered Nurse\nSchedule: Full-time, nights\nCandidates must hold an RN license.", JOB_SECTIONS);
    expect(doc.lines.map((l) => l.section)).toEqual(["preamble", "preamble", "preamble"]);
  });

  it("reads the employer's description under a law firm's, agency's or practice's 'About the firm' heading", () => {
    const text = [
      "Litigation Paralegal",
      "About the firm",
      "A 75-attorney business law firm with offices in Columbus and Cincinnati.",
      "About the practice",
      "Three dentists and a hygiene team of six.",
      "Responsibilities",
      "- Draft discovery requests",
    ].join("\n");
    expect(jobSections(text)).toEqual([
      ["About the firm", "about"],
      ["About the practice", "about"],
      ["Responsibilities", "responsibilities"],
    ]);
    // A firm named in a sentence, or a duty about firm work, heads nothing.
    expect(jobSections("Litigation Paralegal\nJoin the firm as our second paralegal\n- About the firm's clients: draft letters")).toEqual([]);
  });

  it("reads a long line as a heading only when the vocabulary lists it word for word", () => {
    expect(jobSections("It would be a plus if you have the following:\n- SQL")).toEqual([]);
    expect(jobSections("Seven words here about our great team\n- SQL")).toEqual([]);
  });
});
