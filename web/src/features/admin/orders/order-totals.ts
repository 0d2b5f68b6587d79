import { toCents } from '../../../lib/format';

/** Shipping is the sum of each line's shippingAtPurchase; subtotal is total minus that. */
export function orderTotals(
  totalAmount: number,
  lineItems: ReadonlyArray<{ shippingAtPurchase?: number | null }>,
): { subtotal: number; shipping: number; total: number } {
  const shipping = lineItems.reduce((sum, item) => sum + (item.shippingAtPurchase ?? 0), 0);
  // Work in cents so the subtraction does not show floating-point dust.
  return {
    subtotal: (toCents(totalAmount) - toCents(shipping)) / 100,
    shipping: toCents(shipping) / 100,
    total: totalAmount,
  };
}
