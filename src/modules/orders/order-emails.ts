import { escapeHtml } from '../../platform/html';
import { formatCents } from '../../platform/money';
import type { OutboundEmail } from '../../platform/outbox';
import type { LineItemRow, OrderRow } from './orders.repository';

export type ShippingNotice = { line1: string; line2?: string | null } | null;
type Site = { siteName: string; publicUrl: string; ownerEmail?: string };

export const orderNumber = (id: number) => `#${id}`;

const multiline = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');
// Header values are one line; a name never breaks an e-mail header.
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

const font = 'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;';
const cell = `${font}padding:8px 0;border-bottom:1px solid #e5e5e5;font-size:15px;color:#222;vertical-align:top;`;

function itemRowsHtml(lines: LineItemRow[]): string {
  return lines
    .map((l) => {
      const each =
        l.quantity > 1
          ? `<br><span style="color:#666;font-size:13px;">${formatCents(l.priceCents)} each</span>`
          : '';
      return `<tr><td style="${cell}"><strong>${escapeHtml(l.title)}</strong><br><span style="color:#555;font-size:14px;">${escapeHtml(l.size)} &middot; ${escapeHtml(l.format)} &middot; Qty ${l.quantity}</span></td><td style="${cell}text-align:right;white-space:nowrap;padding-left:12px;">${formatCents(l.priceCents * l.quantity)}${each}</td></tr>`;
    })
    .join('');
}

function totalsHtml(order: OrderRow): string {
  const row = (label: string, value: string, strong = false) =>
    `<tr><td style="${font}padding:4px 0;font-size:15px;${strong ? 'font-weight:bold;' : 'color:#555;'}">${label}</td><td style="${font}padding:4px 0;font-size:15px;text-align:right;${strong ? 'font-weight:bold;' : ''}">${value}</td></tr>`;
  return (
    row('Subtotal', formatCents(order.subtotalCents)) +
    row('Shipping', formatCents(order.shippingCents)) +
    row('Total', formatCents(order.totalCents), true)
  );
}

function layout(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="margin:0;padding:0;background:#f4f4f0;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f0;"><tr><td align="center" style="padding:16px 8px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px;"><tr><td style="padding:20px 16px;${font}color:#222;">${body}</td></tr></table></td></tr></table></body></html>`;
}

function itemsText(lines: LineItemRow[]): string {
  return lines
    .map(
      (l) =>
        `- ${l.title} (${l.size}, ${l.format}) x ${l.quantity}: ${formatCents(l.priceCents * l.quantity)}` +
        (l.quantity > 1 ? ` (${formatCents(l.priceCents)} each)` : ''),
    )
    .join('\n');
}

function totalsText(order: OrderRow): string {
  return `Subtotal: ${formatCents(order.subtotalCents)}\nShipping: ${formatCents(order.shippingCents)}\nTotal: ${formatCents(order.totalCents)}`;
}

/**
 * The customer's confirmation: order number, each item with size and format, subtotal, shipping,
 * total, shipping address and the active shipping notice's lines; HTML (phone-sized) and text.
 */
export function confirmationEmail(
  order: OrderRow,
  lines: LineItemRow[],
  notice: ShippingNotice,
  site: Site,
): OutboundEmail {
  const no = orderNumber(order.id);
  const noticeLines = notice ? [notice.line1, notice.line2].filter((l): l is string => !!l) : [];
  const html = layout(
    `Order ${no}`,
    `<h1 style="${font}font-size:22px;margin:0 0 8px;">Thank you for your order!</h1>
<p style="${font}font-size:15px;margin:0 0 16px;">Hi ${escapeHtml(order.customerName)}, your payment was received and your prints are on their way to being made.</p>
<p style="${font}font-size:15px;margin:0 0 16px;"><strong>Order number:</strong> ${no}</p>
${
  noticeLines.length
    ? `<div style="${font}background:#fff8e1;border-left:4px solid #f0b400;padding:10px 12px;margin:0 0 16px;font-size:14px;">${noticeLines.map((l) => `<p style="margin:0;">${escapeHtml(l)}</p>`).join('')}</div>`
    : ''
}<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${itemRowsHtml(lines)}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:8px;">${totalsHtml(order)}</table>
<h2 style="${font}font-size:16px;margin:20px 0 6px;">Shipping address</h2>
<p style="${font}font-size:15px;margin:0;">${multiline(order.shippingAddress)}</p>
${order.statusToken ? `<p style="${font}font-size:15px;margin:16px 0 0;"><a href="${escapeHtml(orderPageUrl(site.publicUrl, order.statusToken)!)}" style="color:#2e6b3a;">View your order</a></p>` : ''}
<p style="${font}font-size:13px;color:#666;margin:24px 0 0;">Questions? Reply to this e-mail or write to us at <a href="${escapeHtml(site.publicUrl)}/contact" style="color:#2e6b3a;">${escapeHtml(site.publicUrl)}/contact</a>.</p>`,
  );
  const text = [
    `Thank you for your order, ${order.customerName}!`,
    '',
    `Order number: ${no}`,
    ...(noticeLines.length ? ['', ...noticeLines] : []),
    '',
    'Items:',
    itemsText(lines),
    '',
    totalsText(order),
    '',
    'Shipping address:',
    order.shippingAddress,
    ...(order.statusToken ? ['', `View your order: ${orderPageUrl(site.publicUrl, order.statusToken)}`] : []),
    '',
    `Questions? Reply to this e-mail or write to us at ${site.publicUrl}/contact`,
    '',
    site.siteName,
  ].join('\n');
  return {
    dedupeKey: `order-confirmation-${order.id}`,
    to: order.customerEmail,
    replyTo: site.ownerEmail,
    subject: `Your ${oneLine(site.siteName)} order ${no}`,
    html,
    text,
  };
}

/** The owner's new-order notice; replying goes to the customer. */
export function ownerNoticeEmail(order: OrderRow, lines: LineItemRow[], site: Site & { ownerEmail: string }) {
  const no = orderNumber(order.id);
  const adminUrl = `${site.publicUrl}/admin/orders`;
  const html = layout(
    `New order ${no}`,
    `<h1 style="${font}font-size:22px;margin:0 0 8px;">New order ${no}: ${formatCents(order.totalCents)}</h1>
<p style="${font}font-size:15px;margin:0 0 16px;"><strong>${escapeHtml(order.customerName)}</strong><br><a href="mailto:${escapeHtml(order.customerEmail)}" style="color:#2e6b3a;">${escapeHtml(order.customerEmail)}</a></p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${itemRowsHtml(lines)}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:8px;">${totalsHtml(order)}</table>
<h2 style="${font}font-size:16px;margin:20px 0 6px;">Ship to</h2>
<p style="${font}font-size:15px;margin:0 0 16px;">${multiline(order.shippingAddress)}</p>
<p style="${font}font-size:15px;margin:0;"><a href="${escapeHtml(adminUrl)}" style="color:#2e6b3a;">Open the orders in the admin</a></p>`,
  );
  const text = [
    `New order ${no}: ${formatCents(order.totalCents)}`,
    '',
    `Customer: ${order.customerName} <${order.customerEmail}>`,
    '',
    'Items:',
    itemsText(lines),
    '',
    totalsText(order),
    '',
    'Ship to:',
    order.shippingAddress,
    '',
    `Orders: ${adminUrl}`,
  ].join('\n');
  return {
    dedupeKey: `order-owner-notice-${order.id}`,
    to: site.ownerEmail,
    replyTo: order.customerEmail,
    subject: `New order ${no} from ${oneLine(order.customerName)}: ${formatCents(order.totalCents)}`,
    html,
    text,
  } satisfies OutboundEmail;
}

// ---- after the payment: shipped, refunded, disputed ----

export const carrierTrackingUrls: Record<string, (n: string) => string> = {
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(n)}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${encodeURIComponent(n)}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(n)}`,
  DHL: (n) =>
    `https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=${encodeURIComponent(n)}`,
};

/** The carrier's tracking page for a known carrier and a tracking number; null otherwise. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  const make = carrier ? carrierTrackingUrls[carrier] : undefined;
  return make && trackingNumber ? make(trackingNumber) : null;
}

export const orderPageUrl = (publicUrl: string, token: string | null) =>
  token ? `${publicUrl}/orders/${token}` : null;

const paragraph = (html: string) => `<p style="${font}font-size:15px;margin:0 0 16px;">${html}</p>`;
const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:#2e6b3a;">${escapeHtml(label)}</a>`;

/** An order e-mail after the payment: a headline, what happened, the items, and the order page. */
function orderUpdateEmail(
  order: OrderRow,
  lines: LineItemRow[],
  site: Site,
  parts: {
    dedupeKey: string;
    subject: string;
    headline: string;
    html: string[];
    text: string[];
    to?: string;
    replyTo?: string;
    showOrderPage?: boolean;
  },
): OutboundEmail {
  const no = orderNumber(order.id);
  const page = parts.showOrderPage === false ? null : orderPageUrl(site.publicUrl, order.statusToken);
  const html = layout(
    `${parts.headline} ${no}`,
    `<h1 style="${font}font-size:22px;margin:0 0 8px;">${escapeHtml(parts.headline)}</h1>
${paragraph(`<strong>Order number:</strong> ${no}`)}
${parts.html.map(paragraph).join('\n')}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${itemRowsHtml(lines)}</table>
${page ? paragraph(`${link(page, 'View your order')}`) : ''}
<p style="${font}font-size:13px;color:#666;margin:24px 0 0;">${escapeHtml(site.siteName)}</p>`,
  );
  const text = [
    parts.headline,
    '',
    `Order number: ${no}`,
    '',
    ...parts.text,
    '',
    'Items:',
    itemsText(lines),
    ...(page ? ['', `View your order: ${page}`] : []),
    '',
    site.siteName,
  ].join('\n');
  return {
    dedupeKey: parts.dedupeKey,
    to: parts.to ?? order.customerEmail,
    replyTo: parts.replyTo ?? site.ownerEmail,
    // short enough to stay on one header line; the shop's name is in the body and the sender
    subject: `${parts.subject} (${no})`,
    html,
    text,
  };
}

/** 'Your order has shipped': the carrier, the tracking number and, for known carriers, the link. */
export function shippedEmail(order: OrderRow, lines: LineItemRow[], site: Site): OutboundEmail {
  const url = trackingUrl(order.shippingCarrier, order.trackingNumber);
  const carrier = order.shippingCarrier && order.shippingCarrier !== 'other' ? order.shippingCarrier : null;
  const html: string[] = [`Hi ${escapeHtml(order.customerName)}, your prints are on their way.`];
  const text: string[] = [`Hi ${order.customerName}, your prints are on their way.`];
  if (carrier) {
    html.push(`<strong>Carrier:</strong> ${escapeHtml(carrier)}`);
    text.push(`Carrier: ${carrier}`);
  }
  if (order.trackingNumber) {
    html.push(`<strong>Tracking number:</strong> ${escapeHtml(order.trackingNumber)}`);
    text.push(`Tracking number: ${order.trackingNumber}`);
  }
  if (url) {
    html.push(link(url, 'Track your package'));
    text.push(`Track your package: ${url}`);
  }
  return orderUpdateEmail(order, lines, site, {
    dedupeKey: `order-shipped-${order.id}-${order.trackingNumber ?? 'none'}`,
    subject: 'Your order has shipped',
    headline: 'Your order has shipped',
    html,
    text,
  });
}

export const refundReasonLabels: Record<string, string> = {
  requested_by_customer: 'Requested by customer',
  duplicate: 'Duplicate order',
  fraudulent: 'Fraudulent',
  damaged: 'Damaged in shipping',
  other: 'Other',
};

/** The buyer's refund notice: how much, why, and what has been refunded in all. */
export function refundEmail(
  order: OrderRow,
  lines: LineItemRow[],
  refund: { id: number; amountCents: number; reason: string },
  site: Site,
): OutboundEmail {
  const full = order.refundedCents >= order.totalCents;
  const amount = formatCents(refund.amountCents);
  const reason = refundReasonLabels[refund.reason] ?? refund.reason;
  const summary = `Refunded in total: ${formatCents(order.refundedCents)} of ${formatCents(order.totalCents)}`;
  return orderUpdateEmail(order, lines, site, {
    dedupeKey: `order-refund-${refund.id}`,
    subject: full ? 'Your order has been refunded' : 'Part of your order has been refunded',
    headline: `We refunded ${amount}`,
    html: [
      `Hi ${escapeHtml(order.customerName)}, we have refunded ${amount} to the card you paid with. It can take 5 to 10 business days to show on your statement.`,
      `<strong>Reason:</strong> ${escapeHtml(reason)}`,
      escapeHtml(summary),
    ],
    text: [
      `Hi ${order.customerName}, we have refunded ${amount} to the card you paid with. It can take 5 to 10 business days to show on your statement.`,
      `Reason: ${reason}`,
      summary,
    ],
  });
}

const disputeReasonLabel = (reason: string) => reason.replace(/_/g, ' ');

/** The owner's alert: a buyer disputed the charge; evidence is due by the date the provider gives. */
export function disputeEmail(
  order: OrderRow,
  lines: LineItemRow[],
  disputeId: string,
  site: Site & { ownerEmail: string },
): OutboundEmail {
  const due = order.disputeDueBy ? new Date(order.disputeDueBy).toUTCString().slice(0, 16) : 'not given';
  const reason = disputeReasonLabel(order.disputeReason ?? 'unknown');
  const amount = formatCents(order.disputeAmountCents ?? order.totalCents);
  const adminUrl = `${site.publicUrl}/admin/orders`;
  return orderUpdateEmail(order, lines, site, {
    dedupeKey: `order-dispute-${order.id}-${disputeId}`,
    to: site.ownerEmail,
    replyTo: order.customerEmail,
    subject: `Payment disputed: ${amount}`,
    headline: 'A payment was disputed',
    showOrderPage: false,
    html: [
      `${escapeHtml(order.customerName)} (${escapeHtml(order.customerEmail)}) disputed ${amount}.`,
      `<strong>Reason:</strong> ${escapeHtml(reason)}<br><strong>Respond by:</strong> ${escapeHtml(due)}`,
      link(adminUrl, 'Open the orders in the admin'),
    ],
    text: [
      `${order.customerName} <${order.customerEmail}> disputed ${amount}.`,
      `Reason: ${reason}`,
      `Respond by: ${due}`,
      `Orders: ${adminUrl}`,
    ],
  });
}
