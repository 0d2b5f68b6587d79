import type { Knex } from 'knex';
import type { AppContext } from '../../platform/context';
import { AppError, conflict, notFound } from '../../platform/http/app-error';
import { escapeHtml } from '../../platform/html';
import { writeEmail } from '../../platform/outbox';
import {
  labMessages as messages,
  type Carrier,
  type FulfillmentStatus,
  type LabOrderView,
} from '../../contract';
import type { LabOrderSource } from '../orders';
import { LabError } from './lab-provider';
import type { LabSettings } from './lab-settings.service';
import type { FulfillmentRepository, LabOrderRow } from './fulfillment.repository';

/** Sends that failed for a reason retrying may fix (the lab down) before the owner is told. */
const MAX_SEND_ATTEMPTS = 6;

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
  fileUrl(assetId: number): string;
  orders: ShopOrders;
  catalog: { imageAsset(photoId: number, kind: 'image'): Promise<number> };
  enqueueSend(orderId: number, delayMs: number, jobId: string): Promise<unknown>;
  enqueueSync(orderId: number): Promise<unknown>;
  enqueueEmail(emailId: number): Promise<unknown>;
};

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

/**
 * A paid order's lab order: held for the owner's hold, sent to the lab exactly once, read back
 * until it ships (which marks the shop order shipped), or failed with the lab's words and the
 * owner mailed.
 */
export function createLabOrders(ctx: AppContext, deps: LabOrdersDeps) {
  const { repo, settings } = deps;
  const { logger } = ctx;

  /** The lab's lines of an order: each line whose print option the lab makes, with its product. */
  async function labLinesOf(source: LabOrderSource) {
    const products = await repo.productsFor([...new Set(source.lines.map((l) => l.printOptionId))]);
    return source.lines.flatMap((line) => {
      const product = products.get(line.printOptionId);
      return product ? [{ line, product }] : [];
    });
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

  const labOrders = {
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
      const s = await settings.row();
      if (!s.enabled) return;
      const source = await deps.orders.forLab(orderId);
      if (!source || !(await labLinesOf(source)).length) return;
      const sendAfter = new Date(Date.now() + s.holdMinutes * 60_000);
      if (await repo.hold(trx, orderId, s.provider, sendAfter))
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

      const s = await settings.row(claimed.provider);
      const source = await deps.orders.forLab(orderId);
      if (!source || !source.paid || source.fulfillmentStatus === 'canceled') {
        await repo.transaction((trx) =>
          repo.update(trx, orderId, { status: 'canceled', last_error: messages.notPaid }),
        );
        return { outcome: 'skipped', detail: 'order not paid or canceled' };
      }
      try {
        const client = settings.connect(s);
        const missing = settings.missingSetting(s);
        if (missing) throw new LabError('refused', missing.message);
        if (!source.address)
          throw new LabError(
            'refused',
            'The address was given as one text that could not be read: correct it first.',
          );
        const found = await client.findByExternalId(String(orderId));
        let orderNumber = found?.orderNumber;
        if (!orderNumber) {
          const lines = await labLinesOf(source);
          const items = [];
          for (const { line, product } of lines) {
            const assetId = await deps.catalog.imageAsset(line.photoId, 'image');
            items.push({
              externalItemId: String(line.id),
              ref: product.ref,
              widthIn: product.widthIn,
              heightIn: product.heightIn,
              quantity: line.quantity,
              imageUrl: deps.fileUrl(assetId),
            });
          }
          const a = source.address;
          ({ orderNumber } = await client.createOrder({
            externalId: String(orderId),
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
      const client = settings.connect(await settings.row(row.provider));
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

    /** For the sweeper: sends whose hold is over (or were cut off), and lab orders to poll. */
    async sweep(): Promise<number> {
      const due = await repo.dueIds();
      for (const id of due) await deps.enqueueSend(id, 0, `lab-send-${id}`);
      const poll = (await settings.row()).enabled ? await repo.toPoll() : [];
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
      const s = await settings.row();
      settings.connect(s); // not connected: a clear 400 now, not a failure later
      const row = await repo.labOrder(orderId);
      if (row && (row.status === 'sent' || row.status === 'shipped' || row.status === 'sending'))
        throw conflict(messages.alreadySent);
      await repo.transaction(async (trx) => {
        if (!row) await repo.hold(trx, orderId, s.provider, new Date());
        else
          await repo.update(trx, orderId, {
            status: 'held',
            send_after: trx.fn.now(),
            error_notified_at: null,
          });
      });
      await deps.enqueueSend(orderId, 0, `lab-send-${orderId}-${Date.now()}`);
      return (await labOrders.labOrder(orderId)) as { lab: LabOrderView };
    },
  };
  return labOrders;
}
