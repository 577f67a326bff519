/**
 * npm run bench:fairness — counterfactual check of blind scoring (docs/fairness.md) on the screening dev set
 * (test/fixtures/screening, every manifest): every résumé is scored against its job as written and as variants with
 * only a protected attribute changed (name, gender words and pronouns, age and date of birth, graduation years,
 * family status, nationality, religion, ethnicity, photo). Prints the number of variants checked and the largest
 * change of match_score over all of them (target: 0), and exits non-zero when any score or label changed.
 */
import { decision, engineContext, loadCases, makeScorer, variantPairs } from "../fairness/counterfactual.ts";

const cases = loadCases();
const score = makeScorer(engineContext());

let checked = 0;
let maxDelta = 0;
let labelChanges = 0;
const worst: string[] = [];

for (const c of cases) {
  // Several pairs share an original (the résumé, or its first affiliation variant): score each original once.
  const references = new Map<string, ReturnType<typeof score>>();
  for (const { label, original, variant } of variantPairs(c.resume)) {
    const reference = references.get(original) ?? score(c, original);
    references.set(original, reference);
    const r = score(c, variant);
    checked += 1;
    const delta = Math.abs(r.match_score - reference.match_score);
    maxDelta = Math.max(maxDelta, delta);
    if (JSON.stringify(decision(r)) !== JSON.stringify(decision(reference))) {
      labelChanges += 1;
      if (worst.length < 20) worst.push(`${c.id} [${label}]: ${reference.match_score} → ${r.match_score}`);
    }
  }
}

console.log(`Counterfactual fairness: ${cases.length} résumés, ${checked} variants checked`);
console.log(`  largest match_score change: ${maxDelta.toFixed(2)} (target 0)`);
console.log(`  variants with any score or label changed: ${labelChanges} (target 0)`);
for (const w of worst) console.log(`    ${w}`);
process.exitCode = maxDelta === 0 && labelChanges === 0 ? 0 : 1;
