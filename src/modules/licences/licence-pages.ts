import type { Response } from 'express';
import { escapeHtml } from '../../platform/html';

/**
 * A download link's refusal as a small page in the site's colours and type (web/src/styles/base.css),
 * rendered here without the web app: the link is opened from an e-mail, often on a phone, and must
 * say why it does not work even when nothing else of the shop loads. Never cached, never indexed.
 */
export function sendMessagePage(
  res: Response,
  status: number,
  page: { siteName: string; title: string; message: string },
): void {
  const title = escapeHtml(page.title);
  res
    .status(status)
    .type('html')
    .set('Cache-Control', 'no-store')
    .set('X-Robots-Tag', 'noindex')
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
</style></head>
<body><header><a href="/">${escapeHtml(page.siteName)}</a></header>
<main><h1>${title}</h1><p role="alert">${escapeHtml(page.message)}</p><p><a href="/">Back to the shop</a></p></main></body></html>`,
    );
}
