import type { Db } from '../../../platform/db';
import { PaymentEventRecord } from './payment.model';

export type NewPaymentEvent = Pick<
  PaymentEventRecord,
  'provider' | 'eventId' | 'type' | 'paymentIntentId' | 'orderId' | 'payload'
> &
  Partial<Pick<PaymentEventRecord, 'orderIdHint' | 'kind' | 'detail'>>;

/** The payment_events rows: every provider event, recorded once by its id. */
export function createPaymentEventsRepository(db: Db) {
  return {
    /** Records an event once by its id; `inserted` is false for a duplicate delivery. */
    async recordEvent(e: NewPaymentEvent): Promise<{ inserted: boolean; processed: boolean }> {
      const row = await PaymentEventRecord.query(db)
        .insert({ orderIdHint: null, kind: 'payment', detail: null, ...e })
        .onConflict('event_id')
        .ignore()
        .returning('id');
      // a duplicate returns no row, so the id stays unset
      if (row.id !== undefined) return { inserted: true, processed: false };
      const existing = await PaymentEventRecord.query(db).findOne({ event_id: e.eventId });
      return { inserted: false, processed: !!existing?.processedAt };
    },

    async findEvent(eventId: string): Promise<PaymentEventRecord | undefined> {
      return PaymentEventRecord.query(db).findOne({ event_id: eventId });
    },

    async eventsForIntent(paymentIntentId: string): Promise<PaymentEventRecord[]> {
      return PaymentEventRecord.query(db).where({ payment_intent_id: paymentIntentId }).orderBy('id');
    },

    async markProcessed(eventId: string, orderId: number | null): Promise<void> {
      await PaymentEventRecord.query(db)
        .where({ event_id: eventId })
        .patch({ processedAt: db.fn.now(), ...(orderId ? { orderId } : {}) });
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
