import { escapeHtml } from '../../platform/html';
import { formatCents } from '../../platform/money';
import type { OutboundEmail } from '../../platform/outbox';
import { orderMoney } from '../cart';
import { appliedLines } from './applied-lines';
import type { LineMailNote } from './line-details';
import type { Order, OrderLineItem } from './order.model';

// The frame every order e-mail shares: the page layout, the item and total rows (HTML and text),
// the links to the order page and the carrier's tracking page.

export type Site = { siteName: string; publicUrl: string; ownerEmail?: string };

export const orderNumber = (id: number) => `#${id}`;

export const multiline = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');
// Header values are one line; a name never breaks an e-mail header.
export const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

export const font = 'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;';
const cell = `${font}padding:8px 0;border-bottom:1px solid #e5e5e5;font-size:15px;color:#222;vertical-align:top;`;

/** Other modules' notes under a line (line-details.ts: "Edition print 7/25" and its certificate). */
export type LineNotes = Map<number, LineMailNote[]>;

function notesHtml(notes: LineMailNote[] | undefined): string {
  return (notes ?? [])
    .map(
      (n) =>
        `<br><span style="color:#333;font-size:14px;">${escapeHtml(n.text)}${
          n.link
            ? ` &middot; <a href="${escapeHtml(n.link.url)}" style="color:#2e6b3a;">${escapeHtml(n.link.label)}</a>`
            : ''
        }</span>`,
    )
    .join('');
}

/** A licence line reads "Editorial licence · Web, 2048 px" (its format is the licence's name, its size the file's). */
const licenceLabel = (l: OrderLineItem) => `${l.format} licence \u00b7 ${l.size}`;

export function itemRowsHtml(lines: OrderLineItem[], notes?: LineNotes): string {
  return lines
    .map((l) => {
      if (l.kind === 'licence')
        return `<tr><td style="${cell}"><strong>${escapeHtml(l.title)}</strong><br><span style="color:#555;font-size:14px;">${escapeHtml(licenceLabel(l))}</span>${notesHtml(notes?.get(l.id))}</td><td style="${cell}text-align:right;white-space:nowrap;padding-left:12px;">${formatCents(l.priceCents)}</td></tr>`;
      const each =
        l.quantity > 1
          ? `<br><span style="color:#666;font-size:13px;">${formatCents(l.priceCents)} each</span>`
          : '';
      return `<tr><td style="${cell}"><strong>${escapeHtml(l.title)}</strong><br><span style="color:#555;font-size:14px;">${escapeHtml(l.size)} &middot; ${escapeHtml(l.format)} &middot; Qty ${l.quantity}</span>${notesHtml(notes?.get(l.id))}</td><td style="${cell}text-align:right;white-space:nowrap;padding-left:12px;">${formatCents(l.priceCents * l.quantity)}${each}</td></tr>`;
    })
    .join('');
}

/**
 * The totals as label and amount: Subtotal, then "Discount (CODE)" (a true minus sign) when a code
 * took something off, Shipping, the tax line when tax was charged or the state taxed, and Total;
 * then, when gift cards paid part of it, what they paid and what the card paid.
 */
function totalLines(order: Order): { label: string; value: string; strong?: boolean }[] {
  const money = orderMoney(order);
  const { promotion, taxLine } = appliedLines(order);
  return [
    { label: 'Subtotal', value: formatCents(money.subtotalCents) },
    ...(money.discountCents > 0
      ? [
          {
            label: promotion ? `Discount (${promotion.code})` : 'Discount',
            value: `\u2212${formatCents(money.discountCents)}`,
          },
        ]
      : []),
    { label: 'Shipping', value: formatCents(money.shippingCents) },
    ...(taxLine ? [{ label: taxLine.label, value: formatCents(money.taxCents) }] : []),
    { label: 'Total', value: formatCents(money.totalCents), strong: true },
    // what tenders (gift cards, the only kind) paid, and what was left for the card
    ...(money.tendersCents > 0
      ? [
          { label: 'Paid with gift cards', value: `\u2212${formatCents(money.tendersCents)}` },
          { label: 'Paid by card', value: formatCents(money.amountDueCents), strong: true },
        ]
      : []),
  ];
}

export function totalsHtml(order: Order): string {
  const row = (label: string, value: string, strong = false) =>
    `<tr><td style="${font}padding:4px 0;font-size:15px;${strong ? 'font-weight:bold;' : 'color:#555;'}">${escapeHtml(label)}</td><td style="${font}padding:4px 0;font-size:15px;text-align:right;${strong ? 'font-weight:bold;' : ''}">${value}</td></tr>`;
  return totalLines(order)
    .map((l) => row(l.label, l.value, l.strong))
    .join('');
}

export function layout(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="margin:0;padding:0;background:#f4f4f0;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f0;"><tr><td align="center" style="padding:16px 8px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px;"><tr><td style="padding:20px 16px;${font}color:#222;">${body}</td></tr></table></td></tr></table></body></html>`;
}

function itemsText(lines: OrderLineItem[], notes?: LineNotes): string {
  return lines
    .map(
      (l) =>
        (l.kind === 'licence'
          ? `- ${l.title} (${licenceLabel(l)}): ${formatCents(l.priceCents)}`
          : `- ${l.title} (${l.size}, ${l.format}) x ${l.quantity}: ${formatCents(l.priceCents * l.quantity)}` +
            (l.quantity > 1 ? ` (${formatCents(l.priceCents)} each)` : '')) +
        (notes?.get(l.id) ?? [])
          .map((n) => `\n  ${n.text}${n.link ? `\n  ${n.link.label}: ${n.link.url}` : ''}`)
          .join(''),
    )
    .join('\n');
}

function totalsText(order: Order): string {
  return totalLines(order)
    .map((l) => `${l.label}: ${l.value}`)
    .join('\n');
}

/** Who an order's licences are for: "Licence for: Jane Doe" (null without licences). */
export const licenseeText = (order: Order) =>
  order.licenseeName
    ? `Licence for: ${order.licenseeName}${order.licenseeKind === 'organisation' ? ' (an organisation)' : ''}`
    : null;

/**
 * The "Shipping address" part of an e-mail in HTML, and who the licences are for: an order of
 * licences only ships nothing and shows no address.
 */
export function addressHtml(order: Order, heading: string): string {
  const licensee = licenseeText(order);
  return (
    (order.shippingAddress
      ? `<h2 style="${font}font-size:16px;margin:20px 0 6px;">${escapeHtml(heading)}</h2>
<p style="${font}font-size:15px;margin:0 0 16px;">${multiline(order.shippingAddress)}</p>`
      : '') + (licensee ? `<p style="${font}font-size:15px;margin:16px 0;">${escapeHtml(licensee)}</p>` : '')
  );
}

/** The text e-mail's items, totals and address, under their headings (no address when nothing ships). */
export const summaryText = (
  order: Order,
  lines: OrderLineItem[],
  addressHeading: string,
  notes?: LineNotes,
) => [
  'Items:',
  itemsText(lines, notes),
  '',
  totalsText(order),
  ...(order.shippingAddress ? ['', addressHeading, order.shippingAddress] : []),
  ...(licenseeText(order) ? ['', licenseeText(order)!] : []),
];
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
export const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:#2e6b3a;">${escapeHtml(label)}</a>`;

/**
 * How a buyer reaches the shop, as the mail's headers make it work: with OWNER_EMAIL set a reply
 * goes to the owner (Reply-To), so the mail says to reply; without it a reply would go to MAIL_FROM,
 * often a no-reply address nobody reads, so it points to the contact page only.
 */
export function questionsLine(site: Site): { html: string; text: string } {
  const contact = `${site.publicUrl}/contact`;
  const lead = site.ownerEmail
    ? 'Questions? Reply to this e-mail or write to us at'
    : 'Questions? Write to us at';
  return {
    html: `<p style="${font}font-size:13px;color:#666;margin:24px 0 0;">${lead} ${link(contact, contact)}.</p>`,
    text: `${lead} ${contact}`,
  };
}

/** An order e-mail after the payment: a headline, what happened, the items, and the order page. */
export function orderUpdateEmail(
  order: Order,
  lines: OrderLineItem[],
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
  // the buyer's mails say how to reach the shop; a mail to the owner (parts.to) does not
  const questions = parts.to ? null : questionsLine(site);
  const html = layout(
    `${parts.headline} ${no}`,
    `<h1 style="${font}font-size:22px;margin:0 0 8px;">${escapeHtml(parts.headline)}</h1>
${paragraph(`<strong>Order number:</strong> ${no}`)}
${parts.html.map(paragraph).join('\n')}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${itemRowsHtml(lines)}</table>
${page ? paragraph(`${link(page, 'View your order')}`) : ''}
${questions?.html ?? ''}
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
    ...(questions ? ['', questions.text] : []),
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
