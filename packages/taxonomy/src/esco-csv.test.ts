import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EscoCsvError, findEscoCsvFiles, readCsvFile, readEscoCsvDirectory } from "./esco-csv.ts";
import { lineProgress } from "./progress.ts";

const OCC = "http://data.europa.eu/esco/occupation/11111111-1111-4111-8111-111111111111";
const SKILL_A = "http://data.europa.eu/esco/skill/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const SKILL_B = "http://data.europa.eu/esco/skill/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";

const dir = () => mkdtempSync(join(tmpdir(), "winnow-esco-csv-"));
const crlf = (lines: string[]) => `${lines.join("\r\n")}\r\n`;

function writeExport(d: string) {
  // As ESCO ships it: a BOM-less UTF-8 file with CRLF rows and quoted fields spanning lines.
  writeFileSync(
    join(d, "occupations_en.csv"),
    crlf([
      "conceptType,conceptUri,iscoGroup,preferredLabel,altLabels,hiddenLabels,status,description,code",
      `Occupation,${OCC},2512,software developer,"programmer\r\ncoder, senior\r\n""the"" developer",hidden,released,"Builds software,\r\nlots of it.",2512.4`,
    ]),
  );
  writeFileSync(
    join(d, "skills_en.csv"),
    crlf([
      "conceptType,conceptUri,skillType,reuseLevel,preferredLabel,altLabels,hiddenLabels,status,description,inScheme",
      `KnowledgeSkillCompetence,${SKILL_A},knowledge,sector-specific,Java,"Java 8\nJava SE",,released,Language.,"http://data.europa.eu/esco/concept-scheme/skills"`,
      `KnowledgeSkillCompetence,${SKILL_B},skill/competence,transversal,think critically,,,released,,"http://data.europa.eu/esco/concept-scheme/skills,\r\nhttp://data.europa.eu/esco/concept-scheme/skill-transversal-groups"`,
    ]),
  );
  // The relation files also come without the _en suffix (ESCO v1.1.1's own names).
  writeFileSync(
    join(d, "occupationSkillRelations.csv"),
    crlf(["occupationUri,relationType,skillType,skillUri", `${OCC},optional,skill/competence,${SKILL_B}`, `${OCC},essential,knowledge,${SKILL_A}`]),
  );
  writeFileSync(
    join(d, "skillSkillRelations_en.csv"),
    crlf(["originalSkillUri,originalSkillType,relationType,relatedSkillType,relatedSkillUri", `${SKILL_A},knowledge,essential,skill/competence,${SKILL_B}`]),
  );
  writeFileSync(
    join(d, "ISCOGroups_en.csv"),
    crlf(["conceptType,conceptUri,code,preferredLabel,status", "ISCOGroup,http://data.europa.eu/esco/isco/C25,25,ICT professionals,released"]),
  );
}

describe("findEscoCsvFiles", () => {
  it("finds any subset, relation files with or without the _en suffix, in reading order", () => {
    const d = dir();
    writeExport(d);
    expect(findEscoCsvFiles(d).map((f) => f.name)).toEqual([
      "ISCOGroups_en.csv",
      "skills_en.csv",
      "occupations_en.csv",
      "occupationSkillRelations.csv",
      "skillSkillRelations_en.csv",
    ]);
  });

  it("rejects a directory without ESCO files, and a path that is not a directory", () => {
    expect(() => findEscoCsvFiles(dir())).toThrow(/no ESCO CSV files/);
    expect(() => findEscoCsvFiles(join(dir(), "missing"))).toThrow(EscoCsvError);
  });
});

describe("readEscoCsvDirectory", () => {
  it("parses quoted multi-line fields and CRLF rows into a catalogue", async () => {
    const d = dir();
    writeExport(d);
    const lines: string[] = [];
    const { builder, files } = await readEscoCsvDirectory(d, lineProgress((l) => lines.push(l)));
    expect(files.map((f) => [f.kind, f.rows])).toEqual([
      ["iscoGroups", 1],
      ["skills", 2],
      ["occupations", 1],
      ["occupationSkills", 2],
      ["skillSkills", 1],
    ]);
    const { data } = builder.build("t");
    expect(data.titles).toEqual([
      {
        id: "11111111-1111-4111-8111-111111111111",
        name: "software developer",
        career_group: "ICT professionals",
        aliases: ['"the" developer', "coder, senior", "programmer"],
        description: "Builds software,\nlots of it.",
        skill_ids: ["aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"],
        essential_skills: 1,
      },
    ]);
    const java = data.skills.find((s) => s.name === "Java")!;
    expect(java.aliases).toEqual(["Java 8", "Java SE"]);
    expect(java.related).toEqual([{ id: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", kind: "essential" }]);
    expect(data.skills.find((s) => s.name === "think critically")!.type).toBe("Common Skill");
    expect(lines.filter((l) => l.endsWith("started (0.0 MB)") || / done in /.test(l))).toHaveLength(10);
  });

  it("names the file and the missing columns", async () => {
    const d = dir();
    writeFileSync(join(d, "skills_en.csv"), crlf(["conceptUri,preferredLabel", `${SKILL_A},Java`]));
    await expect(readEscoCsvDirectory(d)).rejects.toThrow(/skills_en\.csv: missing column\(s\) altLabels, skillType, reuseLevel, description, inScheme/);
  });

  it("checks the columns of a file that has a header only", async () => {
    const d = dir();
    writeFileSync(join(d, "occupations_en.csv"), "conceptUri,preferredLabel\r\n");
    await expect(readEscoCsvDirectory(d)).rejects.toThrow(/occupations_en\.csv: missing column\(s\) altLabels, iscoGroup/);
  });

  it("rejects malformed CSV, naming the file", async () => {
    const d = dir();
    writeFileSync(
      join(d, "occupations_en.csv"),
      crlf(["conceptUri,preferredLabel,altLabels,iscoGroup", `${OCC},"unclosed quote,x,2512`]),
    );
    await expect(readEscoCsvDirectory(d)).rejects.toThrow(/occupations_en\.csv: .*(quote|Quote)/);
  });

  it("rejects rows with a wrong number of fields", async () => {
    const d = dir();
    writeFileSync(join(d, "occupations_en.csv"), crlf(["conceptUri,preferredLabel,altLabels,iscoGroup", `${OCC},dev,2512`]));
    await expect(readEscoCsvDirectory(d)).rejects.toThrow(EscoCsvError);
  });
});

describe("readCsvFile", () => {
  it("reports bytes read and strips a byte-order mark", async () => {
    const d = dir();
    const path = join(d, "x.csv");
    writeFileSync(path, "\uFEFFa,b\r\n1,2\r\n");
    const rows: Record<string, string | undefined>[] = [];
    let bytes = 0;
    await readCsvFile({ name: "x.csv", path }, ["a", "b"], (r) => rows.push(r), (b) => (bytes = b));
    expect(rows).toEqual([{ a: "1", b: "2" }]);
    expect(bytes).toBe(Buffer.byteLength("\uFEFFa,b\r\n1,2\r\n"));
  });
});
