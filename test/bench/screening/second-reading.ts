import { readFileSync } from "node:fs";
import { FIXTURES, tieKey, type LabelledJob } from "./dataset.ts";
import { measureRanking, type RankingQuality } from "./quality.ts";

/**
 * An independent second reading of the dev set (second-reading.json): readers who never saw the original grades,
 * the notes or the engine read each posting and its 25 own résumés (plain text, shuffled, ids hidden) and graded and
 * ordered them. They were language-model sessions like the graders, so scored with the rankers' metrics their order
 * shows how consistent the labels are and how far a careful reading of the résumés ranks by them — not the
 * judgement of a panel of recruiters.
 */
export interface SecondReading {
  /** Candidate ids of the job's own pool, best first. */
  ranking: string[];
  grades: Record<string, number>;
}

export interface Agreement {
  /** Share of candidates given the same grade by both readings. */
  exact: number;
  /** Share whose grades differ by at most one. */
  withinOne: number;
  /** Cohen's kappa with quadratic weights over grades 0–3 (1 = perfect agreement, 0 = chance). */
  quadraticKappa: number;
}

const FILE = new URL("second-reading.json", FIXTURES);

export function loadSecondReading(jobs: readonly LabelledJob[]): Map<string, SecondReading> {
  const data = JSON.parse(readFileSync(FILE, "utf8")) as { jobs: Record<string, SecondReading> };
  const readings = new Map<string, SecondReading>();
  for (const job of jobs) {
    const reading = data.jobs[job.id];
    const own = job.candidates.filter((c) => c.own).map((c) => c.id).sort();
    const ranked = [...(reading?.ranking ?? [])].sort();
    if (!reading || ranked.join() !== own.join() || Object.keys(reading.grades).sort().join() !== own.join()) {
      throw new Error(`second-reading.json does not grade and rank exactly the own candidates of ${job.id}`);
    }
    readings.set(job.id, reading);
  }
  return readings;
}

/**
 * The second reading's ranking of the whole pool: its order of the own candidates, then the other professions'
 * candidates (grade 0 by construction, which any reader puts last) in the neutral tie-break order.
 */
export function secondReadingQuality(job: LabelledJob, reading: SecondReading): RankingQuality {
  const others = job.candidates.filter((c) => !c.own).map((c) => c.id).sort((a, b) => (tieKey(a) < tieKey(b) ? -1 : 1));
  return measureRanking(job, [...reading.ranking, ...others]);
}

/** Agreement of the second reading's grades with the original grades, over the own candidates of the given jobs. */
export function agreement(jobs: readonly LabelledJob[], readings: ReadonlyMap<string, SecondReading>): Agreement {
  const pairs = jobs.flatMap((job) => job.candidates.filter((c) => c.own).map((c) => [c.grade, readings.get(job.id)!.grades[c.id]!] as const));
  const n = pairs.length;
  const k = 4;
  const observed = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const [a, b] of pairs) observed[a]![b]! += 1;
  const rows = observed.map((r) => r.reduce((s, x) => s + x, 0));
  const cols = observed[0]!.map((_, j) => observed.reduce((s, r) => s + r[j]!, 0));
  let disagreeObserved = 0;
  let disagreeExpected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = (i - j) ** 2 / (k - 1) ** 2;
      disagreeObserved += (w * observed[i]![j]!) / n;
      disagreeExpected += (w * rows[i]! * cols[j]!) / (n * n);
    }
  }
  return {
    exact: pairs.filter(([a, b]) => a === b).length / n,
    withinOne: pairs.filter(([a, b]) => Math.abs(a - b) <= 1).length / n,
    quadraticKappa: disagreeExpected > 0 ? 1 - disagreeObserved / disagreeExpected : 1,
  };
}
