import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { calculationParams, toCalculation } from './stripe-tax';

// Calculations as Stripe answers them (fields we read); the first is the example of Stripe's API
// reference (https://docs.stripe.com/api/tax/calculations/retrieve): Seattle, one $14.99 line
// taxed at the combined 10.25 %, $3 shipping zero-rated.
const calculation = (over: Partial<Stripe.Tax.Calculation>) =>
  ({
    id: 'taxcalc_1OduxkBUZ691iUZ4iWvpMApI',
    object: 'tax.calculation',
    amount_total: 1953,
    currency: 'usd',
    expires_at: 1706708005,
    tax_amount_exclusive: 154,
    tax_amount_inclusive: 0,
    tax_breakdown: [
      {
        amount: 154,
        inclusive: false,
        tax_rate_details: { country: 'US', percentage_decimal: '10.25', state: 'WA', tax_type: 'sales_tax' },
        taxability_reason: 'standard_rated',
        taxable_amount: 1499,
      },
      {
        amount: 0,
        inclusive: false,
        tax_rate_details: { country: 'DE', percentage_decimal: '0.0', state: null, tax_type: 'vat' },
        taxability_reason: 'zero_rated',
        taxable_amount: 300,
      },
    ],
    ...over,
  }) as unknown as Stripe.Tax.Calculation;

describe('toCalculation', () => {
  it("reads Stripe's example: tax, and taxable = what was taxed above 0 %", () => {
    expect(toCalculation(calculation({}))).toEqual({
      calculationId: 'taxcalc_1OduxkBUZ691iUZ4iWvpMApI',
      taxCents: 154,
      taxableCents: 1499,
      expiresAt: new Date(1706708005 * 1000),
    });
  });

  it('counts no taxable amount where nothing is collected', () => {
    const calc = calculation({
      amount_total: 1799,
      tax_amount_exclusive: 0,
      tax_breakdown: [
        {
          amount: 0,
          inclusive: false,
          tax_rate_details: {
            country: 'US',
            flat_amount: null,
            percentage_decimal: '0.0',
            rate_type: null,
            state: 'OR',
            tax_type: null,
          },
          taxability_reason: 'not_collecting',
          taxable_amount: 0,
        },
      ],
    });
    expect(toCalculation(calc)).toMatchObject({ taxCents: 0, taxableCents: 0 });
  });

  it('never counts more taxable than the goods and shipping', () => {
    const rate = (percentage_decimal: string) =>
      ({ country: 'US', percentage_decimal, state: 'CO', tax_type: 'sales_tax' }) as never;
    const calc = calculation({
      amount_total: 1100,
      tax_amount_exclusive: 100,
      tax_breakdown: [
        {
          amount: 50,
          inclusive: false,
          tax_rate_details: rate('5.0'),
          taxability_reason: 'standard_rated',
          taxable_amount: 1000,
        },
        {
          amount: 50,
          inclusive: false,
          tax_rate_details: rate('5.0'),
          taxability_reason: 'reduced_rated',
          taxable_amount: 1000,
        },
      ],
    });
    expect(toCalculation(calc).taxableCents).toBe(1000);
  });

  it('without a breakdown: all of it taxable when taxed, none when not', () => {
    expect(toCalculation(calculation({ tax_breakdown: [] })).taxableCents).toBe(1953 - 154);
    expect(
      toCalculation(calculation({ tax_breakdown: [], tax_amount_exclusive: 0, amount_total: 1799 }))
        .taxableCents,
    ).toBe(0);
  });

  it('needs an id to record the calculation later', () => {
    expect(() => toCalculation(calculation({ id: null }))).toThrow(/without an id/);
  });

  it('has no expiry when Stripe gives none', () => {
    expect(toCalculation(calculation({ expires_at: null })).expiresAt).toBeNull();
  });
});

describe('calculationParams', () => {
  it('sends the lines tax-exclusive as tangible goods, shipping, and the shipping address', () => {
    expect(
      calculationParams({
        lines: [{ reference: 'line-1', amountCents: 7600, quantity: 2 }],
        shippingCents: 1000,
        address: { line1: ' 1 Main St ', line2: '', city: 'Washington', state: 'dc', zip: '20001-1234' },
      }),
    ).toEqual({
      currency: 'usd',
      line_items: [
        {
          amount: 7600,
          reference: 'line-1',
          quantity: 2,
          tax_behavior: 'exclusive',
          tax_code: 'txcd_99999999',
        },
      ],
      shipping_cost: { amount: 1000, tax_behavior: 'exclusive' },
      customer_details: {
        address: { country: 'US', state: 'DC', postal_code: '20001', line1: '1 Main St', city: 'Washington' },
        address_source: 'shipping',
      },
    });
  });

  it('leaves shipping out when it is free', () => {
    const params = calculationParams({
      lines: [{ reference: 'line-1', amountCents: 100, quantity: 1 }],
      shippingCents: 0,
      address: { state: 'MD', zip: '21201' },
    });
    expect(params.shipping_cost).toBeUndefined();
    expect(params.customer_details?.address).toEqual({ country: 'US', state: 'MD', postal_code: '21201' });
  });
});
