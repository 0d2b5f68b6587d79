// What the public may see of where and when a photo was taken. Pure and free of imports, so the
// server (every public surface) and the admin's photo form (its "shown publicly as" preview and the
// warning about giving-away words) decide it the same way.

/** The owner's choice per photo; 'auto' protects a photo of a listed sensitive species. */
export const PROTECTION_SETTINGS = ['auto', 'exact', 'region', 'hidden'] as const;
export type ProtectionSetting = (typeof PROTECTION_SETTINGS)[number];
export type Protection = Exclude<ProtectionSetting, 'auto'>;

/** Species prefilled into a new shop's list: commonly disturbed at refuges near DC. Hers to edit. */
export const DEFAULT_SENSITIVE_SPECIES = [
  'Bald Eagle',
  'Barred Owl',
  'Great Horned Owl',
  'Eastern Screech-Owl',
  'Snowy Owl',
  'Northern Saw-whet Owl',
  'Cerulean Warbler',
  'Prothonotary Warbler',
  'Red-headed Woodpecker',
  'Eastern Box Turtle',
] as const;

const normalName = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Whether a photo's species (common or scientific name) is on the owner's list. */
export function isSensitiveSpecies(
  species: { common?: string | null; scientific?: string | null },
  list: readonly string[],
): boolean {
  const names = new Set(list.map(normalName).filter(Boolean));
  return [species.common, species.scientific].some((n) => !!n && names.has(normalName(n)));
}

/** The protection in force: 'auto' is 'region' for a listed species, else 'exact'. */
export function effectiveProtection(
  setting: ProtectionSetting | null | undefined,
  sensitive: boolean,
): Protection {
  if (setting === 'exact' || setting === 'region' || setting === 'hidden') return setting;
  return sensitive ? 'region' : 'exact';
}

// ---- region: the US state (or DC) a location names ----

const STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
};
const STATE_NAMES = Object.values(STATES).sort((a, b) => b.length - a.length); // "West Virginia" before "Virginia"

/**
 * The state a free-text location names, as its full name: "Cambridge, MD" and "Blackwater NWR,
 * Maryland" are "Maryland". A postal code counts only in capitals as a whole comma part (with a ZIP
 * after it or not), so "in" or "me" in a place name is not a state. Null when none is named.
 */
export function regionFromLocation(location: string | null | undefined): string | null {
  const parts = (location ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  // from the end: the state comes last ("Washington, DC" is DC, not the state of Washington)
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    const code = /^([A-Z]{2})(\s+\d{5}(-\d{4})?)?$/.exec(part)?.[1];
    if (code && STATES[code]) return STATES[code];
    if (/(^|\s)D\.?C\.?$/.test(part)) return STATES.DC;
    const lower = part.toLowerCase();
    const name = STATE_NAMES.find((n) => new RegExp(`(^|[^a-z])${n.toLowerCase()}($|[^a-z])`).test(lower));
    if (name) return name;
  }
  return null;
}

// ---- date: season and year, or the year ----

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Year and month (1-12, or null) of a free-text date: "2025-05-14", "May 14, 2025", "5/14/2025", "14 May 2025", "2025". */
export function parseTakenDate(
  text: string | null | undefined,
): { year: number; month: number | null } | null {
  const t = text?.trim();
  if (!t) return null;
  let m = /^(\d{4})-(\d{1,2})(?:-\d{1,2})?(?:[T\s].*)?$/.exec(t);
  if (m) return validMonth(Number(m[1]), Number(m[2]));
  m = /^(\d{4})[/.](\d{1,2})(?:[/.]\d{1,2})?$/.exec(t);
  if (m) return validMonth(Number(m[1]), Number(m[2]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t); // US order: month first
  if (m) return validMonth(Number(m[3]), Number(m[1]));
  const year = /(?:^|\D)(\d{4})(?:\D|$)/.exec(t);
  if (!year) return null;
  const word = /([a-z]{3,})/gi;
  let month: number | null = null;
  for (const w of t.matchAll(word)) {
    const i = MONTHS.indexOf(w[1].slice(0, 3).toLowerCase());
    if (i >= 0 && MONTHS[i] === w[1].slice(0, 3).toLowerCase()) {
      month = i + 1;
      break;
    }
  }
  return { year: Number(year[1]), month };
}

function validMonth(year: number, month: number) {
  return { year, month: month >= 1 && month <= 12 ? month : null };
}

/** Meteorological seasons (December is the winter of its own year). */
export function seasonOf(month: number): 'Winter' | 'Spring' | 'Summer' | 'Fall' {
  if (month >= 3 && month <= 5) return 'Spring';
  if (month >= 6 && month <= 8) return 'Summer';
  if (month >= 9 && month <= 11) return 'Fall';
  return 'Winter';
}

/** "Spring 2025" (or "2025" when only the year is known, or with `yearOnly`); null when no year can be read. */
export function generalizedDate(dateTaken: string | null | undefined, yearOnly = false): string | null {
  const parsed = parseTakenDate(dateTaken);
  if (!parsed) return null;
  if (yearOnly || parsed.month === null) return String(parsed.year);
  return `${seasonOf(parsed.month)} ${parsed.year}`;
}

// ---- what the public sees ----

export type PlaceAndDate = { location: string | null; dateTaken: string | null };

/**
 * The location and date a visitor, crawler or buyer may see. 'exact': as typed. 'region': the
 * region (hers, else the state the location names, else nothing) and the season and year.
 * 'hidden': no place, the year only.
 */
export function publicPlaceAndDate(photo: {
  location: string | null;
  dateTaken: string | null;
  protection: Protection;
  region: string | null;
}): PlaceAndDate {
  switch (photo.protection) {
    case 'exact':
      return { location: photo.location, dateTaken: photo.dateTaken };
    case 'region':
      return {
        location: photo.region?.trim() || regionFromLocation(photo.location),
        dateTaken: generalizedDate(photo.dateTaken),
      };
    case 'hidden':
      return { location: null, dateTaken: generalizedDate(photo.dateTaken, true) };
  }
}

/** The admin's mark: "Maryland, Spring 2025" (or "no place or date" when both are hidden). */
export function shownPubliclyAs(place: PlaceAndDate): string {
  const parts = [place.location, place.dateTaken].filter((p): p is string => !!p?.trim());
  return parts.length ? parts.join(', ') : 'no place or date';
}

// ---- words that give the place away ----

const COMMON_WORDS = new Set([
  'the',
  'and',
  'of',
  'at',
  'in',
  'on',
  'near',
  'by',
  'to',
  'from',
  'for',
  'with',
  'off',
  'a',
  'an',
  'usa',
  'us',
  'united',
  'states',
  'county',
  'north',
  'south',
  'east',
  'west',
  'lake',
  'river',
  'park',
  'national',
  'state',
  'wildlife',
  'refuge',
  'nwr',
  'area',
]);

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
}

/**
 * The words of the exact location that the title or description repeats (the description may be
 * the editor's HTML). A state (name or code), the region she chose and common words ("the",
 * "park", "wildlife") alone give nothing away and are left out, as are one- and two-letter words,
 * but any of them that continues a run of matched words (the "3" of "pullout 3", the "Wildlife" of
 * "Wildlife Drive") is named with it. Each phrase once, in the order of the location.
 */
export function placeWordsIn(
  texts: readonly (string | null | undefined)[],
  location: string | null | undefined,
  region?: string | null,
): string[] {
  if (!location?.trim()) return [];
  const plain = texts
    .map((t) => (t ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;|&#160;/g, ' '))
    .join(' \n ');
  const harmless = new Set([
    ...COMMON_WORDS,
    ...Object.keys(STATES).map((c) => c.toLowerCase()),
    ...Object.values(STATES).flatMap((n) => words(n.toLowerCase())),
    ...words((region ?? '').toLowerCase()),
  ]);
  const revealing = (w: string) => w.length > 2 && !/^\d+$/.test(w) && !harmless.has(w.toLowerCase());
  const phrases: string[] = [];
  for (const part of location.split(',')) {
    const ws = words(part);
    let i = 0;
    while (i < ws.length) {
      // the longest run of the location's words, from here, that the text says together
      let end = ws.length;
      while (end > i && !occursTogether(plain, ws.slice(i, end))) end--;
      if (end === i) {
        i++;
        continue;
      }
      const run = ws.slice(i, end);
      if (run.some(revealing)) phrases.push(run.join(' '));
      i = end;
    }
  }
  return [...new Set(phrases)];
}

/** The run's words appear next to each other in the text, as whole words (case-insensitive). */
function occursTogether(text: string, run: string[]): boolean {
  const escaped = run.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped.join('[\\s\\p{P}]+')}($|[^\\p{L}\\p{N}])`, 'iu').test(text);
}
