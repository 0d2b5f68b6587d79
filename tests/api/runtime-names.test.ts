import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_NAME } from '../../src/config';
import { createTestApp, type TestApp } from '../support/test-app';

// SITE_NAME and PHOTOGRAPHER_NAME are read when the server starts, not baked into the build: one
// build (one Docker image) serves any shop. Needs `npm run build` (npm test builds first).
const built =
  existsSync(path.resolve('dist/web/sw.js')) && existsSync(path.resolve('dist/server/entry-server.js'));
const SITE = 'Marsh Light Prints';

let app: TestApp;

beforeAll(async () => {
  expect(built, 'run npm run build').toBe(true);
  app = await createTestApp({ SITE_NAME: SITE, PHOTOGRAPHER_NAME: 'Ann Heron' });
});
afterAll(() => app?.close());

const html = { accept: 'text/html' };
const titlesOf = (page: string) => [...page.matchAll(/<title>(.*?)<\/title>/gs)].map((m) => m[1]);
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('the shop names come from the configuration at run time', () => {
  it('serves the web app manifest with the configured name and short name', async () => {
    const res = await app.client().get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const text = await res.text();
    expect(text).not.toContain('{{');
    const manifest = JSON.parse(text) as {
      name: string;
      short_name: string;
      start_url: string;
      icons: unknown[];
      screenshots: { label: string }[];
    };
    expect(manifest.name).toBe(SITE);
    expect(manifest.short_name).toBe('Marsh Light');
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.length).toBeGreaterThan(0);
    expect(manifest.screenshots.map((s) => s.label)).toEqual([
      `${SITE}: the portfolio on a phone`,
      `${SITE}: the portfolio on a desktop`,
    ]);
    // revalidated by its ETag, as a browser does (fetch() would add "no-cache" to a manual If-None-Match)
    const again = await app.client().get('/manifest.webmanifest', {
      'if-none-match': res.headers.get('etag')!,
      'cache-control': 'max-age=0',
    });
    expect(again.status).toBe(304);
  });

  it('serves the HTML shell (admin, /index.html) with the configured title', async () => {
    for (const url of ['/admin', '/index.html']) {
      const res = await app.client().get(url, html);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await res.text();
      expect(titlesOf(page)).toEqual([SITE]);
      expect(page).not.toContain('{{');
    }
  });

  it('renders storefront pages with the configured names', async () => {
    const res = await app.client().get('/about', html);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(titlesOf(page)).toEqual([expect.stringContaining(SITE)]);
    expect(page).toContain('Ann Heron');
    expect(page).not.toContain('{{');
    expect(page).not.toContain('Refuge Light');
  });

  it('serves the service worker with the precache revisions of the files as they are served', async () => {
    const c = app.client();
    const sw = await c.get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const script = await sw.text();
    const shell = await (await c.get('/index.html', html)).text();
    const manifest = await (await c.get('/manifest.webmanifest')).text();
    // {url:"index.html",revision:"..."} minified, or with quoted keys and line breaks
    const revision = (url: string) =>
      new RegExp(
        `["']?url["']?\\s*:\\s*["']${url.replace('.', '\\.')}["']\\s*,\\s*["']?revision["']?\\s*:\\s*["']([0-9a-f]+)["']`,
      ).exec(script)?.[1];
    expect(revision('index.html')).toBe(md5(shell));
    expect(revision('manifest.webmanifest')).toBe(md5(manifest));
  });

  it('precaches no wall preview or model-viewer chunk: a first visit skips ~1 MB, the first use caches them', async () => {
    const script = await (await app.client().get('/sw.js')).text();
    const precached = [...script.matchAll(/["']?url["']?\s*:\s*["']([^"']+)["']/g)].map((m) => m[1]);
    expect(precached).toContain('index.html');
    expect(precached.filter((url) => /wall-preview|model-viewer/.test(url))).toEqual([]);
    // the chunks are built, and the service worker's cache-first rule for /assets/ keeps them
    const lazy = readdirSync(path.resolve('dist/web/assets')).filter((f) =>
      /^(wall-preview|model-viewer)-[\w-]+\.js$/.test(f),
    );
    expect(lazy).toHaveLength(2);
    expect(script).toMatch(/CacheFirst\([^)]*cacheName\s*:\s*["']wildframe-assets["']/);
  });

  it('serves the scripts the service worker imports as JavaScript, re-checked on every visit', async () => {
    const c = app.client();
    const script = await (await c.get('/sw.js')).text();
    const imported = [
      ...[...script.matchAll(/importScripts\("([^"]+)"\)/g)].map((m) => m[1]),
      ...[...script.matchAll(/define\(\["\.\/(workbox-[\w-]+)"\]/g)].map((m) => `/${m[1]}.js`),
    ];
    // the batch queue's Background Sync (vite.upload-sync.config.ts) and workbox's runtime
    expect(imported).toEqual(['/upload-sync.js', expect.stringMatching(/^\/workbox-/)]);
    for (const file of imported) {
      const res = await c.get(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(/^text\/javascript/);
      // an unchanging name cached for a day would keep an installed app on the old code
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
    expect(await (await c.get('/upload-sync.js')).text()).toContain('wildframe-uploads');
  });
});

describe('with SITE_NAME unset', () => {
  let shop: TestApp;
  beforeAll(async () => void (shop = await createTestApp({ SITE_NAME: '', PHOTOGRAPHER_NAME: '' })));
  afterAll(() => shop?.close());

  // issue 51: the demo's name is the demo's alone (it sets SITE_NAME); a shop that set none is no one's
  it('names no demo shop on any page, the manifest, the site answer or the shell', async () => {
    const c = shop.client();
    const pages = ['/', '/portfolio', '/about', '/contact', '/admin', '/manifest.webmanifest'];
    for (const url of [...pages, '/api/site']) {
      const text = await (await c.get(url, html)).text();
      expect(text, url).not.toContain('Refuge Light');
      expect(text, url).toContain(DEFAULT_SITE_NAME);
    }
    expect(DEFAULT_SITE_NAME).toBe('Fine Art Photography');
  });
});
