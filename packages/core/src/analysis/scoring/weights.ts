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
 * over those); 0 when no block has a requirement, since there is nothing the candidate could be shown to meet.
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
  return weight > 0 ? sum / weight : 0;
}
