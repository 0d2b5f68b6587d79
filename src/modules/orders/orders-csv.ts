import { toDollars } from '../../platform/money';
import { orderMoney } from '../cart';
import type { Order, OrderLineItem } from './order.model';
import { figureRows, type ReportFigureValue } from './report-figures';

// RFC 4180 quoting, plus a leading apostrophe on cells a spreadsheet would run as a formula (a
// plain negative amount such as -0.65, e.g. the tax report's net tax, is a number and stays one).
export function csvCell(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s) && !/^-\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const header = [
  'Order #',
  'Date',
  'Customer name',
  'Customer email',
  'Shipping address',
  'Items',
  'Subtotal',
  'Shipping',
  'Total',
  'Payment status',
  'Fulfillment status',
  'Carrier',
  'Tracking number',
  'Refunded',
  'Dispute',
  'Address line 1',
  'Address line 2',
  'City',
  'State',
  'ZIP',
  // issue 25
  'Promotion code',
  'Discount',
  'Tax',
  'Tax state',
  // issue 46: the licences of files (their lines are also in Items, as "Editorial licence, Web, 2048 px")
  'Licences',
  'Licensee',
];

/** Rows as a CSV file: RFC 4180 quoting, CRLF line ends, UTF-8 with BOM so spreadsheets read accents. */
export function csvFile(rows: (string | number | null)[][]): string {
  return '\uFEFF' + rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Cents as the CSV's dollars: 68300 -> '683.00'. */
export const csvDollars = (cents: number) => toDollars(cents).toFixed(2);

/**
 * The orders as CSV (header row, RFC 4180 quoting, UTF-8 with BOM so spreadsheets read accents),
 * then the report figures other modules add (what she owes on gift cards sold, `asOf` now).
 */
export function ordersCsv(
  orders: Order[],
  lines: OrderLineItem[],
  figures: ReportFigureValue[] = [],
  asOf = new Date(),
): string {
  const byOrder = new Map<number, OrderLineItem[]>();
  for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
  const money = csvDollars;
  const rows = orders.map((o) => {
    const m = orderMoney(o);
    return [
      o.id,
      new Date(o.createdAt).toISOString(),
      o.customerName,
      o.customerEmail,
      o.shippingAddress,
      (byOrder.get(o.id) ?? [])
        .map((l) =>
          l.kind === 'licence'
            ? `1 x ${l.title} (${l.format} licence, ${l.size})`
            : `${l.quantity} x ${l.title} (${l.size}, ${l.format})`,
        )
        .join('; '),
      money(m.subtotalCents),
      money(m.shippingCents),
      money(m.totalCents),
      o.status,
      o.fulfillmentStatus,
      o.shippingCarrier,
      o.trackingNumber,
      money(m.refundedCents),
      o.disputeStatus ? `${o.disputeStatus} (${o.disputeReason ?? 'unknown'})` : null,
      o.addressLine1,
      o.addressLine2,
      o.addressCity,
      o.addressState,
      o.addressZip,
      o.promotionCode,
      money(m.discountCents),
      money(m.taxCents),
      o.taxState,
      (byOrder.get(o.id) ?? []).filter((l) => l.kind === 'licence').length,
      o.licenseeName ? `${o.licenseeName} (${o.licenseeKind})` : null,
    ];
  });
  const when = `as of ${asOf.toISOString().slice(0, 10)}`;
  return csvFile([header, ...rows, ...figureRows(figures, header.length, when, money)]);
}
