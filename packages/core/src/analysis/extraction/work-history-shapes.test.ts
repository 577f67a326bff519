import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import type { EngineContext } from "../types.ts";

/**
 * An audit of work-history entries as résumés of many professions write them, read with the real catalogue: date
 * formats, the orders of title, employer and dates, several roles under one employer or on one line, agency work,
 * gaps and overlaps. Each row: the entry (under an EXPERIENCE heading) and the positions read from it, most recent
 * first, as [catalogue title, employer, first month, last month, current?]. A null title is a role the catalogue
 * does not know (the entry is still dated and its employer read).
 */
const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx: EngineContext = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const NOW = new Date(Date.UTC(2026, 10, 15));

type Row = [title: string | null, employer: string | null, start: string, end: string, current?: true];
const read = (entry: string) => analyseCandidate(`EXPERIENCE\n${entry}\n`, ctx, NOW).experience;

const SHAPES: [entry: string, positions: Row[]][] = [
  ["JAN 2019 – PRESENT\nREGISTERED NURSE, ST. MARY'S HOSPITAL", [["Registered Nurse", "ST. MARY'S HOSPITAL", "2019-01", "2026-11", true]]],
  ["Senior Accountant, Deloitte, January 2019 - Current", [["Accountant", "Deloitte", "2019-01", "2026-11", true]]],
  ["2019 – Present\nSenior Accountant\nDeloitte", [["Accountant", "Deloitte", "2019-07", "2026-11", true]]],
  ["Senior Accountant\n2019 – Present\nDeloitte", [["Accountant", "Deloitte", "2019-07", "2026-11", true]]],
  ["Deloitte\t\t\t2019 – Present\nSenior Accountant", [["Accountant", "Deloitte", "2019-07", "2026-11", true]]],
  ["Paramedic, County EMS, Jan. 2019 – Mar. 2021", [["Paramedic", "County EMS", "2019-01", "2021-03"]]],
  ["Paramedic, County EMS, 1/2019 - 3/2021", [["Paramedic", "County EMS", "2019-01", "2021-03"]]],
  ["Paramedic, County EMS, 2019.01 – 2021.03", [["Paramedic", "County EMS", "2019-01", "2021-03"]]],
  ["Line Cook, Chili's, Sept 2019 – Present", [["Line Cook", "Chili's", "2019-09", "2026-11", true]]],
  ["Account Executive\nSalesforce\nMar 2020 - Present · 6 yrs 9 mos", [["Account Executive", "Salesforce", "2020-03", "2026-11", true]]],
  ["Account Executive, Salesforce, Mar 2020 – Present (6 years 9 months)", [["Account Executive", "Salesforce", "2020-03", "2026-11", true]]],
  ["Software Engineering Intern, Google — Summer 2023", [["Software Engineer", "Google", "2023-06", "2023-08"]]],
  ["Preschool Teacher, Bright Horizons, 06/15 - 03/18", [["Preschool Teacher", "Bright Horizons", "2015-06", "2018-03"]]],
  ["Store Manager, Aldi, Since March 2020", [["Store Manager", "Aldi", "2020-03", "2026-11", true]]],
  ["Store Manager, Aldi, From 2018 to 2020", [["Store Manager", "Aldi", "2018-07", "2020-06"]]],
  ["Travel Nurse via Aya Healthcare, Stanford Health Care, 2022 – 2023", [["Travel Nurse", "Aya Healthcare", "2022-07", "2023-06"]]],
  ["Machinist, Boeing, 2015 – 2017 | 2019 – 2021", [["Machinist", "Boeing", "2019-07", "2021-06"], ["Machinist", "Boeing", "2015-07", "2017-06"]]],
  ["Bartender, The Tavern, Jun 2021 – Present\nServer, Olive Garden, Jan 2020 – Present", [["Bartender", "The Tavern", "2021-06", "2026-11", true], ["Server", "Olive Garden", "2020-01", "2026-11", true]]],
  ["Electrician, ABC Electric, Mar 2010 – Feb 2014\nElectrician, XYZ Electric, Jan 2018 – Present", [["Electrician", "XYZ Electric", "2018-01", "2026-11", true], ["Electrician", "ABC Electric", "2010-03", "2014-02"]]],
  ["Social Worker | Department of Children and Families | Oct 2018 to Present", [["Social Worker", "Department of Children and Families", "2018-10", "2026-11", true]]],
  ["Oct 2018 – Present: Social Worker, Department of Children and Families", [["Social Worker", "Department of Children and Families", "2018-10", "2026-11", true]]],
  ["Accenture — Management Consultant (2016–2020)", [["Management Consultant", "Accenture", "2016-07", "2020-06"]]],
  ["Substitute Teacher, Denver Public Schools, 2019 - 2020 school year", [["Substitute Teacher", "Denver Public Schools", "2019-07", "2020-06"]]],
  ["Veterinary Technician, Banfield Pet Hospital, Feb 2017-Nov 2020", [["Veterinary Technician", "Banfield Pet Hospital", "2017-02", "2020-11"]]],
  ["Warehouse Associate, Amazon Fulfillment Center, 11/2019 – 02/2020 (seasonal)", [["Warehouse Associate", "Amazon Fulfillment Center", "2019-11", "2020-02"]]],
  ["Caregiver, Home Instead, 2016 - 2019 (part-time)", [["Personal Care Aide", "Home Instead", "2016-07", "2019-06"]]],
  ["Licensed Practical Nurse\nSunrise Senior Living | Boston, MA | Aug 2015 – Jul 2018", [["Licensed Practical Nurse", "Sunrise Senior Living", "2015-08", "2018-07"]]],
  ["Project Engineer, Kiewit                                        2014 - 2018", [["Project Engineer", "Kiewit", "2014-07", "2018-06"]]],
  ["Barista, Bean Co. 2016–2017; Store Manager, Bean Co. 2017–2019", [["Store Manager", "Bean Co.", "2017-07", "2019-06"], ["Barista", "Bean Co.", "2016-07", "2017-06"]]],
  ["Mayo Clinic\nNurse Practitioner, Jun 2019 – Present\n- Led rounds\nRegistered Nurse, Jan 2014 – May 2019\n- Cared for patients", [["Nurse Practitioner", "Mayo Clinic", "2019-06", "2026-11", true], ["Registered Nurse", "Mayo Clinic", "2014-01", "2019-05"]]],
  ["Acme Corp\nSoftware Engineer\n2019 – 2021\n- Built APIs\n\nData Analyst\nBeta Inc\n2016 – 2019", [["Software Engineer", "Acme Corp", "2019-07", "2021-06"], ["Data Analyst", "Beta Inc", "2016-07", "2019-06"]]],
  ["Registered Nurse, St. Mary's Hospital\nJan 2019 – Present", [["Registered Nurse", "St. Mary's Hospital", "2019-01", "2026-11", true]]],
  ["Accountant, Smith & Co | 2016-2019", [["Accountant", "Smith & Co", "2016-07", "2019-06"]]],
  ["Warehouse Supervisor, Fastship Logistics\n03/2020 - current", [["Warehouse Supervisor", "Fastship Logistics", "2020-03", "2026-11", true]]],
  ["Teaching Assistant, Ohio State University\nSpring 2021 – Fall 2022", [["Teaching Assistant", "Ohio State University", "2021-04", "2022-10"]]],
  ["Electrician, Volt Electric, 2019 to date", [["Electrician", "Volt Electric", "2019-07", "2026-11", true]]],
  ["Paralegal, Jones Law Firm, Since 2018", [["Paralegal", "Jones Law Firm", "2018-07", "2026-11", true]]],
  ["Sous Chef, Le Bistro, Sept. '19–Aug. '21", [["Sous Chef", "Le Bistro", "2019-09", "2021-08"]]],
  ["Software Engineer, Acme Corp, 2018 — now", [["Software Engineer", "Acme Corp", "2018-07", "2026-11", true]]],
  ["Truck Driver, Swift Transport (3 yrs)", []],
  ["Dental Hygienist, Bright Smiles Dental, 12/2019–", [["Dental Hygienist", "Bright Smiles Dental", "2019-12", "2026-11", true]]],
  ["Pharmacist, CVS Health, Nov 2026", [["Pharmacist", "CVS Health", "2026-11", "2026-11"]]],
  ["Cashier, Target, 2015 - 2017, 2019 - 2021", [["Cashier", "Target", "2019-07", "2021-06"], ["Cashier", "Target", "2015-07", "2017-06"]]],
  ["Lifeguard, City Pool, Summer 2019", [["Lifeguard", "City Pool", "2019-06", "2019-08"]]],
  ["Barista, Bean Co. 2016–2017; Shift Lead, Bean Co. 2017–2019", [["Shift Supervisor", "Bean Co.", "2017-07", "2019-06"], ["Barista", "Bean Co.", "2016-07", "2017-06"]]],
  ["2018 – 2021  Financial Analyst, Goldman Sachs", [["Financial Analyst", "Goldman Sachs", "2018-07", "2021-06"]]],
  ["Jan 2018 - Mar 2021\nFinancial Analyst, Goldman Sachs", [["Financial Analyst", "Goldman Sachs", "2018-01", "2021-03"]]],
  ["Marketing Manager, Hubspot\t\t\tMay 2017 – Jun 2020", [["Marketing Manager", "Hubspot", "2017-05", "2020-06"]]],
  ["Marketing Manager, Hubspot                     May 2017 – Jun 2020", [["Marketing Manager", "Hubspot", "2017-05", "2020-06"]]],
  ["Project Manager\nTurner Construction\nApr 2015 – Aug 2018", [["Project Manager", "Turner Construction", "2015-04", "2018-08"]]],
  ["Turner Construction | Project Manager | Apr 2015 – Aug 2018", [["Project Manager", "Turner Construction", "2015-04", "2018-08"]]],
  ["Data Analyst at Spotify (2020 – 2022)", [["Data Analyst", "Spotify", "2020-07", "2022-06"]]],
  ["Data Analyst at Spotify (Feb 2020 – Mar 2022)", [["Data Analyst", "Spotify", "2020-02", "2022-03"]]],
  ["Mayo Clinic\nNurse Practitioner, Jun 2019 – Present\nRegistered Nurse, Jan 2014 – May 2019", [["Nurse Practitioner", "Mayo Clinic", "2019-06", "2026-11", true], ["Registered Nurse", "Mayo Clinic", "2014-01", "2019-05"]]],
  ["Mayo Clinic, Rochester, MN\nNurse Practitioner\nJun 2019 – Present\nRegistered Nurse\nJan 2014 – May 2019", [["Nurse Practitioner", "Mayo Clinic", "2019-06", "2026-11", true], ["Registered Nurse", "Mayo Clinic", "2014-01", "2019-05"]]],
  ["Accountant (contract via Robert Half), Jan 2020 – Dec 2020", [["Accountant", "Robert Half", "2020-01", "2020-12"]]],
  ["Accountant, Robert Half (placed at Deloitte), 2020 – 2021", [["Accountant", "Robert Half", "2020-07", "2021-06"]]],
  ["Welder, Lincoln Fabrication, 06/2012 – 09/2015\nWelder, Miller Steel, 11/2016 – 04/2020", [["Welder", "Miller Steel", "2016-11", "2020-04"], ["Welder", "Lincoln Fabrication", "2012-06", "2015-09"]]],
  ["Sales Associate — Nordstrom — 2014 to 2016", [["Retail Sales Associate", "Nordstrom", "2014-07", "2016-06"]]],
  ["Summer 2019\nLifeguard, City Pool", [["Lifeguard", "City Pool", "2019-06", "2019-08"]]],
  ["Camp Counselor, Camp Wekeela, Summers 2017–2019", [["Recreation Worker", "Camp Wekeela", "2017-07", "2019-06"]]],
  ["Office Manager, Acme Dental (2010–2014, 2016–2020)", [["Office Manager", "Acme Dental", "2016-07", "2020-06"], ["Office Manager", "Acme Dental", "2010-07", "2014-06"]]],
  ["Graphic Designer | Freelance | 2019 – Present", [["Graphic Designer", "Freelance", "2019-07", "2026-11", true]]],
  ["Mechanic, Jiffy Lube, 2019-04 to 2021-01", [["Automotive Technician", "Jiffy Lube", "2019-04", "2021-01"]]],
  ["Receptionist, Hilton Hotels, June 2018 – present", [["Receptionist", "Hilton Hotels", "2018-06", "2026-11", true]]],
  ["Customer Service Representative, Comcast, Oct 2016 - Jul 2018", [["Customer Service Representative", "Comcast", "2016-10", "2018-07"]]],
  ["Police Officer, Chicago Police Department, 1998 – 2020", [["Police Officer", "Chicago Police Department", "1998-07", "2020-06"]]],
  ["Teacher, Lincoln Elementary School, Aug. 2010 – June 2015", [["Teacher", "Lincoln Elementary School", "2010-08", "2015-06"]]],
  ["Software Engineer, Google, Mountain View, CA  Jan 2020 – Present", [["Software Engineer", "Google", "2020-01", "2026-11", true]]],
  ["Server, Olive Garden, 2012–13", [["Server", "Olive Garden", "2012-07", "2013-06"]]],
  ["Server, Olive Garden, 2012 – '14", [["Server", "Olive Garden", "2012-07", "2014-06"]]],
  ["Electrician Apprentice, IBEW Local 46, 2015-2019", [["Apprentice Electrician", "IBEW Local 46", "2015-07", "2019-06"]]],
  ["Physical Therapist, Kaiser Permanente, January 2015 to December 2019", [["Physical Therapist", "Kaiser Permanente", "2015-01", "2019-12"]]],
  ["HR Generalist, Amazon, 2021/03 – 2023/06", [["HR Generalist", "Amazon", "2021-03", "2023-06"]]],
  ["HR Generalist, Amazon, 03.2021 – 06.2023", [["HR Generalist", "Amazon", "2021-03", "2023-06"]]],
  ["Nurse, Hospital A, Jan 2019 – Present\nNurse, Hospital B, Jun 2020 – Dec 2021", [["Registered Nurse", "Hospital A", "2019-01", "2026-11", true], ["Registered Nurse", "Hospital B", "2020-06", "2021-12"]]],
  ["Dental Assistant\nAspen Dental\n2017 - 2019", [["Dental Assistant", "Aspen Dental", "2017-07", "2019-06"]]],
  ["Aspen Dental — Dental Assistant — 2017 - 2019", [["Dental Assistant", "Aspen Dental", "2017-07", "2019-06"]]],
  ["Truck Driver, Werner Enterprises, 2010-Present", [["Truck Driver", "Werner Enterprises", "2010-07", "2026-11", true]]],
  ["Carpenter, Self-employed, 2005 – present", [["Carpenter", "Self-employed", "2005-07", "2026-11", true]]],
  ["Bookkeeper, ABC Corp., Feb 2019 – Feb 2019", [["Bookkeeper", "ABC Corp.", "2019-02", "2019-02"]]],
  ["Retail Store Manager, Walmart, Since Jan 2017", [["Store Manager", "Walmart", "2017-01", "2026-11", true]]],
  ["Loan Officer, Wells Fargo, 2015 until 2018", [["Loan Officer", "Wells Fargo", "2015-07", "2018-06"]]],
  ["Chef de Cuisine, The Ritz, Mar 2012 thru Jun 2016", [["Head Chef", "The Ritz", "2012-03", "2016-06"]]],
  ["Medical Assistant, Kaiser, Winter 2020 – Summer 2021", [["Medical Assistant", "Kaiser", "2020-01", "2021-07"]]],
  ["Research Assistant, MIT, Fall 2018", [["Research Assistant", "MIT", "2018-09", "2018-11"]]],
  ["Security Guard, Allied Universal, 5/2018 – 8/2020", [["Security Officer", "Allied Universal", "2018-05", "2020-08"]]],
  ["Security Guard, Allied Universal, May '18 – Aug '20", [["Security Officer", "Allied Universal", "2018-05", "2020-08"]]],
  ["Electrician, Volt Electric, 2019 – Current", [["Electrician", "Volt Electric", "2019-07", "2026-11", true]]],
  ["Architect, Gensler, 2017 - Present (3 yrs)", [["Architect", "Gensler", "2017-07", "2026-11", true]]],
  ["Plumber, Roto-Rooter, Jan 2016 – Dec 2018 (3 years)", [["Plumber", "Roto-Rooter", "2016-01", "2018-12"]]],
  ["Construction Manager, Bechtel\n2012 – 2015", [["Construction Manager", "Bechtel", "2012-07", "2015-06"]]],
  ["Nanny, Private Family, 2018-2020", [["Nanny", "Private Family", "2018-07", "2020-06"]]],
  ["Web Developer (Contract), Accenture via TEKsystems, Mar 2021 – Sep 2021", [["Web Developer", "Accenture", "2021-03", "2021-09"]]],
  ["Forklift Operator\tAmazon\t2019 – 2021", [["Forklift Operator", "Amazon", "2019-07", "2021-06"]]],
  // What must not change: an employer named on a role's own line heads no group, a role held twice on one line stays
  // one role, a note between roles is none, and a range cut by a line break is read whole.
  ["Registered Nurse, Mayo Clinic, Jun 2019 – Present\nCharge Nurse, Jan 2014 – May 2019", [["Registered Nurse", "Mayo Clinic", "2019-06", "2026-11", true], ["Charge Nurse", null, "2014-01", "2019-05"]]],
  ["Acme Corp\nSoftware Engineer\n2019 – 2021\n- Built APIs\nBeta Inc\nData Analyst\n2016 – 2019", [["Software Engineer", "Acme Corp", "2019-07", "2021-06"], ["Data Analyst", "Beta Inc", "2016-07", "2019-06"]]],
  ["Cashier, Target, 2015 - 2017; 2019 - 2021", [["Cashier", "Target", "2019-07", "2021-06"], ["Cashier", "Target", "2015-07", "2017-06"]]],
  ["Barista 2016–2017; promoted 2017; Store Manager 2017–2019", [["Store Manager", null, "2017-07", "2019-06"], ["Barista", null, "2016-07", "2017-06"]]],
  ["2019 – Present\nSenior Accountant\nDeloitte\n- Audits\n2015 – 2019\nStaff Accountant\nKPMG", [["Accountant", "Deloitte", "2019-07", "2026-11", true], ["Accountant", "KPMG", "2015-07", "2019-06"]]],
  ["Senior Accountant, Deloitte, 2019 –\n2015 – 2019 Staff Accountant, KPMG", [["Accountant", "Deloitte", "2019-07", "2026-11", true], ["Accountant", "KPMG", "2015-07", "2019-06"]]],
  ["Electrician, Volt Electric, Jan 2019 –\nDec 2021\n- Wired panels", [["Electrician", "Volt Electric", "2019-01", "2021-12"]]],
];

describe("work-history entries as résumés write them", () => {
  it("covers at least sixty shapes", () => expect(SHAPES.length).toBeGreaterThanOrEqual(60));
  it.each(SHAPES)("%j", (entry, expected) => {
    const got = read(entry).positions.map((p): Row => {
      const row: Row = [p.catalogueTitle, p.employer, p.start, p.end];
      if (p.current) row.push(true);
      return row;
    });
    expect(got).toEqual(expected);
  });
});

describe("years of overlapping, returning and single-season work", () => {
  it("counts overlapping jobs once and leaves a gap out", () => {
    // Two current jobs held together: January 2020 to November 2026 once.
    expect(read("Bartender, The Tavern, Jun 2021 – Present\nServer, Olive Garden, Jan 2020 – Present").months).toBe(83);
    // 48 months, a gap of almost four years, then 107 months.
    expect(read("Electrician, ABC Electric, Mar 2010 – Feb 2014\nElectrician, XYZ Electric, Jan 2018 – Present").months).toBe(155);
    // A returning employee's two stints, and two roles on one line, each counted once.
    expect(read("Cashier, Target, 2015 - 2017, 2019 - 2021").months).toBe(48);
    expect(read("Barista, Bean Co. 2016–2017; Store Manager, Bean Co. 2017–2019").months).toBe(36);
    expect(read("Lifeguard, City Pool, Summer 2019").months).toBe(3);
  });

  it("keeps the kind of work read from the entry: a summer internship is trainee work, part-time work half", () => {
    const [intern] = read("Software Engineering Intern, Google — Summer 2023").positions;
    expect(intern).toMatchObject({ trainee: true, months: 3 });
    expect(read("Caregiver, Home Instead, 2016 - 2019 (part-time)").positions[0]!.share).toBe(0.5);
  });

  it("reads no single month that is an event of the job above, a bullet or a sentence", () => {
    const exp = read(
      [
        "Financial Analyst, Goldman Sachs, Jan 2018 – Present",
        "Promoted to Senior Financial Analyst, March 2020",
        "- Closed the books for March 2021 two days early",
        "Completed the audit in March 2017 ahead of schedule with the whole team on site.",
      ].join("\n"),
    );
    expect(exp.positions.map((p) => [p.start, p.end])).toEqual([["2018-01", "2026-11"]]);
  });
});

describe("positions only where an entry is written", () => {
  const positions = (text: string) =>
    analyseCandidate(text, ctx, NOW).experience.positions.map((p) => [p.catalogueTitle, p.employer, p.start, p.end, p.levels]);

  it("reads no position from dates told in a sentence of a summary or of the writer's own", () => {
    const text = [
      "CAREER SUMMARY",
      "Six years as a paralegal at a creditors' rights and commercial litigation firm representing banks, credit unions and equipment lenders. High-volume state and federal e-filing, bankruptcy court practice and, since 2024, discovery and trial support on contested commercial loan cases.",
      "PROFESSIONAL EXPERIENCE",
      "Paralegal, Rutledge Amesbury Co., LPA — Columbus, OH",
      "Spring 2020 – Present",
      "- Prepare and e-file collection complaints",
      "I have not cooked meat or fish professionally since 2017 and would welcome the chance to learn.",
    ].join("\n");
    expect(positions(text)).toEqual([["Paralegal", "Rutledge Amesbury Co.", "2020-04", "2026-11", []]]);
  });

  it("still reads an entry written on a line of its own, in a sentence or with a title's grade 'I'", () => {
    expect(positions("EXPERIENCE\nParalegal at Smith & Co since 2019\n")).toEqual([["Paralegal", "Smith & Co", "2019-07", "2026-11", []]]);
    expect(positions("SUMMARY\nBookkeeper at a feed store in Purdy, MO (2011–2018). It taught me to keep my paperwork straight.\n")).toHaveLength(1);
    expect(positions("EXPERIENCE\nSoftware Engineer I, Ridgeway Logistics Software, 2018 – 2019\n")).toHaveLength(1);
  });

  it("takes no place for the employer", () => {
    const [vp, rd, asm] = analyseCandidate(
      [
        "LEADERSHIP EXPERIENCE",
        "Vice President, Store Operations — Marisol & Finch (specialty women's apparel, 310 stores)",
        "San Francisco, CA | March 2019 – Present",
        "Regional Director, Pacific Northwest — Marisol & Finch",
        "Seattle, WA | 2015 – 2019",
        "Assistant Store Manager / Sales Manager — Harbor Lane Apparel",
        "Seattle and Tacoma, WA | 2001 – 2005",
      ].join("\n"),
      ctx,
      NOW,
    ).experience.positions;
    // The regional director's title is unknown to the catalogue; its employer is still the name after the role.
    expect([vp!.employer, rd!.employer]).toEqual(["Marisol & Finch", "Marisol & Finch"]);
    expect(asm!.employer ?? "").not.toMatch(/Seattle/u);
    // A title led to by promotion is no employer; the name after it is.
    expect(positions("EXPERIENCE\nServer, then Captain | Maison Kestrel, Chicago, IL | 2014 - 2017\n")[0]![1]).toBe("Maison Kestrel");
    // A name with its place is still the name.
    expect(positions("EXPERIENCE\nStore Manager\nNorthwind Logistics, IL | 2019 – 2021\n")[0]![1]).toBe("Northwind Logistics");
  });

  it("reads the rank and the function of an executive's title the catalogue does not know", () => {
    const read = (entry: string) => analyseCandidate(`EXPERIENCE\n${entry}\n`, ctx, NOW).experience.positions[0]!;
    expect(read("Vice President, Store Operations — Marisol & Finch, 2019 – 2024")).toMatchObject({ catalogueTitle: "Vice President of Operations", levels: ["director"] });
    expect(read("Director, Field Operations — Acme Retail, 2019 – 2024")).toMatchObject({ catalogueTitle: "Director of Operations", levels: ["director"] });
    expect(read("SVP, Sales — Acme Retail, 2019 – 2024")).toMatchObject({ catalogueTitle: "Vice President of Sales", levels: ["director"] });
    // A region after the comma is no function: no title, the rank alone.
    expect(read("Regional Director, Pacific Northwest — Marisol & Finch, 2015 – 2019")).toMatchObject({ catalogueTitle: null, levels: ["director"] });
    expect(read("Area Director — Acme Retail, 2015 – 2019")).toMatchObject({ catalogueTitle: null, levels: ["director"] });
    // A name after the comma stays the employer's.
    expect(read("Manager, Acme Retail, 2019 – 2024").catalogueTitle).not.toBe("Retail Manager");
  });
});

describe("dates heading a first-person entry (review)", () => {
  const positions = (text: string) => analyseCandidate(text, ctx, NOW).experience.positions.map((p) => [p.employer, p.start, p.end]);

  it("keeps an entry whose dates come before the writer's 'I'", () => {
    expect(positions("EXPERIENCE\nWalmart (2015–2019): I managed a team of 12 associates in grocery.\n")).toEqual([["Walmart", "2015-07", "2019-06"]]);
    expect(positions("EXPERIENCE\n2015 – 2019: I worked as a charge nurse at Mercy Hospital, St. Louis.\n")).toHaveLength(1);
  });

  it("still reads no position from dates the writer tells after 'I'", () => {
    expect(positions("LICENSES\nClass A CDL that I have kept current since I drove over the road in 2016–2017.\n")).toEqual([]);
    expect(positions("SUMMARY\nWalmart (2015–2019): I managed a team of 12 associates in grocery and loved it.\n")).toEqual([]);
  });
});

describe("a regional title's territory is no employer (review)", () => {
  it("takes the name after the territory", () => {
    const [p] = analyseCandidate("EXPERIENCE\nRegional Director, Pacific Northwest — Starbucks — 2014 – 2020\n", ctx, NOW).experience.positions;
    expect(p!.employer).toBe("Starbucks");
    const [q] = analyseCandidate("EXPERIENCE\nDistrict Manager — Midwest Logistics — 2014 – 2020\n", ctx, NOW).experience.positions;
    expect(q!.employer).toBe("Midwest Logistics");
  });
});

describe("employers read past a joined role, a unit, or a long name line (issue 4 audit)", () => {
  const employers = (text: string) => analyseCandidate(text, ctx, NOW).experience.positions.map((p) => p.employer);

  it("reads the employer after a second role joined to the title by '/', '&' or 'and'", () => {
    expect(employers("EXPERIENCE\nCashier / Front Store Associate — Glass City Drug, Toledo, OH\nAug 2022 – May 2024\n")).toEqual(["Glass City Drug"]);
    expect(employers("EXPERIENCE\nElectrician / Lead – Brush Country Electric, San Antonio, TX\n07/2020 – current\n")).toEqual(["Brush Country Electric"]);
    expect(employers("EXPERIENCE\nBarista / Shift Lead | Commons Coffee, Boulder, CO | 2021 – 2024\n")).toEqual(["Commons Coffee"]);
    expect(employers("EXPERIENCE\nAccountant & Bookkeeper, Harlow Supply LLC, 2019 – 2021\n")).toEqual(["Harlow Supply LLC"]);
    // What must not change: words running to the dates are no joined role, and a plain "Title, Employer" stays.
    expect(employers("EXPERIENCE\nSoftware Engineer / Google / 2019 – 2021\n")).toEqual([null]);
    // After a joined role, a comma may set off the unit both were held in: the employer is on the line below.
    expect(employers("EXPERIENCE\nAssistant Store Manager / Area Manager, Home and Men's\nMarlowe's Department Store, Sacramento, CA 2004 – 2008\n")).toEqual([
      "Marlowe's Department Store",
    ]);
    expect(employers("EXPERIENCE\nLine Cook, Chili's, Sept 2019 – Present\n")).toEqual(["Chili's"]);
  });

  it("reads the organisation after the unit a title was held in", () => {
    expect(employers("EXPERIENCE\nStaff Nurse, Medical ICU — Susquehanna General Hospital, Harrisburg, PA\nJune 2008 – February 2019\n")).toEqual([
      "Susquehanna General Hospital",
    ]);
    expect(employers("EXPERIENCE\nOperations Manager, Claims Processing | Heartland Mutual Insurance | 2013 – Present\n")).toEqual([
      "Heartland Mutual Insurance",
    ]);
    // What must not change: an organisation before the stronger mark keeps the entry's employer, a place after it
    // is no employer, and a school named without "School" is the school.
    expect(employers("EXPERIENCE\nParalegal, Smith & Jones LLP — Litigation Group, 2019 – 2021\n")).toEqual(["Smith & Jones LLP"]);
    expect(employers("EXPERIENCE\nRegistered Nurse, Mercy Hospital — Cardiac ICU, 2019 – 2021\n")).toEqual(["Mercy Hospital"]);
    expect(employers("EXPERIENCE\nTeacher, Periwinkle Elementary — Linn Valley School District, 2009 – 2015\n")).toEqual(["Periwinkle Elementary"]);
  });

  it("reads an employer's line that runs long with its district and places", () => {
    const entries = [
      "CAREER",
      "Site HR Partner",
      "Polar Crest Cold Storage, Obetz, OH, and Shepherdsville, KY",
      "2021 – now",
      "HR Coordinator",
      "Polar Crest Cold Storage, Obetz, OH",
      "2019 – 2021",
      "Production Lead",
      "Sunnydale Snack Foods, Groveport, OH",
      "2015 – 2019",
    ].join("\n");
    // With the first entry's employer read, the layout is learnt and the untitled third entry gets its employer too.
    expect(employers(entries)).toEqual(["Polar Crest Cold Storage", "Polar Crest Cold Storage", "Sunnydale Snack Foods"]);
    expect(employers("EXPERIENCE\nThird Grade Teacher\nBrookhaven Elementary School, Marion Falls School District, Salem, OR\nAugust 2021 – Present\n")).toEqual([
      "Brookhaven Elementary School",
    ]);
    // What must not change: a sentence between title and dates names no employer.
    expect(employers("EXPERIENCE\nThird Grade Teacher\nTaught reading and math to a class of twenty four students every day\nAugust 2021 – Present\n")).toEqual([null]);
  });
});

describe("entries the work history takes from the wrong lines (issue 4 audit)", () => {
  const read = (text: string) =>
    analyseCandidate(text, ctx, NOW).experience.positions.map((p) => [p.catalogueTitle, p.employer, p.start, p.end]);

  it("reads a role told in a sentence of a job's duties as part of that job", () => {
    const entry = [
      "EXPERIENCE",
      "Staff Nurse, Medical ICU — Susquehanna General Hospital, Harrisburg, PA",
      "June 2019 – Present",
      "Charge nurse on nights about twice a month since 2025.",
      "Member of the rapid response team; ECMO-trained bedside nurse since 2024.",
    ].join("\n");
    expect(read(entry)).toEqual([["Registered Nurse", "Susquehanna General Hospital", "2019-06", "2026-11"]]);
    // What must not change: an entry line under the job above stays a position, and so does a sentence whose dates
    // fall outside the job's.
    expect(read("EXPERIENCE\nStaff Nurse, Mercy Hospital, 2019 – Present\nCharge Nurse, Mercy Hospital, 2021 – 2023\n")).toHaveLength(2);
    expect(read("EXPERIENCE\nStaff Nurse, Mercy Hospital, 2019 – Present\nWorked as a charge nurse at Mercy West from 2014 to 2018.\n")).toHaveLength(2);
  });

  it("keeps promotions under one employer told as roles with their own dates (review of the duty-sentence rule)", () => {
    const titles = (text: string) => read(text).map((p) => [p[0], p[2], p[3]]);
    expect(
      titles(
        "EXPERIENCE\nMercy Hospital, Toledo, OH, 2012 – Present\n• Charge Nurse, 2019 – present; supervise a team of eight nurses on nights.\n• Staff Nurse, 2012 – 2019; cared for cardiac step-down patients.\n",
      ),
    ).toEqual([
      ["Charge Nurse", "2019-07", "2026-11"],
      [null, "2012-07", "2026-11"],
      ["Registered Nurse", "2012-07", "2019-06"],
    ]);
    expect(
      titles(
        "EXPERIENCE\nAccountant, Deloitte, Chicago, IL, 2016 – Present\n- Senior Accountant from 2021 to present; lead the month-end close for three entities.\n- Staff Accountant from 2016 to 2021; reconciled bank and intercompany accounts.\n",
      ),
    ).toEqual([
      ["Accountant", "2021-07", "2026-11"],
      ["Accountant", "2016-07", "2026-11"],
      ["Accountant", "2016-07", "2021-06"],
    ]);
    expect(
      titles(
        "EXPERIENCE\nAcme Corp, Columbus, OH, 2015 – Present\nSenior software engineer from 2019 to present; lead the payments platform team.\nSoftware engineer from 2015 to 2019; built the billing service in Java.\n",
      ),
    ).toEqual([
      ["Software Engineer", "2019-07", "2026-11"],
      [null, "2015-07", "2026-11"],
      ["Software Engineer", "2015-07", "2019-06"],
    ]);
    // Under an entry headed by the employer alone, a dated role in a sentence is a position too.
    expect(
      titles(
        "EXPERIENCE\nMercy Hospital, Toledo, OH, 2012 – Present\nCharge nurse on the cardiac step-down unit from 2019 to present; supervise eight nurses.\nStaff nurse on the medical-surgical floor from 2012 to 2019; cared for post-op patients.\n",
      ),
    ).toHaveLength(3);
    // What must not change: under a titled entry, a role with descriptive words or an open "since" is the job's detail.
    expect(
      titles("EXPERIENCE\nStaff Nurse, Medical ICU — Susquehanna General Hospital, Harrisburg, PA\nJune 2019 – Present\nCharge nurse on nights since 2024; preceptor for 6 new graduates.\n"),
    ).toEqual([["Registered Nurse", "2019-06", "2026-11"]]);
  });

  it("takes no title from the next entry's head", () => {
    const entry = [
      "EXPERIENCE",
      "Regional Director, Pacific Northwest — Marisol & Finch",
      "Seattle, WA | 2015 – 2019",
      "Assistant Store Manager — Harbor Lane Apparel",
      "Tacoma, WA | 2001 – 2005",
    ].join("\n");
    expect(read(entry).map((p) => p[0])).toEqual([null, "Assistant Store Manager"]);
    // What must not change: under a heading, an employer's line with its dates is followed by its title.
    expect(read("EXPERIENCE\nAcme Corp  2019 – 2021\nSoftware Engineer\nBeta LLC  2017 – 2019\n")[0]![0]).toBe("Software Engineer");
  });
});

describe("the employer of a role the catalogue does not know (issue 4 audit)", () => {
  const read = (text: string) => analyseCandidate(text, ctx, NOW).experience.positions.map((p) => [p.catalogueTitle, p.employer]);

  it("reads the name after the role on the entry's head line", () => {
    expect(read("EXPERIENCE\nSep 2023 – Present\nResearch Analyst — Cuyahoga Valley Research Partners, Akron, OH\n")).toEqual([
      [null, "Cuyahoga Valley Research Partners"],
    ]);
    expect(read("EXPERIENCE\n2017 – 2020\nPharmacy Intern — Valley Value Pharmacy, Hamilton, OH\n")).toEqual([[null, "Valley Value Pharmacy"]]);
    expect(read("EXPERIENCE\nJunior Developer — Cascade Web Studio, Portland, OR\nJuly 2019 – July 2020\n")).toEqual([[null, "Cascade Web Studio"]]);
    // A unit set off by a comma, then the organisation after a stronger mark.
    expect(read("EXPERIENCE\n2014 – 2017\nOperations Supervisor, 2nd Shift — Vantage Supply Chain Partners, Elwood, IL\n")).toEqual([
      [null, "Vantage Supply Chain Partners"],
    ]);
  });

  it("reads no employer from a line that names no role, and takes no place for one", () => {
    expect(read("EXPERIENCE\n2017 – 2020\nThree Rivers Pharmacy, Fort Wayne, IN\nPharmacy Intern\n")).toEqual([[null, null]]);
    expect(read("EXPERIENCE\n2018 – 2021\nCustomer Service Team Lead, Carolina Direct Furnishings — Charlotte, NC\n")).toEqual([
      [null, "Carolina Direct Furnishings"],
    ]);
    expect(read("EXPERIENCE\n2018 – 2021\nShift Lead — Springfield, IL\n").map((p) => p[1])).not.toContain("Springfield");
  });
});

describe("employers read after a unit, a joined role or an unknown role, and long name lines (review)", () => {
  const employers = (text: string) => analyseCandidate(text, ctx, NOW).experience.positions.map((p) => p.employer);
  const one = (line: string) => employers(`EXPERIENCE\n${line}\n`);

  it("takes no unit after the organisation for the employer", () => {
    expect(one("Registered Nurse, Kaiser Permanente — Oncology Unit, 2019 – 2022")).toEqual(["Kaiser Permanente"]);
    expect(one("Software Engineer, Google — Research Division, 2019 – 2022")).toEqual(["Google"]);
    expect(one("Data Analyst, Nike — Finance Department, 2019 – 2022")).toEqual(["Nike"]);
    expect(one("Data Analyst, Nike — Marketing Analytics, 2019 – 2022")).toEqual(["Nike"]);
    expect(one("Project Manager, IBM — Global Technology Services, 2019 – 2022")).toEqual(["IBM"]);
    expect(one("Software Engineer, Meta — Reality Labs, 2019 – 2022")).toEqual(["Meta"]);
    expect(one("Accountant, Target — Corporate Finance Team, 2019 – 2022")).toEqual(["Target"]);
    expect(one("Software Engineer, Microsoft — Azure Services, 2019 – 2022")).toEqual(["Microsoft"]);
    expect(one("Software Engineer, Microsoft — Azure Networking Group, 2019 – 2022")).toEqual(["Microsoft"]);
    // What must still be read: the organisation after a unit, a unit named with a unit's word, a shift, or a school
    // named without "School"; and no organisation is taken over another one.
    expect(one("Nurse Manager, Medical ICU — Susquehanna General Hospital, 2015 – 2020")).toEqual(["Susquehanna General Hospital"]);
    expect(one("Registered Nurse, Emergency Department — Mercy Hospital, 2019 – 2022")).toEqual(["Mercy Hospital"]);
    expect(one("Warehouse Associate, Night Shift — Amazon Fulfillment Services, 2019 – 2021")).toEqual(["Amazon Fulfillment Services"]);
    expect(one("Warehouse Associate, Night Shift — Part-time, 2019 – 2021")).not.toContain("Part-time");
    expect(one("Teacher, Grade 3 — Periwinkle Elementary, 2009 – 2015")).toEqual(["Periwinkle Elementary"]);
    expect(one("Teacher, Jefferson Elementary — Springfield Public Schools, 2009 – 2015")).toEqual(["Jefferson Elementary"]);
  });

  it("reads no list of skills, cities or accounts as a name line", () => {
    expect(employers("EXPERIENCE\nData Analyst\nPython, SQL, Tableau, Power BI, Excel, Looker, Snowflake, Airflow\n2019 – 2021\n")).toEqual([null]);
    expect(employers("EXPERIENCE\nField Service Technician\nServed Columbus, Dayton, Cincinnati, Toledo, Akron, Canton, Youngstown, Lima\n2019 – 2021\n")).toEqual([null]);
    expect(employers("EXPERIENCE\nField Service Technician\nDayton, Springfield, Xenia, Fairborn, Beavercreek, Kettering, Centerville, Huber Heights\n2019 – 2021\n")).toEqual([null]);
    expect(employers("EXPERIENCE\nStore Manager\nKey Accounts: Walmart, Target, Costco, Kroger, Home Depot, Lowe's, Best Buy\n2019 – 2021\n")).toEqual([null]);
    expect(
      employers("EXPERIENCE\nAccount Executive\n2021 – Present\nKey Accounts: Walmart, Target, Costco, Kroger, Home Depot, Lowe's, Best Buy\nSales Representative\n2019 – 2021\n"),
    ).toEqual([null, null]);
    expect(
      employers("EXPERIENCE\nRegistered Nurse\n2021 – Present\nUnits Floated: Med-Surg, Telemetry, Step-Down, Cardiac ICU, PACU, Cath Lab\nPatient Care Technician\n2019 – 2021\n"),
    ).toEqual([null, null]);
    // A label before names and places, and more than two names, make no employer's line either.
    expect(employers("EXPERIENCE\nAccount Executive\nClients: Acme Corp, Salem, OR, Beta Regional Hospital, Portland, OR\n2019 – 2021\n")).toEqual([null]);
    expect(employers("EXPERIENCE\nData Analyst\nPython, Tableau, Salem, OR, Portland, OR, Eugene, OR, Bend, OR\n2019 – 2021\n")).toEqual([null]);
    expect(employers("EXPERIENCE\nData Analyst\nNorthwind Health, Contoso Regional Hospital, Fabrikam Medical Center, Salem, OR\n2019 – 2021\n")).toEqual([null]);
    // What must still be read (see also the Polar Crest and Brookhaven entries above).
    expect(employers("EXPERIENCE\nThird Grade Teacher\nBrookhaven Elementary School, Marion Falls School District, Salem, OR\nAugust 2021 – Present\n")).toEqual([
      "Brookhaven Elementary School",
    ]);
    expect(employers("EXPERIENCE\nSite HR Partner\nPolar Crest Cold Storage, Obetz, OH, and Shepherdsville, KY\n2021 – 2024\n")).toEqual(["Polar Crest Cold Storage"]);
  });

  it("reads the employer after a role the catalogue does not know as after a known one", () => {
    const unknown = (text: string) => employers(`EXPERIENCE\n${text}\n`);
    expect(unknown("Implementation Lead, Epic Systems — Ambulatory Team\n2019 – 2021")).toEqual(["Epic Systems"]);
    expect(unknown("Implementation Lead, Acme Health — Boston Office\n2019 – 2021")).toEqual(["Acme Health"]);
    expect(unknown("Engagement Manager, McKinsey & Company — Healthcare Practice\n2019 – 2021")).toEqual(["McKinsey & Company"]);
    expect(unknown("2019 – 2021\nImplementation Lead — Night Shift")).toEqual([null]);
    expect(unknown("Program Lead — Part-time\n2019 – 2021")).toEqual([null]);
    expect(unknown("Sep 2023 – Present\nResearch  Analyst — Cuyahoga Valley Research Partners, Akron, OH")).toEqual(["Cuyahoga Valley Research Partners"]);
    // What must still be read.
    expect(unknown("Engagement Manager, Healthcare Practice — McKinsey & Company\n2019 – 2021")).toEqual(["McKinsey & Company"]);
    expect(unknown("Implementation Lead, Acme Health — Boston\n2019 – 2021")).toEqual(["Acme Health"]);
    expect(unknown("Sep 2023 – Present\nResearch Analyst, Clinical Trials — Cuyahoga Valley Research Partners")).toEqual(["Cuyahoga Valley Research Partners"]);
  });

  it("reads the employer after a joined role, or after '/' when the words joined are no role", () => {
    expect(one("Software Engineer / Team Lead, Google, 2019 – 2021")).toEqual(["Google"]);
    expect(one("Accountant / Bookkeeper, Smith Family Dental, Columbus, OH, 2016 – 2018")).toEqual(["Smith Family Dental"]);
    expect(one("Project Manager / Scrum Master, Accenture, 2018 – 2022")).toEqual(["Accenture"]);
    expect(one("Project Manager / Scrum Master, Accenture — Chicago, IL, 2018 – 2022")).toEqual(["Accenture"]);
    expect(one("Sales Associate & Cashier, Target, Dayton, OH, 2016 – 2018")).toEqual(["Target"]);
    expect(one("Software Engineer / Google — Jan 2019 – Dec 2021")).toEqual(["Google"]);
    expect(one("Software Engineer / Google, 2019 – 2021")).toEqual(["Google"]);
    expect(one("Nurse / Mercy Hospital, Toledo, OH, Jan 2019 – Dec 2021")).toEqual(["Mercy Hospital"]);
    expect(one("Server / Olive Garden — Dayton, OH | 2019 – 2021")).toEqual(["Olive Garden"]);
    expect(one("Cashier / Stocker at Kroger, Dayton, OH, 2019 – 2021")).toEqual(["Kroger"]);
    expect(one("Barista and Shift Lead @ Starbucks | 2019 – 2021")).toEqual(["Starbucks"]);
    // What must not change: a credential, a field or a place after "/" is no employer, and a joined role's unit
    // ending its line is none either (the Marlowe's entry above).
    expect(one("Registered Nurse / BSN, 2019 – 2021")).toEqual([null]);
    expect(one("Software Engineer / Backend, Google, 2019 – 2021")).toEqual(["Google"]);
    expect(one("Vice President, People & Culture | Northvane Analytics | 2019 – 2022")).toEqual(["Northvane Analytics"]);
    expect(one("Software Engineer / Data platform, 2019 – 2021")).toEqual([null]);
    expect(one("Software Engineer / Remote, 2019 – 2021")).toEqual([null]);
    expect(one("Software Engineer / Austin, TX, 2019 – 2021")).toEqual([null]);
    expect(one("Welder / Fabricator\tAcme Steel\t2019 – 2021")).toEqual(["Acme Steel"]);
    expect(one("Cashier / Stocker, 2019 – 2021")).toEqual([null]);
    expect(one("Director of Operations & Logistics, Chicago, IL, 2019 – 2021")).not.toContain("Logistics");
    expect(employers("EXPERIENCE\nSoftware Engineer / Team Lead, Google, Mountain View, CA\n2019 – 2021\n")).toEqual(["Google"]);
    expect(one("Software Engineer / Team Lead, Platform Infrastructure — Google, 2019 – 2021")).not.toContain("Platform Infrastructure");
  });

  it("stays linear on long lines", () => {
    const lines = [
      `EXPERIENCE\n2019 – 2021\nResearch${" ".repeat(100_000)}Analyst — Acme Partners\n`,
      `EXPERIENCE\n2019 – 2021\nResearch  Analyst, ${"Unit ".repeat(20_000)}— Acme Hospital\n`,
      `EXPERIENCE\n2019 – 2021\nResearch Analyst, ${"Ab ".repeat(33_000)}— Acme Hospital\n`,
      `EXPERIENCE\nSoftware Engineer / Google${", Austin".repeat(15_000)}, 2019 – 2021\n`,
      `EXPERIENCE\nSoftware Engineer, Medical ICU${" ".repeat(100_000)}— Acme Hospital, 2019 – 2021\n`,
      `EXPERIENCE\nSoftware Engineer / Team Lead, ${"Medical ".repeat(12_500)}\n2019 – 2021\n`,
      `EXPERIENCE\nData Analyst\n${"Acme, ".repeat(16_000)}\n2019 – 2021\n`,
    ];
    for (const line of lines) {
      const t = performance.now();
      employers(line);
      expect(performance.now() - t).toBeLessThan(2000);
    }
  });
});
