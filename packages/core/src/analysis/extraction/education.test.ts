import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../catalogue/build.ts";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { EDUCATION_LEVELS, educationRank } from "../lexicon/education.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "../text/headings.ts";
import { extractCandidateEducation, extractJobEducation, findInstitution } from "./education.ts";
import { scanText } from "./scan.ts";

const ctx = fixtureContext();
const NOW = new Date(Date.UTC(2025, 5, 15));
const candidate = (text: string) => extractCandidateEducation(scanText(text, RESUME_SECTIONS, ctx.catalogue), NOW).education;
const job = (text: string) => extractJobEducation(scanText(text, JOB_SECTIONS, ctx.catalogue));

describe("education ladder", () => {
  it("orders none < secondary < vocational < associate < bachelor < master < doctorate", () => {
    expect(EDUCATION_LEVELS).toEqual(["none", "secondary", "vocational", "associate", "bachelor", "master", "doctorate"]);
    expect(educationRank("master")).toBeGreaterThan(educationRank("bachelor"));
  });

  it.each([
    ["Education\nHigh school diploma, Lincoln High School", "secondary"],
    ["Education\nVocational diploma in carpentry", "vocational"],
    // A journeyman's or journeywoman's card is a completed trade training alike.
    ["Education\nJourneyman card, IBEW Local 46, 2016", "vocational"],
    ["Education\nJourneywoman card, IBEW Local 46, 2016", "vocational"],
    ["Education\nAssociate degree in Nursing", "associate"],
    ["Education\nB.Sc. in Physics, University of Leeds", "bachelor"],
    ["Education\nBachelor's degree in History", "bachelor"],
    ["Education\nMaster of Science in Statistics", "master"],
    ["Education\nMBA, INSEAD", "master"],
    ["Education\nPh.D. in Chemistry", "doctorate"],
    ["Experience\nAccountant at Acme", "none"],
  ])("reads %j as %s", (text, level) => {
    expect(candidate(text).level).toBe(level);
  });

  it("takes the highest completed degree", () => {
    expect(candidate("Education\nBSc Physics, 2010 – 2013\nMSc Physics, 2013 – 2015").level).toBe("master");
  });
});

describe("candidate education", () => {
  it("keeps field and institution, from the line or the line next to it", () => {
    const edu = candidate("Education\nM.S. in Computer Science\nStanford University\n1997 – 1999");
    expect(edu.level).toBe("master");
    expect(edu.fields.map((f) => f.name)).toEqual(["Computer Science"]);
    expect(edu.degrees[0]!.institution).toBe("Stanford University");
    expect(edu.degrees[0]!.evidence.snippet).toBe("M.S. in Computer Science\nStanford University");
  });

  it("does not read 'MS Office' or 'BA' the airline as degrees, but does read 'MS in …'", () => {
    expect(candidate("Skills\nMS Office, MS Excel").level).toBe("none");
    expect(candidate("Experience\nFlew BA to London").level).toBe("none");
    expect(candidate("Summary\nMS in Computer Science").level).toBe("master");
    expect(candidate("Summary\nBS/MS in Computer Science").level).toBe("master");
  });

  it("does not read the initials of a product beside a field's name as a degree", () => {
    expect(candidate("Skills\nBookkeeping, accounting, MS Excel").level).toBe("none");
    expect(candidate("Skills\nFinance, MS Excel").level).toBe("none");
    // A degree by its initials next to its field stays one.
    expect(candidate("Skills\nProject management (MS in Management, 2019)").level).toBe("master");
  });

  it("reads product initials on an education line that names a school as the degree", () => {
    const withProject = new Catalogue(
      buildCatalogue(
        [{ path: "s.json", content: { skills: [{ name: "Microsoft Project", type: "Specialized Skill", aliases: ["MS Project"] }] } }],
        "test",
      ),
    );
    const read = (text: string) => extractCandidateEducation(scanText(text, RESUME_SECTIONS, withProject), NOW).education.level;
    expect(read("Education\nMS Project Management, Northeastern University, 2019")).toBe("master");
    // The product stays the product where it is listed as a tool, in the skills or the education section.
    expect(read("Skills\nMS Project, Excel, Smartsheet")).toBe("none");
    expect(read("Education\nCoursework: MS Project, scheduling, cost control")).toBe("none");
  });

  it("ignores degrees in job descriptions unless an institution or field is named", () => {
    expect(candidate("Experience\nTaught Master's students").level).toBe("none");
    expect(candidate("Experience\nMaster's in Mathematics, University of Bonn").level).toBe("master");
  });

  it("does not count a degree in progress towards the level", () => {
    const edu = candidate("Education\nBachelor of Arts, expected May 2026\nKent State University");
    expect(edu.level).toBe("none");
    expect(edu.inProgressLevel).toBe("bachelor");
    expect(candidate("Education\nPhD in Physics, 2021 – 2027").inProgressLevel).toBe("doctorate");
  });

  it("reads coursework or credits toward a degree as the degree unfinished, not held", () => {
    const partial = candidate(
      "Education\nCulinary Arts Certificate — Columbia River Culinary Institute, 2019\nCoursework toward B.S. in Business (online), Cascade Pacific University — 30 credits completed",
    );
    expect(partial.level).not.toBe("bachelor");
    expect(partial.inProgressLevel).toBe("bachelor");
    expect(candidate("Education\nBachelor of Arts in History (incomplete), Ohio State University").inProgressLevel).toBe("bachelor");
    // A degree finished is still held, whatever the credits: "completed" alone says nothing unfinished.
    expect(candidate("Education\nB.S. in Business Administration, Cascade Pacific University, 2014 — 120 credits completed").level).toBe("bachelor");
  });

  it("gives a word of an unfinished degree to the degree nearest to it, not to every degree of the line", () => {
    const ged = candidate("Education\nGED, 2014. Some coursework toward an associate degree in business at Joliet Prairie Community College.");
    expect(ged.level).toBe("secondary");
    expect(ged.inProgressLevel).toBe("associate");
    const nurse = candidate("Education\nBSN, Drexel University, 2016; MSN, Villanova University (in progress)");
    expect(nurse.level).toBe("bachelor");
    expect(nurse.inProgressLevel).toBe("master");
    // Still the degree's own when written after it in a sentence of its own.
    expect(candidate("Education\nBachelor of Science in Biology, Kent State University. In progress.").level).toBe("none");
  });

  it("gives a word of an unfinished degree to a degree of its own clause, whatever the field or school between", () => {
    // A field between the degree and "(in progress)" once handed the cue to the next degree: a master's held.
    const biology = candidate("Education\nM.S. Biology (in progress); B.S. Biology, 2015");
    expect([biology.level, biology.inProgressLevel]).toEqual(["bachelor", "master"]);
    const msn = candidate("Education\nMSN Nursing Education, in progress, BSN 2016");
    expect([msn.level, msn.inProgressLevel]).toEqual(["bachelor", "master"]);
    // The level and the degrees agree: an associate degree named twice in one clause is one degree, unfinished.
    const welding = candidate(
      "Education\nWelding certificate program (expected 2027); Associate degree coursework toward A.A.S., 24 credits",
    );
    expect([welding.level, welding.inProgressLevel]).toEqual(["none", "associate"]);
    expect(welding.degrees.map((d) => [d.level, d.inProgress])).toEqual([["associate", true]]);
    // A degree finished stays held beside one that is not, in either order.
    const held = candidate("Education\nB.S. Biology, Ohio State University, 2015; M.S. Biology, Kent State University (in progress)");
    expect([held.level, held.inProgressLevel]).toEqual(["bachelor", "master"]);
    const pursuing = candidate("Education\nB.S. Biology, 2015, pursuing M.S. Biology at Kent State University");
    expect([pursuing.level, pursuing.inProgressLevel]).toEqual(["bachelor", "master"]);
  });

  it("cuts a line of thousands of degrees and cues into clauses in linear time", () => {
    const text = "Education\n" + "M.S. Biology (in progress), B.S. Biology, 2015; ".repeat(2100);
    expect(text.length).toBeGreaterThan(100_000);
    const started = performance.now();
    const edu = candidate(text);
    expect(performance.now() - started).toBeLessThan(2000);
    expect([edu.level, edu.inProgressLevel]).toEqual(["bachelor", "master"]);
  });

  it("reads a degree the sentence says is still being earned as in progress", () => {
    // A summary naming a field ("English/Spanish") makes the degree count, but "completing" says it is not held yet.
    const summary = candidate(
      "Summary\nBilingual (English/Spanish) HR Coordinator. Completing my bachelor's degree and preparing for the SHRM-CP exam.\n" +
        "Education\nAssociate of Applied Science, Business Management, Scioto River Community College, 2020",
    );
    expect([summary.level, summary.inProgressLevel]).toEqual(["associate", "bachelor"]);
    expect(candidate("Education\nCurrently finishing a B.S. in Accounting, Ohio State University").inProgressLevel).toBe("bachelor");
    expect(candidate("Education\nWorking toward my BSN, Temple University").level).toBe("none");
    expect(candidate("Summary\nStaff accountant studying for an MBA in Finance at Drexel University").level).toBe("none");
  });

  it("keeps a degree held when the verb tells what came after it, or the degree was completed", () => {
    expect(candidate("Summary\nAfter completing my bachelor's degree in Psychology in 2015 I joined a staffing firm.").level).toBe(
      "bachelor",
    );
    expect(candidate("Education\nCompleted a Bachelor of Science in Nursing, Temple University, 2019").level).toBe("bachelor");
    expect(candidate("Education\nBachelor of Science in Nursing, Temple University, 2019 (completing CCRN review)").level).toBe(
      "bachelor",
    );
  });

  it("reads the whole clause before the verb, and a past year, as a degree held (review of the in-progress rule)", () => {
    for (const held of [
      "Summary\nAfter successfully completing my bachelor's degree in Psychology in 2015 I joined a staffing firm.",
      "Summary\nRegistered nurse, 8 years, since successfully completing my BSN at Temple University.",
      "Summary\nAfter passing the NCLEX and completing my BSN at Temple University in 2019, I worked in the ICU.",
      "Summary\nFinishing my Bachelor of Science in Accounting at DePaul University in 2014, I moved to Chicago.",
    ]) {
      expect(candidate(held).level, held).toBe("bachelor");
    }
    // What must not change: a degree still being earned, with an expected year or none, or a year in another sentence.
    expect(candidate("Summary\nStaff accountant since 2018, currently completing my MBA in Finance at Drexel University, expected 2027.").inProgressLevel).toBe("master");
    expect(candidate("Summary\nStaff accountant since 2018. Completing my MBA in Finance at Drexel University.").inProgressLevel).toBe("master");
    expect(candidate("Summary\nI work on weekends while completing my BSN at Temple University.").level).toBe("none");
  });

  it("keeps a degree in progress when its past year is the year it began (review of the year test)", () => {
    // A start word before the year, or a range it opens, makes it the year the study began: "meets Master's required" was wrong.
    for (const studying of [
      "Education\nCompleting my MBA at Kent State University, started 2024",
      "Education\nCompleting my MBA at Kent State University since 2024",
      "Summary\nCompleting my MBA at Kent State University, enrolled in 2024.",
      "Summary\nCompleting my MBA at Kent State University (in 2024 – ), evenings.",
    ]) {
      const e = candidate(studying);
      expect([e.level, e.inProgressLevel], studying).toEqual(["none", "master"]);
    }
    // What must still be read as held: the year of completion, attached to the degree, with the sentence going on in the past.
    expect(candidate("Summary\nFinishing my Bachelor of Science in Accounting at DePaul University in 2014, I moved to Chicago.").level).toBe("bachelor");
    expect(candidate("Summary\nCompleting my BSN at Temple University, 2019, I worked in the ICU for five years.").level).toBe("bachelor");
  });

  it("reads the clause before a studying verb in linear time", () => {
    const long = "Summary\n" + "after and ".repeat(10_000) + "completing my BSN at Temple University.";
    const t0 = performance.now();
    candidate(long);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("finds institutions by name pattern", () => {
    expect(findInstitution("M.Sc. Computer Science, Technical University of Munich, 2014")).toBe("Technical University of Munich");
    expect(findInstitution("University of California, Berkeley")).toBe("University of California");
    expect(findInstitution("Worked at a school")).toBeNull();
  });

  it("reads a name joined by 'and' after 'of' whole, and leaves a degree written before the name out of it", () => {
    expect(findInstitution("KAIST(Korea Institute of Science and Technology) Daejeon")).toBe("Korea Institute of Science and Technology");
    expect(findInstitution("London School of Economics and Political Science, 2012")).toBe("London School of Economics and Political Science");
    expect(findInstitution("Dean's list, University of Leeds and two prizes")).toBe("University of Leeds");
    expect(findInstitution("PhD Rutgers University, Physics")).toBe("Rutgers University");
    expect(findInstitution("M.Sc. Delft University of Technology")).toBe("Delft University of Technology");
    expect(findInstitution("Boston College")).toBe("Boston College");
  });

  it("cuts a city run onto the institution's name where a region follows it, and only there", () => {
    expect(findInstitution("• Georgia Institute of Technology Atlanta, GA")).toBe("Georgia Institute of Technology");
    expect(findInstitution("University of Colorado Boulder Boulder, Colorado")).toBe("University of Colorado Boulder");
    expect(findInstitution("Birla Institute of Technology and Science Pilani, India")).toBe("Birla Institute of Technology and Science");
    // Without a region after it, a city closing the name is the name's.
    expect(findInstitution("University of California Los Angeles")).toBe("University of California Los Angeles");
    expect(findInstitution("Kent State University Kent, Ohio")).toBe("Kent State University");
  });

  it("reads a narrow entry with the degree, field and institution on lines of their own", () => {
    const edu = candidate("Education\nB.S.\nChemistry\nOakridge State University\nAugust 2010 - May 2014\nM.A.\nAnn Arbor, MI");
    const bachelor = edu.degrees.find((d) => d.level === "bachelor")!;
    expect(bachelor.fields.map((f) => f.name)).toEqual(["Chemistry"]);
    expect(bachelor.institution).toBe("Oakridge State University");
    expect(bachelor.evidence.snippet).toBe("B.S.\nChemistry\nOakridge State University");
    // The master's names no field or institution of its own, and takes none from the entry above.
    const master = edu.degrees.find((d) => d.level === "master")!;
    expect([master.fields, master.institution]).toEqual([[], null]);
  });

  it("takes a field from the line below only when that line names little else", () => {
    const edu = candidate("Education\nBachelor of Arts, Hillcrest College\nTutored first-year students in Chemistry");
    expect(edu.degrees[0]!.fields).toEqual([]);
    const major = candidate("Education\nBachelor of Arts, Hillcrest College\nMajoring in Chemistry");
    expect(major.degrees[0]!.fields.map((f) => f.name)).toEqual(["Chemistry"]);
  });

  it("does not read a degree that names an award or fellowship as a degree held", () => {
    const edu = candidate(
      "Education\nBSc in Physics, University of Leeds\nAwards\nGoogle PhD Fellowship in Physics (2020)\nMaster's Scholarship, University of Leeds",
    );
    expect(edu.degrees.map((d) => d.level)).toEqual(["bachelor"]);
    expect(edu.level).toBe("bachelor");
  });
});

describe("pharmacy degrees", () => {
  it.each([
    ["Education\nPharmD, Cuyahoga State Univ. College of Pharmacy, 2017", "doctorate"],
    ["Education\nPharm.D., The Ohio State University, 2016", "doctorate"],
    ["Education\nDoctor of Pharmacy, University of Toledo, 2019", "doctorate"],
    ["Education\nB.S. Pharm, Olentangy University, 1998", "bachelor"],
    ["Education\nB.Pharm, University of Santo Tomas, 2014", "bachelor"],
  ])("reads %j as %s in pharmacy", (text, level) => {
    const education = candidate(text);
    expect([education.level, education.degrees[0]?.fields.map((f) => f.name)]).toEqual([level, ["Pharmacy"]]);
  });

  it("does not count a PharmD still in progress, nor read a pharmacy technician certificate as a degree in pharmacy", () => {
    expect(candidate("Education\nDoctor of Pharmacy Candidate, Maumee River University, expected May 2028").level).toBe("none");
    expect(candidate("Education\nPharmacy Technician Certificate, Columbus State, 2019").level).not.toBe("doctorate");
  });

  it("reads the PharmD-or-BS requirement of a posting at its lower degree", () => {
    const req = job("Required qualifications\nDoctor of Pharmacy (PharmD) or B.S. in Pharmacy from an ACPE-accredited college of pharmacy.");
    expect(req?.degrees.map((d) => d.level)).toEqual(["bachelor"]);
  });
});

describe("job education requirements", () => {
  it("takes the lowest degree of a sentence, with fields, related fields and equivalent experience", () => {
    const req = job(
      "Requirements\n- Bachelor's or Master's degree in Computer Science, Mathematics or a related field, or equivalent experience",
    );
    expect(req.degrees).toEqual([{ level: "bachelor", strength: "must" }]);
    expect(req.fields?.fields.map((f) => f.name)).toEqual(["Computer Science", "Mathematics"]);
    expect(req.fields?.relatedAccepted).toBe(true);
    expect(req.equivalentExperience).toBe(true);
  });

  it("reads equivalent experience accepted on the next line of a hard-wrapped sentence", () => {
    const wrapped = job(
      "What we're looking for\nA bachelor's degree in Human Resources, Business, Psychology or a related field is expected, though substantial equivalent\nexperience will be considered. You need judgement.",
    );
    expect(wrapped.degrees).toEqual([{ level: "bachelor", strength: "must" }]);
    expect(wrapped.equivalentExperience).toBe(true);
    // A sentence that ends on its line does not borrow the next one's words, nor does a line of another section.
    expect(job("Requirements\nA bachelor's degree in Business is required.\nEquivalent experience in sales is a plus.").equivalentExperience).toBe(false);
    expect(job("Requirements\nA bachelor's degree in Business is required and\nBenefits\nequivalent experience").equivalentExperience).toBe(false);
  });

  it("keeps a higher nice-to-have degree next to the required one", () => {
    const req = job("BS in Computer Science required. PhD preferred.");
    expect(req.degrees).toEqual([
      { level: "bachelor", strength: "must" },
      { level: "doctorate", strength: "nice" },
    ]);
  });

  it("reads a bare 'degree' as a bachelor's, unless the sentence names a specific degree", () => {
    expect(job("A degree in Economics is required.").degrees).toEqual([{ level: "bachelor", strength: "must" }]);
    expect(job("PhD degree in Physics required.").degrees).toEqual([{ level: "doctorate", strength: "must" }]);
    expect(job("About us\nWe look at problems from 360 degrees.").degrees).toEqual([]);
  });

  it("ignores fields named outside degree sentences", () => {
    expect(job("Requirements\n- Experience in Computer Science research").fields).toBeNull();
  });
});

describe("job education: fields by the firmness of their sentence", () => {
  const job = (text: string) => extractJobEducation(scanText(text, JOB_SECTIONS, fixtureContext().catalogue));

  it("does not make a field named only with a preferred degree a must", () => {
    const edu = job("Qualifications\n1. Bachelor's degree from an accredited college or university\n2. Master's degree in Education is desirable");
    expect(edu.degrees).toEqual([{ level: "bachelor", strength: "must" }, { level: "master", strength: "nice" }]);
    expect(edu.fields).toMatchObject({ fields: [{ name: "Education" }], strength: "nice" });
  });

  it("keeps the fields of the required degree and leaves those of a preferred one out", () => {
    const edu = job("Minimum Qualifications\n- Bachelor's degree in Finance or Economics\nPreferred Qualifications\n- Master's degree in Education");
    expect(edu.fields?.strength).toBe("must");
    expect(edu.fields?.fields.map((f) => f.name)).toEqual(["Finance", "Economics"]);
  });

  it("accepts a comparable field as a related one", () => {
    const edu = job("Your profile\n- Degree in Computer Science, Mathematics or a comparable field");
    expect(edu.fields).toMatchObject({ strength: "must", relatedAccepted: true });
  });
});

describe("high-school diplomas", () => {
  it.each([
    "Education\nHS diploma 2014",
    "Education\nH.S. Diploma, Central High, 2010",
    "Education\nGED, 2012",
    "Education\nGED diploma, 2012",
    "Education\nHigh School Equivalency Diploma, 2012",
    "Education\nDiploma, Booker Hill High School, 2016",
    "Education\nLincoln High School — Diploma, 2010",
  ])("reads %j as the secondary diploma, not a vocational one", (text) => {
    const edu = candidate(text);
    expect(edu.level).toBe("secondary");
    expect(edu.degrees.map((d) => d.level)).toEqual(["secondary"]);
  });

  it("keeps a diploma from a culinary or nursing school vocational", () => {
    expect(candidate("Education\nDiploma in Pastry Arts, Lake Michigan Culinary Institute, Chicago, 2019").level).toBe("vocational");
    expect(candidate("Education\nDiploma in Practical Nursing, 2015").level).toBe("vocational");
    expect(candidate("Education\nAMI Elementary Diploma (6–12), Montessori Institute of the Northwest, 2020").level).toBe("vocational");
    // A diploma and a high school in different entries of one line stay two.
    expect(candidate("Education\nHigh school diploma, 2010. Diploma in Welding, 2012").degrees.map((d) => d.level)).toEqual(["vocational", "secondary"]);
  });

  it("reads a posting's 'HS diploma or equivalent' as a secondary requirement", () => {
    expect(job("Requirements\n- HS diploma or equivalent").degrees).toEqual([{ level: "secondary", strength: "must" }]);
  });

  it("does not take the kind of school written before a diploma for the school's name", () => {
    expect(findInstitution("High School Diploma - Lanier Heights High School, San Antonio, TX, 2016")).toBe("Lanier Heights High School");
    expect(findInstitution("High School Equivalency Diploma, 2012")).toBeNull();
    expect(findInstitution("Lincoln High School, 2010")).toBe("Lincoln High School");
  });
});

describe("a high school someone worked at (issue 4 audit)", () => {
  const lines = (text: string) => extractCandidateEducation(scanText(text, RESUME_SECTIONS, ctx.catalogue), NOW).lines;

  it("reads a high school named in a work entry as the workplace, not a diploma", () => {
    const text = "Teaching Experience\nSocial Studies Teacher, Worthington Ridge High School, Worthington, OH — 2014 to 2024";
    expect(candidate(text).degrees).toEqual([]);
    expect(lines(text).size).toBe(0);
    expect(candidate("Experience\nMaple Ridge High School, Skokie, IL — Chemistry Teacher, 2013 to 2024").degrees).toEqual([]);
  });

  it("reads a line naming thousands of high schools in linear time (review)", () => {
    // The line was scanned whole for a range and a role once per school's name: 1.1 s at 100,000 characters.
    const long = ("Pat Lee\nExperience\n" + "Taught at Lincoln High School, ".repeat(4000)).slice(0, 100_000);
    const t0 = performance.now();
    candidate(long);
    expect(performance.now() - t0).toBeLessThan(2000);
    // What must not change: a role anywhere before the school's name on the line, or a range anywhere on it.
    expect(candidate(`Experience\nMath Teacher ${"and mentor ".repeat(20)}at Westside High School, Omaha, NE`).degrees).toEqual([]);
    expect(candidate(`Experience\nWestside High School, Omaha, NE ${"x ".repeat(60)}2015 to 2020`).degrees).toEqual([]);
  });

  it("keeps a diploma, and a high school in the education section, the writer's schooling", () => {
    expect(candidate("Experience\nLincoln High School Diploma, 2010").level).toBe("secondary");
    expect(candidate("Experience\nGraduated from Lincoln High School, 2010").level).toBe("secondary");
    expect(candidate("Education\nLincoln High School, Springfield, IL, 2010").level).toBe("secondary");
  });

  it("keeps a high school with a single year and no role the writer's schooling, under any heading (review)", () => {
    expect(candidate("EXPERIENCE\nCashier, Kroger, 2019 – 2021\nLincoln High School, Springfield, IL, 2010").level).toBe("secondary");
    expect(candidate("WORK HISTORY\nWarehouse Associate, Amazon, 2019 – 2021\nRoosevelt High School, Dayton, OH, June 2012").level).toBe(
      "secondary",
    );
    expect(candidate("EXPERIENCE\nCashier, Kroger, 2019 – 2021\nWestside High School, 2010; class president; coached by Coach Smith").level).toBe(
      "secondary",
    );
    // What must not change: a school with a job's range, or a staff role beside it or on its entry's undated line.
    expect(candidate("EXPERIENCE\nCustodian, Westside High School, Omaha, NE, 2015 – 2020").degrees).toEqual([]);
    expect(candidate("EXPERIENCE\nWestside High School, Omaha, NE\nMath Teacher\nAug 2015 – Jun 2020").degrees).toEqual([]);
    expect(candidate("EXPERIENCE\nWestside High School — Math Teacher (2015)").degrees).toEqual([]);
  });
});

describe("apprenticeships and trade schools", () => {
  it("knows training centres, training alliances and JATCs by name", () => {
    expect(findInstitution("4-yr apprenticeship — South Texas Electrical Training Alliance, 2019")).toBe("South Texas Electrical Training Alliance");
    expect(findInstitution("Evening classes — Alamo Trades Training Center, 2022")).toBe("Alamo Trades Training Center");
    expect(findInstitution("Four-year apprenticeship, Hill Country Electrical JATC, 2009")).toBe("Hill Country Electrical JATC");
    expect(findInstitution("Electrical apprenticeship program — Tulsa Trades Institute, 2020")).toBe("Tulsa Trades Institute");
    expect(findInstitution("Ran the crew's weekly training at the yard")).toBeNull();
  });

  it("reads a completed apprenticeship at a named training centre as vocational, under any heading", () => {
    const edu = candidate("Work\nApprentice, 2015 – 2019\n4-yr apprenticeship — South Texas Electrical Training Alliance, 2019");
    expect(edu.level).toBe("vocational");
    expect(edu.degrees[0]!.institution).toBe("South Texas Electrical Training Alliance");
    expect(candidate("Education\nCompleted IBEW/NECA inside wireman apprenticeship").level).toBe("vocational");
    // Teaching apprentices is not an apprenticeship.
    expect(candidate("Experience\nTrained apprentices at the Alamo Trades Training Center").level).toBe("none");
  });

  it("reads a trade programme named by its school alone as vocational, on an education line only", () => {
    const edu = candidate("Education\nElectrical program — Alamo Trades Training Center, 2021");
    expect(edu.degrees).toMatchObject([{ level: "vocational", institution: "Alamo Trades Training Center" }]);
    expect(candidate("Experience\nInstructor — Alamo Trades Training Center, 2019 – 2021").level).toBe("none");
    // The school line of a degree's entry is that degree's school, not a programme of its own.
    const aas = candidate("Education\nAssociate of Applied Science, Electrical Technology\nLone Star Trades Institute, 2019");
    expect(aas.degrees.map((d) => d.level)).toEqual(["associate"]);
  });

  it("reads vocational qualifications listed with licences, but not a licence whose name holds the word", () => {
    expect(candidate("Licenses & Certifications\nCompleted IBEW/NECA inside wireman apprenticeship (2019)").level).toBe("vocational");
    expect(candidate("Certifications\nNVQ Level 3 Electrotechnical Services").level).toBe("vocational");
    expect(candidate("Licenses & Certifications\nJourneyman Electrician License, Texas (2021)").level).toBe("none");
    expect(candidate("Certifications\nCPR certificate").level).toBe("none");
  });

  it("takes the dates of the entry's next lines for a degree line without a year", () => {
    const edu = candidate("Certifications\nEvening apprenticeship program, year\n4 of 4 — San Antonio Electrical Training Center (2023 – 2027)");
    expect([edu.level, edu.inProgressLevel]).toEqual(["none", "vocational"]);
    // A line with a year of its own keeps it: the next entry's dates are not the degree's.
    const done = candidate("Education\nElectrical apprenticeship, 2019\nOnline course: Solar PV design (2025 – 2027)");
    expect(done.level).toBe("vocational");
  });
});

describe("more qualification names", () => {
  it("reads Certificate II–IV, A.A.S. and M.Ed.", () => {
    expect(candidate("Education\nCertificate III in Commercial Cookery, 2015").level).toBe("vocational");
    expect(candidate("Education\nA.A.S. Culinary Arts, City Harbor College, Chicago, 2016").level).toBe("associate");
    const med = candidate("Education\nM.Ed., Curriculum and Instruction, Lakeview University, 2013");
    expect(med.level).toBe("master");
    expect(med.fields.map((f) => f.name)).toContain("Education");
  });

  it("reads 'Associate in Applied Science' (and in Arts, in Science) as an associate degree, wrapped or not", () => {
    expect(candidate("Education\nAssociate in Applied Science, Business Management, Three Rivers Community College, 2016").level).toBe("associate");
    expect(candidate("School\nAssociate in Applied Science, Business\nManagement, Three Rivers Community\nCollege, 2016.").level).toBe("associate");
    expect(candidate("Education\nAssociate in Arts, Harper College, 2012").level).toBe("associate");
    // A job title with "Associate in" is no degree.
    expect(candidate("Experience\nSales Associate in the footwear department, Macy's, 2019 – 2021").level).toBe("none");
  });

  it("does not read ordinary words or a certificate without a school as degrees", () => {
    expect(candidate("Experience\nMed-surg floor nurse, Lakeview Hospital").level).toBe("none");
    expect(candidate("Education\nCPR certificate, 2024").level).toBe("none");
    expect(candidate("Experience\nCertificate I received from the mayor").level).toBe("none");
  });
});

describe("a degree requirement wrapped onto the next line", () => {
  it("keeps the equivalent-experience clause the wrap carried over", () => {
    const req = job(
      "You have\n- Bachelor's degree in a quantitative field (statistics, math, economics, etc.) or\n  equivalent experience.\n- Strong SQL",
    );
    expect(req.equivalentExperience).toBe(true);
  });

  it("does not take the next line's clause when the degree's sentence closed or the next line starts anew", () => {
    expect(job("You have\n- Bachelor's degree in Statistics.\n- Equivalent experience with SQL dashboards").equivalentExperience).toBe(false);
    expect(job("You have\n- Bachelor's degree in Statistics\n- 3 years of equivalent experience in analytics").equivalentExperience).toBe(false);
  });
});

describe("nursing degrees by their initials", () => {
  it("reads ADN, BSN, MSN and DNP in postings and résumés, with nursing as the field", () => {
    const req = job("Required:\n- Graduate of an accredited nursing program (ADN or BSN)");
    expect(req.degrees).toEqual([{ level: "associate", strength: "must" }]);
    expect(req.fields?.fields.map((f) => f.name)).toEqual(["Nursing"]);
    const held = candidate("Education\nBSN, Drexel University, 2016\nMSN, Villanova University (in progress, expected 2026)");
    expect(held.level).toBe("bachelor");
    expect(held.inProgressLevel).toBe("master");
    expect(held.fields.map((f) => f.name)).toEqual(["Nursing"]);
  });

  it("does not read a protocol's initials as a nursing doctorate", () => {
    expect(job("Requirements\n- Experience with Modbus and DNP 3.0").degrees).toEqual([]);
  });

  it("does not take a next programme's dates for a finished degree's", () => {
    const held = candidate("Education\nBachelor of Science, Biology\nUniversity of Iowa\nTeaching credential program, 2026 – 2028");
    expect(held.level).toBe("bachelor");
  });

  it("reads the initials that mean other things too only beside other education evidence", () => {
    expect(candidate("Experience\nRouted BGP for our ASN at Acme").level).toBe("none");
    expect(candidate("Skills\nMSN Messenger, Hotmail").level).toBe("none");
    expect(candidate("Education\nASN, Lakeshore Community College, 2014").level).toBe("associate");
  });
});

describe("a degree that prepared its holder to teach", () => {
  it("reads Education as its field, whatever the major", () => {
    const held = candidate("Education\nBachelor of Arts in Liberal Studies with teacher licensure (elementary), Portland Metro University, 2018");
    expect(held.level).toBe("bachelor");
    expect(held.fields.map((f) => f.name)).toContain("Education");
    expect(candidate("Education\nB.A. History, Reed College, 2015").fields.map((f) => f.name)).not.toContain("Education");
  });
});

describe("a posting's licence is no degree requirement", () => {
  it("reads no degree from a journeyman licence or the journeyman level of the job", () => {
    expect(job("Licensed Commercial Electrician (Journeyman)\nRequirements\n- Active Texas Journeyman Electrician License (TDLR)").degrees).toEqual([]);
  });

  it("still reads the training a posting asks for", () => {
    expect(job("Requirements\n- Completed apprenticeship and an active Journeyman License").degrees).toEqual([
      { level: "vocational", strength: "must" },
    ]);
  });
});

describe("engineering degrees by their initials", () => {
  it("reads BSME, MSME, BSEE and BSCS with the field they name", () => {
    const held = candidate("Education\nBSME, Lakeshore Institute of Technology (ABET accredited), 2018");
    expect(held.level).toBe("bachelor");
    expect(held.fields.map((f) => f.name)).toEqual(["Mechanical Engineering"]);
    const dotted = candidate("Education\nB.S.M.E., Western Lakes University, 2016\nM.S.E.E., Purdue University, 2019");
    expect(dotted.level).toBe("master");
    expect(dotted.fields.map((f) => f.name)).toEqual(expect.arrayContaining(["Mechanical Engineering", "Electrical Engineering"]));
    expect(candidate("Education\nBSCS, University of Texas, 2015").fields.map((f) => f.name)).toEqual(["Computer Science"]);
    const bsba = candidate("Education\nB.S.B.A., Finance, with a minor in Accounting — Olentangy State University, 2022");
    expect(bsba.level).toBe("bachelor");
    expect(bsba.fields.map((f) => f.name)).toEqual(expect.arrayContaining(["Business Administration", "Finance"]));
  });

  it("does not read a Mechanical Engineering Technology degree as a BSME, nor other words as the initials", () => {
    const met = candidate("Education\nB.S. in Mechanical Engineering Technology (ABET-ETAC), Ferris State University, 2021");
    expect(met.level).toBe("bachelor");
    expect(met.fields.map((f) => f.name)).toEqual(["Engineering Technology"]);
    expect(candidate("Education\nB.S. Mechanical Engineering, Ferris State University, 2021").fields.map((f) => f.name)).toEqual([
      "Mechanical Engineering",
    ]);
    expect(candidate("Experience\nDesigned brackets for the BSM enclosure").level).toBe("none");
  });
});
