import type { Catalogue } from "../../catalogue/catalogue.ts";
import type { Skill } from "../../catalogue/types.ts";
import { sentenceOf } from "../text/document.ts";
import type { JobSection, ResumeSection } from "../text/headings.ts";
import type { CandidateSkill, Position, RelatedSkillRef, SkillAlternative, SkillRequirement, SkillUse, Strength } from "../types.ts";
import { includingSkills } from "../lexicon/inclusions.ts";
import { evidenceAt } from "./evidence.ts";
import { firmer, nearestCue, requirementStrength } from "./requirements.ts";
import { credentialJurisdictions, credentialStatus, isStateLicence, offersPath, requiredJurisdiction, strongestStatus } from "./qualifiers.ts";
import type { Hit, Scan } from "./scan.ts";

// Where a posting states what it asks for.
const REQUIREMENT_SECTIONS: ReadonlySet<JobSection> = new Set(["requirements", "preferred"]);

/** Partial credit comes from the skills most related to a requirement, when reasonably related. */
export const RELATED_PER_SKILL = 10;
export const MIN_RELATED_SCORE = 0.3;
/** Size of the pool of skills related to the posting as a whole (transferable skills). */
export const RELATED_TO_JOB = 50;

// Between two skills of one list of alternatives: "Python or Go", "SAP, Oracle or Sage", "VLOOKUP/XLOOKUP",
// "and/or". A plain comma joins a list but only a run with an "or" or a slash is a choice. Items the catalogue does not
// know may stand between two it knows: "SAP, Oracle, Microsoft Dynamics or Sage Intacct" (names, capitalised).
const NAME = String.raw`[\p{Lu}\p{N}][\p{L}\p{N}.+#&'’-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}.+#&'’-]*){0,3}`;
const LIST_JOINER = new RegExp(
  String.raw`^\s*(?:,\s*${NAME}\s*)*(?:,|\/|\||or|,\s*or|and\s*\/\s*or|or\s+even)\s*$`,
  "u",
);
const LIST_JOINER_WORDS = /^\s*(?:,|\/|\||or|,\s*or|and\s*\/\s*or|or\s+even)\s*$/iu;
// One skill preferred among the choice that follows: "NetSuite is ideal, but SAP or Sage Intacct are fine".
const PREFERENCE_JOINER = /^\s*(?:is|are|would be)\s+(?:ideal|preferred|best|a plus|great|our preference)\s*,?\s*(?:but|though|although|while)\s*$/iu;
// A list that ends in "or similar" is a choice too: "UKG, Workday, BambooHR or similar", "Python, Go or another typed
// language", also across a wrapped line. Another item after the "or" ("butchery, fermentation or charcuterie
// experience") may be an item of its own, so it does not make the list a choice.
const OR_SIMILAR = /^\s*,?\s*(?:or|and\s*\/\s*or)\s+(?:similar|equivalent|comparable|another|other|any other)\b(?!\s+duties)/iu;
// A category, then its examples after a semicolon, colon, dash or bracket: "an ERP system; NetSuite …", "a warehouse
// management system (Manhattan, …". Only a kind of the category counts as its example (see Catalogue.kindsOf) unless
// a bracket offers a choice.
// A list introduced as a choice: "at least two of: machining, sheet metal, welding", "any of", "one or more of".
const INTRO_WINDOW = 80;
const CHOICE_BEFORE = /\b(?:at least (?:one|two|three|[1-3]) of|any (?:one |two )?of|one or more of)\b[^.;!?]*$/iu;
const CATEGORY_TO_EXAMPLES = /^\s*(?:(?:system|platform|tool|software|package|suite)s?\s*)?[;:(–—-]\s*$/iu;
const CHOICE_JOINER = /\bor\b|\/|\|/iu;
// A category skill followed by its examples: "an ERP system such as NetSuite", "a CRM (e.g. Salesforce)".
const EXAMPLES_JOINER = /^\s*(?:(?:system|platform|tool|software|package|language)s?\s*)?(?:,\s*)?(?:\(\s*)?(?:such as|e\.\s?g\.,?|like)\s*$/iu;
const PARENTHESIS = /\(([^()]*)\)/gu;

interface JobHit {
  hit: Hit<string, JobSection>;
  order: number;
  strength: Strength;
}

/**
 * Mentions that name one requirement with a choice of skills, as a recruiter reads them: skills of one list joined
 * by "or" or a slash ("Python or Go", "SAP, Oracle, Microsoft Dynamics or Sage Intacct"); skills in one bracket that
 * offers a choice ("(AWS preferred; GCP or Azure is fine)"); a category and its examples ("an ERP such as
 * NetSuite or SAP"). Returns groups of indices into `hits`; mentions outside any choice are groups of one.
 */
function choiceGroups(text: string, hits: readonly JobHit[], isKindOf: (kind: string, category: string) => boolean): number[][] {
  const parent = hits.map((_, i) => i);
  // Iterative, with path halving: a 100,000-character list of "or"s makes chains too long to recurse through.
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const union = (a: number, b: number) => {
    parent[find(a)] = find(b);
  };
  const byLine = new Map<number, number[]>();
  hits.forEach((h, i) => {
    const list = byLine.get(h.hit.line.index);
    if (list) list.push(i);
    else byLine.set(h.hit.line.index, [i]);
  });
  for (const indices of byLine.values()) {
    indices.sort((a, b) => hits[a]!.hit.start - hits[b]!.hit.start);
    // Runs of list-joined mentions within a sentence.
    let run: number[] = [indices[0]!];
    let choice = false;
    const close = () => {
      const first = hits[run[0]!]!.hit;
      const introduced = CHOICE_BEFORE.test(text.slice(Math.max(first.line.start, first.start - INTRO_WINDOW), first.start));
      if ((choice || introduced) && run.length > 1) for (const i of run.slice(1)) union(run[0]!, i);
    };
    for (let k = 1; k < indices.length; k++) {
      const a = hits[indices[k - 1]!]!.hit;
      const b = hits[indices[k]!]!.hit;
      const between = text.slice(a.end, b.start);
      const sameSentence = !/[.;!?]\s/u.test(between);
      if (sameSentence && EXAMPLES_JOINER.test(between)) {
        run.push(indices[k]!);
        choice = true;
      } else if (sameSentence && (LIST_JOINER_WORDS.test(between) || LIST_JOINER.test(between))) {
        run.push(indices[k]!);
        if (CHOICE_JOINER.test(between)) choice = true;
      } else if (PREFERENCE_JOINER.test(between)) {
        // The preferred skill joins the list after it, a choice only when that list offers one ("… or Sage Intacct").
        run.push(indices[k]!);
      } else if (CATEGORY_TO_EXAMPLES.test(between) && isKindOf(b.value, a.value)) {
        run.push(indices[k]!);
        choice = true;
      } else {
        if (OR_SIMILAR.test(between)) choice = true;
        close();
        run = [indices[k]!];
        choice = false;
      }
    }
    const last = hits[indices.at(-1)!]!.hit;
    if (OR_SIMILAR.test(text.slice(last.end, last.end + 40))) choice = true;
    close();
    // A bracket that offers a choice, closed on its line or running on to the next (a wrapped line); with the
    // category written right before it ("a modern HRIS (UKG, Workday or similar)").
    const line = last.line;
    const open = line.text.lastIndexOf("(");
    const brackets = [...line.text.matchAll(PARENTHESIS)].map((m) => ({ at: m.index, end: m.index + m[0].length, inside: m[1]! }));
    if (open >= 0 && !line.text.includes(")", open)) brackets.push({ at: open, end: line.text.length, inside: line.text.slice(open + 1) });
    for (const bracket of brackets) {
      if (!CHOICE_JOINER.test(bracket.inside)) continue;
      const from = line.start + bracket.at;
      const to = line.start + bracket.end;
      const inside = indices.filter((i) => hits[i]!.hit.start >= from && hits[i]!.hit.end <= to);
      const before = indices.filter((i) => hits[i]!.hit.end <= from).at(-1);
      if (before !== undefined && inside.length > 0 && CATEGORY_TO_EXAMPLES.test(text.slice(hits[before]!.hit.end, from + 1))) inside.unshift(before);
      for (const i of inside.slice(1)) union(inside[0]!, i);
    }
  }
  const groups = new Map<number, number[]>();
  hits.forEach((_, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(i);
    else groups.set(root, [i]);
  });
  return [...groups.values()];
}

/**
 * Whether a skill match is the field of study of a degree in its sentence ("Bachelor's degree in Accounting", "BS in
 * Statistics or a related field"): that is read as the education requirement, not as a skill asked for.
 */
function namesFieldOfStudy(scan: Scan<JobSection>, hit: Hit<string, JobSection>): boolean {
  const lineHits = scan.lexiconByLine[hit.line.index] ?? [];
  const [from, to] = sentenceOf(hit.line, hit.start, hit.end);
  const isField = lineHits.some((h) => h.value.kind === "field" && h.start <= hit.start && h.end >= hit.end);
  return isField && lineHits.some((h) => h.value.kind === "degree" && h.start >= from && h.end <= to);
}

// Between a skill and a kind of it that the posting names as its instance: an opening bracket right after the skill,
// then a few words, none of them closing it ("Kubernetes (we run EKS", "cloud (AWS").
const OPEN_BRACKET_AFTER = /^\s*\((?:[^()\n]{0,40}\s)?$/u;
const BRACKET_REACH = 48;
// The rest of such a bracket after the kind, up to its closing bracket ("EKS) and Terraform" → "").
const BRACKET_REST = /^[^()\n]{0,60}(?=\))/u;
// Words of a bracket that name the kind as the posting's own instance: "we run EKS", "on our EKS clusters".
const OWN_INSTANCE = /\b(?:we\s+(?:use|run)|our)\b/iu;
// Words of a bracket that ask for the kind itself, so it is a requirement of its own: "EKS experience required",
// "must have led workplace investigations", "OSHA 30 preferred", "a plus", "ideally", "strongly", "only".
const ASKS_FOR_KIND = /\b(?:requir\w*|must|prefer\w*|plus|ideal\w*|strong\w*|only|bonus|nice|need\w*|essential)\b/iu;

/**
 * Catalogue skills a posting names, with how firmly (see requirementStrength; a skill named in the title, as in
 * "Python Developer", is a must-have), one requirement per skill or per choice of skills (see choiceGroups). A
 * requirement named several times keeps its firmest strength; a choice is as firm as its firmest mention. A skill
 * that is part of a choice is not also a requirement of its own unless it is asked for more firmly on its own.
 * Must-haves come first, then nice-to-haves, each in order of first mention.
 */
export function extractJobSkills(
  scan: Scan<JobSection>,
  catalogue: Catalogue,
  titleSpan: [number, number] | null,
): SkillRequirement[] {
  const inTitle = (start: number, end: number) => titleSpan !== null && start >= titleSpan[0] && end <= titleSpan[1];
  const hits: JobHit[] = [];
  const titled: JobHit[] = [];
  // Skills the posting's requirements say, in so many words, are preferred ("ICU experience strongly preferred,
  // step-down or ED considered"), and those they say are required.
  const statedNice = new Set<string>();
  const statedMust = new Set<string>();
  scan.skills.forEach((hit, order) => {
    if (namesFieldOfStudy(scan, hit)) return;
    if (inTitle(hit.start, hit.end)) {
      titled.push({ hit, order, strength: "must" });
      return;
    }
    const strength = requirementStrength(scan, hit.line, hit.start, hit.end, { about: "nice" });
    if (!strength) return;
    hits.push({ hit, order, strength });
    if (REQUIREMENT_SECTIONS.has(hit.line.section) && nearestCue(scan, hit.line, hit.start, hit.end, ["nice", "must"]) === strength) {
      (strength === "nice" ? statedNice : statedMust).add(hit.value);
    }
  });
  // A skill named in the title ("Python Developer") is a must-have, unless the requirements state it is only
  // preferred: the unit in "Registered Nurse — Medical/Surgical Intensive Care Unit" is where the job is, and
  // "ICU experience strongly preferred" says experience of it is not required.
  for (const t of titled) {
    const preferred = statedNice.has(t.hit.value) && !statedMust.has(t.hit.value);
    hits.push(preferred ? { ...t, strength: "nice" } : t);
  }
  hits.sort((a, b) => a.order - b.order);

  const found = new Map<string, { ids: string[]; strength: Strength; order: number }>();
  const isKindOf = (kind: string, category: string) => catalogue.kindsOf(category).includes(kind);
  for (const group of choiceGroups(scan.doc.text, hits, isKindOf)) {
    const members = group.map((i) => hits[i]!).sort((a, b) => a.order - b.order);
    const ids = [...new Set(members.map((m) => m.hit.value))];
    const key = [...ids].sort().join("|");
    const strength = members.reduce<Strength | undefined>((s, m) => firmer(s, m.strength), undefined)!;
    const seen = found.get(key);
    found.set(key, { ids: seen?.ids ?? ids, strength: firmer(seen?.strength, strength), order: seen?.order ?? members[0]!.order });
  }
  const choices = [...found.values()].filter((r) => r.ids.length > 1);
  for (const [key, req] of found) {
    if (req.ids.length !== 1) continue;
    const covered = choices.some((c) => c.ids.includes(req.ids[0]!) && (c.strength === "must" || req.strength === "nice"));
    if (covered) found.delete(key);
  }

  // The skills that meet a skill: its kinds ("Epic EHR" for "EHR") and the skills that include it (OSHA 30 for OSHA 10).
  const meetingKinds = (skill: Skill): string[] => [...new Set([...catalogue.kindsOf(skill.id), ...includingSkills(catalogue, skill)])];

  // A kind of a skill named in brackets right after it as the posting's own ("Kubernetes (we run EKS)", "CRM (our
  // Salesforce org)") is the posting's instance of that skill, not a second requirement: anyone who meets the skill
  // meets what the bracket names as far as a recruiter asks, and the kind already meets the skill. A bracket that
  // only lists kinds ("Advanced Excel (pivot tables, VLOOKUP)") or asks for one ("EKS experience required", "OSHA 30
  // preferred") asks for each; so does one naming a higher rung of a credential ladder (OSHA 30 for OSHA 10).
  const bracketKinds = (id: string): string[] => {
    const skill = catalogue.skill(id);
    if (!skill) return [];
    return skill.type === "Certification" ? catalogue.kindsOf(id) : meetingKinds(skill);
  };
  const namesOwnInstance = (open: number, hit: Hit<string, JobSection>): boolean => {
    const text = scan.doc.text;
    // Up to the closing bracket, else a few words on (no closing bracket in reach: "Kubernetes (we run EKS, …").
    const after = text.slice(hit.end, Math.min(hit.line.end, hit.end + 61));
    const bracket = text.slice(open, hit.end) + (BRACKET_REST.exec(after)?.[0] ?? after);
    return OWN_INSTANCE.test(bracket) && !ASKS_FOR_KIND.test(bracket);
  };
  // Hits are in text order: the skill a bracket follows is among the few hits just before it (BRACKET_REACH).
  const isBracketedKind = (at: number, req: { strength: Strength }): boolean => {
    const { hit } = hits[at]!;
    for (let k = at - 1; k >= 0 && hits[k]!.hit.end >= hit.start - BRACKET_REACH; k--) {
      const outer = hits[k]!.hit;
      if (
        outer.value !== hit.value &&
        outer.line === hit.line &&
        outer.end <= hit.start &&
        OPEN_BRACKET_AFTER.test(scan.doc.text.slice(outer.end, hit.start)) &&
        bracketKinds(outer.value).includes(hit.value) &&
        namesOwnInstance(outer.end, hit) &&
        [...found.values()].some((r) => r.ids.includes(outer.value) && (r.strength === "must" || req.strength === "nice"))
      ) {
        return true;
      }
    }
    return false;
  };
  const atOf = new Map<string, number[]>();
  hits.forEach((h, i) => {
    const at = atOf.get(h.hit.value);
    if (at) at.push(i);
    else atOf.set(h.hit.value, [i]);
  });
  for (const [key, req] of found) {
    if (req.ids.length !== 1) continue;
    const own = atOf.get(req.ids[0]!) ?? [];
    if (own.length > 0 && own.every((at) => isBracketedKind(at, req))) found.delete(key);
  }

  const alternative = (skill: Skill): SkillAlternative => {
    const own = skill.type === "Certification" ? hits.filter((h) => h.hit.value === skill.id).map((h) => h.hit) : [];
    const jurisdiction = isStateLicence(skill.name) && own.length ? requiredJurisdiction(scan.doc.text, own) : null;
    const obtainable = own.length > 0 && offersPath(scan.doc.text, own);
    // A kind of the skill ("Epic EHR" for "EHR") or a skill that includes it (OSHA 30 for OSHA 10, Amazon EC2 for
    // AWS) meets it.
    const kinds = meetingKinds(skill);
    return {
      id: skill.id,
      name: skill.name,
      type: skill.type,
      related: relatedForCredit(catalogue, skill),
      ...(jurisdiction ? { jurisdiction } : {}),
      ...(obtainable ? { obtainable } : {}),
      ...(kinds.length ? { kinds } : {}),
    };
  };
  return [...found.values()]
    .flatMap(({ ids, strength, order }) => {
      const skills = ids.flatMap((id) => catalogue.skill(id) ?? []);
      return skills.length ? [{ skills, strength, order }] : [];
    })
    .sort((a, b) => (a.strength === b.strength ? a.order - b.order : a.strength === "must" ? -1 : 1))
    .map(({ skills, strength }) => ({ ...alternative(skills[0]!), strength, alternatives: skills.slice(1).map(alternative) }));
}

/**
 * Skills whose presence earns partial credit for a missing one. Only specialized skills stand in for each other:
 * co-occurring with Docker says nothing about "Collaboration", and a related certification is not the certificate.
 */
function relatedForCredit(catalogue: Catalogue, skill: Skill): RelatedSkillRef[] {
  if (skill.type !== "Specialized Skill") return [];
  return catalogue
    .relatedSkills([skill.id], RELATED_PER_SKILL)
    .filter((r) => r.score >= MIN_RELATED_SCORE && r.skill.type === "Specialized Skill")
    .map((r) => ({ id: r.skill.id, name: r.skill.name, score: Math.round(r.score * 1000) / 1000 }));
}

// A skill used in a job or project is better evidence than the same skill in a keyword list.
const SECTION_CONFIDENCE: Partial<Record<ResumeSection, number>> = {
  experience: 0.9,
  projects: 0.85,
  summary: 0.8,
  skills: 0.8,
  certifications: 0.85,
  languages: 0.8,
};
const OTHER_SECTION_CONFIDENCE = 0.7;
const REPEAT_BONUS = 0.05;

const WORK_SECTIONS: ReadonlySet<ResumeSection> = new Set(["experience"]);
const PROJECT_SECTIONS: ReadonlySet<ResumeSection> = new Set(["projects", "volunteering", "activities"]);

// "(hands-on until 2019)", "(used until 2019)", "(until 2019)", "(last used 2019)" after a skill or a list of them.
const UNTIL = /^\((?:hands[\s-]on|used|in use)?\s*(?:until|till|through|to|last used(?: in)?)\s+((?:19|20)\d{2})\)/iu;
// Between a skill and the bracket that dates it: more skills of the same list, no mark that starts another item.
const SAME_LIST = /^[^;·•|()]*$/u;
const UNTIL_REACH = 160;

/**
 * The year a mention's own list item says its hands-on use ended: "Tableau, Snowflake, SQL and SAS (hands-on until
 * 2019)" dates all four, as a recruiter reads it; null when the item says nothing of it.
 */
function handsOnUntil(text: string, hit: Hit<string, ResumeSection>): number | null {
  // A list's bracket is near its items; the reach keeps a long line from being read again for each of its skills.
  const rest = text.slice(hit.end, Math.min(hit.line.end, hit.end + UNTIL_REACH));
  const open = rest.indexOf("(");
  if (open < 0 || !SAME_LIST.test(rest.slice(0, open))) return null;
  const m = UNTIL.exec(rest.slice(open));
  return m ? Number(m[1]) : null;
}

/**
 * How a skill is evidenced, strongest first: named in a dated position or anywhere in the experience section
 * ("work"), in projects, volunteering or activities ("project"), or only listed — skills lists, summaries,
 * coursework ("listed"). `lastUsed` is the end of the most recent dated position that names it.
 */
function usage(
  text: string,
  id: string,
  hits: readonly Hit<string, ResumeSection>[],
  positions: readonly Position[],
): { use: SkillUse; lastUsed: string | null } {
  let lastUsed: string | null = null;
  for (const p of positions) {
    // A hands-off position's skills were last used hands-on when it began (see Position.handsOff).
    const end = p.handsOff ? p.start : p.end;
    if (p.skills.includes(id) && (lastUsed === null || end > lastUsed)) lastUsed = end;
  }
  // The writer's own word on when the hands-on use ended outweighs a later position that names the skill.
  const until = hits.reduce<number | null>((min, h) => {
    const year = handsOnUntil(text, h);
    return year !== null && (min === null || year < min) ? year : min;
  }, null);
  if (until !== null && lastUsed !== null && lastUsed > `${until}-12`) lastUsed = `${until}-12`;
  if (lastUsed !== null || hits.some((h) => WORK_SECTIONS.has(h.line.section))) return { use: "work", lastUsed };
  if (hits.some((h) => PROJECT_SECTIONS.has(h.line.section))) return { use: "project", lastUsed: null };
  return { use: "listed", lastUsed: null };
}

/** Catalogue skills in a candidate text, in order of first mention, each with its best-supported mention quoted. */
export function extractCandidateSkills(
  scan: Scan<ResumeSection>,
  catalogue: Catalogue,
  positions: readonly Position[] = [],
): CandidateSkill[] {
  const byId = new Map<string, Hit<string, ResumeSection>[]>();
  for (const hit of scan.skills) {
    const list = byId.get(hit.value) ?? [];
    list.push(hit);
    byId.set(hit.value, list);
  }
  const out: CandidateSkill[] = [];
  for (const [id, hits] of byId) {
    const skill = catalogue.skill(id);
    if (!skill) continue;
    const confidenceOf = (h: Hit<string, ResumeSection>) => SECTION_CONFIDENCE[h.line.section] ?? OTHER_SECTION_CONFIDENCE;
    // First mention among the best-supported ones.
    const best = hits.reduce((a, b) => (confidenceOf(b) > confidenceOf(a) ? b : a));
    const confidence = confidenceOf(best) + (hits.length > 1 ? REPEAT_BONUS : 0);
    // Only a credential is qualified: "Python (learning)" is a skill listed, not a licence pending.
    const licence = isStateLicence(skill.name);
    const statuses = skill.type === "Certification" ? hits.map((h) => credentialStatus(scan.doc.text, h, licence)) : [];
    const status = strongestStatus(statuses);
    const jurisdictions = licence
      ? [...new Set(hits.flatMap((h, i) => (statuses[i] === "held" ? credentialJurisdictions(scan.doc.text, h) : [])))]
      : [];
    // A qualified credential is quoted where its qualifier is, so the reason for the lower credit is visible.
    const quoted = status === "held" ? best : (hits[statuses.indexOf(status)] ?? best);
    out.push({
      id,
      name: skill.name,
      type: skill.type,
      mentions: hits.length,
      ...usage(scan.doc.text, id, hits, positions),
      status,
      ...(jurisdictions.length ? { jurisdictions } : {}),
      evidence: evidenceAt(scan.doc.text, quoted.line, quoted.start, quoted.end, confidence),
    });
  }
  return out;
}
