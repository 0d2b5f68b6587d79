import { describe, expect, it } from 'vitest';
import { isSlug, pixelsOf, slugFromName, uniqueSlug } from './licence-rules';

describe('slugFromName', () => {
  it('makes an address part of the name', () => {
    expect(slugFromName('Personal')).toBe('personal');
    expect(slugFromName('  Commercial, print & web!  ')).toBe('commercial-print-web');
    expect(slugFromName('Éditorial — Presse')).toBe('editorial-presse');
    expect(slugFromName('<script>alert(1)</script>')).toBe('script-alert-1-script');
  });

  it('gives a name with no letters or digits a slug still', () => {
    expect(slugFromName('★★★')).toBe('licence');
    expect(slugFromName('鳥')).toBe('licence');
  });

  it('keeps it at most 60 characters, without a dash at the end', () => {
    const slug = slugFromName(`${'a'.repeat(59)} b`);
    expect(slug).toBe('a'.repeat(59));
    expect(slugFromName('x'.repeat(80))).toHaveLength(60);
  });
});

describe('uniqueSlug', () => {
  it('numbers a slug taken, and never takes a reserved address', () => {
    expect(uniqueSlug('personal', new Set())).toBe('personal');
    expect(uniqueSlug('personal', new Set(['personal', 'personal-2']))).toBe('personal-3');
    expect(uniqueSlug('verify', new Set())).toBe('verify-2');
  });
});

describe('isSlug', () => {
  it('takes only what slugFromName makes', () => {
    expect(isSlug('editorial')).toBe(true);
    expect(isSlug('web-2048')).toBe(true);
    expect(isSlug('../etc')).toBe(false);
    expect(isSlug('Personal')).toBe(false);
    expect(isSlug('a'.repeat(81))).toBe(false);
    expect(isSlug('')).toBe(false);
  });
});

describe('pixelsOf', () => {
  const photo = { width: 6000, height: 4000 };

  it("gives a size's long edge", () => {
    expect(pixelsOf(2048, photo)).toBe('2048 px');
  });

  it("gives the original's size for full resolution", () => {
    expect(pixelsOf(null, photo)).toBe('6000 × 4000 px');
    expect(pixelsOf(null, { width: 3000, height: 4500 })).toBe('3000 × 4500 px');
  });

  it('never upscales: a size larger than the original gives the original', () => {
    expect(pixelsOf(8000, photo)).toBe('6000 × 4000 px');
    expect(pixelsOf(6000, photo)).toBe('6000 × 4000 px');
    expect(pixelsOf(4096, { width: 1600, height: 2400 })).toBe('1600 × 2400 px');
  });

  it("says the size's words when the original's size is not known", () => {
    expect(pixelsOf(null, { width: 0, height: 0 })).toBe('Full resolution');
    expect(pixelsOf(2048, { width: 0, height: 0 })).toBe('2048 px');
  });
});
