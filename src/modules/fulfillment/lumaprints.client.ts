import {
  LabError,
  type LabCategory,
  type LabOptionGroup,
  type LabOrderState,
  type LabProductSpec,
  type LabProvider,
  type LabRecipient,
  type LabShipment,
  type LabStore,
  type LabSubcategory,
  type NewLabOrder,
} from './lab-provider';

/**
 * Lumaprints' REST API (https://api-docs.lumaprints.com, "open beta"): HTTP Basic with the API key
 * and secret, JSON both ways, everything under /api/v1. The base URL is the caller's choice:
 * production https://us.api.lumaprints.com, the sandbox https://us.api-sandbox.lumaprints.com, or
 * the test double (tests/support/fake-lumaprints.ts). Not the dashboard hosts.
 *
 * Answers: a 2xx is read defensively (ids and money may come as strings); 400, 401, 403, 404,
 * 406, 422 (and any other 4xx but 408, 425, 429) are 'refused' with the lab's own message; 408,
 * 425, 429 (Lumaprints allows 40 requests a minute), 5xx, a network error or a timeout are
 * 'unavailable'. The key and secret never appear in an error's message.
 */
export type LumaprintsClientOptions = {
  apiKey: string;
  apiSecret: string;
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per request, 30 s by default; the calls that make the lab fetch our image get twice this. */
  timeoutMs?: number;
};

export const LUMAPRINTS_PRODUCTION_URL = 'https://us.api.lumaprints.com';
export const LUMAPRINTS_SANDBOX_URL = 'https://us.api-sandbox.lumaprints.com';

/** The lab's list of orders is paged; we look through at most this many pages for an externalId. */
export const FIND_MAX_PAGES = 20;
/** The lab's message is kept on our order and shown in the admin: never longer than this. */
const MAX_MESSAGE = 500;
/** Lumaprints ships to the US from this account (our shop sells in the US only). */
const COUNTRY = 'US';

type Json = unknown;
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

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
function listAt(body: Json, pick: (o: Record<string, unknown>) => unknown): unknown[] {
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

const DEFAULT_MESSAGES: Record<number, string> = {
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

export function shippingBody(items: (LabProductSpec & { quantity: number })[], to: LabRecipient) {
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

export function orderBody(order: NewLabOrder) {
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

// ---- the client ----------------------------------------------------------------------------------

export function createLumaprintsClient(opts: LumaprintsClientOptions): LabProvider {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  // the lab fetches (and measures) our image before it answers these
  const slowTimeoutMs = timeoutMs * 2;
  const authorization = `Basic ${Buffer.from(`${opts.apiKey}:${opts.apiSecret}`).toString('base64')}`;

  /** Whatever reaches a message: the key and secret blanked, short enough to store. */
  const clean = (message: string) => {
    let out = message;
    for (const secret of [opts.apiKey, opts.apiSecret, authorization.slice(6)])
      if (secret) out = out.split(secret).join('[redacted]');
    return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE - 1)}…` : out;
  };
  const fail = (e: LabError) => new LabError(e.kind, clean(e.message), e.status);

  type Answer = { status: number; body: Json };

  /** One request; a 2xx or (when `accept` says so) one of the listed statuses is answered, any other status thrown. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    init: { body?: unknown; slow?: boolean; accept?: number[] } = {},
  ): Promise<Answer> {
    const ms = init.slow ? slowTimeoutMs : timeoutMs;
    let status: number;
    let text: string;
    try {
      const res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(ms),
        redirect: 'error',
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      if (e.name === 'TimeoutError' || e.name === 'AbortError')
        throw new LabError(
          'unavailable',
          `Lumaprints did not answer within ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}.`,
        );
      const why = e.cause?.code ?? e.cause?.message ?? e.message;
      throw new LabError('unavailable', clean(`Lumaprints could not be reached (${why}).`));
    }
    let body: Json = null;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text; // an HTML page from a proxy, say
      }
    }
    if ((status >= 200 && status < 300) || init.accept?.includes(status)) return { status, body };
    throw fail(errorFor(status, body));
  }

  /** A 2xx whose body is not what the lab documents: we cannot tell what happened. */
  const garbled = (what: string) =>
    new LabError('unavailable', `Lumaprints answered ${what} in an unexpected form.`);

  return {
    name: 'lumaprints',

    // GET /api/v1/stores -> [{storeId, storeName}]
    async stores() {
      return parseStores((await call('GET', '/api/v1/stores')).body);
    },

    // GET /api/v1/products/categories -> [{id, name}]
    async categories() {
      return parseCategories((await call('GET', '/api/v1/products/categories')).body);
    },

    // GET /api/v1/products/categories/{id}/subcategories -> [{subcategoryId, name, minimumWidth, ...}]
    async subcategories(categoryId) {
      const path = `/api/v1/products/categories/${encodeURIComponent(categoryId)}/subcategories`;
      return parseSubcategories((await call('GET', path)).body);
    },

    // GET /api/v1/products/subcategories/{id}/options -> [{optionGroup, optionGroupItems[{optionId, optionName}]}]
    async options(subcategoryId) {
      const path = `/api/v1/products/subcategories/${encodeURIComponent(subcategoryId)}/options`;
      return parseOptionGroups((await call('GET', path)).body);
    },

    // POST /api/v1/pricing/product {subcategoryId, size:{width,height}, options} -> {price, options[{price}]}
    async productCost(spec) {
      const { body } = await call('POST', '/api/v1/pricing/product', {
        body: {
          subcategoryId: spec.subcategoryId,
          size: { width: spec.widthIn, height: spec.heightIn },
          options: spec.optionIds,
        },
      });
      if (isObj(body) && body.success === false)
        throw fail(new LabError('refused', labMessage(body) ?? DEFAULT_MESSAGES[400], num(body.statusCode)));
      const price = parsePrice(body);
      if (price === null) throw garbled('the price');
      return price;
    },

    // POST /api/v1/pricing/shipping {recipient, orderItems} -> {shippingMethods[{carrier, method, cost}]}
    async shippingCost(items, to) {
      const { body } = await call('POST', '/api/v1/pricing/shipping', { body: shippingBody(items, to) });
      const cost = cheapestShipping(body);
      if (cost === null)
        throw fail(
          new LabError(
            'refused',
            labMessage(body) ?? 'Lumaprints offers no shipping method to this address.',
          ),
        );
      return cost;
    },

    // POST /api/v1/images/checkImageConfig {subcategoryId, printWidth, printHeight, imageUrl,
    // orderItemOptions}: 200 fits; 406 wrong aspect or too few pixels; 400 the URL could not be
    // fetched (or another reason the lab will not take it). Both are a "no" with the lab's words.
    async checkImage(spec, imageUrl) {
      const { status, body } = await call('POST', '/api/v1/images/checkImageConfig', {
        slow: true,
        accept: [400, 406, 422],
        body: {
          subcategoryId: spec.subcategoryId,
          printWidth: spec.widthIn,
          printHeight: spec.heightIn,
          imageUrl,
          orderItemOptions: spec.optionIds,
        },
      });
      const ok = status >= 200 && status < 300;
      const message = labMessage(body) ?? (ok ? 'The image fits.' : DEFAULT_MESSAGES[status]);
      return { ok, message: clean(message) };
    },

    // POST /api/v1/orders {externalId, storeId, shippingMethod, productionTime, recipient,
    // orderItems[{externalItemId, subcategoryId, quantity, width, height, file:{imageUrl},
    // orderItemOptions}]} -> 201 {message, orderNumber}. The lab fetches and checks every image
    // before answering, hence the long timeout. A timeout or 5xx here is an uncertain outcome:
    // the order may exist; findByExternalId before sending again.
    async createOrder(order) {
      const { body } = await call('POST', '/api/v1/orders', { slow: true, body: orderBody(order) });
      const orderNumber = isObj(body) ? str(body.orderNumber) : null;
      if (!orderNumber) throw garbled('the new order');
      return { orderNumber };
    },

    // GET /api/v1/orders?storeId=&page=N -> {orders[], totalOrders, currentPage, totalPages}.
    // Lumaprints has no lookup by externalId, so we page through the store's orders, from page 1,
    // and stop at an empty page, at the last page it reports, at a 404 (angelsrest saw one for
    // "no orders"), or after FIND_MAX_PAGES pages (20: rate limit of 40 a minute; an order we sent
    // is recent, and the list is expected newest first). The first order carrying our id wins.
    // Orders are queued by the lab, so a just-made order may not be listed for a few minutes.
    async findByExternalId(storeId, externalId) {
      for (let page = 1; page <= FIND_MAX_PAGES; page++) {
        const path = `/api/v1/orders?storeId=${encodeURIComponent(storeId)}&page=${page}`;
        const { status, body } = await call('GET', path, { accept: [404] });
        if (status === 404) return null;
        const orders = listAt(body, (o) => o.orders);
        if (!orders.length) return null;
        for (const o of orders) {
          if (!isObj(o) || str(o.externalId) !== externalId) continue;
          const orderNumber = str(o.orderNumber);
          if (orderNumber) return { orderNumber };
        }
        const totalPages = isObj(body) ? num(body.totalPages) : null;
        if (totalPages !== null && page >= totalPages) return null;
      }
      return null;
    },

    // GET /api/v1/orders/{n} (404: the lab does not know it, or has not queued it yet) and
    // GET /api/v1/shipments/{n} (404: no shipment yet).
    async order(orderNumber) {
      const n = encodeURIComponent(orderNumber);
      const [order, shipments] = await Promise.all([
        call('GET', `/api/v1/orders/${n}`),
        call('GET', `/api/v1/shipments/${n}`, { accept: [404] }),
      ]);
      return parseOrder(
        order.body,
        orderNumber,
        shipments.status === 404 ? [] : parseShipments(shipments.body),
      );
    },

    // POST /api/v1/webhook {event:'shipping', storeId, url} -> 201. The lab calls the URL to
    // verify it first. A 400 "Duplicate Webhook URL" means it already has it: fine.
    async registerWebhook(storeId, url) {
      const { status, body } = await call('POST', '/api/v1/webhook', {
        accept: [400],
        body: { event: 'shipping', storeId, url },
      });
      if (status === 400 && !/duplicate|already/i.test(labMessage(body) ?? ''))
        throw fail(errorFor(status, body));
    },
  };
}
