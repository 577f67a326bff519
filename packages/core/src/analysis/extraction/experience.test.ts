import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../catalogue/build.ts";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "../text/headings.ts";
import { extractCandidateEducation } from "./education.ts";
import { extractCandidateExperience, PART_TIME_SHARE, TRAINEE_SHARE } from "./experience.ts";
import { scanText } from "./scan.ts";
import { extractJobYears } from "./years.ts";

const ctx = fixtureContext();
const NOW = new Date(Date.UTC(2025, 5, 15));

function experience(text: string, context: typeof ctx = ctx) {
  const scan = scanText(text, RESUME_SECTIONS, context.catalogue);
  const { lines } = extractCandidateEducation(scan, NOW);
  return extractCandidateExperience(scan, context, NOW, lines);
}

describe("candidate experience", () => {
  it("reads each position's employer and the skills named in its lines", () => {
    const exp = experience(
      [
        "Experience",
        "Senior Software Engineer, Acme GmbH — Berlin, DE",
        "Jan 2021 – Present",
        "- Python and Kubernetes",
        "Beta AG | Munich",
        "Software Engineer",
        "Mar 2016 – Dec 2020",
        "- Django and Docker",
        "Gamma Corp, Hamburg | 2014 – 2016",
        "- SQL reports",
      ].join("\n"),
    );
    const byName = (ids: string[]) => ids.map((id) => ctx.catalogue.skill(id)!.name).sort();
    expect(exp.positions.map((p) => [p.title, p.employer, byName(p.skills)])).toEqual([
      ["Senior Software Engineer", "Acme GmbH", ["Kubernetes", "Python"]],
      ["Software Engineer", "Beta AG", ["Django", "Docker"]],
      [null, "Gamma Corp", ["SQL"]],
    ]);
  });

  it("merges overlapping positions before counting years", () => {
    const exp = experience(
      [
        "Experience",
        "Senior Software Engineer, Acme",
        "Jan 2021 – Present",
        "Software Engineer, Beta",
        "Mar 2016 – Dec 2020",
        "Freelance Developer",
        "Jun 2019 – Dec 2019",
      ].join("\n"),
    );
    // Mar 2016 – Jun 2025 without gaps; the freelance months fall inside the Beta years.
    expect(exp.months).toBe(112);
    expect(exp.years).toBe(9.33);
    expect(exp.source).toBe("dates");
    expect(exp.positions.map((p) => [p.title, p.start, p.end, p.current])).toEqual([
      ["Senior Software Engineer", "2021-01", "2025-06", true],
      ["Software Engineer", "2016-03", "2020-12", false],
      [null, "2019-06", "2019-12", false],
    ]);
  });

  it("finds the title on the date line, above it, below it, or two lines above", () => {
    const titles = (text: string) => experience(`Experience\n${text}`).positions.map((p) => p.catalogueTitle);
    expect(titles("Software Engineer, Acme (2018 – 2020)")).toEqual(["Software Engineer"]);
    expect(titles("Accountant\nSmith & Co, 2018 – 2020")).toEqual(["Accountant"]);
    expect(titles("Acme Corp\nDevOps Engineer\n2018 – 2020")).toEqual(["DevOps Engineer"]);
    expect(titles("2018 – 2020\nBackend Developer at Acme")).toEqual(["Backend Engineer"]);
  });

  it("reads level words written around a title, but not an alias's own words", () => {
    const [p] = experience("Experience\nLead Software Engineer II, Acme, 2018 – 2020").positions;
    expect(p!.title).toBe("Lead Software Engineer II");
    expect(p!.levels).toEqual(["mid", "lead"]);
    expect(experience("Experience\nEngineering Manager, 2020 – 2022").titles[0]).toMatchObject({ name: "Engineering Manager", level: "manager" });
  });

  it("keeps study periods, projects and volunteering out of work experience", () => {
    const exp = experience(
      [
        "Education",
        "BSc Computer Science, 2011 – 2014",
        "Projects",
        "Side project, 2015 – 2016",
        "Volunteering",
        "Food bank helper, 2016 – 2017",
        "Experience",
        "Software Engineer, 2018 – 2020",
      ].join("\n"),
    );
    expect(exp.positions).toHaveLength(1);
    expect(exp.years).toBe(2);
  });

  it("counts internships and part-time work as a share of full-time months", () => {
    const exp = experience(
      [
        "Experience",
        "Software Engineer Intern, Acme, Jun 2023 – Aug 2023",
        "Bookkeeping, Corner Shop (part-time, 15 hours/week), Jan 2022 – Dec 2022",
        "Software Engineer, Beta, Jan 2024 – Dec 2024",
      ].join("\n"),
    );
    const [full, intern, partTime] = exp.positions;
    expect(full).toMatchObject({ title: "Software Engineer", share: 1 });
    expect(intern).toMatchObject({ share: TRAINEE_SHARE, levels: ["intern"] });
    expect(partTime!.share).toBe(PART_TIME_SHARE);
    // Years of experience stay the months covered; the shares weigh relevant years (scoring/blocks.ts).
    expect(exp.years).toBe(2.25);
    // A real job named after students is not a student job.
    expect(experience("Experience\nStudent Success Advisor, Acme College, Jan 2020 – Dec 2022").positions[0]!.share).toBe(1);
  });

  it("reads an internship named on the heading line of an entry whose title the catalogue does not know", () => {
    const exp = experience(
      [
        "Experience",
        "Data Wrangling Intern — Central Ohio Primary Care Alliance, Columbus, OH",
        "May 2024 – August 2024 (full-time summer)",
        "- Cleaned appointment data in Python.",
        "Student Research Assistant — Department of Economics, Scioto State University",
        "January 2023 – December 2024",
        "- Cleaned enrollment data.",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => p.share)).toEqual([TRAINEE_SHARE, TRAINEE_SHARE]);
  });

  it("does not take a duty of the entry above, or a staff job named after students, for a student job", () => {
    const exp = experience(
      [
        "Experience",
        "Software Engineer, Acme, Jan 2020 – Dec 2022",
        "Ran the hiring and onboarding of our summer interns.",
        "Beta Freight, Columbus, Jan 2023 – Present",
        "Student Services Assistant — Acme College",
        "Jan 2018 – Dec 2019",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => p.share)).toEqual([1, 1, 1]);
  });

  it("does not take an unpunctuated duty of the entry above for the heading of an entry written on its date line", () => {
    const exp = experience(
      [
        "Experience",
        "Operations Manager, Acme Logistics, Jan 2021 – Present",
        "Hired and trained our summer interns",
        "Rivera Freight Services 2016 – 2021",
        "- Dispatched 40 trucks a day.",
      ].join("\n"),
    );
    // The rank of a title the catalogue does not know is read as written ("Operations Manager").
    expect(exp.positions.map((p) => [p.start, p.share, p.levels])).toEqual([
      ["2021-01", 1, ["manager"]],
      ["2016-07", 1, []],
    ]);
  });

  it("does not take the last duty of the entry above for the heading where entries start with their dates", () => {
    const exp = experience(
      [
        "Experience",
        "Jan 2021 – Present",
        "Operations Manager, Acme Logistics",
        "Hired and trained our summer interns",
        "2016 – 2021",
        "Rivera Freight Services, dispatcher",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.start, p.share])).toEqual([
      ["2021-01", 1],
      ["2016-07", 1],
    ]);
  });

  it("counts work stated as done while studying as student work", () => {
    const student = experience(
      [
        "Experience",
        "Lakeside College, Jan 2021 – Present",
        "Software Engineer",
        "• Built the housing office's booking tool while balancing a full-time course load",
        "Beta Freight, Software Engineer, Jun 2019 – Dec 2020",
        "• Worked 20 hours a week while studying.",
      ].join("\n"),
    );
    expect(student.positions.map((p) => [p.employer, p.share, p.levels])).toEqual([
      ["Lakeside College", TRAINEE_SHARE, ["intern"]],
      ["Beta Freight", TRAINEE_SHARE, ["intern"]],
    ]);
    // Classes taught, studies run and students supervised are the work itself.
    const professional = experience(
      [
        "Experience",
        "Acme Labs, Software Engineer, Jan 2021 – Present",
        "• Mentored a graduate student while leading clinical studies",
        "• Kept the lab running while teaching evening classes",
        "• Built an assay pipeline alongside a graduate student",
        // Part-time study beside a job: a working adult who studies, not a student who works.
        "• Passed the CPA exams while studying part-time for the CPA",
        "• Ran the night shift while completing my degree studies part-time and a part-time course load",
      ].join("\n"),
    );
    expect(professional.positions[0]!.share).toBe(1);
  });

  it("leaves volunteer work out of the positions, without giving its lines to the entry above", () => {
    const exp = experience(
      [
        "Experience",
        "Acme Corp, Software Engineer, Jan 2020 – Dec 2024",
        "• Python services",
        "Code Club, Volunteer Software Engineer, Jan 2021 – Dec 2022",
        "• Django lessons",
        "Riverside Food Bank, Accountant, Jan 2016 – Dec 2017",
        "Kept the books on a volunteer (unpaid) basis.",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.employer, p.skills.map((id) => ctx.catalogue.skill(id)!.name)])).toEqual([["Acme Corp", ["Python"]]]);
    expect(exp.months).toBe(60);
    // A bullet is one duty of the job, which may well be paid.
    const paid = experience(["Experience", "Acme Corp, Accountant, Jan 2016 – Dec 2017", "• Mentored students on a volunteer basis"].join("\n"));
    expect(paid.positions.map((p) => p.employer)).toEqual(["Acme Corp"]);
    // A paid role that began as a volunteer one, or a role named "volunteer coordinator", is paid work.
    const hired = experience(["Experience", "City Hospital, Program Manager, Jan 2015 – Dec 2024", "Hired as a volunteer liaison, promoted in 2017."].join("\n"));
    expect(hired.positions.map((p) => p.employer)).toEqual(["City Hospital"]);
  });

  it("reads the organisation, not the unit, from '<Unit> @ <Organisation>'", () => {
    const employer = (lines: string[]) => experience(["Experience", ...lines].join("\n")).positions[0]!.employer;
    expect(employer(["Software Engineer", "Payments Lab @ Northwind Bank (Austin, TX) 06/15 - Now"])).toBe("Northwind Bank");
    expect(employer(["Software Engineer", "Payments Lab at Northwind Bank, Jan 2020 – Present"])).toBe("Northwind Bank");
    expect(employer(["Software Engineer at Northwind Bank, Jan 2020 – Present"])).toBe("Northwind Bank");
    // A place after "at" is where the employer is, not the employer.
    expect(employer(["Software Engineer", "Northwind Bank at Austin, Jan 2020 – Present"])).toBe("Northwind Bank");
  });

  it("counts undergraduate research as student work, also when it is named as the employer above the title", () => {
    const exp = experience(
      ["Experience", "Undergraduate Research, Soil Ecology Lab", "Software Developer Sep 2019 – May 2021", "Beta Freight", "Software Engineer Jun 2021 – Present"].join("\n"),
    );
    expect(exp.positions.map((p) => [p.employer, p.share])).toEqual([
      ["Beta Freight", 1],
      ["Undergraduate Research", TRAINEE_SHARE],
    ]);
  });

  it("reads the employer written before the title, set apart by a mark, and never a duty of the entry above", () => {
    const exp = experience(
      [
        "Experience",
        "Larkspur Books, Portland, OR, Accountant",
        "Feb 2022 – Present",
        "• Closed the books each month",
        "• Automated supplier payment runs",
        "Quillmate Ltd | Salem, OR, Staff Accountant",
        "Jun 2019 – Jan 2022",
        "- Reconciled accounts in Excel",
        "- Trained new staff on the ledger and the filing of",
        "supplier invoices",
        "Accountant",
        "Mar 2017 – May 2019",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.title, p.employer])).toEqual([
      ["Accountant", "Larkspur Books"],
      ["Staff Accountant", "Quillmate Ltd"],
      ["Accountant", null],
    ]);
  });

  it("splits a known city run onto the employer by column merging, but not one the name ends with", () => {
    const exp = experience(
      ["Experience", "Site Reliability Engineer", "Danggeun Pay Inc. Seoul Mar 2021 – Present", "Teaching Assistant", "University of London Jan 2012 – Dec 2013"].join("\n"),
    );
    expect(exp.positions.map((p) => p.employer)).toEqual(["Danggeun Pay Inc.", "University of London"]);
  });

  it("reads an employer on its own bulleted line above the title, but not an item of a list of duties", () => {
    const exp = experience(
      [
        "Experience",
        "• Northwind Traders Austin, TX",
        "Software Engineer Apr 2021 – Present",
        "◦ Built the billing API in Go",
        "◦ Ran the on-call rota",
        "• Fabrikam Labs",
        "Backend Engineer Jan 2018 – Mar 2021",
        "◦ Wrote Python services",
        "• Kept the Django admin tidy",
        "Software Developer Jan 2016 – Dec 2017",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.title, p.employer])).toEqual([
      // The city of "Austin, TX" is not part of the employer's name.
      ["Software Engineer", "Northwind Traders"],
      ["Backend Engineer", "Fabrikam Labs"],
      ["Software Developer", null],
    ]);
  });

  it("keeps dates and roles joined to the title out of the employer, and reads the line between title and dates", () => {
    const exp = experience(
      [
        "Experience",
        "Tidewater Analytics, Co-Founder & Engineering Manager Remote",
        "Jul 2022 – Present",
        "Bluefin Systems",
        "Founding Member & DevOps Engineer & Infra Lead Jan 2020 - Present",
        "Platform Engineer",
        "Copperleaf Group",
        "March 2017 - December 2019 / Denver, CO",
        "Software Engineer Level 2 Jan 2015 – Feb 2017",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.title, p.employer])).toEqual([
      ["Engineering Manager", "Tidewater Analytics"],
      ["DevOps Engineer", "Bluefin Systems"],
      ["Platform Engineer", "Copperleaf Group"],
      ["Software Engineer", null],
    ]);
  });

  it("reads 'Title / Employer / Dates' entries without taking the next entry's title, and dates-first entries too", () => {
    const titleFirst = experience(
      ["Experience", "Software Engineer", "Acme Robotics", "Jan 2020 – Present", "Backend Engineer", "Beta Freight", "Jan 2017 – Dec 2019"].join("\n"),
    );
    expect(titleFirst.positions.map((p) => [p.title, p.employer, p.start])).toEqual([
      ["Software Engineer", "Acme Robotics", "2020-01"],
      ["Backend Engineer", "Beta Freight", "2017-01"],
    ]);
    // An entry whose title is not in the catalogue stays without one rather than borrowing the next entry's.
    const unknown = experience(
      ["Experience", "Chief Happiness Wrangler", "Acme Robotics", "2018 – 2020", "Backend Engineer", "Beta Freight", "2015 – 2018"].join("\n"),
    );
    expect(unknown.positions.map((p) => p.title)).toEqual([null, "Backend Engineer"]);
    const datesFirst = experience(
      ["Experience", "Jan 2020 – Present", "Software Engineer", "Acme Robotics", "Jan 2017 – Dec 2019", "Backend Engineer", "Beta Freight"].join("\n"),
    );
    expect(datesFirst.positions.map((p) => p.title)).toEqual(["Software Engineer", "Backend Engineer"]);
  });

  it("reads the employer on the line below the dates when it heads nothing itself", () => {
    const exp = experience(
      [
        "Work Experience",
        "Staff Software Engineer November 2021 – Present",
        "Tidewater Analytics – Los Angeles, CA",
        "• Led the billing platform",
        "Accountant",
        "Mar 2017 – Oct 2021 | Salem, OR",
        "Larkspur Books",
        "• Closed the books each month",
        "• Ran supplier payments",
        "Backend Engineer Jan 2015 – Feb 2017",
        "• Wrote Python services",
        "• Kept the Django admin tidy",
        "Platform Engineer",
        "Jan 2013 – Dec 2014",
        "Bluefin Systems",
        "DevOps Engineer Jan 2011 – Dec 2012",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.title, p.employer])).toEqual([
      ["Staff Software Engineer", "Tidewater Analytics"],
      ["Accountant", "Larkspur Books"],
      ["Backend Engineer", null],
      // "Bluefin Systems" heads the next entry: its next line holds a title and dates.
      ["Platform Engineer", null],
      ["DevOps Engineer", "Bluefin Systems"],
    ]);
  });

  it("reads a name with its place after the dates as the employer, and what precedes the dates as the title's specialty", () => {
    const exp = experience(
      [
        "Experience",
        "Engineering Manager – Payments Platform March 2019 – November 2021 Tidewater Analytics – Los Angeles, CA",
        "Software Engineer, Bluefin Systems Jan 2016 – Feb 2019 Austin, TX",
        "Platform Engineer – Copperleaf Group Jan 2014 – Dec 2015 Remote",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => p.employer)).toEqual(["Tidewater Analytics", "Bluefin Systems", "Copperleaf Group"]);
  });

  it("cuts a city run onto the employer where a region follows it, known or not", () => {
    const exp = experience(
      [
        "Experience",
        "• Google Mountain View, CA",
        "Software Engineer Oct 2016 – Present",
        "◦ TensorFlow: APIs and performance",
        "◦ Apache Beam: runners",
        "• IBM Boulder, Colorado",
        "Platform Engineer Mar 2014 – Sep 2016",
        "◦ Provisioned build farms",
        "◦ Ran the on-call rota",
        "• Acme Corp, TX",
        "DevOps Engineer Jan 2012 – Feb 2014",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => p.employer)).toEqual(["Google", "IBM", "Acme Corp"]);
  });

  it("reads the employer of an entry whose title is unknown where the section's other entries put theirs", () => {
    const titleFirst = experience(
      [
        "Experience",
        "Software Engineer",
        "Acme Robotics",
        "Jan 2020 – Present Palo Alto, CA",
        "Vice President of Location & Services",
        "Beta Freight",
        "Oct 2017 – Dec 2019 Palo Alto, CA",
        "Backend Engineer",
        "Gamma Labs",
        "Jan 2015 – Sep 2017",
      ].join("\n"),
    );
    expect(titleFirst.positions.map((p) => [p.title, p.employer])).toEqual([
      ["Software Engineer", "Acme Robotics"],
      [null, "Beta Freight"],
      ["Backend Engineer", "Gamma Labs"],
    ]);
    // "Employer\nTitle  Dates": an unknown title on the date line is not the employer's name.
    const employerFirst = experience(
      [
        "Experience",
        "Acme Robotics Seoul, S.Korea",
        "Software Engineer Jan 2020 – Present",
        "Kasa Seoul, S.Korea",
        "Founding Member & Head of Infrastructure Jun 2018 - Jan 2020",
        "Beta Freight Seoul, S.Korea",
        "Backend Engineer Jan 2015 – May 2018",
      ].join("\n"),
    );
    expect(employerFirst.positions.map((p) => p.employer)).toEqual(["Acme Robotics", "Kasa", "Beta Freight"]);
    // With one recognised entry there is no layout to learn: the date line's first part stays the reading.
    const single = experience(["Experience", "Software Engineer", "Acme Robotics", "2019 – 2021", "Chief Happiness Wrangler", "Beta Freight", "2016 – 2019"].join("\n"));
    expect(single.positions.map((p) => p.employer)).toEqual(["Acme Robotics", null]);
  });

  it("keeps words run onto the title without a mark in the title's part, not the employer's", () => {
    const exp = experience(
      ["Experience", "Gilmore Financial, New Orleans, LA, Certified Public Accountant", "Oct 2021 – Present", "CORNELL PHONETICS LAB | HEAD UNDERGRADUATE SOFTWARE ENGINEER", "Mar 2012 – May 2013"].join("\n"),
    );
    expect(exp.positions.map((p) => [p.title, p.employer])).toEqual([
      ["Accountant", "Gilmore Financial"],
      ["SOFTWARE ENGINEER", "CORNELL PHONETICS LAB"],
    ]);
  });

  it("reads names as pasted profiles and bracketed asides leave them", () => {
    const exp = experience(
      [
        "Experience",
        "Software Engineer",
        "Full-timeDisney Experiences · Full-time Jul 2023 - Present",
        "Platform Engineer",
        "WeyerhaeuserWeyerhaeuser May 2020 - Dec 2022",
        "Backend Engineer",
        "University of Idaho University of Idaho Jan 2018 - Apr 2020",
        "Software Maestro (funded by the Korea Ministry of Knowledge and Economy) Seoul, S.Korea",
        "DevOps Engineer Jul 2016 - Dec 2017",
        "Software Developer",
        "The Home Depot Pro (Colma, Ca.) 05/11 - 03/13",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => p.employer)).toEqual([
      "Disney Experiences",
      "Weyerhaeuser",
      "University of Idaho",
      "Software Maestro",
      "The Home Depot Pro",
    ]);
  });

  it("reads an abbreviated level word with its period as part of the title", () => {
    const exp = experience(["Experience", "Sr. Software Engineer, Acme Robotics, Jan 2020 – Present", "Lead. Software Engineer, Beta, 2015 – 2019"].join("\n"));
    expect(exp.positions.map((p) => [p.title, p.levels])).toEqual([
      ["Sr. Software Engineer", ["senior"]],
      // Only an abbreviation's period joins: a full word ending a sentence does not.
      ["Software Engineer", []],
    ]);
  });

  it("reads a '<discipline> Engineering Intern' as that engineer at intern level, as written", () => {
    const exp = experience(["Experience", "NORTHWIND | SOFTWARE ENGINEERING INTERN", "May 2023 – Aug 2023", "Backend Engineering Student Society, 2021 – 2022"].join("\n"));
    expect(exp.positions.map((p) => [p.title, p.catalogueTitle, p.employer, p.levels, p.share])).toEqual([
      ["SOFTWARE ENGINEERING INTERN", "Software Engineer", "NORTHWIND", ["intern"], TRAINEE_SHARE],
      // A society of engineering students is no engineer's job, and does not borrow the title of the entry above.
      [null, null, "Backend Engineering Student Society", [], 1],
    ]);
    // Engineering as a field, not a student role, is no title.
    expect(experience("Experience\nSoftware Engineering Lead, Acme, 2019 – 2021").positions[0]!.title).toBeNull();
  });

  it("never reads a title across the marks between the parts of an entry line", () => {
    const exp = experience(["Experience", "RIVERBEND PLATFORM | ENGINEER AND MANAGER", "Jan 2020 – Dec 2022"].join("\n"));
    // "Platform | Engineer" is not the catalogue's "Platform Engineer".
    expect(exp.positions.map((p) => p.title)).toEqual([null]);
  });

  it("reads 'co-op' as a student placement only when it is the kind of role, not the employer's name", () => {
    const share = (entry: string) => experience(`Experience\n${entry}`).positions[0]!.share;
    // The employer: a retail co-operative.
    expect(share("Accountant, The Co-op, 2019 – 2021")).toBe(1);
    expect(share("Accountant, Midcounties Co-op, 2019 – 2021")).toBe(1);
    expect(share("Accountant\nCo-op Food, Manchester | 2019 – 2021")).toBe(1);
    expect(share("Co-op Bank | Jan 2019 – Dec 2021")).toBe(1);
    // The kind of role: a placement while studying.
    expect(share("Software Engineer Co-op, Acme, Jan 2019 – Apr 2019")).toBe(TRAINEE_SHARE);
    expect(share("Software Engineer (Co-op), Acme, Jan 2019 – Apr 2019")).toBe(TRAINEE_SHARE);
    expect(share("Co-op Engineering Student, Acme, Jan 2019 – Apr 2019")).toBe(TRAINEE_SHARE);
    expect(share("Acme | co-op work term | Jan 2019 – Apr 2019")).toBe(TRAINEE_SHARE);
    expect(experience("Experience\nCo-op Engineering Student, Acme, Jan 2019 – Apr 2019").positions[0]!.levels).toEqual(["intern"]);
  });

  it("counts a repeated range on one line once (pasted profiles)", () => {
    const exp = experience("Acme · Full-time Nov 2005 - Feb 2022 · 16 yrs 4 mosNov 2005 to Feb 2022 · 16 yrs 4 mos");
    expect(exp.positions.map((p) => [p.start, p.end])).toEqual([["2005-11", "2022-02"]]);
  });

  it("falls back to a stated number of years only when no dates are found", () => {
    expect(experience("Summary\nBackend developer with 8+ years of professional experience.")).toMatchObject({
      years: 8,
      source: "stated",
      statedYears: 8,
    });
    expect(experience("Summary\n12 years of experience\nExperience\nEngineer, 2020 – 2022")).toMatchObject({
      years: 2,
      source: "dates",
      statedYears: 12,
    });
    expect(experience("A 3 years project")).toMatchObject({ years: 0, source: "none" });
  });

  it("reads years stated in a role ('Over 12 years as an ICU nurse'), not years as a volunteer", () => {
    expect(experience("Summary\nOver 12 years as an ICU nurse in level I trauma centres.")).toMatchObject({ years: 12, source: "stated" });
    expect(experience("Summary\nFour years as a shift lead and trainer.")).toMatchObject({ years: 4, source: "stated" });
    expect(experience("Summary\n5 years as a volunteer firefighter.")).toMatchObject({ years: 0, source: "none" });
    expect(experience("Summary\nA 3 years assignment.")).toMatchObject({ years: 0, source: "none" });
  });

  it("lists distinct held titles, most recent first", () => {
    const exp = experience("Experience\nDevOps Engineer, 2021 – 2023\nSoftware Engineer, 2018 – 2021\nSoftware Engineer, 2016 – 2018");
    expect(exp.titles.map((t) => [t.name, t.careerGroup])).toEqual([
      ["DevOps Engineer", "IT Operations"],
      ["Software Engineer", "Software Development"],
    ]);
  });
});

describe("job years requirement", () => {
  const years = (text: string) => extractJobYears(scanText(text, JOB_SECTIONS, ctx.catalogue));

  it.each([
    ["5+ years of experience with Python", 5],
    ["At least three years of professional experience", 3],
    ["3–5 years building web applications", 3],
    ["Minimum of 4 yrs in a similar role", 4],
    ["You have 10 years of experience in finance", 10],
  ])("reads %j as %i years", (text, n) => {
    expect(years(text)).toEqual({ years: n, strength: "must" });
  });

  it("takes the largest must-have figure and reads nice-to-have figures", () => {
    expect(years("Requirements\n- 5+ years of software engineering\n- 2+ years with Go")).toEqual({ years: 5, strength: "must" });
    expect(years("Nice to have\n- 2 years of Kubernetes experience")).toEqual({ years: 2, strength: "nice" });
  });

  it("ignores company history and figures outside requirements", () => {
    expect(years("About us\nFor 20 years we have built software.")).toBeNull();
    expect(years("We were founded 12 years ago.")).toBeNull();
  });

  it("reads years of a kind of employment or experience as years, not as a deadline", () => {
    expect(years("Requirements\n- Minimum 2 years of employment in an acute care hospital")).toEqual({ years: 2, strength: "must" });
    expect(years("Requirements\n- 5 years of start-up experience")).toEqual({ years: 5, strength: "must" });
  });

  it("ignores deadlines and periods of the job, written as requirements or not", () => {
    const nursing =
      "Required:\n- At least two years of recent RN experience\nPreferred:\n- BSN (nurses with an ADN must complete a BSN within five years of hire)";
    expect(years(nursing)).toEqual({ years: 2, strength: "must", recent: true });
    expect(years("Requirements\n- CPA license, or obtain it within 2 years")).toBeNull();
    expect(years("Requirements\n- Must earn the certification in the first 3 years")).toBeNull();
    expect(years("Requirements\n- OSHA 30 card, renewed every 5 years")).toBeNull();
    expect(years("Requirements\n- 3 years of experience; eligible for promotion after 2 years of employment")).toEqual({ years: 3, strength: "must" });
  });
});

describe("licences and segments in the work history", () => {
  // The shipped catalogue's shape for these cases: a licence named after its role, a licence that is the role itself,
  // and sellers' titles.
  const data = buildCatalogue(
    [
      {
        path: "skills.json",
        content: {
          skills: [
            {
              name: "Journeyman Electrician License",
              type: "Certification",
              // As in the shipped catalogue, each with its neutral twin (text/occupations.ts).
              aliases: [
                "Journeyman License", "Journeyman Electrician Card", "Licensed Journeyman Electrician", "Journeyperson Electrician License",
                "Journeyperson License", "Journeyperson Electrician Card", "Licensed Journeyperson Electrician",
              ],
            },
            { name: "OSHA 30", type: "Certification" },
            { name: "Conduit Bending", type: "Specialized Skill" },
          ],
        },
      },
      {
        path: "trades.json",
        content: {
          career_group: "Construction & Skilled Trades",
          titles: [
            {
              name: "Electrician",
              aliases: ["Journeyman Electrician", "Licensed Journeyman Electrician", "Wireman", "Journeyperson Electrician", "Licensed Journeyperson Electrician"],
              skills: ["Conduit Bending"],
            },
          ],
        },
      },
      {
        path: "sales.json",
        content: {
          career_group: "Sales",
          titles: [
            { name: "Account Executive", skills: [] },
            { name: "Territory Manager", skills: [] },
            { name: "Sales Director", aliases: ["Director of Sales"], skills: [] },
          ],
        },
      },
    ],
    "test",
  );
  const catalogue = new Catalogue(data);
  const trades = { catalogue, normalizer: new TitleNormalizer(catalogue) };
  const read = (text: string) => experience(text, trades).positions.map((p) => [p.title, p.employer, p.start, p.end]);

  it("keeps the dates of employers whose names end in a credential's word, and of titles going on after one", () => {
    expect(read(["Experience", "Account Executive", "Hallmark Cards | 2015 – 2019"].join("\n"))).toEqual([
      ["Account Executive", "Hallmark Cards", "2015-07", "2019-06"],
    ]);
    const [title, , start, end] = read(["Experience", "Electrician Certification Coordinator, Acme Electric, 2019 – 2021"].join("\n"))[0] ?? [];
    expect([title, start, end]).toEqual(["Electrician", "2019-07", "2021-06"]);
  });

  it("reads a company whose name is made of segment-like words as the employer", () => {
    const exp = read(["Experience", "Exceeded quota", "Account Executive, Pacific Business Solutions | 2019 – 2021"].join("\n"));
    expect(exp).toEqual([["Account Executive", "Pacific Business Solutions", "2019-07", "2021-06"]]);
  });

  it("reads a licence and its 'active since' date as a credential, not a job, whatever the heading", () => {
    const job = ["Journeyman Electrician — Green Country Electrical Contractors, Tulsa, OK", "March 2020 – Present"];
    for (const heading of ["LICENSE STATUS", "Licenses"]) {
      const exp = read(
        [
          "Jamal Pritchett",
          heading,
          "• Oklahoma Journeyman Electrician License, Construction Industries Board — active since 2020",
          "• OSHA 30, issued 2021 – expires 2026",
          "Experience",
          ...job,
        ].join("\n"),
      );
      expect(exp).toEqual([["Journeyman Electrician", "Green Country Electrical Contractors", "2020-03", "2025-06"]]);
    }
  });

  it("reads a line that starts with a licence named by its kind as the licence, dates and all", () => {
    expect(
      read(
        [
          "LICENSE / CERTS",
          "Texas Residential Wireman License (2021-2024, upgraded)",
          "Summary",
          "Texas journeyman license held since 2009.",
          "Employment",
          "Residential Electrician | Stonebridge Homes, San Antonio, TX | 2021-2025",
        ].join("\n"),
      ),
    ).toEqual([["Electrician", "Stonebridge Homes", "2021-07", "2025-06"]]);
    // A job whose line mentions a licence further on keeps its dates.
    expect(read(["Experience", "Acme Trucking LLC — local deliveries (CDL license), 2015 – 2019"].join("\n"))).toEqual([
      [null, "Acme Trucking LLC", "2015-07", "2019-06"],
    ]);
  });

  it("keeps a title that is the licensed role itself, and dates on a licence line that are not a credential's", () => {
    expect(read(["Experience", "Licensed Journeyman Electrician, Acme Electric LLC, 2019 – 2024"].join("\n"))).toEqual([
      ["Licensed Journeyman Electrician", "Acme Electric LLC", "2019-07", "2024-06"],
    ]);
    // A job line that mentions a card: the title outside the licence name is read, and its dates are the job's.
    expect(read(["Experience", "Electrician, Acme Electric LLC (Journeyman Electrician Card) since 2019"].join("\n"))).toEqual([
      ["Electrician", "Acme Electric LLC", "2019-07", "2025-06"],
    ]);
  });

  it("reads a segment after the title as where it was held, the company named elsewhere in the entry as the employer", () => {
    expect(
      read(
        [
          "Where I've worked",
          "Trussbook (cloud accounting for construction companies) · Salt Lake City, UT",
          "Territory Manager, Net-New Mid-Market · March 2021 to present",
          "Account Executive, SMB | Shiftwell (workforce scheduling SaaS), Denver, CO",
          "Jan 2019 - Feb 2021",
          "Account Executive, Commercial",
          "Stockwise Procurement Cloud — Denver, CO",
          "August 2017 – January 2019",
          "Kestrel Analytics - Austin, TX (remote after 2021)",
          "Director of Sales, North America",
          "2015 - 2017",
        ].join("\n"),
      ).map(([, employer]) => employer),
    ).toEqual(["Trussbook", "Shiftwell", "Stockwise Procurement Cloud", "Kestrel Analytics"]);
  });

  it("keeps a segment as the employer when nothing else names one, and a company after the title as it was", () => {
    const employers = (text: string) => read(text).map(([, employer]) => employer);
    // The line above is the entry before, with its own dates.
    expect(
      employers(["Experience", "Territory Manager, Globex Corp  2022 – 2024", "Account Executive, Mid-Market  2020 – 2022"].join("\n")),
    ).toEqual(["Globex Corp", "Mid-Market"]);
    expect(employers(["Experience", "Globex Corp", "Account Executive, Enterprise Holdings  2020 – 2022"].join("\n"))).toEqual([
      "Enterprise Holdings",
    ]);
  });

  it("reads the company line above a role written in lower case before its dates", () => {
    expect(
      read(
        [
          "WORK",
          "Riverbend Electrical Constructors — San Antonio",
          "JW / crew lead, 2019–now",
          "- Pipe, pull, devices",
          "Riverbend Electrical Constructors — Apprentice, 2015–2019",
          "Bexar Home Services — helper, 2014–2015 (resi)",
        ].join("\n"),
      ).map(([, employer]) => employer),
    ).toEqual(["Riverbend Electrical Constructors", "Riverbend Electrical Constructors", "Bexar Home Services"]);
    // A name before the dates stays the employer, and a line above without a company word is not taken instead.
    expect(
      read(["WORK", "Summer jobs", "Riverbend Market, 2019–2021", "San Antonio — odd jobs, 2014–2015"].join("\n")).map(([, e]) => e),
    ).toEqual(["Riverbend Market", "San Antonio"]);
  });
});

describe("a date range cut by a line wrap", () => {
  it("is read across the two lines, for the line that starts it", () => {
    const exp = experience(
      [
        "Experience",
        "Software Engineer — Lumenfield Software, Minneapolis (July 2021 to",
        "present)",
        "- Built billing in Python",
        "Frontend Developer — Hartwell Pryce LLP, Minneapolis (September 2019 –",
        "June 2021)",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.title, p.start, p.end])).toEqual([
      ["Software Engineer", "2021-07", "2025-06"],
      ["Frontend Developer", "2019-09", "2021-06"],
    ]);
  });

  it("is read across a wrap inside 'to the present'", () => {
    const exp = experience(
      [
        "Work History",
        "Lehigh Crest University Hospital, Allentown, PA",
        "Staff nurse, trauma and surgical critical care unit (nights) — April 2021 to the",
        "present",
        "Our unit has 28 beds.",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.start, p.end, p.current])).toEqual([["2021-04", "2025-06", true]]);
    // A sentence that goes on after "to the" is no open range.
    expect(experience(["Experience", "Nurse, Acme Hospital, 2019 to the", "end of the pilot"].join("\n")).positions).toEqual([]);
  });

  it("is not made up from a year at the end of a line and a date opening the next", () => {
    const exp = experience(["Experience", "Software Engineer, Acme, 2019", "2021 awards: best team"].join("\n"));
    expect(exp.positions).toEqual([]);
  });
});

describe("dates inside a position's duties", () => {
  it("are no position of their own: a bullet, or its wrapped line, within the dates of the entry above", () => {
    const exp = experience(
      [
        "Experience",
        "Software Engineer — Acme, Berlin",
        "July 2021 – Present",
        "- Reported monthly to the Engineering Manager",
        "- No on-call rotation since 2022.",
        "- On the hiring committee",
        "(2023–2024).",
        "- Moved billing to Python; incident-free since March 2024.",
        "Frontend Developer — Beta, Munich",
        "2018 – 2021",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.title, p.start, p.end])).toEqual([
      ["Software Engineer", "2021-07", "2025-06"],
      ["Frontend Developer", "2018-07", "2021-06"],
    ]);
  });

  it("stay positions when the bullet names a title, or when they reach outside the entry's dates", () => {
    const exp = experience(
      [
        "Experience",
        "Acme GmbH, Berlin — 2015 – Present",
        "- Engineering Manager, 2020 – Present",
        "- Software Engineer, 2015 – 2020",
        "Beta AG — 2012 – 2014",
        "- Contract work for Gamma, 2010 – 2011",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.title, p.start, p.end])).toEqual(
      expect.arrayContaining([
        ["Engineering Manager", "2020-07", "2025-06"],
        ["Software Engineer", "2015-07", "2020-06"],
        [null, "2010-07", "2011-06"],
      ]),
    );
  });
});

describe("a line after a bullet that ends mid-sentence", () => {
  it("is an entry of its own when it starts anew with its own title, employer and dates", () => {
    const exp = experience(
      [
        "Experience",
        "Software Engineer, Acme Corp Jan 2015 – Present",
        "• Led the migration to Kubernetes",
        "Weekend Instructor, Code Camp Academy Mar 2018 – Dec 2020",
        "• Taught Python to adults",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.start, p.end])).toEqual([
      ["2015-01", "2025-06"],
      ["2018-03", "2020-12"],
    ]);
  });

  it("is still the bullet's wrapped end when it goes on from it", () => {
    const exp = experience(
      [
        "Experience",
        "Software Engineer — Acme, Berlin",
        "July 2021 – Present",
        "- On the hiring committee",
        "(2023–2024).",
        "- Led the platform guild",
        "— 2022 to 2023.",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.title, p.start])).toEqual([["Software Engineer", "2021-07"]]);
  });
});

describe("an employer line wrapped between the title and the dates", () => {
  it("leaves the title a line further up its position's", () => {
    const exp = experience(
      [
        "Experience",
        "Software Engineer",
        "Kessler Precision Components (automotive stampings and assemblies, 450",
        "employees), Joliet, IL",
        "03/2020 – current",
        "- Python services",
        "Frontend Developer",
        "Beta AG, Munich",
        "06/2016 – 02/2020",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.title, p.start])).toEqual([
      ["Software Engineer", "2020-03"],
      ["Frontend Developer", "2016-06"],
    ]);
  });

  it("does not reach past a line that closes its sentence, or into the entry above", () => {
    const exp = experience(
      [
        "Experience",
        "Software Engineer",
        "Acme GmbH, Berlin",
        "2018 – 2020",
        "Built the billing service.",
        "maintained it until the end",
        "2016 – 2018",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.title, p.start])).toEqual([
      ["Software Engineer", "2018-07"],
      [null, "2016-07"],
    ]);
  });
});

describe("title lines of a position the catalogue has no title for", () => {
  it("keeps the lines its title would be on, where titles are searched", () => {
    const exp = experience(["Experience", "Inbound Operations Supervisor", "Northfield Distribution", "2019 – 2024", "- Led receiving and putaway"].join("\n"));
    const [position] = exp.positions;
    expect(position!.titleId).toBeNull();
    expect(position!.titleLines).toContain("Inbound Operations Supervisor");
    // Bullets are duties, not titles.
    expect(position!.titleLines).not.toContain("receiving");
  });

  it("is absent when the catalogue knows the title", () => {
    const exp = experience("Experience\nBackend Engineer, Acme, 2019 – 2024\n- Built payment APIs");
    expect(exp.positions[0]!.titleId).not.toBeNull();
    expect(exp.positions[0]!.titleLines).toBeUndefined();
  });
});

describe("a trade's grade written alone as the title", () => {
  const data = buildCatalogue(
    [
      {
        path: "trades.json",
        content: {
          career_group: "Construction & Skilled Trades",
          titles: [
            { name: "Electrician", aliases: ["Journeyman Electrician", "JW Electrician"], skills: [] },
            { name: "Apprentice Electrician", aliases: ["Electrician Apprentice", "Electrician Helper"], skills: [] },
            { name: "Plumber", aliases: ["Journeyman Plumber"], skills: [] },
          ],
        },
      },
      {
        path: "food.json",
        content: { career_group: "Hospitality & Food Service", titles: [{ name: "Line Cook", skills: [] }] },
      },
    ],
    "test",
  );
  const catalogue = new Catalogue(data);
  const trades = { catalogue, normalizer: new TitleNormalizer(catalogue) };
  const read = (text: string) => experience(text, trades).positions.map((p) => [p.title, p.catalogueTitle, p.employer, p.levels]);

  it("reads it as the grade of the employer's trade, else of the trade the résumé is headed with", () => {
    const exp = read(
      [
        "THANH NGUYEN — JW ELECTRICIAN",
        "San Antonio TX 78240",
        "WORK",
        "Riverbend Electrical Constructors — San Antonio",
        "JW / crew lead, 2019–now",
        "- Feeders to 600 MCM",
        "Riverbend Electrical Constructors — Apprentice, 2015–2019",
        "- Pipe, pull, devices",
        "Bexar Home Services — helper, 2014–2015 (resi)",
      ].join("\n"),
    );
    expect(exp).toEqual([
      ["JW", "Electrician", "Riverbend Electrical Constructors", []],
      ["Apprentice", "Apprentice Electrician", "Riverbend Electrical Constructors", ["entry"]],
      ["helper", "Apprentice Electrician", "Bexar Home Services", ["entry"]],
    ]);
  });

  it("reads a grade at an employer of no trade in the trade of the résumé's other positions, before its headline", () => {
    const exp = read(
      [
        "Experience",
        "Electrician — Alamo City Builders, 2018–2024",
        "- Feeders and panels",
        "Bexar Home Services — Helper, 2016–2018",
      ].join("\n"),
    );
    expect(exp[1]).toEqual(["Helper", "Apprentice Electrician", "Bexar Home Services", ["entry"]]);
  });

  it("falls back to the trade itself, at entry level for an apprentice, where the catalogue names no such grade", () => {
    expect(read(["Experience", "Alamo Plumbing Co. — Apprentice, 2018–2022"].join("\n"))).toEqual([
      ["Apprentice", "Plumber", "Alamo Plumbing Co.", ["entry"]],
    ]);
  });

  it("leaves a grade untitled without a trade, under a headline of another field, and a grade inside a name", () => {
    expect(read(["Experience", "Bexar Home Services — helper, 2014–2015"].join("\n"))).toEqual([[null, null, "Bexar Home Services", []]]);
    expect(read(["MARIA LOPEZ — LINE COOK", "Experience", "Main Street Diner — Helper, 2019–2020"].join("\n"))).toEqual([
      [null, null, "Main Street Diner", []],
    ]);
    const [named] = read(["JW ELECTRICIAN", "Experience", "Journeyman Electric Co., Austin, 2016–2019"].join("\n"));
    expect(named?.[1]).toBeNull();
  });
});

describe("an untitled entry whose first part is a role", () => {
  const employers = (text: string) => experience(text).positions.map((p) => [p.title, p.employer]);

  it("reads a first part ending in a role noun as the title and the next part as the employer", () => {
    expect(employers(["Work", "Data Technician, Buckeye Metropolitan Planning Commission, Columbus (June 2021 to September 2022)"].join("\n"))).toEqual([
      [null, "Buckeye Metropolitan Planning Commission"],
    ]);
    expect(employers(["Work", "Senior Planning & Performance Analyst — Central Ohio Regional Transit, Columbus (April 2020 to date)"].join("\n"))).toEqual([
      [null, "Central Ohio Regional Transit"],
    ]);
  });

  it("keeps an organisation's name first, and a role followed by no name", () => {
    expect(employers(["Work", "Brightside Consultants, Columbus, 2019 – 2021"].join("\n"))).toEqual([[null, "Brightside Consultants"]]);
    expect(employers(["Work", "Acme Analytics — Columbus, OH (2019 – 2021)"].join("\n"))).toEqual([[null, "Acme Analytics"]]);
    // What follows the role is no name: it is not taken for the employer.
    expect(employers(["Work", "Data Technician — part-time (2019 – 2021)"].join("\n"))[0]?.[1]).not.toBe("part-time");
  });
});

describe("a teaching assistant's post at the candidate's own university", () => {
  const positions = (text: string) =>
    analyseCandidate(text, ctx, NOW).experience.positions.map((p) => [p.title, p.share, p.trainee ?? false, p.levels]);
  const education = ["Education", "B.S. Economics — Queen City University, Cincinnati, OH, May 2024"];

  it("counts as student work, whatever the year of the degree", () => {
    const ta = ["Experience", "Teaching Assistant, Introductory Statistics", "Queen City University Department of Economics", "August 2023 – May 2024"];
    // (The shared fixture catalogue has no such title: the post is read from the lines of the entry's head.)
    expect(positions([...education, ...ta].join("\n"))).toEqual([[null, TRAINEE_SHARE, true, ["intern"]]]);
  });

  it("leaves a teaching assistant elsewhere and another job at the university as jobs", () => {
    const aide = ["Experience", "Teaching Assistant — Maple Street Elementary School", "August 2022 – May 2024"];
    expect(positions([...education, ...aide].join("\n"))[0]?.slice(1, 3)).toEqual([1, false]);
    const staff = ["Experience", "Data Analyst — Queen City University, Office of Institutional Research", "June 2024 – Present"];
    expect(positions([...education, ...staff].join("\n"))[0]?.slice(1, 3)).toEqual([1, false]);
  });
});
