import { escapeHtml } from '../../platform/html';
import type { Mail } from '../../platform/mailer';

/** What the recipient's e-mail and the buyer's copy say of a card. */
export type CardMailFacts = {
  siteName: string;
  shopUrl: string;
  balanceUrl: string;
  /** "$50.00" */
  amount: string;
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  message: string;
  /** the code as printed ("WXYZ-ABCD-EFGH-JKLM") */
  code: string;
  last4: string;
  /** the photo's display image (absolute), or null when it is no longer public */
  imageUrl: string | null;
};

const font = 'font-family:Georgia,serif;';
const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="margin:0;padding:16px 8px;background:#f4f4f0;"><div style="max-width:600px;margin:0 auto;background:#fff;border-radius:6px;padding:20px 16px;${font}color:#222;">${body}</div></body></html>`;

const messageHtml = (message: string) =>
  message
    ? `<blockquote style="margin:16px 0;padding:8px 16px;border-left:3px solid #2e6b3a;font-style:italic;">${message
        .split('\n')
        .map((l) => escapeHtml(l))
        .join('<br>')}</blockquote>`
    : '';

/** The recipient's e-mail: the photo, the amount, the message, the code and where to use it (the PDF attached). */
export function recipientMail(f: CardMailFacts): Omit<Mail, 'attachments'> {
  const subject = `${f.senderName} sent you a ${f.amount} gift card from ${f.siteName}`;
  const text = [
    `Hi ${f.recipientName},`,
    '',
    `${f.senderName} sent you a gift card for ${f.amount} to spend at ${f.siteName}.`,
    ...(f.message ? ['', f.message] : []),
    '',
    `Your gift card code: ${f.code}`,
    '',
    `Use it at checkout: ${f.shopUrl}`,
    `Check its balance: ${f.balanceUrl}`,
    '',
    'A printable card is attached (PDF).',
  ].join('\n');
  const html = page(
    subject,
    `${f.imageUrl ? `<img src="${escapeHtml(f.imageUrl)}" alt="" style="display:block;max-width:100%;height:auto;margin:0 auto 16px;border-radius:4px;">` : ''}<p style="font-size:15px;">Hi ${escapeHtml(f.recipientName)},</p><p style="font-size:15px;">${escapeHtml(f.senderName)} sent you a gift card for <strong>${escapeHtml(f.amount)}</strong> to spend at ${escapeHtml(f.siteName)}.</p>${messageHtml(f.message)}<p style="font-size:13px;color:#555;margin:16px 0 4px;">Your gift card code</p><p style="font-family:Menlo,Consolas,monospace;font-size:22px;letter-spacing:1px;margin:0 0 16px;"><strong>${escapeHtml(f.code)}</strong></p><p style="font-size:15px;"><a href="${escapeHtml(f.shopUrl)}" style="color:#2e6b3a;">Use it at checkout</a> &middot; <a href="${escapeHtml(f.balanceUrl)}" style="color:#2e6b3a;">Check its balance</a></p><p style="font-size:13px;color:#555;">A printable card is attached (PDF).</p>`,
  );
  return { to: f.recipientEmail, subject, text, html };
}

/** The buyer's copy once it is sent: to whom and when, the last 4 of the code only. */
export function buyerCopyMail(f: CardMailFacts, buyer: { email: string; name: string }): Mail {
  const first = f.recipientName.split(/\s+/)[0] || f.recipientName;
  const subject = `Your gift card to ${first} was sent`;
  const text = [
    `Hi ${buyer.name},`,
    '',
    `Your ${f.amount} gift card to ${f.recipientName} (${f.recipientEmail}) was sent just now.`,
    `Its code ends in ${f.last4}.`,
    '',
    `${f.siteName}: ${f.shopUrl}`,
  ].join('\n');
  const html = page(
    subject,
    `<p style="font-size:15px;">Hi ${escapeHtml(buyer.name)},</p><p style="font-size:15px;">Your <strong>${escapeHtml(f.amount)}</strong> gift card to ${escapeHtml(f.recipientName)} (${escapeHtml(f.recipientEmail)}) was sent just now.</p><p style="font-size:15px;">Its code ends in <strong>${escapeHtml(f.last4)}</strong>.</p><p style="font-size:15px;"><a href="${escapeHtml(f.shopUrl)}" style="color:#2e6b3a;">${escapeHtml(f.siteName)}</a></p>`,
  );
  return { to: buyer.email, subject, text, html };
}
