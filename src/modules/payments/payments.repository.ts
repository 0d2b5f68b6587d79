import type { Db } from '../../platform/db';

export type PaymentEventRow = {
  id: number;
  provider: string;
  eventId: string;
  type: string;
  paymentIntentId: string | null;
  orderId: number | null;
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
  payload: 'payload',
  processedAt: 'processed_at',
};

export function createPaymentsRepository(db: Db) {
  return {
    /** Records an event once by its id; `inserted` is false for a duplicate delivery. */
    async recordEvent(e: {
      provider: string;
      eventId: string;
      type: string;
      paymentIntentId: string | null;
      orderId: number | null;
      payload: unknown;
    }): Promise<{ inserted: boolean; processed: boolean }> {
      const rows = await db('payment_events')
        .insert({
          provider: e.provider,
          event_id: e.eventId,
          type: e.type,
          payment_intent_id: e.paymentIntentId,
          order_id: e.orderId,
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
