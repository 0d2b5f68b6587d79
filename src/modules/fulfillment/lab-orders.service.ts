import type { Knex } from 'knex';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/http/app-error';
import { toDollars } from '../../platform/money';
import { labProductMismatch } from '../../shared/lab-product-match';
import { labMessages as messages, type LabOrderView, type LabReviewList } from '../../contract';
import type { LabOrderSource } from '../orders';
import type { LabOrderRow } from './fulfillment.repository';
import { labLinesOf as labLinesOfRepo, type LabLine, type LabOrdersDeps } from './lab-order-deps';
import { createLabOrderSend } from './lab-order-send';
import { createLabOrderSync } from './lab-order-sync';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A paid order's lab orders, one per lab that makes some of its lines: waiting for the owner's
 * review or her hold, sent to the lab exactly once (a lease on the row, one job id per lab
 * order), tried again while the lab does not answer (24 hours, the owner told once), read back
 * until it ships (each shipment marks the shop order shipped and mails the buyer its tracking),
 * or failed in the owner's words with the lab's own beside, and the owner mailed.
 */
export function createLabOrders(ctx: AppContext, deps: LabOrdersDeps) {
  const { repo, settings } = deps;
  const send = createLabOrderSend(ctx, deps);
  const sync = createLabOrderSync(ctx, deps);
  const labLinesOf = (source: LabOrderSource) => labLinesOfRepo(repo, source);

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

  async function view(row: LabOrderRow, source: LabOrderSource | null): Promise<LabOrderView> {
    const lines = source ? ((await labLinesOf(source)).get(row.provider) ?? []) : [];
    return {
      provider: row.provider,
      name: settings.labs.name(row.provider),
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

    send,

    sync,

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
