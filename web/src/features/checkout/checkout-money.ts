import type { Cart, CheckoutQuote } from '../../lib/api-types';
import type { GiftCardQuote } from './gift-card-types';

/**
 * The order's figures as the server gave them: a quote, or the checkout's answer (dollars);
 * `taxCollected` is missing from a session an older app stored.
 */
export type CheckoutMoney = Pick<
  CheckoutQuote,
  'subtotal' | 'discount' | 'shipping' | 'tax' | 'total' | 'promotion' | 'taxLine'
> &
  Partial<Pick<CheckoutQuote, 'taxCollected'>> &
  /** the gift cards the placed order applied (issue 47) */
  Partial<Pick<GiftCardQuote, 'giftCards' | 'amountDue'>>;

/** Where the summary's quote stands for what the buyer has entered now. */
export type QuoteStatus =
  /** no code and no state: nothing to ask, the cart's figures are the summary's */
  | 'idle'
  /** asked (or about to be): the last answer, if any, is shown dimmed */
  | 'pending'
  /** the answer is for what is entered now */
  | 'ready'
  /** the server could not answer (503, offline): tax is left to the checkout's answer */
  | 'unavailable';

export const TAX_NOTES = {
  noAddress: 'Calculated from your address',
  unavailable: 'Calculated at the next step',
  calculating: 'Calculating...',
} as const;

/** The 'Order Summary' block's figures. */
export type SummaryMoney = {
  subtotal: number;
  /** 0 without a code (then `promotion` is null). */
  discount: number;
  promotion: CheckoutMoney['promotion'];
  shipping: number;
  /** null while the tax is not known: `taxNote` says why. */
  tax: number | null;
  /** The tax line is shown: not when the shop collects no tax (or the placed order was not taxed there). */
  taxShown: boolean;
  taxLabel: string;
  taxNote: string | null;
  total: number;
  /** The figures are being asked again: shown dimmed. */
  busy: boolean;
  /**
   * What the details form sends as `totalAmount`: the total shown when it is the server's answer for
   * what is entered now, else the total before tax (which the server also accepts).
   */
  checkoutTotal: number;
};

const ZIP = /^\d{5}(-\d{4})?$/;
const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (c: number) => c / 100;

/** The figures of a placed order (the payment step): exactly the server's answer. */
export function orderSummaryMoney(order: CheckoutMoney): SummaryMoney {
  return {
    subtotal: order.subtotal,
    discount: order.discount,
    promotion: order.promotion,
    shipping: order.shipping,
    tax: order.tax,
    taxShown: order.taxLine !== null || order.tax > 0 || order.taxCollected !== false,
    taxLabel: order.taxLine?.label ?? 'Tax',
    taxNote: null,
    total: order.total,
    busy: false,
    checkoutTotal: order.total,
  };
}

/**
 * The summary before the order is placed, from the cart and the last quote the server answered.
 * `code` is the applied promotion code, `state` the address's state ('' before one is chosen);
 * `quoteState` is the state the last quote was asked for. A shop that collects no tax at all
 * (`taxCollected` false) shows no tax line; until the server has said (null), it is shown.
 */
export function draftSummaryMoney({
  cart,
  quote,
  quoteState,
  status,
  code,
  state,
  zip,
  taxCollected = null,
}: {
  cart: Pick<Cart, 'subtotal' | 'shipping' | 'total'>;
  quote: CheckoutQuote | null;
  quoteState: string;
  status: QuoteStatus;
  code: string | null;
  state: string;
  /** The ZIP as typed: Stripe Tax needs it (before it, a state answers no tax line). */
  zip: string;
  taxCollected?: boolean | null;
}): SummaryMoney {
  const promotion = code && quote?.promotion?.code === code ? quote.promotion : null;
  const discount = promotion && quote ? quote.discount : 0;
  const preTaxCents = cents(cart.subtotal) - cents(discount) + cents(cart.shipping);
  const base = {
    subtotal: cart.subtotal,
    discount,
    promotion,
    shipping: cart.shipping,
    busy: status === 'pending',
  };
  const untaxed = (taxNote: string): SummaryMoney => ({
    ...base,
    tax: null,
    taxShown: true,
    taxLabel: 'Tax',
    taxNote,
    total: dollars(preTaxCents),
    checkoutTotal: dollars(preTaxCents),
  });

  if (taxCollected === false) {
    // no tax anywhere: the total is the prints less the discount, plus shipping
    const total = status === 'ready' && quote ? quote.total : dollars(preTaxCents);
    return { ...base, tax: 0, taxShown: false, taxLabel: 'Tax', taxNote: null, total, checkoutTotal: total };
  }

  if (!state) {
    // no tax before a state is chosen; the quote (if any) is only for the code
    const total = status === 'ready' && quote ? quote.total : dollars(preTaxCents);
    return { ...untaxed(TAX_NOTES.noAddress), total, checkoutTotal: total };
  }
  if (status === 'unavailable') return untaxed(TAX_NOTES.unavailable);
  // no tax line and no complete ZIP yet: Stripe Tax waits for the ZIP (our rates answer by state)
  const waitsForZip = (q: CheckoutQuote) => !q.taxLine && q.tax === 0 && !ZIP.test(zip.trim());
  if (status === 'ready' && quote) {
    if (waitsForZip(quote))
      return { ...untaxed(TAX_NOTES.noAddress), total: quote.total, checkoutTotal: quote.total };
    return {
      ...base,
      subtotal: quote.subtotal,
      shipping: quote.shipping,
      tax: quote.tax,
      taxShown: true,
      taxLabel: quote.taxLine?.label ?? 'Tax',
      taxNote: null,
      total: quote.total,
      checkoutTotal: quote.total,
    };
  }
  // asking again: the last answer's tax while it was for this state, dimmed
  if (quote && quoteState === state && !waitsForZip(quote)) {
    return {
      ...base,
      tax: quote.tax,
      taxShown: true,
      taxLabel: quote.taxLine?.label ?? 'Tax',
      taxNote: null,
      total: dollars(preTaxCents + cents(quote.tax)),
      checkoutTotal: dollars(preTaxCents),
    };
  }
  return untaxed(TAX_NOTES.calculating);
}
