import type { Knex } from 'knex';
import type { Db } from '../../../platform/db';
import type { FulfillmentStatus, PaymentStatus } from '../../../contract';
import { Order } from '../order.model';
import type { DisputeState } from './payment.model';

const closedDispute = ['won', 'lost', 'warning_closed', 'charge_refunded'];
/** An attempt nobody has paid (yet): what the unpaid-order sweep cancels once it is old. */
const UNPAID: PaymentStatus[] = ['pending', 'failed'];

/** The order's payment columns: its intent, its status transitions, refunded amount and dispute. */
export function createOrderPaymentRepository(db: Db) {
  const findOrder = async (id: number): Promise<Order | undefined> => Order.query(db).findById(id);
  return {
    findOrder,

    async findOrderByIntent(paymentIntentId: string): Promise<Order | undefined> {
      return Order.query(db).findOne({ payment_intent_id: paymentIntentId });
    },

    /** Sets the payment intent once; a second caller gets the row with the first one's intent. */
    async attachPaymentIntent(
      id: number,
      provider: string,
      paymentIntentId: string,
      secretHash: string,
    ): Promise<Order | undefined> {
      await Order.query(db).findById(id).whereNull('payment_intent_id').patch({
        paymentProvider: provider,
        paymentIntentId,
        paymentSecretHash: secretHash,
        updatedAt: db.fn.now(),
      });
      return findOrder(id);
    },

    /**
     * Moves the payment status to `to` only from one of `from` and only for this intent (null: an
     * order that has none); the row is returned when this call made the change (so its event is
     * published exactly once).
     */
    async transition(
      trx: Knex.Transaction,
      id: number,
      paymentIntentId: string | null,
      from: PaymentStatus[],
      to: PaymentStatus,
    ): Promise<Order | undefined> {
      const [row] = await Order.query(trx)
        .where({ id })
        .where((w) =>
          paymentIntentId === null
            ? w.whereNull('payment_intent_id')
            : w.where('payment_intent_id', paymentIntentId),
        )
        .whereIn('status', from)
        .patch({
          status: to,
          updatedAt: trx.fn.now(),
          ...(to === 'paid'
            ? {
                paidAt: trx.fn.now(),
                // an order of licences only ships nothing: once paid it is fulfilled (its files
                // are delivered by the licences module), so the owner sees nothing left to do
                fulfillmentStatus: trx.raw(
                  `CASE WHEN fulfillment_status IN ('received', 'paid') AND NOT EXISTS (SELECT 1 FROM order_line_items li WHERE li.order_id = orders.id AND li.kind = 'print') THEN 'completed' ELSE fulfillment_status END`,
                ) as unknown as FulfillmentStatus,
              }
            : {}),
        })
        .returning('*');
      return row;
    },

    /** Names who took the payment (an order its tenders paid in full: payment-reconciler.ts). */
    async setPaymentProvider(trx: Knex.Transaction, id: number, provider: string): Promise<void> {
      await Order.query(trx).findById(id).patch({ paymentProvider: provider });
    },

    /**
     * Orders still awaiting payment between `minMinutes` and `maxHours` old that have an intent
     * (or that their tenders pay in full).
     */
    async awaitingPayment(minMinutes: number, maxHours: number, limit = 200): Promise<number[]> {
      return (
        db('orders')
          .whereIn('status', ['pending', 'processing', 'failed']) // failed: a retry may have paid since
          // an intent to ask about, or tenders that pay it all (its checkout died before paying it)
          .where((w) =>
            w
              .whereNotNull('payment_intent_id')
              .orWhereRaw('tenders_cents > 0 AND tenders_cents >= total_cents'),
          )
          .where('created_at', '<', db.raw('now() - make_interval(mins => ?)', [minMinutes]))
          .where('created_at', '>', db.raw('now() - make_interval(hours => ?)', [maxHours]))
          .orderBy('id')
          .limit(limit)
          .pluck('id')
      );
    },

    /** Unpaid orders (with or without an intent) placed more than `hours` ago: to be canceled. */
    async unpaidOlderThan(hours: number, limit = 200): Promise<number[]> {
      return db('orders')
        .whereIn('status', UNPAID)
        .where('created_at', '<', db.raw('now() - make_interval(hours => ?)', [hours]))
        .orderBy('id')
        .limit(limit)
        .pluck('id');
    },

    /** Whether the order was placed more than `hours` ago (by the database's clock). */
    async isOlderThan(id: number, hours: number): Promise<boolean> {
      const row = await db('orders')
        .where({ id })
        .where('created_at', '<', db.raw('now() - make_interval(hours => ?)', [hours]))
        .first('id');
      return !!row;
    },

    /** The order's payment state, its row locked until the transaction ends. */
    async lockOrder(trx: Knex.Transaction, id: number): Promise<Order | undefined> {
      return Order.query(trx).findById(id).forUpdate();
    },

    /**
     * Adds a succeeded refund to the order: refunded in full (`fullCents`: all a refund can return,
     * the card's and the refundable tenders' parts) or in part.
     */
    async addRefunded(trx: Knex, orderId: number, cents: number, fullCents: number): Promise<void> {
      await trx('orders')
        .where({ id: orderId })
        .update({
          refunded_cents: trx.raw('refunded_cents + ?', [cents]),
          status: trx.raw(
            "case when status in ('paid', 'partially_refunded', 'refunded') then (case when refunded_cents + ? >= ? then 'refunded' else 'partially_refunded' end) else status end",
            [cents, fullCents],
          ),
          updated_at: trx.fn.now(),
        });
    },

    /** Records the dispute on the order; answers the dispute id the order had before. */
    async setDispute(trx: Knex, orderId: number, d: DisputeState): Promise<string | null> {
      const before = await Order.query(trx).findById(orderId).forUpdate();
      // a late "updated" never reopens a dispute already closed
      if (
        before?.disputeId === d.id &&
        closedDispute.includes(before.disputeStatus ?? '') &&
        !closedDispute.includes(d.status)
      )
        return before.disputeId;
      await Order.query(trx)
        .findById(orderId)
        .patch({
          disputeId: d.id,
          disputeStatus: d.status,
          disputeReason: d.reason,
          disputeAmountCents: d.amountCents,
          disputeDueBy: d.dueBy === null ? null : new Date(d.dueBy),
          updatedAt: trx.fn.now(),
        });
      return before?.disputeId ?? null;
    },
  };
}
