import type { Db } from '../../platform/db';
import type { PaymentStatus } from '../../contract';

/** An order paid for (a later refund is counted when it is made, as the tax report does). */
const PAID: PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];

/** One shop-local day's paid orders, in cents. */
export type PaidDay = {
  day: string;
  orders: number;
  /** what the orders came to (goods less code discount, plus shipping and tax), whatever paid */
  totalCents: number;
  /** what buyers paid in money: the total less what gift cards (tenders) paid */
  paidCents: number;
  taxCents: number;
  shippingCents: number;
  discountCents: number;
};

/** One shop-local day's refunds, in cents: the money given back (a card's part goes back to the card). */
export type RefundDay = { day: string; refundedCents: number };

export type RankedLine = { label: string; revenueCents: number; quantity: number; photoId?: number };

/** Days are grouped in the shop's time zone by the database, so an order paid at 11:30 pm is that day's. */
const localDay = (column: string) => `to_char((${column}) AT TIME ZONE ?, 'YYYY-MM-DD')`;

/**
 * The owner's sales figures (the Numbers screen, issue 49) over `orders`, `order_line_items` and
 * `order_refunds`, for instants [from, to) the caller takes from shop-local days. Each query is a
 * range scan of an index on the paid (or refund) time, grouped by the shop's day.
 */
export function createSalesFiguresRepository(db: Db, timeZone: string) {
  const paidIn = (from: Date, to: Date) =>
    db('orders').whereIn('status', PAID).where('paid_at', '>=', from).where('paid_at', '<', to);

  return {
    async paidByDay(from: Date, to: Date): Promise<PaidDay[]> {
      const rows: Record<string, string | number>[] = await paidIn(from, to)
        .select(db.raw(`${localDay('paid_at')} as day`, [timeZone]))
        .count({ orders: '*' })
        .sum({
          total: 'total_cents',
          paid: db.raw('total_cents - tenders_cents'),
          tax: 'tax_cents',
          shipping: 'shipping_cents',
          discount: 'discount_cents',
        })
        .groupBy('day')
        .orderBy('day');
      return rows.map((r) => ({
        day: String(r.day),
        orders: Number(r.orders),
        totalCents: Number(r.total ?? 0),
        paidCents: Number(r.paid ?? 0),
        taxCents: Number(r.tax ?? 0),
        shippingCents: Number(r.shipping ?? 0),
        discountCents: Number(r.discount ?? 0),
      }));
    },

    /**
     * Refunds that succeeded in [from, to) (a refund recorded without its moment counts at its
     * creation), whenever their orders were paid: the part given back in money, not the part that
     * went back onto gift cards (the card's balance is owed again, no money left the shop).
     */
    async refundsByDay(from: Date, to: Date): Promise<RefundDay[]> {
      const at = 'coalesce(succeeded_at, created_at)';
      const rows: Record<string, string | number | null>[] = await db('order_refunds')
        .where('status', 'succeeded')
        .where(db.raw(at), '>=', from)
        .where(db.raw(at), '<', to)
        .select(db.raw(`${localDay(at)} as day`, [timeZone]))
        .sum({ refunded: db.raw('amount_cents - tenders_cents') })
        .groupBy('day')
        .orderBy('day');
      return rows.map((r) => ({ day: String(r.day), refundedCents: Number(r.refunded ?? 0) }));
    },

    /** The ids of the orders paid in [from, to) (whose lab costs the margin asks of fulfillment). */
    async paidOrderIds(from: Date, to: Date): Promise<number[]> {
      const rows: { id: number }[] = await paidIn(from, to).select('id');
      return rows.map((r) => r.id);
    },

    /**
     * What buyers paid for these orders without tax (goods less code discounts, plus shipping,
     * whatever paid), less every refund of them that succeeded, whenever (counted whole: a refund
     * does not say its tax part), in cents: the margin's income.
     */
    async netIncomeOf(orderIds: number[]): Promise<number> {
      if (!orderIds.length) return 0;
      const refunded = db('order_refunds')
        .where('status', 'succeeded')
        .whereIn('order_id', orderIds)
        .sum({ cents: 'amount_cents' });
      const [row] = await db('orders')
        .whereIn('id', orderIds)
        .select(
          db.raw('coalesce(sum(total_cents - tax_cents), 0)::int as paid'),
          db.raw('coalesce((?), 0)::int as refunded', [refunded]),
        );
      return Number(row.paid) - Number(row.refunded);
    },

    /**
     * The best sellers among the lines of the orders paid in [from, to), by their revenue at their
     * prices (before a code's discount): photos (prints and licences), or print sizes or formats
     * (prints only). Gift card lines are no photo's sale.
     */
    async topLines(
      from: Date,
      to: Date,
      by: 'photo' | 'size' | 'format',
      limit: number,
    ): Promise<RankedLine[]> {
      const q = db('order_line_items as li')
        .whereIn('li.order_id', paidIn(from, to).select('id'))
        .whereIn('li.kind', by === 'photo' ? ['print', 'licence'] : ['print'])
        .sum({ revenue: db.raw('li.price_cents * li.quantity') })
        .sum({ quantity: 'li.quantity' })
        .orderBy([
          { column: 'revenue', order: 'desc' },
          { column: 'label', order: 'asc' },
        ])
        .limit(limit);
      const rows: { label: string; revenue: number; quantity: number; photo_id?: number }[] =
        by === 'photo'
          ? // the title of its latest sale (a photo renamed since reads as it is now sold)
            await q
              .select('li.photo_id', db.raw('(array_agg(li.title ORDER BY li.id DESC))[1] as label'))
              .groupBy('li.photo_id')
          : await q.select(`li.${by} as label`).groupBy(`li.${by}`);
      return rows.map((r) => ({
        label: r.label,
        revenueCents: Number(r.revenue),
        quantity: Number(r.quantity),
        ...(r.photo_id === undefined ? {} : { photoId: r.photo_id }),
      }));
    },
  };
}
export type SalesFiguresRepository = ReturnType<typeof createSalesFiguresRepository>;
