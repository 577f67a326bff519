import bm25 from "wink-bm25-text-search";
import nlp from "wink-nlp-utils";

/**
 * The baseline: Okapi BM25 (k1 = 1.2, b = 0.75) from wink-bm25-text-search with the preparation pipeline its
 * documentation recommends (lower case, tokenize, stop words out, Porter stems, negations propagated). The index
 * holds one job's candidate pool and the whole job description is the query.
 */
export function bm25Scores(jobText: string, candidates: readonly { id: string; text: string }[]): Map<string, number> {
  const engine = bm25();
  engine.defineConfig({ fldWeights: { body: 1 }, bm25Params: { k1: 1.2, b: 0.75, k: 1 } });
  engine.definePrepTasks([nlp.string.lowerCase, nlp.string.tokenize0, nlp.tokens.removeWords, nlp.tokens.stem, nlp.tokens.propagateNegations]);
  for (const c of candidates) engine.addDoc({ body: c.text }, c.id);
  engine.consolidate();
  const scores = new Map(candidates.map((c) => [c.id, 0]));
  for (const [id, score] of engine.search(jobText, candidates.length)) scores.set(String(id), score);
  return scores;
}
