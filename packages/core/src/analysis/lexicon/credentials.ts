import type { Catalogue } from "../../catalogue/catalogue.ts";
import type { Skill } from "../../catalogue/types.ts";

/**
 * Credentials that include another, by catalogue name: holding the first meets a requirement for the second, as a
 * recruiter reads it. The 30-hour OSHA card covers the 10-hour course; a master electrician was a journeyman first
 * and may do a journeyman's work; a Class A CDL lets its holder drive Class B vehicles; a certified food protection
 * manager meets a food-handler requirement. Only ladders the issuing bodies define: a higher certificate of another
 * kind (CCNP over CCNA, CSWP over CSWA) does not replace the lower one. Names the loaded catalogue does not have are
 * skipped, so an imported catalogue simply gets no ladder.
 */
const LADDERS: ReadonlyArray<readonly [higher: string, lower: readonly string[]]> = [
  ["OSHA 30", ["OSHA 10"]],
  ["Master Electrician License", ["Journeyman Electrician License"]],
  ["CDL Class A", ["CDL Class B", "Commercial Driver's License (CDL)"]],
  ["CDL Class B", ["Commercial Driver's License (CDL)"]],
  ["ServSafe Food Protection Manager", ["Food Handler Certificate"]],
  ["NEBOSH Diploma", ["NEBOSH General Certificate"]],
];

const indexes = new WeakMap<Catalogue, Map<string, string[]>>();

/** Lower credential id → ids of the catalogue's credentials that include it. */
function ladderIndex(catalogue: Catalogue): Map<string, string[]> {
  let index = indexes.get(catalogue);
  if (index) return index;
  const byName = new Map<string, string[]>();
  for (const s of catalogue.skills) {
    if (s.type === "Certification") byName.set(s.name, [...(byName.get(s.name) ?? []), s.id]);
  }
  index = new Map();
  for (const [higher, lowers] of LADDERS) {
    for (const lower of lowers) {
      for (const id of byName.get(lower) ?? []) index.set(id, [...(index.get(id) ?? []), ...(byName.get(higher) ?? [])]);
    }
  }
  indexes.set(catalogue, index);
  return index;
}

/** Credentials that include the given one (OSHA 30 for OSHA 10); empty for other skills. */
export function includingCredentials(catalogue: Catalogue, skill: Skill): string[] {
  return skill.type === "Certification" ? (ladderIndex(catalogue).get(skill.id) ?? []) : [];
}
