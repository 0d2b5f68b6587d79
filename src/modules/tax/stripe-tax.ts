import type Stripe from 'stripe';

/**
 * Stripe Tax through its tax API (https://docs.stripe.com/api/tax/calculations,
 * https://docs.stripe.com/api/tax/transactions): a calculation for a priced order, a tax
 * transaction recorded from it once the order is paid, reversals on refunds. US prices exclude
 * tax (tax_behavior 'exclusive'), so the tax is what Stripe adds on top. Stripe's errors are
 * thrown as they are; the caller decides what the buyer sees.
 */

export type StripeTaxAddress = {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state: string;
  zip: string;
};
/** amountCents: the line's total after its discount (not the unit price). */
export type StripeTaxLine = { reference: string; amountCents: number; quantity: number };
export type StripeTaxCalculation = {
  calculationId: string;
  taxCents: number;
  /** What tax was computed on: the goods and shipping taxed at a rate above 0 %. */
  taxableCents: number;
  /** After this Stripe refuses to record a transaction from the calculation. */
  expiresAt: Date | null;
};

/** Stripe's tax code "General - Tangible Goods": prints are physical goods. */
export const TANGIBLE_GOODS_TAX_CODE = 'txcd_99999999';

const present = (s: string | null | undefined) => (s ?? '').trim();

/** The shipping address as Stripe Tax reads it (a US address needs at least the 5-digit ZIP). */
export function taxAddress(a: StripeTaxAddress): Stripe.Tax.CalculationCreateParams.CustomerDetails.Address {
  const zip = present(a.zip);
  const address: Stripe.Tax.CalculationCreateParams.CustomerDetails.Address = {
    country: 'US',
    state: present(a.state).toUpperCase(),
    postal_code: /^\d{5}/.exec(zip)?.[0] ?? zip,
  };
  if (present(a.line1)) address.line1 = present(a.line1);
  if (present(a.line2)) address.line2 = present(a.line2);
  if (present(a.city)) address.city = present(a.city);
  return address;
}

/** The body of POST /v1/tax/calculations for an order's lines, shipping and address. */
export function calculationParams(input: {
  lines: StripeTaxLine[];
  shippingCents: number;
  address: StripeTaxAddress;
}): Stripe.Tax.CalculationCreateParams {
  return {
    currency: 'usd',
    line_items: input.lines.map((l) => ({
      amount: l.amountCents,
      reference: l.reference,
      quantity: l.quantity,
      tax_behavior: 'exclusive',
      tax_code: TANGIBLE_GOODS_TAX_CODE,
    })),
    // shipping's tax code: the default one of the account's Tax Settings
    ...(input.shippingCents > 0
      ? { shipping_cost: { amount: input.shippingCents, tax_behavior: 'exclusive' as const } }
      : {}),
    customer_details: { address: taxAddress(input.address), address_source: 'shipping' },
  };
}

/**
 * A calculation in our words. The taxable amount comes from the calculation's own tax_breakdown
 * (always returned; one entry per rate, the rates of all jurisdictions combined, e.g. "10.25" in
 * Seattle): the amounts taxed at a rate above 0 %. Not from the line items' breakdowns: those
 * list each jurisdiction (state, county, city) with the same line amount as taxable, and are only
 * there when expanded.
 */
export function toCalculation(calc: Stripe.Tax.Calculation): StripeTaxCalculation {
  if (!calc.id) throw new Error('Stripe Tax answered a calculation without an id');
  const taxCents = calc.tax_amount_exclusive;
  const netCents = calc.amount_total - taxCents;
  const taxed = calc.tax_breakdown.filter((b) => Number(b.tax_rate_details?.percentage_decimal ?? 0) > 0);
  const taxableCents =
    calc.tax_breakdown.length > 0
      ? Math.min(
          netCents,
          taxed.reduce((sum, b) => sum + b.taxable_amount, 0),
        )
      : taxCents > 0
        ? netCents
        : 0;
  return {
    calculationId: calc.id,
    taxCents,
    taxableCents,
    expiresAt: calc.expires_at ? new Date(calc.expires_at * 1000) : null,
  };
}

export function createStripeTax(stripe: Stripe) {
  return {
    async calculate(input: {
      lines: StripeTaxLine[];
      shippingCents: number;
      address: StripeTaxAddress;
    }): Promise<StripeTaxCalculation> {
      return toCalculation(await stripe.tax.calculations.create(calculationParams(input)));
    },

    /**
     * Once paid: the tax transaction (reference `order-<id>`, unique across the account's
     * transactions). The idempotency key makes a retried job get the same transaction back;
     * Stripe keeps keys 24 hours, after which a second call fails on the reused reference.
     */
    async record(input: { orderId: number; calculationId: string }): Promise<{ transactionId: string }> {
      const tx = await stripe.tax.transactions.createFromCalculation(
        {
          calculation: input.calculationId,
          reference: `order-${input.orderId}`,
          metadata: { orderId: String(input.orderId) },
        },
        { idempotencyKey: `tax-transaction-order-${input.orderId}` },
      );
      return { transactionId: tx.id };
    },

    /**
     * On a refund (reference `refund-<id>`): mode 'full' when the refund is the whole order,
     * otherwise 'partial' with flat_amount = -amountCents, the tax-inclusive amount refunded, which
     * Stripe spreads over the lines and shipping and splits into goods and tax.
     */
    async reverse(input: {
      transactionId: string;
      refundId: number;
      amountCents: number;
      full: boolean;
    }): Promise<{ reversalId: string }> {
      if (!input.full && !(Number.isSafeInteger(input.amountCents) && input.amountCents > 0))
        throw new RangeError(`a partial tax reversal needs a positive amount, not ${input.amountCents}`);
      const reversal = await stripe.tax.transactions.createReversal(
        {
          original_transaction: input.transactionId,
          reference: `refund-${input.refundId}`,
          metadata: { refundId: String(input.refundId) },
          ...(input.full ? { mode: 'full' } : { mode: 'partial', flat_amount: -input.amountCents }),
        },
        { idempotencyKey: `tax-reversal-refund-${input.refundId}` },
      );
      return { reversalId: reversal.id };
    },
  };
}

export type StripeTax = ReturnType<typeof createStripeTax>;
