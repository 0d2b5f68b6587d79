import { usAddressSchema, usStates, type UsAddress, type UsStateCode } from '../../contract';

// Countries we recognise on an address's last line. US territories ship domestically, so they are
// not here; neither are names that are also US states or common US place lines (Georgia, Jordan).
// prettier-ignore
const otherCountries = [
  'afghanistan', 'albania', 'algeria', 'andorra', 'angola', 'argentina', 'armenia', 'australia', 'austria',
  'azerbaijan', 'bahamas', 'bahrain', 'bangladesh', 'barbados', 'belarus', 'belgium', 'belize', 'benin',
  'bermuda', 'bhutan', 'bolivia', 'bosnia and herzegovina', 'botswana', 'brazil', 'brasil', 'brunei',
  'bulgaria', 'cambodia', 'cameroon', 'canada', 'cayman islands', 'chile', 'china',
  "people's republic of china", 'colombia', 'costa rica', 'croatia', 'cuba', 'cyprus', 'czech republic',
  'czechia', 'denmark', 'danmark', 'deutschland', 'dominican republic', 'ecuador', 'egypt', 'el salvador',
  'england', 'estonia', 'ethiopia', 'fiji', 'finland', 'france', 'germany', 'ghana', 'great britain',
  'greece', 'greenland', 'guatemala', 'haiti', 'honduras', 'hong kong', 'hungary', 'iceland', 'india',
  'indonesia', 'iran', 'iraq', 'ireland', 'israel', 'italy', 'italia', 'jamaica', 'japan', 'kazakhstan',
  'kenya', 'korea', 'south korea', 'republic of korea', 'kuwait', 'latvia', 'lithuania', 'luxembourg',
  'macau', 'malaysia', 'malta', 'mexico', 'méxico', 'monaco', 'mongolia', 'morocco', 'nepal',
  'netherlands', 'the netherlands', 'nederland', 'holland', 'new zealand', 'nicaragua', 'nigeria',
  'northern ireland', 'norway', 'norge', 'oman', 'pakistan', 'panama', 'paraguay', 'peru', 'philippines',
  'poland', 'polska', 'portugal', 'qatar', 'romania', 'russia', 'russian federation', 'saudi arabia',
  'scotland', 'serbia', 'singapore', 'slovakia', 'slovenia', 'south africa', 'spain', 'españa', 'espana',
  'sri lanka', 'sweden', 'sverige', 'switzerland', 'schweiz', 'suisse', 'taiwan', 'tanzania', 'thailand',
  'trinidad and tobago', 'tunisia', 'turkey', 'türkiye', 'turkiye', 'uganda', 'uk', 'u.k', 'ukraine',
  'united arab emirates', 'uae', 'united kingdom', 'uruguay', 'venezuela', 'vietnam', 'viet nam', 'wales',
  'zambia', 'zimbabwe', 'österreich', 'osterreich',
];
const otherCountrySet = new Set(otherCountries);

/**
 * US only: an address whose last line (or the last comma-separated part of a one-line address)
 * names another country is refused. Anything else, i.e. every normal US address, passes.
 */
export function namesAnotherCountry(address: string): boolean {
  const lines = address
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const last = lines[lines.length - 1] ?? '';
  const lastPart = last.split(',').pop() ?? '';
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[\s.]+$/g, '')
      .replace(/^[\s.]+/g, '')
      .replace(/\s+/g, ' ');
  return [last, lastPart].some((s) => otherCountrySet.has(norm(s)));
}

/** Every state, DC and territory by its lower-case name (and the usual short forms). */
const stateByName = new Map<string, UsStateCode>([
  ...usStates.map(([code, name]) => [name.toLowerCase(), code] as const),
  ['virgin islands', 'VI'],
  ['us virgin islands', 'VI'],
]);
const usStateNames = new Set(stateByName.keys());
const US_NAMES = /^(usa|us|u\.s\.a?\.?|united states( of america)?)$/i;
const ZIP = /\d{5}(?:-\d{4})?$/;
/** "DC 20500", "Texas 78701", "IL": a state (with or without its ZIP) and nothing before it. */
const isStateOnly = (part: string) => {
  const state = part
    .replace(ZIP, '')
    .replace(/[\s.,]+$/, '')
    .trim();
  return /^[A-Za-z]{2}$/.test(state) || usStateNames.has(state.toLowerCase());
};

/** Shown instead of the street lines (number, street, unit) on the buyer's order page. */
export const STREET_ON_FILE = 'Street address on file';

/**
 * The shipping address as the buyer's order page shows it: the city, state and ZIP in full and the
 * street lines replaced by 'Street address on file'. The page is reachable by anyone holding its
 * link (a forwarded e-mail), and it already shows the buyer's name: with the house number, or even
 * the street, that would lead to the door, so neither is shown. The locality is enough for the
 * buyer to recognise where the order goes; the full address is in their confirmation e-mail.
 */
export function maskedAddress(address: string): string {
  const lines = address
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const country = lines.length > 1 && US_NAMES.test(lines[lines.length - 1]) ? lines.pop()! : null;
  let locality: string | null = null;
  let hasStreet = false;
  if (lines.length > 1) {
    locality = lines[lines.length - 1];
    hasStreet = true;
  } else if (lines.length === 1) {
    // one line: "1 Main St, Apt 2, Springfield, IL 62701" keeps "Springfield, IL 62701"
    const parts = lines[0]
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length > 1) {
      const keep = isStateOnly(parts[parts.length - 1]) && parts.length > 2 ? 2 : 1;
      locality = parts.slice(-keep).join(', ');
      hasStreet = true;
    } else {
      // no commas at all: only a trailing "ST 12345" can be told apart from the street
      const tail = /\b[A-Za-z]{2}\s+\d{5}(?:-\d{4})?$/.exec(lines[0]);
      locality = tail ? tail[0] : null;
      hasStreet = true;
    }
  }
  return [hasStreet ? STREET_ON_FILE : null, locality, country].filter((l): l is string => !!l).join('\n');
}

/** A state as written: its code in any case ("md", "D.C.") or its name ("Maryland"); else null. */
function stateCode(text: string): UsStateCode | null {
  const t = text.trim().replace(/\s+/g, ' ');
  const code = t.replace(/\./g, '').toUpperCase();
  if (code.length === 2 && usStates.some(([c]) => c === code)) return code as UsStateCode;
  return stateByName.get(t.toLowerCase()) ?? null;
}

/** "Silver Spring MD", "New York New York": the state at the end of a city part, and the city. */
function splitCityState(text: string): { city: string; state: UsStateCode } | null {
  const words = text.trim().split(/\s+/);
  // the longest state name first: "West Virginia" before "Virginia"
  for (let n = Math.min(4, words.length - 1); n >= 1; n--) {
    const state = stateCode(words.slice(-n).join(' '));
    if (state) return { city: words.slice(0, -n).join(' '), state };
  }
  return null;
}

/**
 * Reads an address given as one text (the spec's client) into its parts: street lines, then
 * "City, ST 12345" (the state as its code or its name, the ZIP 5 or 9 digits), on separate lines or
 * comma-separated on one, a trailing "USA" allowed. Null when it can not be read with confidence:
 * the order then keeps the text as given and is flagged for the owner.
 */
export function parseUsAddress(text: string): UsAddress | null {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const parts = lines
    .flatMap((l) => l.split(','))
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length && US_NAMES.test(parts[parts.length - 1].replace(/\.$/, ''))) parts.pop();
  const last = parts.pop();
  if (!last) return null;
  const tail = /^(.*?)[\s,]*\b(\d{5}(?:-\d{4})?)$/.exec(last);
  if (!tail) return null;
  const zip = tail[2];
  let before = tail[1].trim();
  if (!before) before = parts.pop() ?? ''; // "..., MD, 20904"
  let city: string | undefined;
  let state = stateCode(before);
  if (state) city = parts.pop();
  else {
    const split = splitCityState(before);
    if (!split) return null;
    ({ city, state } = split);
  }
  if (!city || !parts.length) return null;
  const [line1, ...rest] = parts;
  const parsed = usAddressSchema.safeParse({ line1, line2: rest.join(', '), city, state, zip });
  return parsed.success ? parsed.data : null;
}
