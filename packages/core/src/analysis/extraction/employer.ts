/**
 * The employer of a work-history entry, read from the entry's layout around its title and dates (experience.ts finds
 * those). Heuristics over the usual résumé layouts; they can return a unit or a place for unusual ones.
 */
import type { ResumeSection } from "../text/headings.ts";
import { escapeRegExp } from "../text/regexp.ts";
import { isKnownCity, isPlace, isRegion, ORGANISATION_WORD, splitCityBeforeRegion } from "../lexicon/cities.ts";
import { findDateRanges, findSingleDates, type MonthInterval } from "./dates.ts";
import { BULLET, MAX_TITLE_LINE_WORDS, type ResumeLine } from "./entry-lines.ts";
import type { Scan } from "./scan.ts";

/** The title of an entry as written, and its line. */
export interface EntryTitle {
  line: ResumeLine;
  written: string;
}

// Separators between the parts of an entry line: "Title, Employer — City | dates", "Title at Employer". Never tried
// from inside a run of spaces: a match from there is also one from the run's start, which comes first, and trying
// every space of a long run scans the rest of the run each time (2 s on a line of thousands of bracketed asides).
// A tab, or a wide gap of spaces, sets columns apart as a mark does ("Forklift Operator\tAmazon\t2019 – 2021").
const ENTRY_SEPARATOR = /(?:(?<!\s)|(?!\s))\s*(?:[,|·•—–]|\s-\s|\bat\b|@|\t|[^\S\n]{4,})\s*/u;
const STATE_CODE = /^\p{Lu}{2}$/u;
const WORK_MODE_WORD = /^(?:remote|hybrid|on-?site)$/iu;
const MAX_EMPLOYER_CHARS = 80;
const MAX_NAME_LINE_WORDS = 8;

// An aside in brackets is no part of a name, and its commas separate nothing: "The Home Depot Pro (Colma, Ca.)".
/**
 * `s` with each bracket "(…)" replaced by a space, as s.replace(/\([^)]*\)/gu, " "): each "(" up to the first ")"
 * after it. The regex looks for a ")" from every "(", quadratic on a line of unclosed ones (3 s on "(a(a(a…"); here
 * the next ")" is looked up once and kept until passed.
 */
function unbracket(s: string): string {
  let close = -1;
  let out = "";
  let copied = 0;
  for (let i = s.indexOf("("); i >= 0; i = s.indexOf("(", i)) {
    if (close !== Infinity && close <= i) {
      const at = s.indexOf(")", i + 1);
      close = at < 0 ? Infinity : at;
    }
    if (close === Infinity) break;
    out += `${s.slice(copied, i)} `;
    copied = close + 1;
    i = close + 1;
  }
  return out + s.slice(copied);
}
// An aside cut open by the dates after it ("Data Analyst at Spotify (2020 – 2022)" read up to its dates) is no part of
// the name before it.
// (Trimmed without a regex: "\s*[([]\s*$" is tried from every space of a long line.)
const withoutOpenAside = (s: string): string => {
  const trimmed = s.trimEnd();
  const last = trimmed.at(-1);
  return last === "(" || last === "[" ? trimmed.slice(0, -1) : s;
};
const entryParts = (s: string): string[] =>
  withoutOpenAside(unbracket(s)).split(ENTRY_SEPARATOR).map((part) => part.replace(/\s+/gu, " ").trim());
const canBeName = (part: string): boolean =>
  /\p{L}{2}/u.test(part) && !/\d{4}/u.test(part) && !STATE_CODE.test(part) && !WORK_MODE_WORD.test(part);

/**
 * The first part of an entry line that can be a name: letters, no year, not a state code or a work mode. A city
 * run onto it is cut where a region follows ("Google Mountain View, CA" → "Google").
 */
const PROMOTED_TO = /^(?:then|later|and then|promoted to)\s/iu;

function firstNamePart(s: string): string | null {
  const parts = entryParts(s);
  // A place is no name: "San Francisco, CA | March 2019 – Present" names no employer; nor is the title a promotion
  // led to ("Server, then Captain | Maison Kestrel").
  const first = parts.findIndex((part, i) => canBeName(part) && !PROMOTED_TO.test(part) && !isPlace(part, parts[i + 1]));
  // "Data Innovation Lab @ Capital One": a unit at its organisation; the organisation is the employer.
  const at = first >= 0 && unitAtOrganisation(s, parts, first) ? first + 1 : first;
  const part = parts[at];
  if (part === undefined || part.length > MAX_EMPLOYER_CHARS) return null;
  const next = parts[at + 1];
  return next !== undefined && isRegion(next) ? (splitCityBeforeRegion(part)?.name ?? part) : part;
}

// "<Unit> @ <Organisation>", "<Unit> at <Organisation>": the unit's name, then "@" or "at" before a capitalised name.
const AT_ORGANISATION = /^\s*(?:@|at(?=\s+\p{Lu}))\s*/u;

/**
 * Whether the part at `index` of the parts of `s` is a unit set before the organisation it belongs to by "@" or
 * "at" ("Data Innovation Lab @ Capital One"), the next part being a name.
 */
function unitAtOrganisation(s: string, parts: readonly string[], index: number): boolean {
  const next = parts[index + 1];
  if (next === undefined || !canBeName(next) || isKnownCity(next)) return false;
  const plain = unbracket(s);
  const unit = parts[index]!;
  const from = plain.indexOf(unit);
  return from >= 0 && AT_ORGANISATION.test(plain.slice(from + unit.length));
}

// Employment terms written where a name could be: "Acme · Full-time".
const EMPLOYMENT_TERM = /^(?:full[\s-]?time|part[\s-]?time|contract(?:or)?|freelance|temporary|permanent|seasonal|internship|self[\s-]?employed)$/iu;

/**
 * A name set apart from the place after it, "<Name> – <City>[, <Region>]" ("The Walt Disney Company – Los Angeles,
 * CA", "Acme · Berlin"): the shape of an employer with its location. A place alone ("Austin, TX") is no name.
 */
function nameBeforePlace(s: string): string | null {
  const parts = entryParts(s).filter((p) => p.length > 0);
  const [name, place, region] = parts;
  if (name === undefined || place === undefined || !canBeName(name) || EMPLOYMENT_TERM.test(name) || isRegion(place)) return null;
  if (!/^\p{Lu}/u.test(name) || name.length > MAX_EMPLOYER_CHARS || isKnownCity(name)) return null;
  return isKnownCity(place) || (region !== undefined && isRegion(region)) ? name : null;
}

// An employment term that a pasted profile runs onto the name after it: "Full-timeDisney Experiences".
const GLUED_TERM = /^(?:full|part)[\s-]?time(?=\p{Lu})/iu;

/**
 * A name as pasted profiles leave it, tidied: written twice in a row ("WeyerhaeuserWeyerhaeuser", "University of
 * Idaho University of Idaho") it is read once, and an employment term glued to its front is dropped.
 */
export const pastedName = (name: string): string => {
  const unglued = name.replace(GLUED_TERM, "");
  return /^(.{2,}?)\s*\1$/u.exec(unglued)?.[1] ?? unglued;
};

// "Acme Corp, Engineer", "Acme Corp | Engineer", "Acme Corp — Engineer": a name set apart from the title after it;
// "Engineer, Acme Corp", "Engineer at Acme": one set apart after it. Words run on without a mark ("Engineer Level
// 2", "Researcher for <project>") belong to the title.
// Tested on the text with its trailing whitespace apart: "(?:\t|[^\S\n]{4})\s*$" is tried from every space of a
// run and scans the rest of it each time (30 s on a run of 100,000 spaces before a word).
const MARK_AT_END = /(?:[,|·•—–@]|\s-)$/u;
const WIDE_GAP = /\t|[^\S\n]{4}/u;
export const endsWithSeparator = (s: string): boolean => {
  const trimmed = s.trimEnd();
  return MARK_AT_END.test(trimmed) || WIDE_GAP.test(s.slice(trimmed.length));
};
const STARTS_WITH_SEPARATOR = /^\s*(?:[,|·•—–@]|-\s|at\s|\t|[^\S\n]{4})/iu;
// The wrapped end of a sentence of the entry above ("…to provide step-by-step instructions for\ntroubleshooting
// issues"): it starts in lower case or ends a clause, and names nobody.
const NOT_A_NAME_LINE = /^(?:\p{Ll}|.*[;:]$)/u;

/**
 * The text before a title, without the other roles joined to it and the words run onto it without a mark, which
 * are the title's own ("Nexus AI, Co-Founder & " → "Nexus AI,"; "Founding Member & " → ""; "Gilmore Financial,
 * New Orleans, LA, Certified Public " → "Gilmore Financial, New Orleans, LA,").
 */
function partsBeforeTitle(before: string): string {
  if (endsWithSeparator(before)) return before;
  const marks = [...before.matchAll(/[,|·•—–@]|\s-\s/gu)];
  const last = marks[marks.length - 1];
  return last ? before.slice(0, last.index + last[0].length) : "";
}

/**
 * A short undated line that can hold an employer's name; an aside in brackets does not make it long or dated. A name
 * followed by its district and places may run longer ("Brookhaven Elementary School, Marion Falls School District,
 * Salem, OR", "Polar Crest Cold Storage, Obetz, OH, and Shepherdsville, KY"): every part short and written as a name,
 * none a sentence's.
 */
const nameLine = (line: ResumeLine | undefined, section: ResumeSection): line is ResumeLine => {
  if (line === undefined || line.heading || line.section !== section) return false;
  const plain = unbracket(line.text);
  if (/\d{4}/u.test(plain) || NOT_A_NAME_LINE.test(line.text.trim())) return false;
  const words = plain.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return words <= MAX_NAME_LINE_WORDS || (words <= MAX_NAME_WITH_PLACES_WORDS && nameWithPlaces(line.text));
};
const MAX_NAME_WITH_PLACES_WORDS = 16;
const MAX_NAME_PART_WORDS = 5;

/**
 * Whether a line is a name followed by its places or the organisation it belongs to ("Acme Corp, Salem, OR",
 * "Brookhaven Elementary School, Marion Falls School District, Salem, OR"): each part a few words written as a name;
 * the first no label (":", "Key Accounts: Walmart, Target, …"); every part after it a region, a city
 * before its region, or a named organisation ("… School District"), and at most MAX_NAMES_WITH_PLACES names in all.
 * A list of skills ("Python, SQL, Tableau, …") or of cities ("Served Columbus, Dayton, Cincinnati, …") is none.
 */
function nameWithPlaces(text: string): boolean {
  const parts = entryParts(text).filter((p) => p.length > 0);
  const [first] = parts;
  if (first === undefined || first.includes(":")) return false;
  if (!parts.every((p) => p.split(/\s+/u).length <= MAX_NAME_PART_WORDS && writtenAsName(p))) return false;
  let names = 1;
  for (let i = 1; i < parts.length; i++) {
    // "…, Obetz, OH, and Shepherdsville, KY": a place joined by "and".
    const part = parts[i]!.replace(/^(?:and|&)\s+/u, "");
    const next = parts[i + 1];
    if (isRegion(part) || (next !== undefined && isRegion(next) && isPlace(part, next))) continue;
    if (!endsInOrganisation(part) || ++names > MAX_NAMES_WITH_PLACES) return false;
  }
  return true;
}
const MAX_NAMES_WITH_PLACES = 2;

/**
 * A bulleted line is an item of a list of duties when one of the few lines before it starts with the same mark;
 * alone, it heads an entry ("• Acme Corp, Austin\nEngineer  2019 – 2021").
 */
function listItem(lines: readonly ResumeLine[], line: ResumeLine): boolean {
  const mark = BULLET.exec(line.text)?.[0];
  if (!mark) return false;
  for (let i = line.index - 1; i >= Math.max(0, line.index - 3); i--) {
    const prev = lines[i]!;
    if (prev.heading || prev.section !== line.section) return false;
    if (prev.text.startsWith(mark)) return true;
  }
  return false;
}

// Words that name a market segment, a territory or a team a seller or a consultant works in: "Account Executive,
// Mid-Market", "Territory Manager, Net-New Mid-Market", "Director of Sales, North America", "Account Manager, Customer
// Renewals", "Sales Executive, New Logo (Commercial)".
const SEGMENT_WORDS = new Set([
  "commercial", "enterprise", "smb", "smbs", "sme", "smes", "mid", "market", "midmarket", "mm", "net", "new", "logo", "logos",
  "strategic", "public", "sector", "federal", "government", "emea", "apac", "amer", "americas", "latam", "anz", "dach",
  "nordics", "benelux", "uki", "global", "national", "named", "key", "major", "majors", "accounts", "account", "north",
  "south", "east", "west", "northeast", "northwest", "southeast", "southwest", "midwest", "central", "mountain", "pacific",
  "atlantic", "america", "us", "region", "regional", "territory", "inside", "field", "channel", "partner",
  "renewals", "renewal", "expansion", "growth", "install", "installed", "base", "small", "medium", "large", "business",
  "businesses", "corporate", "upmarket", "velocity", "transactional", "customer", "customers", "success", "sales",
  "and", "of",
]);

/**
 * Whether a part after a title names the segment, territory or team the title was held in ("Mid-Market", "SMB/
 * Commercial", "Customer Renewals"), every word a segment word, rather than an employer ("Pacific Business Solutions" or
 * "Channel Partners" name companies: "solutions" and "partners" are no segment words).
 */
function segmentLabel(part: string): boolean {
  const words = unbracket(part).toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length > 0);
  return words.length > 0 && words.some((w) => w !== "and" && w !== "of") && words.every((w) => SEGMENT_WORDS.has(w));
}

/**
 * The employer named after a segment label on a title line, "Account Executive, SMB | Shiftwell (workforce scheduling
 * SaaS), Denver, CO" → "Shiftwell": the next part that can be a name and is no place, an aside cut open by a line
 * break left out ("Receiptly (expense and receipt-capture").
 */
function nameAfterSegment(rest: string, label: string): string | null {
  const plain = unbracket(rest);
  const at = plain.indexOf(label);
  if (at < 0) return null;
  const after = plain.slice(at + label.length).replace(/\([^)]*$/u, " ");
  if (!STARTS_WITH_SEPARATOR.test(after)) return null;
  const name = firstNamePart(after);
  return name && !segmentLabel(name) && !isKnownCity(name) && !isRegion(name) ? name : null;
}

// A stronger mark than the comma after a title's unit: "Staff Nurse, Medical ICU — Susquehanna General Hospital".
const STRONG_SEPARATOR = /^\s*(?:[|·•—–]|-\s)/u;

/**
 * The organisation named after the unit a title was held in, "Staff Nurse, Medical ICU — Susquehanna General Hospital"
 * → "Susquehanna General Hospital", "Operations Supervisor, 2nd Shift — Vantage Supply Chain Partners": `unit` (the
 * first part after the title, set off by a comma) names no organisation, and `after` (the text after it) starts with
 * a stronger mark than its comma and a name whose last word is an organisation's kind (endsInOrganisation) — never a
 * unit's ("Registered Nurse, Kaiser Permanente — Oncology Unit", "Software Engineer, Meta — Reality Labs" and
 * "Project Manager, IBM — Global Technology Services" keep the first name). After a shift, a work mode or an
 * employment term, any name that is no place is the organisation ("Warehouse Associate, Night Shift — Amazon").
 * "Paralegal, Smith & Jones LLP — Litigation Group" and "Engineer, Acme Corp — Austin, TX" keep the first name.
 */
function organisationAfterUnit(after: string, unit: string): string | null {
  if (!STRONG_SEPARATOR.test(after)) return null;
  const name = firstNamePart(after);
  if (!name || scheduleWords(name)) return null;
  if (scheduleWords(unit)) return name;
  return !namesOrganisation(unit) && endsInOrganisation(name) ? name : null;
}

/**
 * Where `part` (a part of an entry line, its spaces made single) is written in `s`: any run of spaces inside it
 * matches any other ("Research  Analyst — Cuyahoga …"). Null when it is not there.
 */
function spanIn(s: string, part: string): { start: number; end: number } | null {
  const words = part.split(" ").map(escapeRegExp);
  const found = new RegExp(words.join("[^\\S\\n]+"), "u").exec(s);
  return found ? { start: found.index, end: found.index + found[0].length } : null;
}
const textAfter = (s: string, part: string): string | null => {
  const span = spanIn(s, part);
  return span ? s.slice(span.end) : null;
};

// A shift, a work mode or an employment term written where a unit or a name could be: "Night Shift", "Remote",
// "Part-time".
const SCHEDULE_WORD = /\b(?:shifts?|overnights?|nights|weekends?|remote|hybrid|on-?site)$/iu;
const scheduleWords = (part: string): boolean => SCHEDULE_WORD.test(part) || EMPLOYMENT_TERM.test(part);

// A school is often named without the word: "Periwinkle Elementary", "Lincoln Middle", "Roosevelt High".
const SCHOOL_NAME = /\b(?:elementary|primary|middle|high)$/iu;
// The units of an organisation: words that end a unit's name as well as a company's ("Oncology Unit", "Reality Labs",
// "Global Technology Services", "Corporate Finance Team"). A name ending in one is a unit's, not an organisation's
// ("Emergency Department", "Healthcare Practice").
const UNIT_WORD = /^(?:team|unit|department|dept|division|services|group|labs?|analytics|office|marketing|practice|research)\.?$/iu;
const namesOrganisation = (name: string): boolean => {
  const words = name.trim().split(/\s+/u);
  if (UNIT_WORD.test(words.at(-1)!)) return false;
  return COMPANY_WORD.test(name) || SCHOOL_NAME.test(name) || words.some((w) => ORGANISATION_WORD.test(w));
};
// The last words of an organisation's name and never a unit's: "… General Hospital", "… School District", "Acme, Inc.".
const ORGANISATION_END =
  /\b(?:inc|llc|l\.l\.c|ltd|limited|corp|corporation|co|company|plc|gmbh|llp|lp|pllc|hospitals?|schools?|district|university|college|academy|institute|clinic|center|centre|bank|foundation|agency|council|partners|associates|holdings|industries|enterprises|insurance|health|healthcare|system|pharmacy|elementary|primary|middle|high)\.?$/iu;
const endsInOrganisation = (name: string): boolean => ORGANISATION_END.test(name.trim());

// Words that make a name a company's: "Riverbend Electrical Constructors", "Bexar Home Services", "Acme, Inc.".
const COMPANY_WORD =
  /\b(?:inc|llc|l\.l\.c|ltd|limited|corp|corporation|co|company|plc|gmbh|ag|llp|lp|pllc|group|holdings|partners|associates|services|solutions|systems|technologies|industries|enterprises|constructors|construction|contractors|contracting|electric|electrical|builders|manufacturing|software|labs)\b\.?/iu;
// Words a name may keep in lower case: "Bank of America", "Bed and Breakfast", "Fruit de Mer".
const NAME_LINK = /^(?:of|and|the|for|at|in|on|de|du|des|la|le|y|und|van|von|da|di)$/u;

/** Whether a part is written as a name: each word starts with a capital or a digit, bar the small linking words. */
const writtenAsName = (part: string): boolean =>
  part.split(/[\s/]+/u).every((w) => !/\p{L}/u.test(w) || NAME_LINK.test(w) || /^[^\p{L}]*[\p{Lu}\p{N}]/u.test(w));

// The head nouns of job titles: a part ending in one is a role, not an organisation ("Planning & Performance Analyst",
// "Data Technician", "Security Guard", "Shift Lead"); organisations are named otherwise ("… Planning Commission",
// "Acme Analytics").
const ROLE_HEAD =
  /\b(?:analyst|technician|specialist|coordinator|assistant|engineer|developer|officer|consultant|administrator|clerk|representative|scientist|designer|planner|supervisor|advisor|adviser|accountant|intern|mechanic|guard|lifeguard|nanny|attendant|aide|operator|driver|installer|instructor|therapist|technologist|lead|manager|director)$/iu;

/** The part after a role's own, when it is written as a name and is no role itself. */
function nameAfterRole(text: string, role: string): string | null {
  const after = textAfter(text, role);
  if (after === null) return null;
  const name = firstNamePart(after.replace(/^\s*(?:[,|·•—–]|-\s)?/u, ""));
  return name && writtenAsName(name) && !ROLE_HEAD.test(name) ? name : null;
}

// Another role joined to the title, held together or one after the other at the same employer: "Cashier / Front
// Store Associate — Glass City Drug", "Electrician / Lead – Brush Country Electric", "Staff Nurse and Charge Nurse |
// Conewago Community Hospital". Capitalised words after "/", "&", "+" or "and", up to the next separator, " at " or
// "@" ("Cashier / Stocker at Kroger").
const JOINED_ROLE = /^\s*(\/|&|\+|and\b)\s*(\p{Lu}[^\d,|·•—–()\t/@]*?)(?=\s*(?:[,|·•—–(\t@]|\s-\s|\s+at\s|$))/u;
const MAX_JOINED_ROLE_CHARS = 80;
// The last words of roles, for the words joined to a title: "Team Lead", "Bookkeeper", "Scrum Master", "Stocker".
const JOINED_ROLE_HEAD = new RegExp(
  `(?:${ROLE_HEAD.source}|\\b(?:associate|nurse|cashier|stocker|bookkeeper|master|preparer|merchandiser|chair|coach|teacher|tutor|bartender|server|cook|chef|foreman|fabricator|welder|electrician|plumber|carpenter|apprentice|journeyman|partner|owner|founder|member|worker|agent|receptionist|secretary|trainer|paralegal|pharmacist|hygienist|barista|host|hostess|dishwasher|porter|courier|helper|estimator|inspector|auditor|editor|writer|recruiter|buyer|producer|organi[sz]er|mentor|volunteer|president|head|captain|principal|counse(?:l)?lor|librarian|caregiver|paramedic|emt|cna|lpn|generalist|strategist|architect|programmer|tester|controller|treasurer|dispatcher|picker|packer|loader|handler|runner|expeditor|crew|leader|trainee|steward|teller|banker|broker|adjuster|underwriter|cleaner|custodian|janitor|landscaper|laborer|labourer|mover|sorter|stylist|therapist)s?$)`,
  "iu",
);

/**
 * The length of the role joined to a title at the start of `rest` (JOINED_ROLE), 0 when there is none: the employer
 * is the first name after it. The words may be the employer instead ("Software Engineer / Google — Jan 2019 – Dec
 * 2021", "Nurse / Mercy Hospital, Toledo, OH"): they join the title when they end in a role's word ("Cashier /
 * Stocker") or when a name that is no place follows them, a role's field ("Vice President, People & Culture |
 * Northvane Analytics", "Software Engineer / Backend, Google").
 */
export function joinedRoleLength(rest: string): number {
  // A few words: a long line is not scanned from every space of it.
  const m = JOINED_ROLE.exec(rest.slice(0, MAX_JOINED_ROLE_CHARS));
  if (!m) return 0;
  if (JOINED_ROLE_HEAD.test(m[2]!.trim())) return m[0].length;
  const [next, after] = entryParts(rest.slice(m[0].length, m[0].length + 2 * MAX_EMPLOYER_CHARS)).filter((p) => p.length > 0);
  return next !== undefined && canBeName(next) && !isPlace(next, after) ? m[0].length : 0;
}

/**
 * The employer set after a title by "/" instead of a comma ("Nurse / Mercy Hospital, Toledo, OH", "Software Engineer
 * / Google — Jan 2019 – Dec 2021"): words written as a name that joinedRoleLength did not join to the title, followed
 * by a place or by nothing but marks up to the dates. A lone word in capitals may be a credential ("Registered Nurse /
 * BSN") and is none.
 */
function employerAfterSlash(rest: string): string | null {
  const m = JOINED_ROLE.exec(rest.slice(0, MAX_JOINED_ROLE_CHARS));
  if (!m || m[1] !== "/") return null;
  const name = m[2]!.replace(/\s+/gu, " ").trim();
  if (!writtenAsName(name) || !canBeName(name) || /^\p{Lu}+$/u.test(name)) return null;
  const [next] = entryParts(rest.slice(m[0].length, m[0].length + 2 * MAX_EMPLOYER_CHARS)).filter((p) => p.length > 0);
  return isPlace(name, next) ? null : name;
}

/**
 * The employer named after a role the catalogue does not know, on an entry's head line: "Research Analyst — Cuyahoga
 * Valley Research Partners, Akron, OH", "Pharmacy Intern — Glass City Drug, Toledo, OH". The line's first part must
 * end in a role noun (ROLE_HEAD) and the next be written as a name; "Three Rivers Pharmacy, Fort Wayne, IN" names no
 * role and reads nothing here, and a shift, work mode or employment term ("Implementation Lead — Night Shift",
 * "Program Lead — Part-time") is no employer.
 */
export function employerAfterRole(line: ResumeLine): EmployerFound | null {
  if (BULLET.test(line.text) || /\d{4}/u.test(line.text)) return null;
  const first = entryParts(line.text)[0];
  if (!first || !ROLE_HEAD.test(first) || !/^\p{Lu}/u.test(first)) return null;
  const name = nameAfterRole(line.text, first);
  if (!name) return null;
  // "Operations Supervisor, 2nd Shift — Vantage Supply Chain Partners": a part set off by a comma, then a name after a
  // stronger mark, is the unit the role was held in and its organisation (organisationAfterUnit, as after a known
  // title); "Implementation Lead, Epic Systems — Ambulatory Team" keeps the first name.
  const afterRole = textAfter(unbracket(line.text), first) ?? "";
  const span = spanIn(afterRole, name);
  const organisation =
    span && /^\s*,\s*$/u.test(afterRole.slice(0, span.start)) ? organisationAfterUnit(afterRole.slice(span.end), name) : null;
  if (organisation) return { name: organisation, line };
  return scheduleWords(name) ? null : { name, line };
}

/** An employer's name and the line it was read from. */
export interface EmployerFound {
  name: string;
  line: ResumeLine;
}

/**
 * The employer of a position, by the usual entry layouts. On the title line, the first part before the title when
 * a separator sets it apart ("Acme Corp, Senior Engineer", "Acme | Engineer"); else, on a title line that holds the
 * dates, a name with its place after the dates ("Engineer – Platform Team  2019 – 2021  Acme Corp – Austin, TX");
 * else the first part after the title, dates excluded ("Senior Engineer, Acme Corp — Austin, TX"), unless it is a
 * segment the title was held in ("Account Executive, Mid-Market | Acme": the name after it, or the layouts below); else
 * the line between a title and its dates ("Engineer\nAcme Corp\n2019 – 2021"); else on the date line, the first part
 * before the dates ("Acme Corp, Austin | 2019 – 2021"), unless, without a title, it is a role in lower case under a
 * company's name ("Acme Electric LLC\nJW / crew lead, 2019–now"); else the short line just below the dates, when it
 * heads nothing itself ("Engineer  2019 – 2021\nAcme Corp – Austin, TX", "Engineer\n2019 – 2021 | Austin\nAcme
 * Corp"); else the short undated line just above the title ("Acme Corp\nEngineer\n2019 – 2021"), unless it is a duty
 * of the entry above; else the segment. A heuristic that can return a unit or a place for unusual layouts; null when
 * nothing is left.
 */
export function employerOf(
  scan: Scan<ResumeSection>,
  dateLine: ResumeLine,
  title: EntryTitle | null,
  now: Date,
  rangesByLine: Map<number, MonthInterval[]>,
  isTitleLine: (line: ResumeLine) => boolean,
): EmployerFound | null {
  const lines = scan.doc.lines;
  const on = (line: ResumeLine, name: string | null): EmployerFound | null => (name ? { name, line } : null);
  let segment: EmployerFound | null = null;
  if (title) {
    const text = title.line.text;
    const at = text.indexOf(title.written);
    if (at >= 0) {
      const before = partsBeforeTitle(text.slice(0, at));
      const beside = endsWithSeparator(before) ? firstNamePart(before) : null;
      if (beside) return on(title.line, beside);
      const joined = joinedRoleLength(text.slice(at + title.written.length));
      const tail = at + title.written.length + joined;
      const dates = findDateRanges(text, now).find((r) => r.from >= tail);
      // After the dates, a name with its place is the employer; what sits between title and dates is then the
      // title's specialty ("Director of IT – Hybrid Cloud  2019 – 2021  The Walt Disney Company – Los Angeles, CA").
      const afterDates = dates ? nameBeforePlace(text.slice(dates.to)) : null;
      if (afterDates) return on(title.line, afterDates);
      const rest = text.slice(tail, dates?.from ?? text.length);
      const slashed = employerAfterSlash(rest);
      if (slashed) return on(title.line, slashed);
      // An aside right after the title is the title's ("Web Developer (Contract), Accenture via TEKsystems").
      const afterName = STARTS_WITH_SEPARATOR.test(unbracket(rest)) ? firstNamePart(rest) : null;
      let after = afterName && clientOf(afterName);
      // Contract work named only by its agency ("Accountant (contract via Robert Half)"): the agency employed them.
      const agency = after ? null : agencyOf(rest);
      if (agency) return on(title.line, agency);
      const afterPart = after ? textAfter(unbracket(rest), after) : null;
      const organisation = after && afterPart !== null ? organisationAfterUnit(afterPart, after) : null;
      if (organisation) return on(title.line, organisation);
      // After a joined role a comma may as well set off the unit both roles were held in ("Assistant Store Manager /
      // Area Manager, Home and Men's"): a name set apart by a comma is the unit when it is no organisation's and ends
      // the line or comes before a name set apart more strongly; followed by dates or other parts it is the employer
      // ("Software Engineer / Team Lead, Google, 2019 – 2021").
      const lineAfter = after ? textAfter(unbracket(text.slice(tail)), after) : null;
      const endsLine = lineAfter !== null && !/\p{L}{2}|\d/u.test(lineAfter);
      const nameAfterMark = afterPart !== null && STRONG_SEPARATOR.test(afterPart) && firstNamePart(afterPart) !== null;
      const unitOfJoined =
        after && joined > 0 && !STRONG_SEPARATOR.test(unbracket(rest)) && !namesOrganisation(after) && (endsLine || nameAfterMark);
      if (unitOfJoined) after = null;
      if (after && !segmentLabel(after)) return on(title.line, after);
      // A segment after the title ("Account Executive, Mid-Market") is where the title was held: the employer is
      // named after it or elsewhere in the entry, the segment only when nothing else names one.
      const named = after && nameAfterSegment(rest, after);
      if (named) return on(title.line, named);
      if (after) segment = on(title.line, after);
    }
    const between = lines[title.line.index + 1];
    if (
      title.line.index === dateLine.index - 2 &&
      nameLine(between, dateLine.section) &&
      !BULLET.test(between.text) &&
      // Pasted profiles write the title twice, the second time on a line of its own.
      !between.text.includes(title.written)
    ) {
      const name = firstNamePart(between.text);
      if (name) return on(between, name);
    }
  }
  const above = title ? lines[title.line.index - 1] : lines[dateLine.index - 1];
  const aboveName =
    nameLine(above, dateLine.section) && !listItem(lines, above) && !firstDuty(lines, above, rangesByLine, isTitleLine)
      ? firstNamePart(above.text)
      : null;
  if (dateLine !== title?.line) {
    // An entry dated by a single month or season ("Lifeguard, City Pool, Summer 2019") has no range.
    const range = findDateRanges(dateLine.text, now)[0] ?? findSingleDates(dateLine.text, now)[0];
    const before = range ? firstNamePart(dateLine.text.slice(0, range.from)) : null;
    // Without a title, words in lower case before the dates are the role as written ("JW / crew lead, 2019–now"),
    // under a company's name on the line above ("Riverbend Electrical Constructors — San Antonio").
    if (before && !title && !writtenAsName(before) && aboveName && COMPANY_WORD.test(aboveName)) return on(above!, aboveName);
    // A first part that ends in a role noun is the title the catalogue does not know, written before the employer
    // ("Data Technician, Buckeye Metropolitan Planning Commission, Columbus (June 2021 …)"): the employer is the
    // next part written as a name.
    const employer = before && !title && ROLE_HEAD.test(before) ? nameAfterRole(dateLine.text.slice(0, range!.from), before) : null;
    if (employer) return on(dateLine, employer);
    if (before) return on(dateLine, before);
  }
  if (title && title.line.index >= dateLine.index - 1) {
    // Under a title that is itself under its dates ("2019 – Present\nSenior Accountant\nDeloitte"), the line below
    // the title.
    const below = lines[Math.max(dateLine.index, title.line.index) + 1];
    if (below && headsNothing(scan, below, dateLine.section, rangesByLine, isTitleLine)) {
      const name = firstNamePart(below.text);
      if (name) return on(below, name);
    }
  }
  if (title && aboveName) return on(above!, aboveName);
  return segment;
}

/**
 * A bulleted line right under the dates or title of the entry above is its first duty ("Registered Nurse, 2019 –
 * Present\n- Led rounds\nCharge Nurse, 2016 – 2019"), not the name heading the next entry.
 */
function firstDuty(
  lines: readonly ResumeLine[],
  line: ResumeLine,
  rangesByLine: Map<number, MonthInterval[]>,
  isTitleLine: (line: ResumeLine) => boolean,
): boolean {
  const prev = lines[line.index - 1];
  return BULLET.test(line.text) && !!prev && !prev.heading && prev.section === line.section && (rangesByLine.has(prev.index) || isTitleLine(prev));
}

// Agency work, "<Client> via <Agency>": the work was done at the client, named first.
const VIA = /\s+via\s+.*$/iu;
const clientOf = (name: string): string => name.replace(VIA, "") || name;
// The name runs to a bracket's close, a separator or the end: read greedily and checked after, since a lazy name with
// "\s*" before a lookahead is quadratic on a long run of spaces (12 s on "via Acme " repeated over 100,000 characters).
const VIA_AGENCY = /\bvia\s+(\p{Lu}[\p{L}\p{N}&.'’ -]*)/u;
const AGENCY_END = /^(?:[),|;]|$)/u;
/** The agency named in an aside ("(contract via Robert Half)" → "Robert Half"), or null. */
export function agencyOf(text: string): string | null {
  const m = VIA_AGENCY.exec(text);
  return m && AGENCY_END.test(text.slice(m.index + m[0].length)) ? m[1]!.trim() || null : null;
}

// A line that ends a sentence ("A fintech start-up."), unlike a name ending in an abbreviation ("Acme Corp.").
const SENTENCE_END = /(?:\p{L}{5,}\.|[!?])$/u;

/**
 * Whether a line below a position's dates can be its employer's: a short name line, no bullet, no dates, no title,
 * no sentence, and not the first line of the next entry (a line whose next line holds a title or dates).
 */
function headsNothing(
  scan: Scan<ResumeSection>,
  line: ResumeLine,
  section: ResumeSection,
  rangesByLine: Map<number, MonthInterval[]>,
  isTitleLine: (line: ResumeLine) => boolean,
): boolean {
  if (!nameLine(line, section) || BULLET.test(line.text) || rangesByLine.has(line.index)) return false;
  if (SENTENCE_END.test(line.text)) return false;
  if (isTitleLine(line)) return false;
  const next = scan.doc.lines[line.index + 1];
  if (!next || next.heading || next.section !== section) return true;
  return !rangesByLine.has(next.index) && !(next.tokens.length <= MAX_TITLE_LINE_WORDS && isTitleLine(next));
}

/** Where the recognised entries of a section put their employer: lines away from the dates, first part of it. */
export type EmployerLayouts = Map<ResumeSection, number>;
// A layout is learnt from this many recognised entries at least, and most of them.
const MIN_LAYOUT_ENTRIES = 2;

/**
 * The layout of each section's entries, learnt from those whose title was recognised: when most of those that name
 * an employer read it as the first part of one same line away from their dates ("Title\nEmployer\nDates",
 * "Employer\nTitle  Dates", "Employer | Title\nDates"), that offset; sections whose employers sit on the date line,
 * or that mix layouts, have none.
 */
export function employerLayouts(entries: readonly { line: ResumeLine; title: EntryTitle | null; found: EmployerFound | null }[]): EmployerLayouts {
  const counts = new Map<ResumeSection, Map<number | null, number>>();
  for (const { line, title, found } of entries) {
    if (!title || !found) continue;
    const first = firstNamePart(found.line.text) === found.name;
    const offset = first && found.line !== line ? found.line.index - line.index : null;
    const byOffset = counts.get(line.section) ?? new Map<number | null, number>();
    byOffset.set(offset, (byOffset.get(offset) ?? 0) + 1);
    counts.set(line.section, byOffset);
  }
  const out: EmployerLayouts = new Map();
  for (const [section, byOffset] of counts) {
    const total = [...byOffset.values()].reduce((a, b) => a + b, 0);
    for (const [offset, n] of byOffset) {
      if (offset !== null && n >= MIN_LAYOUT_ENTRIES && n * 2 > total) out.set(section, offset);
    }
  }
  return out;
}

/**
 * The employer of a position whose title the catalogue does not know ("Vice President of Location & Services"): read
 * where the section's recognised entries put theirs, rather than taking the unknown title for the name.
 */
export function untitledEmployer(
  scan: Scan<ResumeSection>,
  dateLine: ResumeLine,
  layouts: EmployerLayouts,
  rangesByLine: Map<number, MonthInterval[]>,
): EmployerFound | null {
  const offset = layouts.get(dateLine.section);
  if (offset === undefined) return null;
  const line = scan.doc.lines[dateLine.index + offset];
  if (!nameLine(line, dateLine.section) || BULLET.test(line.text) || rangesByLine.has(line.index)) return null;
  const name = firstNamePart(line.text);
  return name ? { name, line } : null;
}
