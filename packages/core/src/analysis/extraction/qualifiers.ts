import { CANADIAN_PROVINCES, US_STATES } from "../lexicon/jurisdictions.ts";
import { escapeRegExp } from "../text/regexp.ts";
import type { Hit } from "./scan.ts";

/**
 * How a credential (certification, licence) is qualified where it is stated: "CPA (pending)", "exam scheduled
 * for March", "working toward the PMP" say it is not held yet; "CPR (expired)", "licence lapsed in 2019" say it is
 * no longer held. Either way, stating the credential is not evidence of holding it.
 */
export type CredentialStatus = "held" | "pending" | "lapsed";

// Words that say a credential is still to come; a mention of its exam says so too ("CPA exam in May").
const NOT_YET_SRC =
  "pending|expected|in progress|in process|scheduled|eligible|not yet|applied for|applying (?:for|to)|application (?:submitted|filed|in review|under review)|waiting (?:for|on)|to be obtained|willing(?:ness)? to obtain|will obtain|to obtain|plan(?:s|ning|ned)? to (?:sit|take|obtain|enrol+|apply|pursue)|planned (?:for|in)|(?:exploring|considering|looking into)|sitting|studying for|preparing for|working toward(?:s)?|candidate|exam (?:date|in|on|booked)|awaiting|provisional|trainee|in training";
const PENDING = new RegExp(String.raw`\b(?:${NOT_YET_SRC}|exams?)\b`, "iu");
// Words that state the credential is held, which outweigh a mention of its exam ("passed all four CPA exams; licensed",
// "in good standing"). A pending renewal is of a credential held.
// A negated one says the opposite ("not yet licensed in the United States", "never licensed").
const HELD = /(?<!\b(?:not|never)\s+(?:yet\s+)?)\b(?:licensed|active|valid|current|issued|renewed|renewal|unrestricted|in good standing)\b/iu;
// A passed exam outweighs its mention for a credential the exam confers ("exam passed 2022"), not for a licence a
// state issues afterwards (see LICENSING_EXAM). "Passed 2 of 4 exams" stays pending.
const EXAM_PASSED = /\b(?:passed all|passed the\s+exams?|exams? passed)\b/iu;
// A credential the writer is heading toward is not held yet, whatever the verb before it: "log my hours toward the
// journeyman license", "credits towards a CPA", "working toward the Texas Master license". Only right before the
// credential's name (an article or possessive and one word, its state, between): "Journeyman license, hours toward
// Master" says nothing of the journeyman licence.
const TOWARD = /\btowards?\s+(?:(?:the|a|an|my|his|her|their|our)\s+)?(?:\p{L}+\s+)?$/iu;
const LAPSED = /\b(?:expired|lapsed|inactive|no longer (?:active|held|valid)|previously held|formerly held|(?:was|were) licensed|not renewed|revoked|suspended)\b/iu;
// A qualifier applies to the list item the credential sits in: items are cut at these separators.
const ITEM_SEPARATOR = /[;·|•,]/u;
const MAX_REACH = 60;

/**
 * The list item around [start, end) on its line, as [from, to) offsets: bounded by separators outside brackets, at
 * most MAX_REACH each way.
 */
function itemAround(
  text: string,
  lineStart: number,
  lineEnd: number,
  start: number,
  end: number,
  separator = ITEM_SEPARATOR,
): [number, number] {
  let from = start;
  let depth = 0;
  while (from > lineStart && start - from < MAX_REACH) {
    const c = text[from - 1]!;
    if (c === ")") depth++;
    else if (c === "(") depth = Math.max(0, depth - 1);
    else if (depth === 0 && separator.test(c)) break;
    from--;
  }
  let to = end;
  depth = 0;
  while (to < lineEnd && to - end < MAX_REACH) {
    const c = text[to]!;
    if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    // ", expired 2019" after a licence continues its item; ", OSHA 30" starts the next one.
    else if (depth === 0 && separator.test(c) && !(c === "," && /^,\s*\p{Ll}/u.test(text.slice(to, to + 3)))) break;
    to++;
  }
  return [from, to];
}

// A licence named by its licensing exam ("NCLEX-RN", "NCLEX-PN", the pharmacist's "NAPLEX"): passing the exam is not holding the licence, which a
// state board issues afterwards. The item's own words for the licence make it held: a word of HELD ("NCLEX-RN,
// licensed 2019"), or what only an issued licence has after its name (see LICENCE_SHOWN, a state's name), unless the
// entry says the licence is still to come ("NCLEX-RN passed, Texas licence pending").
const LICENSING_EXAM = /\b(?:nclex|naplex|exams?|examinations?)\b/iu;
// The word licence, a licence number or an expiry date: "NCLEX-RN, State of Texas, #812345", "NCLEX-RN — Multistate
// Compact License, exp. 03/2027".
const LICENCE_SHOWN = /\blicen[cs]e\b|#\s*[A-Z]{0,3}-?\d|\b(?:no|number|lic)\.?\s*:?\s*[A-Z]{0,3}-?\d|\bexp(?:ires?|iry|iration|\.)?\s*(?:date\s*)?:?\s*\d/iu;
// PENDING without the bare exam words, which the name of a licensing exam carries itself.
const NOT_YET = new RegExp(String.raw`\b(?:${NOT_YET_SRC})\b`, "iu");
// Entries of a licences line are cut at these separators only: a licence's state and number follow it after commas.
const ENTRY_SEPARATOR = /[;·|•]/u;

/**
 * The status a mention gives its credential. `licence`: the credential is a licence a state issues (see
 * isStateLicence), whose exam is not the licence itself.
 */
export function credentialStatus(text: string, hit: Hit<unknown, string>, licence = false): CredentialStatus {
  const [from, to] = itemAround(text, hit.line.start, hit.line.end, hit.start, hit.end);
  // The mention is cut out by its offsets rather than searched for: its words may occur twice in one item.
  const around = `${text.slice(from, hit.start)} ${text.slice(hit.end, to)}`;
  if (LAPSED.test(around)) return "lapsed";
  if (licence && LICENSING_EXAM.test(hit.surface)) {
    if (HELD.test(around)) return "held";
    // The licence's state, number and expiry follow its name, after commas too.
    const [, end] = itemAround(text, hit.line.start, hit.line.end, hit.start, hit.end, ENTRY_SEPARATOR);
    const after = text.slice(hit.end, end);
    return !NOT_YET.test(around) && !NOT_YET.test(after) && (LICENCE_SHOWN.test(after) || namesPlace(after)) ? "held" : "pending";
  }
  if (PENDING.test(around) && !HELD.test(around) && !EXAM_PASSED.test(around)) return "pending";
  if (TOWARD.test(beforeOnWrap(text, from, hit))) return "pending";
  return "held";
}

// How far back a sentence wrapped onto the credential's line is read: "… log my hours toward" / "the journeyman license."
const WRAP_REACH = 30;

/**
 * The words before a mention within its item; where the item starts its line right after a single line break, with
 * the end of the line above, which the sentence wrapped from.
 */
function beforeOnWrap(text: string, from: number, hit: Hit<unknown, string>): string {
  const own = text.slice(from, hit.start);
  // A single line break: a blank line between ends the paragraph.
  if (from !== hit.line.start || text[from - 1] !== "\n" || from < 2 || text[from - 2] === "\n") return own;
  const above = text.slice(Math.max(0, from - 1 - WRAP_REACH), from - 1);
  return `${above.slice(above.lastIndexOf("\n") + 1)} ${own}`;
}

/** Across the mentions of one credential, the strongest status: one plain statement of it is enough. */
export function strongestStatus(statuses: readonly CredentialStatus[]): CredentialStatus {
  if (statuses.length === 0 || statuses.includes("held")) return "held";
  return statuses.includes("lapsed") ? "lapsed" : "pending";
}

const JURISDICTIONS = [...US_STATES, ...CANADIAN_PROVINCES];
const BY_CODE = new Map(JURISDICTIONS.map(([code, name]) => [code, name]));

const UNITED_STATES = "United States";
const CANADA = "Canada";
/**
 * Countries by their English names: a fixed list (the names of CLDR's English region names, so that it does not
 * change with the runtime), without the ones that are as often a person's name or a word ("Jordan", "Chad"), a US
 * state's ("Georgia") or part of one ("Jersey" in New Jersey).
 */
const COUNTRIES: readonly string[] = [
  "Afghanistan", "Albania", "Algeria", "Andorra", "Angola", "Anguilla", "Antigua and Barbuda", "Argentina",
  "Armenia", "Aruba", "Australia", "Austria", "Azerbaijan", "Bahamas", "Bahrain", "Bangladesh", "Barbados",
  "Belarus", "Belgium", "Belize", "Benin", "Bermuda", "Bhutan", "Bolivia", "Bosnia and Herzegovina", "Botswana",
  "Brazil", "British Virgin Islands", "Brunei", "Bulgaria", "Burkina Faso", "Burundi", "Cambodia", "Cameroon",
  "Canada", "Cape Verde", "Caribbean Netherlands", "Cayman Islands", "Central African Republic", "Chile", "China",
  "Christmas Island", "Colombia", "Comoros", "Cook Islands", "Costa Rica", "Croatia", "Cuba", "Curaçao", "Cyprus",
  "Côte d’Ivoire", "Denmark", "Djibouti", "Dominica", "Dominican Republic", "Ecuador", "Egypt", "El Salvador",
  "Equatorial Guinea", "Eritrea", "Estonia", "Eswatini", "Ethiopia", "Falkland Islands", "Faroe Islands", "Fiji",
  "Finland", "France", "French Guiana", "French Polynesia", "Gabon", "Gambia", "Germany", "Ghana", "Gibraltar",
  "Greece", "Greenland", "Grenada", "Guadeloupe", "Guatemala", "Guinea", "Guinea-Bissau", "Guyana", "Haiti",
  "Honduras", "Hungary", "Iceland", "India", "Indonesia", "Iran", "Iraq", "Ireland", "Isle of Man", "Israel",
  "Italy", "Jamaica", "Japan", "Kazakhstan", "Kenya", "Kiribati", "Kosovo", "Kuwait", "Kyrgyzstan", "Laos", "Latvia",
  "Lebanon", "Lesotho", "Liberia", "Libya", "Liechtenstein", "Lithuania", "Luxembourg", "Madagascar", "Malawi",
  "Malaysia", "Maldives", "Mali", "Malta", "Marshall Islands", "Martinique", "Mauritania", "Mauritius", "Mayotte",
  "Mexico", "Micronesia", "Moldova", "Monaco", "Mongolia", "Montenegro", "Montserrat", "Morocco", "Mozambique",
  "Namibia", "Nauru", "Nepal", "Netherlands", "New Caledonia", "New Zealand", "Nicaragua", "Nigeria", "Niue",
  "Norfolk Island", "North Korea", "North Macedonia", "Norway", "Oman", "Pakistan", "Palau", "Panama",
  "Papua New Guinea", "Paraguay", "Peru", "Philippines", "Pitcairn Islands", "Poland", "Portugal", "Qatar",
  "Romania", "Russia", "Rwanda", "Réunion", "Samoa", "San Marino", "Saudi Arabia", "Senegal", "Serbia", "Seychelles",
  "Sierra Leone", "Singapore", "Sint Maarten", "Slovakia", "Slovenia", "Solomon Islands", "Somalia", "South Africa",
  "South Korea", "South Sudan", "Spain", "Sri Lanka", "St. Barthélemy", "St. Helena", "St. Kitts and Nevis",
  "St. Lucia", "St. Martin", "St. Pierre and Miquelon", "St. Vincent and Grenadines", "Sudan", "Suriname",
  "Svalbard and Jan Mayen", "Sweden", "Switzerland", "Syria", "São Tomé and Príncipe", "Taiwan", "Tajikistan",
  "Tanzania", "Thailand", "Timor-Leste", "Togo", "Tokelau", "Tonga", "Trinidad and Tobago", "Tunisia",
  "Turkmenistan", "Turks and Caicos Islands", "Tuvalu", "Uganda", "Ukraine", "United Arab Emirates",
  "United Kingdom", "Uruguay", "Uzbekistan", "Vanuatu", "Vatican City", "Venezuela", "Vietnam", "Wallis and Futuna",
  "Western Sahara", "Yemen", "Zambia", "Zimbabwe", "Åland Islands",
];
// The other names people write (lower case) → the name in COUNTRIES; a US territory licenses as a state does.
const OTHER_NAMES: readonly (readonly [string, string])[] = [
  ["usa", UNITED_STATES], ["u.s.", UNITED_STATES], ["u.s.a.", UNITED_STATES], ["u.s", UNITED_STATES], ["united states", UNITED_STATES],
  ["puerto rico", UNITED_STATES], ["guam", UNITED_STATES], ["american samoa", UNITED_STATES], ["u.s. virgin islands", UNITED_STATES],
  ["northern mariana islands", UNITED_STATES],
  ["uk", "United Kingdom"], ["u.k.", "United Kingdom"], ["great britain", "United Kingdom"], ["britain", "United Kingdom"],
  ["england", "United Kingdom"], ["scotland", "United Kingdom"], ["wales", "United Kingdom"], ["northern ireland", "United Kingdom"],
  ["new south wales", "Australia"],
  ["korea", "South Korea"], ["uae", "United Arab Emirates"], ["turkey", "Turkey"], ["türkiye", "Turkey"], ["turkiye", "Turkey"],
  ["czech republic", "Czech Republic"], ["czechia", "Czech Republic"], ["myanmar", "Myanmar"], ["burma", "Myanmar"],
  ["hong kong", "Hong Kong"], ["macau", "Macao"], ["macao", "Macao"], ["holland", "Netherlands"], ["the netherlands", "Netherlands"],
  ["ivory coast", "Côte d’Ivoire"], ["côte d'ivoire", "Côte d’Ivoire"], ["cote d'ivoire", "Côte d’Ivoire"], ["cabo verde", "Cape Verde"],
  ["swaziland", "Eswatini"], ["macedonia", "North Macedonia"], ["russian federation", "Russia"], ["viet nam", "Vietnam"],
  ["east timor", "Timor-Leste"], ["saint lucia", "St. Lucia"], ["saint kitts and nevis", "St. Kitts and Nevis"],
  ["saint vincent and the grenadines", "St. Vincent and Grenadines"], ["st. vincent and the grenadines", "St. Vincent and Grenadines"],
  ["democratic republic of the congo", "Congo"], ["republic of the congo", "Congo"], ["congo", "Congo"],
  ["palestine", "Palestine"], ["south korea", "South Korea"],
];
const COUNTRY_NAMES: readonly (readonly [string, string])[] = [...COUNTRIES.map((name) => [name.toLowerCase(), name] as const), ...OTHER_NAMES];
const COUNTRY_OF: ReadonlyMap<string, string> = new Map([
  ...US_STATES.map(([, name]) => [name, UNITED_STATES] as const),
  ...CANADIAN_PROVINCES.map(([, name]) => [name, CANADA] as const),
  ...COUNTRY_NAMES.map(([, name]) => [name, name] as const),
]);
/** The country of a place read by credentialJurisdictions: a state's or province's, or the country itself. */
const countryOf = (place: string): string => COUNTRY_OF.get(place) ?? place;

// Names as written, with the short and accented forms people use ("Newfoundland", "Québec"); countries after the
// states and provinces, so that Georgia stays a state.
const BY_NAME = new Map<string, string>([
  ...COUNTRY_NAMES,
  ...JURISDICTIONS.map(([, name]) => [name.toLowerCase(), name] as const),
  ["newfoundland", "Newfoundland and Labrador"],
  ["québec", "Quebec"],
]);
// Longest names first, so that "West Virginia" is not read as Virginia.
const NAME = new RegExp(
  `(?<![\\p{L}])(${[...BY_NAME.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|")})(?![\\p{L}])`,
  "giu",
);
const US_CODES = US_STATES.map(([code]) => code).join("|");
// A country's name is a US town's when a state's code follows it ("Lebanon, PA", "Poland OH") or an institution or
// district is named after it ("Jamaica Hospital", "Lebanon Valley College"). A state's name after a comma is not
// enough: "Philippines, California" may list two places.
const TOWN_AFTER = new RegExp(
  `^(?:\\s*,?\\s*(?:${US_CODES})(?![\\p{L}])|\\s+(?:Hospital|Medical|Health|Clinic|Memorial|Regional|Community|Valley|County|City|Township|Borough|Heights|Springs|School|College|University|Campus)\\b)`,
  "u",
);

// Codes that are also English words in capitals ("Journeyman License OR Master License", "IN", "ME") name a place
// only in brackets.
const WORD_CODES: ReadonlySet<string> = new Set(["OR", "IN", "ME", "OK", "HI", "ON"]);
const CODES = JURISDICTIONS.map(([code]) => code).join("|");
// A code names a place only right before the credential ("TX Journeyman License") or in brackets right after it,
// alone or after its town ("RN License (OR)", "RN License (Lebanon, PA)"): elsewhere "OR", "IN" or "ME" are words
// or other initialisms.
const CODE_BEFORE = new RegExp(`(?<![\\p{L}])(${CODES})\\s*$`, "u");
const CODE_AFTER = new RegExp(`^\\s*\\(\\s*(?:\\p{Lu}[\\p{L}.'’ -]{0,30},\\s*)?(${CODES})\\s*\\)`, "u");
// The credentials a state or province issues: licences by name ("Journeyman Electrician License", "Teaching
// License"), licensed professions ("Licensed Clinical Social Worker (LCSW)") and the two licensed titles named
// otherwise (a CPA and a PE are licensed by a state board). A certification such as "AWS Certified Solutions
// Architect" or "OSHA 30" is valid everywhere, whatever place its line names.
const STATE_ISSUED = /\blicen[cs]e\b|^licensed\b|^(?:certified public accountant|professional engineer)\b/iu;

// Licences a nation or a body issues, valid in every state: a pilot's (FAA, EASA), a radio operator's (FCC), a
// customs broker's, a securities representative's (FINRA Series 7), a British lorry driver's (HGV, LGV).
const NATIONAL = /\b(?:pilot|airline transport|faa|fcc|easa|customs broker|series\s+\d+|finra|hgv|lgv|amateur radio)\b/iu;

/** Whether a catalogue credential is a licence a state or province issues, by its name. */
export const isStateLicence = (name: string): boolean => STATE_ISSUED.test(name) && !NATIONAL.test(name);

const STATE_NAMES: ReadonlySet<string> = new Set(JURISDICTIONS.map(([, name]) => name));

/** Whether a text names a US state or Canadian province by name (a country issues no licence of its own there). */
function namesPlace(text: string): boolean {
  for (const place of placesIn(text)) if (STATE_NAMES.has(place)) return true;
  return false;
}

/** The states, provinces and countries a text names, without a country's name that is a US town's (TOWN_AFTER). */
function* placesIn(text: string): Generator<string> {
  for (const m of text.matchAll(NAME)) {
    const place = BY_NAME.get(m[1]!.toLowerCase())!;
    if (COUNTRY_OF.get(place) === place && place !== UNITED_STATES && TOWN_AFTER.test(text.slice(m.index + m[0].length))) continue;
    yield place;
  }
}

/**
 * The US states and Canadian provinces named as the issuer of a credential in its list item ("Oklahoma Journeyman
 * Electrician License", "TX Journeyman License", "RN License (Oregon)"), by name anywhere in the item or by postal
 * code right before the mention or in brackets after it; empty when the item names none. The item ends at a comma
 * before a capital, so "RN License, Oregon" names no place.
 */
export function credentialJurisdictions(text: string, hit: Hit<unknown, string>): string[] {
  const [from, to] = itemAround(text, hit.line.start, hit.line.end, hit.start, hit.end);
  const before = text.slice(from, hit.start);
  const after = text.slice(hit.end, to);
  const found = new Set<string>();
  for (const part of [before, after]) for (const place of placesIn(part)) found.add(place);
  const codeBefore = CODE_BEFORE.exec(before)?.[1];
  const code = codeBefore && !WORD_CODES.has(codeBefore) ? codeBefore : CODE_AFTER.exec(after)?.[1];
  if (code) found.add(BY_CODE.get(code)!);
  return [...found];
}

// A posting that names a state but accepts others: "or a multistate (compact) licence", "licence in any state",
// "eligible for Texas licensure", "able to obtain within 90 days", "by reciprocity".
const OTHERS_ACCEPTED =
  /\b(?:compact|multi-?state|any (?:u\.?s\.? )?state|another state|other states?|reciprocity|equivalent|eligib(?:le|ility)|(?:able|ability|willing(?:ness)?) to obtain|obtain(?:ed)? within|transfer(?:able|red)?)\b/iu;
// Of those, the ones that still ask for a licence held in the country: a multistate licence is issued by a compact
// state, "any state" is any of the country's. Eligibility, equivalence or a licence to obtain ask for none held yet.
const COUNTRY_ACCEPTED = /\b(?:compact|multi-?state|any (?:u\.?s\.? )?state|another (?:u\.?s\.? )?state|other (?:u\.?s\.? )?states?)\b/iu;
const STILL_TO_HOLD = /\b(?:reciprocity|equivalent|eligib(?:le|ility)|(?:able|ability|willing(?:ness)?) to obtain|obtain(?:ed)? within|transfer(?:able|red)?)\b/iu;
// The US names of a multistate licence: the Nurse Licensure Compact is a US one.
const US_ONLY = /\b(?:compact|multi-?state|u\.?s\.?)\b/iu;

/**
 * The one place whose credential the posting requires, from its mentions: the state or province they name, when
 * they name one and only one and no mention's line accepts credentials of other places; the country, when the
 * lines accept any of its states ("Pennsylvania RN licence, or a multistate (compact) licence": a licence of the
 * United States, not of another country); else null.
 */
export function requiredJurisdiction(text: string, hits: readonly Hit<unknown, string>[]): string | null {
  const named = new Set<string>();
  // Each line is searched once, however many mentions it holds.
  const lines = new Set<number>();
  let country = false;
  let usOnly = false;
  for (const hit of hits) {
    if (!lines.has(hit.line.start)) {
      const line = text.slice(hit.line.start, hit.line.end);
      if (OTHERS_ACCEPTED.test(line)) {
        if (STILL_TO_HOLD.test(line) || !COUNTRY_ACCEPTED.test(line)) return null;
        country = true;
        usOnly ||= US_ONLY.test(line);
      }
    }
    lines.add(hit.line.start);
    for (const place of credentialJurisdictions(text, hit)) named.add(place);
  }
  if (!country) return named.size === 1 ? [...named][0]! : null;
  const countries = new Set([...named].map(countryOf));
  if (countries.size === 0) return usOnly ? UNITED_STATES : null;
  return countries.size === 1 ? [...countries][0]! : null;
}

/**
 * Whether a place a credential is held in meets the place a posting requires: the same place, a state of the
 * country required, or the country of the state required (which state is not said).
 */
export function meetsJurisdiction(held: string, required: string): boolean {
  return held === required || countryOf(held) === required || held === countryOf(required);
}

// A posting that lets the hire get the credential after hiring, or accepts one on the way: "or willing to get it in
// the first 30 days", "ability to certify within 30 days of hire", "or eligible for licensure", "or working toward it",
// "or actively pursuing", a trucking school's "paid CDL training provided", "we will train and help you get your CDL".
const OBTAINABLE =
  /\b(?:within (?:the first )?(?:\d+|\p{L}+) (?:days|weeks|months)|in the first (?:\d+|\p{L}+) (?:days|weeks|months)|(?:willing(?:ness)?|able|ability) to (?:obtain|get|certify|acquire)|eligible|eligibility|working toward(?:s)?|(?:actively )?pursuing|in progress|(?:CDL|licen[cs]e|licensure) (?:school|training) (?:is )?(?:provided|offered|available|included)|we (?:will )?(?:sponsor|pay for)|help (?:you )?(?:get|obtain|earn))\b/iu;

/**
 * Whether the posting lets the hire obtain a credential it asks for after hiring, or accepts one in progress, on a
 * line that names it: such a requirement is no knock-out (see isHardRequirement, scoring/blocks.ts).
 */
export function offersPath(text: string, hits: readonly Hit<unknown, string>[]): boolean {
  // Each line is searched once, however many mentions it holds.
  const lines = new Set<number>();
  for (const hit of hits) {
    if (lines.has(hit.line.start)) continue;
    lines.add(hit.line.start);
    if (OBTAINABLE.test(text.slice(hit.line.start, hit.line.end))) return true;
  }
  return false;
}
