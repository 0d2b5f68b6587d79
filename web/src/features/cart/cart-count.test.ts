import { describe, expect, it } from 'vitest';
import type { Cart } from '../../lib/api-types';
import { printCount, printsLabel } from './cart-count';

/** A cart line as the count reads it: only its quantity matters. */
const line = (quantity: number) => ({ quantity }) as Cart['items'][number];

describe('the cart count', () => {
  it('counts prints: two lines, once and twice, are 3 prints', () => {
    expect(printCount({ items: [line(1), line(2)] })).toBe(3);
    expect(printsLabel(printCount({ items: [line(1), line(2)] }))).toBe('3 prints');
  });

  it('says 1 print, and 0 for an empty or unknown cart', () => {
    expect(printsLabel(printCount({ items: [line(1)] }))).toBe('1 print');
    expect(printCount({ items: [] })).toBe(0);
    expect(printCount(undefined)).toBe(0);
  });
});
