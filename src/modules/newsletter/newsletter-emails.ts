import { escapeHtml } from '../../platform/html';
import type { Mail } from '../../platform/mailer';
import { richTextToPlain } from '../../platform/rich-text';

/** The shop and the subscriber's own links, for every newsletter e-mail. */
export type MailLinks = { siteName: string; shopUrl: string; unsubscribeUrl: string };

const font = 'font-family:Georgia,serif;';
const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="margin:0;padding:16px 8px;background:#f4f4f0;"><div style="max-width:600px;margin:0 auto;background:#fff;border-radius:6px;padding:20px 16px;${font}color:#222;font-size:15px;line-height:1.5;">${body}</div></body></html>`;

const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" style="color:#2e6b3a;">${escapeHtml(text)}</a>`;

/**
 * RFC 2369 and RFC 8058: a mail client's own "Unsubscribe" button, which POSTs
 * `List-Unsubscribe=One-Click` to the link (no session, no page, no cookies).
 */
export const unsubscribeHeaders = (unsubscribeUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const footerHtml = (l: MailLinks, why: string) =>
  `<hr style="border:0;border-top:1px solid #ddd;margin:24px 0 12px;"><p style="font-size:13px;color:#555;">${escapeHtml(why)} ${link(l.unsubscribeUrl, 'Unsubscribe')} and you will never get another e-mail from this list.</p>`;

/** The double opt-in's e-mail: the link that confirms, and the one that says "never again". */
export function confirmationMail(to: string, confirmUrl: string, l: MailLinks): Mail {
  const subject = `Please confirm your subscription to ${l.siteName}`;
  const why = `Someone (we hope you) asked for e-mails about new work from ${l.siteName}. If it was not you, ignore this e-mail: nothing more will come unless the link is used.`;
  const text = [
    'Hello,',
    '',
    `Please confirm that you want an e-mail from ${l.siteName} when there is new work:`,
    confirmUrl,
    '',
    why,
    `Never e-mail this address again: ${l.unsubscribeUrl}`,
  ].join('\n');
  const html = page(
    subject,
    `<p>Hello,</p><p>Please confirm that you want an e-mail from ${escapeHtml(l.siteName)} when there is new work.</p><p style="margin:24px 0;"><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:#2e6b3a;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none;">Confirm my subscription</a></p><p style="font-size:13px;color:#555;">Or open this link: ${escapeHtml(confirmUrl)}</p>${footerHtml(l, why)}`,
  );
  return { to, subject, text, html, headers: unsubscribeHeaders(l.unsubscribeUrl) };
}

/** A "new work" e-mail: her text and photos, the shop's link and the visible way out. */
export function campaignMail(to: string, campaign: { subject: string; html: string }, l: MailLinks): Mail {
  const why = `You get this because you subscribed to e-mails about new work from ${l.siteName}.`;
  const text = [
    richTextToPlain(campaign.html),
    '',
    `${l.siteName}: ${l.shopUrl}`,
    '',
    why,
    `Unsubscribe: ${l.unsubscribeUrl}`,
  ].join('\n');
  const body = campaign.html.replace(
    /<img /g,
    '<img style="display:block;max-width:100%;height:auto;margin:16px auto;border-radius:4px;" ',
  );
  const html = page(
    campaign.subject,
    `${body}<p style="margin-top:24px;">${link(l.shopUrl, l.siteName)}</p>${footerHtml(l, why)}`,
  );
  return { to, subject: campaign.subject, text, html, headers: unsubscribeHeaders(l.unsubscribeUrl) };
}
