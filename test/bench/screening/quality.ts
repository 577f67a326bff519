import { analyseCandidate, analyseJob, scoreMatch, type EngineContext, type MatchResult } from "@winnow/core/analysis/index";
import { bm25Scores } from "./bm25.ts";
import { readJob, tieKey, type Half, type LabelledJob } from "./dataset.ts";
import { ndcgAt, precisionAt, rankByScore } from "./metrics.ts";

/** ownNdcg5: NDCG@5 of the job's own candidates ranked among themselves (the hard part: same profession). */
export interface RankingQuality {
  ndcg10: number;
  p5: number;
  ownNdcg5: number;
}

export interface JobQuality {
  id: string;
  half: Half;
  engine: RankingQuality;
  bm25: RankingQuality;
  /** Per candidate, in the engine's order: grade, engine score and rank, BM25 rank, and the engine's result. */
  rows: { id: string; grade: number; own: boolean; score: number; bm25Rank: number; result: MatchResult }[];
}

const POSTED = new Date("2026-11-01T00:00:00Z");

/** Ranks each job's candidates with the engine (match_score, as the API does) and with BM25, and scores both rankings. */
export function evaluate(jobs: readonly LabelledJob[], texts: ReadonlyMap<string, string>, ctx: EngineContext, now: Date): JobQuality[] {
  return jobs.map((job) => {
    const jobText = readJob(job);
    const profile = analyseJob(jobText, ctx);
    const grades = new Map(job.candidates.map((c) => [c.id, c.grade]));
    const results = new Map<string, MatchResult>();
    for (const c of job.candidates) {
      const candidate = analyseCandidate(texts.get(c.id)!, ctx, now);
      results.set(c.id, scoreMatch(profile, candidate, { candidateName: c.id, postedDate: POSTED }, ctx));
    }
    const engineOrder = rankByScore(new Map([...results].map(([id, r]) => [id, r.match_score])), tieKey);
    const bm25Order = rankByScore(bm25Scores(jobText, job.candidates.map((c) => ({ id: c.id, text: texts.get(c.id)! }))), tieKey);
    const own = new Map(job.candidates.map((c) => [c.id, c.own]));
    return {
      id: job.id,
      half: job.half,
      engine: measureRanking(job, engineOrder),
      bm25: measureRanking(job, bm25Order),
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

/** NDCG@10, P@5 and own@5 of a ranking (candidate ids, best first) of one job's whole pool against its grades. */
export function measureRanking(job: LabelledJob, order: readonly string[]): RankingQuality {
  const grades = new Map(job.candidates.map((c) => [c.id, c.grade]));
  const own = new Set(job.candidates.filter((c) => c.own).map((c) => c.id));
  const ranked = order.map((id) => grades.get(id)!);
  const ownRanked = order.filter((id) => own.has(id)).map((id) => grades.get(id)!);
  const ownGrades = job.candidates.filter((c) => c.own).map((c) => c.grade);
  return {
    ndcg10: ndcgAt(10, ranked, job.candidates.map((c) => c.grade)),
    p5: precisionAt(5, ranked),
    ownNdcg5: ndcgAt(5, ownRanked, ownGrades),
  };
}
