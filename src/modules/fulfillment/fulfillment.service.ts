import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import { toCents, toDollars } from '../../platform/money';
import { escapeHtml } from '../../platform/html';
import { writeEmail } from '../../platform/outbox';
import {
  labMessages as messages,
  type Carrier,
  type FulfillmentStatus,
  type LabCatalog,
  type LabOrderView,
  type LabProductInput,
  type LabProductView,
  type LabSettingsInput,
  type LabSettingsView,
  type PhotoDetail,
  type PrintOption,
  type PrintSizes,
} from '../../contract';
import type { LabOrderSource } from '../orders';
import { LabError, type LabProvider, type LabRecipient, type LabSubcategory } from './lab-provider';
import type { LabSecrets } from './lab-secrets';
import type {
  FulfillmentRepository,
  LabOrderRow,
  LabProductRow,
  LabSettingsRow,
} from './fulfillment.repository';
import { parseInches } from '../../shared/print-sizes';

const LUMAPRINTS = 'https://us.api.lumaprints.com';
const LUMAPRINTS_SANDBOX = 'https://us.api-sandbox.lumaprints.com';
/** How long the lab may fetch an original from its signed address. */
const FILE_URL_DAYS = 14;
/** Sends that failed for a reason retrying may fix (the lab down) before the owner is told. */
const MAX_SEND_ATTEMPTS = 6;
const CATALOG_TTL_MS = 60 * 60 * 1000;
/** Where the admin's shipping quote goes: a typical US address (the lab quotes by region). */
const QUOTE_RECIPIENT: LabRecipient = {
  firstName: 'Shipping',
  lastName: 'Quote',
  addressLine1: '1100 4th Street SW',
  addressLine2: null,
  city: 'Washington',
  state: 'DC',
  zipCode: '20024',
  phone: null,
};

export type FulfillmentDeps = {
  repo: FulfillmentRepository;
  secrets: LabSecrets;
  /** Builds the lab's client for these credentials and address (lumaprints.client.ts in the app). */
  makeClient(opts: { apiKey: string; apiSecret: string; baseUrl: string }): LabProvider;
  orders: {
    forLab(id: number): Promise<LabOrderSource | null>;
    setFulfillmentStatus(
      id: number,
      status: FulfillmentStatus,
      shipping: { carrier?: Carrier | null; trackingNumber?: string | null },
    ): Promise<unknown>;
  };
  catalog: {
    listPrintOptions(): Promise<PrintOption[]>;
    imageAsset(photoId: number, kind: 'image'): Promise<number>;
    getPhoto(id: number, audience: 'admin'): Promise<PhotoDetail>;
  };
  media: {
    original(assetId: number): Promise<{ data: Buffer; mimeType: string } | null>;
    getAsset(assetId: number): Promise<{ width: number; height: number } | null>;
  };
  enqueueSend(orderId: number, delayMs: number, jobId: string): Promise<unknown>;
  enqueueSync(orderId: number): Promise<unknown>;
  enqueueEmail(emailId: number): Promise<unknown>;
};

const DEFAULTS = {
  enabled: false,
  sandbox: true,
  apiKeyEncrypted: null,
  apiSecretEncrypted: null,
  storeId: null,
  shippingMethod: 'default',
  productionTime: 'regular',
  holdMinutes: 60,
  minMarginPercent: 30,
} as const;

/** The lab's carrier name as one of ours (the shipping e-mail links its tracking page). */
export function carrierOf(name: string | null): Carrier {
  const n = (name ?? '').toLowerCase();
  if (n.includes('usps') || n.includes('postal')) return 'USPS';
  if (n.includes('ups')) return 'UPS';
  if (n.includes('fedex')) return 'FedEx';
  if (n.includes('dhl')) return 'DHL';
  return 'other';
}

/**
 * Whether an image of `px` pixels prints at `inches` with at least `ppi` pixels per inch on both
 * sides (the long side against the long side: the lab turns the image), and the ppi it reaches.
 */
export function resolutionFor(
  px: { width: number; height: number },
  inches: { widthIn: number; heightIn: number },
  ppi: number,
): { ok: boolean; ppi: number; needWidth: number; needHeight: number } {
  const [longPx, shortPx] = px.width >= px.height ? [px.width, px.height] : [px.height, px.width];
  const [longIn, shortIn] =
    inches.widthIn >= inches.heightIn ? [inches.widthIn, inches.heightIn] : [inches.heightIn, inches.widthIn];
  const reached = Math.floor(Math.min(longPx / longIn, shortPx / shortIn));
  const [needLong, needShort] = [Math.ceil(longIn * ppi), Math.ceil(shortIn * ppi)];
  const landscape = px.width >= px.height;
  return {
    ok: longPx >= needLong && shortPx >= needShort,
    ppi: reached,
    needWidth: landscape ? needLong : needShort,
    needHeight: landscape ? needShort : needLong,
  };
}

/** "John Quincy Adams" -> John / Quincy Adams; one word is both (the lab wants a last name). */
function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1
    ? { firstName: parts[0]!, lastName: parts.slice(1).join(' ') }
    : { firstName: parts[0] ?? '', lastName: parts[0] ?? '' };
}

const toLabOrderView = (row: LabOrderRow, labLines: number): LabOrderView => ({
  status: row.status,
  labOrderNumber: row.labOrderNumber,
  sendAfter: row.sendAfter.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  shippedAt: row.shippedAt?.toISOString() ?? null,
  lastError: row.lastError,
  attempts: row.attempts,
  labLines,
});

export function createFulfillmentService(ctx: AppContext, deps: FulfillmentDeps) {
  const { repo, secrets, logger } = { ...deps, logger: ctx.logger };
  let catalogCache: { at: number; value: LabCatalog } | null = null;

  async function settingsRow(): Promise<LabSettingsRow> {
    return (await repo.settings()) ?? { ...DEFAULTS, webhookSecret: '' };
  }

  function clientFor(s: LabSettingsRow): LabProvider {
    const apiKey = s.apiKeyEncrypted && secrets.decrypt(s.apiKeyEncrypted);
    const apiSecret = s.apiSecretEncrypted && secrets.decrypt(s.apiSecretEncrypted);
    if (!apiKey || !apiSecret) throw badRequest(messages.notConfigured);
    const baseUrl = ctx.config.LUMAPRINTS_API_BASE ?? (s.sandbox ? LUMAPRINTS_SANDBOX : LUMAPRINTS);
    return deps.makeClient({ apiKey, apiSecret, baseUrl });
  }

  /** A lab call for the owner: the lab's refusal is a 400 with its message, the lab down a 503. */
  async function forOwner<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof LabError)
        throw err.kind === 'refused'
          ? badRequest(err.message)
          : new AppError('unavailable', messages.unavailable);
      throw err;
    }
  }

  const webhookUrl = (s: LabSettingsRow) => `${ctx.config.publicUrl}/api/webhooks/lab/${s.webhookSecret}`;

  /** The lab's lines of an order: each line whose print option the lab makes, with its product. */
  async function labLinesOf(source: LabOrderSource) {
    const products = await repo.productsFor([...new Set(source.lines.map((l) => l.printOptionId))]);
    return source.lines.flatMap((line) => {
      const product = products.get(line.printOptionId);
      return product ? [{ line, product }] : [];
    });
  }

  /** The address the lab fetches an original from: signed, expiring, with no query string. */
  function fileUrl(assetId: number, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + FILE_URL_DAYS * 86400;
    return `${ctx.config.publicUrl}/api/lab-files/${assetId}/${expires}/${secrets.sign(assetId, expires)}/original.jpg`;
  }

  function productView(option: PrintOption, p: LabProductRow, minMargin: number): LabProductView {
    const ours = toCents(option.price) + toCents(option.shipping);
    const labTotal = p.costCents === null ? null : p.costCents + (p.shippingCents ?? 0);
    const margin = labTotal === null ? null : ours - labTotal;
    const marginPercent = margin === null || ours === 0 ? null : Math.round((margin / ours) * 1000) / 10;
    return {
      printOptionId: option.id,
      size: option.size,
      format: option.format,
      subcategoryId: p.subcategoryId,
      productName: p.productName,
      widthIn: p.widthIn,
      heightIn: p.heightIn,
      optionIds: p.optionIds,
      requiredDpi: p.requiredDpi,
      price: option.price,
      shipping: option.shipping,
      labCost: p.costCents === null ? null : toDollars(p.costCents),
      labShipping: p.shippingCents === null ? null : toDollars(p.shippingCents),
      margin: margin === null ? null : toDollars(margin),
      marginPercent,
      lowMargin: marginPercent !== null && marginPercent < minMargin,
    };
  }

  /** Tells the owner once per failure that an order did not reach the lab. */
  async function mailOwner(trx: Knex.Transaction, orderId: number, message: string, attempt: number) {
    const owner = ctx.config.OWNER_EMAIL;
    if (!owner) return null;
    const link = `${ctx.config.publicUrl}/admin/orders`;
    const subject = `Order #${orderId} did not reach the print lab`;
    const text = [
      `The print lab refused order #${orderId}:`,
      '',
      message,
      '',
      `Correct it, then choose 'Send again' in the order's details: ${link}`,
    ].join('\n');
    const html = `<p>The print lab refused order #${orderId}:</p><blockquote>${escapeHtml(message)}</blockquote><p>Correct it, then choose 'Send again' in the order's details: <a href="${link}">${link}</a></p>`;
    return writeEmail(trx, { to: owner, subject, text, html, dedupeKey: `lab-error-${orderId}-${attempt}` });
  }

  /** Records a failure: kept on the order, the owner mailed once for it. */
  async function fail(orderId: number, message: string, attempt: number) {
    const emailId = await repo.transaction(async (trx) => {
      await repo.update(trx, orderId, {
        status: 'failed',
        last_error: message,
        error_notified_at: trx.fn.now(),
      });
      return mailOwner(trx, orderId, message, attempt);
    });
    if (emailId) await deps.enqueueEmail(emailId);
    logger.warn({ orderId, labError: message }, 'lab order failed');
  }

  const service = {
    // ---- settings ----

    async settings(): Promise<LabSettingsView> {
      const s = await settingsRow();
      return {
        provider: 'lumaprints',
        enabled: s.enabled,
        sandbox: s.sandbox,
        apiKeySet: !!s.apiKeyEncrypted,
        apiSecretSet: !!s.apiSecretEncrypted,
        storeId: s.storeId,
        shippingMethod: s.shippingMethod as LabSettingsView['shippingMethod'],
        productionTime: s.productionTime as LabSettingsView['productionTime'],
        holdMinutes: s.holdMinutes,
        minMarginPercent: s.minMarginPercent,
      };
    },

    async saveSettings(input: LabSettingsInput): Promise<LabSettingsView> {
      const before = await settingsRow();
      const next: LabSettingsRow = {
        enabled: input.enabled,
        sandbox: input.sandbox,
        // blank keeps the stored one; the plain text is never kept or logged
        apiKeyEncrypted: input.apiKey ? secrets.encrypt(input.apiKey) : before.apiKeyEncrypted,
        apiSecretEncrypted: input.apiSecret ? secrets.encrypt(input.apiSecret) : before.apiSecretEncrypted,
        storeId: input.storeId === undefined ? before.storeId : input.storeId,
        shippingMethod: input.shippingMethod,
        productionTime: input.productionTime,
        holdMinutes: input.holdMinutes,
        minMarginPercent: input.minMarginPercent,
        webhookSecret: before.webhookSecret || randomBytes(32).toString('base64url'),
      };
      if (next.enabled && (!next.apiKeyEncrypted || !next.apiSecretEncrypted))
        throw badRequest(messages.credentials, { apiKey: messages.credentials });
      if (next.enabled && !next.storeId) throw badRequest(messages.storeId, { storeId: messages.storeId });
      if (next.sandbox !== before.sandbox || input.apiKey || input.apiSecret) catalogCache = null;
      await repo.saveSettings(next);
      // the lab calls us when an order ships; polling covers a registration that fails here
      if (next.enabled && next.storeId) {
        const storeId = next.storeId;
        await forOwner(() => clientFor(next).registerWebhook(storeId, webhookUrl(next))).catch(
          (err: unknown) =>
            logger.warn({ err: err instanceof Error ? err.message : err }, 'lab webhook registration failed'),
        );
      }
      return this.settings();
    },

    async testConnection() {
      const s = await settingsRow();
      const stores = await forOwner(() => clientFor(s).stores());
      return { ok: true as const, stores };
    },

    // ---- the lab's products, and which print options it makes ----

    async catalog(): Promise<LabCatalog> {
      if (catalogCache && Date.now() - catalogCache.at < CATALOG_TTL_MS) return catalogCache.value;
      const client = clientFor(await settingsRow());
      const value = await forOwner(async () => {
        const categories = await client.categories();
        const withSubs = [];
        for (const c of categories) withSubs.push({ ...c, subcategories: await client.subcategories(c.id) });
        return { categories: withSubs };
      });
      catalogCache = { at: Date.now(), value };
      return value;
    },

    async options(subcategoryId: number) {
      const client = clientFor(await settingsRow());
      return { groups: await forOwner(() => client.options(subcategoryId)) };
    },

    async products(): Promise<{ products: LabProductView[] }> {
      const [rows, options, s] = await Promise.all([
        repo.products(),
        deps.catalog.listPrintOptions(),
        settingsRow(),
      ]);
      const byId = new Map(options.map((o) => [o.id, o]));
      return {
        products: rows.flatMap((p) => {
          const option = byId.get(p.printOptionId);
          return option ? [productView(option, p, s.minMarginPercent)] : [];
        }),
      };
    },

    /** The print option is made by the lab: its product, with the lab's cost and shipping quoted now. */
    async mapProduct(printOptionId: number, input: LabProductInput): Promise<LabProductView> {
      const option = (await deps.catalog.listPrintOptions()).find((o) => o.id === printOptionId);
      if (!option) throw notFound(messages.optionNotFound);
      const s = await settingsRow();
      const client = clientFor(s);
      const sub: LabSubcategory | undefined = (await service.catalog()).categories
        .flatMap((c) => c.subcategories)
        .find((x) => x.subcategoryId === input.subcategoryId);
      if (!sub) throw badRequest(messages.subcategory, { subcategoryId: messages.subcategory });
      const spec = {
        subcategoryId: sub.subcategoryId,
        widthIn: input.widthIn,
        heightIn: input.heightIn,
        optionIds: input.optionIds,
      };
      // the lab refusing the product (a size out of range, a frame missing) is the owner's 400
      const costCents = await forOwner(() => client.productCost(spec));
      const shippingCents = await client
        .shippingCost([{ ...spec, quantity: 1 }], QUOTE_RECIPIENT)
        .catch(() => null);
      const row: LabProductRow = {
        printOptionId,
        ...spec,
        productName: sub.name,
        costCents,
        shippingCents,
        requiredDpi: sub.requiredDpi,
      };
      await repo.saveProduct(row);
      return productView(option, row, s.minMarginPercent);
    },

    async unmapProduct(printOptionId: number) {
      await repo.deleteProduct(printOptionId);
      return { message: 'This print option is now shipped by you.' };
    },

    // ---- the resolution guard ----

    /**
     * The lab-made sizes this photo's original has too few pixels for (at LAB_MIN_PPI, or the
     * lab's own required DPI when higher): not offered to buyers while the lab is on.
     */
    async hiddenOptions(photoId: number, optionIds: number[]): Promise<Set<number>> {
      const products = await repo.productsFor(optionIds);
      if (!products.size || !(await repo.settings())?.enabled) return new Set();
      const asset = await deps.media.getAsset(await deps.catalog.imageAsset(photoId, 'image'));
      if (!asset) return new Set();
      const hidden = new Set<number>();
      for (const [optionId, p] of products) {
        const ppi = Math.max(ctx.config.LAB_MIN_PPI, p.requiredDpi ?? 0);
        if (!resolutionFor(asset, p, ppi).ok) hidden.add(optionId);
      }
      return hidden;
    },

    /** For the admin: every size of a photo, who makes it, whether buyers see it and why not. */
    async printSizes(photoId: number): Promise<PrintSizes> {
      const photo = await deps.catalog.getPhoto(photoId, 'admin');
      const products = await repo.productsFor(photo.printOptions.map((o) => o.id));
      const labOn = !!(await repo.settings())?.enabled;
      const px = { width: photo.width, height: photo.height };
      const minPpi = ctx.config.LAB_MIN_PPI;
      return {
        width: px.width,
        height: px.height,
        minPpi,
        sizes: photo.printOptions.map((o) => {
          const product = products.get(o.id);
          const inches = product ?? parseInches(o.size);
          const ppi = Math.max(minPpi, product?.requiredDpi ?? 0);
          const fit = inches ? resolutionFor(px, inches, ppi) : null;
          const need = fit ? `${fit.needWidth} × ${fit.needHeight} px at ${ppi} ppi` : '';
          const has = `the photo has ${px.width} × ${px.height}`;
          let note: string | null = null;
          if (fit && !fit.ok)
            note = product
              ? labOn
                ? `Hidden from buyers: the lab needs ${need}; ${has}.`
                : `Too small for the lab: it needs ${need}; ${has}.`
              : `Low resolution: ${fit.ppi} ppi at this size (${ppi} recommended); ${has}.`;
          return {
            printOptionId: o.id,
            size: o.size,
            format: o.format,
            madeBy: product ? ('lab' as const) : ('you' as const),
            offered: !(product && labOn && fit && !fit.ok),
            ppi: fit?.ppi ?? null,
            note,
          };
        }),
      };
    },

    // ---- orders ----

    /**
     * An order was paid: when the lab makes any of its lines, its lab order is held for the
     * owner's hold, then sent (a delayed job; the sweeper sends any whose job was lost).
     */
    async orderPaid(
      orderId: number,
      trx: Knex.Transaction,
      afterCommit: (fn: () => Promise<unknown>) => void,
    ) {
      const s = await settingsRow();
      if (!s.enabled) return;
      const source = await deps.orders.forLab(orderId);
      if (!source || !(await labLinesOf(source)).length) return;
      const sendAfter = new Date(Date.now() + s.holdMinutes * 60_000);
      if (await repo.hold(trx, orderId, sendAfter))
        afterCommit(() => deps.enqueueSend(orderId, s.holdMinutes * 60_000, `lab-send-${orderId}`));
    },

    /**
     * The send job: one lab order per shop order, exactly once. The row is marked 'sending' before
     * the lab is called; a run that finds it so (a crash after the lab answered, before our write)
     * and every run first asks the lab for an order with our id, so a second is never made.
     */
    async send(orderId: number): Promise<{ outcome: 'done' | 'skipped'; detail?: string }> {
      const claimed = await repo.transaction(async (trx) => {
        const row = await repo.lockLabOrder(trx, orderId);
        if (!row) return null;
        if (row.status !== 'held' && row.status !== 'sending') return null;
        if (row.status === 'held' && row.sendAfter.getTime() > Date.now()) return null;
        await repo.update(trx, orderId, { status: 'sending', attempts: row.attempts + 1 });
        return { ...row, attempts: row.attempts + 1 };
      });
      if (!claimed) return { outcome: 'skipped', detail: 'not due, or already sent' };

      const s = await settingsRow();
      const source = await deps.orders.forLab(orderId);
      if (!source || !source.paid || source.fulfillmentStatus === 'canceled') {
        await repo.transaction((trx) =>
          repo.update(trx, orderId, { status: 'canceled', last_error: messages.notPaid }),
        );
        return { outcome: 'skipped', detail: 'order not paid or canceled' };
      }
      try {
        const client = clientFor(s);
        if (!s.storeId) throw new LabError('refused', messages.storeId);
        if (!source.address)
          throw new LabError(
            'refused',
            'The address was given as one text that could not be read: correct it first.',
          );
        const found = await client.findByExternalId(s.storeId, String(orderId));
        let orderNumber = found?.orderNumber;
        if (!orderNumber) {
          const lines = await labLinesOf(source);
          const items = [];
          for (const { line, product } of lines) {
            const assetId = await deps.catalog.imageAsset(line.photoId, 'image');
            items.push({
              externalItemId: String(line.id),
              subcategoryId: product.subcategoryId,
              widthIn: product.widthIn,
              heightIn: product.heightIn,
              optionIds: product.optionIds,
              quantity: line.quantity,
              imageUrl: fileUrl(assetId),
            });
          }
          const a = source.address;
          ({ orderNumber } = await client.createOrder({
            externalId: String(orderId),
            storeId: s.storeId,
            shippingMethod: s.shippingMethod,
            productionTime: s.productionTime,
            recipient: {
              ...splitName(source.customerName),
              addressLine1: a.line1,
              addressLine2: a.line2,
              city: a.city,
              state: a.state,
              zipCode: a.zip,
              phone: null,
            },
            items,
          }));
        }
        await repo.transaction((trx) =>
          repo.update(trx, orderId, {
            status: 'sent',
            lab_order_number: orderNumber,
            sent_at: trx.fn.now(),
            last_error: null,
          }),
        );
        logger.info({ orderId, labOrderNumber: orderNumber }, 'order sent to the print lab');
        return { outcome: 'done', detail: `lab order ${orderNumber}` };
      } catch (err) {
        if (err instanceof LabError && (err.kind === 'refused' || claimed.attempts >= MAX_SEND_ATTEMPTS)) {
          await fail(orderId, err.message, claimed.attempts);
          return { outcome: 'skipped', detail: `lab refused: ${err.message}` };
        }
        if (err instanceof AppError) {
          await fail(orderId, err.message, claimed.attempts);
          return { outcome: 'skipped', detail: err.message };
        }
        // the lab down: kept 'sending' with the reason; BullMQ retries with backoff, the sweeper after
        await repo.transaction((trx) =>
          repo.update(trx, orderId, { last_error: err instanceof Error ? err.message : String(err) }),
        );
        throw err;
      }
    },

    /**
     * Reads the lab order back from the lab (a webhook's prompt, or polling) and believes only
     * that: a shipment with a tracking number marks the order shipped, which mails the buyer once
     * per tracking number.
     */
    async sync(orderId: number): Promise<{ outcome: 'done' | 'skipped'; detail?: string }> {
      const row = await repo.labOrder(orderId);
      if (!row?.labOrderNumber || row.status === 'shipped')
        return { outcome: 'skipped', detail: 'nothing to check' };
      const client = clientFor(await settingsRow());
      const state = await client.order(row.labOrderNumber);
      const shipped = [...state.shipments].reverse().find((x) => x.trackingNumber);
      await repo.transaction((trx) => repo.update(trx, orderId, { checked_at: trx.fn.now() }));
      if (!shipped) return { outcome: 'skipped', detail: `lab says ${state.status}, no tracking yet` };
      await deps.orders.setFulfillmentStatus(orderId, 'shipped', {
        carrier: carrierOf(shipped.carrier),
        trackingNumber: shipped.trackingNumber!.replace(/[^A-Za-z0-9 -]/g, '').slice(0, 100),
      });
      await repo.transaction((trx) =>
        repo.update(trx, orderId, { status: 'shipped', shipped_at: trx.fn.now() }),
      );
      logger.info({ orderId, labOrderNumber: row.labOrderNumber }, 'lab order shipped');
      return { outcome: 'done', detail: `shipped ${shipped.trackingNumber}` };
    },

    /**
     * The lab's shipping webhook: its URL holds our long secret; its body is only a prompt (not
     * signed), so the order is re-read from the lab's API before anything changes.
     */
    async webhook(secret: string, body: unknown): Promise<boolean> {
      const s = await repo.settings();
      const want = Buffer.from(s?.webhookSecret ?? '');
      const got = Buffer.from(secret);
      if (!s || !want.length || want.length !== got.length || !timingSafeEqual(want, got)) return false;
      const raw = (body as { orderNumber?: unknown } | null)?.orderNumber;
      const orderNumber =
        typeof raw === 'number' || typeof raw === 'string' ? String(raw).slice(0, 100) : null;
      // the lab checks the address with an empty body when the webhook is registered
      if (!orderNumber) return true;
      const row = await repo.byLabNumber(orderNumber);
      if (!row) {
        logger.warn({ labOrderNumber: orderNumber }, 'lab webhook for an order we did not send: ignored');
        return true;
      }
      await deps.enqueueSync(row.orderId);
      return true;
    },

    /** For the sweeper: sends whose hold is over (or were cut off), and lab orders to poll. */
    async sweep(): Promise<number> {
      const due = await repo.dueIds();
      for (const id of due) await deps.enqueueSend(id, 0, `lab-send-${id}`);
      const poll = (await repo.settings())?.enabled ? await repo.toPoll() : [];
      for (const id of poll) await deps.enqueueSync(id);
      return due.length + poll.length;
    },

    // ---- the admin's order details ----

    async labOrder(orderId: number): Promise<{ lab: LabOrderView | null }> {
      const row = await repo.labOrder(orderId);
      if (!row) return { lab: null };
      const source = await deps.orders.forLab(orderId);
      return { lab: toLabOrderView(row, source ? (await labLinesOf(source)).length : 0) };
    },

    /** The owner sends an order now (before its hold is over, or again after a failure). */
    async sendNow(orderId: number): Promise<{ lab: LabOrderView }> {
      const source = await deps.orders.forLab(orderId);
      if (!source) throw notFound('Order not found.');
      if (!source.paid) throw conflict(messages.notPaid);
      if (!(await labLinesOf(source)).length) throw conflict(messages.noLabLines);
      clientFor(await settingsRow()); // not connected: a clear 400 now, not a failure later
      const row = await repo.labOrder(orderId);
      if (row && (row.status === 'sent' || row.status === 'shipped' || row.status === 'sending'))
        throw conflict(messages.alreadySent);
      await repo.transaction(async (trx) => {
        if (!row) await repo.hold(trx, orderId, new Date());
        else
          await repo.update(trx, orderId, {
            status: 'held',
            send_after: trx.fn.now(),
            error_notified_at: null,
          });
      });
      await deps.enqueueSend(orderId, 0, `lab-send-${orderId}-${Date.now()}`);
      return (await service.labOrder(orderId)) as { lab: LabOrderView };
    },

    /** The original behind a signed lab file address; null when the signature or time is wrong. */
    async file(assetId: number, expires: number, signature: string) {
      if (!secrets.verify(assetId, expires, signature)) return null;
      return deps.media.original(assetId);
    },
  };
  return service;
}
export type FulfillmentService = ReturnType<typeof createFulfillmentService>;
