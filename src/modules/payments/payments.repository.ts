import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import type { PaymentStatus } from '../orders';

/**
 * An order as the payments module sees it. The payments module owns the order's payment columns
 * (status, provider, intent, secret hash, paid_at) and every change to them; the orders module
 * only reads them for display.
 */
export type PayableOrder = {
  id: number;
  status: PaymentStatus;
  totalCents: number;
  customerName: string;
  customerEmail: string;
  cartId: string | null;
  paymentProvider: string | null;
  paymentIntentId: string | null;
  paymentSecretHash: string | null;
};

const payableColumns = {
  id: 'id',
  status: 'status',
  totalCents: 'total_cents',
  customerName: 'customer_name',
  customerEmail: 'customer_email',
  cartId: 'cart_id',
  paymentProvider: 'payment_provider',
  paymentIntentId: 'payment_intent_id',
  paymentSecretHash: 'payment_secret_hash',
};
const returningPayable = Object.entries(payableColumns).map(([as, col]) => `${col} as ${as}`);

export type PaymentEventRow = {
  id: number;
  provider: string;
  eventId: string;
  type: string;
  paymentIntentId: string | null;
  orderId: number | null;
  orderIdHint: number | null;
  payload: Record<string, unknown>;
  processedAt: Date | null;
};

const columns = {
  id: 'id',
  provider: 'provider',
  eventId: 'event_id',
  type: 'type',
  paymentIntentId: 'payment_intent_id',
  orderId: 'order_id',
  orderIdHint: 'order_id_hint',
  payload: 'payload',
  processedAt: 'processed_at',
};

export function createPaymentsRepository(db: Db) {
  return {
    transaction<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    // ---- the order's payment state ----

    async findOrder(id: number): Promise<PayableOrder | undefined> {
      return db('orders').where({ id }).first(payableColumns);
    },

    async findOrderByIntent(paymentIntentId: string): Promise<PayableOrder | undefined> {
      return db('orders').where({ payment_intent_id: paymentIntentId }).first(payableColumns);
    },

    /** Sets the payment intent once; a second caller gets the row with the first one's intent. */
    async attachPaymentIntent(
      id: number,
      provider: string,
      paymentIntentId: string,
      secretHash: string,
    ): Promise<PayableOrder | undefined> {
      await db('orders').where({ id }).whereNull('payment_intent_id').update({
        payment_provider: provider,
        payment_intent_id: paymentIntentId,
        payment_secret_hash: secretHash,
        updated_at: db.fn.now(),
      });
      return this.findOrder(id);
    },

    /**
     * Moves the payment status to `to` only from one of `from` and only for this intent; the row
     * is returned when this call made the change (so its event is published exactly once).
     */
    async transition(
      trx: Knex.Transaction,
      id: number,
      paymentIntentId: string,
      from: PaymentStatus[],
      to: PaymentStatus,
    ): Promise<PayableOrder | undefined> {
      const [row] = await trx('orders')
        .where({ id, payment_intent_id: paymentIntentId })
        .whereIn('status', from)
        .update({
          status: to,
          updated_at: trx.fn.now(),
          ...(to === 'paid' ? { paid_at: trx.fn.now() } : {}),
        })
        .returning(returningPayable);
      return row;
    },

    /** Orders still awaiting payment between `minMinutes` and `maxHours` old that have an intent. */
    async awaitingPayment(minMinutes: number, maxHours: number, limit = 200): Promise<number[]> {
      return db('orders')
        .whereIn('status', ['pending', 'processing', 'failed']) // failed: a retry may have paid since
        .whereNotNull('payment_intent_id')
        .where('created_at', '<', db.raw('now() - make_interval(mins => ?)', [minMinutes]))
        .where('created_at', '>', db.raw('now() - make_interval(hours => ?)', [maxHours]))
        .orderBy('id')
        .limit(limit)
        .pluck('id');
    },

    // ---- provider events ----

    /** Records an event once by its id; `inserted` is false for a duplicate delivery. */
    async recordEvent(e: {
      provider: string;
      eventId: string;
      type: string;
      paymentIntentId: string | null;
      orderId: number | null;
      orderIdHint?: number | null;
      payload: unknown;
    }): Promise<{ inserted: boolean; processed: boolean }> {
      const rows = await db('payment_events')
        .insert({
          provider: e.provider,
          event_id: e.eventId,
          type: e.type,
          payment_intent_id: e.paymentIntentId,
          order_id: e.orderId,
          order_id_hint: e.orderIdHint ?? null,
          payload: JSON.stringify(e.payload),
        })
        .onConflict('event_id')
        .ignore()
        .returning('id');
      if (rows.length) return { inserted: true, processed: false };
      const existing = await db('payment_events').where({ event_id: e.eventId }).first('processed_at');
      return { inserted: false, processed: !!existing?.processed_at };
    },

    async findEvent(eventId: string): Promise<PaymentEventRow | undefined> {
      return db('payment_events').where({ event_id: eventId }).first(columns);
    },

    async eventsForIntent(paymentIntentId: string): Promise<PaymentEventRow[]> {
      return db('payment_events').where({ payment_intent_id: paymentIntentId }).select(columns).orderBy('id');
    },

    async markProcessed(eventId: string, orderId: number | null): Promise<void> {
      await db('payment_events')
        .where({ event_id: eventId })
        .update({ processed_at: db.fn.now(), ...(orderId ? { order_id: orderId } : {}) });
    },

    /** Events recorded more than `seconds` ago (and within two days) still not processed: a lost or failed job. */
    async unprocessedEventIds(seconds: number, limit = 200): Promise<string[]> {
      return (
        db('payment_events')
          .whereNull('processed_at')
          .where('received_at', '<', db.raw('now() - make_interval(secs => ?)', [seconds]))
          // an event that still cannot apply after two days (its order never got the intent) is left
          // for a person to look at instead of being retried forever
          .where('received_at', '>', db.raw("now() - interval '2 days'"))
          .orderBy('id')
          .limit(limit)
          .pluck('event_id')
      );
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
