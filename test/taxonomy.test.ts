import { beforeAll, describe, expect, it } from "vitest";
import { skillId } from "@winnow/core/catalogue/ids";
import { loadDefaultCatalogue } from "@winnow/catalogue";
import { testService, type TestService } from "./helpers.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let t: TestService;
const catalogue = loadDefaultCatalogue();

beforeAll(async () => {
  t = await testService();
});

const expectError = async (res: Response, status: number, code: number, message?: RegExp) => {
  expect(res.status).toBe(status);
  const body = await res.json() as any;
  expect(Object.keys(body).sort()).toEqual(["error", "message"]);
  expect(body.error).toBe(code);
  if (message) expect(body.message).toMatch(message);
};

const expectAuthError = async (res: Response, status: 401 | 403) => {
  expect(res.status).toBe(status);
  const body = await res.json() as any;
  expect(body).toEqual({ status: false, message: expect.any(String) });
};

describe("GET /v1/skills/{id}", () => {
  const python = catalogue.skills.find((s) => s.name === "Python")!;

  it("returns the skill in the envelope", async () => {
    const res = await t.call(`/v1/skills/${python.id}`);
    expect(res.status).toBe(200);
    const body = await res.json() as any;
    expect(Object.keys(body).sort()).toEqual(["data", "messages", "success"]);
    expect(body.success).toBe(true);
    expect(typeof body.messages).toBe("string");
    expect(body.data).toEqual({ id: python.id, name: "Python", description: python.description, type: { name: "Specialized Skill" } });
    expect(body.data.id).toBe(skillId("Python"));
  });

  it("accepts the key as a bearer token too", async () => {
    const res = await t.call(`/v1/skills/${python.id}`, { key: null, headers: { authorization: `Bearer ${t.apiKey}` } });
    expect(res.status).toBe(200);
  });

  it("401 without credentials, with an unknown key, with a malformed Authorization header", async () => {
    await expectAuthError(await t.call(`/v1/skills/${python.id}`, { key: null }), 401);
    await expectAuthError(await t.call(`/v1/skills/${python.id}`, { key: "wnw_notakey" }), 401);
    await expectAuthError(await t.call(`/v1/skills/${python.id}`, { key: null, headers: { authorization: "Basic abc" } }), 401);
  });

  it("403 when the key lacks taxonomy:read", async () => {
    const key = await t.keyWith(["matches:read"]);
    await expectAuthError(await t.call(`/v1/skills/${python.id}`, { key }), 403);
  });

  it("400 for a malformed id, 404 for an unknown one", async () => {
    await expectError(await t.call("/v1/skills/not-a-uuid"), 400, 1008, /UUID-shaped/);
    await expectError(await t.call("/v1/skills/00000000-0000-4000-8000-000000000000"), 404, 2001);
  });
});

describe("POST /v1/skills/related", () => {
  const ids = ["Python", "SQL"].map((n) => catalogue.skills.find((s) => s.name === n)!.id);

  it("returns related skills without description, excluding the inputs", async () => {
    const res = await t.call("/v1/skills/related", { method: "POST", json: { ids } });
    expect(res.status).toBe(200);
    const body = await res.json() as any;
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(10);
    for (const s of body.data) {
      expect(Object.keys(s).sort()).toEqual(["id", "name", "type"]);
      expect(s.id).toMatch(UUID);
      expect(ids).not.toContain(s.id);
      expect(catalogue.skills.find((x) => x.id === s.id)?.name).toBe(s.name);
    }
  });

  it("honours limit", async () => {
    const res = await t.call("/v1/skills/related", { method: "POST", json: { ids, limit: 3 } });
    expect((await res.json() as any).data).toHaveLength(3);
  });

  it("rejects bad input with the field named", async () => {
    await expectError(await t.call("/v1/skills/related", { method: "POST", json: { ids: "x" } }), 400, 1003, /ids/);
    await expectError(await t.call("/v1/skills/related", { method: "POST", json: { ids: [] } }), 400, 1003, /ids/);
    await expectError(await t.call("/v1/skills/related", { method: "POST", json: { ids: ["nope"] } }), 400, 1008);
    await expectError(
      await t.call("/v1/skills/related", { method: "POST", json: { ids: ["00000000-0000-4000-8000-000000000000"] } }),
      404,
      2001,
      /00000000-0000-4000-8000-000000000000/,
    );
    await expectError(
      await t.call("/v1/skills/related", { method: "POST", body: "{ids:", headers: { "content-type": "application/json" } }),
      400,
      1001,
    );
    await expectError(
      await t.call("/v1/skills/related", { method: "POST", body: JSON.stringify({ ids }), headers: { "content-type": "text/plain" } }),
      415,
      1002,
    );
  });

  it("401 without credentials", async () => {
    await expectAuthError(await t.call("/v1/skills/related", { method: "POST", json: { ids }, key: null }), 401);
  });
});

describe("POST /v1/titles/normalize and /inspect", () => {
  it("normalizes a noisy title to a catalogue title with levels", async () => {
    const res = await t.call("/v1/titles/normalize", { method: "POST", json: { term: "Sr. Java Developer (m/w/d) – Remote, Berlin" } });
    expect(res.status).toBe(200);
    const { data } = await res.json() as any;
    expect(Object.keys(data).sort()).toEqual(["confidence", "id", "job_levels", "name"]);
    expect(data.id).toMatch(UUID);
    expect(catalogue.titles.find((x) => x.id === data.id)?.name).toBe(data.name);
    expect(data.name).toMatch(/Java/);
    expect(data.confidence).toBeGreaterThan(0.5);
    expect(data.confidence).toBeLessThanOrEqual(1);
    expect(data.job_levels).toEqual(["senior"]);
  });

  it("inspect ranks candidates, best first, up to limit", async () => {
    const res = await t.call("/v1/titles/normalize/inspect", { method: "POST", json: { term: "registered nurse icu", limit: 4 } });
    expect(res.status).toBe(200);
    const { data } = await res.json() as any;
    expect(data).toHaveLength(4);
    for (let i = 1; i < data.length; i++) expect(data[i].confidence).toBeLessThanOrEqual(data[i - 1].confidence);
    expect(data[0].name).toMatch(/Nurse/);
  });

  it("validates term and limit", async () => {
    await expectError(await t.call("/v1/titles/normalize", { method: "POST", json: {} }), 400, 1003, /term/);
    await expectError(await t.call("/v1/titles/normalize", { method: "POST", json: { term: 42 } }), 400, 1003, /term/);
    await expectError(await t.call("/v1/titles/normalize", { method: "POST", json: { term: "x".repeat(1001) } }), 400, 1003, /term/);
    await expectError(await t.call("/v1/titles/normalize/inspect", { method: "POST", json: { term: "nurse", limit: 0 } }), 400, 1003, /limit/);
    await expectError(await t.call("/v1/titles/normalize", { method: "POST", json: { term: "%%% ###" } }), 422, 2003);
  });

  it("401 with a revoked-looking key", async () => {
    await expectAuthError(await t.call("/v1/titles/normalize", { method: "POST", json: { term: "nurse" }, key: "wnw_x" }), 401);
  });
});

describe("GET /v1/titles", () => {
  it("pages through every title in name order with Link rel=next", async () => {
    const seen: string[] = [];
    let url: string | undefined = "/v1/titles?limit=200";
    let pages = 0;
    while (url) {
      const res = await t.call(url);
      expect(res.status).toBe(200);
      const body = await res.json() as any;
      for (const entry of body.data) {
        expect(Object.keys(entry).sort()).toEqual(["id", "name"]);
        seen.push(entry.id);
      }
      const link = res.headers.get("link");
      if (link) {
        const m = /^<([^>]+)>; rel="next"$/.exec(link);
        expect(m).not.toBeNull();
        const next = new URL(m![1]!);
        expect(next.searchParams.get("limit")).toBe("200");
        expect(next.searchParams.get("cursor")).toBeTruthy();
        url = next.pathname + next.search;
      } else url = undefined;
      pages++;
    }
    expect(pages).toBe(Math.ceil(catalogue.titles.length / 200));
    expect(new Set(seen).size).toBe(catalogue.titles.length);
    const names = seen.map((id) => catalogue.titles.find((x) => x.id === id)!.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("defaults to 50 results", async () => {
    const res = await t.call("/v1/titles");
    expect((await res.json() as any).data).toHaveLength(50);
    expect(res.headers.get("link")).toMatch(/cursor=/);
  });

  it("rejects an invalid limit or cursor", async () => {
    for (const bad of ["0", "201", "abc", "-1", "1.5"]) {
      await expectError(await t.call(`/v1/titles?limit=${bad}`), 400, 1004, /limit/);
    }
    await expectError(await t.call("/v1/titles?cursor=!!!"), 400, 1005);
    await expectError(await t.call(`/v1/titles?cursor=${Buffer.from("[1]").toString("base64url")}`), 400, 1005);
  });

  it("401 without credentials", async () => {
    await expectAuthError(await t.call("/v1/titles", { key: null }), 401);
  });
});

describe("GET /v1/titles/{id}", () => {
  const title = catalogue.titles.find((x) => x.skill_ids.length >= 8)!;

  it("returns the detail under both data and date", async () => {
    const res = await t.call(`/v1/titles/${title.id}`);
    expect(res.status).toBe(200);
    const body = await res.json() as any;
    expect(Object.keys(body).sort()).toEqual(["data", "date", "messages", "success"]);
    expect(body.date).toEqual(body.data);
    expect(body.data.id).toBe(title.id);
    expect(body.data.name).toBe(title.name);
    expect(body.data.career_group).toBe(title.career_group);
    expect(body.data.mapping.names).toEqual(title.aliases);
    expect(body.data.mapping.skills.map((s: { id: string }) => s.id)).toEqual(title.skill_ids);
    for (const s of body.data.mapping.skills) expect(catalogue.skills.find((x) => x.id === s.id)?.name).toBe(s.name);
  });

  it("404 for an unknown title, 400 for a malformed id, 403 without the scope", async () => {
    await expectError(await t.call("/v1/titles/00000000-0000-4000-8000-000000000000"), 404, 2002);
    await expectError(await t.call("/v1/titles/xyz"), 400, 1008);
    await expectAuthError(await t.call(`/v1/titles/${title.id}`, { key: await t.keyWith(["matches:write"]) }), 403);
  });
});
