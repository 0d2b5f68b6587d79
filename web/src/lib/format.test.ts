import { describe, expect, it } from 'vitest';
import { formatPrice, joinParts } from './format';

describe('formatPrice', () => {
  it('formats dollars in en-US with two decimals', () => {
    expect(formatPrice(95)).toBe('$95.00');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(0.01)).toBe('$0.01');
  });

  it('matches Intl.NumberFormat for any amount, negative ones with a true minus sign', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const amount of [0, 0.005, 0.1, 9.99, 19.999, 1000, 12345.67, 1234567.891, -5, -1234.5])
      expect(formatPrice(amount)).toBe(usd.format(amount).replace('-', '\u2212'));
  });

  it('shows $0.00 for values that are not numbers', () => {
    expect(formatPrice(Number.NaN)).toBe('$0.00');
  });
});

describe('joinParts', () => {
  it('skips empty parts', () => {
    expect(joinParts('Great Falls, VA', null, ' 2023 ')).toBe('Great Falls, VA · 2023');
    expect(joinParts(null, undefined, '')).toBe('');
  });
});
