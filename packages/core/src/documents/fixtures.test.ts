import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { extractText, type ExtractedDocument } from "./index.ts";

/**
 * The shared résumé corpus (../shared/data/resumes, see its README): every file must yield its candidate's
 * name, its section headings as lines of their own, and a few terms from its content. Headings are given
 * exactly as the document sets them. For two-column layouts, `adjacent` pairs are consecutive lines of one
 * column that must stay consecutive, i.e. not be interleaved with the other column.
 */
interface Expectation {
  file: string;
  name: string;
  headings: string[];
  terms: string[];
  pages?: number;
  adjacent?: Array<[string, string]>;
}

const CORPUS = fileURLToPath(new URL("../../../../../shared/data/resumes/", import.meta.url));

const PDF: Expectation[] = [
  {
    file: "altacv_mmayer.pdf",
    name: "MARISSA MAYER",
    headings: ["EXPERIENCE", "EDUCATION", "STRENGTHS", "PUBLICATIONS"],
    terms: ["Google Maps", "Stanford University", "Product Management & Marketing"],
    pages: 2,
    adjacent: [
      ["• Led the $5 billion acquisition of the company with Verizon", "which believed most in the immense value Yahoo! has created"],
      ["Courage I had", "to take a sinking ship and try to make it"],
      ["LIFE PHILOSOPHY", "“If you don’t have any shadows, you’re"],
    ],
  },
  {
    file: "altacv_sample.pdf",
    name: "YOUR NAME HERE",
    headings: ["EXPERIENCE", "PROJECTS", "STRENGTHS", "EDUCATION"],
    terms: ["C++", "Embedded Systems", "Statistical Analysis"],
    pages: 2,
    adjacent: [
      ["Job Title 1", "Company 1"],
      ["Fantastic Achievement", "and some details about it"],
    ],
  },
  {
    file: "awesome-cv_cv.pdf",
    name: "Claud D. Park",
    headings: ["Education", "Skills", "Experience", "Honors & Awards"],
    terms: ["Kubernetes", "Terraform", "ArgoCD", "Mar. 2010 - Aug. 2017", "Shin-Il"],
    pages: 5,
  },
  {
    file: "awesome-cv_resume.pdf",
    name: "Byungjin Park",
    headings: ["Summary", "Work Experience", "Education", "Certificates"],
    terms: ["Kubernetes", "Terraform", "high-impact", "cross-cluster", "Consul"],
    pages: 3,
  },
  {
    file: "deedy_resume_openfont.pdf",
    name: "Debarghya Das",
    headings: ["EDUCATION", "EXPERIENCE", "SKILLS", "COURSEWORK"],
    terms: ["Javascript", "OCaml", "Machine Learning", "1st/50"],
    pages: 1,
    adjacent: [
      ["Advanced Machine Learning", "Open Source Software Engineering"],
      ["• Worked on the YouTube Captions team, in Javascript and Python", "design and develop the full stack to add and edit Automatic Speech Recognition"],
      ["Java • Shell • Python • Javascript", "OCaml • Matlab • Rails"],
    ],
  },
  {
    file: "moderncv_banking_red.pdf",
    name: "John Doe",
    headings: ["Education", "Experience", "Languages", "Computer skills"],
    terms: ["Master thesis", "Sub-achievement (a)", "year--year"],
    pages: 4,
  },
  {
    file: "moderncv_classic_green.pdf",
    name: "John Doe",
    headings: ["Education", "Experience", "Languages", "Computer skills"],
    terms: ["year–year Degree, Institution, City, Grade.", "Achievement 1;", "Skill level"],
    pages: 4,
  },
  {
    file: "pyresparser_omkar_pathak_resume.pdf",
    name: "Omkar Pathak",
    headings: ["Experience", "Projects", "Skills", "Education"],
    terms: ["Django", "Laravel", "CI/CD Pipeline", "Machine Learning"],
    pages: 3,
  },
  {
    file: "rendercv_classic_john_doe.pdf",
    name: "John Doe",
    headings: ["Education", "Experience", "Projects", "Skills"],
    terms: ["Boğaziçi University", "NeurIPS", "PyTorch"],
    pages: 2,
  },
  {
    file: "rendercv_engineeringresumes_john_doe.pdf",
    name: "John Doe",
    headings: ["Education", "Experience", "Projects", "Skills"],
    terms: ["Boğaziçi University", "Sequoia Capital", "PyTorch"],
    pages: 3,
  },
  {
    file: "rendercv_moderncv_john_doe.pdf",
    name: "John Doe",
    headings: ["Education", "Experience", "Projects", "Skills"],
    terms: ["Sept 2018 – May 2023 Princeton University", "Google DeepMind", "PyTorch"],
    pages: 3,
  },
  {
    file: "resumeparser_brendan_herger.pdf",
    name: "Brendan Herger",
    headings: ["Selected Experience", "Education", "Personal Projects"],
    terms: ["H2O.ai", "Apache Spark", "Scikit-Learn"],
    pages: 1,
  },
  {
    file: "resumeparser_john_smith_kent_sample.pdf",
    name: "John Smith",
    headings: ["EDUCATION", "COMPUTER SKILLS", "WORK EXPERIENCE", "LEADERSHIP EXPERIENCE"],
    terms: ["SQL (Structure Query Language)", "Adobe Photoshop", "Kent State University"],
    pages: 1,
  },
  {
    file: "sb2nov_sourabh_bajaj_resume.pdf",
    name: "Sourabh Bajaj",
    headings: ["Education", "Experience", "Projects"],
    terms: ["TensorFlow", "Apache Beam", "Amazon Redshift"],
    pages: 1,
  },
  {
    file: "soupboss_01-accountant.pdf",
    name: "Ebony Moore",
    headings: ["Summary", "Education", "Experience", "Skills"],
    terms: ["Certified Public Accountant (CPA)", "accounts receivable", "Oct. 2021 – Current"],
    pages: 2,
  },
  {
    file: "soupboss_01-desktop_support.pdf",
    name: "Ivy Haddington",
    headings: ["Summary", "Education", "Experience", "Certifications"],
    terms: ["Desktop Support Technician", "troubleshooting", "January 2021 – Current"],
    pages: 2,
  },
  {
    file: "soupboss_01-office_coordinator.pdf",
    name: "John Smith",
    headings: ["Summary", "Education", "Experience", "Skills"],
    terms: ["Office Coordinator", "electronic badge access", "Jul. 2019 – Current"],
    pages: 2,
  },
  {
    file: "soupboss_aws_devops_engineer_resume_example.pdf",
    name: "CATHERINE STARK",
    headings: ["CONTACT", "EDUCATION", "SKILLS", "WORK EXPERIENCE", "CERTIFICATIONS"],
    terms: ["Kubernetes", "Cloudformation", "Certified Solutions Architect", "Ansible playbooks"],
    pages: 1,
    adjacent: [
      ["Python", "Java"],
      ["Kubernetes", "Terraform"],
      ["Created and implemented 4 new DevOps pipelines to", "deliver Infrastructure as Code"],
      ["Helped 500+ customers shape their journey to adopting", "the cloud, providing customers with technical and"],
    ],
  },
  {
    file: "soupboss_devops_engineer_resume_example.pdf",
    // Letter-spaced in the PDF, with word gaps no wider than letter gaps.
    name: "JARED RICHARDS",
    headings: ["CONTACT", "EDUCATION", "SKILLS", "WORK EXPERIENCE"],
    terms: ["Terraform", "Ansible", "NoSQL", "DEVOPS ENGINEER"],
    pages: 1,
    adjacent: [
      ["JARED RICHARDS", "DEVOPS ENGINEER"],
      ["Jenkins", "Groovy"],
      ["Established continuous build environments to speed up", "software development by 51%"],
    ],
  },
  {
    file: "soupboss_devops_sample2.pdf",
    name: "ANDERSON",
    headings: ["Professional Summary", "Key Skills", "Employment History", "Education"],
    terms: ["Kubernetes", "Prometheus", "Terraform", "Ansible"],
    pages: 1,
  },
  {
    file: "twenty_seconds_cv.pdf",
    name: "Alice",
    headings: ["About me", "Skill"],
    terms: ["Ph.D. candidate in Computer Science", "Java", "imagination"],
    pages: 1,
    adjacent: [
      ["Alice is a sensible prepubescent girl", "from a wealthy English family who finds"],
      ["1865 Chapter One, Down the Rabbit Hole.", "1865 Chapter Two, The Pool of Tears."],
    ],
  },
  {
    file: "twenty_seconds_icons_cv.pdf",
    name: "Alice",
    headings: ["About me", "Skill"],
    terms: ["Ph.D. candidate in Computer Science", "Java", "alice@wonderland.com"],
    pages: 1,
    adjacent: [
      ["Alice is a sensible prepubescent girl", "from a wealthy English family who finds"],
      ["1865 Chapter One, Down the Rabbit Hole.", "1865 Chapter Two, The Pool of Tears."],
    ],
  },
];

const DOCX: Expectation[] = [
  {
    file: "pandoc_resume_johnny_coder.docx",
    name: "Johnny Coder",
    headings: ["Education", "Experience", "Technical Experience"],
    terms: ["Common Lisp", "x86 assembly", "• English (native speaker)"],
  },
  {
    file: "soupboss_01-accountant.docx",
    name: "Ebony Moore",
    headings: ["Summary", "Education", "Experience", "Skills"],
    terms: ["Certified Public Accountant (CPA)", "• Basic mathematics", "Oct. 2021 – Current"],
  },
  {
    file: "soupboss_01-desktop_support.docx",
    name: "Ivy Haddington",
    headings: ["Summary", "Education", "Experience", "Certifications"],
    terms: ["Desktop Support Technician", "Google IT Support Professional Certificate"],
  },
  {
    file: "soupboss_01-office_coordinator.docx",
    name: "John Smith",
    headings: ["Summary", "Education", "Experience", "Skills"],
    terms: ["Office Coordinator", "electronic badge access"],
  },
  {
    file: "soupboss_02-accountant.docx",
    name: "Sofia Flores",
    headings: ["Summary", "Education", "Experience", "Certifications"],
    terms: ["tax preparation", "Accounting Manager", "May 2019 – Current"],
  },
  {
    file: "soupboss_02-desktop_support.docx",
    name: "Ebony Moore",
    headings: ["Summary", "Education", "Experience", "Skills"],
    terms: ["cybersecurity", "M.S. in Information Systems", "Desktop Support Manager"],
  },
  {
    file: "soupboss_02-office_coordinator.docx",
    name: "Cody Fredrickson",
    headings: ["Summary", "Education", "Experience", "Skills"],
    terms: ["Practice Manager", "• Microsoft Office software"],
  },
  {
    file: "soupboss_mickey01.docx",
    name: "Mickey Mouse",
    headings: ["PROFESSIONAL SUMMARY", "AREAS OF EXPERTISE", "WORK EXPERIENCE", "EDUCATION"],
    terms: ["Ansible Automation Platform", "MongoDB", "CI/CD"],
  },
  {
    // A LinkedIn paste: no section headings at all, so its role lines stand in for them.
    file: "soupboss_minnie01_linkedin_paste.docx",
    name: "Minnie01",
    headings: ["Emergency Medical Technician", "University of Idaho logo"],
    terms: ["OpenStack", "Google Kubernetes Engine (GKE)", "Citrix XenServer"],
  },
];

const results = new Map<string, ExtractedDocument>();

function lines(file: string): string[] {
  return results.get(file)!.text.split("\n");
}

describe.each([
  { folder: "pdf", kind: "pdf", cases: PDF },
  { folder: "docx", kind: "docx", cases: DOCX },
] as const)("résumé corpus: $folder", ({ folder, kind, cases }) => {
  beforeAll(async () => {
    for (const { file } of cases) {
      results.set(file, await extractText(new Uint8Array(readFileSync(join(CORPUS, folder, file)))));
    }
  });

  it("has an expectation for every file in the folder", () => {
    expect(cases.map((c) => c.file).sort()).toEqual(readdirSync(join(CORPUS, folder)).sort());
  });

  describe.each(cases)("$file", (expectation) => {
    it("is read as the right kind, with its page count", () => {
      const result = results.get(expectation.file)!;
      expect(result.kind).toBe(kind);
      expect(result.pages).toBe(kind === "pdf" ? expectation.pages : null);
    });

    it("yields the candidate's name", () => {
      expect(results.get(expectation.file)!.text).toContain(expectation.name);
    });

    it("keeps section headings on lines of their own", () => {
      expect(expectation.headings.length).toBeGreaterThanOrEqual(2);
      for (const heading of expectation.headings) expect(lines(expectation.file)).toContain(heading);
    });

    it("yields known terms from the content", () => {
      expect(expectation.terms.length).toBeGreaterThanOrEqual(2);
      for (const term of expectation.terms) expect(results.get(expectation.file)!.text).toContain(term);
    });

    it("produces clean text", () => {
      const { text } = results.get(expectation.file)!;
      expect(text).toBe(text.normalize("NFC"));
      expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\ue000-\uf8ff\ufffd]/);
      expect(text).not.toMatch(/\n\n\n/);
      for (const line of text.split("\n")) expect(line).toBe(line.trim());
    });

    const { adjacent } = expectation;
    if (adjacent) {
      it("keeps each column's lines together", () => {
        const all = lines(expectation.file);
        for (const [first, second] of adjacent) {
          const at = all.findIndex((line) => line.includes(first));
          expect(at, `line containing "${first}"`).toBeGreaterThanOrEqual(0);
          expect(all[at + 1], `line after "${first}"`).toContain(second);
        }
      });
    }
  });
});

describe("PDF/DOCX twins", () => {
  const words = (text: string) => text.toLowerCase().match(/\p{L}{3,}/gu) ?? [];

  it.each(["soupboss_01-accountant", "soupboss_01-desktop_support", "soupboss_01-office_coordinator"])(
    "%s reads the same from PDF and DOCX, in the same order",
    async (name) => {
      const read = async (ext: string) => (await extractText(new Uint8Array(readFileSync(join(CORPUS, ext, `${name}.${ext}`))))).text;
      const pdf = words(await read("pdf"));
      const docx = words(await read("docx"));
      const shared = longestCommonSubsequence(pdf, docx);
      expect(shared / docx.length).toBeGreaterThan(0.95);
      expect(shared / pdf.length).toBeGreaterThan(0.95);
    },
  );
});

function longestCommonSubsequence(a: string[], b: string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      current[j] = word === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    previous = current;
  }
  return previous[b.length]!;
}
