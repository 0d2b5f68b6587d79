import { describe, expect, it } from 'vitest';
import { namesAnotherCountry } from './us-address';

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
