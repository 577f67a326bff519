/**
 * Turns ranking scores into confidences: a logistic model of the probability that a ranked title is the right one,
 * from its score, its margin over the competition and whether it matched a name or alias exactly.
 *
 * The coefficients were fitted by maximum likelihood on half of the JobBERT development set (the even rows of
 * val.csv, 7,732 raw vacancy titles normalized against the 2,942 ESCO v1.0 occupations) and checked on the other
 * half; `npm run bench:titles -- --fit-calibration` refits them and prints the reliability table. On that data a
 * confidence of 0.6 means "right about 60% of the time". Scores depend on the catalogue, so on a much smaller or
 * larger catalogue the mapping is an approximation; the ordering it induces does not change.
 */

export interface CalibrationFeatures {
  /** Fused ranking score of the title. */
  score: number;
  /** Score minus the best competing score: over the runner-up for the top title, below the top one for the rest. */
  margin: number;
  /** The whole cleaned term equals the title's name (2), one of its aliases (1), or neither (0). */
  exact: 0 | 1 | 2;
}

export interface CalibrationModel {
  bias: number;
  score: number;
  margin: number;
  exactAlias: number;
  exactName: number;
}

export const CALIBRATION: CalibrationModel = {
  bias: -3.269,
  score: 2.298,
  margin: 3.257,
  exactAlias: 0.441,
  exactName: 1.057,
};

/** The answer counts as confident from this confidence on (the convention of title normalization APIs). */
export const CONFIDENCE_THRESHOLD = 0.5;

export function calibrate(f: CalibrationFeatures, model: CalibrationModel = CALIBRATION): number {
  const z =
    model.bias +
    model.score * f.score +
    model.margin * f.margin +
    (f.exact === 2 ? model.exactName : f.exact === 1 ? model.exactAlias : 0);
  return 1 / (1 + Math.exp(-z));
}
