import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { occupationFromCsv, skillFromCsv } from "@winnow/core/catalogue/esco";
import { startFakeEscoApi, type EscoExport, type FakeEscoApi } from "../testing/fake-esco-api.ts";
import { EscoApiClient, EscoApiError } from "./client.ts";

const OCC = "http://data.europa.eu/esco/occupation/11111111-1111-4111-8111-111111111111";
const JAVA = "http://data.europa.eu/esco/skill/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const GERMAN = "http://data.europa.eu/esco/skill/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";

const data: EscoExport = {
  headers: {},
  occupations: [
    {
      conceptUri: OCC,
      iscoGroup: "2512",
      preferredLabel: "software developer",
      altLabels: "programmer\r\ncoder",
      hiddenLabels: "hacker",
      code: "2512.4",
      description: "Writes software.",
    },
  ],
  skills: [
    {
      conceptUri: JAVA,
      skillType: "knowledge",
      reuseLevel: "sector-specific",
      preferredLabel: "Java (computer programming)",
      altLabels: "Java\nJava SE",
      description: "The Java\r\nlanguage. ",
      inScheme: "http://data.europa.eu/esco/concept-scheme/skills",
    },
    {
      conceptUri: GERMAN,
      skillType: "skill/competence",
      reuseLevel: "transversal",
      preferredLabel: "speak German",
      altLabels: "",
      description: "",
      inScheme: "http://data.europa.eu/esco/concept-scheme/skills, http://data.europa.eu/esco/concept-scheme/skill-language-groups",
    },
  ],
  occupationSkills: [
    { occupationUri: OCC, relationType: "essential", skillUri: JAVA },
    { occupationUri: OCC, relationType: "optional", skillUri: GERMAN },
  ],
  skillSkills: [{ originalSkillUri: JAVA, relationType: "optional", relatedSkillUri: GERMAN }],
  iscoGroups: [{ code: "25", preferredLabel: "ICT professionals" }],
};

let fake: FakeEscoApi;
const FAST = { retries: 3, minTimeoutMs: 1, maxTimeoutMs: 5, maxRetryAfterMs: 5000 };
const client = (extra: Partial<ConstructorParameters<typeof EscoApiClient>[0]> = {}) =>
  new EscoApiClient({ baseUrl: `${fake.url}/`, retry: FAST, requestTimeoutMs: 2000, ...extra });

beforeAll(async () => {
  fake = await startFakeEscoApi({ data });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.setFault(undefined);
  fake.reset();
});

describe("EscoApiClient: shapes", () => {
  it("pages search results", async () => {
    const c = client();
    expect(await c.search("skill", 0, 1)).toEqual({ total: 2, uris: [JAVA] });
    expect(await c.search("skill", 1, 1)).toEqual({ total: 2, uris: [GERMAN] });
    expect(await c.search("skill", 2, 1)).toEqual({ total: 2, uris: [] });
    expect(fake.log[0]!.url).toBe("/search?type=skill&limit=1&offset=0&language=en");
  });

  it("maps resources to the same records as the CSV rows (label order aside)", async () => {
    const c = client();
    const occ = (await c.occupation(OCC))!;
    const fromCsv = occupationFromCsv(data.occupations[0]!);
    expect({ ...occ.occupation, altLabels: occ.occupation.altLabels.sort() }).toEqual({ ...fromCsv, altLabels: fromCsv.altLabels.sort() });
    expect(occ.occupation.description).toBe("Writes software.");
    expect(occ.skills).toEqual([
      { from: OCC, to: JAVA, kind: "essential" },
      { from: OCC, to: GERMAN, kind: "optional" },
    ]);

    const java = (await c.skill(JAVA))!;
    const javaCsv = skillFromCsv(data.skills[0]!);
    expect({ ...java.skill, altLabels: java.skill.altLabels.sort() }).toEqual({ ...javaCsv, altLabels: javaCsv.altLabels.sort() });
    expect(java.related).toEqual([{ from: JAVA, to: GERMAN, kind: "optional" }]);
    expect((await c.skill(GERMAN))!.skill).toEqual(skillFromCsv(data.skills[1]!));
    expect(await c.conceptLabel("http://data.europa.eu/esco/isco/C25")).toBe("ICT professionals");
  });

  it("answers undefined for a 404, without retrying", async () => {
    expect(await client().skill("http://data.europa.eu/esco/skill/00000000-0000-4000-8000-000000000000")).toBeUndefined();
    expect(fake.log).toHaveLength(1);
  });

  it("sends selectedVersion when configured", async () => {
    await client({ selectedVersion: "v1.1.1" }).search("occupation", 0, 10);
    expect(fake.log[0]!.url).toContain("selectedVersion=v1.1.1");
  });
});

describe("EscoApiClient: faults", () => {
  it("retries 5xx with backoff and reports each retry", async () => {
    fake.setFault((r) => (r.count <= 2 ? { kind: "status", status: 503 } : undefined));
    const retries: string[] = [];
    const c = client({ onRetry: ({ error }) => retries.push(error.message) });
    expect((await c.skill(JAVA))!.skill.label).toBe("Java (computer programming)");
    expect(fake.log.map((l) => l.status)).toEqual([503, 503, 200]);
    expect(c.stats).toEqual({ requests: 3, retries: 2 });
    expect(retries[0]).toMatch(/HTTP 503/);
  });

  it("waits out a 429's Retry-After before retrying", async () => {
    fake.setFault((r) => (r.count === 1 ? { kind: "status", status: 429, retryAfter: "1" } : undefined));
    const c = client();
    await c.search("occupation", 0, 10);
    const [first, second] = fake.log;
    expect(first!.status).toBe(429);
    expect(second!.status).toBe(200);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it("retries a connection dropped mid-body", async () => {
    fake.setFault((r) => (r.count === 1 ? { kind: "drop" } : undefined));
    expect((await client().occupation(OCC))!.occupation.label).toBe("software developer");
    expect(fake.log.map((l) => l.fault)).toEqual(["drop", undefined]);
  });

  it("retries a request that times out", async () => {
    fake.setFault((r) => (r.count === 1 ? { kind: "stall" } : undefined));
    const c = client({ requestTimeoutMs: 200 });
    expect((await c.search("skill", 0, 5)).uris).toHaveLength(2);
    expect(c.stats.retries).toBe(1);
  });

  it("fails once the retries are spent, with the last error", async () => {
    fake.setFault(() => ({ kind: "status", status: 500 }));
    const c = client();
    await expect(c.skill(JAVA)).rejects.toThrow(/HTTP 500/);
    expect(fake.log).toHaveLength(FAST.retries + 1);
  });

  it("does not retry other client errors", async () => {
    fake.setFault(() => ({ kind: "status", status: 400 }));
    const err = await client().skill(JAVA).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EscoApiError);
    expect((err as EscoApiError).status).toBe(400);
    expect(fake.log).toHaveLength(1);
  });

  it("does not retry a base URL fetch can never use (unparsable, blocked port, other scheme)", async () => {
    for (const baseUrl of ["notaurl", "http://127.0.0.1:1/esco", "ftp://127.0.0.1/esco"]) {
      const retried: string[] = [];
      const c = new EscoApiClient({ baseUrl, retry: { ...FAST, retries: 3 }, onRetry: ({ url }) => retried.push(url) });
      const err = await c.search("skill", 0, 1).catch((e: unknown) => e);
      expect(err, baseUrl).toBeInstanceOf(EscoApiError);
      expect((err as EscoApiError).retryable, baseUrl).toBe(false);
      expect(retried, baseUrl).toEqual([]);
    }
  });

  it("stops waiting when aborted", async () => {
    fake.setFault(() => ({ kind: "status", status: 429, retryAfter: "30" }));
    const stop = new AbortController();
    const started = Date.now();
    const pending = client({ signal: stop.signal, retry: { ...FAST, maxRetryAfterMs: 60_000 } }).search("skill", 0, 1);
    setTimeout(() => stop.abort(new Error("stop")), 100);
    await expect(pending).rejects.toThrow(/stop/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
