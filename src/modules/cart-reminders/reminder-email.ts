import { escapeHtml } from '../../platform/html';
import type { Mail } from '../../platform/mailer';

/** One line of the cart as the reminder shows it. */
export type ReminderLine = {
  title: string;
  /** "12x18 Fine Art Paper", "Personal use, 3000 px", "Gift card for Ann" */
  detail: string;
  quantity: number;
  /** "$95.00" */
  price: string;
  /** the photo's thumbnail, absolute, or null */
  imageUrl: string | null;
};

export type ReminderFacts = {
  siteName: string;
  shopUrl: string;
  restoreUrl: string;
  stopUrl: string;
  lines: ReminderLine[];
  /** "$190.00" */
  subtotal: string;
};

const font = 'font-family:Georgia,serif;';
const button =
  'display:inline-block;background:#2e4b3c;color:#fff;text-decoration:none;padding:12px 20px;border-radius:4px;';

function lineHtml(l: ReminderLine): string {
  const image = l.imageUrl
    ? `<td style="width:72px;padding:8px 12px 8px 0;vertical-align:top;"><img src="${escapeHtml(l.imageUrl)}" alt="" width="72" style="display:block;width:72px;height:auto;border-radius:3px;"></td>`
    : '';
  const quantity = l.quantity > 1 ? ` &times; ${l.quantity}` : '';
  return `<tr>${image}<td style="padding:8px 0;vertical-align:top;"><strong>${escapeHtml(l.title)}</strong><br><span style="color:#555;">${escapeHtml(l.detail)}${quantity}</span></td><td style="padding:8px 0 8px 12px;text-align:right;vertical-align:top;white-space:nowrap;">${escapeHtml(l.price)}</td></tr>`;
}

/**
 * The one reminder: what is in the cart, a link that puts it back and a link that stops
 * reminders (also as List-Unsubscribe, one click by POST: RFC 8058).
 */
export function reminderMail(f: ReminderFacts, to: string): Mail {
  const subject = `You left something in your cart at ${f.siteName}`;
  const text = [
    'Hi,',
    '',
    `You asked us to remind you: your cart at ${f.siteName} still holds:`,
    '',
    ...f.lines.map((l) => `- ${l.title}, ${l.detail}${l.quantity > 1 ? ` x ${l.quantity}` : ''}: ${l.price}`),
    '',
    `Subtotal: ${f.subtotal}`,
    '',
    `Pick up where you left off: ${f.restoreUrl}`,
    '',
    'This is the only reminder we send for this cart.',
    `Don't want reminders? Stop them here: ${f.stopUrl}`,
    '',
    f.siteName,
    f.shopUrl,
  ].join('\n');
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:16px 8px;background:#f4f4f0;"><div style="max-width:600px;margin:0 auto;background:#fff;border-radius:6px;padding:20px 16px;${font}color:#222;">
<p>Hi,</p>
<p>You asked us to remind you: your cart at ${escapeHtml(f.siteName)} still holds:</p>
<table role="presentation" style="width:100%;border-collapse:collapse;">${f.lines.map(lineHtml).join('')}
<tr><td colspan="3" style="border-top:1px solid #ddd;padding-top:8px;text-align:right;">Subtotal: <strong>${escapeHtml(f.subtotal)}</strong></td></tr></table>
<p style="margin:24px 0;"><a href="${escapeHtml(f.restoreUrl)}" style="${button}">Return to your cart</a></p>
<p style="color:#555;font-size:14px;">This is the only reminder we send for this cart. Don't want reminders? <a href="${escapeHtml(f.stopUrl)}" style="color:#2e4b3c;">Stop them</a>.</p>
<p style="color:#555;font-size:14px;"><a href="${escapeHtml(f.shopUrl)}" style="color:#2e4b3c;">${escapeHtml(f.siteName)}</a></p>
</div></body></html>`;
  return {
    to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${f.stopUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
