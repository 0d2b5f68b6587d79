import type { Logger } from '../../../platform/logger';
import type { JobOutcome } from '../../../platform/queue';
import type { PaymentStatus } from '../../../contract';
import { orderMoney } from '../../cart';
import type { PaymentProvider, ProviderRefund } from './payment-provider';
import type { Order } from '../order.model';
import type { DisputeState } from './payment.model';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentEvents, PaymentMove } from './payments.types';

/** The payment statuses each transition may start from; paid is never left by a payment event. */
const transitions = {
  paid: ['pending', 'processing', 'failed', 'canceled'],
  failed: ['pending', 'processing'],
  canceled: ['pending', 'processing', 'failed'],
  processing: ['pending', 'failed'],
} as const satisfies Record<PaymentMove, PaymentStatus[]>;

type Outcome = JobOutcome & { orderId?: number };

/**
 * `orders.payment_provider` of an order its tenders (gift cards) paid in full: no provider took a
 * card, and no provider's event moves it (the reconciler skips an order of another provider).
 */
export const TENDERS_PROVIDER = 'tenders';

/**
 * Brings an order's payment state in line with the provider's truth: the status of its intent,
 * its refunds and its dispute. Every change and the event it publishes happen in one transaction,
 * and exactly once however often (and in whatever order) the provider's events arrive.
 */
export function createPaymentReconciler(deps: {
  repo: PaymentsRepository;
  requireProvider: () => PaymentProvider;
  events: PaymentEvents;
  logger: Logger;
  applyProviderRefund(orderId: number, pr: ProviderRefund): Promise<unknown>;
}) {
  const { repo, requireProvider, events, logger } = deps;

  /**
   * Moves the order's payment status for this intent, and in the same transaction publishes what
   * happened (order.paid, order.payment-canceled). True when this call made the change: the
   * event, and everything that reacts to it, happens exactly once.
   */
  async function moveTo(to: PaymentMove, orderId: number, intentId: string | null): Promise<boolean> {
    const row = await repo.transaction(async (trx) => {
      const order = await repo.transition(trx, orderId, intentId, [...transitions[to]], to);
      if (order) await events.publish(trx, to, order);
      return order;
    });
    if (row) logger.info({ orderId, status: to }, 'order payment status changed');
    return !!row;
  }

  /**
   * Brings the order's payment status in line with the provider's truth about the intent. The
   * same answer whatever order events arrive in, and as often as it runs: a paid order is never
   * downgraded and "paid" (with its e-mails) happens once. Throws while the order is not
   * visible yet (its commit has not landed), so BullMQ retries with backoff.
   */
  async function reconcileIntent(intentId: string, orderIdHint: number | null): Promise<Outcome> {
    const p = requireProvider();
    let order: Order | undefined = await repo.findOrderByIntent(intentId);
    if (!order && orderIdHint) order = await repo.findOrder(orderIdHint);
    if (!order || !order.paymentIntentId)
      throw new Error(`no committed order for payment intent ${intentId} yet; will retry`);
    if (order.paymentIntentId !== intentId)
      return {
        outcome: 'skipped',
        detail: `intent ${intentId} is not order ${order.id}'s`,
        orderId: order.id,
      };
    if (order.paymentProvider && order.paymentProvider !== p.name)
      return { outcome: 'skipped', detail: `order ${order.id} was paid through ${order.paymentProvider}` };
    const truth = await p.retrieveIntent(intentId);
    if (!truth)
      return { outcome: 'skipped', detail: `the provider does not know ${intentId}`, orderId: order.id };
    if (truth.orderId !== null && truth.orderId !== order.id) {
      logger.error(
        { intentId, orderId: order.id, metadataOrderId: truth.orderId },
        'intent belongs to another order',
      );
      return { outcome: 'skipped', detail: 'intent metadata names another order', orderId: order.id };
    }
    let changed = false;
    switch (truth.status) {
      case 'succeeded':
        // the provider charges the amount due (the total less other tenders), nothing else
        if (truth.amountCents !== orderMoney(order).amountDueCents) {
          logger.error(
            {
              orderId: order.id,
              intentId,
              charged: truth.amountCents,
              due: orderMoney(order).amountDueCents,
              total: order.totalCents,
            },
            'payment amount does not match the order total; not marking it paid',
          );
          return { outcome: 'skipped', detail: 'amount mismatch', orderId: order.id };
        }
        changed = await moveTo('paid', order.id, intentId);
        break;
      case 'failed':
      case 'canceled':
      case 'processing':
        changed = await moveTo(truth.status, order.id, intentId);
        break;
      case 'pending':
        break;
    }
    return {
      outcome: changed ? 'done' : 'skipped',
      detail: `order ${order.id}: intent ${truth.status}${changed ? '' : ', nothing to change'}`,
      orderId: order.id,
    };
  }

  /** Brings the order's refunds in line with the provider's list (a refund webhook). */
  async function syncRefunds(intentId: string, orderIdHint: number | null): Promise<Outcome> {
    const p = requireProvider();
    // the payment first: a refund event may arrive before the payment's own event
    const paid = await reconcileIntent(intentId, orderIdHint);
    const order = await repo.findOrderByIntent(intentId);
    if (!order) return paid;
    let applied = 0;
    for (const r of await p.listRefunds(intentId))
      if (r.status === 'succeeded' && (await deps.applyProviderRefund(order.id, r))) applied++;
    return { outcome: 'done', detail: `order ${order.id}: ${applied} refunds in line`, orderId: order.id };
  }

  /** Records a dispute on the order; the first time a dispute is seen, order.disputed is published. */
  async function recordDispute(intentId: string, dispute: DisputeState): Promise<Outcome> {
    const order = await repo.findOrderByIntent(intentId);
    if (!order) throw new Error(`no committed order for payment intent ${intentId} yet; will retry`);
    const isNew = await repo.transaction(async (trx) => {
      const before = await repo.setDispute(trx, order.id, dispute);
      if (before !== dispute.id) await events.disputed(trx, order.id, dispute.id);
      return before !== dispute.id;
    });
    if (isNew)
      logger.warn({ orderId: order.id, dispute: dispute.id, reason: dispute.reason }, 'order disputed');
    return { outcome: 'done', detail: `order ${order.id}: dispute ${dispute.status}`, orderId: order.id };
  }

  /**
   * An order its tenders pay in full (amount due 0), paid without a card: the same "paid"
   * transition as a provider's payment, from an unpaid status and for the intent it has (none, or
   * one canceled at the provider just before), with `TENDERS_PROVIDER` as its provider, publishing
   * order.paid in the same transaction: exactly once, with every reaction a card payment has.
   */
  async function settleCovered(orderId: number, intentId: string | null): Promise<boolean> {
    const row = await repo.transaction(async (trx) => {
      const locked = await repo.lockOrder(trx, orderId);
      if (!locked || locked.paymentIntentId !== intentId || orderMoney(locked).amountDueCents !== 0) return;
      const order = await repo.transition(trx, orderId, intentId, ['pending', 'failed'], 'paid');
      if (!order) return;
      await repo.setPaymentProvider(trx, orderId, TENDERS_PROVIDER);
      await events.publish(trx, 'paid', order);
      return order;
    });
    if (row) logger.info({ orderId }, 'order paid in full by its tenders');
    return !!row;
  }

  return {
    reconcileIntent,
    moveTo,
    settleCovered,

    /** Job 'reconcile-payment': one recorded event, processed (processed_at set) once it applied. */
    async reconcileEvent(eventId: string): Promise<JobOutcome> {
      const event = await repo.findEvent(eventId);
      if (!event) return { outcome: 'skipped', detail: `no event ${eventId}` };
      if (!event.paymentIntentId) {
        await repo.markProcessed(eventId, null);
        return { outcome: 'skipped', detail: 'event without a payment intent' };
      }
      const hint = event.orderId ?? event.orderIdHint;
      const result =
        event.kind === 'refund'
          ? await syncRefunds(event.paymentIntentId, hint)
          : event.kind === 'dispute' && event.detail
            ? await recordDispute(event.paymentIntentId, event.detail)
            : await reconcileIntent(event.paymentIntentId, hint);
      await repo.markProcessed(eventId, result.orderId ?? null);
      return { outcome: result.outcome, detail: result.detail };
    },
  };
}
