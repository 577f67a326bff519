import { CANADIAN_PROVINCES, US_STATES } from "./jurisdictions.ts";

/**
 * Cities that postings and résumés write without a region ("Berlin (on-site)", "Danggeun Pay Inc. Seoul"): a short,
 * deliberate list of large business cities and of the towns of the largest technology employers (Mountain View,
 * Redmond), not a gazetteer (names that are also a state, such as Washington, are
 * left out). A place outside it still needs its region ("Riverton,
 * OR") to be read as one, which is what keeps an employer or a team name from being taken for a place.
 */
const KNOWN_CITIES: ReadonlySet<string> = new Set(
  (
    "Abu Dhabi|Ahmedabad|Amsterdam|Athens|Atlanta|Austin|Bangalore|Bangkok|Barcelona|Beijing|Bengaluru|Berlin|Boston|" +
    "Brussels|Bucharest|Budapest|Buenos Aires|Cairo|Cape Town|Chennai|Chicago|Cologne|Copenhagen|Dallas|Delhi|Denver|" +
    "Detroit|Dhaka|Doha|Dubai|Dublin|Düsseldorf|Edinburgh|Frankfurt|Geneva|Guangzhou|Hamburg|Helsinki|Ho Chi Minh City|" +
    "Hong Kong|Houston|Hyderabad|Istanbul|Jakarta|Johannesburg|Karachi|Kolkata|Kraków|Krakow|Kuala Lumpur|Kyiv|Lagos|" +
    "Lahore|Lisbon|London|Los Angeles|Lyon|Madrid|Manchester|Manila|Melbourne|Menlo Park|Mexico City|Miami|Milan|" +
    "Minneapolis|Montreal|Moscow|Mountain View|Mumbai|Munich|Nairobi|New Delhi|New York|New York City|NYC|Osaka|Oslo|" +
    "Palo Alto|Paris|Philadelphia|Phoenix|Pittsburgh|Prague|Pune|Redmond|Riyadh|Rome|Rotterdam|San Diego|San Francisco|" +
    "San Jose|Santa Clara|Santiago|São Paulo|Sao Paulo|Seattle|Seoul|Shanghai|Shenzhen|Singapore|Stockholm|Sunnyvale|" +
    "Sydney|Taipei|Tallinn|Tel Aviv|Tokyo|Toronto|Vancouver|Vienna|Vilnius|Warsaw|Zurich|Zürich"
  )
    .toLowerCase()
    .split("|"),
);
const LINKING_WORD = /(?:^|\s)(?:of|de|du|der|des|di|da|in|at|the|for|and|&|am|an|im|von)$/iu;
const LONGEST_CITY_WORDS = Math.max(...[...KNOWN_CITIES].map((c) => c.split(" ").length));

const tidy = (s: string): string => s.replace(/\s+/gu, " ").replace(/^[\s,;:\-–—|.]+|[\s,;:\-–—|.]+$/gu, "");

/** Whether a segment is one of the known cities on its own ("Berlin", " London "). */
export const isKnownCity = (segment: string): boolean => KNOWN_CITIES.has(tidy(segment).toLowerCase());

/**
 * A name with a known city run onto its end, as PDF column merging leaves it ("Danggeun Pay Inc. Seoul"), split into
 * the name and the city; null when the name does not end with one or would be nothing without it.
 */
export function splitTrailingCity(name: string): { name: string; city: string } | null {
  const words = name.trim().split(/\s+/u);
  for (let n = Math.min(LONGEST_CITY_WORDS, words.length - 1); n >= 1; n--) {
    const city = words.slice(-n).join(" ");
    const rest = words.slice(0, -n).join(" ").replace(/[\s,;:\-–—|]+$/u, "");
    // "University of London", "Bank of Tokyo": a city after a linking word is part of the name.
    if (isKnownCity(city) && /\p{L}{2}/u.test(rest) && !LINKING_WORD.test(rest)) return { name: rest, city };
  }
  return null;
}

/** US state codes (and DC), as a regex alternation. */
export const US_STATE_CODES = US_STATES.map(([code]) => code).join("|");
const CANADIAN_PROVINCE_CODES = CANADIAN_PROVINCES.map(([code]) => code).join("|");
// Provinces by name without New Brunswick, which is also a city ("Johnson & Johnson New Brunswick, NJ").
const REGION_NAMES =
  [...US_STATES, ...CANADIAN_PROVINCES.filter(([code]) => code !== "NB")].map(([, name]) => name).join("|") +
  "|Québec|Newfoundland|U\\.S\\.A?\\.?|U\\.K\\.|United States|United Kingdom|England|Scotland|Wales|" +
  "Ireland|Canada|Mexico|Brazil|Argentina|Chile|Colombia|Germany|France|Spain|Portugal|Italy|Netherlands|Belgium|" +
  "Switzerland|Austria|Poland|Czechia|Czech Republic|Hungary|Romania|Ukraine|Sweden|Norway|Denmark|Finland|Estonia|" +
  "Lithuania|Latvia|Greece|Turkey|Türkiye|Israel|Egypt|Nigeria|Kenya|South Africa|India|Pakistan|Bangladesh|China|" +
  "Japan|Korea|South Korea|S\\.\\s?Korea|Taiwan|Singapore|Malaysia|Indonesia|Philippines|Vietnam|Thailand|Australia|" +
  "New Zealand";
const REGION_NAME = new RegExp(`^(?:${REGION_NAMES})$`, "iu");
// Codes only in capitals: "CO" is Colorado, "co" is no region.
const REGION_CODE = new RegExp(`^(?:${US_STATE_CODES}|${CANADIAN_PROVINCE_CODES}|US|USA|UK|UAE)$`, "u");

/**
 * Whether a part of an entry line is a region that follows a city ("CA" in "Mountain View, CA", "Colorado",
 * "India"): a US state or Canadian province, by code (in capitals) or name, or a country.
 */
export function isRegion(segment: string): boolean {
  const s = tidy(segment);
  return REGION_CODE.test(s) || REGION_NAME.test(s);
}

// Words that end names of organisations, not of places: "Acme Corp, TX" names no city.
export const ORGANISATION_WORD =
  /^(?:inc|corp|corporation|co|company|llc|ltd|limited|plc|gmbh|group|bank|university|college|school|institute|academy|hospital|clinic|center|centre|labs?|laborator(?:y|ies)|systems|technolog(?:y|ies)|tech|solutions|services|software|partners|associates|consulting|foundation|agency|department|district|council|health|healthcare|financial|finance|capital|holdings|industries|international|media|studios?|networks?|digital|analytics|energy|pharmaceuticals|motors|airlines|insurance|enterprises|ventures|stores?|restaurants?|hotels?|firm|office|library|museum|church|union|society|association|club|markets?|global|research|design|engineering|manufacturing|logistics|marketing|management|electronics|communications|games|entertainment|resources|products|brands|foods|trust|fund|authority|ministry|command|government|team|division|unit)\.?$/iu;
// First words of two-word place names ("New Brunswick", "San Mateo", "Fort Collins"): a city before a region that
// starts with one is cut with it.
const PLACE_OPENER = /^(?:new|san|santa|los|las|el|la|st\.?|saint|fort|ft\.?|mount|mt\.?|port|palm|north|south|east|west|salt|baton|des|ann|grand|cedar|long|little|college|overland|bowling|bloomfield|round|sugar|pompano|boca|coral|corpus|daly|glen)$/iu;

/**
 * A name with its city run onto its end, where the entry line writes a region right after it ("Google Mountain View,
 * CA", "IBM Boulder, Colorado"): the region says a place ends the name, so a city outside the known ones is cut too,
 * one capitalised word (two after a place-name opener such as "New" or "San"). A last word that names a kind of
 * organisation ("Acme Corp, TX") or follows a linking word ("Bank of Boulder, CO") is part of the name. Null when
 * nothing is cut.
 */
export function splitCityBeforeRegion(name: string): { name: string; city: string } | null {
  const known = splitTrailingCity(name);
  if (known) return known;
  const words = name.trim().split(/\s+/u);
  const last = words[words.length - 1] ?? "";
  if (!/^\p{Lu}[\p{Ll}'’.-]+$/u.test(last) || ORGANISATION_WORD.test(last)) return null;
  const n = words.length >= 2 && PLACE_OPENER.test(words[words.length - 2]!) ? 2 : 1;
  const rest = words.slice(0, -n).join(" ").replace(/[\s,;:\-–—|]+$/u, "");
  if (!/\p{L}{2}/u.test(rest) || LINKING_WORD.test(rest)) return null;
  return { name: rest, city: words.slice(-n).join(" ") };
}

const CITY_WORD = /^\p{Lu}[\p{Ll}'’.-]+$/u;
// The parts of a country a regional title covers, written as a whole part of an entry line ("Regional Director,
// Pacific Northwest — Acme, 2015 – 2019"): a territory, no employer.
const TERRITORY =
  /^(?:(?:the\s+)?(?:pacific\s+northwest|north\s*west|north\s*east|south\s*east|south\s*west|mid-?west|upper\s+midwest|mid-?atlantic|new\s+england|gulf\s+coast|(?:west|east)\s+coast|great\s+lakes|mountain\s+west|southern\s+california|northern\s+california|tri-?state(?:\s+area)?)(?:\s+(?:region|territory|district|market))?)$/iu;

/**
 * Whether a part of an entry line is a place and no name, given the part after it: a known city or a region
 * ("Seattle", "Texas"), a territory of a regional title ("Pacific Northwest", "Midwest Region"), or a city set before its region ("San Francisco, CA", "Tacoma, WA", "Seattle and Tacoma,
 * WA"): one capitalised word, or two after a place-name opener ("San", "Fort"), that names no kind of organisation
 * ("Acme Corp, TX", "Northwind Logistics, IL" are names).
 */
export function isPlace(part: string, next: string | undefined): boolean {
  const s = tidy(part);
  if (isKnownCity(s) || isRegion(s) || TERRITORY.test(s)) return true;
  if (next === undefined || !isRegion(next)) return false;
  return s.split(/\s+(?:and|&)\s+|\s*\/\s*/u).every((city) => {
    const words = city.split(/\s+/u);
    if (!words.every((w) => CITY_WORD.test(w)) || ORGANISATION_WORD.test(words.at(-1)!)) return false;
    return isKnownCity(city) || words.length === 1 || (words.length === 2 && PLACE_OPENER.test(words[0]!));
  });
}
