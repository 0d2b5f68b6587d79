import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { APPLE_TOUCH_ICON, manifestIcons, manifestScreenshots, pwaAssets } from './scripts/pwa-assets.ts';
import { palette } from './web/src/lib/palette.ts';
import { appChunk, islandsChunk } from './scripts/app-chunk.ts';
import { storefrontPrecache } from './scripts/precache.ts';

const webSource = (file: string) => fileURLToPath(new URL(`./web/src/${file}`, import.meta.url));
/** `@shared/...`: the pure code the server and the web app both run (src/shared). */
const sharedAlias = { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) };

/** Pages only some visitors open, with chunks of their own: kept out of the app chunk and the precache. */
const privatePage = /\/features\/(admin|checkout|order-status)\//;
/** Loaded on first use, never precached: those pages and the wall preview (model-viewer, ~1 MB). */
const onFirstUse = (source: string) => privatePage.test(source) || /\/wall-preview\//.test(source);

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/media/', '/healthz', '/sitemap.xml', '/robots.txt'];

// The shop's names are run-time settings (SITE_NAME, PHOTOGRAPHER_NAME), not build inputs: the build
// writes these placeholders into index.html and manifest.webmanifest, and the server fills them in
// from its configuration when it serves them (src/platform/http/web-app.ts, createWebAppFiles).
const SITE_NAME = '{{siteName}}';
const SHORT_NAME = '{{shortName}}';
// `vite` (dev) serves index.html itself: its title uses the dev API's name (config.ts's
// DEFAULT_SITE_NAME when unset; a copy: Vite's config loader does not take that file's imports).
const devSiteName = process.env.SITE_NAME?.trim() || 'Fine Art Photography';

const DAY_S = 24 * 60 * 60;

type RuntimeCaching = NonNullable<NonNullable<VitePWAOptions['workbox']>['runtimeCaching']>[number];

/** A service-worker route for GETs: only 200s are kept, at most `maxEntries` of them, for 30 days. */
const cachedGets = (
  urlPattern: RuntimeCaching['urlPattern'],
  handler: 'NetworkFirst' | 'CacheFirst',
  cacheName: string,
  maxEntries: number,
  options: RuntimeCaching['options'] = {},
): RuntimeCaching => ({
  urlPattern,
  handler,
  method: 'GET',
  options: {
    cacheName,
    ...options,
    expiration: { maxEntries, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true },
    cacheableResponse: { statuses: [200] },
  },
});

const proxy = () =>
  Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }]));

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  resolve: { alias: sharedAlias },
  plugins: [
    react(),
    {
      // Dev only: the built index.html keeps its {{siteName}} placeholder for the server to fill.
      name: 'site-name-in-dev-html',
      apply: 'serve',
      transformIndexHtml: (html: string) =>
        html.replaceAll(
          SITE_NAME,
          devSiteName.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
        ),
    },
    // The server bundle (web/src/entry-server.tsx) needs neither icons nor a service worker.
    !isSsrBuild &&
      pwaAssets({
        source: fileURLToPath(new URL('./web/public-src/icon.svg', import.meta.url)),
        colours: palette,
      }),
    VitePWA({
      // In the server build only its virtual modules are needed (they are never run there).
      disable: Boolean(isSsrBuild),
      strategies: 'generateSW',
      // A new build waits for the visitor's 'Reload' (web/src/app/pwa/update-prompt.tsx), and the
      // app registers the worker itself, lazily after load (web/src/app/pwa/), never inline.
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: SITE_NAME,
        short_name: SHORT_NAME,
        description:
          'Nature photography from a Washington, DC wildlife refuge. Browse the portfolio and order fine art prints.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: palette.forest,
        background_color: palette.paper,
        categories: ['photography', 'shopping'],
        icons: manifestIcons(),
        screenshots: manifestScreenshots(SITE_NAME),
      },
      workbox: {
        // What the storefront needs offline, and nothing else (scripts/precache.ts): the app shell,
        // the storefront's chunks, icons and the web manifest. The admin, checkout and order pages
        // and the wall preview (model-viewer) are left to the runtime /assets/ cache (cache first,
        // below): a first visit does not download them, their first use keeps them for offline.
        globPatterns: ['**/*.{js,css,html,svg}', APPLE_TOUCH_ICON],
        manifestTransforms: [
          storefrontPrecache(fileURLToPath(new URL('./dist/web', import.meta.url)), onFirstUse),
        ],
        // Pages are rendered by the server: documents go network-first (runtimeCaching below), so
        // an online visitor never sees stale HTML after an admin edit, and visited pages open offline.
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        // The batch upload queue's Background Sync: the worker sends the queue itself, also with
        // the app closed (built by vite.upload-sync.config.ts after this build).
        importScripts: ['/upload-sync.js'],
        // First install takes over the open page at once so its photos are cached for offline use;
        // later versions still wait for the visitor's 'Reload' (no skipWaiting).
        clientsClaim: true,
        runtimeCaching: [
          // Storefront pages (server-rendered, with their data): the network while it answers,
          // the copy from the last visit offline; a page never visited offline gets the app shell
          // (index.html), which renders in the browser from the saved API answers.
          cachedGets(
            ({ request, url, sameOrigin }) =>
              sameOrigin &&
              request.mode === 'navigate' &&
              !/^\/(api|admin|media)(\/|$)|^\/(sitemap\.xml|robots\.txt|healthz|readyz)$/.test(url.pathname),
            'NetworkFirst',
            'wildframe-pages',
            100,
            { precacheFallback: { fallbackURL: '/index.html' } },
          ),
          // Admin screens render in the browser: online the server's page, offline the precached
          // app shell with the admin's chunks from its last visits (the /assets/ route below), so
          // the installed admin opens without a connection and its batch queue (kept in
          // IndexedDB) can be filled.
          {
            urlPattern: ({ request, url, sameOrigin }) =>
              sameOrigin && request.mode === 'navigate' && /^\/admin(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            method: 'GET',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
          // The batch screen's limits and tus endpoint (no private data): kept for offline checks.
          cachedGets(
            ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/admin/upload-limits',
            'NetworkFirst',
            'wildframe-admin-upload-limits',
            1,
            { networkTimeoutSeconds: 4 },
          ),
          // Photo, logo and headshot images: addresses carry ?v=<version>, and a /media file never
          // changes (a new image is a new address), so cache first is safe. Media on another host
          // (PUBLIC_MEDIA_URL) is left to the browser: without CORS its answers are opaque.
          cachedGets(
            ({ url, sameOrigin }) =>
              sameOrigin &&
              /^\/(api\/(photos\/\d+\/(image|thumbnail)|logo\/image|about\/headshot)(\/|$)|media\/\d+\/[^/]+$)/.test(
                url.pathname,
              ),
            'CacheFirst',
            'wildframe-images',
            200,
          ),
          // Public catalog and content reads: fresh when the network answers within 4 s, else
          // the last copy. Nothing else under /api is matched, so the admin, cart, checkout,
          // payment, order and webhook calls always go to the network and are never cached.
          cachedGets(
            ({ url, sameOrigin }) =>
              sameOrigin &&
              /^\/api\/(photos(\/\d+(\/item-options)?)?|categories|about|faqs|logo|site|shipping-notice|item-options)$/.test(
                url.pathname,
              ),
            'NetworkFirst',
            'wildframe-api-reads',
            150,
            { networkTimeoutSeconds: 4 },
          ),
          // Hashed build files not in the precache (the admin's, checkout's, the wall preview's):
          // immutable, cache first; room for every chunk of two builds.
          cachedGets(
            ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            'CacheFirst',
            'wildframe-assets',
            250,
          ),
        ],
      },
    }),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // One stylesheet for the whole app (the storefront's static CSS is small): the server inlines
    // it into every rendered page, and no page chunk waits for a stylesheet of its own.
    cssCodeSplit: false,
    // No <link rel=modulepreload> added by script before each dynamic import: the server lists
    // every chunk a rendered page's app needs (src/platform/http/app-modules.ts), and main.tsx
    // preloads them all at once when the app starts.
    modulePreload: false,
    // The app's start-up code and what storefront pages share in one chunk (scripts/app-chunk.ts).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: islandsChunk(
                    webSource('main.tsx'),
                    webSource('islands/start-islands.tsx'),
                    webSource('islands/registry.ts'),
                  ),
                  debugName: 'islands',
                  includeDependenciesRecursively: false,
                },
                {
                  name: appChunk(
                    webSource('main.tsx'),
                    webSource('boot.tsx'),
                    webSource('app/router.tsx'),
                    (id) => privatePage.test(id),
                  ),
                  debugName: 'app',
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
    // The wall preview's 3D viewer (model-viewer with three.js: about 1 MB, 290 kB gzipped) is one
    // library, loaded only when a visitor opens the wall preview; split, three.js alone would still
    // be over Vite's 500 kB. Every other chunk stays under 500 kB: a new one over it still warns.
    chunkSizeWarningLimit: 1100,
    // `npm run bench` reads it to count the script each page loads (scripts/bench-pages.ts).
    manifest: !isSsrBuild,
    // Which chunk holds each source module: the server lists a page's islands' chunks from it
    // (src/platform/http/app-modules.ts, readViteManifest).
    ssrManifest: isSsrBuild ? false : '.vite/ssr-manifest.json',
    ...(isSsrBuild ? { outDir: '../dist/server', emptyOutDir: true, copyPublicDir: false } : {}),
  },
  // The server renderer bundles MUI's icons (a few KB of the ones we use) instead of importing the
  // 170 MB package at run time: production images then install without it.
  ssr: { noExternal: ['@mui/icons-material'] },
  server: { proxy: proxy() },
  preview: { proxy: proxy() },
}));
