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
  /**
   * What other tenders paid of the total (a gift card, store credit): not a discount, the tax is
   * computed before it. 0 today: there are none yet.
   */
  tendersCents: number;
  /**
   * What the payment provider charges: the total less the tenders, never below 0. Payments read
   * this, not the total: the intent's amount, the reconciler's amount check, the refund cap and
   * the tax reversal's "full".
   */
  amountDueCents: number;
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
 * tax; amount due = total - tenders (never below 0); net = total - refunded. Discount, tax and
 * tenders are 0 until they exist; a stored order row fits the input as it is, so its columns come
 * back as the same figures.
 *
 * `tendersCents` is the sum of the order's tenders (a gift card, store credit), stored on the order
 * at checkout (`orders/checkout-tenders.ts`): a stored order row passes it as it is, and everything
 * that charges or refunds through the payment provider reads `amountDueCents`.
 */
export function orderMoney(input: {
  subtotalCents: number;
  shippingCents: number;
  discountCents?: number;
  taxCents?: number;
  tendersCents?: number;
  refundedCents?: number;
}): OrderMoney {
  const {
    subtotalCents,
    shippingCents,
    discountCents = 0,
    taxCents = 0,
    tendersCents = 0,
    refundedCents = 0,
  } = input;
  const totalCents = subtotalCents - discountCents + shippingCents + taxCents;
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    totalCents,
    tendersCents,
    amountDueCents: Math.max(0, totalCents - tendersCents),
    refundedCents,
    netCents: totalCents - refundedCents,
  };
}
