import { describe, expect, it } from 'vitest';
import { orderTotals } from './order-totals';

describe('orderTotals', () => {
  it('sums shipping over the lines and takes it off the total', () => {
    expect(orderTotals(255.1, [{ shippingAtPurchase: 10.05 }, { shippingAtPurchase: 15 }])).toEqual({
      subtotal: 230.05,
      shipping: 25.05,
      total: 255.1,
    });
  });

  it('treats missing shipping as zero', () => {
    expect(orderTotals(95, [{}, { shippingAtPurchase: null }])).toEqual({
      subtotal: 95,
      shipping: 0,
      total: 95,
    });
  });
});
