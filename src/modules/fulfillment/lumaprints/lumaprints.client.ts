import { LabError, type LabOrderState, type LabRecipient } from '../lab-provider';
import { createLabCaller } from '../lab-http';
import {
  DAY_MS,
  DEFAULT_MESSAGES,
  errorFor,
  FIND_MAX_PAGES,
  findQuery,
  isObj,
  labMessage,
  listAt,
  MAX_MESSAGE,
  num,
  orderBody,
  parseCategories,
  parseOptionGroups,
  parseOrder,
  parsePrice,
  parseShipments,
  parseStores,
  parseSubcategories,
  cheapestShipping,
  shippingBody,
  str,
  type LabCategory,
  type LabOptionGroup,
  type LabStore,
  type LabSubcategory,
  type LumaprintsNewOrder,
  type LumaprintsProductSpec,
} from './lumaprints-mapping';

/**
 * Lumaprints' REST API (https://api-docs.lumaprints.com, "open beta"): HTTP Basic with the API key
 * and secret, JSON both ways, everything under /api/v1. The base URL is the caller's choice:
 * production https://us.api.lumaprints.com, the sandbox https://us.api-sandbox.lumaprints.com, or
 * the local double (src/demo/labs/lumaprints-double.ts). Not the dashboard hosts.
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

/** Lumaprints' API as Lumaprints shapes it (store ids, subcategories, option ids). */
export type LumaprintsClient = {
  stores(): Promise<LabStore[]>;
  categories(): Promise<LabCategory[]>;
  subcategories(categoryId: number): Promise<LabSubcategory[]>;
  options(subcategoryId: number): Promise<LabOptionGroup[]>;
  /** The lab's price for one print of this product, in cents. */
  productCost(spec: LumaprintsProductSpec): Promise<number>;
  /** The cheapest shipping for these items to this address, in cents. */
  shippingCost(items: (LumaprintsProductSpec & { quantity: number })[], to: LabRecipient): Promise<number>;
  /** Whether the lab takes this image for this product (its own check); the lab's message if not. */
  checkImage(spec: LumaprintsProductSpec, imageUrl: string): Promise<{ ok: boolean; message: string }>;
  createOrder(order: LumaprintsNewOrder): Promise<{ orderNumber: string }>;
  /** The lab order made for our order id since `since`, if any (the lab keeps no idempotency key: we look first). */
  findByExternalId(storeId: number, externalId: string, since: Date): Promise<{ orderNumber: string } | null>;
  /** The order as the lab has it now, with its shipments. */
  order(orderNumber: string): Promise<LabOrderState>;
  /** Registers our shipping webhook with the lab (a URL it already has is fine). */
  registerWebhook(storeId: number, url: string): Promise<void>;
};

export function createLumaprintsClient(opts: LumaprintsClientOptions): LumaprintsClient {
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
  const fail = (e: LabError) => new LabError(e.kind, clean(e.message), e.status, e.about, e.retryAfterMs);

  const call = createLabCaller({
    lab: 'Lumaprints',
    baseUrl: opts.baseUrl,
    headers: { authorization },
    fetch: opts.fetch,
    timeoutMs,
    slowTimeoutMs,
    clean,
    refusal: errorFor,
  });

  /** A 2xx whose body is not what the lab documents: we cannot tell what happened. */
  const garbled = (what: string) =>
    new LabError('unavailable', `Lumaprints answered ${what} in an unexpected form.`);

  return {
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

    // GET /api/v1/orders?storeId=&page=N&orderDateStart=YYYY-MM-DD&orderDateEnd=YYYY-MM-DD ->
    // {orders[], totalOrders, currentPage, totalPages}. Lumaprints has no lookup by externalId, so
    // we page through the store's orders placed since our order was (the date filters of its docs'
    // example: `orderDateStart`, `orderDateEnd`, days; a day either side for time zones), from page
    // 1, and stop at an empty page, at the last page it reports, at a 404 (angelsrest saw one for
    // "no orders"), at an order older than that (the list is newest first), or after
    // FIND_MAX_PAGES pages (rate limit of 40 a minute). The first order carrying our id wins.
    // Orders are queued by the lab, so a just-made order may not be listed for a few minutes.
    async findByExternalId(storeId, externalId, since) {
      const query = findQuery(storeId, since, new Date());
      const oldest = since.getTime() - DAY_MS;
      for (let page = 1; page <= FIND_MAX_PAGES; page++) {
        const { status, body } = await call('GET', `/api/v1/orders?${query}&page=${page}`, { accept: [404] });
        if (status === 404) return null;
        const orders = listAt(body, (o) => o.orders);
        if (!orders.length) return null;
        let older = false;
        for (const o of orders) {
          if (!isObj(o)) continue;
          const placed = Date.parse(str(o.orderDate) ?? '');
          if (Number.isFinite(placed) && placed < oldest) older = true;
          if (str(o.externalId) !== externalId) continue;
          const orderNumber = str(o.orderNumber);
          if (orderNumber) return { orderNumber };
        }
        const totalPages = isObj(body) ? num(body.totalPages) : null;
        if (older || (totalPages !== null && page >= totalPages)) return null;
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
