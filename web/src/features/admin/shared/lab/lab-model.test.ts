import { describe, expect, it } from 'vitest';
import { makerChoices, percentText, sizeInches } from './lab-model';

describe('sizeInches', () => {
  it('reads the width and height from the ways sizes are written', () => {
    expect(sizeInches('8x10')).toEqual({ width: '8', height: '10' });
    expect(sizeInches('8x10 inch')).toEqual({ width: '8', height: '10' });
    expect(sizeInches('12 x 16')).toEqual({ width: '12', height: '16' });
    expect(sizeInches('12×18 in')).toEqual({ width: '12', height: '18' });
    expect(sizeInches('8.5 x 11"')).toEqual({ width: '8.5', height: '11' });
    expect(sizeInches('8" x 10"')).toEqual({ width: '8', height: '10' });
    expect(sizeInches('16 by 24')).toEqual({ width: '16', height: '24' });
  });
  it('answers null for a size that is not two numbers', () => {
    expect(sizeInches('Large')).toBeNull();
    expect(sizeInches('A3')).toBeNull();
  });
});

describe('percentText', () => {
  it('keeps at most one decimal', () => {
    expect(percentText(45)).toBe('45%');
    expect(percentText(12.345)).toBe('12.3%');
    expect(percentText(-5)).toBe('-5%');
  });
});

describe('makerChoices', () => {
  const labs = [
    { provider: 'lumaprints' as const, enabled: true },
    { provider: 'prodigi' as const, enabled: false },
  ];
  it('offers the owner and the labs that are on', () => {
    expect(makerChoices(labs, undefined)).toEqual(['you', 'lumaprints']);
  });
  it('keeps the lab that makes the print now, even when it is off', () => {
    expect(makerChoices(labs, 'prodigi')).toEqual(['you', 'lumaprints', 'prodigi']);
  });
});
