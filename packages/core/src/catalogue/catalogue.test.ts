import { describe, expect, it } from "vitest";
import { buildCatalogue, CatalogueBuildError } from "./build.ts";
import { Catalogue } from "./catalogue.ts";
import { skillId, titleId } from "./ids.ts";
import { TitleNormalizer } from "./normalizer.ts";
import type { CatalogueSourceFile } from "./types.ts";

const file: CatalogueSourceFile = {
  career_group: "Software Development",
  skills: [
    { name: "Java", type: "Specialized Skill", description: "Object-oriented language." },
    { name: "Spring Boot", type: "Specialized Skill", aliases: ["Spring-Boot"] },
    { name: "SQL", type: "Specialized Skill" },
    { name: "React", type: "Specialized Skill", aliases: ["React.js", "ReactJS"] },
    { name: "CSS", type: "Specialized Skill" },
    { name: "Communication", type: "Common Skill" },
    { name: "Kubernetes", type: "Specialized Skill", aliases: ["k8s"] },
    { name: "Value Added Tax", type: "Specialized Skill", aliases: ["VAT"], case_sensitive: true },
  ],
  titles: [
    { name: "Java Developer", aliases: ["Java Engineer", "Java Programmer"], skills: ["Java", "Spring Boot", "SQL", "Communication"] },
    { name: "Frontend Developer", aliases: ["Front-End Developer", "UI Developer"], skills: ["React", "CSS", "Communication"] },
    { name: "Backend Developer", aliases: ["Back-End Developer"], skills: ["Java", "SQL", "Kubernetes", "Communication"] },
  ],
};
const other: CatalogueSourceFile = {
  career_group: "Data & Analytics",
  skills: [{ name: "sql", type: "Specialized Skill", aliases: ["Structured Query Language"] }],
  titles: [{ name: "Data Analyst", skills: ["SQL", "Communication"] }],
};

const build = () => buildCatalogue([{ path: "a.json", content: file }, { path: "b.json", content: other }], "test");

describe("buildCatalogue", () => {
  it("derives stable UUIDv5 ids from canonical names", () => {
    const data = build();
    const java = data.skills.find((s) => s.name === "Java")!;
    expect(java.id).toBe(skillId("java"));
    expect(java.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(data.titles.find((t) => t.name === "Java Developer")!.id).toBe(titleId("Java Developer"));
    expect(skillId("Java")).not.toBe(titleId("Java"));
    expect(build().version).toBe(data.version);
  });

  it("merges a skill defined in two files and resolves title skills by name", () => {
    const data = build();
    const sql = data.skills.filter((s) => s.name.toLowerCase() === "sql");
    expect(sql).toHaveLength(1);
    expect(sql[0]!.aliases).toEqual(["Structured Query Language"]);
    const analyst = data.titles.find((t) => t.name === "Data Analyst")!;
    expect(analyst.career_group).toBe("Data & Analytics");
    expect(analyst.skill_ids).toEqual([skillId("SQL"), skillId("Communication")]);
  });

  it("reports every problem at once", () => {
    const bad: CatalogueSourceFile = {
      career_group: "X",
      skills: [{ name: "Java", type: "Common Skill" }],
      titles: [
        { name: "Java Developer", skills: [] },
        { name: "Mainframe Developer", skills: ["Cobol"] },
        { name: "Dup", skills: [] },
        { name: "dup", skills: [] },
      ],
    };
    try {
      buildCatalogue([{ path: "a.json", content: file }, { path: "bad.json", content: bad }], "t");
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(CatalogueBuildError);
      const problems = (err as CatalogueBuildError).problems.join("\n");
      expect(problems).toMatch(/"Java" is "Common Skill" here but "Specialized Skill"/);
      expect(problems).toMatch(/unknown skill "Cobol"/);
      expect(problems).toMatch(/"Java Developer" is defined twice/);
      expect(problems).toMatch(/"dup" is defined twice/);
    }
  });
});

describe("Catalogue", () => {
  const catalogue = new Catalogue(build());

  it("finds skills by name and alias with verbatim offsets", () => {
    const text = "Built UIs in ReactJS; ran k8s clusters; platform work.";
    const found = catalogue.findSkills(text);
    expect(found.map((f) => catalogue.skill(f.value)!.name)).toEqual(["React", "Kubernetes"]);
    for (const f of found) expect(text.slice(f.start, f.end)).toBe(f.surface);
  });

  it("applies case sensitivity to single-word phrases only", () => {
    const names = (text: string) => catalogue.findSkills(text).map((f) => catalogue.skill(f.value)!.name);
    expect(names("filed VAT returns")).toEqual(["Value Added Tax"]);
    expect(names("a vat of dye")).toEqual([]);
    expect(names("knows value added tax rules")).toEqual(["Value Added Tax"]);
  });

  it("ranks related skills by co-occurrence and excludes the inputs", () => {
    const related = catalogue.relatedSkills([skillId("Java")], 10).map((r) => r.skill.name);
    expect(related).not.toContain("Java");
    // SQL shares both of Java's titles; a skill found in every title (Communication) ranks below specific ones.
    expect(related[0]).toBe("SQL");
    expect(related.indexOf("Communication")).toBeGreaterThan(related.indexOf("Spring Boot"));
    expect(related.indexOf("Communication")).toBeGreaterThan(related.indexOf("Kubernetes"));
    expect(related).not.toContain("React");
    expect(catalogue.relatedSkills([skillId("Java")], 1)).toHaveLength(1);
  });

  it("orders titles by name for paging", () => {
    expect(catalogue.titlesByName.map((t) => t.name)).toEqual([
      "Backend Developer",
      "Data Analyst",
      "Frontend Developer",
      "Java Developer",
    ]);
  });
});

describe("Catalogue.kindsOf", () => {
  const kinds = new Catalogue(
    buildCatalogue(
      [
        {
          path: "k.json",
          content: {
            skills: [
              { name: "Electronic Health Records (EHR)", type: "Specialized Skill", aliases: ["EHR"] },
              { name: "Epic EHR", type: "Specialized Skill", aliases: ["Epic"] },
              { name: "Welding", type: "Specialized Skill" },
              { name: "TIG Welding", type: "Specialized Skill" },
              { name: "C", type: "Specialized Skill", case_sensitive: true },
              { name: "Objective-C", type: "Specialized Skill" },
              { name: "Management", type: "Common Skill" },
              { name: "Pain Management", type: "Specialized Skill" },
            ],
          },
        },
      ],
      "kinds",
    ),
  );
  const of = (name: string) => kinds.kindsOf(skillId(name)).map((id) => kinds.skill(id)!.name);

  it("finds the skills whose name ends with one of the skill's names after words of their own", () => {
    expect(of("Electronic Health Records (EHR)")).toEqual(["Epic EHR"]);
    expect(of("Welding")).toEqual(["TIG Welding"]);
    expect(of("Epic EHR")).toEqual([]);
  });

  it("finds none for a one- or two-letter name or a skill that is not specialized", () => {
    expect(of("C")).toEqual([]);
    expect(of("Management")).toEqual([]);
  });
});

describe("TitleNormalizer", () => {
  const normalizer = new TitleNormalizer(new Catalogue(build()));

  // Confidences are calibrated probabilities now, not 1 / 0.97 for exact name / alias matches.
  it("matches names exactly after cleaning, with levels detected", () => {
    const r = normalizer.normalize("Senior Java Developer (m/w/d) - Berlin, Remote")!;
    expect(r.title.name).toBe("Java Developer");
    expect(r.confidence).toBeGreaterThan(0.8);
    expect(r.job_levels).toEqual(["senior"]);
  });

  it("matches aliases exactly with lower confidence than names", () => {
    const r = normalizer.normalize("Jr. Front-End Developer")!;
    expect(r.title.name).toBe("Frontend Developer");
    expect(r.confidence).toBeGreaterThan(0.5);
    expect(r.confidence).toBeLessThan(normalizer.normalize("Jr. Frontend Developer")!.confidence);
    expect(r.job_levels).toEqual(["entry"]);
  });

  it("ranks fuzzy candidates below exact confidence", () => {
    const ranked = normalizer.inspect("Java Dev", 3);
    expect(ranked[0]!.title.name).toBe("Java Developer");
    expect(ranked[0]!.confidence).toBeLessThan(0.97);
    expect(ranked[0]!.confidence).toBeGreaterThan(0.5);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i]!.confidence).toBeLessThanOrEqual(ranked[i - 1]!.confidence);
  });

  it("returns null when nothing resembles the term", () => {
    expect(normalizer.normalize("!!! ###")).toBeNull();
  });

  it("detects the documented level vocabulary", () => {
    expect(normalizer.detectLevels("Intern")).toEqual(["intern"]);
    expect(normalizer.detectLevels("Engineering Manager")).toEqual(["manager"]);
    expect(normalizer.detectLevels("VP of Sales")).toEqual(["director"]);
    expect(normalizer.detectLevels("Chief Technology Officer")).toEqual(["executive"]);
    expect(normalizer.detectLevels("Software Engineer II")).toEqual(["mid"]);
    expect(normalizer.detectLevels("Staff Engineer")).toEqual(["lead"]);
  });
});
