import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../catalogue/build.ts";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "../text/headings.ts";
import { scanText } from "./scan.ts";

const catalogue = new Catalogue(
  buildCatalogue(
    [
      {
        path: "skills.json",
        content: {
          skills: [
            { name: "Leadership", type: "Common Skill" },
            { name: "Marketing", type: "Specialized Skill" },
            { name: "SQL", type: "Specialized Skill" },
            { name: "Apex", type: "Specialized Skill", aliases: ["Salesforce Apex"], case_sensitive: true },
            { name: "Salesforce CRM", type: "Specialized Skill", aliases: ["CRM"] },
            { name: "Salesforce Lightning", type: "Specialized Skill", aliases: ["Lightning"] },
            { name: "Salesforce Flow", type: "Specialized Skill", aliases: ["Flow"] },
            { name: "Apache Spark", type: "Specialized Skill", aliases: ["Spark"] },
            { name: "Apache Kafka", type: "Specialized Skill", aliases: ["Kafka"] },
            { name: "Apache Airflow", type: "Specialized Skill", aliases: ["Airflow"] },
            { name: "Electronic Logging Devices", type: "Specialized Skill", aliases: ["ELD"] },
            { name: "Commercial Driving", type: "Specialized Skill" },
            { name: "Route Planning", type: "Specialized Skill" },
            { name: "Pre-Trip Inspection", type: "Specialized Skill" },
            { name: "Lesson Planning", type: "Specialized Skill" },
            { name: "Classroom Management", type: "Specialized Skill" },
            { name: "Literacy Instruction", type: "Specialized Skill" },
            { name: "Translation", type: "Specialized Skill" },
            { name: "Copyediting", type: "Specialized Skill" },
            { name: "Journal Entries", type: "Specialized Skill" },
            { name: "Accruals", type: "Specialized Skill" },
            { name: "Account Reconciliation", type: "Specialized Skill" },
            { name: "Planning", type: "Common Skill" },
            { name: "Menu Planning", type: "Specialized Skill" },
            { name: "Event Planning", type: "Specialized Skill" },
            { name: "Sprint Planning", type: "Specialized Skill" },
            { name: "Food Safety", type: "Specialized Skill" },
            { name: "Catering", type: "Specialized Skill" },
            { name: "Distributed Control Systems (DCS)", type: "Specialized Skill", aliases: ["DCS", "Distributed Control Systems"] },
            { name: "Computerized Maintenance Management System (CMMS)", type: "Specialized Skill", aliases: ["CMMS"] },
            { name: "Service Level Agreements (SLAs)", type: "Specialized Skill", aliases: ["SLA", "SLAs"] },
            { name: "Refrigeration Systems", type: "Specialized Skill", aliases: ["Refrigeration", "Refrigerated"] },
            { name: "HVAC Systems", type: "Specialized Skill", aliases: ["HVAC"] },
            { name: "Scheduling", type: "Common Skill" },
            { name: "Invoice Processing", type: "Specialized Skill", aliases: ["Invoicing"] },
            { name: "Corrective and Preventive Action (CAPA)", type: "Specialized Skill", aliases: ["Corrective Action", "Corrective Actions", "CAPA"] },
            { name: "Root Cause Analysis", type: "Specialized Skill" },
            { name: "Statistical Process Control", type: "Specialized Skill", aliases: ["SPC"] },
            { name: "Failure Mode and Effects Analysis", type: "Specialized Skill", aliases: ["FMEA"] },
            { name: "Employee Relations", type: "Specialized Skill" },
            { name: "Workplace Investigations", type: "Specialized Skill" },
            { name: "FMLA", type: "Specialized Skill" },
            { name: "Certified Public Accountant (CPA)", type: "Certification", aliases: ["CPA", "Certified Public Accountant"] },
            { name: "EMT Certification", type: "Certification", aliases: ["EMT", "NREMT"] },
            { name: "Patient Assessment", type: "Specialized Skill" },
            { name: "Conduit Bending", type: "Specialized Skill" },
            { name: "National Electrical Code", type: "Specialized Skill", aliases: ["NEC"] },
            { name: "Motor Controls", type: "Specialized Skill" },
            { name: "React", type: "Specialized Skill" },
            { name: "Intensive Care Unit (ICU)", type: "Specialized Skill", aliases: ["ICU"] },
            { name: "Epic", type: "Specialized Skill", case_sensitive: true },
            { name: "EPA 608 Certification", type: "Certification", aliases: ["EPA 608"] },
            { name: "MIG Welding", type: "Specialized Skill", aliases: ["MIG"] },
            { name: "Bookkeeping", type: "Specialized Skill" },
            { name: "Payroll", type: "Specialized Skill" },
            { name: "WordPress", type: "Specialized Skill" },
            { name: "Google Ads", type: "Specialized Skill" },
            { name: "Irrigation Repair", type: "Specialized Skill" },
            { name: "Snow Removal", type: "Specialized Skill" },
            { name: "Six Sigma", type: "Specialized Skill", aliases: ["Lean Six Sigma"] },
            { name: "Hydraulic Systems", type: "Specialized Skill" },
            { name: "Trauma Care", type: "Specialized Skill" },
          ],
        },
      },
      {
        path: "dev.json",
        content: { career_group: "Software", titles: [{ name: "Salesforce Developer", skills: ["Apex", "Salesforce CRM", "SQL"] }, { name: "Data Engineer", skills: ["Apache Spark", "Apache Kafka", "SQL"] }] },
      },
      {
        path: "driving.json",
        content: { career_group: "Driving", titles: [{ name: "Truck Driver", skills: ["Electronic Logging Devices", "Commercial Driving", "Route Planning", "Pre-Trip Inspection"] }] },
      },
      {
        path: "teaching.json",
        content: { career_group: "Education", titles: [{ name: "Teacher", skills: ["Lesson Planning", "Classroom Management", "Literacy Instruction"] }] },
      },
      {
        path: "writing.json",
        content: { career_group: "Writing", titles: [{ name: "Translator", skills: ["Translation", "Copyediting"] }] },
      },
      {
        path: "hospitality.json",
        content: { career_group: "Hospitality", titles: [{ name: "Sous Chef", skills: ["Planning", "Menu Planning", "Food Safety", "Catering"] }] },
      },
      {
        path: "quality.json",
        content: { career_group: "Quality", titles: [{ name: "Quality Engineer", skills: ["Corrective and Preventive Action (CAPA)", "Root Cause Analysis", "Statistical Process Control", "Failure Mode and Effects Analysis"] }] },
      },
      {
        path: "hr.json",
        content: { career_group: "Human Resources", titles: [{ name: "HR Generalist", skills: ["Employee Relations", "Workplace Investigations", "FMLA"] }] },
      },
      {
        path: "ems.json",
        content: { career_group: "Emergency Services", titles: [{ name: "Paramedic", skills: ["EMT Certification", "Patient Assessment"] }] },
      },
      {
        path: "electrical.json",
        content: { career_group: "Electrical", titles: [{ name: "Electrician", skills: ["Conduit Bending", "National Electrical Code", "Motor Controls"] }] },
      },
      {
        path: "finance.json",
        content: { career_group: "Finance", titles: [{ name: "Accountant", skills: ["Journal Entries", "Accruals", "Account Reconciliation"] }] },
      },
    ],
    "test",
  ),
);

const skillsOf = (text: string) => scanText(text, RESUME_SECTIONS, catalogue).skills.map((s) => catalogue.skill(s.value)!.name);
const traitsOf = (text: string) =>
  scanText(text, JOB_SECTIONS, catalogue).lexicon.filter((h) => h.value.kind === "trait").map((h) => h.surface.toLowerCase());

describe("department words as the audience of the work", () => {
  it("are not the skill after a verb that presents or reports to them", () => {
    expect(skillsOf("Define success metrics, run tests and present results to leadership.")).toEqual([]);
    expect(skillsOf("Prepared weekly reports for senior leadership and marketing.")).toEqual([]);
  });

  it("are not the skill when the work is done alongside them", () => {
    expect(skillsOf("Partner closely with marketing and sales teams on launches.")).toEqual([]);
  });

  it("are not a trait either", () => {
    expect(traitsOf("You will present results to leadership.")).toEqual([]);
    expect(traitsOf("Leadership is a must.")).toEqual(["leadership"]);
  });

  it("stay the skill when the sentence asks for the discipline", () => {
    expect(skillsOf("Experience with marketing and SQL.")).toEqual(["Marketing", "SQL"]);
    expect(skillsOf("Presented the plan to marketing directors.")).toEqual(["Marketing"]);
    expect(skillsOf("Contributed to marketing campaigns.")).toEqual(["Marketing"]);
    expect(skillsOf("Strong leadership and mentoring.")).toEqual(["Leadership"]);
  });
});

describe("a product of another family", () => {
  it("is not the skill the catalogue places in its own family", () => {
    expect(skillsOf("Deployed a real-time model on Apache Apex and Apache Kafka.")).toEqual(["Apache Kafka"]);
  });

  it("leaves the skill written alone or with its own family", () => {
    expect(skillsOf("Wrote Apex triggers; Salesforce Apex classes.")).toEqual(["Apex", "Apex"]);
  });
});

describe("ambiguous forms outside the document's profession", () => {
  const teacher = "Plan lessons (lesson planning), classroom management and literacy instruction. Collaborate with special education, ELD and intervention staff.";
  const driver = "Commercial driving with route planning and pre-trip inspection; logs hours on an ELD.";
  const accountant = "Journal entries, accruals and account reconciliation; some exposure to foreign-currency translation.";

  it("drops an initialism whose expansion belongs to another profession", () => {
    expect(skillsOf(teacher)).not.toContain("Electronic Logging Devices");
    expect(skillsOf(teacher)).toContain("Classroom Management");
  });

  it("keeps it where the profession is the skill's", () => {
    expect(skillsOf(driver)).toContain("Electronic Logging Devices");
  });

  it("drops a lower-case word heading a compound of another profession", () => {
    expect(skillsOf(accountant)).not.toContain("Translation");
    expect(skillsOf(`${accountant} Copyediting.`)).toContain("Translation");
  });

  it("judges nothing when the document says too little about its profession", () => {
    expect(skillsOf("Collaborate with ELD staff.")).toEqual(["Electronic Logging Devices"]);
  });
});

describe("a general skill named by the head word of many compound skills", () => {
  const teaching = "Lesson planning, classroom management and literacy instruction for 23 pupils.";
  const chef = "Food safety, menu planning and catering for 200 covers; planning and scheduling of the line.";

  it("is not read from a bare word in another profession's text", () => {
    expect(skillsOf(`${teaching} Full lead responsibility: planning, grading and report cards.`)).not.toContain("Planning");
    expect(skillsOf(`${teaching} Planning and running the spring fair with parents.`)).not.toContain("Planning");
  });

  it("is read where the profession is the skill's, listed as a skill, or where the text says too little", () => {
    expect(skillsOf(chef)).toContain("Planning");
    expect(skillsOf(`${teaching} Skills: Planning, Budgeting`)).toContain("Planning");
    expect(skillsOf("Literacy instruction: planning and grading.")).toContain("Planning");
  });
});

describe("the plural of a shorter acronym", () => {
  it("is not the acronym the catalogue writes with a capital S", () => {
    // "DCs" are distribution centres, "CMMs" coordinate measuring machines: not DCS nor CMMS.
    expect(skillsOf("Drop-and-hook at grocery DCs and live loads at meat plants.")).toEqual([]);
    expect(skillsOf("Program Zeiss CMMs in Calypso and write inspection plans.")).toEqual([]);
  });

  it("leaves the acronym written as the catalogue writes it, and a plural of the skill's own acronym", () => {
    expect(skillsOf("Commissioned the plant DCS and a Maximo CMMS.")).toEqual(["Distributed Control Systems (DCS)", "Computerized Maintenance Management System (CMMS)"]);
    expect(skillsOf("Negotiated SLAs with three carriers.")).toEqual(["Service Level Agreements (SLAs)"]);
  });
});

describe("a sentence about the employer's business", () => {
  const job = (employer: string, title = "HR Partner") => `Experience\n${title}, ${employer}, 2019 – 2023\n`;

  it("names what the employer of a position sells, makes or stores, not the writer's skill", () => {
    expect(skillsOf(`${job("Polar Crest")}Polar Crest stores and ships frozen and refrigerated food for grocery chains.\nI am the site HR partner.`)).toEqual([]);
    expect(skillsOf(`${job("Riverbend")}Riverbend makes commercial HVAC parts ($450M revenue, five legal entities).`)).toEqual([]);
    expect(skillsOf(`${job("Northstar")}- Northstar is a 40-person health-tech startup that sells scheduling software.`)).toEqual([]);
    expect(skillsOf(`${job("Acme Inc.")}The company sells scheduling software to clinics.`)).toEqual([]);
  });

  it("leaves the writer's own work, a duty that opens with its verb, and the noun that looks like a verb", () => {
    expect(skillsOf(`${job("Polar Crest")}Polar Crest is a food distributor; I run its refrigeration plant and HVAC upkeep.`)).toEqual(["Refrigeration Systems", "HVAC Systems"]);
    expect(skillsOf("Installed and repaired HVAC and refrigeration equipment for a food distributor.")).toEqual(["HVAC Systems", "Refrigeration Systems"]);
    expect(skillsOf("Check designs against the DCS standard and HVAC code.")).toEqual(["Distributed Control Systems (DCS)", "HVAC Systems"]);
    expect(skillsOf("Ran stores with weekly scheduling of 40 associates.")).toEqual(["Scheduling"]);
    expect(scanText("The Store Manager runs the whole building: scheduling, invoicing and HVAC upkeep.", RESUME_SECTIONS, catalogue).skills.length).toBe(3);
    expect(scanText(`${job("Northwind")}The Store Manager runs the whole building: scheduling, invoicing and HVAC upkeep.`, RESUME_SECTIONS, catalogue).skills.length).toBe(3);
    // A posting's own business is its domain, read as before.
    expect(scanText("Tallyhook builds invoicing and payouts software for 4,000 trucking firms.", JOB_SECTIONS, catalogue).skills.length).toBe(1);
  });

  it("leaves duty bullets whose verbs are joined by 'and'", () => {
    expect(skillsOf(`${job("Brightside Bank", "Developer")}- Designs and builds React apps for banks`)).toEqual(["React"]);
    expect(skillsOf(`${job("Coolair", "Technician")}- Sells and installs HVAC systems\nInstalls and repairs HVAC units`)).toEqual(["HVAC Systems", "HVAC Systems"]);
    expect(skillsOf(`${job("Datacore", "Engineer")}- Builds and ships Python services`)).toEqual([]);
    expect(skillsOf("Experience\n- Designs and builds React apps for banks\n- Sells and installs HVAC systems")).toEqual(["React", "HVAC Systems"]);
  });

  it("leaves a third-person summary, and a skill that is itself the subject", () => {
    expect(skillsOf("Maria Lopez is a bilingual registered nurse with ICU, telemetry and Epic charting experience.")).toEqual(["Intensive Care Unit (ICU)", "Epic"]);
    expect(skillsOf("Summary\nJohn Carter is an HVAC technician with EPA 608 certification and 10 years in the field.")).toEqual(["HVAC Systems", "EPA 608 Certification"]);
    expect(skillsOf("Senior Welder fabricates structural steel using MIG welding.")).toEqual(["MIG Welding"]);
    expect(skillsOf("Profile\nLean Six Sigma is a passion.")).toEqual(["Six Sigma"]);
    expect(skillsOf(`${job("Acme", "Welder")}Senior Welder fabricates structural steel using MIG welding.`)).toEqual(["MIG Welding"]);
  });

  it("leaves the self-employed describing their own business", () => {
    // The business's name holds a skill too ("Jane Doe Bookkeeping"): each skill once.
    const kinds = (text: string) => [...new Set(skillsOf(text))];
    expect(kinds("Jane Doe Bookkeeping provides bookkeeping and payroll services to 30 small businesses.")).toEqual(["Bookkeeping", "Payroll"]);
    expect(kinds(`${job("Jane Doe Bookkeeping", "Owner")}Jane Doe Bookkeeping provides bookkeeping and payroll services.`)).toEqual(["Bookkeeping", "Payroll"]);
    expect(kinds(`${job("Acme Web", "Founder")}Acme Web builds WordPress sites and runs Google Ads campaigns`)).toEqual(["WordPress", "Google Ads"]);
    expect(kinds(`Experience\nGarcia Landscaping — Self-employed, 2015 – 2024\nGarcia Landscaping provides lawn care, irrigation repair and snow removal`)).toEqual(["Irrigation Repair", "Snow Removal"]);
    // The candidate's own name is no employer.
    expect(kinds(`Jane Doe\n${job("Jane Doe Bookkeeping", "Bookkeeper")}Jane Doe Bookkeeping provides bookkeeping and payroll services.`)).toEqual(["Bookkeeping", "Payroll"]);
  });

  it("leaves a bullet where the writer speaks, after ';' or a dash too", () => {
    expect(skillsOf(`${job("Acme", "Engineer")}Acme makes hydraulic systems; I designed them.`)).toEqual(["Hydraulic Systems"]);
    expect(skillsOf(`${job("St. Mary's Hospital", "RN")}St. Mary's Hospital provides trauma care; I triage patients`)).toEqual(["Trauma Care"]);
    expect(skillsOf(`${job("Acme", "Developer")}Acme builds React apps for banks — sole React developer.`)).toEqual(["React"]);
  });

  it("is linear on a long line of business sentences", () => {
    const text = `${job("Acme")}${"Acme makes HVAC parts. ".repeat(4_300)}`.slice(0, 100_000);
    const t = performance.now();
    scanText(text, RESUME_SECTIONS, catalogue);
    expect(performance.now() - t).toBeLessThan(2_000);
  });
});

describe("a name shortened to an everyday phrase", () => {
  const hr = "Employee relations, workplace investigations and FMLA for 700 associates. I coach supervisors through corrective action and final warnings.";
  const quality = "Root cause analysis, SPC and FMEA on machined parts; wrote supplier corrective action requests.";

  it("is not the skill in another profession's text", () => {
    // An HR generalist's "corrective action" is discipline, not the quality method.
    expect(skillsOf(hr)).not.toContain("Corrective and Preventive Action (CAPA)");
    expect(skillsOf(hr.replace("corrective action", "corrective-action conversations"))).not.toContain("Corrective and Preventive Action (CAPA)");
  });

  it("is not the skill when it opens a line or a sentence with a capital", () => {
    const opening = "Employee relations, workplace investigations and FMLA for 700 associates.\nCorrective action and final warnings for 40 associates; employee relations and FMLA.";
    expect(skillsOf(`HR Generalist\n${opening}`)).not.toContain("Corrective and Preventive Action (CAPA)");
    expect(skillsOf(hr.replace("corrective action", "coaching. Corrective action"))).not.toContain("Corrective and Preventive Action (CAPA)");
    // Capitals inside a sentence are a name as written: read as before.
    expect(skillsOf(`${hr} Trained leads in Corrective Action.`)).toContain("Corrective and Preventive Action (CAPA)");
  });

  it("is the skill in the skill's own profession, and the full name or acronym is read anywhere", () => {
    expect(skillsOf(quality)).toContain("Corrective and Preventive Action (CAPA)");
    expect(skillsOf(`${quality}\nCorrective actions closed within 30 days.`)).toContain("Corrective and Preventive Action (CAPA)");
    expect(skillsOf(`${hr} Led CAPA reviews.`)).toContain("Corrective and Preventive Action (CAPA)");
  });
});

describe("a credential named as another holder", () => {
  it("is not the writer's: a firm or a person the writer works with", () => {
    expect(skillsOf("The accounting team is me, an office manager and an outside CPA firm.")).toEqual([]);
    expect(skillsOf("Post the CPA's adjusting entries at year end.")).toEqual([]);
    expect(skillsOf("Prepare the workpapers that our external CPA reviews.")).toEqual([]);
  });

  it("is the writer's when written as held or as an exam the writer sits", () => {
    expect(skillsOf("CPA (Ohio, 2019), active")).toEqual(["Certified Public Accountant (CPA)"]);
    expect(skillsOf("Passed the CPA exam in 2024.")).toEqual(["Certified Public Accountant (CPA)"]);
  });

  it("is the writer's in the third person, and as a partner or a practice of the writer", () => {
    const cpa = ["Certified Public Accountant (CPA)"];
    expect(skillsOf("James earned his CPA in 2015.")).toEqual(cpa);
    expect(skillsOf("Maria holds her CPA license in Ohio and leads the audit team.")).toEqual(cpa);
    expect(skillsOf("They earned their CPA in 2015.")).toEqual(cpa);
    expect(skillsOf("Maria is a CPA partner with 12 years in audit.")).toEqual(cpa);
    expect(skillsOf("CPA Partner at Deloitte")).toEqual(cpa);
    expect(skillsOf("Certified Public Accountant partner, Deloitte")).toEqual(cpa);
    expect(skillsOf("Sole proprietor of a CPA practice")).toEqual(cpa);
    // A firm, the possessive and the one who reviews or signs stay another holder.
    expect(skillsOf("Our CPA firm signs the audit; the CPA's letter is filed.")).toEqual([]);
    expect(skillsOf("Prepared schedules our outside CPA signs.")).toEqual([]);
  });
});

describe("a credential's acronym written bare", () => {
  const electrician = "Residential and commercial wiring labs, National Electrical Code fundamentals, conduit bending (EMT, rigid, PVC), motor controls.";

  it("is not the credential in another profession's text", () => {
    // An electrician's EMT is electrical metallic tubing, not an emergency medical technician's certification.
    expect(skillsOf(electrician)).not.toContain("EMT Certification");
  });

  it("is the credential in its own profession, and its full name is read anywhere", () => {
    expect(skillsOf("EMT, patient assessment and transport on a county ALS unit.")).toContain("EMT Certification");
    expect(skillsOf(`${electrician} EMT Certification (NREMT), 2019.`)).toContain("EMT Certification");
  });
});
