/**
 * Cities that postings and résumés write without a region ("Berlin (on-site)", "Danggeun Pay Inc. Seoul"): a short,
 * deliberate list of large business cities, not a gazetteer (names that are also a state, such as Washington, are
 * left out). A place outside it still needs its region ("Riverton,
 * OR") to be read as one, which is what keeps an employer or a team name from being taken for a place.
 */
const KNOWN_CITIES: ReadonlySet<string> = new Set(
  (
    "Abu Dhabi|Ahmedabad|Amsterdam|Athens|Atlanta|Austin|Bangalore|Bangkok|Barcelona|Beijing|Bengaluru|Berlin|Boston|" +
    "Brussels|Bucharest|Budapest|Buenos Aires|Cairo|Cape Town|Chennai|Chicago|Cologne|Copenhagen|Dallas|Delhi|Denver|" +
    "Detroit|Dhaka|Doha|Dubai|Dublin|Düsseldorf|Edinburgh|Frankfurt|Geneva|Guangzhou|Hamburg|Helsinki|Ho Chi Minh City|" +
    "Hong Kong|Houston|Hyderabad|Istanbul|Jakarta|Johannesburg|Karachi|Kolkata|Kraków|Krakow|Kuala Lumpur|Kyiv|Lagos|" +
    "Lahore|Lisbon|London|Los Angeles|Lyon|Madrid|Manchester|Manila|Melbourne|Mexico City|Miami|Milan|Minneapolis|" +
    "Montreal|Moscow|Mumbai|Munich|Nairobi|New Delhi|New York|New York City|NYC|Osaka|Oslo|Paris|Philadelphia|Phoenix|" +
    "Pittsburgh|Prague|Pune|Riyadh|Rome|Rotterdam|San Diego|San Francisco|San Jose|Santiago|São Paulo|Sao Paulo|Seattle|" +
    "Seoul|Shanghai|Shenzhen|Singapore|Stockholm|Sydney|Taipei|Tallinn|Tel Aviv|Tokyo|Toronto|Vancouver|Vienna|Vilnius|" +
    "Warsaw|Zurich|Zürich"
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
