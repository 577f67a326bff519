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
