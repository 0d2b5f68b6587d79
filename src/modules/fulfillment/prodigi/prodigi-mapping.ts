import type { ShippingMethod as ShopShippingMethod } from '../lab-choices';
import {
  LabError,
  type LabOrderState,
  type LabRecipient,
  type LabRefusalSubject,
  type LabShipment,
} from '../lab-provider';

/**
 * Prodigi's own shapes, and the mapping of its answers and request bodies (pure: exported for
 * the unit tests). The transport is prodigi.client.ts; the lab seam's adapter prodigi.lab.ts.
 */

export const PRODIGI_LIVE_URL = 'https://api.prodigi.com/v4.0';
export const PRODIGI_SANDBOX_URL = 'https://api.sandbox.prodigi.com/v4.0';

/** Our shop ships to the US only; quotes are asked in US dollars. */
export const COUNTRY = 'US';
export const CURRENCY = 'USD';
/** The lab's message is kept on our order and shown in the admin: never longer than this. */
export const MAX_MESSAGE = 500;

export type ProdigiShippingMethod = 'Budget' | 'Standard' | 'Express' | 'Overnight';

/**
 * Our shipping methods Prodigi offers, as its four: Budget (the slowest, cheapest), Standard,
 * Express, Overnight. Prodigi picks the carrier itself.
 */
export const PRODIGI_SHIPPING: Partial<Record<ShopShippingMethod, ProdigiShippingMethod>> = {
  default: 'Standard',
  ground_economy: 'Budget',
  '2_day': 'Express',
  overnight: 'Overnight',
};
export const prodigiShippingMethods = Object.keys(PRODIGI_SHIPPING) as ShopShippingMethod[];
/** Prodigi has no production-time choice: every order is made as it comes. */
export const prodigiProductionTimes = ['regular' as const];

export function shippingMethodFor(method: string): ProdigiShippingMethod {
  const mapped = PRODIGI_SHIPPING[method as ShopShippingMethod];
  if (!mapped)
    throw new LabError(
      'refused',
      `Prodigi does not offer the shipping method "${method}": choose Budget (ground economy), Standard, Express (2-day) or Overnight.`,
    );
  return mapped;
}

export type Json = unknown;
type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A non-empty string, also from a number; null otherwise. */
export function str(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  return null;
}
/** Prodigi writes money as a decimal string ("10.74"): integer cents, or null. */
export function cents(v: unknown): number | null {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

// ---- errors ----------------------------------------------------------------------------------------

/**
 * The lab's words in an error body. Prodigi answers a refused request with
 * `{outcome: "ValidationFailed", failures: {"recipient.address.postalOrZipCode": [{code,
 * providedValue}]}}`, its base error object with `statusText`, or just an `outcome`
 * ("NotAuthenticated", "EntityNotFound"). Provided values are left out: they are the buyer's
 * address or our file addresses.
 */
export function labMessage(body: Json): string | null {
  if (!isObj(body)) return null; // an HTML page from a proxy is not the lab's words
  if (isObj(body.failures)) {
    const parts = Object.entries(body.failures).flatMap(([field, problems]) => {
      const codes = list(problems)
        .map((p) => (isObj(p) ? str(p.code) : null))
        .filter((c): c is string => c !== null);
      return codes.length ? [`${field}: ${codes.join(', ')}`] : [];
    });
    if (parts.length) return parts.join('; ');
  }
  const text = str(body.statusText) ?? str(body.message);
  if (text) return text;
  return null;
}

export const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Prodigi refused the request.',
  401: 'Prodigi did not accept the API key.',
  403: 'Prodigi refused access with this API key.',
  404: 'Prodigi does not know this.',
  415: 'Prodigi refused the request (not JSON).',
  429: 'Prodigi is throttling requests (too many at once).',
};

/** Which kind of failure an HTTP status is (for any status that is not 2xx). */
export function kindOfStatus(status: number): 'refused' | 'unavailable' {
  if (status === 408 || status === 425 || status === 429) return 'unavailable';
  return status >= 400 && status < 500 ? 'refused' : 'unavailable';
}

/**
 * What a validation failure is about, by its first field: `recipient.address.postalOrZipCode` the
 * address, `items[0].assets[0].url` the print file, `items[0].sku` or its attributes the product.
 */
export function refusalSubject(body: Json): LabRefusalSubject | null {
  const field = isObj(body) && isObj(body.failures) ? Object.keys(body.failures)[0] : undefined;
  if (!field) return null;
  if (field.startsWith('recipient')) return 'address';
  if (/^items\[\d+\]\.assets/.test(field)) return 'file';
  if (/^items\[\d+\]\.(sku|attributes|sizing|copies)/.test(field)) return 'product';
  return null;
}

/** The LabError for a non-2xx answer. */
export function errorFor(status: number, body: Json): LabError {
  const kind = kindOfStatus(status);
  const fallback =
    DEFAULT_MESSAGES[status] ??
    (kind === 'refused'
      ? `Prodigi refused the request (HTTP ${status}).`
      : `Prodigi is unavailable (HTTP ${status}).`);
  // an outage's body is never shown as the lab's reason: "internalServerError" says nothing
  const message = kind === 'refused' ? (labMessage(body) ?? fallback) : fallback;
  return new LabError(kind, message, status, kind === 'refused' ? refusalSubject(body) : null);
}

// ---- answers ----------------------------------------------------------------------------------------

/** The quote's cost per copy of the first item (POST /quotes), in cents and its currency. */
export function parseUnitCost(body: Json): { cents: number; currency: string } | null {
  const quote = isObj(body) ? list(body.quotes)[0] : undefined;
  const item = isObj(quote) ? list(quote.items)[0] : undefined;
  const cost = isObj(item) && isObj(item.unitCost) ? item.unitCost : null;
  const amount = cost ? cents(cost.amount) : null;
  return amount === null || !cost ? null : { cents: amount, currency: str(cost.currency) ?? '' };
}

/** The cheapest shipping of the quotes (one per method), in cents and its currency. */
export function cheapestShipping(body: Json): { cents: number; currency: string } | null {
  const costs = (isObj(body) ? list(body.quotes) : []).flatMap((q) => {
    const shipping = isObj(q) && isObj(q.costSummary) ? q.costSummary.shipping : null;
    const amount = isObj(shipping) ? cents(shipping.amount) : null;
    return isObj(shipping) && amount !== null && amount >= 0
      ? [{ cents: amount, currency: str(shipping.currency) ?? '' }]
      : [];
  });
  return costs.length ? costs.reduce((a, b) => (b.cents < a.cents ? b : a)) : null;
}

/** The order in an answer: `{outcome, order}` (create, get) or a callback's `{data: {order}}`. */
export const orderIn = (body: Json): Obj | null => (isObj(body) && isObj(body.order) ? body.order : null);

/**
 * Its shipments: the carrier's name, the tracking number and when the lab dispatched it. A
 * cancelled shipment is none.
 */
export function parseShipments(order: Obj): LabShipment[] {
  return list(order.shipments).flatMap((s) => {
    if (!isObj(s) || str(s.status)?.toLowerCase() === 'cancelled') return [];
    const carrier = isObj(s.carrier) ? s.carrier : {};
    const tracking = isObj(s.tracking) ? s.tracking : {};
    return [
      {
        carrier: str(carrier.name),
        trackingNumber: str(tracking.number),
        shippedAt: str(s.dispatchDate),
      },
    ];
  });
}

export function parseOrder(order: Obj, id: string): LabOrderState {
  const status = isObj(order.status) ? order.status : {};
  return {
    orderNumber: str(order.id) ?? id,
    externalId: str(order.merchantReference),
    // the stage: "InProgress", "Complete", "Cancelled"; an order paused in Prodigi's edit
    // window answers without one
    status: str(status.stage) ?? 'OnHold',
    shipments: parseShipments(order),
    // its charges come by invoice, not by order: the quote at sending is the shipping cost
    shippingCents: null,
  };
}

/**
 * The order a callback is about. Prodigi POSTs a CloudEvent whose `subject` is the order id
 * and whose `data` is the whole order (`{order}` in the docs' sample, the order itself in its
 * shorter example): either is read. Only a prompt: the order is read back from the API.
 */
export function callbackOrderId(body: Json): string | null {
  if (!isObj(body)) return null;
  const data = isObj(body.data) ? body.data : {};
  const order = isObj(data.order) ? data.order : data;
  const id = str(body.subject) ?? str(order.id);
  return id && /^ord_[A-Za-z0-9]+$/.test(id) ? id.slice(0, 100) : null;
}

// ---- request bodies ---------------------------------------------------------------------------------

export type ProdigiItem = { sku: string; copies: number; attributes: Record<string, string> };
export type ProdigiOrderItem = ProdigiItem & { merchantReference: string; imageUrl: string };
export type ProdigiNewOrder = {
  /** Our id: the order's merchantReference (and its idempotencyKey when none is given). */
  merchantReference: string;
  /** Prodigi keeps these per account forever: ours is unique to the order in this shop's database. */
  idempotencyKey?: string;
  shippingMethod: ProdigiShippingMethod;
  recipient: LabRecipient;
  items: ProdigiOrderItem[];
  callbackUrl?: string;
};

/** A quote for items, at one method or (none) all four. */
export function quoteBody(items: ProdigiItem[], shippingMethod?: ProdigiShippingMethod) {
  return {
    ...(shippingMethod ? { shippingMethod } : {}),
    destinationCountryCode: COUNTRY,
    currencyCode: CURRENCY,
    items: items.map((i) => ({
      sku: i.sku,
      copies: i.copies,
      attributes: i.attributes,
      assets: [{ printArea: 'default' }],
    })),
  };
}

/**
 * POST /orders. The idempotency key makes the same order sent twice (a retry after a timeout, a
 * second job) Prodigi's `AlreadyExists`, the first order back; the merchant reference (our order
 * id, what the look-up and the dashboard show) is the key when none is given.
 * Our file is cropped to the print's shape already: `fillPrintArea` loses nothing more.
 */
export function orderBody(order: ProdigiNewOrder) {
  const r = order.recipient;
  return {
    merchantReference: order.merchantReference,
    idempotencyKey: order.idempotencyKey ?? order.merchantReference,
    shippingMethod: order.shippingMethod,
    ...(order.callbackUrl ? { callbackUrl: order.callbackUrl } : {}),
    recipient: {
      name: `${r.firstName} ${r.lastName}`.trim(),
      ...(r.phone ? { phoneNumber: r.phone } : {}),
      address: {
        line1: r.addressLine1,
        ...(r.addressLine2 ? { line2: r.addressLine2 } : {}),
        postalOrZipCode: r.zipCode,
        countryCode: COUNTRY,
        townOrCity: r.city,
        stateOrCounty: r.state,
      },
    },
    items: order.items.map((i) => ({
      merchantReference: i.merchantReference,
      sku: i.sku,
      copies: i.copies,
      sizing: 'fillPrintArea',
      attributes: i.attributes,
      assets: [{ printArea: 'default', url: i.imageUrl }],
    })),
  };
}

// ---- the image check (Prodigi has none: ours, from the image's pixels) ------------------------------

/** How far the image's shape may be from the print's before Prodigi would crop it visibly. */
const RATIO_TOLERANCE = 0.01;

/**
 * Whether an image of these pixels makes this print: its shape within 1 % of the print's
 * (either way round: Prodigi turns it) and at least `minPpi` pixels per inch on both sides.
 */
export function measureImage(
  px: { width: number; height: number },
  widthIn: number,
  heightIn: number,
  minPpi: number,
): { ok: boolean; message: string } {
  const [pxShort, pxLong] = px.width <= px.height ? [px.width, px.height] : [px.height, px.width];
  const [inShort, inLong] = widthIn <= heightIn ? [widthIn, heightIn] : [heightIn, widthIn];
  const expected = inShort / inLong;
  if (Math.abs(pxShort / pxLong - expected) / expected > RATIO_TOLERANCE)
    return {
      ok: false,
      message: `The image's shape (${px.width} x ${px.height} pixels) is not the print's (${widthIn} x ${heightIn} in): Prodigi would crop it.`,
    };
  const ppi = Math.floor(Math.min(pxShort / inShort, pxLong / inLong));
  if (ppi < minPpi)
    return {
      ok: false,
      message: `The image has ${ppi} pixels per inch at ${widthIn} x ${heightIn} in; at least ${minPpi} are needed.`,
    };
  return { ok: true, message: `The image fits (${ppi} pixels per inch).` };
}
