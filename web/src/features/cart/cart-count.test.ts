import { describe, expect, it } from 'vitest';
import type { Cart } from '../../lib/api-types';
import { cartCountLabel, itemCount } from './cart-count';

/** A cart line as the count reads it: only its quantity matters. */
const line = (quantity: number) => ({ quantity }) as Cart['items'][number];

describe('the cart count', () => {
  it('counts the lines, and names the prints when quantities make them more', () => {
    expect(itemCount({ items: [line(1), line(2)] })).toBe(2);
    expect(cartCountLabel({ items: [line(1), line(2)] })).toBe('2 items (3 prints)');
  });

  it('says 1 item, 3 items, and 0 for an empty or unknown cart', () => {
    expect(cartCountLabel({ items: [line(1)] })).toBe('1 item');
    expect(cartCountLabel({ items: [line(1), line(1), line(1)] })).toBe('3 items');
    expect(cartCountLabel({ items: [line(2)] })).toBe('1 item (2 prints)');
    expect(itemCount({ items: [] })).toBe(0);
    expect(itemCount(undefined)).toBe(0);
  });
});
