import { describe, expect, it } from "vitest";
import { CatalogueBuildError } from "./build.ts";
import {
  ESCO_LANGUAGE_SCHEME,
  EscoCatalogueBuilder,
  escoIdOf,
  escoSkillType,
  iscoCodeOf,
  occupationFromCsv,
  occupationSkillFromCsv,
  skillFromCsv,
  skillSkillFromCsv,
  type EscoOccupation,
  type EscoRelation,
  type EscoSkill,
} from "./esco.ts";

const OCC = "http://data.europa.eu/esco/occupation/";
const SKILL = "http://data.europa.eu/esco/skill/";
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const skill = (n: number, label: string, extra: Partial<EscoSkill> = {}): EscoSkill => ({
  uri: `${SKILL}${id(n)}`,
  label,
  altLabels: [],
  description: null,
  skillType: "skill",
  reuseLevel: "sector-specific",
  language: false,
  ...extra,
});
const occupation = (n: number, label: string, extra: Partial<EscoOccupation> = {}): EscoOccupation => ({
  uri: `${OCC}${id(n)}`,
  label,
  altLabels: [],
  iscoGroup: "2512",
  ...extra,
});
const link = (from: string, to: string, kind: EscoRelation["kind"]): EscoRelation => ({ from, to, kind });

/** A small export: two developer occupations, four skills, a relation, two ISCO groups. */
function sample() {
  return {
    groups: [
      { code: "2", label: "Professionals" },
      { code: "25", label: "Information and communications technology professionals" },
    ],
    skills: [
      skill(1, "Java (computer programming)", { altLabels: ["Java", "java ", "JAVA", "Java (computer programming)"], description: "Programming\r\nin Java." }),
      skill(2, "SQL", { skillType: "knowledge", reuseLevel: "cross-sector" }),
      skill(3, "think critically", { reuseLevel: "transversal" }),
      skill(4, "speak German", { reuseLevel: "transversal", language: true }),
    ],
    occupations: [
      occupation(10, "software developer", { altLabels: ["programmer", "software developer", "coder"] }),
      occupation(11, "database administrator", { iscoGroup: "2521" }),
    ],
    links: [
      link(`${OCC}${id(10)}`, `${SKILL}${id(3)}`, "optional"),
      link(`${OCC}${id(10)}`, `${SKILL}${id(2)}`, "essential"),
      link(`${OCC}${id(10)}`, `${SKILL}${id(1)}`, "essential"),
      link(`${OCC}${id(10)}`, `${SKILL}${id(4)}`, "optional"),
      link(`${OCC}${id(11)}`, `${SKILL}${id(2)}`, "optional"),
      link(`${OCC}${id(11)}`, `${SKILL}${id(2)}`, "essential"),
    ],
    relations: [link(`${SKILL}${id(1)}`, `${SKILL}${id(2)}`, "optional"), link(`${SKILL}${id(1)}`, `${SKILL}${id(1)}`, "essential")],
  };
}

function build(data = sample(), order: "as-is" | "reversed" = "as-is") {
  const b = new EscoCatalogueBuilder();
  const seq = <T>(xs: T[]) => (order === "reversed" ? [...xs].reverse() : xs);
  for (const g of seq(data.groups)) b.addIscoGroup(g);
  for (const l of seq(data.links)) b.addOccupationSkill(l);
  for (const o of seq(data.occupations)) b.addOccupation(o);
  for (const r of seq(data.relations)) b.addSkillRelation(r);
  for (const s of seq(data.skills)) b.addSkill({ ...s, altLabels: order === "reversed" ? [...s.altLabels].reverse() : s.altLabels });
  return b.build("esco-test");
}

describe("ESCO identifiers", () => {
  it("takes the id from the UUID ending a concept URI", () => {
    expect(escoIdOf("http://data.europa.eu/esco/skill/0005C151-5b5a-4a66-8aac-60e734beb1ab")).toBe("0005c151-5b5a-4a66-8aac-60e734beb1ab");
    expect(escoIdOf("http://data.europa.eu/esco/isco/C2512")).toBeUndefined();
    expect(escoIdOf("")).toBeUndefined();
  });

  it("reads 4-digit ISCO codes from group URIs and occupation codes", () => {
    expect(iscoCodeOf("http://data.europa.eu/esco/isco/C2512")).toBe("2512");
    expect(iscoCodeOf("2654.1.7")).toBe("2654");
    expect(iscoCodeOf("2654")).toBe("2654");
    expect(iscoCodeOf("abc")).toBeUndefined();
    expect(iscoCodeOf(undefined)).toBeUndefined();
  });
});

describe("escoSkillType", () => {
  it.each([
    [{ reuseLevel: "transversal", language: true }, "Language"],
    [{ reuseLevel: "sector-specific", language: true }, "Language"],
    [{ reuseLevel: "transversal", language: false }, "Common Skill"],
    [{ reuseLevel: "http://data.europa.eu/esco/skill-reuse-level/transversal", language: false }, "Common Skill"],
    [{ reuseLevel: "cross-sector", language: false }, "Specialized Skill"],
    [{ reuseLevel: "sector-specific", language: false }, "Specialized Skill"],
    [{ reuseLevel: "occupation-specific", language: false }, "Specialized Skill"],
    [{ reuseLevel: undefined, language: false }, "Specialized Skill"],
  ] as const)("%o → %s", (input, type) => {
    expect(escoSkillType(input)).toBe(type);
  });
});

describe("CSV rows", () => {
  it("maps an occupation row: multi-line alternative labels, hidden labels left out", () => {
    const o = occupationFromCsv({
      conceptUri: `${OCC}${id(1)}`,
      preferredLabel: " technical director ",
      altLabels: "head of technical\r\ntechnical manager\n\n",
      hiddenLabels: "boss",
      iscoGroup: "2654",
    });
    expect(o).toEqual({
      uri: `${OCC}${id(1)}`,
      label: "technical director",
      altLabels: ["head of technical", "technical manager"],
      iscoGroup: "2654",
      description: null,
    });
    const described = occupationFromCsv({ conceptUri: `${OCC}${id(1)}`, preferredLabel: "x", description: " Realise\r\nvisions. " });
    expect(described.description).toBe("Realise\nvisions.");
  });

  it("maps a skill row, recognising the language collection in inScheme", () => {
    const s = skillFromCsv({
      conceptUri: `${SKILL}${id(2)}`,
      preferredLabel: "write Hungarian",
      altLabels: "",
      skillType: "skill/competence",
      reuseLevel: "transversal",
      description: "Compose texts.\r\n",
      inScheme: `http://data.europa.eu/esco/concept-scheme/skills,\r\n${ESCO_LANGUAGE_SCHEME}`,
    });
    expect(s).toEqual({
      uri: `${SKILL}${id(2)}`,
      label: "write Hungarian",
      altLabels: [],
      description: "Compose texts.",
      skillType: "skill",
      reuseLevel: "transversal",
      language: true,
    });
    expect(skillFromCsv({ conceptUri: "x", preferredLabel: "y", inScheme: "http://data.europa.eu/esco/concept-scheme/skills" }).language).toBe(false);
  });

  it("maps relation rows and ignores unknown relation types", () => {
    expect(occupationSkillFromCsv({ occupationUri: "a", relationType: "Essential", skillUri: "b" })).toEqual({ from: "a", to: "b", kind: "essential" });
    expect(skillSkillFromCsv({ originalSkillUri: "a", relationType: "optional", relatedSkillUri: "b" })).toEqual({ from: "a", to: "b", kind: "optional" });
    expect(occupationSkillFromCsv({ occupationUri: "a", relationType: "related", skillUri: "b" })).toBeUndefined();
  });
});

describe("EscoCatalogueBuilder", () => {
  it("maps occupations to titles: ids from URIs, sorted distinct aliases, 2-digit ISCO career group", () => {
    const { data } = build();
    const dev = data.titles.find((t) => t.name === "software developer")!;
    expect(dev.id).toBe(id(10));
    expect(dev.aliases).toEqual(["coder", "programmer"]);
    expect(dev.career_group).toBe("Information and communications technology professionals");
    expect(data.source).toBe("esco-test");
  });

  it("carries an occupation's description, and adds no field (nor changes the version) without one", () => {
    const plain = build().data;
    expect(plain.titles.every((t) => !("description" in t))).toBe(true);
    const data = sample();
    data.occupations[0] = occupation(10, "software developer", {
      altLabels: ["programmer", "software developer", "coder"],
      description: "Software developers implement software.",
    });
    data.occupations[1] = occupation(11, "database administrator", { iscoGroup: "2521", description: null });
    const described = build(data).data;
    expect(described.titles.find((t) => t.id === id(10))!.description).toBe("Software developers implement software.");
    expect("description" in described.titles.find((t) => t.id === id(11))!).toBe(false);
    expect(described.version).not.toBe(plain.version);
    data.occupations[0] = occupation(10, "software developer", { altLabels: ["programmer", "software developer", "coder"], description: "" });
    expect(build(data).data.version).toBe(plain.version);
  });

  it("lists essential skills before optional ones, each part by name, and counts the essential ones", () => {
    const { data } = build();
    const dev = data.titles.find((t) => t.id === id(10))!;
    expect(dev.skill_ids).toEqual([id(1), id(2), id(4), id(3)]); // Java, SQL | speak German, think critically
    expect(dev.essential_skills).toBe(2);
    // Listed as both optional and essential: essential wins, once.
    const dba = data.titles.find((t) => t.id === id(11))!;
    expect(dba.skill_ids).toEqual([id(2)]);
    expect(dba.essential_skills).toBe(1);
  });

  it("maps skills: type, normalised description, aliases without case duplicates or the name, relations", () => {
    const { data } = build();
    const java = data.skills.find((s) => s.id === id(1))!;
    expect(java).toEqual({
      id: id(1),
      name: "Java (computer programming)",
      description: "Programming\nin Java.",
      type: "Specialized Skill",
      aliases: ["JAVA"],
      case_sensitive: false,
      related: [{ id: id(2), kind: "optional" }],
    });
    expect(data.skills.find((s) => s.id === id(2))).not.toHaveProperty("related");
    expect(data.skills.find((s) => s.id === id(3))!.type).toBe("Common Skill");
    expect(data.skills.find((s) => s.id === id(4))!.type).toBe("Language");
  });

  it("gives the same catalogue and version whatever order rows and labels arrive in", () => {
    const a = build(sample(), "as-is");
    const b = build(sample(), "reversed");
    expect(b.data).toEqual(a.data);
    expect(b.data.version).toBe(a.data.version);
    expect(a.data.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it("changes the version when content changes", () => {
    const changed = sample();
    changed.skills[1] = { ...changed.skills[1]!, label: "Structured Query Language" };
    expect(build(changed).data.version).not.toBe(build().data.version);
  });

  it("drops links to concepts that are not in the data, and says so", () => {
    const data = sample();
    data.links.push(link(`${OCC}${id(99)}`, `${SKILL}${id(1)}`, "essential"), link(`${OCC}${id(10)}`, `${SKILL}${id(98)}`, "essential"));
    data.relations.push(link(`${SKILL}${id(97)}`, `${SKILL}${id(1)}`, "essential"));
    const { data: cat, report } = build(data);
    expect(cat.titles.find((t) => t.id === id(10))!.skill_ids).not.toContain(id(98));
    expect(report.danglingLinks).toBe(3);
    expect(report.warnings.join("\n")).toMatch(/3 relations point to occupations or skills that are not in the data/);
    expect(report.skillRelations).toBe(1);
    expect(report.titleSkillLinks).toBe(5);
  });

  it("falls back to ISCO codes without group labels, and to Unclassified without a group", () => {
    const data = sample();
    data.groups = [];
    data.occupations.push(occupation(12, "mystery worker", { iscoGroup: undefined }));
    const { data: cat, report } = build(data);
    expect(cat.titles.find((t) => t.id === id(10))!.career_group).toBe("ISCO-08 sub-major group 25");
    expect(cat.titles.find((t) => t.id === id(12))!.career_group).toBe("Unclassified");
    expect(report.warnings.join("\n")).toMatch(/no ISCO groups/);
  });

  it("builds from a partial export: skills only, or occupations only", () => {
    const skillsOnly = new EscoCatalogueBuilder();
    for (const s of sample().skills) skillsOnly.addSkill(s);
    const a = skillsOnly.build("x");
    expect(a.data.titles).toEqual([]);
    expect(a.data.skills).toHaveLength(4);
    expect(a.report.warnings.join("\n")).toMatch(/no occupations/);

    const occupationsOnly = new EscoCatalogueBuilder();
    for (const o of sample().occupations) occupationsOnly.addOccupation(o);
    for (const l of sample().links) occupationsOnly.addOccupationSkill(l);
    const b = occupationsOnly.build("x");
    expect(b.data.titles.every((t) => t.skill_ids.length === 0)).toBe(true);
    expect(b.report.warnings.join("\n")).toMatch(/no skills/);
  });

  it("keeps the first of a concept listed twice", () => {
    const b = new EscoCatalogueBuilder();
    b.addSkill(skill(1, "first"));
    b.addSkill(skill(1, "second"));
    const { data, report } = b.build("x");
    expect(data.skills.map((s) => s.name)).toEqual(["first"]);
    expect(report.duplicates).toBe(1);
  });

  it("reports every malformed concept at once", () => {
    const b = new EscoCatalogueBuilder();
    b.addSkill(skill(1, "ok"));
    b.addSkill({ ...skill(2, "bad uri"), uri: "http://data.europa.eu/esco/skill/not-a-uuid" }, "skills_en.csv:3");
    b.addOccupation({ ...occupation(3, ""), label: "" }, "occupations_en.csv:7");
    expect(() => b.build("x")).toThrow(CatalogueBuildError);
    try {
      b.build("x");
    } catch (err) {
      const problems = (err as CatalogueBuildError).problems.join("\n");
      expect(problems).toMatch(/skills_en\.csv:3: skill URI .* does not end in a UUID/);
      expect(problems).toMatch(/occupations_en\.csv:7: occupation .* has no preferred label/);
    }
  });
});
