import { describe, expect, it } from 'vitest';
import { formatRate, taxableCents, taxOn } from './tax-rules';

describe('tax rules', () => {
  it('taxes the discounted prints, and shipping only where the state taxes it', () => {
    expect(taxableCents({ shippingTaxed: true }, 3600, 800)).toBe(4400);
    expect(taxableCents({ shippingTaxed: false }, 3600, 800)).toBe(3600);
    // free shipping: nothing of the shipping is left to tax
    expect(taxableCents({ shippingTaxed: true }, 3600, 0)).toBe(3600);
  });

  it('rounds the tax to the cent, half up, without float drift', () => {
    expect(taxOn(4400, 6.5)).toBe(286); // 2.86
    expect(taxOn(1000, 8.875)).toBe(89); // 0.8875 -> 0.89
    expect(taxOn(100, 6.5)).toBe(7); // 0.065 -> 0.07 (half up)
    expect(taxOn(1, 6)).toBe(0);
    expect(taxOn(0, 6.5)).toBe(0);
    expect(taxOn(2_000_000_000, 99.9999)).toBe(1_999_998_000);
  });

  it('shows a rate without trailing zeros', () => {
    expect(formatRate(6.5)).toBe('6.5');
    expect(formatRate(6)).toBe('6');
    expect(formatRate(8.875)).toBe('8.875');
  });
});
