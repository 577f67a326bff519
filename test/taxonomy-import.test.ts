import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { appendFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BatchWriteCommand, PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDefaultCatalogue } from "@winnow/catalogue";
import { CatalogueBuildError } from "@winnow/core/catalogue/build";
import { CatalogueActivationConflict } from "@winnow/storage/repos/catalogue";
import { EscoCsvError, importEscoCsv, type EscoImportResult } from "@winnow/taxonomy";
import { escoSubset, loadEscoExport, writeEscoCsv, type EscoExport } from "@winnow/taxonomy/testing/fake-esco-api";
import { testService, type TestService } from "./helpers.ts";
import { ESCO, ESCO_DIR, ROOT, freshStore, ict, idOf, jsonOf, withHook } from "./taxonomy-support.ts";

let full: EscoExport;
let subsetDir: string;

beforeAll(async () => {
  full = await loadEscoExport(ESCO_DIR);
  subsetDir = mkdtempSync(join(tmpdir(), "winnow-esco-subset-"));
  writeEscoCsv(subsetDir, escoSubset(full, { occupations: 8, where: ict }));
});

describe("taxonomy import esco: the full ESCO v1.1.1 set", () => {
  let t: TestService;
  let result: EscoImportResult;
  let defaultVersion: string;
  const catalogue = loadDefaultCatalogue();

  beforeAll(async () => {
    t = await testService({ catalogue });
    defaultVersion = (await t.services.catalogues.activeVersion())!;
    result = await importEscoCsv({ dir: ESCO_DIR, catalogues: t.services.catalogues });
  }, 120_000);

  it("imports every occupation and skill well within 60 s and activates the new version", async () => {
    expect(result.report.titles).toBe(full.occupations.length);
    expect(result.report.skills).toBe(full.skills.length);
    expect(result.files.map((f) => f.name).sort()).toEqual(
      ["ISCOGroups_en.csv", "occupationSkillRelations_en.csv", "occupations_en.csv", "skillSkillRelations_en.csv", "skills_en.csv"],
    );
    expect(result.previous).toBe(defaultVersion);
    expect(result.changed).toBe(true);
    expect(result.timings.totalMs).toBeLessThan(60_000);
    expect(await t.services.catalogues.activeVersion()).toBe(result.version);
    const versions = await t.services.catalogues.listVersions();
    expect(versions.map((v) => [v.version, v.active])).toEqual([
      [result.version, true],
      [defaultVersion, false],
    ]);
    expect(versions[0]).toMatchObject({ source: `esco-csv:${ESCO_DIR.replace(/\/$/, "")}`, titles: 3007, skills: 13896, activatedAt: expect.any(String) });
  });

  it("serves ESCO skills with their mapped type", async () => {
    const cases = [
      ["understand written Korean", "Language"],
      ["show initiative", "Common Skill"],
      ["manage musical staff", "Specialized Skill"],
    ] as const;
    for (const [label, type] of cases) {
      const row = full.skills.find((s) => s.preferredLabel === label)!;
      const res = await t.call(`/v1/skills/${idOf(row.conceptUri!)}`);
      expect(res.status).toBe(200);
      const { data } = await jsonOf(res);
      expect(data).toEqual({ id: idOf(row.conceptUri!), name: label, description: row.description!.replace(/\r\n?/g, "\n").trim(), type: { name: type } });
    }
  });

  it("serves a title: career group from the ISCO sub-major group, alternative labels, essential then optional skills", async () => {
    const occ = full.occupations.find((o) => o.preferredLabel === "technical director")!;
    const res = await t.call(`/v1/titles/${idOf(occ.conceptUri!)}`);
    expect(res.status).toBe(200);
    const { data } = await jsonOf(res);
    const group = full.iscoGroups.find((g) => g.code === occ.iscoGroup!.slice(0, 2))!;
    expect(data.career_group).toBe(group.preferredLabel);
    expect(data.name).toBe("technical director");
    expect(new Set(data.mapping.names)).toEqual(new Set(occ.altLabels!.split(/\r?\n/).filter((l) => l && l !== "technical director")));
    const links = full.occupationSkills.filter((r) => r.occupationUri === occ.conceptUri);
    const essential = new Set(links.filter((r) => r.relationType === "essential").map((r) => idOf(r.skillUri!)));
    const ids: string[] = data.mapping.skills.map((s: { id: string }) => s.id);
    expect(ids).toHaveLength(links.length);
    expect(new Set(ids.slice(0, essential.size))).toEqual(essential);
    for (const s of data.mapping.skills) expect(s.name).toBe(full.skills.find((k) => k.conceptUri === `${ESCO}/skill/${s.id}`)!.preferredLabel);
  });

  it("lists every title across pages", async () => {
    let url: string | undefined = "/v1/titles?limit=200";
    const seen = new Set<string>();
    while (url) {
      const res = await t.call(url);
      expect(res.status).toBe(200);
      for (const title of (await jsonOf(res)).data) seen.add(title.id);
      const next = res.headers.get("link");
      url = next ? new URL(/<([^>]+)>/.exec(next)![1]!).pathname + new URL(/<([^>]+)>/.exec(next)![1]!).search : undefined;
    }
    expect(seen.size).toBe(full.occupations.length);
  });

  it("normalizes ESCO labels to their occupation", async () => {
    const occ = full.occupations.find((o) => o.preferredLabel === "technical director")!;
    const res = await t.call("/v1/titles/normalize", { method: "POST", json: { term: "Technical Director" } });
    expect(res.status).toBe(200);
    const { data } = await jsonOf(res);
    expect(data.id).toBe(idOf(occ.conceptUri!));
    expect(data.confidence).toBeGreaterThan(0.9);
    const inspect = await t.call("/v1/titles/normalize/inspect", { method: "POST", json: { term: "technical director", limit: 3 } });
    expect((await jsonOf(inspect)).data[0].id).toBe(idOf(occ.conceptUri!));
  });

  it("ranks skills related by ESCO's skill–skill relations among the related skills", async () => {
    const rel = full.skillSkills.find((r) => r.relationType === "essential")!;
    const res = await t.call("/v1/skills/related", { method: "POST", json: { ids: [idOf(rel.originalSkillUri!)], limit: 10 } });
    expect(res.status).toBe(200);
    const ids = (await jsonOf(res)).data.map((s: { id: string }) => s.id);
    expect(ids).toContain(idOf(rel.relatedSkillUri!));
    expect(ids).not.toContain(idOf(rel.originalSkillUri!));
  });

  it("does not create a version when the same export is imported again", async () => {
    const again = await importEscoCsv({ dir: ESCO_DIR, catalogues: t.services.catalogues });
    expect(again.version).toBe(result.version);
    expect(again.changed).toBe(false);
    expect(await t.services.catalogues.listVersions()).toHaveLength(2);
  }, 60_000);
});

describe("taxonomy import esco: failures leave the previous version active", () => {
  it("a malformed file", async () => {
    const { catalogues, defaultVersion } = await freshStore();
    const dir = mkdtempSync(join(tmpdir(), "winnow-esco-bad-"));
    writeEscoCsv(dir, escoSubset(full, { occupations: 3 }));
    appendFileSync(join(dir, "skills_en.csv"), `KnowledgeSkillCompetence,"${ESCO}/skill/broken,unclosed\r\n`);
    await expect(importEscoCsv({ dir, catalogues })).rejects.toThrow(EscoCsvError);
    expect(await catalogues.activeVersion()).toBe(defaultVersion);
    expect((await catalogues.listVersions()).map((v) => v.version)).toEqual([defaultVersion]);
  });

  it("a file with a missing column, and concepts without a UUID", async () => {
    const { catalogues, defaultVersion } = await freshStore();
    const dir = mkdtempSync(join(tmpdir(), "winnow-esco-bad-"));
    writeFileSync(join(dir, "occupations_en.csv"), "conceptUri,preferredLabel,iscoGroup\r\nx,y,2512\r\n");
    await expect(importEscoCsv({ dir, catalogues })).rejects.toThrow(/missing column\(s\) altLabels/);

    writeFileSync(join(dir, "occupations_en.csv"), `conceptUri,preferredLabel,altLabels,iscoGroup\r\n${ESCO}/occupation/x1,dev,,2512\r\n`);
    await expect(importEscoCsv({ dir, catalogues })).rejects.toThrow(CatalogueBuildError);
    expect(await catalogues.activeVersion()).toBe(defaultVersion);
  });

  it.each([
    ["while writing the catalogue's chunks", (c: object) => c instanceof BatchWriteCommand],
    ["while completing the version", (c: object) => c instanceof TransactWriteCommand && JSON.stringify(c.input).includes('"#META"')],
  ])("a crash %s; the next import completes", async (_when, failsOn) => {
    const { store, catalogues, defaultVersion } = await freshStore();
    const crashing = withHook(store, (command) => {
      if (failsOn(command)) throw new Error("simulated crash");
    });
    await expect(importEscoCsv({ dir: subsetDir, catalogues: crashing })).rejects.toThrow(/simulated crash/);
    expect(await catalogues.activeVersion()).toBe(defaultVersion);
    expect((await catalogues.listVersions()).map((v) => v.version)).toEqual([defaultVersion]);

    const retried = await importEscoCsv({ dir: subsetDir, catalogues });
    expect(await catalogues.activeVersion()).toBe(retried.version);
    const stored = await catalogues.readVersion(retried.version);
    expect(stored!.titles).toHaveLength(retried.report.titles);
    expect(stored!.skills).toHaveLength(retried.report.skills);
  });

  it("an activation that lost a race keeps the other writer's version", async () => {
    const { store, catalogues } = await freshStore();
    const other = { ...loadDefaultCatalogue(), version: "0123456789abcdef", source: "someone else" };
    await catalogues.writeVersion(other);
    const racing = withHook(store, async (command) => {
      // Just before the switch, another process activates its own version.
      if (command instanceof TransactWriteCommand && JSON.stringify(command.input).includes('"#ACTIVE"')) {
        await store.doc.send(new PutCommand({ TableName: store.table, Item: { pk: "CATALOGUE", sk: "#ACTIVE", version: other.version } }));
      }
    });
    await expect(importEscoCsv({ dir: subsetDir, catalogues: racing })).rejects.toThrow(CatalogueActivationConflict);
    expect(await catalogues.activeVersion()).toBe(other.version);
  });
});

describe("catalogue storage", () => {
  it("still reads versions stored item by item by earlier releases", async () => {
    const { store, catalogues } = await freshStore();
    const data = loadDefaultCatalogue();
    const pk = "CATALOGUE#legacy0000000000";
    for (const s of data.skills.slice(0, 3)) await store.doc.send(new PutCommand({ TableName: store.table, Item: { pk, sk: `SKILL#${s.id}`, kind: "skill", data: s } }));
    const title = { ...data.titles[0]!, skill_ids: data.skills.slice(0, 3).map((s) => s.id) };
    await store.doc.send(new PutCommand({ TableName: store.table, Item: { pk, sk: `TITLE#${title.id}`, kind: "title", data: title } }));
    await store.doc.send(
      new PutCommand({
        TableName: store.table,
        Item: { pk, sk: "#META", complete: true, source: "old", titles: 1, skills: 3, createdAt: "2020-01-01T00:00:00.000Z" },
      }),
    );
    const read = await catalogues.readVersion("legacy0000000000");
    expect(read!.titles).toEqual([title]);
    expect(read!.skills).toEqual(data.skills.slice(0, 3));
    // Activated the old way (pointer only, no registry entry): still listed as the active version.
    await store.doc.send(new PutCommand({ TableName: store.table, Item: { pk: "CATALOGUE", sk: "#ACTIVE", version: "legacy0000000000" } }));
    const listed = await catalogues.listVersions();
    expect(listed.filter((v) => v.active)).toEqual([
      { version: "legacy0000000000", source: "old", titles: 1, skills: 3, createdAt: "2020-01-01T00:00:00.000Z", active: true },
    ]);
    expect(listed).toHaveLength(2);
  });
});

describe("npm run cli -- taxonomy import esco <dir>", () => {
  const cli = (args: string[], table: string) =>
    spawnSync(process.execPath, ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "packages/cli/src/main.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, WINNOW_TABLE: table },
      encoding: "utf8",
      timeout: 60_000,
    });

  it("imports against DYNAMODB_ENDPOINT with progress on stderr and a JSON summary on stdout", () => {
    const table = `cli-${randomUUID()}`;
    const run = cli(["taxonomy", "import", "esco", subsetDir], table);
    expect(run.status, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout.trim());
    expect(summary).toMatchObject({ previous: null, changed: true, titles: 8, version: expect.stringMatching(/^[0-9a-f]{16}$/) });
    // Not a terminal here: plain progress lines instead of a redrawn bar.
    expect(run.stderr).toMatch(/reading occupations_en\.csv: started/);
    expect(run.stderr).toMatch(/writing version [0-9a-f]{16}: done in/);

    const versions = cli(["taxonomy", "versions"], table);
    expect(versions.status).toBe(0);
    expect(JSON.parse(versions.stdout.trim().split("\n")[0]!)).toMatchObject({ version: summary.version, active: true, titles: 8 });
  });

  it("exits 1 with a message for a directory without ESCO files", () => {
    const run = cli(["taxonomy", "import", "esco", mkdtempSync(join(tmpdir(), "empty-"))], `cli-${randomUUID()}`);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/error: no ESCO CSV files in/);
  });
});
