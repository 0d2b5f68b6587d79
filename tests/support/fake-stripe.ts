import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string; message: string; type: string } | null;
  cancellation_reason?: string | null;
  livemode: false;
  created: number;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
};

export const FAKE_STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_test',
};

const rand = (n = 12) => randomBytes(n).toString('hex');

// Stripe's form encoding: metadata[orderId]=7&automatic_payment_methods[enabled]=true
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const m = /^([^[]+)\[([^\]]+)\]$/.exec(key);
    if (m) out[m[1]] = { ...((out[m[1]] as Record<string, string>) ?? {}), [m[2]]: value };
    else out[key] = value;
  }
  return out;
}

// ---- Stripe Tax (https://docs.stripe.com/api/tax/calculations, /api/tax/transactions) ----------

/** Stripe's full form encoding: line_items[0][amount]=1000&customer_details[address][state]=DC. */
type Form = { [key: string]: FormValue };
type FormValue = string | Form | FormValue[];

function parseDeepForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split('[').map((part, i) => (i === 0 ? part : part.replace(/\]$/, '')));
    if (path.includes('__proto__')) continue;
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (typeof node[part] === 'object' ? node[part] : (node[part] = {})) as Form;
    });
  }
  // objects keyed 0, 1, 2... are arrays
  const arrays = (v: FormValue): FormValue => {
    if (typeof v === 'string' || Array.isArray(v)) return v;
    const keys = Object.keys(v);
    const out = Object.fromEntries(keys.map((k) => [k, arrays(v[k])]));
    return keys.length > 0 && keys.every((k) => /^\d+$/.test(k))
      ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => out[k])
      : out;
  };
  return arrays(root) as Form;
}
const formObject = (v: FormValue | undefined): Form =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {};
const formList = (v: FormValue | undefined): FormValue[] => (Array.isArray(v) ? v : []);
const formString = (v: FormValue | undefined): string | null => (typeof v === 'string' ? v : null);
const formStrings = (v: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(formObject(v)).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
/** Stripe's expand[], in a form body or a query string. */
const expandsOf = (form: Form) => formList(form.expand).filter((e): e is string => typeof e === 'string');

/**
 * The double's tax table, in place of Stripe's rules: the states the shop is "registered" in, the
 * combined rate in percent and whether shipping is taxed. DC 6 % with delivery taxed, MD 6 %
 * without; every other state 0 % ('not_collecting'). DC is 6 % here, not the 6.5 % preset of our
 * own rates, so a test can tell which computed the tax. Tax is per line (and on shipping),
 * rounded half up to the cent.
 */
export const FAKE_TAX_RATES: Readonly<
  Record<string, { percent: number; shippingTaxed: boolean; name: string }>
> = {
  DC: { percent: 6, shippingTaxed: true, name: 'District of Columbia' },
  MD: { percent: 6, shippingTaxed: false, name: 'Maryland' },
};
/** Stripe: calculations can be recorded as transactions for 90 days. */
const TAX_CALCULATION_LIFETIME_S = 90 * 86400;
const SHIPPING_TAX_CODE = 'txcd_92010001';

type TaxRateDetails = {
  country: string | null;
  flat_amount: null;
  percentage_decimal: string;
  rate_type: 'percentage' | null;
  state: string | null;
  tax_type: 'sales_tax' | null;
};
type JurisdictionBreakdown = {
  amount: number;
  jurisdiction: { country: string; display_name: string; level: 'state'; state: string };
  sourcing: 'destination';
  tax_rate_details: { display_name: string; percentage_decimal: string; tax_type: 'sales_tax' } | null;
  taxability_reason: 'standard_rated' | 'not_collecting' | 'not_subject_to_tax';
  taxable_amount: number;
};
export type FakeTaxCalculationLine = {
  id: string;
  object: 'tax.calculation_line_item';
  amount: number;
  amount_tax: number;
  livemode: false;
  metadata: Record<string, string> | null;
  performance_location: null;
  product: null;
  quantity: number;
  reference: string;
  tax_behavior: string;
  tax_breakdown: JurisdictionBreakdown[];
  tax_code: string;
};
type TaxCustomerDetails = {
  address: {
    city: string | null;
    country: string;
    line1: string | null;
    line2: string | null;
    postal_code: string | null;
    state: string | null;
  };
  address_source: string | null;
  ip_address: null;
  tax_ids: [];
  taxability_override: 'none';
};
/** A Tax Calculation as Stripe answers it, with everything expandable filled in (see renderCalculation). */
export type FakeTaxCalculation = {
  id: string;
  object: 'tax.calculation';
  amount_total: number;
  currency: string;
  customer: null;
  customer_details: TaxCustomerDetails;
  expires_at: number;
  line_items: {
    object: 'list';
    data: FakeTaxCalculationLine[];
    has_more: false;
    total_count: number;
    url: string;
  };
  livemode: false;
  ship_from_details: null;
  shipping_cost: {
    amount: number;
    amount_tax: number;
    tax_behavior: string;
    tax_breakdown: JurisdictionBreakdown[];
    tax_code: string;
  } | null;
  tax_amount_exclusive: number;
  tax_amount_inclusive: 0;
  tax_breakdown: {
    amount: number;
    inclusive: false;
    tax_rate_details: TaxRateDetails;
    taxability_reason: JurisdictionBreakdown['taxability_reason'];
    taxable_amount: number;
  }[];
  tax_date: number;
};
export type FakeTaxTransactionLine = {
  id: string;
  object: 'tax.transaction_line_item';
  amount: number;
  amount_tax: number;
  livemode: false;
  metadata: Record<string, string> | null;
  product: null;
  quantity: number;
  reference: string;
  reversal: { original_line_item: string } | null;
  tax_behavior: string;
  tax_code: string;
  type: 'transaction' | 'reversal';
};
/** A Tax Transaction (type 'transaction') or reversal (type 'reversal'; amounts negative). */
export type FakeTaxTransaction = {
  id: string;
  object: 'tax.transaction';
  created: number;
  currency: string;
  customer: null;
  customer_details: TaxCustomerDetails;
  line_items: {
    object: 'list';
    data: FakeTaxTransactionLine[];
    has_more: false;
    total_count: number;
    url: string;
  };
  livemode: false;
  metadata: Record<string, string>;
  posted_at: number;
  reference: string;
  reversal: { original_transaction: string } | null;
  ship_from_details: null;
  shipping_cost: { amount: number; amount_tax: number; tax_behavior: string; tax_code: string } | null;
  tax_date: number;
  type: 'transaction' | 'reversal';
  /** Not Stripe's: the calculation a transaction was made from (null for a reversal). */
  calculation: string | null;
};

type TaxAnswer = [status: number, body: unknown];
const taxError = (message: string, extra: Record<string, string> = {}): TaxAnswer => [
  400,
  { error: { type: 'invalid_request_error', message, ...extra } },
];
const taxMissing = (what: string, id: string, param: string): TaxAnswer => [
  404,
  {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${what}: '${id}'`,
      param,
    },
  },
];
const now = () => Math.floor(Date.now() / 1000);
/** percent of cents, rounded half up (integer arithmetic, rates with up to 4 decimals) */
const percentOf = (cents: number, percent: number) =>
  Math.floor((cents * Math.round(percent * 10000) + 500_000) / 1_000_000);
const percentText = (percent: number) => (Number.isInteger(percent) ? percent.toFixed(1) : String(percent));
const list = <T>(data: T[], url: string) => ({
  object: 'list' as const,
  data,
  has_more: false as const,
  total_count: data.length,
  url,
});

function createTaxDouble() {
  const rates = new Map(Object.entries(FAKE_TAX_RATES));
  const calculations = new Map<string, FakeTaxCalculation>();
  const transactions = new Map<string, FakeTaxTransaction>();
  const byReference = new Map<string, FakeTaxTransaction>();

  function jurisdiction(state: string, cents: number, taxed: boolean): JurisdictionBreakdown {
    const rate = rates.get(state);
    const base = { country: 'US', display_name: rate?.name ?? state, level: 'state' as const, state };
    if (!rate)
      return {
        amount: 0,
        jurisdiction: base,
        sourcing: 'destination' as const,
        tax_rate_details: null,
        taxability_reason: 'not_collecting' as const,
        taxable_amount: 0,
      };
    if (!taxed)
      return {
        amount: 0,
        jurisdiction: base,
        sourcing: 'destination' as const,
        tax_rate_details: null,
        taxability_reason: 'not_subject_to_tax' as const,
        taxable_amount: 0,
      };
    return {
      amount: percentOf(cents, rate.percent),
      jurisdiction: base,
      sourcing: 'destination' as const,
      tax_rate_details: {
        display_name: 'Sales Tax',
        percentage_decimal: percentText(rate.percent),
        tax_type: 'sales_tax' as const,
      },
      taxability_reason: 'standard_rated' as const,
      taxable_amount: cents,
    };
  }

  function createCalculation(form: Form): TaxAnswer {
    const currency = formString(form.currency);
    if (!currency) return taxError('Missing required param: currency.', { param: 'currency' });
    const lines = formList(form.line_items).map(formObject);
    if (lines.length === 0) return taxError('Missing required param: line_items.', { param: 'line_items' });
    const references = new Set<string>();
    for (const [i, line] of lines.entries()) {
      const amount = Number(formString(line.amount));
      if (!Number.isSafeInteger(amount) || amount < 0)
        return taxError('Invalid non-negative integer', { param: `line_items[${i}][amount]` });
      const reference = formString(line.reference) ?? `line_${i}`;
      if (references.has(reference))
        return taxError('Line item references must be unique.', { param: `line_items[${i}][reference]` });
      references.add(reference);
    }
    const details = formObject(form.customer_details);
    const address = formObject(details.address);
    const state = (formString(address.state) ?? '').toUpperCase();
    const postalCode = formString(address.postal_code);
    // Stripe needs a 5-digit ZIP for a US address; the double also needs the state, which
    // Stripe would find from the ZIP.
    if (
      formString(address.country) !== 'US' ||
      !postalCode ||
      !/^\d{5}(-?\d{4})?$/.test(postalCode) ||
      !state
    )
      return taxError(
        'We could not determine the customer’s tax location based on the provided customer address.',
        {
          code: 'customer_tax_location_invalid',
          param: 'customer_details[address]',
        },
      );
    const shipping = form.shipping_cost ? formObject(form.shipping_cost) : null;
    const shippingAmount = shipping ? Number(formString(shipping.amount) ?? 0) : 0;
    if (!Number.isSafeInteger(shippingAmount) || shippingAmount < 0)
      return taxError('Invalid non-negative integer', { param: 'shipping_cost[amount]' });

    const id = `taxcalc_${rand()}`;
    const rate = rates.get(state);
    const calcLines: FakeTaxCalculationLine[] = lines.map((line, i) => {
      const amount = Number(formString(line.amount));
      const breakdown = jurisdiction(state, amount, true);
      return {
        id: `tax_li_${rand(7)}`,
        object: 'tax.calculation_line_item',
        amount,
        amount_tax: breakdown.amount,
        livemode: false,
        metadata: line.metadata ? formStrings(line.metadata) : null,
        performance_location: null,
        product: null,
        quantity: Number(formString(line.quantity) ?? 1),
        reference: formString(line.reference) ?? `line_${i}`,
        tax_behavior: formString(line.tax_behavior) ?? 'exclusive',
        tax_breakdown: [breakdown],
        tax_code: formString(line.tax_code) ?? 'txcd_10000000',
      };
    });
    const shippingBreakdown = shipping ? jurisdiction(state, shippingAmount, !!rate?.shippingTaxed) : null;
    const linesTax = calcLines.reduce((s, l) => s + l.amount_tax, 0);
    const linesAmount = calcLines.reduce((s, l) => s + l.amount, 0);
    const shippingTax = shippingBreakdown?.amount ?? 0;
    const tax = linesTax + shippingTax;
    const rateDetails = (percent: number, taxed: boolean): TaxRateDetails => ({
      country: 'US',
      flat_amount: null,
      percentage_decimal: percentText(percent),
      rate_type: taxed ? 'percentage' : null,
      state,
      tax_type: taxed ? 'sales_tax' : null,
    });
    // one entry per rate, as Stripe groups them: what is taxed, and what is not (and why)
    const breakdown: FakeTaxCalculation['tax_breakdown'] = [];
    if (!rate)
      breakdown.push({
        amount: 0,
        inclusive: false,
        tax_rate_details: rateDetails(0, false),
        taxability_reason: 'not_collecting',
        taxable_amount: 0,
      });
    else {
      const shippingTaxed = !!shipping && rate.shippingTaxed;
      breakdown.push({
        amount: tax,
        inclusive: false,
        tax_rate_details: rateDetails(rate.percent, true),
        taxability_reason: 'standard_rated',
        taxable_amount: linesAmount + (shippingTaxed ? shippingAmount : 0),
      });
      if (shipping && !rate.shippingTaxed)
        breakdown.push({
          amount: 0,
          inclusive: false,
          tax_rate_details: rateDetails(0, false),
          taxability_reason: 'not_subject_to_tax',
          taxable_amount: 0,
        });
    }
    const calc: FakeTaxCalculation = {
      id,
      object: 'tax.calculation',
      amount_total: linesAmount + shippingAmount + tax,
      currency,
      customer: null,
      customer_details: {
        address: {
          city: formString(address.city),
          country: 'US',
          line1: formString(address.line1),
          line2: formString(address.line2),
          postal_code: postalCode,
          state,
        },
        address_source: formString(details.address_source),
        ip_address: null,
        tax_ids: [],
        taxability_override: 'none',
      },
      expires_at: now() + TAX_CALCULATION_LIFETIME_S,
      line_items: list(calcLines, `/v1/tax/calculations/${id}/line_items`),
      livemode: false,
      ship_from_details: null,
      shipping_cost: shipping
        ? {
            amount: shippingAmount,
            amount_tax: shippingTax,
            tax_behavior: formString(shipping.tax_behavior) ?? 'exclusive',
            tax_breakdown: shippingBreakdown ? [shippingBreakdown] : [],
            tax_code: formString(shipping.tax_code) ?? SHIPPING_TAX_CODE,
          }
        : null,
      tax_amount_exclusive: tax,
      tax_amount_inclusive: 0,
      tax_breakdown: breakdown,
      tax_date: now(),
    };
    calculations.set(id, calc);
    return [200, renderCalculation(calc, expandsOf(form))];
  }

  /** What Stripe returns: line_items and the line and shipping breakdowns only when expanded. */
  function renderCalculation(calc: FakeTaxCalculation, expand: string[]) {
    const { line_items, shipping_cost, ...rest } = structuredClone(calc);
    const lineBreakdown = expand.includes('line_items.data.tax_breakdown');
    return {
      ...rest,
      ...(expand.includes('line_items') || lineBreakdown
        ? {
            line_items: {
              ...line_items,
              data: line_items.data.map(({ tax_breakdown, ...l }) =>
                lineBreakdown ? { ...l, tax_breakdown } : l,
              ),
            },
          }
        : {}),
      shipping_cost: shipping_cost && {
        amount: shipping_cost.amount,
        amount_tax: shipping_cost.amount_tax,
        tax_behavior: shipping_cost.tax_behavior,
        tax_code: shipping_cost.tax_code,
        ...(expand.includes('shipping_cost.tax_breakdown')
          ? { tax_breakdown: shipping_cost.tax_breakdown }
          : {}),
      },
    };
  }

  function renderTransaction(tx: FakeTaxTransaction, expand: string[]) {
    const { line_items, calculation: _calculation, ...rest } = structuredClone(tx);
    return expand.includes('line_items') ? { ...rest, line_items } : rest;
  }

  const reserve = (reference: string): TaxAnswer | null =>
    byReference.has(reference)
      ? taxError(`A transaction with reference '${reference}' already exists.`, { param: 'reference' })
      : null;

  function createFromCalculation(form: Form): TaxAnswer {
    const calcId = formString(form.calculation);
    const reference = formString(form.reference);
    if (!calcId) return taxError('Missing required param: calculation.', { param: 'calculation' });
    if (!reference) return taxError('Missing required param: reference.', { param: 'reference' });
    const calc = calculations.get(calcId);
    if (!calc) return taxMissing('tax calculation', calcId, 'calculation');
    if (calc.expires_at <= now())
      return taxError(`The tax calculation '${calcId}' has expired.`, { param: 'calculation' });
    const refused = reserve(reference);
    if (refused) return refused;
    const id = `tax_${rand()}`;
    const tx: FakeTaxTransaction = {
      id,
      object: 'tax.transaction',
      created: now(),
      currency: calc.currency,
      customer: null,
      customer_details: structuredClone(calc.customer_details),
      line_items: list(
        calc.line_items.data.map((l) => ({
          id: `tax_li_${rand(7)}`,
          object: 'tax.transaction_line_item' as const,
          amount: l.amount,
          amount_tax: l.amount_tax,
          livemode: false as const,
          metadata: l.metadata,
          product: null,
          quantity: l.quantity,
          reference: l.reference,
          reversal: null,
          tax_behavior: l.tax_behavior,
          tax_code: l.tax_code,
          type: 'transaction' as const,
        })),
        `/v1/tax/transactions/${id}/line_items`,
      ),
      livemode: false,
      metadata: formStrings(form.metadata),
      posted_at: now(),
      reference,
      reversal: null,
      ship_from_details: null,
      shipping_cost: calc.shipping_cost && {
        amount: calc.shipping_cost.amount,
        amount_tax: calc.shipping_cost.amount_tax,
        tax_behavior: calc.shipping_cost.tax_behavior,
        tax_code: calc.shipping_cost.tax_code,
      },
      tax_date: calc.tax_date,
      type: 'transaction',
      calculation: calcId,
    };
    transactions.set(id, tx);
    byReference.set(reference, tx);
    return [200, renderTransaction(tx, expandsOf(form))];
  }

  /** What is left to reverse of a transaction, per line (by id) and of its shipping. */
  function remaining(tx: FakeTaxTransaction) {
    const reversals = [...transactions.values()].filter((t) => t.reversal?.original_transaction === tx.id);
    const lines = tx.line_items.data.map((l) => {
      const back = reversals
        .flatMap((r) => r.line_items.data)
        .filter((r) => r.reversal?.original_line_item === l.id);
      return {
        line: l,
        amount: l.amount + back.reduce((s, r) => s + r.amount, 0),
        tax: l.amount_tax + back.reduce((s, r) => s + r.amount_tax, 0),
      };
    });
    const shipping = tx.shipping_cost && {
      amount: tx.shipping_cost.amount + reversals.reduce((s, r) => s + (r.shipping_cost?.amount ?? 0), 0),
      tax:
        tx.shipping_cost.amount_tax + reversals.reduce((s, r) => s + (r.shipping_cost?.amount_tax ?? 0), 0),
    };
    const total =
      lines.reduce((s, l) => s + l.amount + l.tax, 0) + (shipping ? shipping.amount + shipping.tax : 0);
    return { lines, shipping, total };
  }

  function createReversal(form: Form): TaxAnswer {
    const mode = formString(form.mode);
    const originalId = formString(form.original_transaction);
    const reference = formString(form.reference);
    if (mode !== 'full' && mode !== 'partial')
      return taxError('Invalid mode: must be one of full or partial', { param: 'mode' });
    if (!originalId)
      return taxError('Missing required param: original_transaction.', { param: 'original_transaction' });
    if (!reference) return taxError('Missing required param: reference.', { param: 'reference' });
    const original = transactions.get(originalId);
    if (!original) return taxMissing('tax transaction', originalId, 'original_transaction');
    if (original.type !== 'transaction')
      return taxError(`You can't reverse transaction '${originalId}' because it is a reversal.`, {
        param: 'original_transaction',
      });
    const left = remaining(original);
    if (left.total <= 0)
      return taxError(`You can't reverse transaction '${originalId}' because it has been fully reversed.`);

    // the gross (goods + tax) to take back from each part: all that is left (full), or the flat
    // amount spread over the parts in proportion to what is left of them (largest remainders)
    const parts = [
      ...left.lines.map((l) => ({ amount: l.amount, tax: l.tax })),
      ...(left.shipping ? [left.shipping] : []),
    ];
    let gross: number[];
    if (mode === 'full') gross = parts.map((p) => p.amount + p.tax);
    else {
      if (form.line_items || form.shipping_cost)
        return taxError('The Stripe double reverses partially by flat_amount only.', {
          param: 'flat_amount',
        });
      const flat = Number(formString(form.flat_amount));
      if (!Number.isSafeInteger(flat) || flat >= 0)
        return taxError('flat_amount must be a negative integer.', { param: 'flat_amount' });
      if (-flat > left.total)
        return taxError(
          `The flat_amount (${-flat}) is greater than the amount left to reverse on transaction '${originalId}' (${left.total}).`,
          { param: 'flat_amount' },
        );
      const exact = parts.map((p) => ((p.amount + p.tax) * -flat) / left.total);
      gross = exact.map(Math.floor);
      let short = -flat - gross.reduce((s, g) => s + g, 0);
      for (const i of exact.map((_, i) => i).sort((a, b) => (exact[b] % 1) - (exact[a] % 1))) {
        if (short-- <= 0) break;
        gross[i] += 1;
      }
    }
    const split = (i: number) => {
      const p = parts[i];
      const total = p.amount + p.tax;
      const tax = gross[i] === total ? p.tax : total > 0 ? Math.round((gross[i] * p.tax) / total) : 0;
      return { amount: -(gross[i] - tax), amount_tax: -tax };
    };
    const refused = reserve(reference);
    if (refused) return refused;
    const id = `tax_${rand()}`;
    const reversal: FakeTaxTransaction = {
      ...structuredClone(original),
      id,
      created: now(),
      line_items: list(
        left.lines.map((l, i) => ({
          ...l.line,
          ...split(i),
          id: `tax_li_${rand(7)}`,
          reference: `${l.line.reference}-reversal`,
          reversal: { original_line_item: l.line.id },
          type: 'reversal' as const,
        })),
        `/v1/tax/transactions/${id}/line_items`,
      ),
      metadata: formStrings(form.metadata),
      posted_at: now(),
      reference,
      reversal: { original_transaction: originalId },
      shipping_cost: original.shipping_cost && { ...original.shipping_cost, ...split(left.lines.length) },
      type: 'reversal',
      calculation: null,
    };
    transactions.set(id, reversal);
    byReference.set(reference, reversal);
    return [200, renderTransaction(reversal, expandsOf(form))];
  }

  /** Answers a /v1/tax/... request, or null when it is none of these. */
  function handle(method: string, url: URL, body: string): TaxAnswer | null {
    const form = method === 'POST' ? parseDeepForm(body) : parseDeepForm(url.search.slice(1));
    if (method === 'POST' && url.pathname === '/v1/tax/calculations') return createCalculation(form);
    if (method === 'POST' && url.pathname === '/v1/tax/transactions/create_from_calculation')
      return createFromCalculation(form);
    if (method === 'POST' && url.pathname === '/v1/tax/transactions/create_reversal')
      return createReversal(form);
    const calc = /^\/v1\/tax\/calculations\/([^/]+)(\/line_items)?$/.exec(url.pathname);
    if (method === 'GET' && calc) {
      const found = calculations.get(calc[1]);
      if (!found || found.expires_at <= now()) return taxMissing('tax calculation', calc[1], 'calculation');
      return [
        200,
        calc[2]
          ? { ...found.line_items, data: found.line_items.data.map(({ tax_breakdown: _b, ...l }) => l) }
          : renderCalculation(found, expandsOf(form)),
      ];
    }
    const tx = /^\/v1\/tax\/transactions\/([^/]+)(\/line_items)?$/.exec(url.pathname);
    if (method === 'GET' && tx) {
      const found = transactions.get(tx[1]);
      if (!found) return taxMissing('tax transaction', tx[1], 'transaction');
      return [200, tx[2] ? found.line_items : renderTransaction(found, expandsOf(form))];
    }
    return null;
  }

  return {
    handle,
    calculations,
    transactions,
    rates,
    /** What is left to reverse of a transaction, goods and tax (cents). */
    remaining(transactionId: string) {
      const tx = transactions.get(transactionId);
      if (!tx) throw new Error(`fake stripe: no tax transaction ${transactionId}`);
      const left = remaining(tx);
      const tax = left.lines.reduce((s, l) => s + l.tax, 0) + (left.shipping?.tax ?? 0);
      return { totalCents: left.total, taxCents: tax };
    },
    expire(calculationId: string) {
      const calc = calculations.get(calculationId);
      if (!calc) throw new Error(`fake stripe: no tax calculation ${calculationId}`);
      calc.expires_at = now() - 1;
    },
  };
}

/**
 * A small Stripe API double on a random local port: what our server calls (create, retrieve,
 * update the amount of and cancel PaymentIntents, honouring Idempotency-Key), plus helpers to move an intent's status and to build
 * and sign webhook events with the real SDK. Stripe Tax too: calculations (rates of FAKE_TAX_RATES),
 * transactions recorded from them and their reversals, with Stripe's idempotency (a key replays its
 * first answer; the same key with other parameters is refused).
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, Promise<FakeIntent>>();
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, FakeRefund>();

  function makeRefund(
    intentId: string,
    amount: number,
    metadata: Record<string, string>,
    reason: string | null,
  ) {
    const refund: FakeRefund = {
      id: `re_${rand()}`,
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: intentId,
      charge: `ch_${intentId.slice(3)}`,
      status: 'succeeded',
      reason,
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    return refund;
  }
  const refunded = (intentId: string) =>
    [...refunds.values()]
      .filter((r) => r.payment_intent === intentId && r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
  let createDelayMs = 0;
  let refundDelayMs = 0;

  const tax = createTaxDouble();
  /** Stripe Tax answers by idempotency key (only successes are kept here). */
  const taxByIdempotencyKey = new Map<
    string,
    { method: string; path: string; body: string; answer: unknown }
  >();

  const send = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${rand(6)}`, ...headers });
    res.end(JSON.stringify(body));
  };
  const notFoundError = (id: string) => ({
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such payment_intent: '${id}'`,
      param: 'intent',
    },
  });

  function create(params: Record<string, unknown>): FakeIntent {
    const id = `pi_${rand()}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(params.amount),
      amount_received: 0,
      currency: String(params.currency ?? 'usd'),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${rand()}`,
      metadata: (params.metadata as Record<string, string>) ?? {},
      last_payment_error: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    intents.set(id, intent);
    return intent;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey });
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_ENV.STRIPE_SECRET_KEY}`)
        return send(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });

      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const params = parseForm(Buffer.concat(chunks).toString('utf8'));
        const make = async () => {
          if (createDelayMs) await new Promise((r) => setTimeout(r, createDelayMs));
          return create(params);
        };
        // Same key, same intent (Stripe's idempotency); concurrent calls wait for the first.
        let pending = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (!pending) {
          pending = make();
          if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, pending);
        }
        return send(res, 200, await pending);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        if (refundDelayMs) await new Promise((r) => setTimeout(r, refundDelayMs));
        const params = parseForm(Buffer.concat(chunks).toString('utf8'));
        const existing = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
        if (existing) return send(res, 200, existing);
        const intent = intents.get(String(params.payment_intent));
        if (!intent || intent.status !== 'succeeded')
          return send(res, 400, {
            error: { type: 'invalid_request_error', message: 'This PaymentIntent has not been charged.' },
          });
        const amount = params.amount ? Number(params.amount) : intent.amount - refunded(intent.id);
        if (amount > intent.amount - refunded(intent.id))
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
            },
          });
        const refund = makeRefund(
          intent.id,
          amount,
          (params.metadata as Record<string, string>) ?? {},
          (params.reason as string) ?? null,
        );
        if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
        return send(res, 200, refund);
      }
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const intentId = url.searchParams.get('payment_intent');
        const data = [...refunds.values()]
          .filter((r) => !intentId || r.payment_intent === intentId)
          .reverse();
        return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      }
      const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const intent = intents.get(m[1]);
        return intent ? send(res, 200, intent) : send(res, 404, notFoundError(m[1]));
      }
      // Stripe: the amount may change until the intent is processing, succeeded or canceled
      if (req.method === 'POST' && m) {
        const intent = intents.get(m[1]);
        if (!intent) return send(res, 404, notFoundError(m[1]));
        const params = parseForm(Buffer.concat(chunks).toString('utf8'));
        if (intent.status !== 'requires_payment_method')
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`,
            },
          });
        if (params.amount !== undefined) intent.amount = Number(params.amount);
        return send(res, 200, intent);
      }
      // Stripe: cancelable unless it succeeded or already was canceled
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (req.method === 'POST' && cancel) {
        const intent = intents.get(cancel[1]);
        if (!intent) return send(res, 404, notFoundError(cancel[1]));
        const params = parseForm(Buffer.concat(chunks).toString('utf8'));
        if (intent.status === 'succeeded' || intent.status === 'canceled')
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        Object.assign(intent, {
          status: 'canceled',
          cancellation_reason: (params.cancellation_reason as string) ?? null,
        });
        return send(res, 200, intent);
      }
      if (url.pathname.startsWith('/v1/tax/')) {
        const method = req.method ?? '';
        const body = Buffer.concat(chunks).toString('utf8');
        const keyed =
          method === 'POST' && idempotencyKey ? taxByIdempotencyKey.get(idempotencyKey) : undefined;
        if (keyed) {
          if (keyed.method !== method || keyed.path !== url.pathname || keyed.body !== body)
            return send(res, 400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            });
          return send(res, 200, keyed.answer, { 'idempotent-replayed': 'true' });
        }
        const answer = tax.handle(method, url, body);
        if (answer) {
          const [status, json] = answer;
          if (method === 'POST' && idempotencyKey && status === 200)
            taxByIdempotencyKey.set(idempotencyKey, { method, path: url.pathname, body, answer: json });
          return send(res, status, json);
        }
      }
      send(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${url.pathname})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const sdk = new Stripe(FAKE_STRIPE_ENV.STRIPE_SECRET_KEY);

  const get = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`fake stripe: no intent ${id}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    /** The env createTestApp needs to use this double. */
    env: { ...FAKE_STRIPE_ENV, STRIPE_API_BASE: `http://127.0.0.1:${port}` },
    intents,
    requests,
    /** Slows intent creation down, so two concurrent calls really overlap. */
    setCreateDelay(ms: number) {
      createDelayMs = ms;
    },
    /** Slows refunds down, so a repeat of a refund arrives while the first is being made. */
    setRefundDelay(ms: number) {
      refundDelayMs = ms;
    },
    /** Creates an intent as if our server had (e.g. to deliver a webhook before its order commits). */
    createIntent(params: { amount: number; orderId: number; idempotencyKey?: string }): FakeIntent {
      const intent = create({
        amount: params.amount,
        currency: 'usd',
        metadata: { orderId: String(params.orderId) },
      });
      if (params.idempotencyKey) byIdempotencyKey.set(params.idempotencyKey, Promise.resolve(intent));
      return intent;
    },
    succeed(id: string): FakeIntent {
      const intent = get(id);
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        last_payment_error: null,
      });
      return intent;
    },
    fail(id: string, message = 'Your card was declined.'): FakeIntent {
      const intent = get(id);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', message, type: 'card_error' },
      });
      return intent;
    },
    cancel(id: string): FakeIntent {
      return Object.assign(get(id), { status: 'canceled' as const });
    },
    refunds,
    /** Stripe Tax calculations made, by id (line items and breakdowns all filled in). */
    taxCalculations: tax.calculations,
    /** Stripe Tax transactions and reversals (type 'reversal', negative amounts), by id. */
    taxTransactions: tax.transactions,
    /** The double's tax table (FAKE_TAX_RATES), by state: change it for a test. */
    taxRates: tax.rates,
    /** The reversals made of a tax transaction, oldest first. */
    taxReversalsOf(transactionId: string): FakeTaxTransaction[] {
      return [...tax.transactions.values()].filter((t) => t.reversal?.original_transaction === transactionId);
    },
    /** What is left to reverse of a tax transaction: goods + tax, and the tax alone (cents). */
    taxRemaining: tax.remaining,
    /** Makes a calculation expire now (Stripe keeps them 90 days). */
    expireTaxCalculation: tax.expire,
    /** A refund made in the Stripe Dashboard (no metadata from the shop). */
    refundInDashboard(intentId: string, amount: number, reason: string | null = 'requested_by_customer') {
      return makeRefund(intentId, amount, {}, reason);
    },
    /** A charge.refunded event's Charge for the intent (what Stripe sends after any refund). */
    charge(intentId: string) {
      const intent = get(intentId);
      return {
        id: `ch_${intentId.slice(3)}`,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: refunded(intentId),
        refunded: refunded(intentId) >= intent.amount,
        payment_intent: intentId,
        metadata: {},
      };
    },
    /** A Dispute object for the intent's charge. */
    dispute(intentId: string, over: { status?: string; reason?: string; id?: string } = {}) {
      const intent = get(intentId);
      return {
        id: over.id ?? `dp_${rand()}`,
        object: 'dispute',
        amount: intent.amount,
        charge: `ch_${intentId.slice(3)}`,
        payment_intent: intentId,
        currency: 'usd',
        reason: over.reason ?? 'product_not_received',
        status: over.status ?? 'needs_response',
        evidence_details: { due_by: Math.floor(Date.now() / 1000) + 7 * 86400, has_evidence: false },
        created: Math.floor(Date.now() / 1000),
      };
    },
    /** A webhook event carrying a snapshot of the object (as Stripe sends it). */
    event(type: string, intent: object, id = `evt_${rand()}`) {
      return {
        id,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(intent) },
      };
    },
    /** Posts a signed webhook event to an app, as Stripe would; answers the response. */
    deliver(appUrl: string, event: object): Promise<Response> {
      const payload = JSON.stringify(event);
      return fetch(`${appUrl}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': this.sign(payload) },
        body: payload,
      });
    },
    /** The Stripe-Signature header for a payload, made by the real SDK. */
    sign(payload: string, secret = FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET): string {
      return sdk.webhooks.generateTestHeaderString({ payload, secret });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
