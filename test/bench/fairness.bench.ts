/**
 * npm run bench:fairness — counterfactual check of blind scoring (docs/fairness.md) on the screening dev set
 * (test/fixtures/screening, manifests a–c): every résumé is scored against its job as written and as variants with
 * only a protected attribute changed (name, gender words and pronouns, age and date of birth, graduation years,
 * family status, nationality, religion, ethnicity, photo). Prints the number of variants checked and the largest
 * change of match_score over all of them (target: 0), and exits non-zero when any score or label changed.
 */
import {
  AFFILIATIONS,
  NAMES,
  PERSONAL_LINES,
  decision,
  engineContext,
  loadCases,
  makeScorer,
  withAffiliation,
  withGender,
  withGraduationShift,
  withHeaderLines,
  withName,
} from "../fairness/counterfactual.ts";

const cases = loadCases();
const score = makeScorer(engineContext());

let checked = 0;
let maxDelta = 0;
let labelChanges = 0;
const worst: string[] = [];

for (const c of cases) {
  const variants: [string, string][] = [
    ...NAMES.map((n): [string, string] => [`name ${n}`, withName(c.resume, n)]),
    ["gender female", withGender(c.resume, "female")],
    ["gender male", withGender(c.resume, "male")],
    ...PERSONAL_LINES.map((lines): [string, string] => [`lines ${lines.join("; ")}`, withHeaderLines(c.resume, lines)]),
    ...[5, 10, 20].map((by): [string, string] => [`graduation −${by}y`, withGraduationShift(c.resume, by)]),
  ];
  const base = score(c, c.resume);
  const pairs: [string, string, string][] = variants.map(([label, text]) => [label, c.resume, text]);
  // Affiliation variants differ from each other in the protected words only.
  const withFirst = withAffiliation(c.resume, AFFILIATIONS[0]!);
  for (const a of AFFILIATIONS.slice(1)) pairs.push([`affiliation ${a}`, withFirst, withAffiliation(c.resume, a)]);
  for (const [label, original, variant] of pairs) {
    const reference = original === c.resume ? base : score(c, original);
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
