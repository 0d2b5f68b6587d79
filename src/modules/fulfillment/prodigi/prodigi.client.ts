import { LabError, type LabOrderState } from '../lab-provider';
import { createLabCaller } from '../lab-http';
import {
  cheapestShipping,
  CURRENCY,
  errorFor,
  isObj,
  MAX_MESSAGE,
  orderBody,
  orderIn,
  parseOrder,
  parseUnitCost,
  quoteBody,
  str,
  type ProdigiItem,
  type ProdigiNewOrder,
  type ProdigiShippingMethod,
} from './prodigi-mapping';

/**
 * Prodigi's Print API v4 (https://www.prodigi.com/print-api/docs/reference/). What its docs say:
 * - Live https://api.prodigi.com/v4.0, sandbox https://api.sandbox.prodigi.com/v4.0 (the sandbox
 *   never prints or charges); one `X-API-Key` header, JSON both ways (415 for another type).
 * - POST /orders {merchantReference, idempotencyKey, shippingMethod Budget|Standard|Express|
 *   Overnight, callbackUrl, recipient {name, email, phoneNumber, address {line1, line2,
 *   postalOrZipCode, countryCode, townOrCity, stateOrCounty}}, items [{merchantReference, sku,
 *   copies, sizing, attributes, assets [{printArea: 'default', url}]}]} -> 200 {outcome: Created |
 *   CreatedWithIssues | OnHold | AlreadyExists, order}. "AlreadyExists: an order with the same
 *   idempotency key already exists ... we have returned the existing order"; keys are kept
 *   indefinitely, per account.
 * - GET /orders/{id} -> {outcome, order}; GET /orders?top=1..100&skip&createdFrom&createdTo&
 *   merchantReferences... -> {orders, hasMore, nextUrl}, newest (highest id) first.
 * - An order: {id 'ord_…', created, merchantReference, status {stage InProgress | Complete |
 *   Cancelled, issues, details}, shipments [{status Processing | Shipped | Cancelled, carrier
 *   {name, service}, tracking {number, url}, dispatchDate, items}]}.
 * - POST /quotes {shippingMethod?, destinationCountryCode, currencyCode, items [{sku, copies,
 *   attributes, assets [{printArea}]}]} -> {quotes: one per method (all four when none is
 *   given) with costSummary {items, shipping} and items [{unitCost {amount "10.74", currency}}]}.
 * - GET /products/{sku} -> {product {sku, description, productDimensions, attributes, variants}}.
 * - Callbacks: a CloudEvent POSTed to the order's callbackUrl (or the account's) when its stage
 *   changes or a shipment is made, its `data` the order, its `subject` the order id.
 * - Errors: 400 {outcome: ValidationFailed, failures {field: [{code, providedValue}]}}, 401
 *   {outcome: NotAuthenticated}, 404 {outcome: EntityNotFound}, 500 internalServerError or
 *   timedOut (the request took over a minute).
 * What we assume: 429 when throttled (its docs name no limit), like any 5xx an outage to retry
 * (when its `Retry-After` says, lab-http.ts);
 * the list filters by one merchantReferences value and createdFrom as ISO 8601 UTC; Prodigi has
 * no image check of its own (prodigi.lab.ts measures the file here).
 *
 * Answers: 400, 401, 403, 404, 415 and any other 4xx but 408, 425, 429 are 'refused' with the
 * lab's words; 408, 425, 429, 5xx, a network error or a timeout are 'unavailable'. The key never
 * appears in an error's message.
 */
export type ProdigiClientOptions = {
  apiKey: string;
  /** With the version: https://api.sandbox.prodigi.com/v4.0, or a local double's. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per request, 30 s by default; an order's create gets twice this (Prodigi allows itself a minute). */
  timeoutMs?: number;
};

/** How many pages of 100 the look-up before a create reads at most (from the order's creation on). */
export const FIND_MAX_PAGES = 5;
/** Clocks differ: the look-up starts this long before our order was made. */
const CLOCK_SKEW_MS = 10 * 60_000;

export type ProdigiClient = {
  /** Whether the key is good: a one-order list (Prodigi has no "who am I"). */
  checkKey(): Promise<void>;
  /** The product behind a SKU (its description), or null when Prodigi has no such SKU. */
  product(sku: string): Promise<{ sku: string; description: string } | null>;
  /** One copy's price, in cents (a Standard quote to the US). */
  unitCost(item: Omit<ProdigiItem, 'copies'>): Promise<number>;
  /** The shipping for these items to the US at a method, or the cheapest of the four, in cents. */
  shippingCost(items: ProdigiItem[], method?: ProdigiShippingMethod): Promise<number>;
  createOrder(order: ProdigiNewOrder): Promise<{ orderId: string; outcome: string }>;
  /** The order with our reference made since `since` (bounded by it), if any. */
  findByMerchantReference(reference: string, since?: Date): Promise<{ orderId: string } | null>;
  order(orderId: string): Promise<LabOrderState>;
};

export function createProdigiClient(opts: ProdigiClientOptions): ProdigiClient {
  const timeoutMs = opts.timeoutMs ?? 30_000;

  /** Whatever reaches a message: the key blanked, short enough to store. */
  const clean = (message: string) => {
    const out = opts.apiKey ? message.split(opts.apiKey).join('[redacted]') : message;
    return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE - 1)}…` : out;
  };

  const call = createLabCaller({
    lab: 'Prodigi',
    baseUrl: opts.baseUrl,
    headers: { 'x-api-key': opts.apiKey },
    fetch: opts.fetch,
    timeoutMs,
    slowTimeoutMs: timeoutMs * 2,
    clean,
    refusal: errorFor,
  });

  /** A 2xx whose body is not what the docs show: we cannot tell what happened. */
  const garbled = (what: string) =>
    new LabError('unavailable', `Prodigi answered ${what} in an unexpected form.`);
  /** Quotes are asked in dollars; an account that answers in another currency is the owner's to fix. */
  const dollars = (cost: { cents: number; currency: string } | null, what: string) => {
    if (!cost) throw garbled(what);
    if (cost.currency.toUpperCase() !== CURRENCY)
      throw new LabError(
        'refused',
        `Prodigi quoted in ${cost.currency || 'another currency'}, not US dollars.`,
      );
    return cost.cents;
  };

  return {
    // GET /orders?top=1: 200 with the key, 401 without
    async checkKey() {
      await call('GET', '/orders?top=1');
    },

    // GET /products/{sku} -> {outcome, product {sku, description, ...}}; 404 EntityNotFound
    async product(sku) {
      const { status, body } = await call('GET', `/products/${encodeURIComponent(sku)}`, { accept: [404] });
      if (status === 404) return null;
      const p = isObj(body) && isObj(body.product) ? body.product : null;
      if (!p) throw garbled('the product');
      return { sku: str(p.sku) ?? sku, description: str(p.description) ?? sku };
    },

    async unitCost(item) {
      const { body } = await call('POST', '/quotes', {
        body: quoteBody([{ ...item, copies: 1 }], 'Standard'),
      });
      return dollars(parseUnitCost(body), 'the price');
    },

    async shippingCost(items, method) {
      const { body } = await call('POST', '/quotes', { body: quoteBody(items, method) });
      return dollars(cheapestShipping(body), 'the shipping quote');
    },

    // POST /orders: Created, CreatedWithIssues (an asset not fetched yet...), OnHold (the
    // account's edit window) and AlreadyExists (the idempotency key) all mean the order is there.
    // A timeout or 5xx is an uncertain outcome: sending again with the same key is safe.
    async createOrder(order) {
      const { body } = await call('POST', '/orders', { slow: true, body: orderBody(order) });
      const orderId = str(orderIn(body)?.id);
      if (!orderId) throw garbled('the new order');
      return { orderId, outcome: (isObj(body) && str(body.outcome)) || 'Created' };
    },

    // GET /orders?merchantReferences=&createdFrom=&top=100&skip=: newest first, at most
    // FIND_MAX_PAGES pages (a shop order is sent to Prodigi under one reference, rarely twice).
    async findByMerchantReference(reference, since) {
      const from = since ? new Date(since.getTime() - CLOCK_SKEW_MS).toISOString() : null;
      for (let page = 0; page < FIND_MAX_PAGES; page++) {
        const query = new URLSearchParams({
          merchantReferences: reference,
          top: '100',
          skip: String(page * 100),
        });
        if (from) query.set('createdFrom', from);
        const { body } = await call('GET', `/orders?${query}`);
        const orders = isObj(body) && Array.isArray(body.orders) ? body.orders : [];
        for (const o of orders) {
          if (!isObj(o) || str(o.merchantReference) !== reference) continue;
          const orderId = str(o.id);
          if (orderId) return { orderId };
        }
        if (!(isObj(body) && body.hasMore === true) || !orders.length) return null;
      }
      return null;
    },

    // GET /orders/{id}: 404 when Prodigi does not know it
    async order(orderId) {
      const { body } = await call('GET', `/orders/${encodeURIComponent(orderId)}`);
      const order = orderIn(body);
      if (!order) throw garbled('the order');
      return parseOrder(order, orderId);
    },
  };
}
