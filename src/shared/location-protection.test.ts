import { describe, expect, it } from 'vitest';
import {
  effectiveProtection,
  generalizedDate,
  isSensitiveSpecies,
  parseTakenDate,
  placeWordsIn,
  publicPlaceAndDate,
  regionFromLocation,
  shownPubliclyAs,
} from './location-protection';

const EXACT = 'Blackwater NWR, Wildlife Drive pullout 3, Cambridge, MD';

describe('regionFromLocation', () => {
  it.each([
    [EXACT, 'Maryland'],
    ['Blackwater NWR, Maryland', 'Maryland'],
    ['Cambridge, MD 21613', 'Maryland'],
    ['Huntley Meadows Park, Alexandria, Virginia', 'Virginia'],
    ['Cranesville, West Virginia', 'West Virginia'],
    ['Kenilworth Aquatic Gardens, Washington, DC', 'District of Columbia'],
    ['Theodore Roosevelt Island, Washington D.C.', 'District of Columbia'],
    ['Nisqually, Washington', 'Washington'],
    ['Bombay Hook, DE', 'Delaware'],
  ])('%s is %s', (location, region) => expect(regionFromLocation(location)).toBe(region));

  it.each([['Me and the owl'], ['in the marsh'], ['Wildlife Drive'], [''], [null]])(
    '%s names no state',
    (location) => expect(regionFromLocation(location)).toBeNull(),
  );
});

describe('dates', () => {
  it.each([
    ['2025-05-14', { year: 2025, month: 5 }],
    ['May 14, 2025', { year: 2025, month: 5 }],
    ['14 May 2025', { year: 2025, month: 5 }],
    ['5/14/2025', { year: 2025, month: 5 }],
    ['2025', { year: 2025, month: null }],
    ['Sometime in 2024', { year: 2024, month: null }],
  ])('%s is read', (text, parsed) => expect(parseTakenDate(text)).toEqual(parsed));

  it('gives season and year, or the year', () => {
    expect(generalizedDate('2025-05-14')).toBe('Spring 2025');
    expect(generalizedDate('July 4, 2024')).toBe('Summer 2024');
    expect(generalizedDate('2024-10-01')).toBe('Fall 2024');
    expect(generalizedDate('2024-12-25')).toBe('Winter 2024');
    expect(generalizedDate('2024-01-25')).toBe('Winter 2024');
    expect(generalizedDate('2025-05-14', true)).toBe('2025');
    expect(generalizedDate('last spring')).toBeNull();
  });
});

describe('what the public sees', () => {
  const photo = { location: EXACT, dateTaken: '2025-05-14', region: null };

  it('exact shows it as typed', () =>
    expect(publicPlaceAndDate({ ...photo, protection: 'exact' })).toEqual({
      location: EXACT,
      dateTaken: '2025-05-14',
    }));

  it('region shows the state and the season', () => {
    const seen = publicPlaceAndDate({ ...photo, protection: 'region' });
    expect(seen).toEqual({ location: 'Maryland', dateTaken: 'Spring 2025' });
    expect(shownPubliclyAs(seen)).toBe('Maryland, Spring 2025');
  });

  it("region prefers the owner's region text", () =>
    expect(publicPlaceAndDate({ ...photo, region: 'Eastern Shore', protection: 'region' }).location).toBe(
      'Eastern Shore',
    ));

  it('hidden shows no place and the year', () => {
    const seen = publicPlaceAndDate({ ...photo, protection: 'hidden' });
    expect(seen).toEqual({ location: null, dateTaken: '2025' });
    expect(shownPubliclyAs({ location: null, dateTaken: null })).toBe('no place or date');
  });

  it('auto protects a listed species, by either name, in any case', () => {
    const list = ['Bald Eagle', 'Strix varia'];
    expect(isSensitiveSpecies({ common: 'bald  eagle' }, list)).toBe(true);
    expect(isSensitiveSpecies({ common: 'Barred Owl', scientific: 'strix varia' }, list)).toBe(true);
    expect(isSensitiveSpecies({ common: 'Great Blue Heron' }, list)).toBe(false);
    expect(effectiveProtection('auto', true)).toBe('region');
    expect(effectiveProtection(null, false)).toBe('exact');
    expect(effectiveProtection('exact', true)).toBe('exact');
    expect(effectiveProtection('hidden', false)).toBe('hidden');
  });
});

describe('placeWordsIn', () => {
  it('names the run of the exact place a title repeats', () =>
    expect(placeWordsIn(['Owl at Wildlife Drive pullout 3', ''], EXACT)).toEqual([
      'Wildlife Drive pullout 3',
    ]));

  it('reads the description as text and finds single names', () =>
    expect(
      placeWordsIn(['Barred owl', '<p>Seen at <strong>Blackwater</strong> near Cambridge.</p>'], EXACT),
    ).toEqual(['Blackwater', 'Cambridge']));

  it('a state, the region and common words give nothing away', () =>
    expect(
      placeWordsIn(['A wildlife refuge in Maryland, MD', 'Eastern Shore at dawn'], EXACT, 'Eastern Shore'),
    ).toEqual([]));

  it('a part of a word is not the word', () => expect(placeWordsIn(['Blackwaters'], EXACT)).toEqual([]));
});
