import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import { PromotionCode, PromotionRedemption } from './promotion.model';

export type NewPromotion = Pick<
  PromotionCode,
  | 'code'
  | 'kind'
  | 'percentOff'
  | 'amountOffCents'
  | 'startsAt'
  | 'expiresAt'
  | 'maxUses'
  | 'maxUsesPerEmail'
  | 'minSubtotalCents'
  | 'photoIds'
  | 'formats'
  | 'paused'
>;
export type Uses = { uses: number; pendingUses: number };

/** Uses that count against a code's limits: paid, and unpaid orders still holding one. */
const COUNTED = ['held', 'redeemed'];

export function createPromotionsRepository(db: Db) {
  return {
    list: () => PromotionCode.query(db).orderBy('created_at', 'desc').orderBy('id', 'desc'),

    findById: (id: number) => PromotionCode.query(db).findById(id),

    /** By the code as typed, whatever its case. */
    findByCode: (code: string, q: Knex = db) =>
      PromotionCode.query(q).whereRaw('upper(code) = upper(?)', [code]).first(),

    /** The code's row, locked until the transaction ends: redemptions of one code queue here. */
    lockById: (trx: Knex.Transaction, id: number) => PromotionCode.query(trx).findById(id).forUpdate(),

    insert: (row: NewPromotion) => PromotionCode.query(db).insert(row).returning('*'),

    update: async (id: number, row: Partial<NewPromotion>) => {
      const [updated] = await PromotionCode.query(db)
        .where({ id })
        .patch({ ...row, updatedAt: db.fn.now() as unknown as Date })
        .returning('*');
      return updated as PromotionCode | undefined;
    },

    delete: (id: number) => PromotionCode.query(db).deleteById(id),

    /** Paid uses and held ones, per code. */
    async usesByCode(ids: number[]): Promise<Map<number, Uses>> {
      const rows: { promotion_code_id: number; status: string; n: number }[] = ids.length
        ? await db('promotion_redemptions')
            .whereIn('promotion_code_id', ids)
            .whereIn('status', COUNTED)
            .groupBy('promotion_code_id', 'status')
            .select('promotion_code_id', 'status', db.raw('count(*)::int as n'))
        : [];
      const map = new Map<number, Uses>();
      for (const id of ids) map.set(id, { uses: 0, pendingUses: 0 });
      for (const r of rows) {
        const u = map.get(r.promotion_code_id)!;
        if (r.status === 'redeemed') u.uses = r.n;
        else u.pendingUses = r.n;
      }
      return map;
    },

    /** Any use at all (released ones too): such a code is kept for the orders that name it. */
    async everUsed(id: number): Promise<boolean> {
      return !!(await db('promotion_redemptions').where({ promotion_code_id: id }).first('id'));
    },

    /** Counted uses of a code, in all and by this e-mail, leaving out the uses of the buyer's own orders. */
    async countUses(
      q: Knex,
      codeId: number,
      email: string,
      exceptOrderIds: readonly number[],
    ): Promise<{ total: number; byEmail: number }> {
      const row = await q('promotion_redemptions')
        .where({ promotion_code_id: codeId })
        .whereIn('status', COUNTED)
        .modify((b) => {
          if (exceptOrderIds.length) b.whereNotIn('order_id', exceptOrderIds);
        })
        .first(
          q.raw('count(*)::int as total'),
          q.raw('count(*) filter (where customer_email = ?)::int as by_email', [email]),
        );
      return { total: row?.total ?? 0, byEmail: row?.by_email ?? 0 };
    },

    /** The order's use of a code (one per order): made, or moved to this code and held again. */
    async hold(
      trx: Knex.Transaction,
      use: { codeId: number; orderId: number; email: string; discountCents: number },
    ): Promise<void> {
      await trx('promotion_redemptions')
        .insert({
          promotion_code_id: use.codeId,
          order_id: use.orderId,
          customer_email: use.email,
          discount_cents: use.discountCents,
          status: 'held',
        })
        .onConflict('order_id')
        .merge({
          promotion_code_id: use.codeId,
          customer_email: use.email,
          discount_cents: use.discountCents,
          status: 'held',
          updated_at: trx.fn.now(),
        });
    },

    /**
     * The uses of this code held by these orders go back to it (another order of the same buyer
     * holds it now): one buyer's attempts hold one use, never two.
     */
    releaseCodeFor: (trx: Knex.Transaction, codeId: number, orderIds: readonly number[]) =>
      orderIds.length
        ? PromotionRedemption.query(trx)
            .where({ promotion_code_id: codeId, status: 'held' })
            .whereIn('order_id', orderIds)
            .patch({ status: 'released', updatedAt: trx.fn.now() as unknown as Date })
        : Promise.resolve(0),

    /** The order's held use goes back to the code (a paid one is kept). */
    release: (q: Knex, orderId: number) =>
      PromotionRedemption.query(q)
        .where({ order_id: orderId, status: 'held' })
        .patch({ status: 'released', updatedAt: q.fn.now() as unknown as Date }),

    /** The order was paid: its use is final. */
    redeem: (q: Knex, orderId: number) =>
      PromotionRedemption.query(q)
        .where({ order_id: orderId })
        .whereIn('status', ['held', 'released'])
        .patch({ status: 'redeemed', updatedAt: q.fn.now() as unknown as Date }),
  };
}
export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
