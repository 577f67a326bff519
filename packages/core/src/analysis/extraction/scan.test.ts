import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../catalogue/build.ts";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "../text/headings.ts";
import { scanText } from "./scan.ts";
import { extractJobSkills } from "./skills.ts";

// One-letter languages and skills that are also fields of study, which the shared fixture catalogue does not have.
const catalogue = new Catalogue(
  buildCatalogue(
    [
      {
        path: "skills.json",
        content: {
          skills: [
            { name: "C", type: "Specialized Skill", case_sensitive: true },
            { name: "R", type: "Specialized Skill", case_sensitive: true },
            { name: "Statistics", type: "Specialized Skill" },
            { name: "Accounting", type: "Specialized Skill" },
            { name: "Python", type: "Specialized Skill" },
            { name: "Negotiation", type: "Common Skill" },
            { name: "Scheduling", type: "Common Skill", aliases: ["Staff Scheduling"] },
            { name: "Butchery", type: "Specialized Skill" },
            { name: "Joinery", type: "Specialized Skill" },
            { name: "Installation", type: "Specialized Skill" },
            { name: "Registered Nurse (RN) License", type: "Certification" },
            { name: "Critical Care Registered Nurse (CCRN)", type: "Certification" },
            { name: "Teaching License", type: "Certification" },
            { name: "Real Estate Salesperson License", type: "Certification", aliases: ["Real Estate License", "Real Estate Agent License"] },
            { name: "Invoice Processing", type: "Specialized Skill", aliases: ["Invoicing"] },
            { name: "Pharmacist License", type: "Certification", aliases: ["RPh License"] },
            { name: "Personal Licence Holder", type: "Certification", aliases: ["Personal Licence"] },
            { name: "Dental License", type: "Certification", aliases: ["DDS License"] },
            { name: "Life & Health License", type: "Certification" },
            { name: "Property & Casualty License", type: "Certification" },
            { name: "Social Work License", type: "Certification" },
            { name: "Commercial Drivers License", type: "Certification" },
            { name: "Property Management License", type: "Certification" },
            { name: "Water Treatment License", type: "Certification" },
            { name: "Tolerance Stack-Up Analysis", type: "Specialized Skill", aliases: ["Stack Analyses"] },
            { name: "Apache Spark", type: "Specialized Skill" },
            { name: "Apache Kafka", type: "Specialized Skill" },
            { name: "APhA Immunization Certificate", type: "Certification", aliases: ["APhA Pharmacy-Based Immunization Delivery"] },
            { name: "Basic Life Support (BLS)", type: "Certification", aliases: ["BLS"] },
          ],
        },
      },
      { path: "titles.json", content: { career_group: "Data", titles: [{ name: "Data Scientist", skills: ["Python", "R"] }] } },
    ],
    "test",
  ),
);
const skillNames = (text: string) => scanText(text, RESUME_SECTIONS, catalogue).skills.map((s) => s.surface);
const jobSkills = (text: string) => extractJobSkills(scanText(text, JOB_SECTIONS, catalogue), catalogue, null).map((s) => [s.name, s.strength]);

describe("one-letter skills", () => {
  it("are not the letter that completes a name such as a funding round or a plan", () => {
    expect(skillNames("We are a Series C company with a Plan B and a Class C licence.")).toEqual([]);
  });

  it("are still read as languages elsewhere", () => {
    expect(skillNames("Built parsers in C and models in R; C, Python")).toEqual(["C", "R", "C", "Python"]);
  });
});

describe("fields of study in a degree's sentence", () => {
  it("are the education requirement, not skills asked for", () => {
    expect(jobSkills("Requirements\n- BS in Statistics or a related field\n- Python")).toEqual([["Python", "must"]]);
    expect(jobSkills("Requirements\n- Bachelor's degree in Accounting")).toEqual([]);
  });

  it("are skills when no degree is named with them", () => {
    expect(jobSkills("Requirements\n- Strong statistics and Python")).toEqual([["Statistics", "must"], ["Python", "must"]]);
  });
});

describe("skills shown by the verb of the work", () => {
  const verbs = (text: string) => scanText(text, RESUME_SECTIONS, catalogue).skills.map((s) => [s.surface, catalogue.skill(s.value)!.name]);

  it("reads a past-tense verb of the work history as the skill its noun names", () => {
    expect(verbs("Experience\nSous Chef, Acme, 2020 – 2024\n- Butchered whole hogs; scheduled a crew of 12; negotiated with farms")).toEqual([
      ["Butchered", "Butchery"],
      ["scheduled", "Scheduling"],
      ["negotiated", "Negotiation"],
    ]);
    expect(verbs("Experience\n- Installed panels")).toEqual([["Installed", "Installation"]]);
  });

  it("reads no verb outside the work history, no present tense, no word a catalogue phrase covers, no unrelated noun", () => {
    expect(verbs("Summary\nNegotiated deals for ten years")).toEqual([]);
    expect(verbs("Experience\n- Negotiates renewals; joined the team in 2020")).toEqual([]);
    // A past tense whose everyday sense is not the skill.
    expect(verbs("Experience\n- Accounted for 30% of regional revenue")).toEqual([]);
    expect(verbs("Experience\n- Staff Scheduling for 40 nurses")).toEqual([["Staff Scheduling", "Scheduling"]]);
  });

  it("reads no participle that a compound negates, and still reads one a compound qualifies", () => {
    // "Goods received-not-invoiced" is an accrual account: nothing was invoiced.
    expect(verbs("Experience\n- Prepared the month-end accrual for received-not-invoiced goods")).toEqual([]);
    expect(verbs("Experience\n- Reviewed non-negotiated freight rates")).toEqual([]);
    expect(verbs("Experience\n- Invoiced 300 clients a month; co-negotiated the union contract")).toEqual([
      ["Invoiced", "Invoice Processing"],
      ["negotiated", "Negotiation"],
    ]);
  });

  it("reads a present-tense verb after a first-person subject, as prose résumés write their duties", () => {
    expect(verbs("Experience\nTerritory Manager, Trussbook, 2021 – present\nI negotiate the order form with procurement.")).toEqual([
      ["negotiate", "Negotiation"],
    ]);
    expect(verbs("Experience\n- We schedule 14 cooks a night and I also butcher whole hogs")).toEqual([
      ["schedule", "Scheduling"],
      ["butcher", "Butchery"],
    ]);
    // The subject at the end of a wrapped line.
    expect(verbs("Experience\nI run discovery with the controller and the AP team, demo the workflow, and then I\nnegotiate the order form")).toEqual([
      ["negotiate", "Negotiation"],
    ]);
  });

  it("reads no present-tense word without a first-person subject, nor one whose everyday sense is not the skill", () => {
    // A noun spelt like the verb, a third person, a subject on a line that does not run on into this one.
    expect(verbs("Experience\n- Built the weekly schedule for 40 nurses")).toEqual([]);
    expect(verbs("Experience\n- Vendors negotiate directly with finance")).toEqual([]);
    expect(verbs("Experience\nSkills I\n\nnegotiate renewals")).toEqual([]);
    expect(verbs("Experience\nI run discovery, and then I\n\nnegotiate renewals")).toEqual([]);
    expect(verbs("Experience\nI account for 30% of regional revenue")).toEqual([]);
    expect(verbs("Summary\nI negotiate deals for a living")).toEqual([]);
  });
});

describe("licensed roles in a licences section", () => {
  const named = (text: string) => scanText(text, RESUME_SECTIONS, catalogue).skills.map((s) => [s.surface, catalogue.skill(s.value)!.name]);

  it("read a one-word role after 'Licensed', or in initials, as its licence", () => {
    expect(named("Licenses\nLicensed Pharmacist, State of Ohio (#03-1-234567), active\nRPh – Kentucky")).toEqual([
      ["Licensed Pharmacist", "Pharmacist License"],
      ["RPh", "Pharmacist License"],
    ]);
    // A role word that goes on into another title is not the licence; initials that name a degree are the degree.
    expect(named("Certifications\nLicensed Personal Trainer (NASM)")).toEqual([]);
    expect(named("Licensure\nDDS, Massachusetts")).toEqual([]);
  });


  it("read the role's name, or its abbreviation in capitals, as its licence", () => {
    expect(named("Licenses & Certifications\nRegistered Nurse, Illinois (active, #041-123456)\nRN – Wisconsin")).toEqual([
      ["Registered Nurse", "Registered Nurse (RN) License"],
      ["RN", "Registered Nurse (RN) License"],
    ]);
  });

  it("read no licence from the field a licence is held in", () => {
    // "Real Estate License": real estate is the field, not the holder; the role that holds it is the agent.
    expect(named("Summary\nMy teaching license expired in 2018 while I worked in real estate.").map(([, name]) => name)).toEqual(["Teaching License"]);
    expect(named("Licenses\nReal Estate Agent, Ohio (#2016-123)")).toEqual([["Real Estate Agent", "Real Estate Salesperson License"]]);
    // A field ending like a holder noun ("Management", "Water") is still a field.
    expect(named("Summary\nLicensed in Ohio; ten years in property management and water treatment.")).toEqual([]);
  });

  it("read a licence named by its field on a line of a licences section", () => {
    expect(named("Licenses\nLife & Health (Texas); Property & Casualty (Texas)").map(([, name]) => name)).toEqual(["Life & Health License", "Property & Casualty License"]);
    expect(named("Licenses\nReal Estate, Texas #12345\nSocial Work, New York").map(([, name]) => name)).toEqual(["Real Estate Salesperson License", "Social Work License"]);
    expect(named("Certifications\nCommercial Drivers, Class A (Ohio)").map(([, name]) => name)).toEqual(["Commercial Drivers License"]);
  });

  it("read the role as its licence on a line outside the work history that says the writer is licensed", () => {
    const summary = "Summary\nI have been a registered nurse for six years, the last four in intensive care. I'm licensed in";
    expect(named(`${summary}\nPennsylvania and happy working nights.`)).toEqual([["registered nurse", "Registered Nurse (RN) License"]]);
    expect(named("Newly licensed Registered Nurse seeking an ICU position").map(([, name]) => name)).toEqual(["Registered Nurse (RN) License"]);
    // Without a word for the licence the role is the writer's job, not a credential; in the work history it is a title.
    expect(named("Summary\nI have been a registered nurse for six years.")).toEqual([]);
    expect(named("Experience\nLicensed Registered Nurse, Mercy Hospital, 2019 – 2024")).toEqual([]);
    // "A licensed practical nurse" after "I am" or "as" is the writer.
    expect(named("Summary\nSix years as a licensed Registered Nurse in Ohio").map(([, name]) => name)).toEqual(["Registered Nurse (RN) License"]);
    // On a résumé "a licensed RN" is the writer, after any other word too.
    expect(named("Summary\nCurrently a licensed RN in Texas with six years of ICU experience")).toEqual([["RN", "Registered Nurse (RN) License"]]);
    expect(named("Summary\nCompassionate nurse and a licensed RN (Texas)")).toEqual([["RN", "Registered Nurse (RN) License"]]);
  });

  it("read no licence from another person who is licensed, nor from a posting", () => {
    expect(named("Summary\nI room patients for a licensed Registered Nurse and two physicians.")).toEqual([]);
    expect(named("Summary\nCNA who assisted a licensed Registered Nurse with wound care")).toEqual([]);
    expect(named("Summary\nWorked alongside a licensed RN on a busy ward")).toEqual([]);
    expect(named("Summary\nStudying to become a licensed RN")).toEqual([]);
    const posted = (text: string) => scanText(text, JOB_SECTIONS, catalogue).skills.map((s) => catalogue.skill(s.value)!.name);
    expect(posted("Responsibilities\n- Works under the direction of a licensed Registered Nurse or physician")).toEqual([]);
    expect(posted("Responsibilities\n- Report changes in a patient's condition to the licensed Registered Nurse")).toEqual([]);
    expect(posted("About us\nA licensed child care center with a Registered Nurse on staff.")).toEqual([]);
    // A posting's licence named as such is still read.
    expect(posted("Requirements\n- Registered Nurse (RN) License, Texas")).toEqual(["Registered Nurse (RN) License"]);
  });

  it("leave the role a role elsewhere, a longer credential whole, and a one-word role alone", () => {
    expect(named("Experience\nRegistered Nurse, Mercy Hospital, 2019 – 2024")).toEqual([]);
    expect(named("Certifications\nCritical Care Registered Nurse (CCRN)").map(([, name]) => name)).toEqual(["Critical Care Registered Nurse (CCRN)"]);
    expect(named("Certifications\nTeaching assistant training, 2019")).toEqual([]);
  });
});

describe("phrases cut by a wrapped line or shared by coordinated words", () => {
  const prose = new Catalogue(
    buildCatalogue(
      [
        {
          path: "skills.json",
          content: {
            skills: [
              { name: "Basic Life Support (BLS)", type: "Certification", aliases: ["Basic Cardiac Life Support"] },
              { name: "Advanced Cardiovascular Life Support (ACLS)", type: "Certification", aliases: ["Advanced Cardiac Life Support"] },
              { name: "Critical Care", type: "Specialized Skill" },
              { name: "Critical Care Registered Nurse (CCRN)", type: "Certification", aliases: ["Critical Care Registered Nurse Certification"] },
              { name: "Scheduling", type: "Common Skill", aliases: ["Staff Scheduling"] },
              { name: "Sales", type: "Specialized Skill" },
              { name: "Sales Strategy", type: "Specialized Skill" },
              { name: "Marketing Strategy", type: "Specialized Skill" },
              { name: "Reading Instruction", type: "Specialized Skill" },
              { name: "Math Instruction", type: "Specialized Skill" },
              { name: "Warehouse Management Systems", type: "Specialized Skill" },
              { name: "Document Management Systems", type: "Specialized Skill" },
              { name: "Plant Layout Design", type: "Specialized Skill" },
              { name: "PCB Layout Design", type: "Specialized Skill" },
            ],
          },
        },
      ],
      "test",
    ),
  );
  const read = (text: string) =>
    scanText(text, RESUME_SECTIONS, prose).skills.map((h) => [prose.skill(h.value)!.name, h.surface.replace(/\s+/gu, " ")]);

  it("reads a phrase that a wrapped sentence cuts at the line break, on the line it starts", () => {
    const text = [
      "Summary",
      "I have been a nurse for six years and hold provider cards for advanced cardiac life",
      "support, renewed in 2025. I passed the critical care registered nurse",
      "certification exam in 2024.",
    ].join("\n");
    expect(read(text)).toEqual([
      ["Advanced Cardiovascular Life Support (ACLS)", "advanced cardiac life support"],
      // The longer phrase across the break, not "critical care" on its own.
      ["Critical Care Registered Nurse (CCRN)", "critical care registered nurse certification"],
    ]);
    const hit = scanText(text, RESUME_SECTIONS, prose).skills[0]!;
    expect(hit.line.text).toContain("advanced cardiac life");
  });

  it("keeps list items, sentences and paragraphs apart", () => {
    // A capitalised next line is an item of its own, a line that ends in punctuation ends its sentence, and a blank
    // line ends the paragraph.
    expect(read("Skills\nSales\nStaff\nScheduling")).toEqual([
      ["Sales", "Sales"],
      ["Scheduling", "Scheduling"],
    ]);
    expect(read("Summary\nI managed the staff.\nscheduling was done by HR")).toEqual([["Scheduling", "scheduling"]]);
    expect(read("Summary\nI managed the staff\n\nscheduling was done by HR")).toEqual([["Scheduling", "scheduling"]]);
    expect(read("Summary\nI managed staff\nscheduling for 40 nurses")).toEqual([["Scheduling", "staff scheduling"]]);
  });

  it("completes a word coordinated with a phrase that shares its head", () => {
    expect(read("Certifications\nBasic and advanced cardiac life support (AHA), 2025")).toEqual([
      ["Basic Life Support (BLS)", "Basic and advanced cardiac life support"],
      ["Advanced Cardiovascular Life Support (ACLS)", "advanced cardiac life support"],
    ]);
    // Across a wrapped line too.
    expect(read("Summary\nI hold cards for both basic and advanced cardiac life\nsupport.").map(([name]) => name)).toEqual([
      "Basic Life Support (BLS)",
      "Advanced Cardiovascular Life Support (ACLS)",
    ]);
  });

  it("does not complete a word that is a skill of its own, one after a comma, or a one-word head", () => {
    expect(read("Experience\nLed sales and marketing strategy").map(([name]) => name)).toEqual(["Sales", "Marketing Strategy"]);
    expect(read("Experience\nCPR, and advanced cardiac life support").map(([name]) => name)).toEqual([
      "Advanced Cardiovascular Life Support (ACLS)",
    ]);
    // "reading and math instruction": a one-word head is as often a noun of its own, so only the phrase written whole.
    expect(read("Experience\nSmall-group reading and math instruction").map(([name]) => name)).toEqual(["Math Instruction"]);
  });

  it("does not complete a word after a determiner, which is as often a noun of its own", () => {
    expect(read("Experience\n- Cleaned the warehouse and document management systems backlog").map(([name]) => name)).toEqual([
      "Document Management Systems",
    ]);
    expect(read("Experience\n- Joined the plant and PCB layout design teams").map(([name]) => name)).toEqual(["PCB Layout Design"]);
    // Without one the head is shared.
    expect(read("Skills\nWarehouse and document management systems").map(([name]) => name)).toEqual([
      "Warehouse Management Systems",
      "Document Management Systems",
    ]);
  });
});

describe("a skill phrase broken by a wrap in prose", () => {
  it("is read across the wrap when the next line goes on in lower case", () => {
    const text = "Experience\nDesign Engineer, Acme, 2020 – 2024\nI run worst-case and RSS stack\nanalyses on every sealing interface and moving fit.";
    const hits = scanText(text, RESUME_SECTIONS, catalogue).skills;
    expect(hits.map((h) => h.surface)).toEqual(["stack\nanalyses"]);
    expect(hits[0]!.line.text).toBe("I run worst-case and RSS stack");
  });

  it("is not read across a capitalised line, the end of a sentence, or a section break", () => {
    expect(skillNames("Skills\nPython, Apache\nSpark jobs, Kafka")).toEqual(["Python"]);
    expect(skillNames("Experience\nBuilt dashboards on Apache.\nspark ignition engines tuned")).toEqual([]);
    expect(skillNames("Experience\nI ran every stack\nSkills\nanalyses")).toEqual([]);
  });

  it("stays fast on a long wrapped document", () => {
    const text = "Experience\n" + "I run worst-case and RSS stack\nanalyses on every part and we\n".repeat(2500);
    const t0 = performance.now();
    expect(scanText(text, RESUME_SECTIONS, catalogue).skills.length).toBe(2500);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});

describe("a credential's name wrapped by a narrow column in a certifications section", () => {
  it("is read across a capitalised line in a licences or certifications section", () => {
    expect(skillNames("Licences\nOregon Professional Teaching\nLicense, Elementary Multiple\nSubjects, current through 2028")).toEqual([
      "Teaching\nLicense",
    ]);
    expect(skillNames("Licenses & Certifications\nAPhA Pharmacy-Based Immunization\nDelivery (2014) · CPR/BLS (AHA),\ncurrent")).toEqual([
      "APhA Pharmacy-Based Immunization\nDelivery",
      "BLS",
    ]);
  });

  it("is not read across items that end with their details, a bullet, a blank line, or outside such a section", () => {
    // Each item ends with a year or a bracket: the next capitalised line is a new item.
    expect(skillNames("Certifications\nAPhA Pharmacy-Based Immunization (2014)\nDelivery driver safety course")).toEqual([]);
    expect(skillNames("Certifications\nOregon Professional Teaching\n• License plate recognition training")).toEqual([]);
    expect(skillNames("Certifications\nOregon Professional Teaching\n\nLicense, Elementary")).toEqual([]);
    // A list of skills keeps its items apart, capitalised or not.
    expect(skillNames("Skills\nPython, Apache\nSpark jobs, Kafka")).toEqual(["Python"]);
  });

  it("never glues two certifications listed one a line or side by side (negative), and stays fast on a hostile line", () => {
    expect(skillNames("Certifications\nCPR / BLS\nOSHA 30 / Forklift Certified")).toEqual(["BLS"]);
    expect(skillNames("Certifications\nBasic Life Support (BLS)\nAPhA Pharmacy-Based Immunization Delivery")).toEqual([
      "Basic Life Support (BLS",
      "APhA Pharmacy-Based Immunization Delivery",
    ]);
    expect(skillNames("Certifications\nBLS\nAPhA Immunization Certificate")).toEqual(["BLS", "APhA Immunization Certificate"]);
    const t = performance.now();
    skillNames(`Certifications\nOregon ${"A".repeat(100_000)}1\nLicense Teaching`);
    expect(performance.now() - t).toBeLessThan(1000);
  });
});

describe("a state's driver's licence by its shorthand", () => {
  const withLicence = new Catalogue(
    buildCatalogue(
      [
        {
          path: "skills.json",
          content: {
            skills: [
              { name: "Driver's License", type: "Certification", aliases: ["Valid DL"] },
              { name: "Deep Learning", type: "Specialized Skill" },
            ],
          },
        },
      ],
      "test",
    ),
  );
  const found = (text: string) => scanText(text, RESUME_SECTIONS, withLicence).skills.map((h) => [withLicence.skill(h.value)!.name, h.surface]);

  it("reads 'TX DL' and 'Texas DL' as the driver's licence, once where an alias covers it", () => {
    expect(found("Tools\nFull hand tool set; own truck; TX DL")).toEqual([["Driver's License", "TX DL"]]);
    expect(found("Other\nTexas DL, clean record")).toEqual([["Driver's License", "Texas DL"]]);
    expect(found("Other\nValid DL")).toEqual([["Driver's License", "Valid DL"]]);
  });

  it("leaves DL alone, after another word or in lower case, and a code run into a word", () => {
    expect(found("Skills\nDL and computer vision; PyTorch")).toEqual([]);
    expect(found("Skills\nManaged the team DL for releases")).toEqual([]);
    expect(found("Other\ntx dl")).toEqual([]);
    expect(found("Other\nTXDL")).toEqual([]);
  });

  it("stays fast on a long line", () => {
    const line = `Other\n${"TX DL, DL list, CA DL; ".repeat(5000)}`;
    const t0 = performance.now();
    expect(found(line)).toHaveLength(10000);
    expect(performance.now() - t0).toBeLessThan(1500);
  });
});
