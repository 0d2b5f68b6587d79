import type { DayRange, NumbersAnswer, NumbersQuery, VisitFigures } from '../../contract';
import { toDollars } from '../../platform/money';
import { shopLocalToInstant } from '../../platform/shop-time';
import type { RankedLine, SalesFiguresRepository } from '../orders';
import { nextDay, periodsOf } from './numbers-periods';

/** The visit counts of a range (the `visits` module's `figures`). */
export type VisitCounts = { figures(range: DayRange): Promise<VisitFigures> };
/** The carts whose reminder led to a paid order in a range (the `cart-reminders` module's). */
export type RecoveredCarts = { recoveredCount(range: DayRange): Promise<number> };
/** What she owes on gift cards now, or null before any was sold (orders' report figure of gift cards). */
export type OutstandingFigure = { cents(asOf: Date): Promise<number | null> };
/** What the labs charge for shop orders, of those whose charge is known (fulfillment's `labCosts`). */
export type LabCosts = (
  orderIds: number[],
) => Promise<{ costCents: number; orders: number; orderIds: number[] }>;

const TOP = 10;

const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);

const ranked = (lines: RankedLine[]) =>
  lines.map((l) => ({
    label: l.label,
    revenue: toDollars(l.revenueCents),
    quantity: l.quantity,
    photoId: l.photoId,
  }));

/**
 * The owner's numbers (issue 49) for a range of shop-local days. What counts as revenue: what
 * buyers paid in money for the orders paid in the range (goods less code discounts, plus shipping
 * and tax; a gift card bought is revenue of the order that bought it), less the money refunded in
 * the range. What a gift card paid of an order is not counted again (it was revenue when the card
 * was sold), and a refund's part that went back onto a card is no money out. Tax, shipping and
 * code discounts are the orders' own amounts, whatever paid them.
 *
 * Lab cost and margin cover only the orders paid in the range whose lab charge is known: every
 * lab order of it sent has the lab's quoted price of its prints (recorded at sending; a quote, not
 * the lab's bill). Lab cost: those prints plus the labs' shipping. Margin: what the buyers paid for
 * those orders without tax (goods less code discounts, plus shipping, whatever paid), less their
 * refunds (whenever made, counted whole), less the lab cost. None known: both null.
 */
export function createNumbersService(deps: {
  timeZone: string;
  sales: SalesFiguresRepository;
  visits: VisitCounts;
  cartReminders: RecoveredCarts;
  giftCardsOutstanding: OutstandingFigure;
  labCosts: LabCosts;
}) {
  const { sales } = deps;

  /** The lab cost and margin of the orders paid in [from, to) whose lab charge is known, or null. */
  async function labFigures(from: Date, to: Date) {
    const known = await deps.labCosts(await sales.paidOrderIds(from, to));
    if (!known.orders) return null;
    const incomeCents = await sales.netIncomeOf(known.orderIds);
    return { costCents: known.costCents, orders: known.orders, marginCents: incomeCents - known.costCents };
  }

  async function figures(query: NumbersQuery): Promise<NumbersAnswer> {
    const range = { from: query.from, to: query.to };
    // shop-local midnights: the first day's start and the day after the last's (a zone's midnight
    // always exists: clocks change at night, never at 0:00 in the zones a shop would use)
    const from = shopLocalToInstant(`${range.from}T00:00`, deps.timeZone)!;
    const to = shopLocalToInstant(`${nextDay(range.to)}T00:00`, deps.timeZone)!;
    const [paid, refunds, photos, sizes, formats, visits, recovered, outstanding, lab] = await Promise.all([
      sales.paidByDay(from, to),
      sales.refundsByDay(from, to),
      sales.topLines(from, to, 'photo', TOP),
      sales.topLines(from, to, 'size', TOP),
      sales.topLines(from, to, 'format', TOP),
      deps.visits.figures(range),
      deps.cartReminders.recoveredCount(range),
      deps.giftCardsOutstanding.cents(new Date()),
      labFigures(from, to),
    ]);

    const { periods, periodOf } = periodsOf(range, query.grain);
    const byPeriod = new Map(periods.map((p) => [p, { revenueCents: 0, orders: 0 }]));
    for (const d of paid) {
      const p = byPeriod.get(periodOf(d.day))!;
      p.revenueCents += d.paidCents;
      p.orders += d.orders;
    }
    for (const r of refunds) byPeriod.get(periodOf(r.day))!.revenueCents -= r.refundedCents;

    const orders = sum(paid, (d) => d.orders);
    const totalCents = sum(paid, (d) => d.totalCents);
    const refundedCents = sum(refunds, (r) => r.refundedCents);
    return {
      range: { ...range, grain: query.grain },
      sales: {
        orders,
        revenue: toDollars(sum(paid, (d) => d.paidCents) - refundedCents),
        // what an order came to on average, whatever paid it
        averageOrder: orders ? toDollars(Math.round(totalCents / orders)) : 0,
        refunds: toDollars(refundedCents),
        tax: toDollars(sum(paid, (d) => d.taxCents)),
        shipping: toDollars(sum(paid, (d) => d.shippingCents)),
        discounts: toDollars(sum(paid, (d) => d.discountCents)),
        labCost: lab && toDollars(lab.costCents),
        margin: lab && toDollars(lab.marginCents),
        ordersWithLabCost: lab?.orders ?? 0,
        giftCardsOutstanding: outstanding === null ? null : toDollars(outstanding),
      },
      series: periods.map((period) => {
        const p = byPeriod.get(period)!;
        return { period, revenue: toDollars(p.revenueCents), orders: p.orders };
      }),
      topPhotos: ranked(photos),
      topSizes: ranked(sizes),
      topFormats: ranked(formats),
      visits,
      funnel: {
        visitors: visits.totals.visitors,
        photoViews: visits.totals.photoViews,
        addedToCart: visits.totals.addedToCart,
        checkoutStarted: visits.totals.checkoutStarted,
        paid: orders,
        recoveredCarts: recovered,
      },
    };
  }

  return {
    figures,
    /** The series and the totals as CSV rows (the header's three columns on every row). */
    async csvRows(query: NumbersQuery): Promise<(string | number)[][]> {
      const n = await figures(query);
      const money = (v: number) => v.toFixed(2);
      const s = n.sales;
      const totals: [string, string | number][] = [
        ['Average order', money(s.averageOrder)],
        ['Refunds', money(s.refunds)],
        ['Tax collected', money(s.tax)],
        ['Shipping', money(s.shipping)],
        ['Code discounts', money(s.discounts)],
        ...(s.giftCardsOutstanding === null
          ? []
          : [['Gift cards outstanding (now)', money(s.giftCardsOutstanding)] as [string, string]]),
        ...(s.labCost === null || s.margin === null
          ? []
          : [
              ['Lab cost', money(s.labCost)] as [string, string],
              ['Margin', money(s.margin)] as [string, string],
            ]),
      ];
      return [
        ['Period', 'Orders', 'Revenue'],
        ...n.series.map((p) => [p.period, p.orders, money(p.revenue)]),
        ['', '', ''],
        ['Total', s.orders, money(s.revenue)],
        ...totals.map(([label, value]) => [label, '', value]),
      ];
    },
  };
}
export type NumbersService = ReturnType<typeof createNumbersService>;
