/**
 * The labelled sets behind npm run bench:screening stay what their manifests say: labels.json (written by
 * test/fixtures/screening/generate.ts) carries every manifest candidate with the recruiter's grade, each job gets
 * five graded-0 candidates of other professions, and every file the bench reads exists in the format it claims.
 * A manifest edited without re-running generate.ts, or a rendered file gone missing, fails here rather than
 * silently changing the benchmark.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FIXTURES, FRESH_FIXTURES, SET_C_FIXTURES, loadLabels, readBytes, type LabelledJob } from "./bench/screening/dataset.ts";

interface ManifestCandidate {
  id: string;
  file: string;
  relevance: number;
  format: "text" | "pdf" | "docx";
  notes: string;
}
interface Profession {
  job: { id: string; title: string; file: string };
  candidates: ManifestCandidate[];
}

function manifestProfessions(root: URL): Map<string, { job: Profession["job"]; candidates: ManifestCandidate[] }> {
  const out = new Map<string, { job: Profession["job"]; candidates: ManifestCandidate[] }>();
  for (const name of readdirSync(root).filter((f) => /^manifest-.+\.json$/.test(f))) {
    const manifest = JSON.parse(readFileSync(new URL(name, root), "utf8")) as { professions: Profession[] };
    for (const p of manifest.professions) {
      const known = out.get(p.job.id) ?? { job: p.job, candidates: [] };
      known.candidates.push(...p.candidates);
      out.set(p.job.id, known);
    }
  }
  return out;
}

const MAGIC = { pdf: "%PDF-", docx: "PK\u0003\u0004" } as const;

function checkSet(root: URL, jobs: LabelledJob[]): void {
  const professions = manifestProfessions(root);
  expect(jobs.map((j) => j.id).sort()).toEqual([...professions.keys()].sort());
  const professionOf = new Map([...professions].flatMap(([id, p]) => p.candidates.map((c) => [c.id, id] as const)));
  for (const job of jobs) {
    const manifest = professions.get(job.id)!;
    expect(job.title).toBe(manifest.job.title);
    expect(existsSync(new URL(job.file, root))).toBe(true);
    const own = job.candidates.filter((c) => c.own);
    expect(own.map((c) => [c.id, c.grade, c.format])).toEqual(manifest.candidates.map((c) => [c.id, c.relevance, c.format]));
    for (const c of manifest.candidates) {
      expect(c.notes.length, `${c.id} has the recruiter's reasons`).toBeGreaterThan(20);
      expect([0, 1, 2, 3]).toContain(c.relevance);
    }
    const others = job.candidates.filter((c) => !c.own);
    expect(others).toHaveLength(5);
    for (const c of others) {
      expect(c.grade).toBe(0);
      expect(professionOf.get(c.id)).not.toBe(job.id);
    }
    for (const c of job.candidates) {
      const bytes = readBytes(c.file, root);
      if (c.format === "text") expect(c.file).toMatch(/\.txt$/);
      else expect(Buffer.from(bytes.subarray(0, MAGIC[c.format].length)).toString("latin1")).toBe(MAGIC[c.format]);
    }
    // Every grade occurs: a job whose pool were all strong or all weak could not test a ranking.
    expect(new Set(own.map((c) => c.grade))).toEqual(new Set([0, 1, 2, 3]));
  }
}

describe("screening benchmark sets", () => {
  it("dev set: 12 jobs × 25 graded candidates of the profession + 5 of others, as the manifests say", () => {
    const jobs = loadLabels(FIXTURES);
    expect(jobs).toHaveLength(12);
    for (const job of jobs) expect(job.candidates.filter((c) => c.own)).toHaveLength(25);
    expect(jobs.filter((j) => j.half === "A")).toHaveLength(6);
    checkSet(FIXTURES, jobs);
  });

  it.each([
    ["half C (the fresh set of 2.12)", SET_C_FIXTURES, "C"],
    ["fresh set", FRESH_FIXTURES, "fresh"],
  ] as const)("%s: 4 jobs of professions no other set has, same shape, formats mixed", (_name, root, half) => {
    const jobs = loadLabels(root);
    expect(jobs).toHaveLength(4);
    const others = new Set(
      [FIXTURES, SET_C_FIXTURES, FRESH_FIXTURES].filter((r) => r !== root).flatMap((r) => loadLabels(r).map((j) => j.id)),
    );
    for (const job of jobs) {
      expect(others.has(job.id)).toBe(false);
      expect(job.half).toBe(half);
      const own = job.candidates.filter((c) => c.own);
      expect(own).toHaveLength(25);
      expect(new Set(own.map((c) => c.format))).toEqual(new Set(["text", "pdf", "docx"]));
    }
    checkSet(root, jobs);
  });
});
