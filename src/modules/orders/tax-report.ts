import { taxMessages } from '../../contract';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/http/app-error';
import { csvDollars, csvFile } from './orders-csv';
import { figureRows, type ReportFigures } from './report-figures';
import { createTaxReportRepository } from './tax-report.repository';

// The monthly sales tax report (CSV), per state: the taxed orders paid in the month, what tax was
// computed on and collected, and the refunds made in the month on taxed orders with the share of
// tax they gave back. Below the total, the report figures other modules add (what she owes on gift
// cards sold) at the month's end, or now for the month under way.

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const header = [
  'Month',
  'State',
  'Orders',
  'Taxable sales',
  'Tax collected',
  'Refunds',
  'Tax reversed',
  'Net tax',
  // issue 46: the licences of files among the taxable sales (states differ on digital goods)
  'Taxable licence sales',
];

/**
 * The tax a refund gives back: its share of the order's tax, in proportion to the order's total
 * (tax included), to the cent: round(refund × tax / total).
 */
export const taxReversedCents = (r: {
  amountCents: number;
  orderTaxCents: number;
  orderTotalCents: number;
}) => (r.orderTotalCents > 0 ? Math.round((r.amountCents * r.orderTaxCents) / r.orderTotalCents) : 0);

type Row = {
  orders: number;
  taxableCents: number;
  taxCents: number;
  refundCents: number;
  reversedCents: number;
  licenceCents: number;
};
const emptyRow = (): Row => ({
  orders: 0,
  taxableCents: 0,
  taxCents: 0,
  refundCents: 0,
  reversedCents: 0,
  licenceCents: 0,
});

export function createTaxReport(db: Db, figures?: Pick<ReportFigures, 'read'>) {
  const repo = createTaxReportRepository(db);
  return {
    /**
     * The report for a calendar month, 'YYYY-MM'. The month is taken in UTC (from the 1st at
     * 00:00 UTC to the next month's 1st): an order paid on the evening of the last day in the
     * United States may fall in the next month's report.
     */
    async csv(month: string): Promise<string> {
      const m = MONTH.exec(month);
      // the route's query schema refuses it first; a caller in code gets the same message
      if (!m) throw badRequest(taxMessages.month, { month: taxMessages.month });
      const year = Number(m[1]);
      const index = Number(m[2]) - 1;
      const from = new Date(Date.UTC(year, index, 1));
      const to = new Date(Date.UTC(year, index + 1, 1));

      const now = new Date();
      const asOf = to < now ? to : now;
      const [sales, refunds, figureValues] = await Promise.all([
        repo.salesByState(from, to),
        repo.refundsOnTaxedOrders(from, to),
        figures?.read(asOf) ?? [],
      ]);
      const byState = new Map<string, Row>();
      const rowFor = (state: string) => {
        let row = byState.get(state);
        if (!row) byState.set(state, (row = emptyRow()));
        return row;
      };
      for (const s of sales) {
        const row = rowFor(s.state);
        row.orders = s.orders;
        row.taxableCents = s.taxableCents;
        row.taxCents = s.taxCents;
        row.licenceCents = s.licenceCents;
      }
      for (const r of refunds) {
        const row = rowFor(r.state);
        row.refundCents += r.amountCents;
        row.reversedCents += taxReversedCents(r);
      }

      const total = emptyRow();
      const line = (state: string, r: Row) => [
        month,
        state,
        r.orders,
        csvDollars(r.taxableCents),
        csvDollars(r.taxCents),
        csvDollars(r.refundCents),
        csvDollars(r.reversedCents),
        csvDollars(r.taxCents - r.reversedCents),
        csvDollars(r.licenceCents),
      ];
      const states = [...byState.keys()].sort();
      const rows = states.map((state) => {
        const r = byState.get(state)!;
        for (const k of Object.keys(total) as (keyof Row)[]) total[k] += r[k];
        return line(state, r);
      });
      const when = to < now ? `at the end of ${month}` : `as of ${now.toISOString().slice(0, 10)}`;
      return csvFile([
        header,
        ...rows,
        line('Total', total),
        ...figureRows(figureValues, header.length, when, csvDollars),
      ]);
    },
  };
}
export type TaxReport = ReturnType<typeof createTaxReport>;
