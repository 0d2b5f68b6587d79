import type { Knex } from 'knex';
import type { Db } from '../../../platform/db';
import { Refund } from './payment.model';

export type NewRefund = Pick<Refund, 'orderId' | 'amountCents' | 'reason' | 'note' | 'status'> &
  Partial<Pick<Refund, 'providerRefundId' | 'idempotencyKey' | 'revokeLineIds' | 'tendersCents'>>;

/** The order_refunds rows: one per refund, made here or at the provider. */
export function createRefundsRepository(db: Db) {
  return {
    async findRefund(
      by: { id?: number; idempotencyKey?: string; providerRefundId?: string },
      q: Knex = db,
    ): Promise<Refund | undefined> {
      const where = Object.fromEntries(
        Object.entries({
          id: by.id,
          idempotency_key: by.idempotencyKey,
          provider_refund_id: by.providerRefundId,
        }).filter(([, v]) => v !== undefined),
      );
      return Refund.query(q).findOne(where);
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

    /**
     * The refunds made or under way (pending) on the order, in cents: in all, the tenders' part,
     * and the tenders' part of those still pending (not yet given back to them).
     */
    async committedRefunds(
      trx: Knex,
      orderId: number,
    ): Promise<{ totalCents: number; tendersCents: number; pendingTendersCents: number }> {
      const row = (await trx('order_refunds')
        .where({ order_id: orderId })
        .whereIn('status', ['pending', 'succeeded'])
        .select(
          trx.raw('COALESCE(SUM(amount_cents), 0)::int AS total'),
          trx.raw('COALESCE(SUM(tenders_cents), 0)::int AS tenders'),
          trx.raw("COALESCE(SUM(tenders_cents) FILTER (WHERE status = 'pending'), 0)::int AS pending"),
        )
        .first()) as { total: number; tenders: number; pending: number };
      return { totalCents: row.total, tendersCents: row.tenders, pendingTendersCents: row.pending };
    },

    /** A refund with nothing for the provider (all of it back to tenders): succeeded now. */
    async settleWithoutProvider(trx: Knex, id: number): Promise<Refund | undefined> {
      const [row] = await Refund.query(trx)
        .where({ id, status: 'pending' })
        .patch({ status: 'succeeded', succeededAt: trx.fn.now() })
        .returning('*');
      return row;
    },

    async insertRefund(trx: Knex, r: NewRefund): Promise<Refund> {
      return Refund.query(trx)
        .insert({ providerRefundId: null, idempotencyKey: null, tendersCents: 0, ...r })
        .returning('*');
    },

    /** Sets a refund's provider id and status; the row is returned when it became succeeded now. */
    async settleRefund(
      trx: Knex,
      id: number,
      providerRefundId: string,
      status: Refund['status'],
    ): Promise<Refund | undefined> {
      const [row] = await Refund.query(trx)
        .where({ id })
        .whereNot({ status: 'succeeded' })
        .patch({
          providerRefundId,
          status,
          ...(status === 'succeeded' ? { succeededAt: trx.fn.now() } : {}),
        })
        .returning('*');
      return row?.status === 'succeeded' ? row : undefined;
    },

    /** The provider refused or did not answer: the refund no longer counts against what is left. */
    async failRefund(id: number): Promise<void> {
      await Refund.query(db).where({ id, status: 'pending' }).patch({ status: 'failed' });
    },

    /** The succeeded refunds of these orders, oldest first. */
    async refundsFor(orderIds: number[]): Promise<Refund[]> {
      if (!orderIds.length) return [];
      return Refund.query(db).whereIn('order_id', orderIds).where({ status: 'succeeded' }).orderBy('id');
    },
  };
}
