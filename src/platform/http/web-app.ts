import express, { type Express } from 'express';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** A rendered page, or where its path moved. */
export type RenderedPage = { status: number; html: string } | { redirect: string };

/** What a page needs before rendering (src/modules/storefront), by page name and route parameters. */
export type PageDataSource = (
  page: string,
  params: Record<string, string | undefined>,
) => Promise<{ status: number; queries: unknown[] } | { redirect: string }>;

/** The server build of the web app (web/src/entry-server.tsx, built into dist/server). */
type SsrEntry = {
  routeFor(pathname: string): { page: string; params: Record<string, string | undefined> };
  render(
    url: string,
    data: { origin: string; queries: unknown[] },
  ): Promise<{ head: string; root: string; data: string }>;
};

/**
 * index.html with its stylesheets inlined: a rendered page paints from its first response, with no
 * render-blocking request (the storefront's CSS is one small file, web/src/styles + modules).
 */
function inlineStylesheets(html: string, distDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
    const css = readFileSync(path.join(distDir, file), 'utf8');
    return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
  });
}

/** A file re-read when a new build replaces it, so a redeploy needs no restart. */
function watched<T>(file: string, load: (file: string) => T) {
  let cached: { value: T; mtimeMs: number } | null = null;
  return async (): Promise<T | null> => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return null;
    if (!cached || cached.mtimeMs !== stat.mtimeMs) cached = { value: load(file), mtimeMs: stat.mtimeMs };
    return cached.value;
  };
}

/**
 * Renders storefront pages on the server: the route's data read in-process,
 * then the same React components the browser hydrates, into dist/web/index.html. The admin (and
 * any page when the server build is missing) gets index.html as it is, rendered in the browser.
 * `renderPage(path)` is one pure function of the path, the same for every visitor: cacheable.
 */
export function createPageRenderer({
  distDir,
  serverDir,
  pageData,
  origin,
}: {
  distDir: string;
  serverDir: string;
  pageData: PageDataSource;
  origin: string;
}) {
  const template = watched(path.join(distDir, 'index.html'), (file) => {
    const html = readFileSync(file, 'utf8');
    return { html, rendered: inlineStylesheets(html, distDir) };
  });
  // Imported once: its chunks import it back by its plain address, so a second copy (a new build)
  // would not share React contexts with them. A new server build needs a restart (as a deploy does).
  const entryFile = path.join(serverDir, 'entry-server.js');
  let ssrLoaded: Promise<SsrEntry> | null = null;
  const ssrEntry = async (): Promise<SsrEntry | null> => {
    if (!ssrLoaded && !statSync(entryFile, { throwIfNoEntry: false })) return null;
    ssrLoaded ??= import(pathToFileURL(entryFile).href) as Promise<SsrEntry>;
    return ssrLoaded;
  };
  // Loaded at start, not by the first visitor (React, MUI and the pages take a moment to import).
  void ssrEntry().catch(() => undefined);

  return async function renderPage(pathname: string): Promise<RenderedPage | null> {
    const [files, ssr] = await Promise.all([template(), ssrEntry()]);
    if (!files) return null;
    const { html } = files;
    const { page, params } = ssr?.routeFor(pathname) ?? { page: 'admin', params: {} };
    if (!ssr || page === 'admin') return { status: 200, html };
    const data = await pageData(page, params);
    if ('redirect' in data) return { redirect: data.redirect };
    const rendered = await ssr.render(pathname, { origin, queries: data.queries });
    // The page's own title and description replace the defaults, so crawlers see one of each.
    return {
      status: data.status,
      html: files.rendered
        .replace(/<title>.*?<\/title>/s, '')
        .replace(/<meta\s+name="description"[^>]*>/, '')
        .replace('<!--app-head-->', () => rendered.head)
        .replace('<!--app-root-->', () => rendered.root)
        .replace('<!--app-data-->', () => rendered.data),
    };
  };
}

/**
 * Serves the built PWA: hashed assets cached for a year, the service worker and manifest
 * re-checked on every visit, and every page route (never /api) as HTML rendered on the server,
 * with its status (404 for unknown paths and missing photos). The response cache (app.ts) keeps
 * the storefront's 200 pages as finished compressed bytes with their ETag, until an admin write.
 */
export function serveWebApp(
  app: Express,
  distDir: string,
  renderPage: (pathname: string) => Promise<RenderedPage | null>,
): void {
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
  app.get(/^(?!\/api\/|\/api$).*/, async (req, res, next) => {
    if (!req.accepts('html')) return next();
    const page = await renderPage(req.path);
    if (!page) return next();
    if ('redirect' in page) return res.redirect(302, page.redirect);
    // a route may ask for less caching (the buyer's order page: no-store)
    if (!res.getHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-cache');
    res.status(page.status).type('html').send(page.html);
  });
}
