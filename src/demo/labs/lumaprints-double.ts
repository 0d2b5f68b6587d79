import { labBadDays, listenDouble, wholeRequests, type DoubleRequest } from './double-server';
import sharp from 'sharp';
import { demoLabState } from './demo-lab-state';

/**
 * A local HTTP double of Lumaprints' REST API (https://api-docs.lumaprints.com), for tests and for
 * a demo without keys, as fake-stripe.ts is for Stripe. What it does as the real lab does (as far
 * as its docs and integrators' notes say, see the research notes of issue 26):
 * - HTTP Basic with the key and secret on every call (401 otherwise); JSON errors
 *   `{statusCode, message}`, validation errors with a list of messages (NestJS's shape).
 * - A small catalogue: Canvas (101) and Fine Art Paper (103), their sizes, DPI and option groups;
 *   single and batch pricing; shipping quotes (several methods, the cheapest not first).
 * - The image check and the order submit FETCH each image URL (so signed URLs are really used):
 *   400 "The image URL is invalid or not accessible." when that fails or is not 200, 400 when it
 *   is not a JPEG or PNG. With strictImages(true) also the lab's rules: the image's aspect ratio
 *   within 1 % of the print's, and the required DPI (406); off by default.
 * - Orders: 201 {message, orderNumber (a number)}; GET answers carry it as a string. The same
 *   externalId twice makes two orders (nothing documents otherwise: our code must look first).
 *   Listing by store, 10 a page, newest first. Shipments: 404 until the order has one.
 * - The shipping webhook: registration verifies the URL by POSTing `{}` to it (200 wanted), a
 *   second registration of the same URL is 400 "Duplicate Webhook URL"; the payload is not signed.
 * Switches for the lab's bad days: down (503 from its proxy, an HTML page), throttled (429),
 * an address or images it refuses, a slow order submit.
 */

export const FAKE_LUMAPRINTS_CREDENTIALS = { apiKey: 'lp_test_key_5f3a', apiSecret: 'lp_test_secret_9c1e' };
export const FAKE_LUMAPRINTS_STORE = { storeId: 82222, storeName: 'Wildframe Prints' };
/** The first order number the double gives (the docs' example), then one more each order. */
export const FAKE_FIRST_ORDER_NUMBER = 10000001440;
const PAGE_SIZE = 10;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---- the catalogue --------------------------------------------------------------------------------

type FakeOption = { optionId: number; optionName: string; price: number };
type FakeOptionGroup = { optionGroup: string; items: FakeOption[] };
export type FakeSubcategory = {
  subcategoryId: number;
  categoryId: number;
  name: string;
  minimumWidth: number;
  maximumWidth: number;
  minimumHeight: number;
  maximumHeight: number;
  requiredDPI: number;
  /** The double's price: base + per square inch, in dollars. */
  base: number;
  perSquareInch: number;
  /** Canvas ships in a box of its own: more per item. */
  shippingExtra: number;
  optionGroups: FakeOptionGroup[];
};

const canvasGroups: FakeOptionGroup[] = [
  {
    optionGroup: 'Canvas Wrap',
    items: [
      { optionId: 1, optionName: 'Image Wrap', price: 0 },
      { optionId: 2, optionName: 'Mirror Wrap', price: 0 },
      { optionId: 3, optionName: 'Solid Color Wrap', price: 0 },
    ],
  },
  {
    optionGroup: 'Hanging Hardware',
    items: [
      { optionId: 4, optionName: 'Sawtooth Hanger installed', price: 1.5 },
      { optionId: 9, optionName: 'None', price: 0 },
    ],
  },
];
const paperGroups: FakeOptionGroup[] = [
  {
    optionGroup: 'Bleed',
    items: [
      { optionId: 36, optionName: '0.25" Bleed', price: 0 },
      { optionId: 39, optionName: 'No Bleed', price: 0 },
    ],
  },
];

export const FAKE_LUMAPRINTS_CATEGORIES = [
  { id: 101, name: 'Canvas' },
  { id: 103, name: 'Fine Art Paper' },
];
export const FAKE_LUMAPRINTS_SUBCATEGORIES: FakeSubcategory[] = [
  {
    subcategoryId: 101001,
    categoryId: 101,
    name: '0.75in Stretched Canvas',
    minimumWidth: 5,
    maximumWidth: 120,
    minimumHeight: 5,
    maximumHeight: 52,
    requiredDPI: 200,
    base: 12,
    perSquareInch: 0.07,
    shippingExtra: 6,
    optionGroups: canvasGroups,
  },
  {
    subcategoryId: 101002,
    categoryId: 101,
    name: '1.25in Stretched Canvas',
    minimumWidth: 8,
    maximumWidth: 120,
    minimumHeight: 8,
    maximumHeight: 52,
    requiredDPI: 200,
    base: 18,
    perSquareInch: 0.08,
    shippingExtra: 8,
    optionGroups: canvasGroups,
  },
  {
    subcategoryId: 103001,
    categoryId: 103,
    name: 'Archival Matte Fine Art Paper',
    minimumWidth: 4,
    maximumWidth: 60,
    minimumHeight: 4,
    maximumHeight: 44,
    requiredDPI: 150,
    base: 2.5,
    perSquareInch: 0.04,
    shippingExtra: 0,
    optionGroups: paperGroups,
  },
  {
    subcategoryId: 103002,
    categoryId: 103,
    name: 'Hot Press Fine Art Paper',
    minimumWidth: 4,
    maximumWidth: 60,
    minimumHeight: 4,
    maximumHeight: 44,
    requiredDPI: 150,
    base: 3,
    perSquareInch: 0.05,
    shippingExtra: 0,
    optionGroups: paperGroups,
  },
];

const money = (dollars: number) => Math.round(dollars * 100) / 100;

/** The double's price of one print (no options), in dollars. */
export function fakeLabBasePrice(subcategoryId: number, width: number, height: number): number {
  const sub = FAKE_LUMAPRINTS_SUBCATEGORIES.find((s) => s.subcategoryId === subcategoryId);
  if (!sub) throw new Error(`fake lumaprints: no subcategory ${subcategoryId}`);
  return money(sub.base + sub.perSquareInch * width * height);
}

/** The shipping methods the double quotes (dollars), for items' subcategories and quantities. */
export function fakeLabShippingMethods(items: { subcategoryId: number; quantity: number }[]) {
  const count = items.reduce((n, i) => n + i.quantity, 0);
  const extra = items.reduce(
    (sum, i) =>
      sum +
      (FAKE_LUMAPRINTS_SUBCATEGORIES.find((s) => s.subcategoryId === i.subcategoryId)?.shippingExtra ?? 0),
    0,
  );
  const more = Math.max(0, count - 1);
  // the cheapest is not the first: a client must pick it
  return [
    { carrier: 'FedEx', method: '2_day', cost: money(21.99 + 2 * more + extra) },
    { carrier: 'UPS', method: 'ground', cost: money(9.49 + 1.5 * more + extra) },
    { carrier: 'USPS', method: 'usps_ground_advantage', cost: money(7.95 + 1.5 * more + extra) },
    { carrier: 'FedEx', method: 'overnight', cost: money(38.99 + 3 * more + extra) },
  ];
}

const SHIPPING_METHODS = [
  'default',
  'pickup',
  'ground',
  'ground_economy',
  '2_day',
  'overnight',
  'usps_ground_advantage',
  'usps_priority_mail',
  'usps_first_class_mail_international',
  'usps_priority_mail_international',
  'usps_priority_mail_express_international',
  'freight',
];
const PRODUCTION_TIMES = ['regular', 'nextday', 'sameday'];

// ---- what the double keeps --------------------------------------------------------------------

export type FakeLabShipment = {
  carrier: string;
  shippingMethod: string;
  trackingNumber: string | null;
  shipmentDate: string;
  shipmentItems: { externalItemId: string; product: string; quantity: number }[];
};
export type FakeLabOrder = {
  orderNumber: string;
  /** The POST /api/v1/orders body exactly as received. */
  received: Obj;
  storeId: number;
  externalId: string;
  orderDate: string;
  orderStatus: string;
  shipments: FakeLabShipment[];
};
export type FakeLabWebhook = {
  id: number;
  event: string;
  storeId: number;
  url: string;
  username: string | null;
  password: string | null;
};
type Recipient = Record<string, string | null | undefined>;
export type ShippingWebhookPayload = {
  orderNumber: string;
  externalId: string;
  shipments: FakeLabShipment[];
};

const ADDRESS_FIELDS = ['addressLine1', 'city', 'state', 'zipCode'];
const NAME_FIELDS = ['firstName', 'lastName'];

/** NestJS-style validation: a list of messages, empty when the body is fine. */
function validateRecipient(r: unknown, prefix: string, namesRequired: boolean): string[] {
  if (!isObj(r)) return [`${prefix} must be an object`];
  const errors: string[] = [];
  for (const f of [...(namesRequired ? NAME_FIELDS : []), ...ADDRESS_FIELDS]) {
    if (typeof r[f] !== 'string') errors.push(`${prefix}.${f} must be a string`);
    else if (!(r[f] as string).trim()) errors.push(`${prefix}.${f} should not be empty`);
    else if ((r[f] as string).length > 191)
      errors.push(`${prefix}.${f} must be shorter than or equal to 191 characters`);
  }
  if (typeof r.country !== 'string' || r.country.length !== 2)
    errors.push(
      `${prefix}.country must be longer than or equal to 2 and shorter than or equal to 2 characters`,
    );
  for (const f of ['addressLine2', 'phone', 'company', ...(namesRequired ? [] : NAME_FIELDS)])
    if (r[f] !== undefined && r[f] !== null && typeof r[f] !== 'string')
      errors.push(`${prefix}.${f} must be a string`);
  return errors;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

type Priced = { price: number; options: (FakeOption & { optionGroupName: string })[] };

/** The product's price with its options, or the lab's message why not. */
function priceProduct(
  subcategoryId: unknown,
  width: unknown,
  height: unknown,
  options: unknown,
): Priced | string {
  const sub = FAKE_LUMAPRINTS_SUBCATEGORIES.find((s) => s.subcategoryId === subcategoryId);
  if (!sub) return `Subcategory ${String(subcategoryId)} does not exist`;
  if (!isNum(width) || !isNum(height)) return 'Width and height must be numbers';
  if (width < sub.minimumWidth || width > sub.maximumWidth)
    return `Width must be between ${sub.minimumWidth} and ${sub.maximumWidth} inches for subcategory ${sub.subcategoryId}`;
  if (height < sub.minimumHeight || height > sub.maximumHeight)
    return `Height must be between ${sub.minimumHeight} and ${sub.maximumHeight} inches for subcategory ${sub.subcategoryId}`;
  const ids = Array.isArray(options) ? options : [];
  const chosen: Priced['options'] = [];
  for (const id of ids) {
    const group = sub.optionGroups.find((g) => g.items.some((o) => o.optionId === Number(id)));
    if (!group) return `Option ${String(id)} is not available for subcategory ${sub.subcategoryId}`;
    if (chosen.some((c) => c.optionGroupName === group.optionGroup))
      return `Only one option from option group "${group.optionGroup}" is allowed`;
    const opt = group.items.find((o) => o.optionId === Number(id))!;
    chosen.push({ ...opt, optionGroupName: group.optionGroup });
  }
  return { price: fakeLabBasePrice(sub.subcategoryId, width, height), options: chosen };
}

const today = () => new Date().toISOString().slice(0, 10);

export async function startFakeLumaprints(
  opts: {
    apiKey?: string;
    apiSecret?: string;
    verifyWebhookUrls?: boolean;
    port?: number;
    /** false: no server of its own; mount `handler` on an app (the demo lab). */
    listen?: boolean;
    /** Ships each new order this long after it is made and calls the webhooks (the demo lab). */
    autoShipAfterMs?: number;
    /** Keeps its orders in this file across restarts (the demo lab, under DATA_DIR). */
    stateFile?: string;
  } = {},
) {
  const apiKey = opts.apiKey ?? FAKE_LUMAPRINTS_CREDENTIALS.apiKey;
  const apiSecret = opts.apiSecret ?? FAKE_LUMAPRINTS_CREDENTIALS.apiSecret;
  const expectedAuth = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
  const verifyWebhookUrls = opts.verifyWebhookUrls ?? true;

  const orders = new Map<string, FakeLabOrder>();
  /** Every request, `authorized` when it carried the right Basic credentials. */
  const requests: DoubleRequest[] = [];
  const registeredWebhooks: FakeLabWebhook[] = [];
  /** Every image URL the double fetched, with the status it got (0: no answer). */
  const imageFetches: { url: string; status: number }[] = [];
  let nextOrderNumber = FAKE_FIRST_ORDER_NUMBER;
  const badDays = labBadDays((r: Recipient) => r.zipCode);
  let throttled = false;
  let refuseImagesOn = false;
  let strictImagesOn = false;
  const shipTimers = new Set<NodeJS.Timeout>();
  // the orders of its last run, numbering on from them
  type Saved = { nextOrderNumber: number; orders: FakeLabOrder[] };
  const state = opts.stateFile ? demoLabState<Saved>(opts.stateFile) : null;
  const saved = state?.load();
  if (saved) {
    nextOrderNumber = Math.max(nextOrderNumber, saved.nextOrderNumber);
    for (const o of saved.orders) orders.set(o.orderNumber, o);
  }
  const persist = () => state?.save({ nextOrderNumber, orders: [...orders.values()] });

  type Answer = [number, unknown];
  const bad = (message: string | string[], status = 400): Answer => [
    status,
    Array.isArray(message)
      ? { statusCode: status, message, error: 'Bad Request' }
      : { statusCode: status, message },
  ];
  const INVALID_URL: Answer = bad('The image URL is invalid or not accessible.');
  const ADDRESS_MESSAGE = (r: Recipient) =>
    `The recipient address could not be validated: ZIP code ${r.zipCode ?? ''} is not valid for ${r.city ?? ''}, ${r.state ?? ''}.`;

  /** Fetches an image as the lab does: its pixel size, or the lab's refusal. */
  async function fetchImage(url: unknown): Promise<{ width: number; height: number } | Answer> {
    if (typeof url !== 'string' || url.length < 6 || url.length > 1024 || !/^https?:\/\//.test(url))
      return INVALID_URL;
    let status = 0;
    let bytes: Buffer;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      status = res.status;
      bytes = Buffer.from(await res.arrayBuffer());
    } catch {
      imageFetches.push({ url, status });
      return INVALID_URL;
    }
    imageFetches.push({ url, status });
    if (status !== 200) return INVALID_URL;
    try {
      const meta = await sharp(bytes).metadata();
      if (meta.format !== 'jpeg' && meta.format !== 'png') throw new Error(meta.format);
      return { width: meta.autoOrient.width, height: meta.autoOrient.height };
    } catch {
      return bad('The image file is not a valid file type. Allowed file types are JPG, JPEG and PNG.');
    }
  }

  /**
   * The lab's measure of an image for a print: null when it fits, else its 406. The aspect ratio
   * is compared either way round (a landscape file for a portrait size is taken, turned).
   */
  function measure(
    sub: FakeSubcategory,
    printWidth: number,
    printHeight: number,
    imageUrl: string,
    px: { width: number; height: number },
  ): Answer | null {
    const turned = px.width > px.height !== printWidth > printHeight && printWidth !== printHeight;
    const w = turned ? px.height : px.width;
    const h = turned ? px.width : px.height;
    const expectedWidth = Math.round(printWidth * sub.requiredDPI);
    const expectedHeight = Math.round(printHeight * sub.requiredDPI);
    const refusal = (message: string): Answer => [
      406,
      {
        message,
        imageUrl,
        expectedWidth,
        expectedHeight,
        actualImageWidth: px.width,
        actualImageHeight: px.height,
      },
    ];
    if (refuseImagesOn)
      return refusal(
        'The aspect ratio of the image is not same as the ordered size. We only allow a maximum of 1% difference between the aspect ratio of the image and the ordered size.',
      );
    if (!strictImagesOn) return null;
    const expected = printWidth / printHeight;
    if (Math.abs(w / h - expected) / expected > 0.01)
      return refusal(
        'The aspect ratio of the image is not same as the ordered size. We only allow a maximum of 1% difference between the aspect ratio of the image and the ordered size.',
      );
    if (w < expectedWidth || h < expectedHeight)
      return refusal(
        `The image resolution is too low for the ordered size. The minimum required resolution is ${sub.requiredDPI} DPI (${expectedWidth}x${expectedHeight} pixels).`,
      );
    return null;
  }

  const ratio = (w: number, h: number) => {
    const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
    const g = gcd(Math.round(w), Math.round(h)) || 1;
    return `${Math.round(w) / g}:${Math.round(h) / g}`;
  };

  const orderView = (o: FakeLabOrder) => {
    const b = o.received;
    const items = (b.orderItems as Obj[]).map((i) => {
      const priced = priceProduct(i.subcategoryId, i.width, i.height, i.orderItemOptions) as Priced;
      const unit = priced.price + priced.options.reduce((s, x) => s + x.price, 0);
      return {
        subcategoryId: i.subcategoryId,
        externalItemId: i.externalItemId,
        quantity: i.quantity,
        width: i.width,
        height: i.height,
        file: { imageUrl: (i.file as Obj).imageUrl },
        itemCostTotal: money(unit * (i.quantity as number)),
        orderItemOptions: priced.options.map((x) => ({ optionId: x.optionId, optionName: x.optionName })),
      };
    });
    const subTotal = money(items.reduce((s, i) => s + i.itemCostTotal, 0));
    const shippingTotal = Math.min(
      ...fakeLabShippingMethods(items as { subcategoryId: number; quantity: number }[]).map((m) => m.cost),
    );
    return {
      orderNumber: o.orderNumber,
      externalId: o.externalId,
      storeId: String(o.storeId),
      orderDate: o.orderDate,
      shippingMethod: b.shippingMethod ?? 'default',
      productionTime: b.productionTime ?? 'regular',
      discountTotal: 0,
      shippingTotal,
      taxTotal: 0,
      subTotal,
      orderTotal: money(subTotal + shippingTotal),
      orderStatus: o.orderStatus,
      recipient: b.recipient,
      orderItems: items,
    };
  };

  function validateOrder(b: Obj): string[] {
    const errors: string[] = [];
    if (typeof b.externalId !== 'string') errors.push('externalId must be a string');
    else if (!b.externalId) errors.push('externalId should not be empty');
    else if (b.externalId.length > 191)
      errors.push('externalId must be shorter than or equal to 191 characters');
    if (!isNum(b.storeId)) errors.push('storeId must be a number conforming to the specified constraints');
    if (b.shippingMethod !== undefined && !SHIPPING_METHODS.includes(b.shippingMethod as string))
      errors.push(`shippingMethod must be one of the following values: ${SHIPPING_METHODS.join(', ')}`);
    if (b.productionTime !== undefined && !PRODUCTION_TIMES.includes(b.productionTime as string))
      errors.push(`productionTime must be one of the following values: ${PRODUCTION_TIMES.join(', ')}`);
    errors.push(...validateRecipient(b.recipient, 'recipient', true));
    if (!Array.isArray(b.orderItems) || b.orderItems.length === 0)
      errors.push('orderItems should not be empty');
    else
      b.orderItems.forEach((item: unknown, n) => {
        const p = `orderItems.${n}`;
        if (!isObj(item)) return errors.push(`${p} must be an object`);
        if (typeof item.externalItemId !== 'string' || !item.externalItemId)
          errors.push(`${p}.externalItemId must be a string`);
        if (!isNum(item.subcategoryId)) errors.push(`${p}.subcategoryId must be a number`);
        if (!isInt(item.quantity) || item.quantity < 1) errors.push(`${p}.quantity must not be less than 1`);
        for (const f of ['width', 'height'])
          if (!isNum(item[f]) || (item[f] as number) <= 0) errors.push(`${p}.${f} must be a positive number`);
        const url = isObj(item.file) ? item.file.imageUrl : undefined;
        if (typeof url !== 'string' || url.length < 6 || url.length > 1024)
          errors.push(`${p}.file.imageUrl must be longer than or equal to 6 characters`);
        if (!Array.isArray(item.orderItemOptions) || !item.orderItemOptions.every(isNum))
          errors.push(`${p}.orderItemOptions must be an array of numbers`);
      });
    return errors;
  }

  async function handle(method: string, url: URL, body: unknown): Promise<Answer> {
    const path = url.pathname.replace(/\/+$/, '');
    const b = isObj(body) ? body : {};

    if (method === 'GET' && path === '/api/v1/stores') return [200, [FAKE_LUMAPRINTS_STORE]];

    if (method === 'GET' && path === '/api/v1/products/categories') return [200, FAKE_LUMAPRINTS_CATEGORIES];
    let m = /^\/api\/v1\/products\/categories\/(\d+)\/subcategories$/.exec(path);
    if (method === 'GET' && m) {
      const id = Number(m[1]);
      if (!FAKE_LUMAPRINTS_CATEGORIES.some((c) => c.id === id)) return bad('Category not found', 404);
      return [
        200,
        FAKE_LUMAPRINTS_SUBCATEGORIES.filter((s) => s.categoryId === id).map((s) => {
          const sizes = {
            minimumWidth: s.minimumWidth,
            maximumWidth: s.maximumWidth,
            minimumHeight: s.minimumHeight,
            maximumHeight: s.maximumHeight,
          };
          return {
            subcategoryId: s.subcategoryId,
            name: s.name,
            // paper's sizes come as strings, as one integrator typed them: clients parse defensively
            ...(s.categoryId === 103
              ? Object.fromEntries(Object.entries(sizes).map(([k, v]) => [k, String(v)]))
              : sizes),
            requiredDPI: s.requiredDPI,
          };
        }),
      ];
    }
    m = /^\/api\/v1\/products\/subcategories\/(\d+)\/options$/.exec(path);
    if (method === 'GET' && m) {
      const sub = FAKE_LUMAPRINTS_SUBCATEGORIES.find((s) => s.subcategoryId === Number(m![1]));
      if (!sub) return bad('Subcategory not found', 404);
      return [
        200,
        sub.optionGroups.map((g) => ({
          optionGroup: g.optionGroup,
          optionGroupItems: g.items.map((o) => ({ optionId: o.optionId, optionName: o.optionName })),
        })),
      ];
    }

    if (method === 'POST' && path === '/api/v1/pricing/product') {
      const size = isObj(b.size) ? b.size : {};
      const priced = priceProduct(b.subcategoryId, size.width, size.height, b.options ?? []);
      if (typeof priced === 'string') return bad(priced);
      return [
        200,
        { subcategoryId: b.subcategoryId, size: { width: size.width, height: size.height }, ...priced },
      ];
    }
    if (method === 'POST' && path === '/api/v1/pricing/products') {
      if (!Array.isArray(body)) return bad(['each value in products must be an object']);
      return [
        200,
        body.map((p: unknown) => {
          const q = isObj(p) ? p : {};
          const size = isObj(q.size) ? q.size : {};
          const head = { subcategoryId: q.subcategoryId, size: { width: size.width, height: size.height } };
          if (!Array.isArray(q.options))
            return { success: false, ...head, error: 'options must be an array', statusCode: 400 };
          const priced = priceProduct(q.subcategoryId, size.width, size.height, q.options);
          return typeof priced === 'string'
            ? { success: false, ...head, error: priced, statusCode: 400 }
            : { success: true, ...head, ...priced };
        }),
      ];
    }

    if (method === 'POST' && path === '/api/v1/pricing/shipping') {
      const errors = validateRecipient(b.recipient, 'recipient', false);
      if (!Array.isArray(b.orderItems) || !b.orderItems.length) errors.push('orderItems should not be empty');
      else
        b.orderItems.forEach((item: unknown, n) => {
          const i = isObj(item) ? item : {};
          for (const f of ['subcategoryId', 'quantity', 'width', 'height'])
            if (!isInt(i[f])) errors.push(`orderItems.${n}.${f} must be an integer number`);
        });
      if (errors.length) return bad(errors);
      const items = b.orderItems as Obj[];
      for (const i of items) {
        const priced = priceProduct(i.subcategoryId, i.width, i.height, i.orderItemOptions ?? []);
        if (typeof priced === 'string') return bad(priced);
      }
      const r = b.recipient as Recipient;
      if (badDays.refuses(r)) return bad('No shipping method is available for the recipient address.', 406);
      return [
        200,
        {
          message: 'Shipping methods and costs retrieved successfully.',
          shippingMethods: fakeLabShippingMethods(items as { subcategoryId: number; quantity: number }[]),
        },
      ];
    }

    if (method === 'POST' && path === '/api/v1/images/checkImageConfig') {
      const errors: string[] = [];
      for (const f of ['subcategoryId', 'printWidth', 'printHeight'])
        if (!isNum(b[f])) errors.push(`${f} must be a number conforming to the specified constraints`);
      if (typeof b.imageUrl !== 'string') errors.push('imageUrl must be a string');
      if (!Array.isArray(b.orderItemOptions)) errors.push('orderItemOptions must be an array');
      if (errors.length) return bad(errors);
      const priced = priceProduct(b.subcategoryId, b.printWidth, b.printHeight, b.orderItemOptions);
      if (typeof priced === 'string') return bad(priced);
      const sub = FAKE_LUMAPRINTS_SUBCATEGORIES.find((s) => s.subcategoryId === b.subcategoryId)!;
      const px = await fetchImage(b.imageUrl);
      if (Array.isArray(px)) return px;
      const pw = b.printWidth as number;
      const ph = b.printHeight as number;
      const refused = measure(sub, pw, ph, b.imageUrl as string, px);
      if (refused) return refused;
      return [
        200,
        {
          message:
            'The aspect ratio of the image is the same as the ordered size. We allow a maximum of 1% difference between the aspect ratio of the image and the ordered size.',
          imageUrl: b.imageUrl,
          recommendedWidth: Math.round(pw * sub.requiredDPI),
          recommendedHeight: Math.round(ph * sub.requiredDPI),
          expectedAspectRatio: ratio(pw * 100, ph * 100),
          actualImageWidth: px.width,
          actualImageHeight: px.height,
          actualImageAspectRatio: ratio(px.width, px.height),
        },
      ];
    }

    if (method === 'POST' && path === '/api/v1/orders') {
      const errors = validateOrder(b);
      if (errors.length) return bad(errors);
      if (b.storeId !== FAKE_LUMAPRINTS_STORE.storeId) return bad('Store not found', 404);
      const items = b.orderItems as Obj[];
      for (const [n, i] of items.entries()) {
        const priced = priceProduct(i.subcategoryId, i.width, i.height, i.orderItemOptions);
        if (typeof priced === 'string') return bad(`orderItems.${n}: ${priced}`);
      }
      const r = b.recipient as Recipient;
      if (badDays.refuses(r)) return bad(ADDRESS_MESSAGE(r));
      // the preliminary checks: every image fetched and measured
      const measured = await Promise.all(items.map((i) => fetchImage((i.file as Obj).imageUrl)));
      for (const [n, px] of measured.entries()) {
        if (Array.isArray(px)) return px;
        const i = items[n];
        const sub = FAKE_LUMAPRINTS_SUBCATEGORIES.find((s) => s.subcategoryId === i.subcategoryId)!;
        const refused = measure(
          sub,
          i.width as number,
          i.height as number,
          (i.file as Obj).imageUrl as string,
          px,
        );
        if (refused) return refused;
      }
      const orderNumber = nextOrderNumber++;
      orders.set(String(orderNumber), {
        orderNumber: String(orderNumber),
        received: structuredClone(b),
        storeId: b.storeId as number,
        externalId: b.externalId as string,
        orderDate: new Date().toISOString(),
        orderStatus: 'Awaiting Fulfillment',
        shipments: [],
      });
      if (opts.autoShipAfterMs !== undefined) autoShip(String(orderNumber), opts.autoShipAfterMs);
      // the order exists from here on: a client that gives up waiting has still made it
      await badDays.slowCreate();
      return [
        201,
        {
          message:
            'The preliminary checks for the order submission were successful. It has now been placed in the queue for processing.',
          orderNumber,
        },
      ];
    }

    if (method === 'GET' && path === '/api/v1/orders') {
      const storeId = Number(url.searchParams.get('storeId'));
      if (!url.searchParams.get('storeId') || !Number.isInteger(storeId))
        return bad(['storeId must be a number conforming to the specified constraints']);
      const page = Number(url.searchParams.get('page') ?? '1');
      if (!Number.isInteger(page) || page < 1) return bad(['page must not be less than 1']);
      if (storeId !== FAKE_LUMAPRINTS_STORE.storeId) return bad('Store not found', 404);
      // the docs' date filters (`orderDateStart`, `orderDateEnd`: days, both ends included)
      const range: string[] = [];
      for (const f of ['orderDateStart', 'orderDateEnd']) {
        const v = url.searchParams.get(f);
        if (v !== null && !/^\d{4}-\d{2}-\d{2}$/.test(v))
          range.push(`${f} must be a valid date (YYYY-MM-DD)`);
      }
      if (range.length) return bad(range);
      const start = url.searchParams.get('orderDateStart') ?? '0000-00-00';
      const end = url.searchParams.get('orderDateEnd') ?? '9999-99-99';
      const all = [...orders.values()]
        .filter(
          (o) =>
            o.storeId === storeId && o.orderDate.slice(0, 10) >= start && o.orderDate.slice(0, 10) <= end,
        )
        .sort(
          // newest first
          (a, b) => b.orderDate.localeCompare(a.orderDate) || Number(b.orderNumber) - Number(a.orderNumber),
        );
      return [
        200,
        {
          orders: all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(orderView),
          totalOrders: all.length,
          currentPage: page,
          totalPages: Math.ceil(all.length / PAGE_SIZE),
        },
      ];
    }
    m = /^\/api\/v1\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const o = orders.get(decodeURIComponent(m[1]));
      return o ? [200, orderView(o)] : bad('Order not found', 404);
    }
    m = /^\/api\/v1\/shipments\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const o = orders.get(decodeURIComponent(m[1]));
      if (!o) return bad('Order not found', 404);
      if (!o.shipments.length) return bad('Shipment not found', 404);
      return [200, { orderNumber: o.orderNumber, shipments: structuredClone(o.shipments) }];
    }

    if (method === 'POST' && path === '/api/v1/webhook') {
      const errors: string[] = [];
      if (b.event !== 'shipping') errors.push('event must be one of the following values: shipping');
      const storeId = Number(b.storeId);
      if (b.storeId === undefined || !Number.isInteger(storeId))
        errors.push('storeId must be a number conforming to the specified constraints');
      let target: URL | null = null;
      try {
        target = new URL(String(b.url));
      } catch {
        /* below */
      }
      if (typeof b.url !== 'string' || !target || !/^https?:$/.test(target.protocol))
        errors.push('url must be a URL address');
      if (errors.length) return bad(errors);
      if (storeId !== FAKE_LUMAPRINTS_STORE.storeId) return bad('Store not found', 404);
      if (registeredWebhooks.some((w) => w.url === b.url && w.storeId === storeId))
        return bad('Duplicate Webhook URL');
      const hook: FakeLabWebhook = {
        id: registeredWebhooks.length + 1,
        event: 'shipping',
        storeId,
        url: b.url as string,
        username: typeof b.username === 'string' ? b.username : null,
        password: typeof b.password === 'string' ? b.password : null,
      };
      if (verifyWebhookUrls) {
        const res = await post(hook.url, {}, hook).catch(() => null);
        if (res?.status !== 200) return bad('URL Not accessible');
      }
      registeredWebhooks.push(hook);
      return [201, { status: 201, message: 'Webhook has been successfully created.' }];
    }

    return [404, { statusCode: 404, message: `Cannot ${method} ${url.pathname}`, error: 'Not Found' }];
  }

  /** POSTs JSON as the lab's webhook sender does (Basic auth when the hook was registered with it). */
  function post(url: string, payload: unknown, hook?: FakeLabWebhook | null): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (hook?.username || hook?.password)
      headers.authorization = `Basic ${Buffer.from(`${hook.username ?? ''}:${hook.password ?? ''}`).toString('base64')}`;
    return fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(10_000),
    });
  }

  /** The demo lab's shipment: a UPS tracking number, every registered webhook told. */
  function autoShip(orderNumber: string, ms: number) {
    const t = setTimeout(() => {
      shipTimers.delete(t);
      const o = orders.get(orderNumber);
      if (!o || o.shipments.length) return;
      api.ship(orderNumber, { carrier: 'UPS', trackingNumber: `1Z999AA1${String(Date.now()).slice(-10)}` });
      for (const hook of registeredWebhooks.filter((w) => w.storeId === o.storeId))
        void post(hook.url, api.webhookPayload(orderNumber), hook).catch(() => undefined);
    }, ms);
    t.unref();
    shipTimers.add(t);
  }

  const handler = wholeRequests(async (call) => {
    const { req, res, url, method, text } = call;
    // Test control for a spec in another process (e2e): the lab ships our order and calls the
    // registered webhook, as the real lab would. Not part of Lumaprints' API.
    if (method === 'POST' && url.pathname === '/__double/ship') {
      const b = JSON.parse(text || '{}') as {
        externalId?: string;
        carrier?: string;
        trackingNumber?: string;
      };
      const o = [...orders.values()].find((x) => x.externalId === String(b.externalId));
      res.writeHead(o ? 200 : 404, { 'content-type': 'application/json' });
      if (!o) return res.end(JSON.stringify({ message: 'no such order' }));
      api.ship(o.orderNumber, { carrier: b.carrier ?? 'UPS', trackingNumber: b.trackingNumber ?? null });
      const hook = registeredWebhooks.at(-1);
      const delivered = hook ? (await post(hook.url, api.webhookPayload(o.orderNumber), hook)).status : null;
      return res.end(JSON.stringify({ orderNumber: o.orderNumber, delivered }));
    }
    if (method === 'GET' && url.pathname === '/__double/orders') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify(
          [...orders.values()].map((o) => ({
            orderNumber: o.orderNumber,
            externalId: o.externalId,
            received: o.received,
          })),
        ),
      );
    }
    const entry = call.entry(req.headers.authorization === expectedAuth);
    requests.push(entry);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      persist();
      call.json(status, body, headers);
    };
    if (badDays.isDown()) {
      entry.status = 503;
      return call.down(
        '<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>503 Service Temporarily Unavailable</h1><p>cloudflare</p></body></html>',
      );
    }
    if (throttled)
      return send(
        429,
        { statusCode: 429, message: 'ThrottlerException: Too Many Requests' },
        { 'x-ratelimit-limit': '40', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '42' },
      );
    if (!entry.authorized) return send(401, { statusCode: 401, message: 'Unauthorized' });
    let body: unknown;
    if (text.trim()) {
      try {
        body = JSON.parse(text);
      } catch (err) {
        return send(400, { statusCode: 400, message: (err as Error).message, error: 'Bad Request' });
      }
    }
    entry.body = body;
    try {
      const [status, answer] = await handle(method, url, body);
      send(status, answer);
    } catch (err) {
      send(500, { statusCode: 500, message: 'Internal server error' });
      console.error('fake lumaprints:', err);
    }
  });
  const server = await listenDouble(handler, opts);

  const get = (orderNumber: string | number) => {
    const o = orders.get(String(orderNumber));
    if (!o) throw new Error(`fake lumaprints: no order ${orderNumber}`);
    return o;
  };

  const api = {
    /** Its base URL (none when mounted: the app's address is the caller's). */
    url: server.url,
    /** The request listener, to mount on an app (`listen: false`). */
    handler,
    credentials: { apiKey, apiSecret },
    store: FAKE_LUMAPRINTS_STORE,
    /** The orders made, by order number (a string), with the body as received. */
    orders,
    /** Every request, oldest first, with the status answered. */
    requests,
    /** The image URLs the double fetched (check and order), with the status it got. */
    imageFetches,
    registeredWebhooks,
    /** setDown, refuseAddress (orders answer 400 with the lab's message, shipping quotes 406), setCreateDelay. */
    ...badDays.switches,
    /** Throttled: every request answers 429 (Lumaprints allows 40 a minute). */
    setThrottled(on: boolean) {
      throttled = on;
    },
    /** Refuses every image (406, the lab's aspect-ratio message) in the check and in orders. */
    refuseImages(on: boolean) {
      refuseImagesOn = on;
    },
    /** The lab's own image rules: aspect ratio within 1 % of the print's, and the required DPI. */
    strictImages(on: boolean) {
      strictImagesOn = on;
    },
    /**
     * An order the store already has, made at `orderDate` (an ISO time): say, one of another shop
     * whose order ids were the same, long ago.
     */
    seedOrder(o: { externalId: string; orderDate: string }): string {
      const orderNumber = String(nextOrderNumber++);
      orders.set(orderNumber, {
        orderNumber,
        received: { externalId: o.externalId, storeId: FAKE_LUMAPRINTS_STORE.storeId, orderItems: [] },
        storeId: FAKE_LUMAPRINTS_STORE.storeId,
        externalId: o.externalId,
        orderDate: o.orderDate,
        orderStatus: 'Shipped',
        shipments: [],
      });
      return orderNumber;
    },
    /** Sets an order's status as the lab would ("In Production", "Cancelled"). */
    setStatus(orderNumber: string | number, status: string) {
      get(orderNumber).orderStatus = status;
    },
    /** The lab ships (part of) an order: a shipment with these, tracking number or none. */
    ship(
      orderNumber: string | number,
      s: { carrier: string; trackingNumber: string | null; shipmentDate?: string },
    ): FakeLabShipment {
      const o = get(orderNumber);
      const shipment: FakeLabShipment = {
        carrier: s.carrier,
        shippingMethod: `${s.carrier} Ground`,
        trackingNumber: s.trackingNumber,
        shipmentDate: s.shipmentDate ?? today(),
        shipmentItems: (o.received.orderItems as Obj[]).map((i) => ({
          externalItemId: String(i.externalItemId),
          product: `${String(i.width)}x${String(i.height)} ${
            FAKE_LUMAPRINTS_SUBCATEGORIES.find((x) => x.subcategoryId === i.subcategoryId)?.name ?? ''
          }`.trim(),
          quantity: Number(i.quantity),
        })),
      };
      o.shipments.push(shipment);
      o.orderStatus = 'Shipped';
      persist();
      return shipment;
    },
    /** What Lumaprints POSTs to the shipping webhook for an order (no event field, not signed). */
    webhookPayload(orderNumber: string | number): ShippingWebhookPayload {
      const o = get(orderNumber);
      return {
        orderNumber: o.orderNumber,
        externalId: o.externalId,
        shipments: structuredClone(o.shipments),
      };
    },
    /**
     * POSTs a payload to a URL as Lumaprints does (with the Basic credentials the URL was
     * registered with, if any); answers our server's response.
     */
    deliverWebhook(url: string, payload: unknown): Promise<Response> {
      return post(
        url,
        payload,
        registeredWebhooks.find((w) => w.url === url),
      );
    },
    close: () => {
      for (const t of shipTimers) clearTimeout(t);
      return server.close();
    },
  };
  // orders of the last run not shipped yet ship when they would have (at once if overdue)
  if (opts.autoShipAfterMs !== undefined)
    for (const o of saved?.orders ?? [])
      if (!o.shipments.length)
        autoShip(o.orderNumber, Math.max(0, Date.parse(o.orderDate) + opts.autoShipAfterMs - Date.now()));
  return api;
}
export type FakeLumaprints = Awaited<ReturnType<typeof startFakeLumaprints>>;
