import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { id, wholeNumber } from './input-rules';
import { findNul, parseId } from './validate';

const status = (fn: () => unknown) => {
  try {
    fn();
    return 200;
  } catch (err) {
    return (err as AppError).status;
  }
};

describe('input rules', () => {
  it('path ids: 400 when not a number, 404 beyond the integer range', () => {
    expect(parseId('2147483647')).toBe(2147483647);
    expect(status(() => parseId('2147483648'))).toBe(404);
    expect(status(() => parseId('9'.repeat(40)))).toBe(404);
    for (const bad of ['0', '-1', '1.5', 'abc', '', '1e3'])
      expect(
        status(() => parseId(bad)),
        bad,
      ).toBe(400);
  });

  it('body ids: whole numbers in 1..2^31-1 or their numeric strings, nothing coerced', () => {
    const schema = id('Photo');
    expect(schema.parse(7)).toBe(7);
    expect(schema.parse('7')).toBe(7);
    for (const bad of [true, [7], { v: 7 }, null, '', 0, 2147483648, 1.5, '7a'])
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(z.object({ q: wholeNumber('bad', 1, 99) }).safeParse({ q: true }).success).toBe(false);
  });

  it('finds a NUL in any string or key, nested', () => {
    expect(findNul({ a: 'ok', b: [{ c: 'x\u0000' }] })).toBe('b.0.c');
    expect(findNul({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findNul('\u0000')).toBe('body');
    expect(findNul({ a: 'fine', n: 1, t: true, z: null })).toBeNull();
  });
});
