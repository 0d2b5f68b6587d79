import type { Db } from './gift-card-ledger.repository';

/** A card's figures for one order, in cents (all positive). */
export type OrderCardFigures = {
  giftCardId: number;
  /** held and not yet released: what the unpaid order still holds */
  openCents: number;
  /** the latest hold's amount (what the order's tender part says) */
  lastHeldCents: number;
  /** spent on the order */
  spentCents: number;
  /** given back by the order's refunds */
  refundedCents: number;
};

/**
 * The ledger read by order (a card's holds, spends and refunds for one order): what the tender,
 * its subscribers and the refund split need. Every write goes through the ledger's `addEntry`
 * with the card's row locked.
 */
export function createSpendRepository() {
  return {
    /** Whether a refund's gift card part is written already (its entries name the refund). */
    async refundRecorded(q: Db, refundId: number): Promise<boolean> {
      return !!(await q('gift_card_entries').where({ refund_id: refundId, kind: 'refunded' }).first('id'));
    },

    /** Each card's figures for the order (cards the order never held: absent), by card id. */
    async ofOrder(q: Db, orderId: number): Promise<OrderCardFigures[]> {
      const rows = (await q('gift_card_entries')
        .where({ order_id: orderId })
        .groupBy('gift_card_id')
        .orderBy('gift_card_id')
        .select('gift_card_id')
        .select(
          q.raw(
            "COALESCE(-SUM(amount_cents) FILTER (WHERE kind IN ('held', 'released')), 0)::int AS open_cents",
          ),
          q.raw("COALESCE(-SUM(amount_cents) FILTER (WHERE kind = 'spent'), 0)::int AS spent_cents"),
          q.raw("COALESCE(SUM(amount_cents) FILTER (WHERE kind = 'refunded'), 0)::int AS refunded_cents"),
          q.raw(
            `COALESCE(-(ARRAY_AGG(amount_cents ORDER BY id DESC) FILTER (WHERE kind = 'held'))[1], 0)::int AS last_held_cents`,
          ),
        )) as {
        gift_card_id: number;
        open_cents: number;
        spent_cents: number;
        refunded_cents: number;
        last_held_cents: number;
      }[];
      return rows.map((r) => ({
        giftCardId: r.gift_card_id,
        openCents: r.open_cents,
        lastHeldCents: r.last_held_cents,
        spentCents: r.spent_cents,
        refundedCents: r.refunded_cents,
      }));
    },
  };
}
export type SpendRepository = ReturnType<typeof createSpendRepository>;
