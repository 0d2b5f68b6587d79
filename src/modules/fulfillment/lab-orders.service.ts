import type { Knex } from 'knex';
import type { AppContext } from '../../platform/context';
import { AppError, conflict, notFound } from '../../platform/http/app-error';
import { escapeHtml } from '../../platform/html';
import { toDollars } from '../../platform/money';
import { writeEmail } from '../../platform/outbox';
import type { PrintInches } from '../../shared/print-crop';
import { labProductMismatch } from '../../shared/lab-product-match';
import {
  labMessages as messages,
  labNames,
  type Carrier,
  type FulfillmentStatus,
  type LabOrderView,
  type LabProviderId,
  type LabReviewList,
} from '../../contract';
import type { LabOrderSource } from '../orders';
import { LabError, type LabOrderItem } from './lab-provider';
import { labErrorMessage, labErrorWords, type LabErrorWords } from './lab-errors';
import type { LabSettings } from './lab-settings.service';
import {
  isLabOrderNumberTaken,
  type FulfillmentRepository,
  LabOrderKey,
  LabOrderRow,
  LabProductRow,
} from './fulfillment.repository';

/**
 * A run holds its lab order this long, renewed every HEARTBEAT_MS while it runs: a run whose
 * process died lets go within LEASE_MS, and the sweeper's next run looks the order up at the lab.
 */
const LEASE_MS = 30_000;
const HEARTBEAT_MS = 10_000;
/**
 * The lab down: tried again after 30 s, doubling to 30 minutes, for 24 hours from the first failure;
 * after the wait its `Retry-After` asks instead when it gives one (1 s to 30 minutes).
 */
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 30 * 60_000;
const RETRY_AFTER_MIN_MS = 1_000;
const GIVE_UP_MS = 24 * 3_600_000;
/** The owner is told once that a lab is not answering, when it has not for this long. */
const TELL_OWNER_AFTER_MS = 5 * 60_000;
/**
 * An order submit the lab did not answer (no answer, a timeout, a 5xx) may have made the order,
 * which its list shows only minutes later (it queues them): the look-up before the next try waits
 * at least this long, unless the lab keeps idempotency keys (sending again gives the same order).
 */
const UNCERTAIN_SUBMIT_MS = 5 * 60_000;

/** What the lab orders need of the orders module: an order's lines and address, marking it shipped. */
export type ShopOrders = {
  forLab(id: number): Promise<LabOrderSource | null>;
  setFulfillmentStatus(
    id: number,
    status: FulfillmentStatus,
    shipping: { carrier?: Carrier | null; trackingNumber?: string | null },
  ): Promise<unknown>;
};

export type LabOrdersDeps = {
  repo: FulfillmentRepository;
  settings: LabSettings;
  /** The file a line is printed from, and the print's sides turned to it (lab-files.ts). */
  printFile(
    line: { photoId: number; printOptionId: number },
    inches: PrintInches,
  ): Promise<{ url: string; widthIn: number; heightIn: number }>;
  orders: ShopOrders;
  /** The send job of one lab order: one job id per (order, lab), however often asked. */
  enqueueSend(key: LabOrderKey, delayMs: number): Promise<unknown>;
  enqueueSync(key: LabOrderKey): Promise<unknown>;
  enqueueEmail(emailId: number): Promise<unknown>;
};

/** A send's outcome; `retryAt`: the lab did not answer, the same job runs again then. */
export type SendOutcome = { outcome: 'done' | 'skipped'; detail?: string; retryAt?: Date };

/** The lab's carrier name as one of ours (the shipping e-mail links its tracking page). */
export function carrierOf(name: string | null): Carrier {
  const n = (name ?? '').toLowerCase();
  if (n.includes('usps') || n.includes('postal')) return 'USPS';
  if (n.includes('ups')) return 'UPS';
  if (n.includes('fedex')) return 'FedEx';
  if (n.includes('dhl')) return 'DHL';
  return 'other';
}

/** "John Quincy Adams" -> John / Quincy Adams; one word is both (the lab wants a last name). */
function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1
    ? { firstName: parts[0]!, lastName: parts.slice(1).join(' ') }
    : { firstName: parts[0] ?? '', lastName: parts[0] ?? '' };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The key a lab that keeps idempotency keys (Prodigi, per account, forever) gets for an order:
 * its id and creation time, so a shop whose database was made again does not get its old order
 * "42" back for a new one (the id alone stays the lab's reference, what its dashboard shows).
 */
const idempotencyKeyOf = (orderId: number, createdAt: Date) =>
  `${orderId}-${createdAt.getTime().toString(36)}`;
type LabLine = { line: LabOrderSource['lines'][number]; product: LabProductRow };

/**
 * A paid order's lab orders, one per lab that makes some of its lines: waiting for the owner's
 * review or her hold, sent to the lab exactly once (a lease on the row, one job id per lab
 * order), tried again while the lab does not answer (24 hours, the owner told once), read back
 * until it ships (each shipment marks the shop order shipped and mails the buyer its tracking),
 * or failed in the owner's words with the lab's own beside, and the owner mailed.
 */
export function createLabOrders(ctx: AppContext, deps: LabOrdersDeps) {
  const { repo, settings } = deps;
  const { logger } = ctx;
  const adminLink = () => `${ctx.config.publicUrl}/admin/orders`;

  /** The order's lines each lab makes (a print option is made by one lab), by lab. */
  async function labLinesOf(source: LabOrderSource): Promise<Map<LabProviderId, LabLine[]>> {
    const products = await repo.productsFor([...new Set(source.lines.map((l) => l.printOptionId))]);
    const byLab = new Map<LabProviderId, LabLine[]>();
    for (const line of source.lines) {
      const product = products.get(line.printOptionId);
      if (product) byLab.set(product.provider, [...(byLab.get(product.provider) ?? []), { line, product }]);
    }
    return byLab;
  }

  /** Tells the owner, once for this key, by e-mail. */
  async function mailOwner(
    trx: Knex.Transaction,
    mail: { dedupeKey: string; subject: string; lines: string[] },
  ): Promise<number | null> {
    const owner = ctx.config.OWNER_EMAIL;
    if (!owner) return null;
    const link = adminLink();
    const text = [...mail.lines, '', `The order's details: ${link}`].join('\n');
    const html = [
      ...mail.lines.filter(Boolean).map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p>The order's details: <a href="${link}">${link}</a></p>`,
    ].join('');
    return writeEmail(trx, { to: owner, subject: mail.subject, text, html, dedupeKey: mail.dedupeKey });
  }

  /** The lab refused (or stayed down 24 hours): kept on the lab order in words, the owner mailed once. */
  async function fail(row: LabOrderRow, error: LabErrorWords) {
    const { orderId, provider } = row;
    const name = labNames[provider];
    const emailId = await repo.transaction(async (trx) => {
      await repo.update(trx, row, {
        status: 'failed',
        last_error: error.words,
        lab_text: error.labText,
        claimed_until: null,
        next_attempt_at: null,
        error_notified_at: trx.fn.now(),
      });
      return mailOwner(trx, {
        dedupeKey: `lab-error-${orderId}-${provider}-${row.attempts}`,
        subject: `Order #${orderId} did not reach the print lab`,
        lines: [
          `Order #${orderId} could not be sent to ${name}:`,
          '',
          labErrorMessage(provider, error),
          '',
          `Correct it, then choose 'Send again' in the order's details.`,
        ],
      });
    });
    if (emailId) await deps.enqueueEmail(emailId);
    logger.warn({ orderId, provider, labError: error.words, labText: error.labText }, 'lab order failed');
  }

  /**
   * The lab did not answer (down, throttled, timed out): kept 'sending' and tried again with
   * backoff; the owner told once after a few minutes; after 24 hours it fails.
   */
  async function retryLater(row: LabOrderRow, err: LabError, uncertainSubmit: boolean): Promise<SendOutcome> {
    const { orderId, provider } = row;
    const name = labNames[provider];
    const now = Date.now();
    const first = row.firstFailedAt?.getTime() ?? now;
    const error = labErrorWords(provider, err);
    if (now - first >= GIVE_UP_MS) {
      await fail(row, {
        words: `${name} did not answer for 24 hours: the order was not sent.`,
        labText: error.labText,
      });
      return { outcome: 'skipped', detail: 'the lab did not answer for 24 hours' };
    }
    const failures = row.failures + 1;
    let delay =
      err.retryAfterMs !== null
        ? Math.min(Math.max(err.retryAfterMs, RETRY_AFTER_MIN_MS), RETRY_MAX_MS)
        : Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS);
    if (uncertainSubmit) delay = Math.max(delay, UNCERTAIN_SUBMIT_MS);
    const retryAt = new Date(now + delay);
    const tell = !row.outageNotifiedAt && now - first >= TELL_OWNER_AFTER_MS;
    const emailId = await repo.transaction(async (trx) => {
      await repo.update(trx, row, {
        claimed_until: null,
        next_attempt_at: retryAt,
        first_failed_at: new Date(first),
        failures,
        last_error: error.words,
        lab_text: error.labText,
        ...(tell ? { outage_notified_at: trx.fn.now() } : {}),
      });
      if (!tell) return null;
      return mailOwner(trx, {
        dedupeKey: `lab-outage-${orderId}-${provider}-${first}`,
        subject: `${name} is not answering: order #${orderId} waits`,
        lines: [
          `${name} has not answered since ${new Date(first).toUTCString()}, so order #${orderId} has not reached it yet.`,
          '',
          `It is sent as soon as ${name} answers again (tried for 24 hours). Nothing to do now; you will hear again only if it cannot be sent.`,
        ],
      });
    });
    if (emailId) await deps.enqueueEmail(emailId);
    logger.warn(
      { orderId, provider, failures, retryAt, labText: error.labText },
      'lab not answering: send later',
    );
    return {
      outcome: 'skipped',
      detail: `the lab did not answer: again at ${retryAt.toISOString()}`,
      retryAt,
    };
  }

  /** The lab order's lines as sent: the print's sides turned to the file, the admin's download. */
  async function linesView(source: LabOrderSource, lines: LabLine[]) {
    const out = [];
    for (const { line, product } of lines) {
      const file = await deps.printFile(line, product);
      out.push({
        lineId: line.id,
        photoTitle: line.title,
        size: line.size,
        format: line.format,
        productName: product.productName,
        mismatch: labProductMismatch(line, product),
        quantity: line.quantity,
        widthIn: file.widthIn,
        heightIn: file.heightIn,
        printFileUrl: `/api/admin/orders/${source.id}/lines/${line.id}/print-file`,
        thumbnailUrl: `/api/photos/${line.photoId}/thumbnail`,
      });
    }
    return out;
  }

  /**
   * The lab made the order: its number kept. A number another of this lab's orders already has
   * (the lab numbering again from the start: a demo lab restarted without its orders) is not ours
   * to keep: the owner is told in words (an AppError: the send fails) rather than left 'sending'.
   */
  async function recordSent(key: LabOrderKey, orderNumber: string, shippingCents: number | null) {
    try {
      await repo.transaction((trx) =>
        repo.update(trx, key, {
          status: 'sent',
          lab_order_number: orderNumber,
          sent_at: trx.fn.now(),
          claimed_until: null,
          next_attempt_at: null,
          first_failed_at: null,
          failures: 0,
          last_error: null,
          lab_text: null,
          ...(shippingCents === null ? {} : { lab_shipping_cents: shippingCents }),
        }),
      );
    } catch (err) {
      if (!isLabOrderNumberTaken(err)) throw err;
      throw conflict(
        `${labNames[key.provider]} answered with order number ${orderNumber}, which another order here already has: check ${labNames[key.provider]}'s dashboard for this order before sending it again.`,
      );
    }
  }

  /** The send of a lab order this run holds the lease of. */
  async function sendClaimed(key: LabOrderKey, claimed: LabOrderRow): Promise<SendOutcome> {
    const { orderId, provider } = key;
    const source = await deps.orders.forLab(orderId);
    if (!source || !source.paid || source.fulfillmentStatus === 'canceled') {
      await repo.transaction((trx) =>
        repo.update(trx, key, { status: 'canceled', last_error: messages.notPaid, claimed_until: null }),
      );
      return { outcome: 'skipped', detail: 'order not paid or canceled' };
    }
    // the create asked of a lab whose list may not show it yet (it keeps no idempotency key)
    let uncertainSubmit = false;
    try {
      const s = await settings.row(provider);
      const client = settings.connect(s);
      const missing = settings.missingSetting(s);
      if (missing) throw new LabError('refused', missing.message);
      const a = source.address;
      if (!a)
        throw new LabError(
          'refused',
          'The address was given as one text that could not be read: correct it first.',
        );
      const lines = (await labLinesOf(source)).get(provider) ?? [];
      if (!lines.length) throw new LabError('refused', messages.noLabLines);
      const found = await client.findByExternalId(String(orderId), source.createdAt);
      let orderNumber = found?.orderNumber;
      let shippingCents: number | null = null;
      if (!orderNumber) {
        const items: LabOrderItem[] = [];
        for (const { line, product } of lines) {
          const file = await deps.printFile(line, product);
          items.push({
            externalItemId: String(line.id),
            ref: product.ref,
            widthIn: file.widthIn,
            heightIn: file.heightIn,
            quantity: line.quantity,
            imageUrl: file.url,
          });
        }
        const recipient = {
          ...splitName(source.customerName),
          addressLine1: a.line1,
          addressLine2: a.line2,
          city: a.city,
          state: a.state,
          zipCode: a.zip,
          phone: source.phone,
        };
        // the lab's shipping charge for the admin, at the method sent (its order answer, read on
        // sync, may correct it)
        shippingCents = await client.shippingCost(items, recipient, s.shippingMethod).catch(() => null);
        // the look-up took long enough for the lease to run out and another run to take over:
        // that run sends it (it looks first)
        if (!(await repo.renew(key, claimed.attempts, LEASE_MS)))
          return { outcome: 'skipped', detail: 'another run took the lab order over' };
        uncertainSubmit = !client.keepsIdempotencyKeys;
        ({ orderNumber } = await client.createOrder({
          externalId: String(orderId),
          idempotencyKey: idempotencyKeyOf(orderId, source.createdAt),
          shippingMethod: s.shippingMethod,
          productionTime: s.productionTime,
          recipient,
          items,
          // a lab that takes its callback address with each order (Prodigi)
          callbackUrl: settings.webhookUrl(s),
        }));
      }
      await recordSent(key, orderNumber!, shippingCents);
      logger.info({ orderId, provider, labOrderNumber: orderNumber }, 'order sent to the print lab');
      return { outcome: 'done', detail: `lab order ${orderNumber}` };
    } catch (err) {
      // an answer (a 429) says the order was not made; no answer or a 5xx may have made it
      if (err instanceof LabError && err.kind === 'unavailable')
        return retryLater(claimed, err, uncertainSubmit && (err.status === null || err.status >= 500));
      if (err instanceof LabError) {
        await fail(claimed, labErrorWords(provider, err));
        return { outcome: 'skipped', detail: `lab refused: ${err.message}` };
      }
      if (err instanceof AppError) {
        await fail(claimed, { words: err.message, labText: null });
        return { outcome: 'skipped', detail: err.message };
      }
      // our own failure: the lease let go, the job retried (the sweeper after)
      await repo.transaction((trx) => repo.update(trx, key, { claimed_until: null }));
      throw err;
    }
  }

  async function view(row: LabOrderRow, source: LabOrderSource | null): Promise<LabOrderView> {
    const lines = source ? ((await labLinesOf(source)).get(row.provider) ?? []) : [];
    return {
      provider: row.provider,
      name: labNames[row.provider],
      demo: settings.demo(),
      status: row.status,
      labOrderNumber: row.labOrderNumber,
      sendAfter: row.sendAfter.toISOString(),
      sentAt: iso(row.sentAt),
      shippedAt: iso(row.shippedAt),
      lastError: row.lastError,
      labText: row.labText,
      attempts: row.attempts,
      nextAttemptAt: row.status === 'sending' ? iso(row.nextAttemptAt) : null,
      labShipping: row.labShippingCents === null ? null : toDollars(row.labShippingCents),
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
      lines: source ? await linesView(source, lines) : [],
    };
  }

  const labOrders = {
    // ---- orders ----

    /**
     * An order was paid: each lab that makes some of its lines (and is on) gets its lab order,
     * waiting for the owner's review (the lab's setting) or held for her hold, then sent (a
     * delayed job; the sweeper sends any whose job was lost).
     */
    async orderPaid(
      orderId: number,
      trx: Knex.Transaction,
      afterCommit: (fn: () => Promise<unknown>) => void,
    ) {
      const source = await deps.orders.forLab(orderId);
      if (!source) return;
      for (const provider of (await labLinesOf(source)).keys()) {
        const s = await settings.row(provider);
        if (!s.enabled) continue;
        const key = { orderId, provider };
        const review = s.reviewBeforeSending;
        const holdMs = review ? 0 : s.holdMinutes * 60_000;
        const made = await repo.hold(trx, key, review ? 'review' : 'held', new Date(Date.now() + holdMs));
        if (made && !review) afterCommit(() => deps.enqueueSend(key, holdMs));
      }
    },

    /**
     * The send job of one lab order, exactly once: a run takes the row's lease (only when it is
     * due and nobody holds it), asks the lab for an order with our id made since the order was
     * placed (a run cut off after the lab answered left one), and only then creates it.
     */
    async send(key: LabOrderKey): Promise<SendOutcome> {
      const claimed = await repo.claim(key, LEASE_MS);
      if (!claimed) return { outcome: 'skipped', detail: 'not due, being sent, or sent' };
      // the lease lives while this process does: renewed while the send runs, lapsing soon after a crash
      const heartbeat = setInterval(() => {
        repo.renew(key, claimed.attempts, LEASE_MS).catch(() => undefined);
      }, HEARTBEAT_MS);
      heartbeat.unref();
      try {
        return await sendClaimed(key, claimed);
      } finally {
        clearInterval(heartbeat);
      }
    },

    /**
     * Reads a lab order back from its lab (a webhook's prompt, or polling) and believes only that:
     * a shipment with a tracking number marks the shop order shipped, which mails the buyer once
     * per tracking number (an order made by two labs ships twice, each told). The lab's shipping
     * charge is taken from its answer when it gives one.
     */
    async sync(key: LabOrderKey): Promise<{ outcome: 'done' | 'skipped'; detail?: string }> {
      const row = await repo.labOrder(key);
      if (!row?.labOrderNumber || row.status === 'shipped')
        return { outcome: 'skipped', detail: 'nothing to check' };
      const client = settings.connect(await settings.row(key.provider));
      const state = await client.order(row.labOrderNumber);
      const shipped = [...state.shipments].reverse().find((x) => x.trackingNumber);
      await repo.transaction((trx) =>
        repo.update(trx, key, {
          checked_at: trx.fn.now(),
          ...(state.shippingCents === null ? {} : { lab_shipping_cents: state.shippingCents }),
        }),
      );
      if (!shipped) return { outcome: 'skipped', detail: `lab says ${state.status}, no tracking yet` };
      const carrier = carrierOf(shipped.carrier);
      const trackingNumber = shipped.trackingNumber!.replace(/[^A-Za-z0-9 -]/g, '').slice(0, 100);
      await deps.orders.setFulfillmentStatus(key.orderId, 'shipped', { carrier, trackingNumber });
      await repo.transaction((trx) =>
        repo.update(trx, key, {
          status: 'shipped',
          shipped_at: trx.fn.now(),
          carrier,
          tracking_number: trackingNumber,
        }),
      );
      logger.info({ ...key, labOrderNumber: row.labOrderNumber }, 'lab order shipped');
      return { outcome: 'done', detail: `shipped ${trackingNumber}` };
    },

    /** For the sweeper: sends due (a hold over, a try after an outage, a run cut off), and lab orders to poll. */
    async sweep(): Promise<number> {
      const due = await repo.due();
      for (const key of due) await deps.enqueueSend(key, 0);
      const poll = [];
      for (const key of await repo.toPoll()) if ((await settings.row(key.provider)).enabled) poll.push(key);
      for (const key of poll) await deps.enqueueSync(key);
      return due.length + poll.length;
    },

    // ---- the admin ----

    /** An order's lab orders, one per lab, with their lines. */
    async labOrders(orderId: number): Promise<{ labs: LabOrderView[] }> {
      const rows = await repo.labOrdersOf(orderId);
      if (!rows.length) return { labs: [] };
      const source = await deps.orders.forLab(orderId);
      const labs = [];
      for (const row of rows) labs.push(await view(row, source));
      return { labs };
    },

    /**
     * The owner sends an order now: approves it after review, takes it off hold, sends it before
     * its hold is over, sends it again after a failure, or tries now a lab that was not
     * answering. Every one of its lab orders not yet at its lab goes, once (the lease and the job
     * id make any number of presses one send).
     */
    async sendNow(orderId: number): Promise<{ labs: LabOrderView[] }> {
      const source = await deps.orders.forLab(orderId);
      if (!source) throw notFound('Order not found.');
      if (!source.paid) throw conflict(messages.notPaid);
      const byLab = await labLinesOf(source);
      if (!byLab.size) throw conflict(messages.noLabLines);
      const existing = new Set((await repo.labOrdersOf(orderId)).map((r) => r.provider));
      for (const provider of byLab.keys()) {
        const s = await settings.row(provider);
        if (existing.has(provider) || !s.enabled) continue;
        // a lab turned on after the order was paid: not connected is a clear 400 now
        settings.connect(s);
        await repo.hold(ctx.db, { orderId, provider }, 'held', new Date());
      }
      const released = await repo.releaseNow(orderId);
      const rows = await repo.labOrdersOf(orderId);
      if (!rows.length) throw conflict(messages.notConfigured);
      if (!released.length && !rows.some((r) => r.status === 'sending')) throw conflict(messages.alreadySent);
      for (const provider of released) await deps.enqueueSend({ orderId, provider }, 0);
      return labOrders.labOrders(orderId);
    },

    /** The owner holds an order waiting for review (or its hold): it waits for her 'Send'. */
    async hold(orderId: number): Promise<{ labs: LabOrderView[] }> {
      if (!(await deps.orders.forLab(orderId))) throw notFound('Order not found.');
      if (!(await repo.holdForOwner(orderId)))
        throw conflict('Only an order waiting for review, or for its hold, can be held.');
      return labOrders.labOrders(orderId);
    },

    /** Paid orders waiting for the owner ('review', 'on_hold'), with each lab order's lines. */
    async reviewList(): Promise<LabReviewList> {
      const orders = [];
      for (const orderId of await repo.toReview()) {
        const source = await deps.orders.forLab(orderId);
        if (!source) continue;
        const labs = [];
        for (const row of await repo.labOrdersOf(orderId)) labs.push(await view(row, source));
        orders.push({ orderId, customerName: source.customerName, paidAt: iso(source.paidAt), labs });
      }
      return { orders };
    },
  };
  return labOrders;
}
