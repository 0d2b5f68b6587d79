/** Shipping is the sum of each line's shippingAtPurchase; subtotal is total minus that. */
export function orderTotals(
  totalAmount: number,
  lineItems: ReadonlyArray<{ shippingAtPurchase?: number | null }>,
): { subtotal: number; shipping: number; total: number } {
  const shipping = lineItems.reduce((sum, item) => sum + (item.shippingAtPurchase ?? 0), 0);
  // Work in cents so the subtraction does not show floating-point dust.
  const cents = (value: number) => Math.round(value * 100);
  return {
    subtotal: (cents(totalAmount) - cents(shipping)) / 100,
    shipping: cents(shipping) / 100,
    total: totalAmount,
  };
}
