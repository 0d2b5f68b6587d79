import { badRequest, conflict, notFound } from '../../../platform/http/app-error';
import type { Logger } from '../../../platform/logger';
import { formatCents, toDollars } from '../../../platform/money';
import type { Knex } from 'knex';
import { orderMoney } from '../../cart';
import { refundRoom, splitRefund, type RefundSource } from '../../../shared/refund-split';
import type { Order } from '../order.model';
import type { PaymentProvider, ProviderRefund } from './payment-provider';
import type { Refund } from './payment.model';
import type { PaymentsRepository } from './payments.repository';
import {
  paymentMessages,
  refundMessages,
  refundReasons,
  type RefundInput,
  type RefundReason,
} from '../../../contract';
import type { RefundView } from '../../../contract';
import type { PaymentEvents } from './payments.types';

/** The order's tenders that give refunds back (orders' tender registry, checkout-tenders.ts). */
export type RefundTenders = {
  refundRooms(
    q: Knex,
    orderId: number,
  ): Promise<readonly { label: string; paidCents: number; leftCents: number }[]>;
  refund(trx: Knex.Transaction, orderId: number, cents: number, refundId: number): Promise<void>;
};
/** Where a refund of the order can go: the card, and each tender part (labelled), in cents. */
export type RefundSources = { card: RefundSource; tenders: (RefundSource & { label: string })[] };

const toRefundView = (r: Refund): RefundView => ({
  id: r.id,
  orderId: r.orderId,
  amount: toDollars(r.amountCents),
  reason: r.reason,
  note: r.note,
  status: r.status,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** A provider's refund reason in our list (the owner's own, or Stripe's codes); anything else is 'other'. */
const providerReason = (reason: string | null): RefundReason =>
  refundReasons.find((r) => r === reason) ?? 'other';

const refundable = ['paid', 'partially_refunded', 'refunded'];

/**
 * How long a repeat of a refund still being made (its first request waiting on the provider)
 * waits for it, counted from when the refund was reserved: the Stripe SDK's timeout and retries.
 */
const IN_FLIGHT_WAIT_MS = 30_000;
const POLL_MS = 50;

/**
 * Whether a refund asks for the same thing as its stored row (Stripe's rule: a key goes with the
 * parameters it was first used with). The note as stored: trimmed, blank is none.
 */
const sameParameters = (row: Refund, amountCents: number, input: RefundInput) =>
  row.amountCents === amountCents && row.reason === input.reason && row.note === (input.note || null);

/**
 * Refunds: the owner's (checked and reserved here, then made at the provider) and the provider's
 * (a refund webhook), recorded once each; a succeeded one moves the order's refunded amount and
 * status and publishes order.refunded in the same transaction.
 */
export function createRefundsService(deps: {
  repo: PaymentsRepository;
  requireProvider: () => PaymentProvider;
  events: Pick<PaymentEvents, 'refunded'>;
  logger: Logger;
  tenders: RefundTenders;
}) {
  const { repo, requireProvider, events, logger, tenders } = deps;

  /**
   * Where a refund can still go: the card (what it paid, the amount due, less its refunds' card
   * parts) and each refundable tender part (less what pending refunds will give back to it).
   */
  async function sourcesOf(q: Knex, order: Order): Promise<RefundSources> {
    const committed = await repo.committedRefunds(q, order.id);
    const cardPaid = orderMoney(order).amountDueCents;
    let pending = committed.pendingTendersCents;
    const rooms = (await tenders.refundRooms(q, order.id)).map((r) => {
      const taken = Math.min(pending, Math.max(0, r.leftCents));
      pending -= taken;
      return { label: r.label, paidCents: r.paidCents, leftCents: r.leftCents - taken };
    });
    return {
      card: { paidCents: cardPaid, leftCents: cardPaid - (committed.totalCents - committed.tendersCents) },
      tenders: rooms,
    };
  }
  /** All a refund can return of the order: the card's and the refundable tenders' parts. */
  const fullCents = (s: RefundSources) => s.card.paidCents + s.tenders.reduce((n, t) => n + t.paidCents, 0);

  /** A refund that succeeded now: the order's refunded amount, the tenders' share, order.refunded. */
  async function refunded(trx: Knex.Transaction, order: Order, done: Refund): Promise<void> {
    const sources = await sourcesOf(trx, order);
    await repo.addRefunded(trx, order.id, done.amountCents, fullCents(sources));
    if (done.tendersCents > 0) await tenders.refund(trx, order.id, done.tendersCents, done.id);
    await events.refunded(trx, order.id, done.id, done.revokeLineIds ?? []);
    logger.info(
      { orderId: order.id, refundId: done.id, cents: done.amountCents, tendersCents: done.tendersCents },
      'order refunded',
    );
  }

  /**
   * A refund as the provider reports it, recorded on the order once: matched by the provider's
   * refund id, else by our idempotency key (refunds made here), else a new row (refunds made
   * in the provider's dashboard). When it is (newly) succeeded, the order's refunded amount and
   * status move and order.refunded is published, in the same transaction.
   */
  async function applyProviderRefund(orderId: number, pr: ProviderRefund, localId?: number) {
    return repo.transaction(async (trx) => {
      const order = await repo.lockOrder(trx, orderId);
      let row =
        (await repo.findRefund({ providerRefundId: pr.id }, trx)) ??
        (pr.refundKey ? await repo.findRefund({ idempotencyKey: pr.refundKey }, trx) : undefined) ??
        (localId ? await repo.findRefund({ id: localId }, trx) : undefined);
      if (!row) {
        if (pr.status !== 'succeeded') return null;
        row = await repo.insertRefund(trx, {
          orderId,
          amountCents: pr.amountCents,
          reason: providerReason(pr.reason),
          note: refundMessages.madeAtProvider,
          status: 'pending',
          providerRefundId: pr.id,
        });
      }
      const status = pr.status === 'succeeded' ? 'succeeded' : pr.status === 'pending' ? 'pending' : 'failed';
      const done = await repo.settleRefund(trx, row.id, pr.id, status);
      if (done && order) await refunded(trx, order, done);
      return (await repo.findRefund({ id: row.id }, trx)) ?? null;
    });
  }

  /**
   * The refund once its first request is done with the provider (it has the provider's id, or
   * failed): a repeat sent meanwhile (a double click, a retry) answers what the first one stored,
   * not the reservation it read. Not past IN_FLIGHT_WAIT_MS after the reservation: a request that
   * died there leaves the row for the provider's webhook to settle.
   */
  async function settled(row: Refund): Promise<Refund> {
    const until = new Date(row.createdAt).getTime() + IN_FLIGHT_WAIT_MS;
    let current = row;
    while (current.status === 'pending' && !current.providerRefundId && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      current = (await repo.findRefund({ id: row.id })) ?? current;
    }
    return current;
  }

  return {
    applyProviderRefund,

    /** Where a refund of the order can go (the admin's order detail shows the split before she confirms). */
    async refundSources(orderId: number): Promise<RefundSources | null> {
      const order = await repo.findOrder(orderId);
      return order ? sourcesOf(repo.db, order) : null;
    },

    /**
     * The owner refunds a paid order in full or in part. Checked here: a paid order, never more
     * than what is left (refunds in progress count), nothing stored when refused. The same
     * idempotency key (one per dialog) makes one refund however often it is sent, and only with
     * the amount, reason and note it was first sent with (else a 409, nothing changed).
     */
    async refund(orderId: number, input: RefundInput): Promise<RefundView> {
      const p = requireProvider();
      const amountCents = Math.round(input.amount * 100);
      const reserved = await repo.transaction(async (trx) => {
        const order = await repo.lockOrder(trx, orderId);
        if (!order) throw notFound(paymentMessages.orderNotFound);
        const existing = await repo.findRefund({ idempotencyKey: input.idempotencyKey }, trx);
        if (existing) {
          if (existing.orderId !== orderId) throw conflict(refundMessages.keyReused);
          if (!sameParameters(existing, amountCents, input)) throw conflict(refundMessages.keyChanged);
          return { existing };
        }
        if (!refundable.includes(order.status)) throw badRequest(refundMessages.notPaid);
        // the cap: what the card paid and what the refundable tenders (gift cards) paid, less what
        // was returned to each; split between them (src/shared/refund-split.ts)
        const sources = await sourcesOf(trx, order);
        const left = refundRoom(sources.card, sources.tenders);
        if (left <= 0) throw badRequest(refundMessages.nothingLeft);
        const split = splitRefund(amountCents, sources.card, sources.tenders);
        if (!split) {
          const message = refundMessages.tooMuch(formatCents(left));
          throw badRequest(message, { amount: message });
        }
        const intentId = order.paymentIntentId;
        if (split.cardCents > 0 && !intentId) throw badRequest(refundMessages.notPaid);
        const row = await repo.insertRefund(trx, {
          orderId,
          amountCents,
          reason: input.reason,
          note: input.note || null,
          status: 'pending',
          idempotencyKey: input.idempotencyKey,
          revokeLineIds: input.revokeLicenceLines ?? [],
          tendersCents: amountCents - split.cardCents,
        });
        // all of it back to tenders: nothing for the provider, done now
        if (split.cardCents === 0) {
          const done = await repo.settleWithoutProvider(trx, row.id);
          if (done) await refunded(trx, order, done);
          return { settled: done ?? row };
        }
        return { row, intentId: intentId!, cardCents: split.cardCents };
      });
      if (reserved.settled) return toRefundView(reserved.settled);
      if (reserved.existing) {
        // a second click answers the first one's refund as it ends; a failed one is not retried by the key
        const first = await settled(reserved.existing);
        if (first.status === 'failed') throw conflict(refundMessages.failedBefore);
        return toRefundView(first);
      }
      const { row, intentId, cardCents } = reserved;
      let pr: ProviderRefund;
      try {
        pr = await p.refund({
          intentId,
          amountCents: cardCents,
          idempotencyKey: input.idempotencyKey,
          orderId,
          reason: input.reason,
        });
      } catch (err) {
        // the provider may still have made it (a timeout): its webhook then finds it by our key
        await repo.failRefund(row.id);
        throw err;
      }
      return toRefundView((await applyProviderRefund(orderId, pr, row.id)) ?? row);
    },

    /** The succeeded refunds of these orders (for the admin and the buyer's page). */
    async refundsFor(orderIds: number[]): Promise<RefundView[]> {
      return (await repo.refundsFor(orderIds)).map(toRefundView);
    },

    /** The part of a refund given back to the order's tenders (gift cards), in cents. */
    async tendersPartOf(id: number): Promise<number> {
      return (await repo.findRefund({ id }))?.tendersCents ?? 0;
    },

    async findRefund(id: number): Promise<RefundView | null> {
      const row = await repo.findRefund({ id });
      return row ? toRefundView(row) : null;
    },
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;
