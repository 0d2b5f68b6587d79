import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readViteManifest, type ViteManifest } from '../../src/platform/http/app-modules';
import { createTestApp, type TestApp } from '../support/test-app';
import { addPhoto, type CreatedPhoto } from '../support/catalog-fixtures';

// Issue 21 (10), issue 48: a rendered page lists every chunk it runs to become interactive (its
// islands, or the app), loaded in parallel instead of one chain of round trips. Needs the build.
const manifestFile = path.resolve('dist/web/.vite/manifest.json');

let app: TestApp;
let heron: CreatedPhoto;

beforeAll(async () => {
  expect(existsSync(manifestFile), 'run npm run build').toBe(true);
  app = await createTestApp();
  heron = await addPhoto(await app.admin(), { title: 'Heron at Dawn' });
});
afterAll(() => app?.close());

/** The served address of a source module's chunk (the SSR manifest names those shared with the app). */
const fileIn = (manifest: ViteManifest) => (source: string) => {
  expect(manifest[source], source).toBeDefined();
  return `/${manifest[source].file}`;
};

const preloadsOf = (page: string) => {
  const template = /<template id="app-modules">(.*?)<\/template>/s.exec(page);
  expect(template, 'the page has its app-modules template').not.toBeNull();
  return [...template![1].matchAll(/<link rel="modulepreload" href="([^"]+)" \/>/g)].map((m) => m[1]);
};

describe("a rendered page's modules", () => {
  it('lists an islands page its runtime and the one islands chunk (every island), each served, and none of the app', async () => {
    const fileOf = fileIn(readViteManifest(manifestFile));
    const c = app.client();
    const photo = preloadsOf(await (await c.get(`/photo/${heron.id}`, { accept: 'text/html' })).text());
    // one request after the paint instead of ~25 small ones (scripts/app-chunk.ts, islandsChunk)
    const islands = fileOf('src/islands/start-islands.tsx');
    expect(photo[0]).toBe(islands);
    for (const island of [
      'src/features/storefront/photo-purchase.tsx',
      'src/features/storefront/photo-media.tsx',
      'src/features/storefront/contact-form.tsx',
    ])
      expect(fileOf(island), island).toBe(islands);
    for (const appModule of ['src/lib/api.ts', 'src/boot.tsx', 'src/features/storefront/photo-page.tsx'])
      expect(photo).not.toContain(fileOf(appModule));
    expect(new Set(photo).size).toBe(photo.length);
    for (const href of photo) {
      const res = await c.get(href);
      expect(res.status, href).toBe(200);
      expect(res.headers.get('content-type')).toContain('javascript');
    }
    const contact = preloadsOf(await (await c.get('/contact', { accept: 'text/html' })).text());
    expect(contact).toEqual(photo);
  });

  it("lists checkout React DOM, the app and its own chunk (not the admin's)", async () => {
    const fileOf = fileIn(readViteManifest(manifestFile));
    const checkout = preloadsOf(await (await app.client().get('/checkout', { accept: 'text/html' })).text());
    expect(checkout[0]).toBe(fileOf('src/lib/react-dom-client.ts'));
    expect(checkout).toContain(fileOf('src/lib/api.ts'));
    expect(checkout).toContain(fileOf('src/features/checkout/checkout-page.tsx'));
    expect(checkout).not.toContain(fileOf('src/features/admin/admin-routes.tsx'));
  });
});
