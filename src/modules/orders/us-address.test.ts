import { describe, expect, it } from 'vitest';
import { maskedAddress, namesAnotherCountry, parseUsAddress } from './us-address';

describe('US-only address rule', () => {
  it('refuses an address whose last line names another country', () => {
    for (const a of [
      '1 Main St\nToronto, ON M5V 2T6\nCanada',
      '10 Downing Street, London SW1A 2AA, UK',
      'Calle Mayor 1\n28013 Madrid\nEspaña',
      'Unter den Linden 77\n10117 Berlin\n  germany.  ',
    ])
      expect(namesAnotherCountry(a)).toBe(true);
  });

  it('accepts normal US addresses, including states that share a name with a country', () => {
    for (const a of [
      '1600 Pennsylvania Ave NW\nWashington, DC 20500',
      '742 Evergreen Terrace\nSpringfield, OR 97403\nUSA',
      '12 Peachtree St\nAtlanta, Georgia 30303\nUnited States',
      '500 Main St, Santa Fe, New Mexico 87501',
      '1 Beach Rd\nSan Juan, PR 00901\nPuerto Rico',
    ])
      expect(namesAnotherCountry(a)).toBe(false);
  });
});

describe("the buyer's order page address", () => {
  it('shows the city, state and ZIP in full and no part of the street lines', () => {
    const cases: [string, string][] = [
      ['1600 Pennsylvania Ave NW\nWashington, DC 20500', 'Street address on file\nWashington, DC 20500'],
      [
        '11701 Berwick Road\nApt 4B\nSilver Spring, MD 20904',
        'Street address on file\nSilver Spring, MD 20904',
      ],
      ['  12 Refuge Rd \n\n Moab, UT 84532 \n USA ', 'Street address on file\nMoab, UT 84532\nUSA'],
      ['1 Main St, Apt 2, Springfield, IL 62701', 'Street address on file\nSpringfield, IL 62701'],
      ['500 Main St, Santa Fe, New Mexico 87501', 'Street address on file\nSanta Fe, New Mexico 87501'],
      ['500 Main St, Santa Fe NM 87501', 'Street address on file\nSanta Fe NM 87501'],
      ['99 Elm Street Austin TX 78701-1234', 'Street address on file\nTX 78701-1234'],
      ['Somewhere without any locality', 'Street address on file'],
    ];
    for (const [address, shown] of cases) expect(maskedAddress(address), address).toBe(shown);
  });

  it('never shows a house number or a street name', () => {
    for (const address of [
      '1600 Pennsylvania Ave NW\nWashington, DC 20500',
      '12 Refuge Rd, Moab, UT 84532',
    ]) {
      const shown = maskedAddress(address);
      expect(shown).not.toMatch(/1600|Pennsylvania|12 |Refuge|\*/);
    }
  });
});

describe('parseUsAddress', () => {
  it('reads the spec form, on lines or on one line', () => {
    expect(parseUsAddress('11701 Berwick Road\nSilver Spring, MD 20904')).toEqual({
      line1: '11701 Berwick Road',
      city: 'Silver Spring',
      state: 'MD',
      zip: '20904',
    });
    expect(parseUsAddress('1600 Pennsylvania Ave NW, Washington, DC 20500')).toEqual({
      line1: '1600 Pennsylvania Ave NW',
      city: 'Washington',
      state: 'DC',
      zip: '20500',
    });
  });

  it('keeps a second line, reads lower-case codes, state names and ZIP+4, drops a trailing USA', () => {
    expect(parseUsAddress('500 Main St\nApt 4B\nSanta Fe, nm 87501-1234\nUSA')).toEqual({
      line1: '500 Main St',
      line2: 'Apt 4B',
      city: 'Santa Fe',
      state: 'NM',
      zip: '87501-1234',
    });
    expect(parseUsAddress('11701 Berwick Road, Silver Spring, Maryland 20904')).toMatchObject({
      city: 'Silver Spring',
      state: 'MD',
    });
    expect(parseUsAddress('12 Peachtree St\nAtlanta Georgia 30303')).toMatchObject({
      city: 'Atlanta',
      state: 'GA',
    });
    expect(parseUsAddress('1 Main St\nCharleston, West Virginia 25301')).toMatchObject({ state: 'WV' });
    expect(parseUsAddress('1 Calle Sol\nSan Juan, PR 00901')).toMatchObject({ state: 'PR', zip: '00901' });
  });

  it('answers null for what it can not read', () => {
    for (const a of [
      'somewhere over the rainbow',
      '11701 Berwick Road\nSilver Spring, ZZ 20904',
      '11701 Berwick Road\nSilver Spring MD',
      'Silver Spring, MD 20904',
      '1 Main St\nSpringfield, IL 6270',
      '<b>1 Main St</b>\nSpringfield, IL 62701',
    ])
      expect(parseUsAddress(a), a).toBeNull();
  });
});
