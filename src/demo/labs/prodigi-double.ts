import { labBadDays, listenDouble, wholeRequests, type DoubleRequest } from './double-server';
import sharp from 'sharp';
import { PRODIGI_FAMILIES } from '../../modules/fulfillment';
import { demoLabState } from './demo-lab-state';

/**
 * A local HTTP double of Prodigi's Print API v4 (https://www.prodigi.com/print-api/docs/reference/),
 * for tests and the demo lab, as lumaprints-double.ts is for Lumaprints. What it does as the docs
 * say the real API does:
 * - `X-API-Key` on every call (401 `{outcome: "NotAuthenticated"}` otherwise); JSON bodies only
 *   (415 `InvalidContentType`); paths case-insensitive (/Orders and /orders), under /v4.0.
 * - Products by SKU (GET /products/{sku}: dimensions, attributes, variants with the recommended
 *   pixels), 404 `EntityNotFound` for a SKU it does not make.
 * - Quotes (POST /quotes): items priced per copy, shipping per method, all four methods when none
 *   is asked (the cheapest not first), in US dollars as decimal strings.
 * - Orders (POST /orders): validated as the docs' fields say (400 `{outcome: "ValidationFailed",
 *   failures: {field: [{code, providedValue}]}}`); the same idempotencyKey again answers 200
 *   `AlreadyExists` with the first order, never a second; the assets are fetched after the answer
 *   (so signed URLs are really used), their failure an issue on the order.
 * - GET /orders/{id} with its status stage and shipments; GET /orders with top, skip,
 *   createdFrom, createdTo, status, orderIds and merchantReferences, newest first, hasMore.
 * - Callbacks: a CloudEvent (`com.prodigi.order.status.stage.changed#Complete`, the order as
 *   `data.order`, its id as `subject`) POSTed to the order's callbackUrl, else the account's
 *   (the dashboard's setting), when it ships.
 * Switches for bad days: down (503, an HTML page from its proxy), throttled (429 with a
 * `Retry-After`), an address it refuses (400 in its shape), a slow create (the order made before
 * the wait), a create whose connection drops after the order is made, a list that shows new
 * orders late. `ship(orderId)`
 * adds a shipment with tracking and fires the callback; `autoShipAfterMs` does it by itself.
 * Assumed where the docs are silent: the 429's body, the address refusal's code.
 */

export const FAKE_PRODIGI_API_KEY = 'prodigi_test_key_7d2b9e';
/** The first order id the double gives (after the docs' example ord_840796), then one more each. */
export const FAKE_PRODIGI_FIRST_ORDER = 840797;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const money = (dollars: number) => (Math.round(dollars * 100) / 100).toFixed(2);

// ---- the catalogue: the SKUs it makes (a few of Prodigi's families) -------------------------------

type FakeFamily = {
  prefix: string;
  description: string;
  sizes: readonly (readonly [number, number])[];
  /** Its price: base + per square inch, dollars. */
  base: number;
  perSquareInch: number;
  /** Shipped in a box of its own: more per item. */
  shippingExtra: number;
  attributes: Record<string, string[]>;
};
/** The sizes the shop's curated family makes (prodigi-catalogue.ts): the double makes the same. */
function sizesOf(prefix: string): FakeFamily['sizes'] {
  const family = PRODIGI_FAMILIES.find((f) => f.skuPrefix === prefix);
  if (!family) throw new Error(`fake prodigi: the shop has no family ${prefix}`);
  return family.sizes;
}
export const FAKE_PRODIGI_FAMILIES: FakeFamily[] = [
  {
    prefix: 'GLOBAL-HPR',
    description: 'Hahnemühle Photo Rag, 308gsm fine art print',
    sizes: sizesOf('GLOBAL-HPR'),
    base: 6,
    perSquareInch: 0.09,
    shippingExtra: 0,
    attributes: {},
  },
  {
    prefix: 'GLOBAL-FAP',
    description: 'Enhanced Matte Art Paper, 200gsm fine art print',
    sizes: sizesOf('GLOBAL-FAP'),
    base: 4,
    perSquareInch: 0.06,
    shippingExtra: 0,
    attributes: {},
  },
  {
    prefix: 'GLOBAL-PHO',
    description: 'Lustre photo paper, professional photo print',
    sizes: sizesOf('GLOBAL-PHO'),
    base: 1.5,
    perSquareInch: 0.03,
    shippingExtra: 0,
    attributes: {},
  },
  {
    prefix: 'GLOBAL-CAN',
    description: 'Standard canvas on quality stretcher bar',
    sizes: sizesOf('GLOBAL-CAN'),
    base: 15,
    perSquareInch: 0.1,
    shippingExtra: 6,
    attributes: { wrap: ['Black', 'ImageWrap', 'MirrorWrap', 'White'] },
  },
  {
    prefix: 'GLOBAL-CFPM',
    description: 'Classic frame with mount, fine art print',
    sizes: [
      [8, 10],
      [11, 14],
      [16, 20],
    ],
    base: 30,
    perSquareInch: 0.15,
    shippingExtra: 8,
    attributes: { color: ['black', 'white', 'natural'] },
  },
];

type FakeProduct = { sku: string; family: FakeFamily; width: number; height: number };
/** A SKU as Prodigi spells it (upper case), its family and size; null when it makes none such. */
export function fakeProdigiProduct(sku: unknown): FakeProduct | null {
  if (typeof sku !== 'string') return null;
  const m = /^(.+)-(\d+(?:\.\d+)?)X(\d+(?:\.\d+)?)$/.exec(sku.toUpperCase());
  if (!m) return null;
  const family = FAKE_PRODIGI_FAMILIES.find((f) => f.prefix === m[1]);
  const width = Number(m[2]);
  const height = Number(m[3]);
  if (!family?.sizes.some(([w, h]) => w === width && h === height)) return null;
  return { sku: sku.toUpperCase(), family, width, height };
}

/** The double's price of one copy, dollars. */
export function fakeProdigiUnitCost(sku: string): number {
  const p = fakeProdigiProduct(sku);
  if (!p) throw new Error(`fake prodigi: no SKU ${sku}`);
  return Number(money(p.family.base + p.family.perSquareInch * p.width * p.height));
}

const METHODS = ['Budget', 'Standard', 'Express', 'Overnight'] as const;
type Method = (typeof METHODS)[number];
/** Shipping per method: first copy, each more copy (dollars). */
const SHIPPING: Record<Method, [number, number]> = {
  Budget: [5.95, 1],
  Standard: [8.95, 1.5],
  Express: [19.95, 3],
  Overnight: [34.95, 5],
};
/** The double's shipping for items at a method, dollars. */
export function fakeProdigiShipping(method: Method, items: { sku: string; copies: number }[]): number {
  const copies = items.reduce((n, i) => n + i.copies, 0);
  const extra = items.reduce((s, i) => s + (fakeProdigiProduct(i.sku)?.family.shippingExtra ?? 0), 0);
  const [first, more] = SHIPPING[method];
  return Number(money(first + more * Math.max(0, copies - 1) + extra));
}
const methodOf = (v: unknown): Method | null =>
  METHODS.find((m) => typeof v === 'string' && m.toLowerCase() === v.toLowerCase()) ?? null;

// ---- what the double keeps --------------------------------------------------------------------

export type FakeProdigiShipment = {
  id: string;
  status: 'Processing' | 'Shipped' | 'Cancelled';
  carrier: { name: string; service: string };
  tracking: { number: string; url: string } | null;
  dispatchDate: string;
  items: { itemId: string }[];
  fulfillmentLocation: { countryCode: string; labCode: string };
};
export type FakeProdigiOrder = {
  id: string;
  created: string;
  lastUpdated: string;
  callbackUrl: string | null;
  merchantReference: string | null;
  shippingMethod: Method;
  idempotencyKey: string | null;
  status: {
    stage: 'InProgress' | 'Complete' | 'Cancelled';
    issues: { objectId: string; errorCode: string; description: string }[];
    details: Record<
      | 'downloadAssets'
      | 'printReadyAssetsPrepared'
      | 'allocateProductionLocation'
      | 'inProduction'
      | 'shipping',
      'NotStarted' | 'InProgress' | 'Complete' | 'Error'
    >;
  };
  charges: unknown[];
  shipments: FakeProdigiShipment[];
  recipient: Obj;
  items: {
    id: string;
    status: 'NotYetDownloaded' | 'Ok' | 'Invalid';
    merchantReference: string | null;
    sku: string;
    copies: number;
    sizing: string;
    attributes: Record<string, string>;
    assets: { id: string; printArea: string; url: string; status: 'InProgress' | 'Complete' | 'Error' }[];
    recipientCost: unknown;
  }[];
  packingSlip: null;
  metadata: unknown;
};
export type ProdigiCallback = {
  specversion: '1.0';
  type: string;
  source: string;
  id: string;
  time: string;
  datacontenttype: 'application/json';
  data: { order: FakeProdigiOrder };
  subject: string;
};

type Failures = Record<string, { code: string; providedValue: unknown }[]>;
type Answer = [number, unknown];
/** No answer at all: the connection is dropped (a create made, its answer lost). */
const DROP: Answer = [0, null];
const trace = () =>
  `00-${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}-${Array.from(
    { length: 16 },
    () => Math.floor(Math.random() * 16).toString(16),
  ).join('')}-00`;
const failed = (failures: Failures): Answer => [
  400,
  { outcome: 'ValidationFailed', failures, traceParent: trace() },
];
const notFound = (): Answer => [404, { outcome: 'EntityNotFound', traceParent: trace() }];
const US_ZIP = /^\d{5}(-\d{4})?$/;

export async function startFakeProdigi(
  opts: {
    apiKey?: string;
    port?: number;
    /** false: no server of its own; mount `handler` on an app (the demo lab). */
    listen?: boolean;
    /** Ships each new order this long after it is made, calling back (the demo lab). */
    autoShipAfterMs?: number;
    /** Fetches each order's assets after the answer, as Prodigi does (default true). */
    fetchAssets?: boolean;
    /** Keeps its orders in this file across restarts (the demo lab, under DATA_DIR). */
    stateFile?: string;
  } = {},
) {
  const apiKey = opts.apiKey ?? FAKE_PRODIGI_API_KEY;
  const fetchAssets = opts.fetchAssets ?? true;
  const orders = new Map<string, FakeProdigiOrder>();
  const requests: DoubleRequest[] = [];
  /** Every asset URL fetched, with the status it got (0: no answer). */
  const assetFetches: { url: string; status: number }[] = [];
  /** Every callback POSTed, with our server's answer (0: none). */
  const callbacks: { url: string; event: ProdigiCallback; status: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const stopping = new AbortController();
  let nextOrder = FAKE_PRODIGI_FIRST_ORDER;
  let nextId = 100_000;
  const badDays = labBadDays((address: Obj) => address.postalOrZipCode);
  let throttled: 'all' | 'creates' | false = false;
  let retryAfter = '30';
  let dropCreates = false;
  let listDelayMs = 0;
  let accountCallbackUrl: string | null = null;

  const id = (prefix: string) => `${prefix}_${nextId++}`;
  // the orders of its last run, numbering on from them
  type Saved = { nextOrder: number; nextId: number; orders: FakeProdigiOrder[] };
  const state = opts.stateFile ? demoLabState<Saved>(opts.stateFile) : null;
  const saved = state?.load();
  if (saved) {
    nextOrder = Math.max(nextOrder, saved.nextOrder);
    nextId = Math.max(nextId, saved.nextId);
    for (const o of saved.orders) orders.set(o.id, o);
  }
  const persist = () => state?.save({ nextOrder, nextId, orders: [...orders.values()] });
  const now = () => new Date().toISOString();

  function validateItems(items: unknown, withAssetUrls: boolean, failures: Failures) {
    if (!Array.isArray(items) || items.length === 0) {
      failures.items = [{ code: 'MustNotBeEmptyArray', providedValue: items ?? null }];
      return;
    }
    items.forEach((raw: unknown, n) => {
      const i = isObj(raw) ? raw : {};
      const at = (f: string) => `items[${n}].${f}`;
      const product = fakeProdigiProduct(i.sku);
      if (typeof i.sku !== 'string' || !i.sku)
        failures[at('sku')] = [{ code: 'Required', providedValue: i.sku ?? null }];
      else if (!product) failures[at('sku')] = [{ code: 'SkuNotFound', providedValue: i.sku }];
      if (!isInt(i.copies) || i.copies < 1)
        failures[at('copies')] = [{ code: 'MustBeGreaterThanZero', providedValue: i.copies ?? null }];
      if (
        withAssetUrls &&
        !['fillPrintArea', 'fitPrintArea', 'stretchToPrintArea'].includes(i.sizing as string)
      )
        failures[at('sizing')] = [{ code: 'InvalidValue', providedValue: i.sizing ?? null }];
      const attributes = i.attributes === undefined || i.attributes === null ? {} : i.attributes;
      if (!isObj(attributes))
        failures[at('attributes')] = [{ code: 'InvalidValue', providedValue: attributes }];
      else if (product) {
        for (const [name, values] of Object.entries(product.family.attributes)) {
          const v = attributes[name];
          if (v === undefined)
            failures[at(`attributes.${name}`)] = [{ code: 'Required', providedValue: null }];
          else if (!values.some((x) => x.toLowerCase() === String(v).toLowerCase()))
            failures[at(`attributes.${name}`)] = [{ code: 'InvalidValue', providedValue: v }];
        }
        for (const name of Object.keys(attributes))
          if (!(name in product.family.attributes))
            failures[at(`attributes.${name}`)] = [{ code: 'NotApplicable', providedValue: attributes[name] }];
      }
      const assets = Array.isArray(i.assets) ? i.assets : [];
      if (!assets.length)
        failures[at('assets')] = [{ code: 'MustNotBeEmptyArray', providedValue: i.assets ?? null }];
      assets.forEach((a: unknown, k) => {
        const asset = isObj(a) ? a : {};
        if (asset.printArea !== 'default')
          failures[at(`assets[${k}].printArea`)] = [
            { code: 'InvalidValue', providedValue: asset.printArea ?? null },
          ];
        if (withAssetUrls && (typeof asset.url !== 'string' || !/^https?:\/\/.{3,}/.test(asset.url)))
          failures[at(`assets[${k}].url`)] = [{ code: 'MustBeAValidUrl', providedValue: asset.url ?? null }];
      });
    });
  }

  function validateOrder(b: Obj): Failures {
    const failures: Failures = {};
    if (!methodOf(b.shippingMethod))
      failures.shippingMethod = [{ code: 'InvalidValue', providedValue: b.shippingMethod ?? null }];
    for (const f of ['merchantReference', 'idempotencyKey', 'callbackUrl'])
      if (b[f] !== undefined && b[f] !== null && typeof b[f] !== 'string')
        failures[f] = [{ code: 'InvalidValue', providedValue: b[f] }];
    const r = isObj(b.recipient) ? b.recipient : null;
    if (!r) failures.recipient = [{ code: 'Required', providedValue: b.recipient ?? null }];
    else {
      if (typeof r.name !== 'string' || !r.name.trim())
        failures['recipient.name'] = [{ code: 'Required', providedValue: r.name ?? null }];
      const a = isObj(r.address) ? r.address : {};
      for (const f of ['line1', 'postalOrZipCode', 'countryCode', 'townOrCity'])
        if (typeof a[f] !== 'string' || !(a[f] as string).trim())
          failures[`recipient.address.${f}`] = [{ code: 'Required', providedValue: a[f] ?? null }];
      if (typeof a.countryCode === 'string' && a.countryCode && !/^[A-Z]{2}$/.test(a.countryCode))
        failures['recipient.address.countryCode'] = [{ code: 'InvalidValue', providedValue: a.countryCode }];
      if (
        a.countryCode === 'US' &&
        typeof a.postalOrZipCode === 'string' &&
        a.postalOrZipCode &&
        !US_ZIP.test(a.postalOrZipCode)
      )
        failures['recipient.address.postalOrZipCode'] = [
          { code: 'MustBeAValidUSZipCodeFormat', providedValue: a.postalOrZipCode },
        ];
    }
    validateItems(b.items, true, failures);
    return failures;
  }

  function createOrder(b: Obj): FakeProdigiOrder {
    const r = b.recipient as Obj;
    const address = r.address as Obj;
    const order: FakeProdigiOrder = {
      id: `ord_${nextOrder++}`,
      created: now(),
      lastUpdated: now(),
      callbackUrl: (b.callbackUrl as string | undefined) ?? null,
      merchantReference: (b.merchantReference as string | undefined) ?? null,
      shippingMethod: methodOf(b.shippingMethod)!,
      idempotencyKey: (b.idempotencyKey as string | undefined) ?? null,
      status: {
        stage: 'InProgress',
        issues: [],
        details: {
          downloadAssets: 'NotStarted',
          printReadyAssetsPrepared: 'NotStarted',
          allocateProductionLocation: 'NotStarted',
          inProduction: 'NotStarted',
          shipping: 'NotStarted',
        },
      },
      charges: [],
      shipments: [],
      recipient: {
        name: r.name,
        email: r.email ?? null,
        phoneNumber: r.phoneNumber ?? null,
        address: {
          line1: address.line1,
          line2: address.line2 ?? null,
          postalOrZipCode: address.postalOrZipCode,
          countryCode: address.countryCode,
          townOrCity: address.townOrCity,
          stateOrCounty: address.stateOrCounty ?? null,
        },
      },
      items: (b.items as Obj[]).map((i) => ({
        id: id('ori'),
        status: 'NotYetDownloaded',
        merchantReference: (i.merchantReference as string | undefined) ?? null,
        sku: String(i.sku).toUpperCase(),
        copies: i.copies as number,
        sizing: i.sizing as string,
        attributes: (isObj(i.attributes) ? i.attributes : {}) as Record<string, string>,
        assets: (i.assets as Obj[]).map((a) => ({
          id: id('ast'),
          printArea: 'default',
          url: a.url as string,
          status: 'InProgress',
        })),
        recipientCost: i.recipientCost ?? null,
      })),
      packingSlip: null,
      metadata: b.metadata ?? null,
    };
    orders.set(order.id, order);
    if (fetchAssets) void downloadAssets(order);
    if (opts.autoShipAfterMs !== undefined) later(opts.autoShipAfterMs, () => api.ship(order.id));
    return order;
  }

  /** Runs fn after ms, unless the double is closed first (never keeps the process alive). */
  function later(ms: number, fn: () => Promise<unknown>) {
    const t = setTimeout(() => {
      timers.delete(t);
      fn().catch(() => undefined);
    }, ms);
    t.unref();
    timers.add(t);
  }

  /** Fetches each asset as Prodigi does after taking the order: an image it cannot read is an issue. */
  async function downloadAssets(order: FakeProdigiOrder) {
    order.status.details.downloadAssets = 'InProgress';
    for (const item of order.items) {
      for (const asset of item.assets) {
        let status = 0;
        let ok = false;
        try {
          const res = await fetch(asset.url, {
            signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(30_000)]),
          });
          status = res.status;
          if (status === 200) {
            const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
            ok = meta.format === 'jpeg' || meta.format === 'png';
          }
        } catch {
          /* below */
        }
        if (stopping.signal.aborted) return;
        assetFetches.push({ url: asset.url, status });
        asset.status = ok ? 'Complete' : 'Error';
        if (!ok)
          order.status.issues.push({
            objectId: item.id,
            errorCode: 'order.items.assets.FailedToDownloaded',
            description: `Failed to download 'default' asset on item '${item.id}'`,
          });
      }
      item.status = item.assets.every((a) => a.status === 'Complete') ? 'Ok' : 'Invalid';
    }
    order.status.details.downloadAssets = order.items.every((i) => i.status === 'Ok') ? 'Complete' : 'Error';
    order.lastUpdated = now();
  }

  function quote(b: Obj): Answer {
    const failures: Failures = {};
    if (typeof b.destinationCountryCode !== 'string' || !/^[A-Z]{2}$/.test(b.destinationCountryCode))
      failures.destinationCountryCode = [
        { code: 'Required', providedValue: b.destinationCountryCode ?? null },
      ];
    if (b.shippingMethod !== undefined && !methodOf(b.shippingMethod))
      failures.shippingMethod = [{ code: 'InvalidValue', providedValue: b.shippingMethod }];
    validateItems(b.items, false, failures);
    if (Object.keys(failures).length) return failed(failures);
    const currency = typeof b.currencyCode === 'string' ? b.currencyCode : 'USD';
    const items = (b.items as Obj[]).map((i) => ({
      id: `qit_${Math.random().toString(16).slice(2, 18)}`,
      sku: String(i.sku).toUpperCase(),
      copies: i.copies as number,
      unitCost: { amount: money(fakeProdigiUnitCost(String(i.sku).toUpperCase())), currency },
      attributes: isObj(i.attributes) ? i.attributes : {},
      assets: [{ printArea: 'default' }],
    }));
    const asked = methodOf(b.shippingMethod);
    // all four when none is asked; the cheapest (Budget) not first, as a client must pick it
    const methods: Method[] = asked ? [asked] : ['Standard', 'Budget', 'Express', 'Overnight'];
    const itemsTotal = items.reduce((s, i) => s + Number(i.unitCost.amount) * i.copies, 0);
    return [
      200,
      {
        outcome: 'Created',
        quotes: methods.map((m) => {
          const shipping = fakeProdigiShipping(m, items);
          return {
            shipmentMethod: m,
            costSummary: {
              items: { amount: money(itemsTotal), currency },
              shipping: { amount: money(shipping), currency },
            },
            shipments: [
              {
                carrier: { name: m === 'Budget' ? 'USPS' : 'FedEx', service: `${m} delivery` },
                fulfillmentLocation: { countryCode: 'US', labCode: 'us1' },
                cost: { amount: money(shipping), currency },
                items: items.map((i) => i.id),
              },
            ],
            items,
          };
        }),
        traceParent: trace(),
      },
    ];
  }

  function list(url: URL): Answer {
    const q = url.searchParams;
    const failures: Failures = {};
    const top = Number(q.get('top') ?? '10');
    const skip = Number(q.get('skip') ?? '0');
    if (!Number.isInteger(top) || top < 1 || top > 100)
      failures.top = [{ code: 'MustBeBetween1And100', providedValue: q.get('top') }];
    if (!Number.isInteger(skip) || skip < 0)
      failures.skip = [{ code: 'MustBeGreaterThanOrEqualToZero', providedValue: q.get('skip') }];
    const date = (name: string) => {
      const v = q.get(name);
      if (v === null) return null;
      const t = Date.parse(v);
      if (Number.isNaN(t)) failures[name] = [{ code: 'InvalidValue', providedValue: v }];
      return t;
    };
    const from = date('createdFrom');
    const to = date('createdTo');
    if (Object.keys(failures).length) return failed(failures);
    const many = (name: string) =>
      q
        .getAll(name)
        .flatMap((v) => v.split(','))
        .filter(Boolean);
    const references = many('merchantReferences');
    const ids = many('orderIds');
    const stage = q.get('status')?.toLowerCase();
    const listedBefore = Date.now() - listDelayMs;
    const matching = [...orders.values()]
      .filter((o) => Date.parse(o.created) <= listedBefore)
      .filter((o) => from === null || Date.parse(o.created) >= from)
      .filter((o) => to === null || Date.parse(o.created) <= to)
      .filter(
        (o) =>
          !references.length || (o.merchantReference !== null && references.includes(o.merchantReference)),
      )
      .filter((o) => !ids.length || ids.includes(o.id))
      .filter((o) => !stage || o.status.stage.toLowerCase() === stage)
      .sort((a, b) => Number(b.id.slice(4)) - Number(a.id.slice(4))); // by id, descending
    const page = matching.slice(skip, skip + top);
    const hasMore = skip + top < matching.length;
    const next = new URL(url);
    next.searchParams.set('skip', String(skip + top));
    return [
      200,
      {
        outcome: 'Ok',
        orders: structuredClone(page),
        hasMore,
        nextUrl: hasMore ? `${next.pathname}${next.search}` : null,
        traceParent: trace(),
      },
    ];
  }

  async function handle(method: string, url: URL, body: unknown): Promise<Answer> {
    const path = url.pathname
      .replace(/\/+$/, '')
      .toLowerCase()
      .replace(/^\/v4\.0/, '');
    const b = isObj(body) ? body : {};

    let m = /^\/products\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const p = fakeProdigiProduct(decodeURIComponent(m[1]!));
      if (!p) return notFound();
      const names = Object.keys(p.family.attributes);
      const combos = names.length ? p.family.attributes[names[0]!]!.map((v) => ({ [names[0]!]: v })) : [{}];
      return [
        200,
        {
          outcome: 'Ok',
          product: {
            sku: p.sku,
            description: `${p.family.description}, ${p.width}x${p.height}"`,
            productDimensions: { width: p.width, height: p.height, units: 'in' },
            attributes: p.family.attributes,
            printAreas: { default: { required: true } },
            variants: combos.map((attributes) => ({
              attributes,
              shipsTo: ['US', 'CA', 'GB', 'AU', 'DE', 'FR'],
              printAreaSizes: {
                default: { horizontalResolution: p.width * 300, verticalResolution: p.height * 300 },
              },
            })),
          },
          traceParent: trace(),
        },
      ];
    }

    if (method === 'POST' && path === '/quotes') return quote(b);

    if (method === 'POST' && path === '/orders') {
      const failures = validateOrder(b);
      if (Object.keys(failures).length) return failed(failures);
      const address = (b.recipient as Obj).address as Obj;
      if (badDays.refuses(address))
        return failed({
          'recipient.address.postalOrZipCode': [
            { code: 'InvalidValue', providedValue: address.postalOrZipCode },
          ],
        });
      const key = typeof b.idempotencyKey === 'string' && b.idempotencyKey ? b.idempotencyKey : null;
      const existing = key ? [...orders.values()].find((o) => o.idempotencyKey === key) : undefined;
      if (existing)
        return dropCreates
          ? DROP
          : [200, { outcome: 'AlreadyExists', order: structuredClone(existing), traceParent: trace() }];
      const order = createOrder(b);
      // the order exists from here on: a client that gives up waiting has still made it
      await badDays.slowCreate();
      if (dropCreates) return DROP;
      return [200, { outcome: 'Created', order: structuredClone(order), traceParent: trace() }];
    }

    if (method === 'GET' && path === '/orders') return list(url);

    m = /^\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const orderId = decodeURIComponent(m[1]!);
      if (!/^ord_\d+$/.test(orderId))
        return failed({ prodigiOrderId: [{ code: 'InvalidValue', providedValue: orderId }] });
      const o = orders.get(orderId);
      return o ? [200, { outcome: 'Ok', order: structuredClone(o), traceParent: trace() }] : notFound();
    }

    return [404, { outcome: 'EndpointDoesNotExist', traceParent: trace() }];
  }

  /**
   * POSTs a callback as Prodigi does (a CloudEvent in the HTTP binding's structured mode,
   * `application/cloudevents+json`, not signed); our server's status, 0 for none.
   */
  async function deliver(url: string, event: ProdigiCallback): Promise<number> {
    let status = 0;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/cloudevents+json' },
        body: JSON.stringify(event),
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(10_000)]),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      /* no answer */
    }
    callbacks.push({ url, event, status });
    return status;
  }

  const handler = wholeRequests(async (call) => {
    const { req, url, method, text } = call;
    let entry: DoubleRequest | null = null;
    const send = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
      if (entry) entry.status = status;
      persist();
      call.json(status, answer, headers);
    };
    // Test control for a spec in another process (e2e): ships an order, as the lab would.
    // Not part of Prodigi's API.
    if (method === 'POST' && url.pathname === '/__double/ship') {
      const b = JSON.parse(text || '{}') as { merchantReference?: string };
      const o = [...orders.values()].find((x) => x.merchantReference === String(b.merchantReference));
      if (!o) return send(404, { message: 'no such order' });
      const delivered = await api.ship(o.id);
      return send(200, { orderId: o.id, delivered });
    }
    entry = call.entry(req.headers['x-api-key'] === apiKey);
    requests.push(entry);
    if (badDays.isDown()) {
      entry.status = 503;
      return call.down(
        '<html><head><title>503 Service Unavailable</title></head><body><h1>503 Service Unavailable</h1></body></html>',
      );
    }
    if (
      throttled === 'all' ||
      (throttled === 'creates' && method === 'POST' && /\/orders\/?$/i.test(url.pathname))
    )
      return send(
        429,
        { statusText: 'Too many requests', statusCode: 429, data: {}, traceParent: trace() },
        { 'retry-after': retryAfter },
      );
    if (!entry.authorized) return send(401, { outcome: 'NotAuthenticated', traceParent: trace() });
    if (method === 'POST' && !/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
      return send(415, { outcome: 'InvalidContentType', traceParent: trace() });
    let body: unknown;
    if (text.trim()) {
      try {
        body = JSON.parse(text);
      } catch {
        return send(400, {
          outcome: 'ValidationFailed',
          failures: { body: [{ code: 'InvalidJson', providedValue: null }] },
          traceParent: trace(),
        });
      }
    }
    entry.body = body;
    try {
      const answer = await handle(method, url, body);
      if (answer === DROP) {
        entry.status = 0;
        persist();
        return req.socket.destroy();
      }
      send(answer[0], answer[1]);
    } catch (err) {
      send(500, { outcome: 'InternalServerError', traceParent: trace() });
      console.error('fake prodigi:', err);
    }
  });

  const server = await listenDouble(handler, opts);

  const get = (orderId: string) => {
    const o = orders.get(orderId);
    if (!o) throw new Error(`fake prodigi: no order ${orderId}`);
    return o;
  };

  const api = {
    /** Its base URL, with the version (none when mounted: the app's address is the caller's). */
    url: server.url && `${server.url}/v4.0`,
    apiKey,
    /** The request listener, to mount on an app (`listen: false`). */
    handler,
    /** The orders made, by id, as GET /orders/{id} answers them. */
    orders,
    requests,
    assetFetches,
    callbacks,
    /** setDown, refuseAddress (400 ValidationFailed on the ZIP code), setCreateDelay. */
    ...badDays.switches,
    /** 429 to every call (or only to order creates), with this `Retry-After` (seconds or an HTTP date). */
    setThrottled(on: boolean, retryAfterValue = '30', only?: 'creates') {
      throttled = on ? (only ?? 'all') : false;
      retryAfter = retryAfterValue;
    },
    /** Each order create (a new order made, or one already made) loses its connection before the answer. */
    setDropCreates(on: boolean) {
      dropCreates = on;
    },
    /**
     * Orders show in the list (GET /orders) only this long after they are made: a list behind its
     * writes, so a client that finds nothing must rely on the idempotency key.
     */
    setListDelay(ms: number) {
      listDelayMs = ms;
    },
    /** The account's callback URL (the dashboard's setting), for orders made without one. */
    setAccountCallbackUrl(url: string | null) {
      accountCallbackUrl = url;
    },
    /** The CloudEvent Prodigi sends about an order now. */
    callbackEvent(
      orderId: string,
      type = `com.prodigi.order.status.stage.changed#${get(orderId).status.stage}`,
    ): ProdigiCallback {
      const o = get(orderId);
      return {
        specversion: '1.0',
        type,
        source: 'https://api.sandbox.prodigi.com/v4.0/Orders/',
        id: id('evt'),
        time: now(),
        datacontenttype: 'application/json',
        data: { order: structuredClone(o) },
        subject: o.id,
      };
    },
    /** POSTs a callback event to a URL (a replay, say); our server's status. */
    deliverCallback: deliver,
    /**
     * The lab ships an order: one shipment of all its items with tracking, the order Complete,
     * and the callback sent (to the order's URL, else the account's). Its status, or null when
     * there is nowhere to send it.
     */
    async ship(
      orderId: string,
      s: { carrier?: string; service?: string; trackingNumber?: string } = {},
    ): Promise<number | null> {
      const o = get(orderId);
      const number = s.trackingNumber ?? `7${String(Date.now()).slice(-11)}`;
      const carrier = s.carrier ?? 'FedEx';
      o.shipments.push({
        id: id('shp'),
        status: 'Shipped',
        carrier: { name: carrier, service: s.service ?? `${carrier} Ground` },
        tracking: { number, url: `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(number)}` },
        dispatchDate: now(),
        items: o.items.map((i) => ({ itemId: i.id })),
        fulfillmentLocation: { countryCode: 'US', labCode: 'us1' },
      });
      o.status.stage = 'Complete';
      for (const k of Object.keys(o.status.details) as (keyof typeof o.status.details)[])
        o.status.details[k] = 'Complete';
      o.lastUpdated = now();
      persist();
      const url = o.callbackUrl ?? accountCallbackUrl;
      return url ? deliver(url, api.callbackEvent(o.id)) : null;
    },
    /** Cancels an order as the dashboard would. */
    cancel(orderId: string) {
      get(orderId).status.stage = 'Cancelled';
      persist();
    },
    close: async () => {
      stopping.abort();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await server.close();
    },
  };
  // orders of the last run not shipped yet ship when they would have (at once if overdue)
  if (opts.autoShipAfterMs !== undefined)
    for (const o of saved?.orders ?? [])
      if (o.status.stage === 'InProgress' && !o.shipments.length)
        later(Math.max(0, Date.parse(o.created) + opts.autoShipAfterMs - Date.now()), () => api.ship(o.id));
  return api;
}
export type FakeProdigi = Awaited<ReturnType<typeof startFakeProdigi>>;
