import { tokenize } from "../../text/tokens.ts";

/** Seniority vocabulary of `job_levels`, lowest to highest. */
export const JOB_LEVELS = ["intern", "entry", "mid", "senior", "lead", "manager", "director", "executive"] as const;
export type JobLevel = (typeof JOB_LEVELS)[number];

/**
 * Seniority modifiers: they say how senior the job is, not what it is, so they are removed from titles and catalogue
 * labels before matching ("Senior Java Developer" and "trainee java developer" are both "java developer").
 */
const LEVEL_MODIFIERS: Record<string, JobLevel> = {
  intern: "intern", internship: "intern", trainee: "intern", traineeship: "intern", apprentice: "intern",
  apprenticeship: "intern", werkstudent: "intern", student: "intern", graduate: "entry", fresher: "entry",
  junior: "entry", jr: "entry", entry: "entry", associate: "entry", i: "entry", ii: "mid", mid: "mid",
  intermediate: "mid", iii: "senior", senior: "senior", sr: "senior", snr: "senior", experienced: "senior",
  iv: "lead", lead: "lead", principal: "lead", staff: "lead",
};

/**
 * Modifiers that are also role nouns: "Staff Engineer" is a level, "Kitchen Staff" a job. As the last word of a
 * title they are the job and are kept.
 */
const ALSO_ROLE_NOUNS = new Set(["staff", "associate", "lead", "student"]);

/** Role words that imply a level; they stay in the title because they are part of catalogue names ("Sales Manager"). */
const LEVEL_ROLES: Record<string, JobLevel> = {
  supervisor: "manager", manager: "manager", mgr: "manager", head: "director", director: "director",
  vp: "director", svp: "director", evp: "executive", avp: "director", chief: "executive", president: "executive", founder: "executive", cofounder: "executive",
  partner: "executive", ceo: "executive", cto: "executive", cfo: "executive", coo: "executive", cio: "executive",
  cmo: "executive", ciso: "executive", chro: "executive",
};

/** Abbreviated modifiers, spelled out so they meet the catalogue's spelling ("Sr." = "senior"). */
const SPELLED_OUT: Record<string, string> = { sr: "senior", snr: "senior", jr: "junior" };

export const spellOutLevel = (word: string): string => SPELLED_OUT[word] ?? (word in LEVEL_MODIFIERS ? word : word.replace(/s$/, ""));

/** Heads of the technical individual-contributor ladders, on which "staff" is a rank (see isStaffRank). */
const STAFF_LADDER_HEADS = new Set(["engineer", "developer", "scientist", "designer", "architect", "researcher", "programmer", "sre", "swe"]);

/**
 * Whether "staff" is a rank, given the words that follow it in the title (lower case). It is the level above
 * senior only on the technical individual-contributor ladders ("Staff Software Engineer", "Staff Data Scientist");
 * elsewhere it means employed staff at the ordinary level ("Staff Accountant", "Staff Nurse"). The one rule for
 * both the title normalizer and the screening engine, so that a title has the same level wherever it is read.
 */
export const isStaffRank = (following: readonly string[]): boolean =>
  following.some((w) => STAFF_LADDER_HEADS.has(w.replace(/s$/, "")));

const PARTNER_RANKS = new Set(["managing", "senior", "junior", "equity", "salaried", "founding", "general", "name"]);

/** The level of a modifier word, plurals included ("Trainees"). */
function modifierLevel(word: string): JobLevel | undefined {
  return LEVEL_MODIFIERS[word] ?? (word.length > 3 && word.endsWith("s") ? LEVEL_MODIFIERS[word.slice(0, -1)] : undefined);
}

/** Whether `word` (lower case) is a seniority modifier wherever it stands, role nouns such as "staff" included. */
export const isLevelWord = (word: string): boolean => modifierLevel(word) !== undefined;

/** Whether `word` (lower case) at position `index` of a title of `length` words is a seniority modifier. */
export function isLevelModifier(word: string, index: number, length: number): boolean {
  if (!modifierLevel(word)) return false;
  return !(ALSO_ROLE_NOUNS.has(word.replace(/s$/, "")) && index === length - 1 && length > 1);
}

/**
 * Ranks that make a catalogue title a management one when its name carries them. "lead" also covers the senior
 * individual-contributor ranks (principal, staff engineer); leaving it out lost 0.0004 acc@1 on both JobBERT halves.
 */
const MANAGERIAL_LEVELS = new Set<JobLevel>(["lead", "manager", "director", "executive"]);

/** Whether detected levels include a managerial one (lead and above). */
export const isManagerial = (levels: readonly JobLevel[]): boolean => levels.some((l) => MANAGERIAL_LEVELS.has(l));

/** The levels named in a raw title, in `JOB_LEVELS` order. */
export function detectLevels(term: string): JobLevel[] {
  const found = new Set<JobLevel>();
  const tokens = tokenize(term);
  tokens.forEach((t, i) => {
    // "I" only as a roman numeral ("Engineer I"), never the pronoun or a lower-case "i".
    if (t.norm === "i" && t.raw !== "I") return;
    if (t.norm === "vice" && tokens[i + 1]?.norm === "president") found.add("director");
    else if (t.norm === "president" && tokens[i - 1]?.norm === "vice") return;
    // "Associate Director" is a director, not an entry-level job.
    if (t.norm === "associate" && (tokens[i + 1]?.norm ?? "") in LEVEL_ROLES) return;
    // A partner of the firm leads the title or follows a rank ("Managing Partner"); "HR Business Partner" is not one.
    if (t.norm === "partner" && i > 0 && !PARTNER_RANKS.has(tokens[i - 1]!.norm)) return;
    if (t.norm === "staff" && !isStaffRank(tokens.slice(i + 1).map((n) => n.norm))) return;
    const level = LEVEL_ROLES[t.norm] ?? (isLevelModifier(t.norm, i, tokens.length) ? modifierLevel(t.norm) : undefined);
    if (level) found.add(level);
  });
  if (/\bentry[\s-]level\b/i.test(term)) found.add("entry");
  if (/\bmid[\s-](?:level|senior)\b/i.test(term)) found.add("mid");
  if (/\b(?:team|tech|technical)[\s-]+lead(?:er)?\b/i.test(term)) found.add("lead");
  if (/\bhead\s+of\b/i.test(term)) found.add("director");
  return JOB_LEVELS.filter((l) => found.has(l));
}
