import type { Knex } from 'knex';
import type { Db } from '../../../platform/db';
import { createOrderPaymentRepository } from './order-payment.repository';
import { createPaymentEventsRepository } from './payment-events.repository';
import { createRefundsRepository } from './refunds.repository';

/** Everything payments store: the order's payment columns, its refunds, the provider's events. */
export function createPaymentsRepository(db: Db) {
  return {
    db,
    transaction<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },
    ...createOrderPaymentRepository(db),
    ...createRefundsRepository(db),
    ...createPaymentEventsRepository(db),
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
