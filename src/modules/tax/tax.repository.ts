import type { Db } from '../../platform/db';
import type { TaxProvider } from '../../contract';

export type TaxStateRow = {
  state: string;
  rate: number;
  shippingTaxed: boolean;
  /** When the official rate took effect; null when not known (not a rate we know). */
  rateChangedAt: Date | null;
};

const toRow = (r: {
  state: string;
  rate: number;
  shipping_taxed: boolean;
  rate_changed_at: Date | null;
}): TaxStateRow => ({
  state: r.state,
  rate: Number(r.rate),
  shippingTaxed: r.shipping_taxed,
  rateChangedAt: r.rate_changed_at,
});

/** tax_settings (one row), tax_states, and Stripe Tax's records: tax_transactions, tax_reversals. */
export function createTaxRepository(db: Db) {
  return {
    /** The provider the owner saved; null while she never saved the settings. */
    async provider(): Promise<TaxProvider | null> {
      const row = await db('tax_settings').first('provider');
      return (row?.provider as TaxProvider | undefined) ?? null;
    },

    async states(): Promise<TaxStateRow[]> {
      return (await db('tax_states').orderBy('state')).map(toRow);
    },

    /**
     * The whole settings at once: states left out stop being taxed; a rate keeps its "last
     * changed" date unless its value changed (then the one given, or none). From then on these rows
     * are the settings (no preset).
     */
    async save(
      provider: TaxProvider,
      states: { state: string; rate: string; shippingTaxed: boolean; rateChangedAt: Date | null }[],
    ) {
      await db.transaction(async (trx) => {
        await trx('tax_settings')
          .insert({ id: true, provider })
          .onConflict('id')
          .merge({ provider, updated_at: trx.fn.now() });
        const codes = states.map((s) => s.state);
        await trx('tax_states')
          .modify((q) => (codes.length ? q.whereNotIn('state', codes) : q))
          .delete();
        for (const s of states) {
          await trx('tax_states')
            .insert({
              state: s.state,
              rate: s.rate,
              shipping_taxed: s.shippingTaxed,
              rate_changed_at: s.rateChangedAt,
            })
            .onConflict('state')
            .merge({
              rate: s.rate,
              shipping_taxed: s.shippingTaxed,
              updated_at: trx.fn.now(),
              rate_changed_at: trx.raw(
                'CASE WHEN tax_states.rate = excluded.rate THEN COALESCE(tax_states.rate_changed_at, excluded.rate_changed_at) ELSE excluded.rate_changed_at END',
              ),
            });
        }
      });
    },

    async transactionFor(orderId: number): Promise<string | null> {
      const row = await db('tax_transactions').where({ order_id: orderId }).first('transaction_id');
      return row?.transaction_id ?? null;
    },

    async saveTransaction(orderId: number, calculationId: string, transactionId: string): Promise<void> {
      await db('tax_transactions')
        .insert({ order_id: orderId, calculation_id: calculationId, transaction_id: transactionId })
        .onConflict('order_id')
        .ignore();
    },

    async hasReversal(refundId: number): Promise<boolean> {
      return !!(await db('tax_reversals').where({ refund_id: refundId }).first('refund_id'));
    },

    async saveReversal(r: { refundId: number; orderId: number; reversalId: string; amountCents: number }) {
      await db('tax_reversals')
        .insert({
          refund_id: r.refundId,
          order_id: r.orderId,
          reversal_id: r.reversalId,
          amount_cents: r.amountCents,
        })
        .onConflict('refund_id')
        .ignore();
    },
  };
}
export type TaxRepository = ReturnType<typeof createTaxRepository>;
