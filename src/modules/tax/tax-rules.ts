/** A state's sales tax as the owner set it: a percentage (up to 4 decimals) and whether shipping is taxed. */
export type TaxRule = { state: string; rate: number; shippingTaxed: boolean };

/**
 * What is taxed: the prints after their discount, and the shipping after its discount where the
 * state taxes shipping. Never negative.
 */
export function taxableCents(
  rule: Pick<TaxRule, 'shippingTaxed'>,
  goodsCents: number,
  shippingCents: number,
): number {
  return Math.max(0, goodsCents) + (rule.shippingTaxed ? Math.max(0, shippingCents) : 0);
}

/**
 * Tax on `taxable` cents at `rate` percent, rounded to the cent half up. Exact integer arithmetic:
 * the rate in ten-thousandths of a percent (6.5 -> 65000), so 0.1 + 0.2 style errors never move a cent.
 */
export function taxOn(taxable: number, rate: number): number {
  const rateMillionths = Math.round(rate * 10_000); // percent x 10^4 = fraction x 10^6
  return Math.floor((taxable * rateMillionths + 500_000) / 1_000_000);
}

/** A rate as the owner reads it: 6.5 -> '6.5', 6 -> '6', 8.875 -> '8.875'. */
export const formatRate = (rate: number) => String(Number(rate.toFixed(4)));
