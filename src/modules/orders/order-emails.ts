import { escapeHtml } from '../../platform/html';
import { formatCents } from '../../platform/money';
import type { OutboundEmail } from '../../platform/outbox';
import { orderMoney } from '../cart';
import {
  font,
  itemRowsHtml,
  layout,
  link,
  addressHtml,
  oneLine,
  orderNumber,
  orderPageUrl,
  orderUpdateEmail,
  questionsLine,
  totalsHtml,
  summaryText,
  trackingUrl,
  type LineNotes,
  type Site,
} from './order-email-layout';
import type { Order, OrderLineItem } from './order.model';

export type ShippingNotice = { line1: string; line2?: string | null } | null;

/**
 * The customer's confirmation: order number, each item with size and format, subtotal, the
 * discount (with its code) and the tax line when there are any, shipping, total, shipping address
 * and the active shipping notice's lines; HTML (phone-sized) and text.
 */
export function confirmationEmail(
  order: Order,
  lines: OrderLineItem[],
  notice: ShippingNotice,
  site: Site,
  notes?: LineNotes,
): OutboundEmail {
  const no = orderNumber(order.id);
  const questions = questionsLine(site);
  const noticeLines = notice ? [notice.line1, notice.line2].filter((l): l is string => !!l) : [];
  const html = layout(
    `Order ${no}`,
    `<h1 style="${font}font-size:22px;margin:0 0 8px;">Thank you for your order!</h1>
<p style="${font}font-size:15px;margin:0 0 16px;">Hi ${escapeHtml(order.customerName)}, your payment was received${lines.some((l) => l.kind === 'print') ? ' and your prints are on their way to being made' : ''}.</p>
<p style="${font}font-size:15px;margin:0 0 16px;"><strong>Order number:</strong> ${no}</p>
${
  noticeLines.length
    ? `<div style="${font}background:#fff8e1;border-left:4px solid #f0b400;padding:10px 12px;margin:0 0 16px;font-size:14px;">${noticeLines.map((l) => `<p style="margin:0;">${escapeHtml(l)}</p>`).join('')}</div>`
    : ''
}<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${itemRowsHtml(lines, notes)}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:8px;">${totalsHtml(order)}</table>
${addressHtml(order, 'Shipping address')}
${order.statusToken ? `<p style="${font}font-size:15px;margin:16px 0 0;"><a href="${escapeHtml(orderPageUrl(site.publicUrl, order.statusToken)!)}" style="color:#2e6b3a;">View your order</a></p>` : ''}
${questions.html}`,
  );
  const text = [
    `Thank you for your order, ${order.customerName}!`,
    '',
    `Order number: ${no}`,
    ...(noticeLines.length ? ['', ...noticeLines] : []),
    '',
    ...summaryText(order, lines, 'Shipping address:', notes),
    ...(order.statusToken ? ['', `View your order: ${orderPageUrl(site.publicUrl, order.statusToken)}`] : []),
    '',
    questions.text,
    '',
    site.siteName,
  ].join('\n');
  return {
    dedupeKey: `order-confirmation-${order.id}`,
    to: order.customerEmail,
    // a reply reaches the owner; without OWNER_EMAIL there is no Reply-To (and the text says so)
    replyTo: site.ownerEmail,
    subject: `Your ${oneLine(site.siteName)} order ${no}`,
    html,
    text,
  };
}

/** The owner's new-order notice, with the same totals as the buyer's; replying goes to the customer. */
export function ownerNoticeEmail(
  order: Order,
  lines: OrderLineItem[],
  site: Site & { ownerEmail: string },
  notes?: LineNotes,
) {
  const no = orderNumber(order.id);
  const total = formatCents(orderMoney(order).totalCents);
  const adminUrl = `${site.publicUrl}/admin/orders`;
  const html = layout(
    `New order ${no}`,
    `<h1 style="${font}font-size:22px;margin:0 0 8px;">New order ${no}: ${total}</h1>
<p style="${font}font-size:15px;margin:0 0 16px;"><strong>${escapeHtml(order.customerName)}</strong><br><a href="mailto:${escapeHtml(order.customerEmail)}" style="color:#2e6b3a;">${escapeHtml(order.customerEmail)}</a></p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${itemRowsHtml(lines, notes)}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:8px;">${totalsHtml(order)}</table>
${addressHtml(order, 'Ship to')}
<p style="${font}font-size:15px;margin:0;"><a href="${escapeHtml(adminUrl)}" style="color:#2e6b3a;">Open the orders in the admin</a></p>`,
  );
  const text = [
    `New order ${no}: ${total}`,
    '',
    `Customer: ${order.customerName} <${order.customerEmail}>`,
    '',
    ...summaryText(order, lines, 'Ship to:', notes),
    '',
    `Orders: ${adminUrl}`,
  ].join('\n');
  return {
    dedupeKey: `order-owner-notice-${order.id}`,
    to: site.ownerEmail,
    replyTo: order.customerEmail,
    subject: `New order ${no} from ${oneLine(order.customerName)}: ${total}`,
    html,
    text,
  } satisfies OutboundEmail;
}

// ---- after the payment: shipped, refunded, disputed ----

/** 'Your order has shipped': the carrier, the tracking number and, for known carriers, the link. */
export function shippedEmail(
  order: Order,
  lines: OrderLineItem[],
  site: Site,
  shipment: { carrier: string | null; trackingNumber: string | null },
): OutboundEmail {
  const { trackingNumber } = shipment;
  const url = trackingUrl(shipment.carrier, trackingNumber);
  const carrier = shipment.carrier && shipment.carrier !== 'other' ? shipment.carrier : null;
  const html: string[] = [`Hi ${escapeHtml(order.customerName)}, your prints are on their way.`];
  const text: string[] = [`Hi ${order.customerName}, your prints are on their way.`];
  if (carrier) {
    html.push(`<strong>Carrier:</strong> ${escapeHtml(carrier)}`);
    text.push(`Carrier: ${carrier}`);
  }
  if (trackingNumber) {
    html.push(`<strong>Tracking number:</strong> ${escapeHtml(trackingNumber)}`);
    text.push(`Tracking number: ${trackingNumber}`);
  }
  if (url) {
    html.push(link(url, 'Track your package'));
    text.push(`Track your package: ${url}`);
  }
  return orderUpdateEmail(order, lines, site, {
    dedupeKey: `order-shipped-${order.id}-${trackingNumber ?? 'none'}`,
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
  order: Order,
  lines: OrderLineItem[],
  refund: { id: number; amountCents: number; reason: string; tendersCents?: number },
  site: Site,
): OutboundEmail {
  const money = orderMoney(order);
  const full = money.netCents <= 0;
  const amount = formatCents(refund.amountCents);
  // a refund of an order paid partly by gift card: its gift card part is back on the card at once
  const toCards = refund.tendersCents ?? 0;
  const toCard = refund.amountCents - toCards;
  const where =
    toCards === 0
      ? `we have refunded ${amount} to the card you paid with. It can take 5 to 10 business days to show on your statement.`
      : toCard === 0
        ? `we have refunded ${amount} to your gift card: it is on the card's balance now.`
        : `we have refunded ${amount}: ${formatCents(toCard)} to the card you paid with (it can take 5 to 10 business days to show on your statement) and ${formatCents(toCards)} to your gift card, on its balance now.`;
  const reason = refundReasonLabels[refund.reason] ?? refund.reason;
  const summary = `Refunded in total: ${formatCents(money.refundedCents)} of ${formatCents(money.totalCents)}`;
  return orderUpdateEmail(order, lines, site, {
    dedupeKey: `order-refund-${refund.id}`,
    subject: full ? 'Your order has been refunded' : 'Part of your order has been refunded',
    headline: `We refunded ${amount}`,
    html: [
      `Hi ${escapeHtml(order.customerName)}, ${escapeHtml(where)}`,
      `<strong>Reason:</strong> ${escapeHtml(reason)}`,
      escapeHtml(summary),
    ],
    text: [`Hi ${order.customerName}, ${where}`, `Reason: ${reason}`, summary],
  });
}

const disputeReasonLabel = (reason: string) => reason.replace(/_/g, ' ');

/** The owner's alert: a buyer disputed the charge; evidence is due by the date the provider gives. */
export function disputeEmail(
  order: Order,
  lines: OrderLineItem[],
  disputeId: string,
  site: Site & { ownerEmail: string },
): OutboundEmail {
  const due = order.disputeDueBy ? new Date(order.disputeDueBy).toUTCString().slice(0, 16) : 'not given';
  const reason = disputeReasonLabel(order.disputeReason ?? 'unknown');
  const amount = formatCents(order.disputeAmountCents ?? orderMoney(order).totalCents);
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
