import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "../text/headings.ts";
import { scanText } from "./scan.ts";
import { extractCandidateSkills, extractJobSkills } from "./skills.ts";

const ctx = fixtureContext();
const candidateSkills = (text: string) =>
  extractCandidateSkills(scanText(text, RESUME_SECTIONS, ctx.catalogue), ctx.catalogue).map((s) => s.name);
const jobSkills = (text: string) =>
  Object.fromEntries(
    extractJobSkills(scanText(text, JOB_SECTIONS, ctx.catalogue), ctx.catalogue, null).map((s) => [s.name, s.strength]),
  );

describe("candidate skills: whole words only", () => {
  it("never finds Terraform, or a 'Tform', inside 'platform'", () => {
    expect(candidateSkills("Built a data platform and a platforms team")).toEqual([]);
    expect(candidateSkills("Built the platform with Terraform")).toEqual(["Terraform"]);
  });

  it("tells Java from JavaScript", () => {
    expect(candidateSkills("JavaScript developer")).toEqual(["JavaScript"]);
    expect(candidateSkills("Java and JavaScript")).toEqual(["Java", "JavaScript"]);
  });

  it("honours case-sensitive names and resolves aliases to the catalogue skill", () => {
    expect(candidateSkills("I go to work and let it go")).toEqual([]);
    expect(candidateSkills("Services in Go; ran k8s and Postgres")).toEqual(["Go", "Kubernetes", "PostgreSQL"]);
  });

  it("does not join words across a line break", () => {
    expect(candidateSkills("Amazon Web\nServices")).toEqual([]);
    expect(candidateSkills("Amazon Web Services")).toEqual(["Amazon Web Services"]);
  });

  it("quotes the best-supported mention: a job line beats a keyword list", () => {
    const scan = scanText("Skills\nPython, SQL\nExperience\nBuilt billing in Python", RESUME_SECTIONS, ctx.catalogue);
    const python = extractCandidateSkills(scan, ctx.catalogue).find((s) => s.name === "Python")!;
    expect(python.mentions).toBe(2);
    expect(python.evidence).toMatchObject({ snippet: "Built billing in Python", section: "experience" });
    expect(python.evidence.confidence).toBeGreaterThan(0.9);
  });
});

describe("job skills: must-have or nice-to-have", () => {
  it("follows the section headings", () => {
    const text = "Requirements\n- Python\n- Docker\nNice to have\n- Terraform\nBonus\n- Helm";
    expect(jobSkills(text)).toEqual({ Python: "must", Docker: "must", Terraform: "nice", Helm: "nice" });
  });

  it("lets a cue in the sentence override the section, using the closest cue", () => {
    const text = "Requirements\n- Python (required), Go (preferred)\n- GraphQL is a plus\n- Docker experience is not required";
    expect(jobSkills(text)).toEqual({ Python: "must", Go: "nice", GraphQL: "nice", Docker: "nice" });
  });

  it("reads cues in unstructured postings: everything else mentioned is required", () => {
    const text = "We need a developer with Python and SQL. Experience with Docker would be nice.";
    expect(jobSkills(text)).toEqual({ Python: "must", SQL: "must", Docker: "nice" });
  });

  it("treats skills outside the requirements of a structured posting as nice-to-have and ignores benefits", () => {
    const text = "What you'll do\n- Build services in Go\nRequirements\n- Python\nWhat we offer\n- Free Kubernetes training";
    expect(jobSkills(text)).toEqual({ Go: "nice", Python: "must" });
  });

  it("keeps the firmest strength of a skill named twice, and lists must-haves first", () => {
    const text = "Nice to have: Docker, Go\nRequirements: Go, Python";
    const names = extractJobSkills(scanText(text, JOB_SECTIONS, ctx.catalogue), ctx.catalogue, null).map((s) => [s.name, s.strength]);
    expect(names).toEqual([["Go", "must"], ["Python", "must"], ["Docker", "nice"]]);
  });

  it("makes a skill in the title a must-have", () => {
    const text = "Python Developer\nAbout us\nWe love Python.\nRequirements\n- SQL";
    const scan = scanText(text, JOB_SECTIONS, ctx.catalogue);
    const skills = extractJobSkills(scan, ctx.catalogue, [0, "Python Developer".length]);
    expect(skills.map((s) => [s.name, s.strength])).toEqual([["Python", "must"], ["SQL", "must"]]);
  });

  it("makes a skill in the title only preferred when the requirements say so in words", () => {
    const title = "Registered Nurse - Python Unit";
    const strengths = (body: string) =>
      extractJobSkills(scanText(`${title}\n${body}`, JOB_SECTIONS, ctx.catalogue), ctx.catalogue, [0, title.length]).map((s) => [s.name, s.strength]);
    expect(strengths("Requirements\n- Two years of experience; Python experience strongly preferred, Go considered\n- SQL")).toEqual([
      ["SQL", "must"],
      ["Python", "nice"],
      ["Go", "nice"],
    ]);
    // Named in the requirements without a cue, or required in words anywhere in them, it stays a must-have.
    expect(strengths("Requirements\n- Python and SQL")).toEqual([["Python", "must"], ["SQL", "must"]]);
    expect(strengths("Requirements\n- Python required\n- Python 3.12 preferred\n- SQL")).toEqual([["Python", "must"], ["SQL", "must"]]);
    // A preference stated outside the requirements (the company's own stack) says nothing about the hire.
    expect(strengths("About us\nOur team prefers Python.\nRequirements\n- SQL")).toEqual([["Python", "must"], ["SQL", "must"]]);
  });

  it("attaches the most related catalogue skills for partial credit", () => {
    const [k8s] = extractJobSkills(scanText("Must have Kubernetes", JOB_SECTIONS, ctx.catalogue), ctx.catalogue, null);
    expect(k8s!.related.map((r) => r.name)).toContain("Docker");
    expect(k8s!.related.every((r) => r.score >= 0.3 && r.id !== k8s!.id)).toBe(true);
  });
});

describe("related skills for partial credit", () => {
  it("are only kept between specialized skills", () => {
    const text = "Requirements\n- Communication\n- AWS Certified Solutions Architect\n- Kubernetes";
    const skills = extractJobSkills(scanText(text, JOB_SECTIONS, ctx.catalogue), ctx.catalogue, null);
    const related = Object.fromEntries(skills.map((s) => [s.name, s.related.map((r) => r.name)]));
    expect(related["Communication"]).toEqual([]);
    expect(related["AWS Certified Solutions Architect"]).toEqual([]);
    expect(related["Kubernetes"]!.length).toBeGreaterThan(0);
    const types = new Map(ctx.catalogue.skills.map((s) => [s.name, s.type]));
    expect(related["Kubernetes"]!.every((name) => types.get(name) === "Specialized Skill")).toBe(true);
  });
});

describe("job skills: one requirement for a choice of skills", () => {
  const choices = (text: string) =>
    extractJobSkills(scanText(`Requirements\n${text}`, JOB_SECTIONS, ctx.catalogue), ctx.catalogue, null).map((s) =>
      [s.name, ...s.alternatives.map((a) => a.name)].join(" | "),
    );

  it("reads a list with names the catalogue does not know between the skills it knows", () => {
    expect(choices("- Experience with Python, Rust, Elixir or Java")).toEqual(["Python | Java"]);
  });

  it("joins a preferred skill to the choice that follows it", () => {
    expect(choices("- Python is ideal, but Go or Java are fine")).toEqual(["Python | Go | Java"]);
  });

  it("reads a very long list of choices without exhausting the stack", () => {
    const list = Array.from({ length: 14_000 }, (_, i) => (i % 2 ? "Python" : "Go")).join(" or ");
    expect(choices(`- ${list}`.slice(0, 99_000))).toEqual(["Go | Python"]);
  });

  it("reads 'or similar' at the end of a list, also on the next line of a wrapped sentence", () => {
    expect(choices("- Terraform, Helm or similar tools")).toEqual(["Terraform | Helm"]);
    expect(choices("- Confident with infrastructure as code (Terraform, Helm or\n  similar)")).toEqual(["Terraform | Helm"]);
  });

  it("joins a category to its examples after a semicolon or an open bracket", () => {
    expect(choices("- Charting in an EHR system; Epic EHR is ideal")).toEqual(["Electronic Health Records (EHR) | Epic EHR"]);
    expect(choices("- An EHR (Epic EHR or similar)")).toEqual(["Electronic Health Records (EHR) | Epic EHR"]);
  });

  it("reads a list introduced as a choice", () => {
    expect(choices("- Hands-on experience with at least two of: Python, Go, Java")).toEqual(["Python | Go | Java"]);
  });

  it("keeps separate requirements separate", () => {
    // A plain list, and one whose "or" belongs to another item of its own.
    expect(choices("- Python, Go and Docker")).toEqual(["Python", "Go", "Docker"]);
    expect(choices("- Nice: Python, Docker or Rust experience")).toEqual(["Python", "Docker"]);
    // A skill that is not a kind of the one before the semicolon is another requirement.
    expect(choices("- Solid Python; Docker for local development")).toEqual(["Python", "Docker"]);
    // A preference beside requirements of their own, and "either" about something else, offer no choice.
    // (In any order: requirements come by strength, then by first mention.)
    expect(choices("- Python is preferred, but Go and Docker are required").sort()).toEqual(["Docker", "Go", "Python"]);
    expect(choices("- Java is a plus; Python and Docker are required").sort()).toEqual(["Docker", "Java", "Python"]);
    expect(choices("- Work either independently or in a team with Python, Go and Docker").sort()).toEqual(["Docker", "Go", "Python"]);
    expect(choices("- Maintain Python, Go or other duties as assigned").sort()).toEqual(["Go", "Python"]);
  });
});

describe("candidate skills: when hands-on use ended", () => {
  const NOW = new Date(Date.UTC(2025, 5, 15));
  const lastUsed = (text: string) =>
    Object.fromEntries(analyseCandidate(text, ctx, NOW).skills.map((s) => [s.name, s.lastUsed ?? null]));
  const history = [
    "Experience",
    "Software Engineer — Acme, 2021 – Present",
    "- Own the budget including Python, Docker and SQL licences",
    "Software Engineer — Beta, 2015 – 2020",
    "- Python, Docker and SQL every day",
  ];

  it("dates the whole list its bracket qualifies, over a later position that names the skills", () => {
    const used = lastUsed([...history, "Skills", "Leadership · Python, Docker and SQL (hands-on until 2019)"].join("\n"));
    expect([used.Python, used.Docker, used.SQL]).toEqual(["2019-12", "2019-12", "2019-12"]);
  });

  it("leaves skills of another item, and a bracket that dates no use, as the positions show them", () => {
    const used = lastUsed([...history, "Skills", "Python; Docker and SQL (2 certifications, 2019)"].join("\n"));
    expect([used.Python, used.Docker, used.SQL]).toEqual(["2025-06", "2025-06", "2025-06"]);
    const other = lastUsed([...history, "Skills", "Python · Docker (until 2019)"].join("\n"));
    expect([other.Python, other.Docker]).toEqual(["2025-06", "2019-12"]);
  });
});

describe("candidate skills: a long line of skills", () => {
  it("reads when their use ended quickly", () => {
    const text = `Skills\n${"Python, Docker and SQL (hands-on until 2019), ".repeat(4000)}`;
    const t0 = performance.now();
    extractCandidateSkills(scanText(text, RESUME_SECTIONS, ctx.catalogue), ctx.catalogue);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
