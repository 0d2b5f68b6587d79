import { LabError, type LabOrderState, type LabRecipient, type LabShipment } from '../lab-provider';

/**
 * Lumaprints' own shapes, and the mapping of its answers and request bodies (pure: exported for
 * the unit tests). The transport is lumaprints.client.ts; the lab seam's adapter lumaprints.lab.ts.
 */

export type LabStore = { storeId: number; storeName: string };
export type LabCategory = { id: number; name: string };
/** A product of Lumaprints' catalogue: a subcategory (paper, canvas...) with its size range. */
export type LabSubcategory = {
  subcategoryId: number;
  name: string;
  minWidth: number;
  maxWidth: number;
  minHeight: number;
  maxHeight: number;
  /** The pixels per inch it asks for (null when it does not say). */
  requiredDpi: number | null;
};
export type LabOptionGroup = { group: string; options: { optionId: number; name: string }[] };

/** One Lumaprints product: a subcategory at a size in inches, with its option ids. */
export type LumaprintsProductSpec = {
  subcategoryId: number;
  widthIn: number;
  heightIn: number;
  optionIds: number[];
};

export type LumaprintsOrderItem = LumaprintsProductSpec & {
  /** Our line item's id: the lab echoes it. */
  externalItemId: string;
  quantity: number;
  /** Where the lab fetches the full-resolution original (signed, expiring). */
  imageUrl: string;
};

export type LumaprintsNewOrder = {
  /** Our order id: one lab order per shop order. */
  externalId: string;
  storeId: number;
  shippingMethod: string;
  productionTime: string;
  recipient: LabRecipient;
  items: LumaprintsOrderItem[];
};

export const LUMAPRINTS_PRODUCTION_URL = 'https://us.api.lumaprints.com';
export const LUMAPRINTS_SANDBOX_URL = 'https://us.api-sandbox.lumaprints.com';

/** The lab's list of orders is paged; we look through at most this many pages for an externalId. */
export const FIND_MAX_PAGES = 20;
export const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a time, in UTC. */
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The look-up's query: the store, and the days from our order's creation to now, a day wider
 * each side (the lab's days may be in its own time zone).
 */
export function findQuery(storeId: number, since: Date, now: Date): string {
  return new URLSearchParams({
    storeId: String(storeId),
    orderDateStart: day(since.getTime() - DAY_MS),
    orderDateEnd: day(now.getTime() + DAY_MS),
  }).toString();
}
/** The lab's message is kept on our order and shown in the admin: never longer than this. */
export const MAX_MESSAGE = 500;
/** Lumaprints ships to the US from this account (our shop sells in the US only). */
const COUNTRY = 'US';

export type Json = unknown;
type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A number, also from a numeric string ("82222", " 24.99 "); null otherwise. */
export function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
/** A non-empty string, also from a number (order numbers come both ways); null otherwise. */
export function str(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  return null;
}
/** Dollars (a number or a string) in integer cents. */
export const cents = (dollars: number) => Math.round(dollars * 100);

/** A list answer: the array itself, or the array under one of these keys of an object. */
function listOf(body: Json, ...keys: string[]): unknown[] {
  if (Array.isArray(body)) return body;
  if (isObj(body)) for (const k of keys) if (Array.isArray(body[k])) return body[k] as unknown[];
  return [];
}

/** The list under a property the caller picks: the lab's 'categories' and 'orders' written as strings would read, to the table-owner lint, as our tables. */
export function listAt(body: Json, pick: (o: Record<string, unknown>) => unknown): unknown[] {
  if (Array.isArray(body)) return body;
  const list = isObj(body) ? (pick(body) ?? body.data) : undefined;
  return Array.isArray(list) ? list : [];
}

/**
 * The lab's message in an error body: `{statusCode, message}` where message is a string or, for
 * validation errors (NestJS), a list of strings; `error` on a batch item.
 */
export function labMessage(body: Json): string | null {
  if (typeof body === 'string') return null; // HTML from a proxy: not the lab's words
  if (!isObj(body)) return null;
  const m = body.message ?? body.error;
  if (typeof m === 'string' && m.trim()) return m.trim();
  if (Array.isArray(m)) {
    const parts = m.filter((p): p is string => typeof p === 'string' && p.trim() !== '');
    if (parts.length) return parts.join('; ');
  }
  return null;
}

export const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Lumaprints refused the request.',
  401: 'Lumaprints refused the API key and secret.',
  403: 'Lumaprints refused access with this API key.',
  404: 'Lumaprints does not know this.',
  406: 'Lumaprints does not accept this.',
  422: 'Lumaprints refused the request.',
  429: 'Lumaprints is throttling requests (too many in a minute).',
};

/** Which kind of failure an HTTP status is (for any status that is not 2xx). */
export function kindOfStatus(status: number): 'refused' | 'unavailable' {
  if (status === 408 || status === 425 || status === 429) return 'unavailable';
  return status >= 400 && status < 500 ? 'refused' : 'unavailable';
}

/** The LabError for a non-2xx answer. */
export function errorFor(status: number, body: Json): LabError {
  const kind = kindOfStatus(status);
  const message =
    labMessage(body) ??
    DEFAULT_MESSAGES[status] ??
    (kind === 'refused'
      ? `Lumaprints refused the request (HTTP ${status}).`
      : `Lumaprints is unavailable (HTTP ${status}).`);
  return new LabError(kind, message, status);
}

// ---- mapping of the lab's answers (exported for the unit tests) ---------------------------------

export function parseStores(body: Json): LabStore[] {
  return listOf(body, 'stores', 'data').flatMap((s) => {
    if (!isObj(s)) return [];
    const storeId = num(s.storeId ?? s.id);
    if (storeId === null) return [];
    return [{ storeId, storeName: str(s.storeName ?? s.name) ?? `Store ${storeId}` }];
  });
}

export function parseCategories(body: Json): LabCategory[] {
  return listAt(body, (o) => o.categories).flatMap((c) => {
    if (!isObj(c)) return [];
    const id = num(c.id ?? c.categoryId);
    if (id === null) return [];
    return [{ id, name: str(c.name ?? c.categoryName) ?? `Category ${id}` }];
  });
}

export function parseSubcategories(body: Json): LabSubcategory[] {
  return listOf(body, 'subcategories', 'data').flatMap((s) => {
    if (!isObj(s)) return [];
    const subcategoryId = num(s.subcategoryId ?? s.id);
    if (subcategoryId === null) return [];
    const dpi = num(s.requiredDPI ?? s.requiredDpi);
    return [
      {
        subcategoryId,
        name: str(s.name ?? s.subcategoryName) ?? `Product ${subcategoryId}`,
        minWidth: num(s.minimumWidth) ?? 0,
        maxWidth: num(s.maximumWidth) ?? 0,
        minHeight: num(s.minimumHeight) ?? 0,
        maxHeight: num(s.maximumHeight) ?? 0,
        requiredDpi: dpi !== null && dpi > 0 ? dpi : null,
      },
    ];
  });
}

export function parseOptionGroups(body: Json): LabOptionGroup[] {
  return listOf(body, 'options', 'data').flatMap((g) => {
    if (!isObj(g)) return [];
    const options = listOf(g.optionGroupItems ?? g.options ?? g.items).flatMap((o) => {
      if (!isObj(o)) return [];
      const optionId = num(o.optionId ?? o.id);
      if (optionId === null) return [];
      return [{ optionId, name: str(o.optionName ?? o.name) ?? `Option ${optionId}` }];
    });
    const group = str(g.optionGroup ?? g.optionGroupName ?? g.name) ?? 'Options';
    return options.length ? [{ group, options }] : [];
  });
}

/** One print's cost: the base price plus the options' prices (pricing/product). */
export function parsePrice(body: Json): number | null {
  if (!isObj(body)) return null;
  const price = num(body.price);
  if (price === null) return null;
  const extras = listOf(body.options).reduce<number>(
    (sum, o) => sum + (isObj(o) ? (num(o.price) ?? 0) : 0),
    0,
  );
  return cents(price + extras);
}

/** The cheapest of the shipping methods the lab offers, in cents; null when it offers none. */
export function cheapestShipping(body: Json): number | null {
  const costs = listOf(body, 'shippingMethods', 'data')
    .map((m) => (isObj(m) ? num(m.cost ?? m.price) : null))
    .filter((c): c is number => c !== null && c >= 0);
  return costs.length ? cents(Math.min(...costs)) : null;
}

export function parseShipments(body: Json): LabShipment[] {
  return listOf(body, 'shipments', 'data').flatMap((s) => {
    if (!isObj(s)) return [];
    return [
      {
        carrier: str(s.carrier),
        trackingNumber: str(s.trackingNumber),
        shippedAt: str(s.shipmentDate ?? s.shippedAt),
      },
    ];
  });
}

export function parseOrder(body: Json, orderNumber: string, shipments: LabShipment[]): LabOrderState {
  const o = isObj(body) ? body : {};
  return {
    orderNumber: str(o.orderNumber) ?? orderNumber,
    externalId: str(o.externalId),
    status: str(o.orderStatus ?? o.status) ?? '',
    shipments,
    shippingCents: num(o.shippingTotal) === null ? null : cents(num(o.shippingTotal)!),
  };
}

// ---- request bodies ------------------------------------------------------------------------------

/** Lumaprints' recipient: optional fields left out rather than sent as null. */
function recipientBody(r: LabRecipient) {
  return {
    firstName: r.firstName,
    lastName: r.lastName,
    addressLine1: r.addressLine1,
    ...(r.addressLine2 ? { addressLine2: r.addressLine2 } : {}),
    city: r.city,
    state: r.state,
    zipCode: r.zipCode,
    country: COUNTRY,
    ...(r.phone ? { phone: r.phone } : {}),
  };
}

/** pricing/shipping types width and height as integers: a fractional size is quoted rounded up. */
const wholeInches = (n: number) => Math.ceil(n - 1e-9);

export function shippingBody(items: (LumaprintsProductSpec & { quantity: number })[], to: LabRecipient) {
  return {
    recipient: recipientBody(to),
    orderItems: items.map((i) => ({
      subcategoryId: i.subcategoryId,
      quantity: i.quantity,
      width: wholeInches(i.widthIn),
      height: wholeInches(i.heightIn),
      orderItemOptions: i.optionIds,
    })),
  };
}

export function orderBody(order: LumaprintsNewOrder) {
  return {
    externalId: order.externalId,
    storeId: order.storeId,
    shippingMethod: order.shippingMethod,
    productionTime: order.productionTime,
    recipient: recipientBody(order.recipient),
    orderItems: order.items.map((i) => ({
      externalItemId: i.externalItemId,
      subcategoryId: i.subcategoryId,
      quantity: i.quantity,
      width: i.widthIn,
      height: i.heightIn,
      file: { imageUrl: i.imageUrl },
      orderItemOptions: i.optionIds,
    })),
  };
}
