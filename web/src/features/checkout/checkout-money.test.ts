import { describe, expect, it } from 'vitest';
import type { CheckoutQuote } from '../../lib/api-types';
import { draftSummaryMoney, orderSummaryMoney, TAX_NOTES } from './checkout-money';
import { quoteBody } from './use-checkout-quote';

const cart = { subtotal: 40, shipping: 8, total: 48 };
const marsh = { code: 'MARSH20', summary: '20% off' };
/** 20% off $40 = $8; tax 6.5% of ($32 + $8 shipping) = $2.60. */
const dcQuote: CheckoutQuote = {
  subtotal: 40,
  discount: 8,
  shipping: 8,
  tax: 2.6,
  total: 42.6,
  promotion: marsh,
  taxLine: { state: 'DC', rate: '6.5', label: 'Tax (DC 6.5%)' },
  taxCollected: true,
  giftCards: [],
  amountDue: 42.6,
};
const codeOnly: CheckoutQuote = { ...dcQuote, tax: 0, total: 40, taxLine: null };
const draft = (over: Partial<Parameters<typeof draftSummaryMoney>[0]>) =>
  draftSummaryMoney({
    cart,
    quote: null,
    quoteState: '',
    status: 'idle',
    code: null,
    state: '',
    zip: '',
    ...over,
  });

describe('the checkout summary figures', () => {
  it("without a code or a state: the cart's figures, tax from the address", () => {
    expect(draft({})).toMatchObject({
      subtotal: 40,
      discount: 0,
      promotion: null,
      shipping: 8,
      tax: null,
      taxNote: TAX_NOTES.noAddress,
      total: 48,
      checkoutTotal: 48,
      busy: false,
    });
  });

  it('a code without a state: the discount, still no tax', () => {
    const money = draft({ quote: codeOnly, status: 'ready', code: 'MARSH20' });
    expect(money).toMatchObject({ discount: 8, promotion: marsh, tax: null, total: 40, checkoutTotal: 40 });
    expect(money.taxNote).toBe(TAX_NOTES.noAddress);
  });

  it("a code and a DC address: the server's tax line and total", () => {
    const money = draft({
      quote: dcQuote,
      quoteState: 'DC',
      status: 'ready',
      code: 'MARSH20',
      state: 'DC',
      zip: '20001',
    });
    expect(money).toMatchObject({ discount: 8, tax: 2.6, taxLabel: 'Tax (DC 6.5%)', total: 42.6 });
    expect(money.checkoutTotal).toBe(42.6);
  });

  it('a state without tax shows $0.00 once the ZIP is complete (Stripe Tax needs it)', () => {
    const noTax: CheckoutQuote = { ...codeOnly, promotion: null, discount: 0, total: 48 };
    const base = { quote: noTax, quoteState: 'MD', status: 'ready' as const, state: 'MD' };
    expect(draft({ ...base, zip: '209' })).toMatchObject({
      tax: null,
      taxNote: TAX_NOTES.noAddress,
      total: 48,
    });
    expect(draft({ ...base, zip: '20904' })).toMatchObject({ tax: 0, taxLabel: 'Tax', total: 48 });
  });

  it('while asking again for the same state: the last tax, dimmed; the pre-tax total is sent', () => {
    const money = draft({
      quote: dcQuote,
      quoteState: 'DC',
      status: 'pending',
      code: 'MARSH20',
      state: 'DC',
      zip: '20002',
    });
    expect(money).toMatchObject({ busy: true, tax: 2.6, total: 42.6, checkoutTotal: 40 });
  });

  it('a removed code shows no discount at once; another state waits for its tax', () => {
    const money = draft({ quote: dcQuote, quoteState: 'DC', status: 'pending', code: null, state: 'VA' });
    expect(money).toMatchObject({ discount: 0, promotion: null, tax: null, taxNote: TAX_NOTES.calculating });
    expect(money.total).toBe(48);
  });

  it('a quote that failed (503, offline) leaves the tax to the next step: the total before tax', () => {
    const money = draft({
      quote: dcQuote,
      quoteState: 'DC',
      status: 'unavailable',
      code: 'MARSH20',
      state: 'DC',
    });
    expect(money).toMatchObject({ discount: 8, tax: null, taxNote: TAX_NOTES.unavailable, total: 40 });
    expect(money.checkoutTotal).toBe(40);
  });

  it('rounds to the cent', () => {
    const money = draft({
      cart: { subtotal: 0.1, shipping: 0.2, total: 0.3 },
      quote: { ...codeOnly, discount: 0.01, promotion: marsh },
      status: 'unavailable',
      code: 'MARSH20',
      state: 'DC',
    });
    expect(money.total).toBe(0.29);
  });

  it("a placed order shows the checkout's answer as it is", () => {
    expect(orderSummaryMoney({ ...dcQuote })).toMatchObject({
      discount: 8,
      tax: 2.6,
      taxShown: true,
      taxLabel: 'Tax (DC 6.5%)',
      total: 42.6,
      checkoutTotal: 42.6,
    });
  });

  it('a shop that collects no tax shows no tax line, before an address and after', () => {
    const none = { taxCollected: false };
    const untaxed: CheckoutQuote = { ...codeOnly, taxCollected: false };
    expect(draft({ ...none })).toMatchObject({ taxShown: false, tax: 0, total: 48, checkoutTotal: 48 });
    expect(
      draft({
        ...none,
        quote: untaxed,
        quoteState: 'DC',
        status: 'ready',
        code: 'MARSH20',
        state: 'DC',
        zip: '20001',
      }),
    ).toMatchObject({ taxShown: false, discount: 8, total: 40, checkoutTotal: 40 });
    // asking again (another state): still no tax line, the total without tax
    expect(
      draft({ ...none, quote: untaxed, quoteState: 'DC', status: 'pending', code: 'MARSH20', state: 'VA' }),
    ).toMatchObject({ taxShown: false, busy: true, total: 40, checkoutTotal: 40 });
    // not known yet (no answer): shown as before
    expect(draft({ taxCollected: null })).toMatchObject({ taxShown: true, taxNote: TAX_NOTES.noAddress });
  });

  it('a placed order without tax in a shop that collects none shows no tax line', () => {
    expect(orderSummaryMoney({ ...codeOnly, taxCollected: false })).toMatchObject({
      taxShown: false,
      total: 40,
    });
    // in a shop that collects tax (or an older stored answer): $0.00 for an untaxed state
    expect(orderSummaryMoney({ ...codeOnly, taxCollected: true })).toMatchObject({ taxShown: true, tax: 0 });
    const { taxCollected: _, ...older } = codeOnly;
    expect(orderSummaryMoney(older)).toMatchObject({ taxShown: true });
  });
});

describe('the quote request', () => {
  it('sends the code, a complete e-mail, the state and a complete ZIP only', () => {
    expect(quoteBody({ code: 'MARSH20', email: 'ada@', state: '', zip: '' })).toEqual({
      promotionCode: 'MARSH20',
    });
    expect(quoteBody({ code: null, email: ' ada@example.com ', state: 'DC', zip: '2000' })).toEqual({
      customerEmail: 'ada@example.com',
      address: { state: 'DC' },
    });
    expect(quoteBody({ code: null, email: '', state: 'DC', zip: '20001-1234' })).toEqual({
      address: { state: 'DC', zip: '20001-1234' },
    });
  });
});
