import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml } from '../html';
import { APP_MODULES_ID, appModules, readViteManifest } from './app-modules';

/**
 * A server-rendered page, declared by the storefront module: its paths (as the web app's router has
 * them) and whether it is the same for every visitor ('shared': kept by the response cache and
 * revalidated, `no-cache`) or one visitor's ('private', the buyer's order page: `no-store`, kept out
 * of search engines and referrers).
 */
export type PageSpec = { paths: string[]; cache: 'shared' | 'private' };

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
  /** `modules`: what the page runs to become interactive (keys of the client build's manifest). */
  render(
    url: string,
    data: { origin: string; queries: unknown[] },
  ): Promise<{ head: string; root: string; data: string; modules: string[] }>;
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

/** Files re-read when a new build replaces any of them, so a redeploy needs no restart. */
function watched<T>(files: string[], load: () => T) {
  let cached: { value: T; key: string } | null = null;
  return (): T | null => {
    const stats = files.map((file) => statSync(file, { throwIfNoEntry: false }));
    if (stats.some((stat) => !stat)) return null;
    const key = stats.map((stat) => stat!.mtimeMs).join();
    if (!cached || cached.key !== key) cached = { value: load(), key };
    return cached.value;
  };
}

/** The names a deployment gives its shop (SITE_NAME, PHOTOGRAPHER_NAME), read at run time. */
export type SiteNames = { siteName: string; photographerName: string };

/**
 * The installed app's short name (launchers show about 12 characters): the site name's leading
 * words that fit ('Refuge Light Photography' becomes 'Refuge Light'), else its first 12 characters.
 */
export function shortNameOf(siteName: string): string {
  const name = siteName.trim().replace(/\s+/g, ' ');
  if (name.length <= 12) return name;
  let short = '';
  for (const word of name.split(' ')) {
    const longer = short ? `${short} ${word}` : word;
    if (longer.length > 12) break;
    short = longer;
  }
  return short || name.slice(0, 12).trim();
}

/** The revision workbox-build gives a precached file: the MD5 of its bytes. */
const revisionOf = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * The built files that carry the shop's names, filled in from the configuration when served, so
 * one image serves any shop: the build writes `{{siteName}}`, `{{shortName}}` and
 * `{{photographerName}}` into index.html (escaped for HTML here) and manifest.webmanifest (as
 * JSON strings here). The service worker precaches both by revision: sw.js is served with the
 * revisions of the files as served, so a new name reaches installed apps as a new build does.
 */
export function createWebAppFiles(distDir: string, names: SiteNames) {
  const values: Record<string, string> = {
    siteName: names.siteName,
    shortName: shortNameOf(names.siteName),
    photographerName: names.photographerName,
  };
  const fill = (text: string, encode: (value: string) => string) =>
    text.replace(/\{\{(siteName|shortName|photographerName)\}\}/g, (_match, name: string) =>
      encode(values[name]),
    );
  const indexFile = path.join(distDir, 'index.html');
  const manifestFile = path.join(distDir, 'manifest.webmanifest');
  const swFile = path.join(distDir, 'sw.js');
  const viteManifestFile = path.join(distDir, '.vite/manifest.json');

  const shell = watched([indexFile], () => {
    const html = fill(readFileSync(indexFile, 'utf8'), escapeHtml);
    return { html, rendered: inlineStylesheets(html, distDir) };
  });
  const manifest = watched([manifestFile], () =>
    JSON.stringify(JSON.parse(readFileSync(manifestFile, 'utf8')), (_key, value: unknown) =>
      typeof value === 'string' ? fill(value, (name) => name) : value,
    ),
  );
  const served: Record<string, () => string | null> = {
    'index.html': () => shell()?.html ?? null,
    'manifest.webmanifest': manifest,
  };
  const serviceWorker = watched([swFile, indexFile, manifestFile], () =>
    readFileSync(swFile, 'utf8').replace(
      /(["']?url["']?\s*:\s*["'])(index\.html|manifest\.webmanifest)(["']\s*,\s*["']?revision["']?\s*:\s*["'])[0-9a-f]+(?=["'])/g,
      (match, head: string, url: string, middle: string) => {
        const body = served[url]();
        return body === null ? match : `${head}${url}${middle}${revisionOf(body)}`;
      },
    ),
  );
  const viteManifest = watched([viteManifestFile], () => readViteManifest(viteManifestFile));
  return { shell, manifest, serviceWorker, viteManifest };
}

export type WebAppFiles = ReturnType<typeof createWebAppFiles>;

/**
 * Renders storefront pages on the server: the route's data read in-process,
 * then the same React components the browser hydrates, into dist/web/index.html. The admin (and
 * any page when the server build is missing) gets index.html with the shop's names, rendered in
 * the browser. `renderPage(path)` is one pure function of the path, the same for every visitor:
 * cacheable.
 */
export function createPageRenderer({
  files,
  serverDir,
  pageData,
  origin,
}: {
  files: WebAppFiles;
  serverDir: string;
  pageData: PageDataSource;
  origin: string;
}) {
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

  /** `extraQueries`: answers only this rendering has (a form post's result, contact.routes.ts). */
  return async function renderPage(
    pathname: string,
    extraQueries: unknown[] = [],
  ): Promise<RenderedPage | null> {
    const shell = files.shell();
    if (!shell) return null;
    const ssr = await ssrEntry();
    const { html } = shell;
    const { page, params } = ssr?.routeFor(pathname) ?? { page: 'admin', params: {} };
    if (!ssr || page === 'admin') return { status: 200, html };
    const data = await pageData(page, params);
    if ('redirect' in data) return { redirect: data.redirect };
    const rendered = await ssr.render(pathname, { origin, queries: [...data.queries, ...extraQueries] });
    // The page's modules (its islands, or the app) as preloads main.tsx adds when it starts, all at
    // once: inert in a <template> until then, so they never share the bandwidth with the page's images.
    const viteManifest = files.viteManifest();
    const preloads = viteManifest ? appModules(viteManifest, rendered.modules) : [];
    const modules = `<template id="${APP_MODULES_ID}">${preloads
      .map((href) => `<link rel="modulepreload" href="${href}" />`)
      .join('')}</template>`;
    // The page's own title and description replace the defaults, so crawlers see one of each.
    return {
      status: data.status,
      html: shell.rendered
        .replace(/<title>.*?<\/title>/s, '')
        .replace(/<meta\s+name="description"[^>]*>/, '')
        .replace('<!--app-head-->', () => rendered.head + modules)
        .replace('<!--app-root-->', () => rendered.root)
        .replace('<!--app-data-->', () => rendered.data),
    };
  };
}

/**
 * The browser's prefetch of the next storefront page (the Speculation Rules API, named by a header
 * on every rendered page, so it needs no inline script under the CSP): a same-site link is fetched
 * once the pointer rests on it (or is pressed: 'moderate'), so the plain navigation that follows
 * finds the server's page already in. Never the admin, checkout, an order or a certificate's or a
 * licence's check (private or state-changing), nor the API and media. Browsers without the API
 * navigate as usual.
 */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';
const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          {
            not: {
              href_matches: [
                '/admin',
                '/admin/*',
                '/checkout',
                '/orders/*',
                '/verify/*',
                '/licences/verify/*',
                '/api/*',
                '/media/*',
              ],
            },
          },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});

/** A file made at run time (WebAppFiles), re-checked on every visit; its ETag answers 304s. */
const servedFile =
  (type: string, body: () => string | null): RequestHandler =>
  (_req, res, next) => {
    const text = body();
    if (text === null) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.type(type).send(text);
  };

/**
 * Serves the built PWA: hashed assets cached for a year, the service worker and manifest
 * re-checked on every visit, and every page route (never /api) as HTML rendered on the server,
 * with its status (404 for unknown paths and missing photos). The response cache (app.ts) keeps
 * the storefront's 200 pages as finished compressed bytes with their ETag, until an admin write.
 * index.html, the manifest and the service worker carry the shop's names (createWebAppFiles).
 */
export function serveWebApp(
  app: Express,
  distDir: string,
  files: WebAppFiles,
  renderPage: (pathname: string, extraQueries?: unknown[]) => Promise<RenderedPage | null>,
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
  app.get(
    '/index.html',
    servedFile('html', () => files.shell()?.html ?? null),
  );
  app.get('/manifest.webmanifest', servedFile('application/manifest+json', files.manifest));
  app.get('/sw.js', servedFile('text/javascript', files.serviceWorker));
  app.get(
    SPECULATION_RULES_PATH,
    servedFile('application/speculationrules+json', () => SPECULATION_RULES),
  );
  app.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res, file) => {
        // the service worker, the scripts it imports under unchanging names (workbox-*.js,
        // upload-sync.js) and the manifest are re-checked on every visit so updates arrive
        res.setHeader(
          'Cache-Control',
          /sw\.js$|workbox-|upload-sync\.js$|manifest|\.html$/.test(file)
            ? 'no-cache'
            : 'public, max-age=86400',
        );
      },
    }),
  );
  app.get(/^(?!\/api\/|\/api$).*/, async (req, res, next) => {
    if (!req.accepts('html')) return next();
    const page = await renderPage(req.path);
    if (!page) return next();
    if ('redirect' in page) return res.redirect(302, page.redirect);
    res.setHeader('Speculation-Rules', `"${SPECULATION_RULES_PATH}"`);
    // a route may ask for less caching (the buyer's order page: no-store)
    if (!res.getHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-cache');
    res.status(page.status).type('html').send(page.html);
  });
  // A page that answers a form posted without JavaScript (the contact form): the module's route
  // before this one handled the post, set the status and left the result for the page in
  // res.locals.pageQueries. Any other POST goes on to the 404.
  app.post(/^(?!\/api\/|\/api$).*/, async (req, res, next) => {
    const queries: unknown = res.locals.pageQueries;
    if (!Array.isArray(queries)) return next();
    const page = await renderPage(req.path, queries);
    if (!page || 'redirect' in page) return next();
    res.type('html').send(page.html);
  });
}

/** A path no page has: the renderer answers it with the storefront's not-found page (404). */
const NO_PAGE_PATH = '/404';

/**
 * A page address whose escape is broken (`/verify/%ZZ`): Express cannot decode a route's
 * parameters and throws a URIError (400). A browser asking a page gets the storefront's
 * not-found page, 404, as for any missing page; /api addresses and other clients keep the JSON
 * error (error-handler.ts).
 */
export function badEscapeAsMissingPage(
  renderPage: (pathname: string) => Promise<RenderedPage | null>,
): ErrorRequestHandler {
  return (err, req, res, next) => {
    const page = (req.method === 'GET' || req.method === 'HEAD') && !/^\/api(\/|$)/i.test(req.path);
    if (!(err instanceof URIError) || !page || res.headersSent || !req.accepts('html')) return next(err);
    renderPage(NO_PAGE_PATH).then((rendered) => {
      if (!rendered || 'redirect' in rendered) return next(err);
      res.setHeader('Cache-Control', 'no-store');
      res.status(404).type('html').send(rendered.html);
    }, next);
  };
}
