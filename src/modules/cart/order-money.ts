/**
 * An order's money, in integer cents, computed here and nowhere else: the cart, checkout (which
 * stores it on the order), the e-mails, the CSV, the buyer's page and the admin all read it. It
 * lives in the cart module because the cart is where an order's money is first formed and orders
 * already depends on the cart (the cart can not import orders without an import loop).
 */

/** A priced line: its unit price, quantity and its shipping (charged once per line). */
export type MoneyLine = { priceCents: number; quantity: number; shippingCents: number };

export type OrderMoney = {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  refundedCents: number;
  /** What the shop keeps: the total less what was refunded. */
  netCents: number;
};

/**
 * The lines' sums: subtotal = sum of price x quantity; shipping = sum of each LINE's shipping,
 * charged once per line whatever its quantity ("the sum of each line's shipping"; two copies of
 * one print travel in one tube).
 */
export function lineSums(lines: readonly MoneyLine[]): { subtotalCents: number; shippingCents: number } {
  return {
    subtotalCents: lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0),
    shippingCents: lines.reduce((sum, l) => sum + l.shippingCents, 0),
  };
}

/**
 * The whole money of an order (or a cart) from its sums: total = subtotal - discount + shipping +
 * tax; net = total - refunded. Discount and tax are 0 until they exist; a stored order row fits
 * the input as it is, so its columns come back as the same figures.
 */
export function orderMoney(input: {
  subtotalCents: number;
  shippingCents: number;
  discountCents?: number;
  taxCents?: number;
  refundedCents?: number;
}): OrderMoney {
  const { subtotalCents, shippingCents, discountCents = 0, taxCents = 0, refundedCents = 0 } = input;
  const totalCents = subtotalCents - discountCents + shippingCents + taxCents;
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    totalCents,
    refundedCents,
    netCents: totalCents - refundedCents,
  };
}
