import { readFileSync } from "node:fs";
import { analyseCandidate, analyseJob, scoreMatch, type EngineContext, type MatchResult } from "@winnow/core/analysis/index";
import { bm25Scores } from "./bm25.ts";
import { FIXTURES, TUNE_JOBS, tieKey, type LabelledJob } from "./dataset.ts";
import { ndcgAt, precisionAt, rankByScore } from "./metrics.ts";

export interface JobQuality {
  id: string;
  tune: boolean;
  /** ownNdcg5: NDCG@5 of the job's own candidates ranked among themselves (the hard part: same profession). */
  engine: { ndcg10: number; p5: number; ownNdcg5: number };
  bm25: { ndcg10: number; p5: number; ownNdcg5: number };
  /** Per candidate, in the engine's order: grade, engine score and rank, BM25 rank, and the engine's result. */
  rows: { id: string; grade: number; own: boolean; score: number; bm25Rank: number; result: MatchResult }[];
}

const POSTED = new Date("2026-11-01T00:00:00Z");

/** Ranks each job's candidates with the engine (match_score, as the API does) and with BM25, and scores both rankings. */
export function evaluate(jobs: readonly LabelledJob[], texts: ReadonlyMap<string, string>, ctx: EngineContext, now: Date): JobQuality[] {
  return jobs.map((job) => {
    const jobText = readFileSync(new URL(job.file, FIXTURES), "utf8");
    const profile = analyseJob(jobText, ctx);
    const grades = new Map(job.candidates.map((c) => [c.id, c.grade]));
    const results = new Map<string, MatchResult>();
    for (const c of job.candidates) {
      const candidate = analyseCandidate(texts.get(c.id)!, ctx, now);
      results.set(c.id, scoreMatch(profile, candidate, { candidateName: c.id, postedDate: POSTED }, ctx));
    }
    const engineOrder = rankByScore(new Map([...results].map(([id, r]) => [id, r.match_score])), tieKey);
    const bm25Order = rankByScore(bm25Scores(jobText, job.candidates.map((c) => ({ id: c.id, text: texts.get(c.id)! }))), tieKey);
    const all = job.candidates.map((c) => c.grade);
    const own = new Map(job.candidates.map((c) => [c.id, c.own]));
    const ownGrades = job.candidates.filter((c) => c.own).map((c) => c.grade);
    const measure = (order: string[]) => {
      const ranked = order.map((id) => grades.get(id)!);
      const ownRanked = order.filter((id) => own.get(id)).map((id) => grades.get(id)!);
      return { ndcg10: ndcgAt(10, ranked, all), p5: precisionAt(5, ranked), ownNdcg5: ndcgAt(5, ownRanked, ownGrades) };
    };
    return {
      id: job.id,
      tune: TUNE_JOBS.has(job.id),
      engine: measure(engineOrder),
      bm25: measure(bm25Order),
      rows: engineOrder.map((id) => ({
        id,
        grade: grades.get(id)!,
        own: own.get(id)!,
        score: results.get(id)!.match_score,
        bm25Rank: bm25Order.indexOf(id) + 1,
        result: results.get(id)!,
      })),
    };
  });
}
