import type { Knex } from 'knex';

/** The payment statuses a provider's truth moves an order to. */
export type PaymentMove = 'paid' | 'failed' | 'canceled' | 'processing';

/** What payments publish when an order's payment state moves (wired to the bus in ../index.ts). */
export type PaymentEvents = {
  publish(
    trx: Knex.Transaction,
    to: PaymentMove,
    order: { id: number; cartId: string | null },
  ): Promise<unknown>;
  refunded(
    trx: Knex.Transaction,
    orderId: number,
    refundId: number,
    revokeLineIds: number[],
  ): Promise<unknown>;
  disputed(trx: Knex.Transaction, orderId: number, disputeId: string): Promise<unknown>;
};
