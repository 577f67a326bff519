import { blockScore, type Attribute } from "./attributes.ts";
import type { Blocks } from "./blocks.ts";

/**
 * Weights of the analysis blocks in layer_one_score. Skills carry the most because they are the most specific
 * requirement a posting states; interests the least because they are the weakest evidence. Culture fit is reported
 * beside the score but not part of it: lexicon cues are too thin to rank people by.
 */
export const BLOCK_WEIGHTS: Readonly<Record<keyof Blocks, number>> = {
  skills: 0.35,
  experience: 0.45,
  education: 0.12,
  interests: 0.08,
};

/**
 * A block whose requirements are all nice-to-haves weighs this share of its weight: a posting that only "prefers"
 * a culinary diploma should not move the score as much as one that requires a degree.
 */
export const NICE_ONLY_BLOCK_SHARE = 0.5;

/**
 * Weighted mean of the layer-two scores over the blocks that have at least one requirement (weights re-normalised
 * over those), times hardRequirementFactor: below the mean when a hard requirement is not fully met (the narrative
 * says so, and the requirement is a requirement gap); 0 when no block has a requirement, since there is nothing the
 * candidate could be shown to meet.
 */
export function layerOneScore(blocks: Blocks): number {
  let weight = 0;
  let sum = 0;
  for (const key of Object.keys(BLOCK_WEIGHTS) as (keyof Blocks)[]) {
    const attributes: Attribute[] = blocks[key];
    if (attributes.length === 0) continue;
    const share = attributes.every((a) => a.strength === "nice") ? NICE_ONLY_BLOCK_SHARE : 1;
    weight += BLOCK_WEIGHTS[key] * share;
    sum += BLOCK_WEIGHTS[key] * share * blockScore(attributes);
  }
  return weight > 0 ? (sum / weight) * hardRequirementFactor(blocks) : 0;
}

/**
 * Share of the score a hard requirement not met at all takes away (see isHardRequirement, scoring/blocks.ts): a
 * recruiter grades a candidate without a licence the work needs low however strong the rest, so the shortfall
 * scales the whole score rather than weighing as one requirement among the others, which would also compress the
 * differences between the candidates who hold it. Partly met (pending, held in another state) takes its share.
 */
export const HARD_SHORTFALL_SHARE = 0.3;

/**
 * The factor the hard requirements' shortfalls leave of the score: 1 − HARD_SHORTFALL_SHARE × the largest shortfall
 * (1 − credit). The largest, not a product: a posting that names its licence twice ("Class A CDL … help you get your
 * CDL" reads as CDL Class A and CDL) or asks for a licence and work authorisation knocks out a candidate lacking them
 * no more than one lacking one; a product would halve the score for the posting's wording.
 */
export function hardRequirementFactor(blocks: Blocks): number {
  let shortfall = 0;
  for (const key of Object.keys(BLOCK_WEIGHTS) as (keyof Blocks)[]) {
    for (const a of blocks[key]) if (a.hard) shortfall = Math.max(shortfall, 1 - Math.min(1, Math.max(0, a.credit)));
  }
  return 1 - HARD_SHORTFALL_SHARE * shortfall;
}
