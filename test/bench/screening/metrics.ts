/**
 * Ranking metrics with graded relevance. Gains are exponential (2^grade − 1), the usual choice for graded
 * judgements: a grade-3 candidate ranked first matters much more than a grade-1 one.
 */

const gain = (grade: number): number => 2 ** grade - 1;
const discount = (rank: number): number => 1 / Math.log2(rank + 2);

/** NDCG@k of a ranking (grades in ranked order) against the ideal ordering of all `allGrades`. */
export function ndcgAt(k: number, rankedGrades: readonly number[], allGrades: readonly number[]): number {
  const dcg = rankedGrades.slice(0, k).reduce((sum, g, i) => sum + gain(g) * discount(i), 0);
  const ideal = [...allGrades].sort((a, b) => b - a);
  const idcg = ideal.slice(0, k).reduce((sum, g, i) => sum + gain(g) * discount(i), 0);
  return idcg > 0 ? dcg / idcg : 0;
}

/** Share of the first k ranked candidates whose grade is at least `relevantFrom`. */
export function precisionAt(k: number, rankedGrades: readonly number[], relevantFrom = 2): number {
  return rankedGrades.slice(0, k).filter((g) => g >= relevantFrom).length / k;
}

export const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/**
 * Orders ids by descending score. Ties are broken by a fixed hash of the id rather than input order, so neither
 * ranker profits from the order the candidates are listed in (own candidates first).
 */
export function rankByScore(scores: ReadonlyMap<string, number>, tieKey: (id: string) => string): string[] {
  return [...scores.keys()].sort((a, b) => {
    const d = scores.get(b)! - scores.get(a)!;
    if (d !== 0) return d;
    const ka = tieKey(a);
    const kb = tieKey(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}
