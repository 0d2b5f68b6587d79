import type { Db } from '../../platform/db';
import type { PaymentStatus } from '../../contract';

/** An order paid for: what a tax report counts as a sale (a later refund is counted when it is made). */
const PAID: PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];

/**
 * The tax report's queries over `orders` and `order_refunds`, for a period [from, to) given as
 * instants (the caller picks the calendar month in UTC).
 */
export function createTaxReportRepository(db: Db) {
  return {
    /** Per taxed state: the orders paid in the period, what tax was computed on and the tax charged. */
    async salesByState(from: Date, to: Date) {
      const rows: { state: string; orders: number; taxable: number | null; tax: number | null }[] = await db(
        'orders',
      )
        .whereNotNull('tax_state')
        .whereIn('status', PAID)
        .where('paid_at', '>=', from)
        .where('paid_at', '<', to)
        .groupBy('tax_state')
        .orderBy('tax_state')
        .select('tax_state as state')
        .count({ orders: '*' })
        .sum({ taxable: 'taxable_cents', tax: 'tax_cents' })
        // the taxable licence lines (issue 46) among them, at their price before a code's discount
        .select(
          db.raw(
            `coalesce(sum((SELECT sum(li.price_cents * li.quantity) FROM order_line_items li WHERE li.order_id = orders.id AND li.kind = 'licence' AND li.taxable)), 0) as licence`,
          ),
        );
      return rows.map((r) => ({
        state: r.state,
        orders: Number(r.orders),
        taxableCents: Number(r.taxable ?? 0),
        taxCents: Number(r.tax ?? 0),
        licenceCents: Number((r as { licence?: unknown }).licence ?? 0),
      }));
    },

    /**
     * The refunds that succeeded in the period on taxed orders (whenever those were paid), each with
     * its order's tax and total (the share of tax it gives back). A refund recorded as succeeded
     * without its moment counts at its creation.
     */
    async refundsOnTaxedOrders(from: Date, to: Date) {
      const rows: {
        refund_id: number;
        state: string;
        amount_cents: number;
        tax_cents: number;
        total_cents: number;
      }[] = await db('order_refunds as r')
        .join('orders as o', 'o.id', 'r.order_id')
        .whereNotNull('o.tax_state')
        .where('r.status', 'succeeded')
        .where(db.raw('coalesce(r.succeeded_at, r.created_at)'), '>=', from)
        .where(db.raw('coalesce(r.succeeded_at, r.created_at)'), '<', to)
        .orderBy('r.id')
        .select(
          'r.id as refund_id',
          'o.tax_state as state',
          'r.amount_cents',
          'o.tax_cents',
          'o.total_cents',
        );
      return rows.map((r) => ({
        refundId: r.refund_id,
        state: r.state,
        amountCents: r.amount_cents,
        orderTaxCents: r.tax_cents,
        orderTotalCents: r.total_cents,
      }));
    },
  };
}
export type TaxReportRepository = ReturnType<typeof createTaxReportRepository>;
