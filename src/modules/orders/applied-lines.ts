import type { z } from 'zod';
import type { appliedPromotionSchema, appliedTaxSchema } from '../../contract';
import type { Order } from './order.model';

// The two lines an order's totals gain from a promotion code and sales tax, as every place that
// draws an order shows them (checkout's answer, the e-mails, the buyer's page, the admin).

export type AppliedPromotion = z.infer<typeof appliedPromotionSchema>;
export type AppliedTax = z.infer<typeof appliedTaxSchema>;

/** A percent rate without trailing zeros: 6.5 -> '6.5', 8.875 -> '8.875', 6 -> '6' (4 decimals at most, as stored). */
export function formatTaxRate(rate: number | string): string {
  return String(Number(Number(rate).toFixed(4)));
}

/** What the tax line says: 'Tax (DC 6.5%)' for our own rates, 'Tax' for Stripe Tax (its rate is its own). */
export function taxLabel(
  provider: Order['taxProvider'],
  state: string | null,
  rate: number | string | null,
): string {
  if (provider === 'stripe' || !state || rate === null) return 'Tax';
  return `Tax (${state} ${formatTaxRate(rate)}%)`;
}

type AppliedLinesInput = Pick<
  Order,
  'promotionCode' | 'promotionSummary' | 'taxCents' | 'taxState' | 'taxRate' | 'taxProvider'
>;

/**
 * The order's promotion (when a code was applied) and its tax line (when tax was charged, or a
 * state was taxed at all, even at 0 %); null when there is none.
 */
export function appliedLines(order: AppliedLinesInput): {
  promotion: AppliedPromotion | null;
  taxLine: AppliedTax | null;
} {
  const promotion = order.promotionCode
    ? { code: order.promotionCode, summary: order.promotionSummary ?? '' }
    : null;
  const taxed = order.taxCents > 0 || !!order.taxState;
  const rate = order.taxProvider !== 'stripe' && order.taxRate != null ? formatTaxRate(order.taxRate) : null;
  const taxLine = taxed
    ? {
        state: order.taxState ?? '',
        rate,
        label: taxLabel(order.taxProvider, order.taxState, rate),
      }
    : null;
  return { promotion, taxLine };
}
