import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import type { PaymentStatus } from '../../contract';

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
  kind: 'payment' | 'refund' | 'dispute';
  detail: Record<string, unknown> | null;
  payload: Record<string, unknown>;
  processedAt: Date | null;
};

export type RefundRow = {
  id: number;
  orderId: number;
  amountCents: number;
  reason: string;
  note: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  providerRefundId: string | null;
  idempotencyKey: string | null;
  createdAt: Date;
};
const refundColumns = {
  id: 'id',
  orderId: 'order_id',
  amountCents: 'amount_cents',
  reason: 'reason',
  note: 'note',
  status: 'status',
  providerRefundId: 'provider_refund_id',
  idempotencyKey: 'idempotency_key',
  createdAt: 'created_at',
};
const returningRefund = Object.entries(refundColumns).map(([as, col]) => `${col} as ${as}`);

export type DisputeState = {
  id: string;
  status: string;
  reason: string;
  amountCents: number;
  dueBy: string | null;
};

const columns = {
  id: 'id',
  provider: 'provider',
  eventId: 'event_id',
  type: 'type',
  paymentIntentId: 'payment_intent_id',
  orderId: 'order_id',
  orderIdHint: 'order_id_hint',
  kind: 'kind',
  detail: 'detail',
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

    // ---- refunds ----

    /** The order's payment state, its row locked until the transaction ends. */
    async lockOrder(
      trx: Knex.Transaction,
      id: number,
    ): Promise<(PayableOrder & { refundedCents: number }) | undefined> {
      return trx('orders')
        .where({ id })
        .forUpdate()
        .first({ ...payableColumns, refundedCents: 'refunded_cents' });
    },

    async findRefund(
      trx: Knex,
      by: { id?: number; idempotencyKey?: string; providerRefundId?: string },
    ): Promise<RefundRow | undefined> {
      const where = Object.fromEntries(
        Object.entries({
          id: by.id,
          idempotency_key: by.idempotencyKey,
          provider_refund_id: by.providerRefundId,
        }).filter(([, v]) => v !== undefined),
      );
      return trx('order_refunds').where(where).first(refundColumns);
    },

    /** Cents refunded or being refunded (pending) on the order. */
    async committedRefundCents(trx: Knex, orderId: number): Promise<number> {
      const row = await trx('order_refunds')
        .where({ order_id: orderId })
        .whereIn('status', ['pending', 'succeeded'])
        .sum({ cents: 'amount_cents' })
        .first();
      return Number(row?.cents ?? 0);
    },

    async insertRefund(
      trx: Knex,
      r: Pick<RefundRow, 'orderId' | 'amountCents' | 'reason' | 'note' | 'status'> & {
        providerRefundId?: string | null;
        idempotencyKey?: string | null;
      },
    ): Promise<RefundRow> {
      const [row] = await trx('order_refunds')
        .insert({
          order_id: r.orderId,
          amount_cents: r.amountCents,
          reason: r.reason,
          note: r.note,
          status: r.status,
          provider_refund_id: r.providerRefundId ?? null,
          idempotency_key: r.idempotencyKey ?? null,
        })
        .returning(returningRefund);
      return row;
    },

    /** Sets a refund's provider id and status; the row is returned when it became succeeded now. */
    async settleRefund(
      trx: Knex,
      id: number,
      providerRefundId: string,
      status: RefundRow['status'],
    ): Promise<RefundRow | undefined> {
      const [row] = await trx('order_refunds')
        .where({ id })
        .whereNot({ status: 'succeeded' })
        .update({
          provider_refund_id: providerRefundId,
          status,
          ...(status === 'succeeded' ? { succeeded_at: trx.fn.now() } : {}),
        })
        .returning(returningRefund);
      return row?.status === 'succeeded' ? row : undefined;
    },

    /** The provider refused or did not answer: the refund no longer counts against what is left. */
    async failRefund(id: number): Promise<void> {
      await db('order_refunds').where({ id, status: 'pending' }).update({ status: 'failed' });
    },

    /** Adds a succeeded refund to the order: refunded in full or in part. */
    async addRefunded(trx: Knex, orderId: number, cents: number): Promise<void> {
      await trx('orders')
        .where({ id: orderId })
        .update({
          refunded_cents: trx.raw('refunded_cents + ?', [cents]),
          status: trx.raw(
            "case when status in ('paid', 'partially_refunded', 'refunded') then (case when refunded_cents + ? >= total_cents then 'refunded' else 'partially_refunded' end) else status end",
            [cents],
          ),
          updated_at: trx.fn.now(),
        });
    },

    async refundsFor(orderIds: number[]): Promise<RefundRow[]> {
      if (!orderIds.length) return [];
      return db('order_refunds')
        .whereIn('order_id', orderIds)
        .where({ status: 'succeeded' })
        .orderBy('id')
        .select(refundColumns);
    },

    // ---- disputes ----

    /** Records the dispute on the order; answers the dispute id the order had before. */
    async setDispute(trx: Knex, orderId: number, d: DisputeState): Promise<string | null> {
      const before = await trx('orders')
        .where({ id: orderId })
        .forUpdate()
        .first('dispute_id', 'dispute_status');
      const closed = ['won', 'lost', 'warning_closed', 'charge_refunded'];
      // a late "updated" never reopens a dispute already closed
      if (before?.dispute_id === d.id && closed.includes(before.dispute_status) && !closed.includes(d.status))
        return before.dispute_id;
      await trx('orders').where({ id: orderId }).update({
        dispute_id: d.id,
        dispute_status: d.status,
        dispute_reason: d.reason,
        dispute_amount_cents: d.amountCents,
        dispute_due_by: d.dueBy,
        updated_at: trx.fn.now(),
      });
      return before?.dispute_id ?? null;
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
      kind?: PaymentEventRow['kind'];
      detail?: unknown;
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
          kind: e.kind ?? 'payment',
          detail: e.detail === undefined ? null : JSON.stringify(e.detail),
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
