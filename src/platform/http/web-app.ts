import express, { type Express, type Request } from 'express';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createPagePreloads } from './page-preloads';

/** Extra <head> markup for a page path (share tags for crawlers), or null. */
export type HeadProvider = (req: Request) => Promise<string | null>;
/** Markup painted inside #root before the app's script runs (replaced when the app starts), or null. */
export type ShellProvider = (req: Request) => Promise<string | null>;

/**
 * Serves the built PWA: hashed assets cached for a year, index.html never cached, and an SPA
 * fallback for page routes that never answers for /api (those stay JSON 404s).
 */
export function serveWebApp(
  app: Express,
  distDir: string,
  headProviders: HeadProvider[] = [],
  shellProviders: ShellProvider[] = [],
): void {
  const indexPath = path.join(distDir, 'index.html');
  app.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
      index: false,
    }),
  );
  app.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res, file) => {
        // the service worker and manifest must be re-checked on every visit so updates arrive
        res.setHeader(
          'Cache-Control',
          /sw\.js$|workbox-|manifest|\.html$/.test(file) ? 'no-cache' : 'public, max-age=86400',
        );
      },
    }),
  );
  // Re-read index.html when a new build replaces it, so a redeploy needs no restart.
  let template: { html: string; mtimeMs: number } | null = null;
  const pagePreloads = createPagePreloads(distDir);
  app.get(/^(?!\/api\/|\/api$).*/, async (req, res, next) => {
    if (!req.accepts('html')) return next();
    const stat = statSync(indexPath, { throwIfNoEntry: false });
    if (!stat) return next();
    if (!template || template.mtimeMs !== stat.mtimeMs) {
      template = { html: readFileSync(indexPath, 'utf8'), mtimeMs: stat.mtimeMs };
    }
    let head = '';
    for (const provide of headProviders) {
      const extra = await provide(req);
      if (extra) {
        head = extra;
        break;
      }
    }
    // A provider's title and description replace the generic ones, so crawlers see one of each.
    let page = template.html;
    if (head.includes('<title>')) page = page.replace(/<title>.*?<\/title>/s, '');
    if (head.includes('name="description"')) page = page.replace(/<meta\s+name="description"[^>]*>/i, '');
    head = [head, pagePreloads(req.path)].filter(Boolean).join('\n');
    if (head) page = page.replace('</head>', `${head}\n</head>`);
    for (const provide of shellProviders) {
      const shell = await provide(req);
      if (shell) {
        page = page.replace('<div id="root">', `<div id="root">${shell}`);
        break;
      }
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(page);
  });
}
