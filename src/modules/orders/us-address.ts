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
