import type { Knex } from 'knex';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import { formatCents, toDollars } from '../../platform/money';
import type { JobOutcome } from '../../platform/queue';
import type { PaymentStatus, RefundView } from '../orders';
import type { PaymentEvent, PaymentProvider, ProviderRefund } from './payment-provider';
import type { DisputeState, PayableOrder, PaymentsRepository, RefundRow } from './payments.repository';
import { refundMessages, type RefundInput, type RefundReason } from './payments.schemas';

export const paymentMessages = {
  notConfigured: 'Card payments are not set up on this site yet.',
  session: 'This payment session is not valid. Please start checkout again.',
  webhooksOff: 'Stripe webhooks are not configured.',
  orderNotFound: 'Order not found.',
  alreadyPaid: 'This order is already paid.',
  amountMismatch: 'The amount does not match the order total. Please review your cart.',
  canceled: 'This payment was canceled. Please check out again.',
  otherProvider: 'This order was started with another payment method. Please check out again.',
} as const;

/** The payment statuses each transition may start from; paid is never left by a payment event. */
const transitions = {
  paid: ['pending', 'processing', 'failed', 'canceled'],
  failed: ['pending', 'processing'],
  canceled: ['pending', 'processing', 'failed'],
  processing: ['pending', 'failed'],
} as const satisfies Partial<Record<PaymentStatus, PaymentStatus[]>>;

/** What the payments module publishes when an order's payment status moves. */
export type PaymentEvents = {
  publish(
    trx: Knex.Transaction,
    to: keyof typeof transitions,
    order: { id: number; cartId: string | null },
  ): Promise<unknown>;
  refunded(trx: Knex.Transaction, orderId: number, refundId: number): Promise<unknown>;
  disputed(trx: Knex.Transaction, orderId: number, disputeId: string): Promise<unknown>;
};

const toRefundView = (r: RefundRow): RefundView => ({
  id: r.id,
  orderId: r.orderId,
  amount: toDollars(r.amountCents),
  reason: r.reason,
  note: r.note,
  status: r.status,
  createdAt: new Date(r.createdAt).toISOString(),
});
/** Stripe's reason codes in our list; anything else is 'other'. */
const providerReason = (reason: string | null): RefundReason =>
  reason === 'duplicate' || reason === 'fraudulent' || reason === 'requested_by_customer' ? reason : 'other';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const PENDING_CHECK_BUCKET_MS = 10 * 60 * 1000;
const AWAITING_AFTER_MINUTES = 10;
const AWAITING_FOR_HOURS = 48;

export function createPaymentsService(
  ctx: AppContext,
  deps: { repo: PaymentsRepository; provider: PaymentProvider | null; events: PaymentEvents },
) {
  const { repo, provider, events } = deps;
  const { queues, logger } = ctx;

  /**
   * Moves the order's payment status for this intent, and in the same transaction publishes what
   * happened (order.paid, order.payment-failed, ...). True when this call made the change: the
   * event, and everything that reacts to it, happens exactly once.
   */
  async function moveTo(to: keyof typeof transitions, orderId: number, intentId: string): Promise<boolean> {
    const row = await repo.transaction(async (trx) => {
      const order = await repo.transition(trx, orderId, intentId, [...transitions[to]], to);
      if (order) await events.publish(trx, to, order);
      return order;
    });
    if (row) logger.info({ orderId, status: to }, 'order payment status changed');
    return !!row;
  }

  /**
   * A refund as the provider reports it, recorded on the order once: matched by the provider's
   * refund id, else by our idempotency key (refunds made here), else a new row (refunds made
   * in the provider's dashboard). When it is (newly) succeeded, the order's refunded amount and
   * status move and order.refunded is published, in the same transaction.
   */
  async function applyProviderRefund(orderId: number, pr: ProviderRefund, localId?: number) {
    return repo.transaction(async (trx) => {
      await repo.lockOrder(trx, orderId);
      let row =
        (await repo.findRefund(trx, { providerRefundId: pr.id })) ??
        (pr.refundKey ? await repo.findRefund(trx, { idempotencyKey: pr.refundKey }) : undefined) ??
        (localId ? await repo.findRefund(trx, { id: localId }) : undefined);
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
      if (done) {
        await repo.addRefunded(trx, orderId, done.amountCents);
        await events.refunded(trx, orderId, done.id);
        logger.info({ orderId, refundId: done.id, cents: done.amountCents }, 'order refunded');
      }
      return (await repo.findRefund(trx, { id: row.id })) ?? null;
    });
  }

  /** Brings the order's refunds in line with the provider's list (a refund webhook). */
  async function syncRefunds(
    intentId: string,
    orderIdHint: number | null,
  ): Promise<JobOutcome & { orderId?: number }> {
    const p = requireProvider();
    // the payment first: a refund event may arrive before the payment's own event
    const paid = await reconcileIntent(intentId, orderIdHint);
    const order = await repo.findOrderByIntent(intentId);
    if (!order) return paid;
    let applied = 0;
    for (const r of await p.listRefunds(intentId))
      if (r.status === 'succeeded' && (await applyProviderRefund(order.id, r))) applied++;
    return { outcome: 'done', detail: `order ${order.id}: ${applied} refunds in line`, orderId: order.id };
  }

  /** Records a dispute on the order; the first time a dispute is seen, order.disputed is published. */
  async function recordDispute(
    intentId: string,
    dispute: DisputeState,
  ): Promise<JobOutcome & { orderId?: number }> {
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
      detail: event.dispute
        ? { ...event.dispute, dueBy: event.dispute.dueBy?.toISOString() ?? null }
        : undefined,
      payload: event.payload,
    });
    if (!processed) await enqueueReconcile(event.eventId);
  }

  const requireProvider = () => {
    if (!provider) throw new AppError('unavailable', paymentMessages.notConfigured);
    return provider;
  };

  /** Queues reconciliation of one recorded event; the job id is the event id (one job per event). */
  async function enqueueReconcile(eventId: string) {
    await queues
      .enqueueOrRetry('payments', 'reconcile-payment', { eventId }, eventId)
      .catch((err) =>
        logger.warn({ err, eventId }, 'could not queue payment reconciliation; the sweeper will'),
      );
  }

  /**
   * Brings the order's payment status in line with the provider's truth about the intent. The
   * same answer whatever order events arrive in, and as often as it runs: a paid order is never
   * downgraded and "paid" (with its e-mails) happens once. Throws while the order is not
   * visible yet (its commit has not landed), so BullMQ retries with backoff.
   */
  async function reconcileIntent(
    intentId: string,
    orderIdHint: number | null,
  ): Promise<JobOutcome & { orderId?: number }> {
    const p = requireProvider();
    let order: PayableOrder | undefined = await repo.findOrderByIntent(intentId);
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
        if (truth.amountCents !== order.totalCents) {
          logger.error(
            { orderId: order.id, intentId, charged: truth.amountCents, total: order.totalCents },
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

  return {
    providerName: () => provider?.name ?? null,

    /**
     * The order's one payment intent (created on first call, reused after): the amount is the
     * order's; a client amount that disagrees is refused.
     */
    async createPaymentIntent(
      orderId: number,
      amount: number | undefined,
    ): Promise<{ clientSecret: string; provider: 'stripe' | 'test' }> {
      const p = requireProvider();
      const order = await repo.findOrder(orderId);
      if (!order) throw notFound(paymentMessages.orderNotFound);
      if (order.status === 'paid') throw conflict(paymentMessages.alreadyPaid);
      if (amount !== undefined && Math.abs(amount * 100 - order.totalCents) > 0.5)
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
        return { clientSecret: existing.clientSecret, provider: p.name };
      }

      // Two clicks at once: both ask with the same idempotency key and get the same intent.
      const intent = await p.createIntent({
        orderId,
        amountCents: order.totalCents,
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

    /** The order's payment status for whoever holds its client secret; null otherwise. */
    async statusForSecret(orderId: number, clientSecret: string): Promise<{ status: string } | null> {
      const order = await repo.findOrder(orderId);
      if (!order?.paymentSecretHash) return null;
      const a = Buffer.from(sha256(clientSecret));
      const b = Buffer.from(order.paymentSecretHash);
      return a.length === b.length && timingSafeEqual(a, b) ? { status: order.status } : null;
    },

    /** Test provider only: checks the card, records the event and queues reconciliation. */
    async confirmTestPayment(input: {
      clientSecret: string;
      cardNumber: string;
      expiry: string;
      cvc: string;
    }): Promise<{ status: 'succeeded' }> {
      const form = provider?.testCardForm;
      if (!form) throw notFound('Test payments are not enabled.');
      const intentId = form.intentIdFromSecret(input.clientSecret);
      const order = intentId ? await repo.findOrderByIntent(intentId) : null;
      if (!intentId || !order) throw new AppError('bad_request', paymentMessages.session);
      if (order.status === 'paid') throw conflict(paymentMessages.alreadyPaid);
      const { event, declined } = form.charge(input, {
        intentId,
        orderId: order.id,
        amountCents: order.totalCents,
      });
      await record(event, order.id);
      if (declined) throw new AppError('payment_failed', form.declinedMessage);
      return { status: 'succeeded' };
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
            ? await recordDispute(event.paymentIntentId, event.detail as DisputeState)
            : await reconcileIntent(event.paymentIntentId, hint);
      await repo.markProcessed(eventId, result.orderId ?? null);
      return { outcome: result.outcome, detail: result.detail };
    },

    /**
     * The owner refunds a paid order in full or in part. Checked here: a paid order, never more
     * than what is left (refunds in progress count), nothing stored when refused. The same
     * idempotency key (one per dialog) makes one refund however often it is sent.
     */
    async refund(orderId: number, input: RefundInput): Promise<RefundView> {
      const p = requireProvider();
      const amountCents = Math.round(input.amount * 100);
      const reserved = await repo.transaction(async (trx) => {
        const order = await repo.lockOrder(trx, orderId);
        if (!order) throw notFound(paymentMessages.orderNotFound);
        const existing = await repo.findRefund(trx, { idempotencyKey: input.idempotencyKey });
        if (existing) {
          if (existing.orderId !== orderId) throw conflict(refundMessages.keyReused);
          // a second click answers the first one's refund; a failed one is not retried by the key
          if (existing.status === 'failed') throw conflict(refundMessages.failedBefore);
          return { existing };
        }
        const refundable =
          ['paid', 'partially_refunded', 'refunded'].includes(order.status) && order.paymentIntentId;
        if (!refundable) throw badRequest(refundMessages.notPaid);
        const left = order.totalCents - (await repo.committedRefundCents(trx, orderId));
        if (left <= 0) throw badRequest(refundMessages.nothingLeft);
        if (amountCents > left) {
          const message = refundMessages.tooMuch(formatCents(left));
          throw badRequest(message, { amount: message });
        }
        const row = await repo.insertRefund(trx, {
          orderId,
          amountCents,
          reason: input.reason,
          note: input.note || null,
          status: 'pending',
          idempotencyKey: input.idempotencyKey,
        });
        return { row, intentId: order.paymentIntentId! };
      });
      if ('existing' in reserved && reserved.existing) return toRefundView(reserved.existing);
      if (!('row' in reserved)) throw notFound(paymentMessages.orderNotFound);
      const { row, intentId } = reserved;
      let pr: ProviderRefund;
      try {
        pr = await p.refund({ intentId, amountCents, idempotencyKey: input.idempotencyKey, orderId });
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

    async findRefund(id: number): Promise<RefundView | null> {
      const row = await repo.findRefund(ctx.db, { id });
      return row ? toRefundView(row) : null;
    },

    /** Job 'check-pending-order': asks the provider about an order still awaiting payment. */
    async checkPendingOrder(orderId: number): Promise<JobOutcome> {
      const order = await repo.findOrder(orderId);
      if (!order?.paymentIntentId) return { outcome: 'skipped', detail: 'no such order or no intent' };
      if (order.status === 'paid') return { outcome: 'skipped', detail: 'already paid' };
      const { outcome, detail } = await reconcileIntent(order.paymentIntentId, order.id);
      return { outcome, detail };
    },

    /**
     * Maintenance sweep: orders with an intent still unpaid after 10 minutes are checked with the
     * provider (a lost webhook cannot leave a paid order unpaid), and events whose job was lost
     * or gave up are queued again.
     */
    async sweep(now = Date.now()): Promise<{ orders: number; events: number }> {
      if (!provider) return { orders: 0, events: 0 };
      const bucket = Math.floor(now / PENDING_CHECK_BUCKET_MS);
      const orderIds = await repo.awaitingPayment(AWAITING_AFTER_MINUTES, AWAITING_FOR_HOURS);
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
