import type { Response } from 'express';
import { escapeHtml } from '../../platform/html';

/** The stop page's one button: a form posting back to the same address. */
export const stopForm = (action: string) =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit">Stop reminders</button></form>`;

/**
 * A reminder link's page (stop, or a link not known), opened from an e-mail, often on a phone: a
 * small page in the site's colours, rendered without the web app. Never cached, never indexed.
 */
export function sendReminderPage(
  res: Response,
  status: number,
  siteName: string,
  page: { title: string; message: string; form?: string },
): void {
  const title = escapeHtml(page.title);
  res
    .status(status)
    .type('html')
    .set('Cache-Control', 'no-store')
    .set('X-Robots-Tag', 'noindex')
    .set('Referrer-Policy', 'no-referrer')
    .send(
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} | ${escapeHtml(siteName)}</title>
<style>
body{margin:0;background:#faf8f3;color:#1f2622;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;line-height:1.5}
header{background:#2e4b3c;color:#fff;padding:16px 24px;font-family:Georgia,'Times New Roman',serif;font-size:20px}
header a{color:#fff;text-decoration:none}
main{max-width:560px;margin:48px auto;padding:0 24px}
h1{font-family:Georgia,'Times New Roman',serif;font-weight:normal;font-size:28px;margin:0 0 16px}
p{color:#4d5750;font-size:17px}
a{color:#2e4b3c}
button{background:#2e4b3c;color:#fff;border:0;border-radius:4px;padding:12px 20px;font-size:17px;min-height:48px;cursor:pointer}
</style></head>
<body><header><a href="/">${escapeHtml(siteName)}</a></header>
<main><h1>${title}</h1><p role="status">${escapeHtml(page.message)}</p>${page.form ?? ''}<p><a href="/">Back to the shop</a></p></main></body></html>`,
    );
}
