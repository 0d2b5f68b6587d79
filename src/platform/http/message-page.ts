import type { Response } from 'express';
import { escapeHtml } from '../html';

export type MessagePage = {
  siteName: string;
  title: string;
  message: string;
  /** how the message is announced: 'alert' for a refusal, 'status' (default) for news */
  role?: 'alert' | 'status';
  /** a button that POSTs to `action` (confirm, unsubscribe, stop): never done on a GET, which link scanners make */
  button?: { action: string; label: string; oneClick?: boolean };
};

/**
 * A link's answer as a small page in the site's colours and type (web/src/styles/base.css),
 * rendered without the web app: the links (a download, a newsletter's confirmation or
 * unsubscribe, a cart reminder's stop) are opened from an e-mail, often on a phone, and must say
 * what happened even when nothing else of the shop loads. Never cached, never indexed, and the
 * token in its address is never sent on as a referrer.
 */
export function sendMessagePage(res: Response, status: number, page: MessagePage): void {
  const title = escapeHtml(page.title);
  const form = page.button
    ? `<form method="post" action="${escapeHtml(page.button.action)}">${page.button.oneClick ? '<input type="hidden" name="List-Unsubscribe" value="One-Click">' : ''}<button type="submit">${escapeHtml(page.button.label)}</button></form>`
    : '';
  res
    .status(status)
    .type('html')
    .set('Cache-Control', 'no-store')
    .set('X-Robots-Tag', 'noindex')
    .set('Referrer-Policy', 'no-referrer')
    .send(
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} | ${escapeHtml(page.siteName)}</title>
<style>
body{margin:0;background:#faf8f3;color:#1f2622;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;line-height:1.5}
header{background:#2e4b3c;color:#fff;padding:16px 24px;font-family:Georgia,'Times New Roman',serif;font-size:20px}
header a{color:#fff;text-decoration:none}
main{max-width:560px;margin:48px auto;padding:0 24px}
h1{font-family:Georgia,'Times New Roman',serif;font-weight:normal;font-size:28px;margin:0 0 16px}
p{color:#4d5750;font-size:17px}
a{color:#2e4b3c}
button{font:inherit;font-size:17px;background:#2e4b3c;color:#fff;border:0;border-radius:4px;padding:12px 24px;min-height:48px;cursor:pointer}
button:focus-visible{outline:3px solid #c9a86a;outline-offset:2px}
</style></head>
<body><header><a href="/">${escapeHtml(page.siteName)}</a></header>
<main><h1>${title}</h1><p role="${page.role ?? 'status'}">${escapeHtml(page.message)}</p>${form}<p><a href="/">Back to the shop</a></p></main></body></html>`,
    );
}
