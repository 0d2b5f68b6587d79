import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../platform/context';
import { AppError, conflict, notFound } from '../../../platform/http/app-error';
import type { JobOutcome } from '../../../platform/queue';
import { orderMoney } from '../../cart';
import type { PaymentEvent, PaymentProvider } from './payment-provider';
import type { Order } from '../order.model';
import { createPaymentReconciler } from './payment-reconciler';
import type { PaymentsRepository } from './payments.repository';
import { cancelMessages, orderMessages, paymentMessages } from '../../../contract';
import type { PaymentEvents } from './payments.types';
import { createRefundsService, type RefundTenders } from './refunds.service';

export type { PaymentEvents } from './payments.types';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const PENDING_CHECK_BUCKET_MS = 10 * 60 * 1000;
const AWAITING_AFTER_MINUTES = 10;
const AWAITING_FOR_HOURS = 48;

/**
 * Payments: the order's one intent, the test card form, provider webhooks recorded once and
 * reconciled by a job (payment-reconciler.ts), refunds (refunds.service.ts) and the sweep that
 * finds what a lost webhook or job left behind.
 */
export function createPaymentsService(
  ctx: AppContext,
  deps: {
    repo: PaymentsRepository;
    provider: PaymentProvider | null;
    events: PaymentEvents;
    /** The tenders a refund's share goes back to (gift cards): orders' tender registry. */
    tenders: RefundTenders;
  },
) {
  const { repo, provider, events } = deps;
  const { queues, logger } = ctx;

  const requireProvider = () => {
    if (!provider) throw new AppError('unavailable', paymentMessages.notConfigured);
    return provider;
  };
  /** For the buyer: with no provider the shop takes no orders (503, the words checkout uses). */
  const takingOrders = () => {
    if (!provider) throw new AppError('unavailable', orderMessages.notTakingOrders);
    return provider;
  };
  const refunds = createRefundsService({ repo, requireProvider, events, logger, tenders: deps.tenders });
  const reconciler = createPaymentReconciler({
    repo,
    requireProvider,
    events,
    logger,
    applyProviderRefund: refunds.applyProviderRefund,
  });

  /** Records a provider's event once (by its id) and queues its reconciliation until processed. */
  async function record(event: PaymentEvent, orderId: number | null = null): Promise<void> {
    const { processed } = await repo.recordEvent({
      provider: event.provider,
      eventId: event.eventId,
      type: event.type,
      paymentIntentId: event.paymentIntentId,
      orderId,
      orderIdHint: event.orderIdHint,
      kind: event.kind,
      detail: event.dispute ? { ...event.dispute, dueBy: event.dispute.dueBy?.toISOString() ?? null } : null,
      payload: event.payload,
    });
    if (!processed) await enqueueReconcile(event.eventId);
  }

  /** Queues reconciliation of one recorded event; the job id is the event id (one job per event). */
  async function enqueueReconcile(eventId: string) {
    await queues
      .enqueueOrRetry('payments', 'reconcile-payment', { eventId }, eventId)
      .catch((err) =>
        logger.warn({ err, eventId }, 'could not queue payment reconciliation; the sweeper will'),
      );
  }

  /**
   * Cancels an unpaid order the one way there is (the sweep's abandoned order, the owner's cancel):
   * without an intent the order is canceled; with one, the intent is canceled at the provider and
   * the order follows the provider's answer (canceled, or paid after all). Canceled, the order
   * publishes order.payment-canceled in the same transaction.
   */
  async function cancel(order: Order, by: 'sweep' | 'owner'): Promise<JobOutcome> {
    if (!order.paymentIntentId) {
      const changed = await reconciler.moveTo('canceled', order.id, null);
      return { outcome: changed ? 'done' : 'skipped', detail: `order ${order.id}: unpaid, canceled` };
    }
    const p = requireProvider();
    if (order.paymentProvider && order.paymentProvider !== p.name)
      return { outcome: 'skipped', detail: `order ${order.id} was started with ${order.paymentProvider}` };
    const intent = await p.cancelIntent(order.paymentIntentId);
    logger.info({ orderId: order.id, intent: intent.status, by }, 'unpaid order canceled; intent canceled');
    const { outcome, detail } = await reconciler.reconcileIntent(order.paymentIntentId, order.id);
    return { outcome, detail };
  }

  return {
    providerName: () => provider?.name ?? null,

    /** Refuses (503) when no payment provider is configured: the shop is not taking orders. */
    assertTakingOrders(): void {
      takingOrders();
    },

    /**
     * The order's one payment intent (created on first call, reused after): the amount is the
     * order's amount due (its total less other tenders); a client amount that disagrees is refused.
     */
    async createPaymentIntent(
      orderId: number,
      amount: number | undefined,
    ): Promise<{ clientSecret: string; provider: 'stripe' | 'test' }> {
      const p = takingOrders();
      const order = await repo.findOrder(orderId);
      if (!order) throw notFound(paymentMessages.orderNotFound);
      if (order.status === 'paid') throw conflict(paymentMessages.alreadyPaid);
      if (order.status === 'canceled') throw conflict(paymentMessages.canceled);
      // tenders (gift cards) pay it all: paid at checkout, never by card
      if (order.tendersCents > 0 && orderMoney(order).amountDueCents === 0)
        throw conflict(paymentMessages.nothingDue);
      // the amount due with its tax, or (the spec's client, which never sees the tax) before it;
      // the intent always charges the order's amount due, from its stored figures
      const dueCents = orderMoney(order).amountDueCents;
      const shown = amount === undefined ? dueCents : Math.round(amount * 100);
      if (shown !== dueCents && shown !== dueCents - order.taxCents)
        throw conflict(paymentMessages.amountMismatch);

      if (order.paymentIntentId) {
        if (order.paymentProvider !== p.name) throw conflict(paymentMessages.otherProvider);
        const existing = await p.retrieveIntent(order.paymentIntentId);
        if (!existing) throw conflict(paymentMessages.canceled);
        if (existing.status === 'succeeded') {
          await queues
            .enqueueOrRetry(
              'payments',
              'check-pending-order',
              { orderId },
              `check-order-${orderId}-${Math.floor(Date.now() / 60_000)}`,
            )
            .catch(() => undefined);
          throw conflict(paymentMessages.alreadyPaid);
        }
        if (existing.status === 'canceled') throw conflict(paymentMessages.canceled);
        // A retry re-priced the order (orders' checkout reuses an unpaid one): the same intent,
        // now for the new amount due. A processing payment is not touched.
        if (
          (existing.status === 'pending' || existing.status === 'failed') &&
          existing.amountCents !== dueCents
        )
          await p.updateIntentAmount(existing.id, dueCents);
        return { clientSecret: existing.clientSecret, provider: p.name };
      }

      // Two clicks at once: both ask with the same idempotency key and get the same intent.
      const intent = await p.createIntent({
        orderId,
        amountCents: dueCents,
        idempotencyKey: `order-${orderId}-pi`,
      });
      const attached = await repo.attachPaymentIntent(
        orderId,
        p.name,
        intent.id,
        sha256(intent.clientSecret),
      );
      if (!attached) throw notFound(paymentMessages.orderNotFound);
      if (attached.paymentIntentId !== intent.id) {
        logger.error(
          { orderId, intentId: intent.id, attached: attached.paymentIntentId },
          'second intent for an order',
        );
        throw conflict(paymentMessages.otherProvider);
      }
      return { clientSecret: intent.clientSecret, provider: p.name };
    },

    /**
     * An order its tenders (gift cards) pay in full, paid at checkout without a card: through the
     * reconciler's "paid" transition (order.paid once, as for a card). A retried order that had
     * an intent for the card has it canceled at the provider first: nothing is left to charge
     * (one the buyer paid meanwhile is left to the reconciler, and this answers false).
     */
    async settleCoveredOrder(orderId: number): Promise<boolean> {
      const order = await repo.findOrder(orderId);
      if (!order || !order.tendersCents || orderMoney(order).amountDueCents !== 0) return false;
      if (order.paymentIntentId) {
        const intent = await requireProvider().cancelIntent(order.paymentIntentId);
        if (intent.status !== 'canceled') {
          logger.error(
            { orderId, intent: intent.status },
            'covered order: its card intent could not be canceled',
          );
          return false;
        }
      }
      return reconciler.settleCovered(orderId, order.paymentIntentId);
    },

    /** The order's payment status for whoever holds its client secret; null otherwise. */
    async statusForSecret(
      orderId: number,
      clientSecret: string,
    ): Promise<{ status: string; orderPageToken: string | null } | null> {
      const order = await repo.findOrder(orderId);
      if (!order?.paymentSecretHash) return null;
      const a = Buffer.from(sha256(clientSecret));
      const b = Buffer.from(order.paymentSecretHash);
      return a.length === b.length && timingSafeEqual(a, b)
        ? { status: order.status, orderPageToken: order.statusToken }
        : null;
    },

    /** Test provider only: checks the card, records the event and queues reconciliation. */
    async confirmTestPayment(input: {
      clientSecret: string;
      cardNumber: string;
      expiry: string;
      cvc: string;
    }): Promise<{ status: 'succeeded'; orderPageToken: string | null }> {
      const form = provider?.testCardForm;
      if (!form) throw notFound('Test payments are not enabled.');
      const intentId = form.intentIdFromSecret(input.clientSecret);
      const order = intentId ? await repo.findOrderByIntent(intentId) : null;
      if (!intentId || !order) throw new AppError('bad_request', paymentMessages.session);
      if (order.status === 'paid') throw conflict(paymentMessages.alreadyPaid);
      if (order.status === 'canceled') throw conflict(paymentMessages.canceled);
      const { event, declined } = form.charge(input, {
        intentId,
        orderId: order.id,
        amountCents: orderMoney(order).amountDueCents,
      });
      await record(event, order.id);
      if (declined) throw new AppError('payment_failed', form.declinedMessage);
      return { status: 'succeeded', orderPageToken: order.statusToken };
    },

    /**
     * A webhook delivery for a provider: verified and put in our words by the provider, recorded
     * once by event id and queued for reconciliation. Events we do not act on are acknowledged.
     */
    async receiveWebhook(
      providerName: 'stripe',
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ recorded: boolean; eventId?: string; type?: string }> {
      if (provider?.name !== providerName || !provider.parseWebhook)
        throw notFound(paymentMessages.webhooksOff);
      const event = provider.parseWebhook(rawBody, signature);
      if (!event) return { recorded: false };
      // order_id stays empty here: the order may not be committed yet; reconciliation fills it in
      await record(event);
      return { recorded: true, eventId: event.eventId, type: event.type };
    },

    /** Job 'reconcile-payment': one recorded event, processed (processed_at set) once it applied. */
    reconcileEvent: reconciler.reconcileEvent,

    /** The owner's refund, and the succeeded refunds of orders (for the admin and the buyer's page). */
    refund: refunds.refund,
    refundsFor: refunds.refundsFor,
    refundSources: refunds.refundSources,
    tendersPartOf: refunds.tendersPartOf,
    findRefund: refunds.findRefund,

    /**
     * Job 'check-pending-order': asks the provider about an order still awaiting payment. One
     * still unpaid UNPAID_ORDER_TTL_HOURS after it was placed is abandoned: canceled the one way an
     * unpaid order is (`cancelUnpaid` below), so its intent is canceled at the provider and the
     * order follows the provider's answer (canceled, or paid after all).
     */
    async checkPendingOrder(orderId: number): Promise<JobOutcome> {
      const order = await repo.findOrder(orderId);
      if (!order) return { outcome: 'skipped', detail: 'no such order' };
      if (order.status !== 'pending' && order.status !== 'processing' && order.status !== 'failed')
        return { outcome: 'skipped', detail: `payment ${order.status}` };
      // tenders pay it all (its checkout died before paying it): paid now, as checkout would have
      if (order.tendersCents > 0 && orderMoney(order).amountDueCents === 0 && !order.paymentIntentId) {
        const paid = await reconciler.settleCovered(order.id, null);
        return { outcome: paid ? 'done' : 'skipped', detail: `order ${order.id}: paid by its tenders` };
      }
      const abandoned =
        order.status !== 'processing' &&
        (await repo.isOlderThan(order.id, ctx.config.UNPAID_ORDER_TTL_HOURS));
      if (abandoned) return cancel(order, 'sweep');
      if (!order.paymentIntentId) return { outcome: 'skipped', detail: 'no intent yet' };
      const { outcome, detail } = await reconciler.reconcileIntent(order.paymentIntentId, order.id);
      return { outcome, detail };
    },

    /**
     * The owner cancels an order nobody has paid (payment pending or failed), from the admin: the
     * sweep's path, at once. Its intent is canceled at the provider, then the order follows the
     * provider's truth; canceled, order.payment-canceled gives back what the order holds (a
     * promotion code's use). A paid order (or one paid meanwhile) is refused: it is refunded
     * instead. Canceling a canceled order again changes nothing.
     */
    async cancelUnpaid(orderId: number): Promise<void> {
      const order = await repo.findOrder(orderId);
      if (!order) throw notFound(paymentMessages.orderNotFound);
      if (order.status === 'canceled') return;
      if (order.status === 'processing') throw conflict(cancelMessages.processing);
      if (order.status !== 'pending' && order.status !== 'failed') throw conflict(cancelMessages.paid);
      const { detail } = await cancel(order, 'owner');
      const after = await repo.findOrder(orderId);
      if (after?.status === 'canceled') return;
      logger.warn({ orderId, status: after?.status, detail }, 'unpaid order not canceled');
      throw conflict(
        after && after.status !== 'pending' && after.status !== 'failed'
          ? cancelMessages.paidMeanwhile
          : cancelMessages.notNow,
      );
    },

    /**
     * Maintenance sweep: orders with an intent still unpaid after 10 minutes are checked with the
     * provider (a lost webhook cannot leave a paid order unpaid), unpaid ones older than
     * UNPAID_ORDER_TTL_HOURS are canceled (by the same job), and events whose job was lost or
     * gave up are queued again.
     */
    async sweep(now = Date.now()): Promise<{ orders: number; events: number }> {
      if (!provider) return { orders: 0, events: 0 };
      const bucket = Math.floor(now / PENDING_CHECK_BUCKET_MS);
      const awaiting = await repo.awaitingPayment(AWAITING_AFTER_MINUTES, AWAITING_FOR_HOURS);
      const abandoned = await repo.unpaidOlderThan(ctx.config.UNPAID_ORDER_TTL_HOURS);
      const orderIds = [...new Set([...awaiting, ...abandoned])];
      for (const id of orderIds)
        await queues.enqueueOrRetry(
          'payments',
          'check-pending-order',
          { orderId: id },
          `check-order-${id}-${bucket}`,
        );
      const eventIds = await repo.unprocessedEventIds(60);
      for (const eventId of eventIds)
        await queues.enqueueOrRetry('payments', 'reconcile-payment', { eventId }, eventId);
      return { orders: orderIds.length, events: eventIds.length };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
