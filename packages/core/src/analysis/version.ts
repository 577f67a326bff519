/**
 * Version of the scoring rules, recorded in every decision record so a past score can be tied to the rules that made
 * it. Bumped by hand in the same change as anything that can move a score, a label or an explanation (see
 * docs/scoring.md, "Engine version"): major for a new model, minor for changed weights, rules or lexicons, patch for
 * wording of explanations only.
 */
export const ENGINE_VERSION = "2.14.0";

/**
 * Stated wherever a score is shown: in a response header of screening calls, in each decision record and in ATS
 * notes. Plain ASCII, so it is a valid HTTP header value as is.
 */
export const ADVISORY_STATEMENT =
  "The match score is advisory: it ranks and explains, it does not decide. A person reviews the candidate and makes the hiring decision.";
