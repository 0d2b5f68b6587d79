import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromDecimalString, isWholeCents, money, wholeNumber } from './input-rules';

const price = money({
  required: 'required',
  invalid: 'invalid',
  cents: 'cents',
  min: [0.01, 'too small'],
  max: [1_000_000, 'too big'],
});
const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe('money', () => {
  it('takes a JSON number or a decimal string with at most 2 decimals', () => {
    for (const [input, dollars] of [
      [10, 10],
      [10.5, 10.5],
      [0.29, 0.29],
      ['10.50', 10.5],
      [' 12.50 ', 12.5],
      ['007', 7],
      [1_000_000, 1_000_000],
    ] as const)
      expect(price.parse(input), JSON.stringify(input)).toBe(dollars);
  });

  it('refuses what is not a number, never reading it as one', () => {
    const invalid = [true, false, [5], [], { v: 5 }, '0x10', '0o7', '0b1', '1e3', '1E3', 'NaN', 'Infinity'];
    for (const bad of [...invalid, '-Infinity', '+5', '5.', '.5', '1,000', '$5', '5 5'])
      expect(messageOf(price, bad), JSON.stringify(bad)).toBe('invalid');
    for (const missing of [undefined, null, '', '   '])
      expect(messageOf(price, missing), JSON.stringify(missing)).toBe('required');
    expect(messageOf(price, Number.NaN)).toBe('invalid');
    expect(messageOf(price, Number.POSITIVE_INFINITY)).toBe('invalid');
  });

  it('refuses a fraction of a cent instead of rounding it', () => {
    for (const bad of [10.005, '10.005', 5.001, 99.999])
      expect(messageOf(price, bad), JSON.stringify(bad)).toBe('cents');
    expect(isWholeCents(0.1 + 0.2)).toBe(true); // binary noise is not a fraction of a cent
    expect(isWholeCents(1e308)).toBe(false);
  });

  it('keeps its bounds', () => {
    expect(messageOf(price, 0)).toBe('too small');
    expect(messageOf(price, -5)).toBe('too small');
    expect(messageOf(price, '1000000.01')).toBe('too big');
  });
});

describe('whole numbers (quantities)', () => {
  it('take whole numbers or their decimal strings only', () => {
    const quantity = wholeNumber('bad quantity', 1, 99);
    expect(quantity.parse(3)).toBe(3);
    expect(quantity.parse('3')).toBe(3);
    for (const bad of [1.5, '1.5', true, [3], { q: 3 }, null, '', ' ', '0x3', '3e0', 'NaN', 0, 100])
      expect(messageOf(quantity, bad), JSON.stringify(bad)).toBe('bad quantity');
  });

  it('reads only plain decimal strings', () => {
    expect(fromDecimalString('42')).toBe(42);
    expect(fromDecimalString('-1.25')).toBe(-1.25);
    for (const kept of ['0x10', '1e3', '', 'Infinity', ' '] as const)
      expect(fromDecimalString(kept)).toBe(kept);
  });
});
