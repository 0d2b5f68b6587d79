import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { testConfig } from '../support/test-config';
import { createStripeClient } from '../../src/modules/orders';
import { createStripeTax, type StripeTax, type StripeTaxLine } from '../../src/modules/tax';

// The Stripe Tax client against the local Stripe double: the real SDK, built as the app builds
// it (createStripeClient with STRIPE_API_BASE), over HTTP. The double's rates: DC 6 % with
// shipping taxed, MD 6 % without, other states not collected (FAKE_TAX_RATES).

let double: FakeStripe;
let sdk: Stripe;
let tax: StripeTax;

beforeAll(async () => {
  double = await startFakeStripe();
  sdk = createStripeClient(testConfig(double.env));
  tax = createStripeTax(sdk);
});
afterAll(async () => {
  await double?.close();
});

// two 8x10 prints at $95 less nothing, one $10.25 print; $20 shipping
const lines: StripeTaxLine[] = [
  { reference: 'line-1', amountCents: 19000, quantity: 2 },
  { reference: 'line-2', amountCents: 1025, quantity: 1 },
];
const SHIPPING = 2000;
const address = (state: string, zip: string) => ({
  line1: '1600 Pennsylvania Ave NW',
  line2: null,
  city: 'Washington',
  state,
  zip,
});

let nextId = 9000;
const orderId = () => ++nextId;

describe('calculate', () => {
  it('taxes goods and shipping in DC and sends what Stripe Tax needs', async () => {
    const calc = await tax.calculate({
      lines,
      shippingCents: SHIPPING,
      address: address('DC', '20500-0005'),
    });
    // 6 %: 19000 -> 1140, 1025 -> 61.5 rounded up to 62, shipping 2000 -> 120
    expect(calc).toMatchObject({ taxCents: 1322, taxableCents: 22025 });
    expect(calc.calculationId).toMatch(/^taxcalc_/);
    const days = (calc.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThanOrEqual(90);

    const stored = double.taxCalculations.get(calc.calculationId)!;
    expect(stored).toMatchObject({
      currency: 'usd',
      amount_total: 19000 + 1025 + SHIPPING + 1322,
      tax_amount_exclusive: 1322,
      tax_amount_inclusive: 0,
      customer_details: {
        address: {
          country: 'US',
          state: 'DC',
          postal_code: '20500',
          line1: '1600 Pennsylvania Ave NW',
          line2: null,
          city: 'Washington',
        },
        address_source: 'shipping',
      },
      shipping_cost: { amount: SHIPPING, amount_tax: 120, tax_behavior: 'exclusive' },
    });
    expect(
      stored.line_items.data.map(({ reference, amount, amount_tax, quantity, tax_behavior, tax_code }) => ({
        reference,
        amount,
        amount_tax,
        quantity,
        tax_behavior,
        tax_code,
      })),
    ).toEqual([
      {
        reference: 'line-1',
        amount: 19000,
        amount_tax: 1140,
        quantity: 2,
        tax_behavior: 'exclusive',
        tax_code: 'txcd_99999999',
      },
      {
        reference: 'line-2',
        amount: 1025,
        amount_tax: 62,
        quantity: 1,
        tax_behavior: 'exclusive',
        tax_code: 'txcd_99999999',
      },
    ]);
    // the line items are there on request, as with Stripe
    const listed = await sdk.tax.calculations.listLineItems(calc.calculationId);
    expect(listed.data.map((l) => [l.reference, l.amount_tax])).toEqual([
      ['line-1', 1140],
      ['line-2', 62],
    ]);
  });

  it('does not tax shipping in Maryland', async () => {
    const calc = await tax.calculate({ lines, shippingCents: SHIPPING, address: address('MD', '21201') });
    expect(calc).toMatchObject({ taxCents: 1140 + 62, taxableCents: 20025 });
    expect(double.taxCalculations.get(calc.calculationId)!.shipping_cost).toMatchObject({ amount_tax: 0 });
  });

  it('collects nothing in a state the shop is not registered in', async () => {
    const calc = await tax.calculate({ lines, shippingCents: SHIPPING, address: address('OR', '97201') });
    expect(calc).toMatchObject({ taxCents: 0, taxableCents: 0 });
    expect(double.taxCalculations.get(calc.calculationId)!.tax_breakdown).toEqual([
      expect.objectContaining({ amount: 0, taxable_amount: 0, taxability_reason: 'not_collecting' }),
    ]);
  });

  it('sends no shipping cost when shipping is free', async () => {
    const calc = await tax.calculate({ lines, shippingCents: 0, address: address('DC', '20001') });
    expect(calc).toMatchObject({ taxCents: 1202, taxableCents: 20025 });
    expect(double.taxCalculations.get(calc.calculationId)!.shipping_cost).toBeNull();
  });

  it('throws what Stripe answers to an address it cannot place', async () => {
    const failed = await tax
      .calculate({ lines, shippingCents: SHIPPING, address: address('DC', 'ABCDE') })
      .catch((e: unknown) => e);
    // the SDK's own error (the app loads its CommonJS build: compared by type, not by class)
    expect(failed).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'customer_tax_location_invalid',
    });
  });
});

async function paidDcOrder() {
  const id = orderId();
  const calc = await tax.calculate({ lines, shippingCents: SHIPPING, address: address('DC', '20001') });
  const { transactionId } = await tax.record({ orderId: id, calculationId: calc.calculationId });
  return { id, calc, transactionId };
}
const TOTAL = 19000 + 1025 + SHIPPING + 1322; // 23347, what the buyer paid

describe('record', () => {
  it('records one tax transaction per order, whatever the retries', async () => {
    const { id, calc, transactionId } = await paidDcOrder();
    expect(transactionId).toMatch(/^tax_/);
    expect(double.taxTransactions.get(transactionId)).toMatchObject({
      object: 'tax.transaction',
      type: 'transaction',
      reference: `order-${id}`,
      metadata: { orderId: String(id) },
      calculation: calc.calculationId,
      reversal: null,
      shipping_cost: { amount: SHIPPING, amount_tax: 120 },
    });

    // a retried job: the same transaction back, nothing more recorded
    const again = await tax.record({ orderId: id, calculationId: calc.calculationId });
    expect(again.transactionId).toBe(transactionId);
    expect([...double.taxTransactions.values()].filter((t) => t.reference === `order-${id}`)).toHaveLength(1);
    expect(
      double.requests.filter((r) => r.idempotencyKey === `tax-transaction-order-${id}`).map((r) => r.path),
    ).toEqual([
      '/v1/tax/transactions/create_from_calculation',
      '/v1/tax/transactions/create_from_calculation',
    ]);
  });

  it('refuses to record an order twice from another calculation', async () => {
    const { id } = await paidDcOrder();
    const other = await tax.calculate({ lines, shippingCents: SHIPPING, address: address('DC', '20001') });
    // same idempotency key, other parameters: Stripe's idempotency error
    await expect(tax.record({ orderId: id, calculationId: other.calculationId })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
    // without the key (after Stripe forgot it): the reference is taken
    await expect(
      sdk.tax.transactions.createFromCalculation({
        calculation: other.calculationId,
        reference: `order-${id}`,
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'reference' });
    expect([...double.taxTransactions.values()].filter((t) => t.reference === `order-${id}`)).toHaveLength(1);
  });

  it('cannot record an expired calculation', async () => {
    const calc = await tax.calculate({ lines, shippingCents: SHIPPING, address: address('DC', '20001') });
    double.expireTaxCalculation(calc.calculationId);
    await expect(tax.record({ orderId: orderId(), calculationId: calc.calculationId })).rejects.toMatchObject(
      {
        statusCode: 400,
        param: 'calculation',
      },
    );
  });
});

describe('reverse', () => {
  it('reverses a partial refund, then the rest in full', async () => {
    const { transactionId } = await paidDcOrder();
    expect(double.taxRemaining(transactionId)).toEqual({ totalCents: TOTAL, taxCents: 1322 });

    // $50 refunded (tax included)
    const partial = await tax.reverse({ transactionId, refundId: 501, amountCents: 5000, full: false });
    expect(partial.reversalId).toMatch(/^tax_/);
    const reversal = double.taxTransactions.get(partial.reversalId)!;
    expect(reversal).toMatchObject({
      type: 'reversal',
      reference: 'refund-501',
      reversal: { original_transaction: transactionId },
      metadata: { refundId: '501' },
    });
    const parts = [...reversal.line_items.data, reversal.shipping_cost!];
    expect(parts.reduce((s, p) => s + p.amount + p.amount_tax, 0)).toBe(-5000);
    // the tax share of $50 at 6 %: 5000 x 1322 / 23347 = 283
    expect(parts.reduce((s, p) => s + p.amount_tax, 0)).toBe(-283);
    expect(double.taxRemaining(transactionId)).toEqual({ totalCents: TOTAL - 5000, taxCents: 1322 - 283 });

    // the same refund's job again: the same reversal, nothing more reversed
    const again = await tax.reverse({ transactionId, refundId: 501, amountCents: 5000, full: false });
    expect(again.reversalId).toBe(partial.reversalId);
    expect(double.taxReversalsOf(transactionId)).toHaveLength(1);

    // the rest, refunded: a full reversal takes back what is left
    const full = await tax.reverse({ transactionId, refundId: 502, amountCents: TOTAL - 5000, full: true });
    expect(double.taxTransactions.get(full.reversalId)).toMatchObject({
      type: 'reversal',
      reference: 'refund-502',
      reversal: { original_transaction: transactionId },
    });
    expect(double.taxRemaining(transactionId)).toEqual({ totalCents: 0, taxCents: 0 });
    expect(double.requests.filter((r) => r.path === '/v1/tax/transactions/create_reversal')).toEqual([
      expect.objectContaining({ idempotencyKey: 'tax-reversal-refund-501' }),
      expect.objectContaining({ idempotencyKey: 'tax-reversal-refund-501' }),
      expect.objectContaining({ idempotencyKey: 'tax-reversal-refund-502' }),
    ]);

    // nothing is left to reverse
    await expect(
      tax.reverse({ transactionId, refundId: 503, amountCents: 100, full: false }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('fully reversed') });
    expect(double.taxReversalsOf(transactionId)).toHaveLength(2);
  });

  it('refuses to reverse more than is left', async () => {
    const { transactionId } = await paidDcOrder();
    await tax.reverse({ transactionId, refundId: 601, amountCents: 20000, full: false });
    const failed = await tax
      .reverse({ transactionId, refundId: 602, amountCents: TOTAL - 20000 + 1, full: false })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'flat_amount',
    });
    expect(double.taxReversalsOf(transactionId).map((r) => r.reference)).toEqual(['refund-601']);
    expect(double.taxRemaining(transactionId).totalCents).toBe(TOTAL - 20000);

    // exactly what is left is fine
    await tax.reverse({ transactionId, refundId: 603, amountCents: TOTAL - 20000, full: false });
    expect(double.taxRemaining(transactionId)).toEqual({ totalCents: 0, taxCents: 0 });
  });

  it('reverses a whole order refunded at once', async () => {
    const { transactionId } = await paidDcOrder();
    const { reversalId } = await tax.reverse({
      transactionId,
      refundId: 701,
      amountCents: TOTAL,
      full: true,
    });
    const reversal = double.taxTransactions.get(reversalId)!;
    expect(reversal.line_items.data.map((l) => [l.amount, l.amount_tax])).toEqual([
      [-19000, -1140],
      [-1025, -62],
    ]);
    expect(reversal.shipping_cost).toMatchObject({ amount: -SHIPPING, amount_tax: -120 });
  });

  it('does not ask Stripe for a partial reversal of nothing', async () => {
    const before = double.requests.length;
    await expect(
      tax.reverse({ transactionId: 'tax_x', refundId: 801, amountCents: 0, full: false }),
    ).rejects.toBeInstanceOf(RangeError);
    expect(double.requests.length).toBe(before);
  });
});
